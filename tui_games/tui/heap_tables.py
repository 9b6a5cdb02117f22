"""When the app freezes the heap: the moments around a table's life that tui_games.tui.heap
needs told of.

``TableHeap`` is a part of GamesApp (mixed into it): start-up's objects are frozen once
the menu is drawn, a table's once it is built and drawn, all unfrozen and collected once
the last table closes, and no collection runs between a dialog's opening over a table
and its first frame. The reasons and the measurements are in tui_games/tui/heap.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tui_games.tui.heap import HeapFreezer, collect_and_freeze
from tui_games.tui.screens.game import GameScreen

if TYPE_CHECKING:
    from textual.screen import Screen

    from tui_games.tui.app import GamesApp

FREEZE_RETRY = 0.05  # s: how soon to look again for a table built, to freeze its objects


class TableHeap:
    """The app's side of tui_games.tui.heap (see the module's docstring)."""

    # Freeze the heap's long-lived objects out of the garbage collector's walks (see
    # tui_games.tui.heap): None = when drawing to a terminal. Tests and benches run many
    # apps in one process, where frozen objects of earlier apps would pile up.
    FREEZE_HEAP: bool | None = None

    def __init__(self) -> None:
        super().__init__()
        self._heap = HeapFreezer()

    @property
    def _games_app(self) -> GamesApp:
        return self  # type: ignore[return-value]

    @property
    def freezes_heap(self) -> bool:
        """Whether this app freezes long-lived objects out of the garbage collector."""
        return not self._games_app.is_headless if self.FREEZE_HEAP is None else self.FREEZE_HEAP

    def _freeze_start_up(self) -> None:
        """At mount: once the menu is drawn, freeze start-up's objects (modules,
        stylesheet, the menu) out of later walks: over the whole heap a full collection
        took 50-60 ms, and a key answered that late."""
        if self.freezes_heap:
            self._games_app.call_after_refresh(collect_and_freeze)

    def _hold_collections(self, screen: Screen[Any]) -> None:
        """A dialog opened over a table (called as it is pushed, not after the messages
        queued): no collection runs until its first frame is out."""
        if (self.freezes_heap and screen.is_modal and self._table_open()
                and self._heap.hold()):
            self._games_app.call_after_frame(self._heap.release)

    def _freeze_with_tables(self) -> None:
        """A table opened: freeze what it holds once it is drawn. The last table closed:
        unfreeze (its widgets may go) and collect once the next frame is out."""
        if self._table_open():
            if not self._heap.table_frozen:
                self._games_app.call_after_frame(self._freeze_table)
        elif self._heap.table_closed():
            self._games_app.call_after_frame(collect_and_freeze)

    def _table_open(self) -> bool:
        return any(isinstance(screen, GameScreen) for screen in self._games_app.screen_stack)

    def _freeze_table(self) -> None:
        """After a frame: freeze the open table's objects once it is built and drawn. A
        frame may come before the table is filled in (``--load``: the menu's); the next
        may come only with the player's key - often the one that opens a dialog, the
        moment this collection must not take - so look again shortly, not at a frame."""
        app = self._games_app
        tables = [s for s in app.screen_stack if isinstance(s, GameScreen)]
        if not tables or self._heap.table_frozen:
            return
        if not tables[-1].ready:
            app.set_timer(FREEZE_RETRY, self._freeze_table)
            return
        tables[-1].call_after_refresh(self._heap.table_shown)
