"""The Nebula screen: the keys of the Nebula table, and what each one plays.

At 80x24 the Galaxy stays on the left and the right pane shows one of Clusters, Values,
Cards or Scores (tab cycles; the pane a decision needs comes up by itself). From 110x36
the Galaxy is drawn large and the clusters stay in view above the other panes. The table
and its refresh are ``NebulaTable`` (table.py); which keys work in which phase is worked
out in table_model.py (no Textual there).

It never decides what is legal: each key looks for its action in GameScreen's ``legal()``
and otherwise lets ``why_not`` say why (the ``IllegalAction`` reason of trying it on a copy
of the view). Widgets keep what they show in reactives and repaint only when it changed,
so a key press redraws a widget or two, not the table.

Every decision of a turn is played as soon as it is made (each Time step is a
``StepTime``), so the game's action list is the whole truth: a save made mid-turn
resumes exactly. Taking a Time step back undoes it (nothing was revealed). What the table
keeps beside it is only where the cursors are, the star chosen for positioning, and
whether Chaos is being chosen - choices not yet made.
"""

from __future__ import annotations

from textual import events, on
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import OptionList

from tui_games.engine.core import Action
from tui_games.games.nebula import table_model as model
from tui_games.games.nebula.board import SPACES
from tui_games.games.nebula.clusters import StarClusters
from tui_games.games.nebula.nebula_view import time_plan
from tui_games.games.nebula.reserve import StarRow
from tui_games.games.nebula.state import (
    BLACK,
    EMPTY,
    AdvanceValue,
    FinishPositioning,
    KeepPersonal,
    KeepStar,
    PositionBlackStar,
    PositionStar,
    StepTime,
    TakeStars,
    TurnToChaos,
    star_name,
)
from tui_games.games.nebula.table import NebulaTable
from tui_games.tui.screens.game import GameScreen

# The session's ui_prefs keys that the keys change (the table keeps the others).
PREF_CURSOR, PREF_NAMES = model.PREF_CURSOR, model.PREF_NAMES


class NebulaScreen(NebulaTable, inherit_bindings=False):
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

    # ---- panes and focus ---------------------------------------------------------------

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

    # ---- keys --------------------------------------------------------------------------

    def check_table_action(self, action: str,
                           parameters: tuple[object, ...]) -> bool | None:
        """Show a game key in the Footer in the phases it belongs to: working, or
        dimmed while the rules refuse it (see ``key_gates``)."""
        if action not in model.GATED:
            return True
        # Once per observation: the footer asks for every binding after each key.
        return self.remember(("gates", self._returning), self._key_gates)[action]

    def _key_gates(self) -> dict[str, bool | None]:
        legal = self.legal()
        return model.key_gates(
            self._phase(self._state()), self._returning,
            can_take=any(isinstance(a, TakeStars) for a in legal),
            can_chaos=any(isinstance(a, TurnToChaos) for a in legal))

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
