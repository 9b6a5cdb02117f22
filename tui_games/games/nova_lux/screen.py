"""The Nova Lux table: the 7x7 map on the left; on the right what is under the cursor,
your mat (five tracks, factions, engine), the other players in short, and what you can do.

Play is by keyboard: move the cursor over the map (arrows), Tab jumps to the next cell
where you can act, Enter lists the actions there (with those that need no place: engine,
abilities) and Enter again plays the highlighted one. While the cursor is on a cell the
Ark can move to, the path is drawn on the map and its hydrogen cost named under it.
Trades are composed in a small dialog; an offer to you is answered in another.

The screen never decides what is legal: the list holds exactly the rules' legal actions,
and a refused choice is explained with the rules' own reason. Its words are made without
the UI: the list's in entries.py, the top and status lines' in turn_lines.py, the map's
and the side panel's in view.py.
"""

from __future__ import annotations

from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from tui_games.engine.core import Action, GameState
from tui_games.games.nova_lux import turn_lines
from tui_games.games.nova_lux.board import CELL_NAMES
from tui_games.games.nova_lux.cards import RESOURCES
from tui_games.games.nova_lux.details import DetailsScreen
from tui_games.games.nova_lux.entries import (
    Entry,
    action_cell,
    entries_at,
    entry_of,
    entry_text,
    next_spot,
)
from tui_games.games.nova_lux.list_focus import ListFocus
from tui_games.games.nova_lux.map_cursor import CursorPlan
from tui_games.games.nova_lux.nobody_wins import NobodyWinsScreen
from tui_games.games.nova_lux.resource_tracker import ResourceTracks
from tui_games.games.nova_lux.space_grid import SpaceGrid
from tui_games.games.nova_lux.state import NovaLuxState, Pass
from tui_games.games.nova_lux.trade_dialogs import TradeDialogs
from tui_games.games.nova_lux.view import (
    COMPACT_LEGEND,
    LARGE_LEGEND,
    RESOURCE_STYLES,
    cell_line,
    details,
    flight,
    flights,
    map_cells,
    map_rulers,
    mat_text,
    resource_label,
)
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.hint import hints_line
from tui_games.tui.widgets.action_list import ActionList
from tui_games.tui.widgets.boxes import Column, Row
from tui_games.tui.widgets.cell_map import MapFrame
from tui_games.tui.widgets.line_widget import repaint_once
from tui_games.tui.widgets.text_lines import TextLines

LARGE = (110, 36)  # from this terminal size on, three-line cells with their names
PREF_CURSOR = "map_cursor"  # the session's ui_prefs key: the map cursor survives a save


class NovaLuxScreen(ListFocus, TradeDialogs, GameScreen, inherit_bindings=False):
    """Nova Lux against bots or hot-seat, all by keyboard (see the Footer). Two parts
    have a module of their own: which of the map and the list has the keys, with the
    list's highlight (list_focus.py), and the trade dialogs (trade_dialogs.py)."""

    LARGE_AT = LARGE

    BINDINGS = [
        Binding("p", "pass_offer", "Pass"),
        Binding("i", "details", "In words"),
        Binding("tab", "next_spot", "Next", key_display="⇥"),
        Binding("escape", "back", "Back"),
        *[b for b in GameScreen.BINDINGS if b.action != "menu"],
        *Screen.BINDINGS,
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._entries: list[Entry] = []
        self._texts: dict[str, str] = {}
        self._decision: tuple[Any, ...] | None = None
        self._asked: tuple[Any, ...] | None = None
        self._composing = False  # the offer dialog is open
        self._list_keys = False  # the action list has the keys (else the map)
        self._hint_moved_focus = False  # a hint moved the focus: its line stays
        # The map cursor as saved (turn, cell): put back if the game resumes in that turn.
        saved = self.saved_numbers(PREF_CURSOR, 2)
        self._cursor_plan = CursorPlan((saved[0], saved[1]) if saved is not None else None)
        self._listed: tuple[object, ...] | None = None  # what the action list shows
        self._widgets: dict[str, Any] = {}
        self._placing_cursor = False  # refresh_table moves the cursor: no watcher's work
        self._held: int | None = None  # the list's highlight while the map has the keys

    # ---- layout ------------------------------------------------------------------------

    def compose_table(self) -> ComposeResult:
        """Top line; the map on the left; cell, mat, others and actions on the right.

        The mat is a box of its own: Textual repaints every widget whose box overlaps a
        change, and a cursor key changes the cell line and the list, never the mat."""
        with Column(id="nl-table"):
            with Column(id="nl-head"):  # out of the way of the repaints below it
                yield TextLines(id="nl-top")
            with Row(id="nl-main"):
                yield MapFrame(SpaceGrid(7, id="nl-map"))
                with Column(id="nl-side"):
                    yield TextLines(id="nl-cell")
                    with Column(id="nl-mat"):
                        yield ResourceTracks(
                            [resource_label(r) for r in range(RESOURCES)],
                            RESOURCE_STYLES,
                            label_width=10,
                            id="nl-tracks",
                        )
                        yield TextLines(id="nl-factions")
                        yield TextLines(id="nl-engine")
                        yield TextLines(id="nl-others")
                    yield ActionList(id="nl-actions")

    def on_mount(self) -> None:
        """The size's layout; the map takes the keys."""
        if self.closed:
            return  # left before it was built: no widgets to set up
        self.fit_table(self.app.size.width, self.app.size.height)
        self.grid.set_rulers(*map_rulers())
        self.grid.focus()
        # A watcher, not a message: the list and the caption change in the cursor's own
        # call, drawn in its frame, with no message hopping up to the screen.
        self.watch(self.grid, "cursor", self._moved, init=False)

    def _widget(self, widget_id: str) -> Any:
        """The table's widget ``widget_id``, looked up once (a query on every key costs)."""
        widget = self._widgets.get(widget_id)
        if widget is None:
            widget = self._widgets[widget_id] = self.query_one(f"#{widget_id}")
        return widget

    @property
    def grid(self) -> SpaceGrid:
        """The map widget."""
        grid: SpaceGrid = self._widget("nl-map")
        return grid

    @property
    def action_list(self) -> ActionList:
        """What can be done at the cursor's cell (and anywhere)."""
        listing: ActionList = self._widget("nl-actions")
        return listing

    def _text(self, widget_id: str, text: str) -> None:
        """Show ``text`` in a line widget: it repaints only the lines that changed, and
        asks for a layout pass only when their number changes."""
        if self._texts.get(widget_id) != text:
            self._texts[widget_id] = text
            lines: TextLines = self._widget(widget_id)
            lines.show(text)

    def _nova_view(self) -> NovaLuxState:
        view = self.view()
        assert isinstance(view, NovaLuxState)
        return view

    # ---- whose decision, and what is offered -------------------------------------------

    def _paths(self) -> dict[int, tuple[int, int]]:
        """The viewer's cheapest flight to each cell, on their turn (once per view)."""

        def paths() -> dict[int, tuple[int, int]]:
            view = self._nova_view()
            return flights(view, self.rules.to_move(view), self.viewer)

        return self.remember("paths", paths)

    def _map_cells(self) -> list[Any]:
        """The map's cells for the view at the current size (once per view and size)."""
        large = self.large
        return self.remember(("cells", large), lambda: map_cells(self._nova_view(), large))

    def _at(self, view: NovaLuxState, a: Action) -> int | None:
        """The cell an action of the viewer's is about, or None for one that needs no place."""
        return action_cell(view, self.viewer, a)

    # ---- refreshing from the view ------------------------------------------------------

    def refresh_table(self, view: GameState) -> None:
        """Update every widget from ``view``; each repaints only if its data changed."""
        assert isinstance(view, NovaLuxState)
        mover = self.rules.to_move(view)
        decision = (view.turn, view.phase, mover, len(self.session.actions))
        new_decision = decision != self._decision
        self._decision = decision
        if new_decision:
            self.refresh_bindings()  # the Pass key comes and goes with the offer
        self._refresh_top(view, mover)
        self._refresh_mat(view)
        # The cursor first, its watcher quiet: the list and the map are shown once, for
        # where the cursor ends up (not for where it was, then again).
        cursor = self.grid.cursor
        self._placing_cursor = True
        try:
            self._place_cursor(view, new_decision)
        finally:
            self._placing_cursor = False
        moved = self.grid.cursor != cursor
        self._refresh_actions(view, reset=new_decision or moved)
        self._refresh_map(view)
        if new_decision and self.mine() and view.phase in ("draft", "store", "plunder", "react"):
            self._focus(self.action_list)
        elif new_decision and self.action_list.has_focus and not self._entries:
            self._focus(self.grid)
        if view.phase == "answer" and self.mine() and self._asked != decision:
            self._asked = decision
            self._ask_trade(view)
        if view.phase == "compose" and self.mine() and not self._composing:
            self._compose_offer(view)

    def _place_cursor(self, view: NovaLuxState, new_decision: bool) -> None:
        """Where a view puts the map's cursor (map_cursor.py)."""
        grid = self.grid
        cell = self._cursor_plan.place(view, self.viewer, self.mine(), new_decision, grid.cursor)
        if cell != grid.cursor:
            grid.move_to(cell)

    def _refresh_top(self, view: NovaLuxState, mover: int | None) -> None:
        width = self.app.size.width - 2  # the line's padding
        self._text("nl-top", turn_lines.top_line(view, mover, self.viewer, self.seat_names, width))

    def _side_width(self) -> int:
        width: int = self._widget("nl-side").size.width
        if width:
            return width
        rulers = 2  # the row numbers and a space before the first cells
        map_width = (7 * 7 + 2 if self.large else 7 * 5 + 1) + rulers
        return max(30, self.app.size.width - map_width)

    def _refresh_mat(self, view: NovaLuxState) -> None:
        me = self.viewer
        tracks: ResourceTracks = self._widget("nl-tracks")
        tracks.set_values(view.res[me])
        mat = mat_text(view, me, self.seat_names, self._side_width())
        self._text("nl-factions", mat.factions)
        self._text("nl-engine", mat.engine)
        self._text("nl-others", mat.others)  # none in solo: no lines, no height

    def _refresh_actions(self, view: NovaLuxState, reset: bool) -> None:
        """List the entries at the cursor; ``reset`` highlights the first. The options are
        replaced only when their texts change (moving between two cells with the same
        entries, or back to the same decision, keeps the list as it is)."""
        entries = entries_at(view, self.viewer, self.legal(), self.grid.cursor)
        listing = self.action_list
        highlighted = listing.highlighted
        if entries != self._entries or reset:
            self._entries = entries
            names = self.seat_names
            texts = tuple(entry_text(view, e, names) for e in entries)
            if texts != self._listed:
                self._listed = texts
                listing.show_texts(texts)
        if entries:
            self._follow_keys(len(entries), reset, highlighted)

    def _refresh_map(self, view: NovaLuxState) -> None:
        cell = self.grid.cursor
        marked, caption = flight(view, self.viewer, self._paths(), cell)
        legend = LARGE_LEGEND if self.large else COMPACT_LEGEND
        self.grid.show(self._map_cells(), marked=marked, caption=caption, legend=legend)
        self._text("nl-cell", cell_line(view, cell, self.seat_names, self._side_width()))

    def status_text(self, view: GameState) -> str:
        """Whose turn it is and what the viewer can do now (at most two lines)."""
        assert isinstance(view, NovaLuxState)
        mover = self.rules.to_move(view)
        return turn_lines.status_text(
            view, mover, mover is not None and self.mine(), self.seat_names, self._list_keys
        )

    # ---- keys --------------------------------------------------------------------------

    def _moved(self) -> None:
        """The cursor moved: the list and the caption follow it (unless refresh_table
        moved it: it shows them itself, once)."""
        if self._placing_cursor:
            return
        view = self._nova_view()
        self._refresh_actions(view, reset=True)
        self._refresh_map(view)

    def keep_view(self) -> None:
        """A save keeps the map's cursor, with the turn it belongs to."""
        self.session.ui_prefs[PREF_CURSOR] = f"{self._nova_view().turn}:{self.grid.cursor}"

    @on(SpaceGrid.Chosen)
    def _chosen(self, event: SpaceGrid.Chosen) -> None:
        view = self._nova_view()
        if not self.mine():
            mover = self.rules.to_move(view)
            self.show_status(
                "The game is over."
                if mover is None
                else f"Wait: it is Seat {mover + 1}'s decision.",
                error=True,
            )
            return
        if not self._entries:
            self.show_status(
                f"Nothing to do at {CELL_NAMES[self.grid.cursor]}: Tab finds a "
                "place where you can act.",
                error=True,
            )
            return
        self._focus(self.action_list)
        self._safest()

    @on(ActionList.Selected, "#nl-actions")
    def _selected(self, event: ActionList.Selected) -> None:
        if event.index >= len(self._entries):
            return
        entry = self._entries[event.index]
        if isinstance(entry, tuple):
            self._compose_exchange(*entry)
            return
        # Each line widget the play changes (the top line, the map, the cell, the log,
        # the status line...) lays its rows out and compares them once, at the end: the
        # map is shown, then the cursor moved, then the focus, each a refresh.
        with repaint_once():
            self._play_and_return(entry)

    def _play_and_return(self, action: Action) -> None:
        if self.play(action):
            view = self._nova_view()
            if not (self.mine() and view.phase in ("draft", "store", "plunder", "react")):
                self._focus(self.grid, now=True)

    def action_next_spot(self) -> None:
        """Move the cursor to the next cell (in reading order) where the player can act."""
        spot = next_spot(self._nova_view(), self.viewer, self.legal(), self.grid.cursor)
        if spot is None:
            self.show_status(
                "No place on the map to act now: see the list on the right.", error=True
            )
            if self._entries:
                self._focus(self.action_list)
            return
        self._focus(self.grid)
        self.grid.move_to(spot)

    def mark_hint(self, action: Action) -> None:
        """The cursor goes to the hinted action's cell and the list highlights it (Enter
        plays it; a trade's entry opens its dialog)."""
        view = self._nova_view()
        at = self._at(view, action)
        if at is not None and at != self.grid.cursor:
            self.grid.move_to(at)
        entry = entry_of(action)
        if entry in self._entries:
            # the focus moves after the hint's line is shown: that line must stay
            self._hint_moved_focus = self.focused is not self.action_list
            self._focus(self.action_list)
            self.action_list.highlighted = self._entries.index(entry)

    def _show_game_over(self) -> None:
        """The shared game-over screen; without a winner, one whose headline says so
        (the shared headline names the winners and has none to name)."""
        outcome = self._outcome
        if outcome is not None and not outcome.winners and not self.closed:
            hints = hints_line(self.session.hints_used, self.seat_names, self.humans)
            self.app.push_screen(
                NobodyWinsScreen(outcome, self.session.seats, self.info.title, hints=hints,
                                 answers=self.game_over_answers(),
                                 viewer=self.result_viewer()),
                self._after_game_over,
            )
            return
        super()._show_game_over()

    def action_back(self) -> None:
        """From the list back to the map; from the map back to the menu."""
        if self.action_list.has_focus:
            with repaint_once():  # the map's refresh and the focus's: one comparison
                self._focus(self.grid)  # the list's highlight goes with the keys
            return
        self.action_menu()

    def action_details(self) -> None:
        """The side panel's lines in full (the 80x24 panel ends long ones with "…")."""
        text = details(self._nova_view(), self.viewer, self.grid.cursor, self.seat_names)
        self.app.push_screen(DetailsScreen(self.name_seats(text)))

    def action_pass_offer(self) -> None:
        """Pass on the ability offered at the end of another player's turn."""
        self._play_and_return(Pass())

    def check_table_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The Pass key shows (and works) only while an ability offer waits for you."""
        if action == "pass_offer":
            return Pass() in self.legal()
        return True
