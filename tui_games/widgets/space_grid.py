"""SpaceGrid: a square lattice of cells with a cursor that moves in four directions.

The screen supplies each cell's text (one or more lines of styled segments, all of one
width); the widget knows no game. The cell under the cursor is drawn in reverse video and
marked cells (a path, say) are underlined in bold; under the grid a caption line says what
is under the cursor and a legend line follows.

Keys: arrows (or h j k l) move the cursor; Enter posts ``SpaceGrid.Chosen``; every move
posts ``SpaceGrid.Moved``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

Segment = tuple[str, str]            # (text, style)
CellLine = tuple[Segment, ...]       # one drawn line of a cell
Cell = tuple[CellLine, ...]          # every drawn line of a cell

CURSOR = "bold reverse"
MARKED = "bold underline"
_STEPS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


class SpaceGrid(Widget, can_focus=True):
    """A ``size`` x ``size`` grid with a cursor; cells come from the screen by ``show``."""

    BINDINGS = [
        Binding("up,k", "step('up')", "Move", key_display="←↑↓→"),
        Binding("down,j", "step('down')", "Down", show=False),
        Binding("left,h", "step('left')", "Left", show=False),
        Binding("right,l", "step('right')", "Right", show=False),
        Binding("enter", "choose", "Choose", key_display="⏎"),
    ]

    DEFAULT_CSS = """
    SpaceGrid { width: auto; height: auto; }
    """

    cursor: reactive[int] = reactive(0, layout=False)

    class Moved(Message):
        """The cursor moved to ``cell``."""

        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    class Chosen(Message):
        """Enter was pressed on ``cell``."""

        def __init__(self, cell: int) -> None:
            super().__init__()
            self.cell = cell

    def __init__(self, size: int = 7, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.side = size
        self.cell_width = 3
        self.cell_lines = 1
        self._cells: tuple[Cell, ...] = ()
        self._marked: frozenset[int] = frozenset()
        self._caption = ""
        self._legend = ""
        self._lines: list[Content] | None = None

    # ---- what the screen tells it ----------------------------------------------------

    def show(self, cells: Sequence[Cell], *, marked: Iterable[int] = (), caption: str = "",
             legend: str = "") -> None:
        """Draw ``cells`` (``size * size`` of them, row by row, all of one width), bold
        and underline ``marked``; ``caption`` describes the cell under the cursor."""
        cells = tuple(cells)
        marked = frozenset(marked)
        if (cells == self._cells and marked == self._marked and caption == self._caption
                and legend == self._legend):
            return
        first = cells[0] if cells else ()
        shape = (sum(len(t) for t, _ in first[0]), len(first)) if first else (3, 1)
        resized = shape != (self.cell_width, self.cell_lines) or caption != self._caption
        self.cell_width, self.cell_lines = shape
        self._cells = cells
        self._marked = marked
        self._caption = caption
        self._legend = legend
        self._lines = None
        self.refresh(layout=resized)

    @property
    def caption(self) -> str:
        """The line under the grid (what the cursor is on)."""
        return self._caption

    # ---- keys ------------------------------------------------------------------------

    def action_step(self, way: str) -> None:
        """Move the cursor one cell ``way`` (up, down, left, right) if the grid goes on."""
        dr, dc = _STEPS[way]
        row, col = divmod(self.cursor, self.side)
        row, col = row + dr, col + dc
        if 0 <= row < self.side and 0 <= col < self.side:
            self.cursor = row * self.side + col

    def action_choose(self) -> None:
        """Tell the screen that Enter was pressed on the cell under the cursor."""
        self.post_message(self.Chosen(self.cursor))

    def watch_cursor(self, old: int, new: int) -> None:
        """Redraw and tell the screen."""
        self._lines = None
        self.refresh()
        self.post_message(self.Moved(new))

    def move_to(self, cell: int) -> None:
        """Put the cursor on ``cell`` (ignored outside the grid)."""
        if 0 <= cell < self.side * self.side:
            self.cursor = cell

    # ---- drawing ---------------------------------------------------------------------

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """The grid's width: every cell and a one-column gap."""
        return self.side * (self.cell_width + 1)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Every row of cells, then the caption and the legend (wrapped to the width)."""
        wrap = max(1, width)
        extra = sum(max(1, -(-len(text) // wrap)) for text in (self._caption, self._legend))
        return self.side * self.cell_lines + extra

    def _build(self) -> list[Content]:
        blank = " " * self.cell_width
        lines: list[Content] = []
        for row in range(self.side):
            for sub in range(self.cell_lines):
                parts: list[Content] = []
                for col in range(self.side):
                    cell = row * self.side + col
                    drawn = self._cells[cell] if cell < len(self._cells) else ((
                        (blank, ""),),)
                    segments = drawn[sub] if sub < len(drawn) else ((blank, ""),)
                    for text, style in segments:
                        piece = Content.styled(text, style) if style else Content(text)
                        if cell in self._marked:
                            piece = piece.stylize(MARKED)
                        if cell == self.cursor:
                            piece = piece.stylize(CURSOR)
                        parts.append(piece)
                    parts.append(Content(" "))
                lines.append(Content("").join(parts).rstrip())
        lines.append(Content.styled(self._caption, "bold"))
        lines.append(Content.styled(self._legend, "dim"))
        return lines

    def render(self) -> Content:
        """The whole grid as one block of text (cached until cells or cursor change)."""
        if self._lines is None:
            self._lines = self._build()
        return Content("\n").join(self._lines)
