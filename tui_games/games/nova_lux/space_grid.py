"""SpaceGrid: a square lattice of cells with a cursor that moves in four directions.

The screen supplies each cell's text (one or more lines of styled segments, all of one
width); the widget knows no game. The cell under the cursor is drawn in reverse video and
marked cells (a path, say) are underlined in bold; under the grid a caption line says what
is under the cursor and a legend line follows.

Keys: arrows (or h j k l) move the cursor; Enter posts ``SpaceGrid.Chosen``. The owner
follows the cursor by watching the ``cursor`` reactive (``self.watch(grid, "cursor", ...)``):
a watcher runs in the same call as the move, so what it changes (the caption, a side
panel) is drawn in the cursor's frame, and costs no message hopping up to the screen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from textual.binding import Binding
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

Segment = tuple[str, str]            # (text, style)
CellLine = tuple[Segment, ...]       # one drawn line of a cell
Cell = tuple[CellLine, ...]          # every drawn line of a cell

CURSOR = "bold reverse"
MARKED = "bold underline"
CACHE_STRIPS = 2048  # cells, rows, captions and legends kept: a few turns' worth of maps
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

    # Not repainted by the reactive: the watcher repaints only the rows the cursor touches.
    cursor: reactive[int] = reactive(0, repaint=False)

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
        self._strips: dict[tuple[object, ...], list[Strip]] = {}

    # ---- what the screen tells it ----------------------------------------------------

    def show(self, cells: Sequence[Cell], *, marked: Iterable[int] = (), caption: str = "",
             legend: str = "") -> None:
        """Draw ``cells`` (``size * size`` of them, row by row, all of one width), bold
        and underline ``marked``; ``caption`` describes the cell under the cursor.

        Only the rows whose cells or marks changed are repainted, and the caption and
        legend when they changed; a layout pass only when the grid's height changes."""
        cells = tuple(cells)
        marked = frozenset(marked)
        if (cells == self._cells and marked == self._marked and caption == self._caption
                and legend == self._legend):
            return
        first = cells[0] if cells else ()
        shape = (sum(len(t) for t, _ in first[0]), len(first)) if first else (3, 1)
        width = self.size.width
        tail_before = len(self._tail(width)) if width else 0
        side = self.side
        old_cells, old_marked = self._cells, self._marked
        rows = {cell // side for cell in marked ^ old_marked}
        rows.update(row for row in range(side)
                    if cells[row * side:(row + 1) * side]
                    != old_cells[row * side:(row + 1) * side])
        tail_changed = caption != self._caption or legend != self._legend
        only_caption = legend == self._legend
        reshaped = shape != (self.cell_width, self.cell_lines)
        self.cell_width, self.cell_lines = shape
        self._cells = cells
        self._marked = marked
        self._caption = caption
        self._legend = legend
        if reshaped or not width or len(self._tail(width)) != tail_before:
            self.refresh(layout=True)
            return
        self._refresh_rows(rows)
        if tail_changed:  # the caption's lines, and the legend's only when it changed
            height = len(self._tail(width, legend=False)) if only_caption else tail_before
            self.refresh(Region(0, side * self.cell_lines, width, height))

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
        """Repaint the rows the cursor left and entered (the owner's watcher, called
        after this one, adds its changes to the same frame)."""
        self._refresh_rows((old // self.side, new // self.side))

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
        return self.side * self.cell_lines + len(self._tail(max(1, width)))

    def _cached(self, key: tuple[object, ...], make: Callable[[], Content],
                width: int, *, pad: bool = False) -> list[Strip]:
        """The strips of ``make()``'s content, kept by ``key``, the width and the style
        (``pad``: a piece keeps its whole width, trailing spaces too)."""
        style = self.visual_style
        # The style is part of the key: the :focus tint gives another set of strips.
        full = (key, width, style, self.app.theme)
        strips = self._strips.get(full)
        if strips is None:
            if len(self._strips) >= CACHE_STRIPS:
                self._strips.clear()
            strips = Visual.to_strips(self, make(), width, None, style, pad=pad) or [
                Strip([])]
            self._strips[full] = strips
        return strips

    def _tail(self, width: int, *, legend: bool = True) -> list[Strip]:
        """The caption and (unless not ``legend``) the legend, each wrapped to ``width``."""
        caption = self._cached(("caption", self._caption),
                               lambda: Content.styled(self._caption, "bold"), width)
        if not legend:
            return caption
        return caption + self._cached(("legend", self._legend),
                                      lambda: Content.styled(self._legend, "dim"), width)

    def _row(self, row: int, width: int) -> list[Strip]:
        """The lines of one row of cells, each joined from its cells' kept strips: after a
        move most cells are drawn as before, so a new row costs a few lookups."""
        side = self.side
        cells = self._cells[row * side:(row + 1) * side]
        marked = tuple(col for col in range(side) if row * side + col in self._marked)
        cursor_row, cursor_col = divmod(self.cursor, side)
        cursor = cursor_col if cursor_row == row else -1
        key = ("row", cells, marked, cursor, self.cell_width, self.cell_lines, width)
        style = self.visual_style
        full = (key, style, self.app.theme)
        strips = self._strips.get(full)
        if strips is None:
            if len(self._strips) >= CACHE_STRIPS:
                self._strips.clear()
            gap = self._cached(("gap",), lambda: Content(" "), 1, pad=True)[0]
            strips = []
            for sub in range(self.cell_lines):
                parts: list[Strip] = []
                for col in range(side):
                    parts.append(self._cell_line(row * side + col, sub))
                    parts.append(gap)
                strips.append(Strip.join(parts).adjust_cell_length(width, style.rich_style))
            self._strips[full] = strips
        return strips

    def _cell_line(self, cell: int, sub: int) -> Strip:
        """Line ``sub`` of ``cell`` as drawn now (cursor, mark), kept by what it shows."""
        blank = ((" " * self.cell_width, ""),)
        drawn = self._cells[cell] if cell < len(self._cells) else (blank,)
        segments = drawn[sub] if sub < len(drawn) else blank
        marked, cursor = cell in self._marked, cell == self.cursor
        return self._cached(("cell", segments, marked, cursor),
                            lambda: self._cell_content(segments, marked, cursor),
                            self.cell_width, pad=True)[0]

    @staticmethod
    def _cell_content(segments: CellLine, marked: bool, cursor: bool) -> Content:
        parts: list[Content] = []
        for text, style in segments:
            piece = Content.styled(text, style) if style else Content(text)
            if marked:
                piece = piece.stylize(MARKED)
            if cursor:
                piece = piece.stylize(CURSOR)
            parts.append(piece)
        return Content("").join(parts)

    def _row_content(self, row: int) -> Content:
        """One row of cells as text (``render``, for text extraction and tests)."""
        blank = " " * self.cell_width
        lines: list[Content] = []
        for sub in range(self.cell_lines):
            parts: list[Content] = []
            for col in range(self.side):
                cell = row * self.side + col
                drawn = self._cells[cell] if cell < len(self._cells) else (((blank, ""),),)
                segments = drawn[sub] if sub < len(drawn) else ((blank, ""),)
                parts.append(self._cell_content(segments, cell in self._marked,
                                                cell == self.cursor))
                parts.append(Content(" "))
            lines.append(Content("").join(parts).rstrip())
        return Content("\n").join(lines)

    def _refresh_rows(self, rows: Iterable[int]) -> None:
        """Repaint only the lines of ``rows`` (a cursor move changes two rows at most)."""
        rows = sorted(set(rows))
        width = self.size.width
        if rows and not width:
            self.refresh()
        elif rows:
            self.refresh(*(Region(0, row * self.cell_lines, width, self.cell_lines)
                           for row in rows))

    def render_line(self, y: int) -> Strip:
        """Line ``y``: a line of a row of cells, else of the caption or the legend."""
        width = self.size.width
        if self.text_selection is not None:  # the selection is drawn over the lines
            drawn = Visual.to_strips(self, self.render(), width, None, self.visual_style)
            return drawn[y] if 0 <= y < len(drawn) else Strip.blank(width)
        row, sub = divmod(y, self.cell_lines)
        if row < self.side:
            strips = self._row(row, width)
            return strips[sub] if sub < len(strips) else Strip.blank(width)
        tail = self._tail(width)
        at = y - self.side * self.cell_lines
        return tail[at] if at < len(tail) else Strip.blank(width)

    def render(self) -> Content:
        """The whole grid as one block of text (text extraction, tests)."""
        lines = [self._row_content(row) for row in range(self.side)]
        lines.append(Content.styled(self._caption, "bold"))
        lines.append(Content.styled(self._legend, "dim"))
        return Content("\n").join(lines)
