"""The Via Nebula table: the hex map on the left; on the right what can be done at the
hex under the cursor, the contracts on display and in hand, and every guild board.

Play is by keyboard: move the cursor over the map (arrows, y u b n), Tab jumps to the next
hex where the player can act (each is flagged ``▸`` on the map), Enter opens that hex's
actions in the list on the right, Enter again plays the highlighted one. The map's rulers
give each hex its name (column letter, row number), lit for the cursor's hex; the hexes an
action names are underlined. ``c`` shows every contract in full. While a transport is
highlighted its chain of empty meadows is drawn on the map (``*``), and ``o`` shows
another chain. During a contract's power the list holds the power's uses and gets the
focus by itself.

The screen never decides what is legal: the list holds exactly the rules' legal actions
for the hex, and a refused choice is explained with the rules' own reason.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from textual import events, on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from tui_games.engine.core import Action, GameState
from tui_games.engine.text import fit
from tui_games.games.via_nebula.board import (
    CELL,
    COLUMNS,
    INDEX_OF_CELL,
    MAP_HEIGHT,
    MAP_WIDTH,
    NAME,
)
from tui_games.games.via_nebula.contract_sheet import ContractSheet
from tui_games.games.via_nebula.hexmap import HexMap
from tui_games.games.via_nebula.network import chains
from tui_games.games.via_nebula.offers import (
    ChainChoice,
    action_hexes,
    by_hex,
    capitalised,
    chain_words,
    highlighted,
    list_title,
    named_hexes,
    next_spot,
    offered_here,
    preview,
)
from tui_games.games.via_nebula.side import ViaSide
from tui_games.games.via_nebula.state import Transport, ViaNebulaState
from tui_games.games.via_nebula.view import (
    COMPACT_LEGEND,
    LARGE_LEGEND,
    MapCellsMemo,
    caption,
    map_marks,
    status_words,
    top_line,
)
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.widgets.action_list import ActionList
from tui_games.tui.widgets.boxes import Column, Row
from tui_games.tui.widgets.cell_map import MapFrame
from tui_games.tui.widgets.line_widget import repaint_once
from tui_games.tui.widgets.text_lines import TextLines

LARGE = (110, 36)  # from this terminal size on, two-line hexes with their names
PREF_CURSOR = "map_cursor"  # the session's ui_prefs key: the map cursor survives a save

__all__ = ["LARGE", "ViaNebulaScreen", "action_hexes", "capitalised", "preview"]


class ViaNebulaScreen(GameScreen, inherit_bindings=False):
    """Via Nebula against bots or hot-seat, all by keyboard (see the Footer)."""

    LARGE_AT = LARGE
    BLANK = True  # the screen's own area is plain background (see widgets/boxes.py)

    BINDINGS = [
        Binding("tab", "next_spot", "Next", key_display="⇥"),
        Binding("o", "other_chain", "Other way"),
        Binding("c", "contracts", "Contracts"),
        Binding("escape", "back", "Back"),
        *[b for b in GameScreen.BINDINGS if b.action != "menu"],
        *Screen.BINDINGS,
    ]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._options: list[Action] = []
        self._chain = ChainChoice()  # the highlighted transport's chain on the map
        self._top = TextLines(id="via-top")
        self._hexmap = HexMap(MAP_HEIGHT, MAP_WIDTH, CELL, id="via-map")
        self._side = ViaSide()
        self._list_open = False
        self._decision: tuple[int, str, int | None, int] | None = None
        self._shown: ViaNebulaState | None = None  # the view the table shows
        # The map's cells for one view, size and chain (a cursor key reuses them); the legal
        # actions by hex and their texts are kept with the view (see GameScreen.remember).
        self._cells = MapCellsMemo()
        self._map_held = 0  # inside _one_map_refresh: the map waits for its end
        self._map_due: ViaNebulaState | None = None  # the view it is then shown from
        self._shown_before = False  # a view was shown before this one (not the first)
        self._side_due = False  # the contracts and boards wait for the frame after a play

    # ---- layout ------------------------------------------------------------------------

    def compose_table(self) -> ComposeResult:
        """Top line; the map on the left; actions, contracts and boards on the right."""
        # As few boxes as the layout needs, and blank ones (widgets/boxes.py): a cursor
        # key's key and repaint pass through each box around the map.
        with Column(id="via-top-box"):  # its own clip: a repaint below leaves it alone
            yield self._top
        with Row(id="via-main"):
            yield MapFrame(self._hexmap)
            yield self._side

    def on_mount(self) -> None:
        """The size's layout; then the base shows all."""
        if self.closed:
            return  # left before it was built: no widgets to set up
        self.fit_table(self.app.size.width, self.app.size.height)
        hexmap = self.hexmap
        hexmap.set_rulers(COLUMNS[:MAP_WIDTH], [str(row + 1) for row in range(MAP_HEIGHT)])
        self.give_keys(hexmap)  # now: a power shown next takes it for the list at once
        saved = self.saved_numbers(PREF_CURSOR, 2)
        if saved is not None:
            hexmap.move_to((saved[0], saved[1]))  # a resumed game: as saved
        # A watcher, not HexMap.Moved: the side and the caption change in the same frame
        # as the cursor (a message would arrive after the map's rows were painted).
        self.watch(hexmap, "cursor", self._cursor_moved, init=False)
        self.watch(self.action_list, "highlighted", self._highlighted, init=False)

    @property
    def hexmap(self) -> HexMap:
        """The map widget."""
        return self._hexmap

    @property
    def action_list(self) -> ActionList:
        """The list of what can be done at the cursor's hex."""
        return self._side.action_list

    # ---- whose decision ----------------------------------------------------------------

    def _by_hex(self) -> dict[int, list[Action]]:
        """The viewer's legal actions by the hexes they are about (once per view)."""
        return self.remember("by hex", lambda: by_hex(self.legal()))

    def _describe(self, view: ViaNebulaState, action: Action) -> str:
        """The rules' text of one of the legal ``action``s, capitalised (kept per view)."""
        described: dict[Action, str] = self.remember("described", dict)
        text = described.get(action)
        if text is None:
            text = described[action] = capitalised(self.rules.describe(view, action))
        return text

    def _table_view(self) -> ViaNebulaState:
        """The viewer's observation (``view``, kept per position), as Via Nebula's state."""
        view = self.view()
        assert isinstance(view, ViaNebulaState)
        return view

    def _cursor_hex(self) -> int:
        return INDEX_OF_CELL[self.hexmap.cursor]

    def _here(self, view: ViaNebulaState) -> list[Action]:
        """The legal actions at the cursor's hex (all of them during a power or a pass)."""
        return offered_here(view, self.legal(), self._by_hex(), self._cursor_hex())

    # ---- refreshing from the view ------------------------------------------------------

    def refresh_table(self, view: GameState) -> None:
        """Update every widget from ``view``; each repaints only if its data changed."""
        assert isinstance(view, ViaNebulaState)
        self._shown_before = self._shown is not None
        self._shown = view
        mover = self.rules.to_move(view)
        decision = (view.turn, view.phase, mover, len(self.session.actions))
        new_decision = decision != self._decision
        self._decision = decision
        self.hexmap.shown_to(self.viewer)
        with self._one_map_refresh():
            self._refresh_top(view, mover)
            # Not at the end: the game-over dialog opens over the table in that frame,
            # and the side drawn under it after would repaint the dialog's backdrop.
            if new_decision and self.is_mounted and self._shown_before and mover is not None:
                # A play or a bot's move: its frame shows the map, the header (scores)
                # and the list first; the contracts and boards, the side's two tallest
                # widgets, follow in the frame after (~1.5 ms less before the first frame
                # of a play, a frame later than the map for the eye).
                if not self._side_due:
                    self._side_due = True
                    self.games_app.call_after_frame(self._side_after_frame)
            else:
                self._refresh_side(view)
            # The list as the decision wants it, its actions drawn once (opened or
            # closed, not drawn as they were and then again).
            if new_decision and view.phase == "power" and self.mine():
                self._open_list()
            elif new_decision and self.list_open:
                self._close_list()
            else:
                self._refresh_actions(view, reset=new_decision)
            self._refresh_map(view)
        if new_decision:
            self.refresh_bindings()  # Tab shows only while there is a hex to act on

    @contextmanager
    def _one_map_refresh(self) -> Iterator[None]:
        """Inside it the map is shown once, at the end, and every line widget (the map,
        the texts, the log, the status line) lays its rows out and compares them with
        the ones on screen once (``repaint_once``): a key changes the view, the list's
        highlight and the focus one after another, and each would do it again."""
        self._map_held += 1
        with repaint_once():  # outside: the map's own refresh below waits for it too
            try:
                yield
            finally:
                self._map_held -= 1
                if not self._map_held and self._map_due is not None:
                    view, self._map_due = self._map_due, None
                    self._refresh_map(view)

    def _names(self) -> list[str]:
        return [seat.name for seat in self.session.seats]

    def _refresh_top(self, view: ViaNebulaState, mover: int | None) -> None:
        width = max(20, self.app.size.width - 2)  # the line's padding
        self._top.show(top_line(view, mover, self.viewer, self._names(), self._scores(view),
                                width))

    def _side_width(self) -> int:
        return self._side.width_for(self.large, self.app.size.width)

    def _scores(self, view: ViaNebulaState) -> list[int]:
        """Every seat's score so far, in seat order."""
        return [sum(v for _, v in self.rules.score_rows(view, seat))
                for seat in range(view.players)]

    def _refresh_side(self, view: ViaNebulaState) -> None:
        # No rows taken from the log for long names: the rows free below the table change
        # within a frame (the action list under a hex), and names on second rows then made
        # the side scroll and cut its lines. A name stays whole on its line; its power is
        # on the contract sheet (c).
        self._side.show_boards(view, self.viewer, self._names(), self._scores(view),
                               self.large, self._side_width(), 0)

    def _side_after_frame(self) -> None:
        """The contracts and boards of the view shown now (see refresh_table)."""
        if self._side_due and self._shown is not None and not self.closed:
            self._side_due = False
            with self._one_map_refresh():
                self._refresh_side(self._shown)

    def _refresh_actions(self, view: ViaNebulaState, reset: bool) -> None:
        """The title and preview of what can be done at the cursor (the list if open)."""
        options = self._here(view)
        mine = self.mine()  # the game's end is asked for only when the turn is not mine
        title = list_title(view, self._cursor_hex(), options, mine=mine, list_open=self.list_open,
                           over=not mine and self.rules.to_move(view) is None)
        title = fit(title, self._side_width())
        changed = options != self._options
        self._options = options
        texts = [self._describe(view, a) for a in options]
        if not self.list_open:
            # Wrapped a little narrower than the list wraps: a line more, never one cut.
            texts = preview(texts, self._preview_rows(), self._side_width() - 2)
        self._side.show_offer(title, texts, self.list_open, anew=changed or reset)

    def _preview_rows(self) -> int:
        return 8 if self.large else 4

    @property
    def offered(self) -> list[Action]:
        """The actions offered at the cursor's hex (in the list's order)."""
        return list(self._options)

    @property
    def list_open(self) -> bool:
        """Whether the action list (rather than the preview) is shown."""
        return self._list_open

    def _open_list(self) -> None:
        """Show the cursor hex's actions as a list to choose from, and focus it."""
        view = self._table_view()
        self._list_open = True
        self.refresh_bindings()  # o (another chain) works in the list
        self._refresh_actions(view, reset=True)
        self.give_keys(self.action_list)

    def _close_list(self) -> None:
        """Back to the preview; the map has the focus."""
        self._list_open = False
        self.refresh_bindings()
        self.action_list.highlighted = None
        self.give_keys(self.hexmap)
        if self._shown is not None:
            self._refresh_actions(self._shown, reset=False)
            self._refresh_map(self._shown)  # now: the focus event comes a frame later

    def _chain_marks(self, view: ViaNebulaState) -> tuple[int, ...]:
        """The chain of the highlighted transport (while the list has the focus)."""
        action = self._highlighted_transport()
        if action is None:
            return ()
        return self._chain.shown(action, chains(view, action.source, action.slot))

    def _named_hexes(self) -> set[int]:
        """The hexes the actions in view name: the highlighted one's in the open list,
        in the preview every listed action's (where a transport comes from, say)."""
        return named_hexes(self._options, self.action_list.highlighted, self.list_open,
                           self._preview_rows(), self._cursor_hex())

    def _refresh_map(self, view: ViaNebulaState) -> None:
        if self._map_held:
            self._map_due = view
            return
        chain = self._chain_marks(view)
        marked, flagged = map_marks(chain, self._named_hexes(), self._by_hex())
        legend = LARGE_LEGEND if self.large else COMPACT_LEGEND
        text = caption(view, self._cursor_hex(), self._names()) + chain_words(chain)
        self.hexmap.show(self._cells.cells(view, self.large, frozenset(chain)), marked=marked,
                         flagged=flagged, caption=text, legend=legend)

    def status_text(self, view: GameState) -> str:
        """Whose turn it is and what the viewer can do now (at most two lines)."""
        assert isinstance(view, ViaNebulaState)
        return status_words(view, self.rules.to_move(view), self.mine())

    # ---- keys --------------------------------------------------------------------------

    def _cursor_moved(self, place: tuple[int, int]) -> None:
        """The cursor moved: what can be done there, and the line naming the hex."""
        view = self._table_view()
        self._refresh_actions(view, reset=False)
        self._refresh_map(view)

    def keep_view(self) -> None:
        """A save keeps the hex under the map's cursor."""
        row, col = self.hexmap.cursor
        self.session.ui_prefs[PREF_CURSOR] = f"{row},{col}"

    @on(HexMap.Chosen)
    def _chosen(self, event: HexMap.Chosen) -> None:
        view = self._table_view()
        if not self.mine():
            mover = self.rules.to_move(view)
            self.show_status("The game is over." if mover is None
                             else f"Wait: it is Seat {mover + 1}'s turn.", error=True)
            return
        if not self._options:
            self.show_status(f"Nothing to do at {NAME[self._cursor_hex()]}: Tab finds a hex "
                             "where you can act.", error=True)
            return
        with self._one_map_refresh():
            self._open_list()

    def _highlighted(self, index: int | None) -> None:
        """Another action is highlighted: its hexes (and chain) on the map, and ``o`` in
        the footer if it is a transport with another way."""
        self._refresh_map(self._table_view())
        self.refresh_bindings()

    @on(ActionList.Selected, "#via-actions")
    def _selected(self, event: ActionList.Selected) -> None:
        if not self.list_open or event.index >= len(self._options):
            return
        action = self._options[event.index]
        with self._one_map_refresh():
            if self.play(action):
                view = self._table_view()
                if view.phase != "power" or not self.mine():
                    if self.list_open:  # the table's refresh closed it, unless a hand-off
                        self._close_list()
                    self._refresh_map(view)

    def on_descendant_focus(self, event: events.DescendantFocus) -> None:
        """Redraw the map's marks when the focus moves between map and list; a click on
        the closed preview opens the list (or, with nothing to choose, gives the focus
        back to the map: the preview itself takes no keys)."""
        with self._one_map_refresh():
            if event.widget is self.action_list and not self.list_open:
                if self._options and self.mine():
                    self._open_list()
                else:
                    self.hexmap.focus()
            if self._shown is not None:
                self._refresh_map(self._shown)

    def action_next_spot(self) -> None:
        """Move the cursor to the next hex (in reading order) where the player can act."""
        spot = next_spot(self._by_hex(), self._cursor_hex())
        if spot is None:
            self.show_status("There is no hex to act on now" + (
                ": Enter opens the list to pass." if self.legal() else "."), error=True)
            return
        with self._one_map_refresh():
            if self.list_open:
                self._close_list()
            self.hexmap.move_to(CELL[spot])

    def mark_hint(self, action: Action) -> None:
        """The cursor goes to the hinted action's hex and its list opens on it (Enter
        plays it)."""
        view = self._table_view()
        hexes = action_hexes(action)
        with self._one_map_refresh():
            if hexes and view.phase != "power" and self._cursor_hex() not in hexes:
                if self.list_open:
                    self._close_list()
                self.hexmap.move_to(CELL[hexes[0]])
            if action in self._options:
                if not self.list_open:
                    self._open_list()
                self.action_list.highlighted = self._options.index(action)

    def check_table_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Only keys that do something now show: Tab while there is a hex to act on
        (not during a power: its list holds every use), ``o`` while a transport with
        another way is highlighted."""
        if action == "next_spot":
            return self._table_view().phase != "power" and bool(self._by_hex())
        if action == "other_chain":
            return self._other_ways() > 1
        return super().check_table_action(action, parameters)

    def _highlighted_transport(self) -> Transport | None:
        action = highlighted(self._options, self.action_list.highlighted, self.list_open)
        return action if isinstance(action, Transport) else None

    def _other_ways(self) -> int:
        """How many chains the highlighted transport could take (0: none highlighted)."""
        action = self._highlighted_transport()
        if action is None:
            return 0
        view = self._table_view()
        counted: dict[Action, int] = self.remember("chain counts", dict)
        if action not in counted:
            counted[action] = len(chains(view, action.source, action.slot))
        return counted[action]

    def action_contracts(self) -> None:
        """Every contract the player can see, in full (the side cuts long names)."""
        self.app.push_screen(ContractSheet(self._table_view(), self.viewer))

    def action_other_chain(self) -> None:
        """Show another chain of empty meadows for the highlighted transport."""
        view = self._table_view()
        action = self._highlighted_transport()
        if action is None:
            self.show_status("Highlight a transport in the list first (Enter on a hex with "
                             "resources or on your site).", error=True)
            return
        if len(chains(view, action.source, action.slot)) < 2:
            self.show_status("This resource has only one way to the site.", error=True)
            return
        self._chain.next()
        self._refresh_map(view)

    def action_back(self) -> None:
        """From the list back to the map; from the map back to the menu."""
        if self.list_open and self.view().phase != "power":
            self._close_list()
            return
        self.action_menu()
