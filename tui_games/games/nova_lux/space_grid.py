"""SpaceGrid: a square lattice of cells with a cursor that moves in four directions.

The screen supplies each cell's text (one or more lines of styled segments, all of one
width); the cursor, the marks, the caption and legend lines under the grid and the
drawing come from the shared CellMap (widgets/cell_map.py), which knows no game.

Keys: arrows (or h j k l) move the cursor; Enter posts ``SpaceGrid.Chosen``. The owner
follows the cursor by watching the ``cursor`` reactive (``self.watch(grid, "cursor", ...)``):
a watcher runs in the same call as the move, so what it changes (the caption, a side
panel) is drawn in the cursor's frame, and costs no message hopping up to the screen.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

from textual.binding import Binding
from textual.message import Message
from textual.reactive import reactive

from tui_games.tui.widgets.cell_map import Cell, CellLine, CellMap, Segment
from tui_games.tui.widgets.line_widget import repaint_once

__all__ = ["Cell", "CellLine", "Segment", "SpaceGrid"]

_STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


class SpaceGrid(CellMap):
    """A ``size`` x ``size`` grid with a cursor; cells come from the screen by ``show``."""

    BINDINGS = [
        Binding("up,k", "step('up')", "Move", key_display="←↑↓→", tooltip="(↑ k Up)"),
        Binding("down,j", "step('down')", "Down", show=False),
        Binding("left,h", "step('left')", "Left", show=False),
        Binding("right,l", "step('right')", "Right", show=False),
        Binding("enter", "choose", "Choose", key_display="⏎"),
    ]

    DEFAULT_CSS = """
    SpaceGrid { width: auto; height: auto; }
    """

    MERGE_LOOKS = True  # a cursor key sends each changed cell's run of one look once
    PLAIN_CURSOR = True  # the cell under the cursor in one look: the side panel names it

    cursor: reactive[int] = reactive(0, repaint=False)

    class Chosen(Message):
        """Enter was pressed on ``cell``."""

        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, size: int = 7, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(size, size, id=id, classes=classes)
        self.side = size
        self._given: Sequence[Cell] | None = None
        self._by_cell: dict[Hashable, Cell] = {}

    def show(self, cells: Sequence[Cell], *,  # type: ignore[override]
             marked: Iterable[int] = (), caption: str = "", legend: str = "") -> None:
        """Draw ``cells`` (``size * size`` of them, row by row, all of one width), bold
        and underline ``marked``; ``caption`` describes the cell under the cursor."""
        if cells is not self._given:  # the same sequence: the same cells (no copy)
            self._given = cells
            self._by_cell = dict(enumerate(cells))
        super().show(self._by_cell, marked=marked, caption=caption, legend=legend)

    def key_at(self, row: int, col: int) -> int:
        """Cells are numbered row by row."""
        return row * self.side + col

    def place_of(self, key: Hashable) -> tuple[int, int]:
        assert isinstance(key, int)
        return divmod(key, self.side)

    def neighbour(self, key: Hashable, way: object) -> int | None:
        """The cell one step ``way`` (up, down, left, right), if the grid goes on."""
        assert isinstance(key, int) and isinstance(way, str)
        dr, dc = _STEPS[way]
        row, col = divmod(key, self.side)
        row, col = row + dr, col + dc
        if 0 <= row < self.side and 0 <= col < self.side:
            return row * self.side + col
        return None

    def chosen_message(self, key: Hashable) -> Message:
        assert isinstance(key, int)
        return self.Chosen(key)

    def action_step(self, way: str) -> None:
        """Move the cursor one cell ``way`` (up, down, left, right) if the grid goes on."""
        # Once: the grid's own refresh for the cursor and the screen's (the caption, the
        # path) are laid out and compared with the screen together, at the end.
        with repaint_once():
            self.step_to(way)
