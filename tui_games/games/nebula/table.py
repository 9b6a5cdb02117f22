"""The Nebula table drawn from the view: the widgets, and each refresh of them.

``NebulaTable`` lays out your Galaxy, the Star Cluster board, the Values board, the
objective cards and the score pad, with your Observation Zone underneath, and fills them
in from the viewer's observation. What each part shows is worked out without Textual
(table_model.py, nebula_view.py, status_line.py); this class only hands the answers to
the widgets. It also keeps the choices not made yet (the star chosen for positioning,
whether Chaos is being chosen, the Galaxy pinned by g) and what a save keeps of them.
The keys that change them are the screen's (screen.py, ``NebulaScreen``).
"""

from __future__ import annotations

from typing import Any

from textual import events
from textual.app import ComposeResult
from textual.widgets import OptionList
from textual.widgets.option_list import Option

from tui_games.engine.core import GameState
from tui_games.games.nebula import status_line
from tui_games.games.nebula import table_model as model
from tui_games.games.nebula.clusters import StarClusters
from tui_games.games.nebula.galaxy import GalaxyBoard, cut_count
from tui_games.games.nebula.nebula_view import (
    cards_shown,
    constellation_values,
    pad_rows,
    time_plan,
    top_line,
)
from tui_games.games.nebula.objective_cards import ObjectiveCards
from tui_games.games.nebula.objectives import PERSONAL_DECK, personal_text
from tui_games.games.nebula.palette import TablePalette
from tui_games.games.nebula.pane_column import PaneColumn
from tui_games.games.nebula.reserve import StarRow
from tui_games.games.nebula.score_pad import ScorePad
from tui_games.games.nebula.state import (
    EMPTY,
    STAR_LETTERS,
    NebulaState,
    StepTime,
)
from tui_games.games.nebula.values_board import ValuesBoard
from tui_games.tui.screens.fields import ChoiceList
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.widgets.boxes import Column, Row
from tui_games.tui.widgets.cell_map import MapFrame
from tui_games.tui.widgets.line_widget import repaint_once
from tui_games.tui.widgets.text_lines import TextLines

# The session's ui_prefs keys: what a save keeps of the table.
PREF_CURSOR, PREF_STAR = model.PREF_CURSOR, model.PREF_STAR
PREF_NAMES, PREF_CHAOS = model.PREF_NAMES, model.PREF_CHAOS
LARGE = (110, 36)  # from this terminal size on, the large Galaxy and clusters
PANE_TITLES = {"clusters": "Clusters", "values": "Values", "cards": "Cards",
               "players": "Scores", "personal": "Choose"}


class NebulaTable(GameScreen):
    """The Nebula table's widgets and their refresh (the keys are NebulaScreen's)."""

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
        with TablePalette(id="neb-table"):  # every board's looks (palette.py)
            yield TextLines(id="neb-top")
            with Row(id="neb-main"):
                with Column(id="neb-left"):
                    # In a frame: a cursor key writes the cells it changed, each from
                    # its own edge, not their rows from the board's left (issue 17).
                    yield MapFrame(GalaxyBoard(id="neb-galaxy"), columns=cut_count(),
                                   id="neb-galaxy-frame")
                    yield StarRow(id="neb-reserve")
                    yield StarRow(id="neb-drawn")
                with PaneColumn(id="neb-side", titles=PANE_TITLES, extra=["personal"]):
                    yield StarClusters(id="neb-clusters", name="clusters")
                    yield ValuesBoard(id="neb-values", name="values", classes="neb-pane")
                    yield ObjectiveCards(id="neb-cards", name="cards", classes="neb-pane")
                    yield ScorePad(id="neb-players", name="players", classes="neb-pane")
                    yield ChoiceList(id="neb-personal", name="personal", classes="neb-pane")

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

    def refresh_view(self) -> None:
        """The table, the log and the status line: each widget lays its rows out once,
        however many of its reactives changed (``repaint_once``)."""
        with repaint_once():
            super().refresh_view()

    def refresh_table(self, view: GameState) -> None:
        """Update every widget from ``view``; each repaints only if its data changed."""
        assert isinstance(view, NebulaState)
        self._refreshing = True
        try:
            with repaint_once():
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
        values.show_values(view.values, model.value_places(view), blocked)
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

    def _natural_seat(self, view: NebulaState) -> int:
        pinned, self._pinned = self._pinned, None
        seat = self._shown_seat(view)
        self._pinned = pinned
        return seat

    # ---- the star to position ----------------------------------------------------------

    def _usable_stars(self, view: NebulaState) -> set[int]:
        """The reserve colours some legal action positions now (asked once per view)."""
        return self.remember("usable stars", lambda: model.usable_stars(self.legal()))

    def _choose_star(self, view: NebulaState) -> None:
        """Keep the chosen star while it is held; else the first one that can go somewhere."""
        star = model.chosen_star(view, self.viewer, self._star, self._usable_stars(view))
        if star != self._star:
            self._set_star(star)

    # ---- what to do now ----------------------------------------------------------------

    def status_text(self, view: GameState) -> str:
        """Whose turn it is and what the viewer can do now (see status_line.py)."""
        assert isinstance(view, NebulaState)
        mover = self.rules.to_move(view)
        clusters = self.clusters
        choices = status_line.Choices(self.viewer, self._returning, self._star,
                                      self._shown_seat(view), self._usable_stars(view))
        cursors = status_line.Cursors(self.galaxy.cursor, self.values.cursor,
                                      clusters.preview(), clusters.points_left)
        return status_line.status_text(
            view, mover, self.player_name(mover) if mover is not None else "", self.mine(),
            self.legal(), choices, cursors, self.why_not)

    def _sync_bindings(self) -> None:
        """Called after each refresh: the screen (screen.py) refreshes the Footer when a
        game key was switched on or off."""
