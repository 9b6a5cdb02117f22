"""The Nebula table: your Galaxy, the Star Cluster board, the Values board, the objective
cards and the score pad, with your Observation Zone underneath.

At 80x24 the Galaxy stays on the left and the right pane shows one of Clusters, Values,
Cards or Scores (tab cycles; the pane a decision needs comes up by itself). From 110x36
the Galaxy is drawn large and the clusters stay in view above the other panes.

What each part of the table shows and which keys work is worked out in table_model.py
(no Textual there); this screen draws its answers into the widgets. It never decides what
is legal: each key looks for its action in GameScreen's ``legal()`` and otherwise lets
``why_not`` say why (the ``IllegalAction`` reason of trying it on a copy of the view).
Widgets keep what they show in reactives and repaint only when it changed, so a key
press redraws a widget or two, not the table.

Every decision of a turn is played as soon as it is made (each Time step is a
``StepTime``), so the game's action list is the whole truth: a save made mid-turn
resumes exactly. Taking a Time step back undoes it (nothing was revealed). What stays in
the screen is only where the cursors are, the star chosen for positioning, and whether
Chaos is being chosen - choices not yet made.
"""

from __future__ import annotations

from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tui_games.engine.core import Action, GameState
from tui_games.games.nebula import placement
from tui_games.games.nebula import table_model as model
from tui_games.games.nebula.board import SPACES
from tui_games.games.nebula.clusters import StarClusters
from tui_games.games.nebula.galaxy import GalaxyBoard
from tui_games.games.nebula.nebula_view import (
    cards_shown,
    constellation_values,
    pad_rows,
    place_status,
    rival_status,
    sentence,
    time_plan,
    time_status,
    top_line,
    value_places,
    value_status,
)
from tui_games.games.nebula.objective_cards import ObjectiveCards
from tui_games.games.nebula.objectives import PERSONAL_DECK, personal_text
from tui_games.games.nebula.pane_column import PaneColumn
from tui_games.games.nebula.reserve import StarRow
from tui_games.games.nebula.score_pad import ScorePad
from tui_games.games.nebula.state import (
    BLACK,
    EMPTY,
    STAR_LETTERS,
    AdvanceValue,
    FinishPositioning,
    KeepPersonal,
    KeepStar,
    NebulaState,
    PositionBlackStar,
    PositionStar,
    StepTime,
    TakeStars,
    TurnToChaos,
    star_name,
)
from tui_games.games.nebula.values_board import ValuesBoard, token_label
from tui_games.screens.fields import ChoiceList
from tui_games.screens.game import GameScreen
from tui_games.widgets.boxes import Column, Row
from tui_games.widgets.text_lines import TextLines

# The session's ui_prefs keys: what a save keeps of the screen.
PREF_CURSOR, PREF_STAR = model.PREF_CURSOR, model.PREF_STAR
PREF_NAMES, PREF_CHAOS = model.PREF_NAMES, model.PREF_CHAOS
LARGE = (110, 36)  # from this terminal size on, the large Galaxy and clusters
PANE_TITLES = {"clusters": "Clusters", "values": "Values", "cards": "Cards",
               "players": "Scores", "personal": "Choose"}


class NebulaScreen(GameScreen, inherit_bindings=False):
    """Nebula against bots or hot-seat, all by keyboard (see the Footer)."""

    # Several actions share Enter: each is enabled only in its phase (check_table_action), so
    # the Footer names what Enter does now.
    BINDINGS = [
        Binding("enter", "take", "Take", key_display="⏎"),
        Binding("enter", "return_star", "Return it", key_display="⏎"),
        Binding("enter", "keep", "Keep", key_display="⏎"),
        Binding("enter", "place", "Place", key_display="⏎"),
        Binding("enter", "advance", "Advance", key_display="⏎"),
        Binding("space", "next_star", "Star", key_display="␣"),
        Binding("c", "chaos", "Chaos"),
        Binding("f", "finish", "Done"),
        Binding("escape", "cancel", "Cancel"),
        # The pane tabs show ⇥ themselves; the Footer's room goes to the game's keys.
        Binding("tab", "next_pane", "Pane", key_display="⇥", show=False),
        Binding("g", "next_galaxy", "Galaxy"),
        Binding("n", "names", "Names"),
        *GameScreen.BINDINGS,
        *Screen.BINDINGS,
    ]


    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._decision: tuple[int, str, int | None, int] | None = None
        self._returning = False        # choosing the star to give back for Chaos
        self._star: int | None = None  # the reserve star chosen for placing
        self._pinned: int | None = None  # the Galaxy shown by g, else the natural one
        self._personal_offer: list[int] = []
        self._pin_key: tuple[int, bool] | None = None
        self._gates: tuple[bool | None, ...] = ()
        self._placed_key: tuple[int, int] | None = None
        self._confirm: tuple[int, int, int] | None = None  # (actions, star, space) armed
        self._kept_cursor = False  # a saved cursor was restored: keep it on the first show
        self._resume_chaos = False  # the save was made while choosing the star for Chaos
        self._ring_turn: int | None = None  # the turn whose Time the rings were chosen for
        self._refreshing = False  # inside refresh_table: the caller shows the status after

    # ---- layout ------------------------------------------------------------------------

    def compose_table(self) -> ComposeResult:
        """Top line; Galaxy and reserve on the left, the panes on the right."""
        with Column(id="neb-table"):
            yield TextLines(id="neb-top")
            with Row(id="neb-main"):
                with Column(id="neb-left"):
                    yield GalaxyBoard(id="neb-galaxy")
                    yield StarRow(id="neb-reserve")
                    yield StarRow(id="neb-drawn")
                with PaneColumn(id="neb-side", titles=PANE_TITLES, extra=["personal"]):
                    yield StarClusters(id="neb-clusters", name="clusters")
                    yield ValuesBoard(id="neb-values", name="values", classes="neb-pane")
                    yield ObjectiveCards(id="neb-cards", name="cards", classes="neb-pane")
                    yield ScorePad(id="neb-players", name="players", classes="neb-pane")
                    yield ChoiceList(id="neb-personal", name="personal", classes="neb-pane")

    def on_mount(self) -> None:
        """The size's layout, the view a save kept; then the base shows all (this handler
        runs before the base's)."""
        if self.closed:
            return  # left before it was built: no widgets to set up
        self.query_one("#neb-drawn", StarRow).display = False
        self._apply_size(self.app.size.width, self.app.size.height)
        self._restore_view_prefs()
        # A watcher, not a message: the status line changes in the frame the cursor does.
        self.watch(self.galaxy, "cursor", self._cursor_moved, init=False)
        self.watch(self.reserve, "cursor", self._reserve_moved, init=False)
        self.watch(self.values, "cursor", self._token_moved, init=False)

    # ---- what the save keeps of the screen: the choices not made yet --------------------

    def _remember(self, key: str, value: str) -> None:
        """Keep a view preference in the session (saved with the game, never replayed)."""
        if not self.reviewing:
            self.session.ui_prefs[key] = value

    def _restore_view_prefs(self) -> None:
        """The Galaxy cursor, the names overlay and the star chosen, as they were saved."""
        saved = model.saved_view(self.session.ui_prefs)
        if saved.cursor is not None:
            self.galaxy.cursor = saved.cursor
            self._kept_cursor = True
        self.galaxy.names = saved.names
        self._resume_chaos = saved.chaos
        if saved.star is not None:
            self._star = saved.star

    def _set_returning(self, returning: bool) -> None:
        self._returning = returning
        self._remember(PREF_CHAOS, "on" if returning else "off")

    def _set_star(self, star: int | None) -> None:
        self._star = star
        if star is not None:
            self._remember(PREF_STAR, STAR_LETTERS[star])

    def on_resize(self, event: events.Resize) -> None:
        """Switch between the compact and the large table."""
        if not self.closed:  # a table closed before it was built has no widgets
            self._apply_size(event.size.width, event.size.height)

    def _apply_size(self, width: int, height: int) -> None:
        large = width >= LARGE[0] and height >= LARGE[1]
        self.set_class(large, "-large")
        for widget in (self.galaxy, self.clusters, self.values, self.cards):
            widget.large = large
        self.side.keep_first = large

    @property
    def galaxy(self) -> GalaxyBoard:
        """The Galaxy board widget."""
        return self.query_one("#neb-galaxy", GalaxyBoard)

    @property
    def clusters(self) -> StarClusters:
        """The Star Cluster board widget."""
        return self.query_one("#neb-clusters", StarClusters)

    @property
    def values(self) -> ValuesBoard:
        """The Values board widget."""
        return self.query_one("#neb-values", ValuesBoard)

    @property
    def cards(self) -> ObjectiveCards:
        """The objective cards widget."""
        return self.query_one("#neb-cards", ObjectiveCards)

    @property
    def reserve(self) -> StarRow:
        """The Observation Zone shown under the Galaxy."""
        return self.query_one("#neb-reserve", StarRow)

    @property
    def pane(self) -> str:
        """The pane shown on the right: clusters, values, cards, players or personal."""
        return self.side.pane

    @property
    def side(self) -> PaneColumn:
        """The column of panes on the right."""
        return self.query_one("#neb-side", PaneColumn)

    def player_name(self, seat: int) -> str:
        """A seat's player name."""
        return self.session.seats[seat].name

    def _state(self) -> NebulaState:
        view = self.view()
        assert isinstance(view, NebulaState)
        return view


    # ---- whose decision ----------------------------------------------------------------

    def _phase(self, view: NebulaState) -> str | None:
        """The viewer's phase when the decision is theirs, else None."""
        return model.decision_phase(view, self.mine())

    # ---- refreshing from the view ------------------------------------------------------

    def refresh_table(self, view: GameState) -> None:
        """Update every widget from ``view``; each repaints only if its data changed."""
        assert isinstance(view, NebulaState)
        self._refreshing = True
        try:
            self._refresh_table(view)
        finally:
            self._refreshing = False

    def _refresh_table(self, view: NebulaState) -> None:
        mover = self.rules.to_move(view)
        decision = (view.turn, view.phase, mover, self.viewer)
        new_decision = decision != self._decision
        self._decision = decision
        if new_decision:  # a save made while choosing the star for Chaos resumes there
            self._set_returning(self._resume_chaos and self._phase(view) == "collect")
            self._resume_chaos = False
        pin_key = (view.turn, self.mine())
        if pin_key != self._pin_key:  # a new turn, or the decision came to the viewer
            self._pin_key = pin_key
            self._pinned = None
        phase = self._phase(view)
        self._refresh_top(view, mover)
        self._refresh_clusters(view, phase)
        if phase == "place":
            self._choose_star(view)
        self._refresh_galaxy(view)
        self._refresh_rows(view, phase)
        self._refresh_values(view, phase)
        self._refresh_cards_and_pad(view)
        self._refresh_personal(view, phase)
        if new_decision:
            wanted = model.pane_for(phase)
            side = self.side
            side.skip = set() if view.values else {"values"}
            if wanted == "personal" or wanted in side.cycle:
                side.pane = wanted
            elif side.pane == "personal" or side.pane in side.skip:
                side.pane = side.cycle[0]
            side.settle()
            self._focus_for(phase)
            last = self.session.actions[-1] if self.session.actions else None
            if phase == "time" and isinstance(last, StepTime):  # e.g. a save resumed
                self.clusters.selected = last.cluster
            elif phase == "collect" and view.turn != self._ring_turn:
                self.clusters.selected = 0  # each turn starts on the top ring
            if phase in ("collect", "time"):
                self._ring_turn = view.turn
        placed_key = (view.turn, len(view.placed))
        moved_on = new_decision or placed_key != self._placed_key
        if phase == "place" and moved_on and not self._kept_cursor:
            self._cursor_to_free_space(view)
        self._kept_cursor = False
        self._placed_key = placed_key
        self._sync_bindings()

    def _cursor_to_free_space(self, view: NebulaState) -> None:
        """Put the cursor on the nearest free legal space for the chosen star; failing
        that on a legal one holding no star placed this turn (so Enter pressed twice
        never replaces the star just placed)."""
        legal = self.galaxy.legal
        stars = view.galaxies[self.viewer]
        free = [sp for sp in legal if stars[sp] == EMPTY]
        placed = self._spaces_placed_this_turn()
        self.galaxy.jump_to_nearest(free or [sp for sp in legal if sp not in placed])

    def _spaces_placed_this_turn(self) -> set[int]:
        """The Galaxy spaces the current turn's positioning has filled so far."""
        return model.spaces_placed_this_turn(self.session.actions)

    def _refresh_top(self, view: NebulaState, mover: int | None) -> None:
        who = model.top_who(view, mover, self.mine(),
                            self.player_name(mover) if mover is not None else "")
        # A line of its own: a new text repaints it alone (its height is fixed).
        self.query_one("#neb-top", TextLines).show(top_line(view, who))

    def _refresh_clusters(self, view: NebulaState, phase: str | None) -> None:
        clusters = self.clusters
        plan = time_plan(view)
        # The markers are drawn where they began the turn, the steps taken as the plan.
        clusters.show_board(view.clusters, view.moons, view.moons,
                            view.time_left + sum(abs(steps) for steps in plan),
                            view.boosted, view.indicator, sum(view.bag), plan)
        clusters.planning = phase in ("collect", "time") and not self._returning

    def _shown_seat(self, view: NebulaState) -> int:
        """The Galaxy on view: pinned by g, else the viewer's, or the mover's on their turn."""
        return model.shown_seat(view, self.rules.to_move(view), self.mine(), self.viewer,
                                self._pinned)

    def _refresh_galaxy(self, view: NebulaState) -> None:
        seat = self._shown_seat(view)
        title = model.galaxy_title(seat, self.viewer, self.session.seats[seat].is_human,
                                   self.player_name(seat))
        placing = self._phase(view) == "place" and seat == self.viewer
        legal, black = model.galaxy_targets(self.legal(), self._star if placing else None)
        self.galaxy.show_galaxy(view.galaxies[seat], view.black_stars[seat], title,
                                legal=legal, black_target=black)

    def _refresh_rows(self, view: NebulaState, phase: str | None) -> None:
        seat = self._shown_seat(view)
        reserve = self.reserve
        row = model.reserve_row(view, seat, self.viewer, self.player_name(seat), phase,
                                self._returning, self._usable_stars(view))
        reserve.label = row.label
        reserve.set_stars(view.reserves[seat], row.dimmed)
        reserve.show_cursor = row.show_cursor
        if phase == "place" and self._star is not None:
            reserve.move_cursor_to(self._star)
        reserve.note = row.note
        drawn = self.query_one("#neb-drawn", StarRow)
        drawn.display = view.phase == "chaos"
        if view.phase == "chaos":
            drawn.label = "Chaos draw:"
            drawn.set_stars(view.drawn)
            drawn.show_cursor = phase == "chaos"
            drawn.note = f"keep {view.keep_left}" + (" ←→ ⏎" if phase == "chaos" else "")

    def _refresh_values(self, view: NebulaState, phase: str | None) -> None:
        values = self.values
        if not view.values:  # the introductory game has no Values board
            return
        blocked = model.blocked_values(view, self.legal(), phase)
        values.show_values(view.values, value_places(view), blocked)
        values.choosing = phase == "value"

    def _refresh_cards_and_pad(self, view: NebulaState) -> None:
        names = [self.player_name(seat) for seat in range(view.players)]
        self.cards.shown = cards_shown(view, self.viewer, names)
        rows, totals, note = pad_rows(view)
        self.query_one("#neb-players", ScorePad).show_pad(
            names, rows, totals, self.viewer, note, constellation_values(view))

    def _refresh_personal(self, view: NebulaState, phase: str | None) -> None:
        options = self.query_one("#neb-personal", OptionList)
        offer = model.personal_offer(self.legal(), phase)
        if offer != self._personal_offer:
            self._personal_offer = offer
            options.clear_options()
            options.add_options([Option(personal_text(PERSONAL_DECK[c])) for c in offer])
            if offer:
                options.highlighted = 0

    # ---- panes and focus ---------------------------------------------------------------

    def _focus_for(self, phase: str | None) -> None:
        """Focus the widget whose keys the viewer's decision needs."""
        target: Any = {
            "personal": lambda: self.query_one("#neb-personal", OptionList),
            "reserve": lambda: self.reserve, "clusters": lambda: self.clusters,
            "drawn": lambda: self.query_one("#neb-drawn", StarRow),
            "values": lambda: self.values, "galaxy": lambda: self.galaxy,
        }[model.focus_for(phase, self._returning)]()
        if not target.display:
            target = self.galaxy
        target.focus()

    def action_next_pane(self) -> None:
        """Show the next pane on the right."""
        if not self.query("#neb-side"):
            return  # a key that came before the table was built, or after it closed
        self.side.next_pane()
        self._focus_for(self._phase(self._state()))

    def action_next_galaxy(self) -> None:
        """Show the next player's Galaxy and Observation Zone (round to the usual one)."""
        view = self._state()
        following = (self._shown_seat(view) + 1) % view.players
        self._pinned = None if following == self._natural_seat(view) else following
        self.refresh_table(view)
        title = self.galaxy.title
        shown = "your Galaxy" if title == "Your Galaxy" else title
        self.show_status(f"Showing {shown}; g shows the next one.")

    def _natural_seat(self, view: NebulaState) -> int:
        pinned, self._pinned = self._pinned, None
        seat = self._shown_seat(view)
        self._pinned = pinned
        return seat

    # ---- what to do now ----------------------------------------------------------------

    def status_text(self, view: GameState) -> str:
        """Whose turn it is and what the viewer can do now (two lines at most at 80x24)."""
        assert isinstance(view, NebulaState)
        mover = self.rules.to_move(view)
        if mover is None:
            return "The game is over: the Scores pane (⇥) shows the final score pad."
        if not self.mine():
            return rival_status(self.player_name(mover), view.phase)
        phase = view.phase
        if phase == "personal":
            return ("Keep one Personal objective (secret, 14 VP at the end if it holds): ↑↓ "
                    "then Enter.")
        if phase in ("collect", "time"):
            if self._returning:
                return ("Turn to Chaos: choose the star to give back (←→) and press Enter; "
                        "then keep 2 of the 5 drawn. Esc cancels.")
            legal = self.legal()
            return time_status(self.clusters.preview(), self.clusters.points_left,
                               can_take=any(isinstance(a, TakeStars) for a in legal),
                               chaos_open=any(isinstance(a, TurnToChaos) for a in legal))
        if phase == "chaos":
            return (f"Keep {view.keep_left} of the drawn stars: ←→ choose, Enter keeps. "
                    "The others go back to the box.")
        if phase == "value":
            token = self.values.cursor
            return value_status(token_label(token), view.values[token],
                                value_places(view).get(token))
        if phase == "place":
            return self._place_text(view)
        return ""

    def _place_text(self, view: NebulaState) -> str:
        star = self._star
        boosted = STAR_LETTERS[view.boosted]
        placed = len(view.placed)
        if star is None:
            return f"Your reserve is empty ({placed} placed this turn): f finishes the turn."
        if self._shown_seat(view) != self.viewer:
            return place_status("Enter (or g) shows your Galaxy again.", placed, boosted)
        if not self._usable_stars(view):
            return (f"No more stars can be positioned this turn ({placed} placed; boosted "
                    f"{boosted}): f finishes the turn.")
        letter = STAR_LETTERS[star]
        if star == BLACK:
            action: Action = PositionBlackStar()
            where, held = "the Black Star Zone", EMPTY
            reason = "" if action in self.legal() else self.why_not(action)
        else:
            space = self.galaxy.cursor
            where, held = SPACES[space], view.galaxies[self.viewer][space]
            reason = placement.refusal(view, star, space)  # the rules' reason, untried
            reason = sentence(reason) if reason else ""
        if reason:
            verdict = f"{letter} → {where}: {reason}"
        elif held != EMPTY:
            verdict = (f"{letter} → {where}, replacing your {STAR_LETTERS[held]} there: "
                       "Enter twice.")
        else:
            verdict = f"{letter} → {where}: Enter places it."
        return place_status(verdict, placed, boosted)

    # ---- keys --------------------------------------------------------------------------

    def check_table_action(self, action: str,
                           parameters: tuple[object, ...]) -> bool | None:
        """Show a game key in the Footer in the phases it belongs to: working, or
        dimmed while the rules refuse it (see ``key_gates``)."""
        if action not in model.GATED:
            return True
        legal = self.legal()
        return model.key_gates(
            self._phase(self._state()), self._returning,
            can_take=any(isinstance(a, TakeStars) for a in legal),
            can_chaos=any(isinstance(a, TurnToChaos) for a in legal))[action]

    def _sync_bindings(self) -> None:
        """Refresh the Footer only when a game key was switched on, dimmed or off (a
        dimmed key is None, a hidden one False: both are told apart). Not before the
        table is ready: every key is off then, and the Footer shows the keys of the
        first decision once it is."""
        if not self.ready:
            return
        gates = tuple(self.check_action(action, ()) for action in model.GATED)
        if gates != self._gates:
            self._gates = gates
            self.refresh_bindings()

    def on_key(self, event: events.Key) -> None:
        """c, f or Enter (take) when the rules refuse them now still get an answer: the
        footer dims them while the rules refuse them, and a key pressed anyway says
        why not."""
        probe = {"c": TurnToChaos(BLACK), "f": FinishPositioning(),
                 "enter": TakeStars()}.get(event.key)
        if probe is None:
            return
        action = {"c": "chaos", "f": "finish", "enter": "take"}[event.key]
        if action == "take" and (self._returning or self._phase(self._state())
                                 not in ("collect", "time")):
            return  # Enter does something else here (keep, place, advance...)
        if self.check_action(action, ()):
            return
        event.stop()
        view = self._state()
        if isinstance(probe, TurnToChaos):
            held = model.held_stars(view, self.viewer)
            probe = TurnToChaos(held[0] if held else BLACK)
        why = self.why_not(probe)
        if isinstance(probe, TurnToChaos) and self._phase(view) == "time":
            # steps are taken: say how to get back to Chaos
            why = f"{why[:-1]}: first take your steps back (←→ against each marker's way)."
        self.show_status(why, error=True)

    def action_take(self) -> None:
        """Take the stars in front of the Time markers (all 5 points spent)."""
        self.attempt(TakeStars())

    def action_chaos(self) -> None:
        """Turn to Chaos: first choose the star to give back."""
        view = self._state()
        if not any(isinstance(a, TurnToChaos) for a in self.legal()):
            self.show_status(self.why_not(TurnToChaos(BLACK)), error=True)
            return
        self._set_returning(True)
        self._pinned = None
        self.refresh_table(view)
        self.reserve.focus()
        self.show_status(self.status_text(view))

    def action_cancel(self) -> None:
        """Stop choosing a star for Chaos."""
        self._set_returning(False)
        view = self._state()
        self.refresh_table(view)
        self._focus_for(self._phase(view))
        self.show_status(self.status_text(view))

    def action_return_star(self) -> None:
        """Give back the chosen reserve star and draw 5."""
        star = self.reserve.cursor
        if star is not None and self.attempt(TurnToChaos(star)):
            self._set_returning(False)

    def action_keep(self) -> None:
        """Keep the chosen star of the Chaos draw."""
        star = self.query_one("#neb-drawn", StarRow).cursor
        if star is not None:
            self.attempt(KeepStar(star))

    def action_advance(self) -> None:
        """Advance the Value token under the cursor."""
        self.attempt(AdvanceValue(self.values.cursor))

    def action_finish(self) -> None:
        """Stop positioning: objectives, refill, next turn."""
        self.attempt(FinishPositioning())

    def action_next_star(self) -> None:
        """Choose the next star of the reserve to position."""
        view = self._state()
        star = model.next_star(view, self.viewer, self._star)
        if star is None:
            self.show_status("Your reserve is empty: f finishes the turn.", error=True)
            return
        self._set_star(star)
        self._refresh_galaxy(view)
        self.reserve.move_cursor_to(self._star)
        self.show_status(self.status_text(view))

    def action_place(self) -> None:
        """Position the chosen star on the space under the cursor (black: its zone)."""
        view = self._state()
        if self._shown_seat(view) != self.viewer:
            self._pinned = None
            self.refresh_table(view)
            self.show_status(f"Back to your Galaxy. {self.status_text(view)}")
            return
        if self._star is None:
            self.show_status("Your reserve is empty: f finishes the turn.", error=True)
            return
        if self._star == BLACK:
            self.attempt(PositionBlackStar())
            return
        space = self.galaxy.cursor
        action = PositionStar(self._star, space)
        held = view.galaxies[self.viewer][space]
        if held != EMPTY and action in self.legal():
            armed = (len(self.session.actions), self._star, space)
            if self._confirm != armed:  # replacing sends a star to the box: ask first
                self._confirm = armed
                self.show_status(f"{SPACES[space]} holds your {star_name(held)} star: Enter "
                                 "again replaces it (it goes back to the box).")
                return
        self._confirm = None
        self.attempt(action)

    def mark_hint(self, action: Action) -> None:
        """The hinted objective, marker, star, token or space is put under its cursor."""
        view = self._state()
        if isinstance(action, KeepPersonal) and action.card in self._personal_offer:
            options = self.query_one("#neb-personal", OptionList)
            options.highlighted = self._personal_offer.index(action.card)
        elif isinstance(action, StepTime):
            self.clusters.selected = action.cluster
        elif isinstance(action, KeepStar):
            self.query_one("#neb-drawn", StarRow).move_cursor_to(action.star)
        elif isinstance(action, AdvanceValue):
            self.values.move_cursor_to(action.token)
        elif isinstance(action, PositionStar | PositionBlackStar):
            star = action.star if isinstance(action, PositionStar) else BLACK
            self._pinned = None  # back to the viewer's own Galaxy
            self._set_star(star)
            self.refresh_table(view)
            self.reserve.move_cursor_to(star)
            if isinstance(action, PositionStar):
                self.galaxy.move_cursor_to(action.space)

    def action_names(self) -> None:
        """Show every space's name on the Galaxy, or the stars again."""
        galaxy = self.galaxy
        galaxy.names = not galaxy.names
        self._remember(PREF_NAMES, "on" if galaxy.names else "off")
        self.show_status("Every space shows its name; n shows the stars again."
                         if galaxy.names else self.status_text(self._state()))

    def _usable_stars(self, view: NebulaState) -> set[int]:
        """The reserve colours some legal action positions now (asked once per view)."""
        return self.remember("usable stars", lambda: model.usable_stars(self.legal()))

    def _choose_star(self, view: NebulaState) -> None:
        """Keep the chosen star while it is held; else the first one that can go somewhere."""
        star = model.chosen_star(view, self.viewer, self._star, self._usable_stars(view))
        if star != self._star:
            self._set_star(star)

    # ---- widget messages ---------------------------------------------------------------

    @on(StarClusters.StepWanted)
    def _step_wanted(self, event: StarClusters.StepWanted) -> None:
        """A step along the marker's way is played; one against it takes a step back."""
        view = self._state()
        if self._phase(view) not in ("collect", "time"):
            return
        taken = time_plan(view)[event.cluster]
        if taken and (taken > 0) != (event.step > 0) and not self.reviewing:
            if self.guide is not None and self.guide.active:  # a take back is an undo
                self.show_status(self.guide.NO_UNDO, error=True)
                return
            self._take_back_step(event.cluster)
        else:
            self.attempt(StepTime(event.cluster, event.step))

    def _take_back_step(self, cluster: int) -> None:
        """Take back the last step of ``cluster`` this turn (it costs nothing): undo back
        to it and play the later steps of the other markers again."""
        if not model.take_back_step(self.session, cluster):
            self.show_status("That step can no longer be taken back.", error=True)
            return
        self.refresh_view()

    def _cursor_moved(self, space: int) -> None:
        """The Galaxy cursor moved: name the space, or say what Enter would do there."""
        self._confirm = None
        self._remember(PREF_CURSOR, SPACES[space])
        if self._refreshing:
            return
        view = self._state()
        if self._phase(view) == "place":
            self.show_status(self.status_text(view))
            return
        seat = self._shown_seat(view)
        star = view.galaxies[seat][space]
        what = star_name(star) if star >= 0 else "empty"
        self.show_status(f"{SPACES[space]}: {what}.")

    def _reserve_moved(self, star: int | None) -> None:
        """A reserve colour chosen with ←→ becomes the star to position."""
        if self._refreshing:
            return  # refresh_table chooses the star and puts the cursor on it
        view = self._state()
        if self._phase(view) == "place" and star is not None and star != self._star:
            self._set_star(star)
            self._refresh_galaxy(view)
            self.show_status(self.status_text(view))

    def _token_moved(self) -> None:
        """Say what advancing the token under the cursor would do."""
        if self._refreshing:
            return
        view = self._state()
        if self._phase(view) == "value":
            self.show_status(self.status_text(view))

    @on(OptionList.OptionSelected, "#neb-personal")
    def _personal_chosen(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        if 0 <= event.option_index < len(self._personal_offer):
            self.attempt(KeepPersonal(self._personal_offer[event.option_index]))


