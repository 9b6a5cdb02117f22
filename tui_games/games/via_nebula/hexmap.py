"""HexMap: a map of hexagons in offset rows, with a cursor that moves in six directions.

The hexes are drawn as cells in rows, each odd row shifted half a cell to the right
("odd-r"), so a cell touches two cells above, two below and one on each side: its six
neighbours. A cell is one line (compact) or two lines (large) of text that the screen
supplies, with a style per segment; the widget knows no game. The cell under the cursor
is drawn in reverse video, marked cells (a path, say) are underlined; under the map a
line names the hex under the cursor and says what is on it, and a legend line follows.

Keys: left/right (h/l) move west/east; up/down (k/j) go to the row above/below, keeping
the column as straight as the rows allow; y, u, b, n move north-west, north-east,
south-west and south-east. Enter posts ``HexMap.Chosen``. To follow the cursor, watch its
``cursor`` reactive: the watcher runs as the key is handled, so whatever it changes is
painted in the same frame as the cursor (a message would arrive a frame late).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from textual.binding import Binding
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

Segment = tuple[str, str]            # (text, style)
CellLine = tuple[Segment, ...]       # one drawn line of a cell
Cell = tuple[CellLine, ...]          # every drawn line of a cell
Place = tuple[int, int]              # (row, column) in the offset grid

CURSOR = "bold reverse"
MARKED = "bold underline"
CELL_STRIPS = 1024  # distinct cell looks kept (a map has a few dozen at a time)
# Direction numbers: 0 east, 1 north-east, 2 north-west, 3 west, 4 south-west, 5 south-east.
_EVEN = ((0, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (1, 0))
_ODD = ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, 0), (1, 1))


def neighbour(place: Place, direction: int) -> Place:
    """The offset-grid place one step from ``place`` in ``direction`` (0 east, then
    counter-clockwise: north-east, north-west, west, south-west, south-east)."""
    row, col = place
    dr, dc = (_ODD if row & 1 else _EVEN)[direction]
    return row + dr, col + dc


def _cut(text: str, width: int) -> str:
    """``text`` on one line of ``width``, ending in an ellipsis if it had to be cut."""
    return text if len(text) <= width else text[: width - 1] + "…"


class HexMap(Widget, can_focus=True):
    """A hex map with a cursor; the screen supplies each cell's text with ``show``."""

    BINDINGS = [
        Binding("left,h", "step(3)", "Move", key_display="←↑↓→"),
        Binding("right,l", "step(0)", "East", show=False),
        Binding("up,k", "vertical(-1)", "Up", show=False),
        Binding("down,j", "vertical(1)", "Down", show=False),
        Binding("y", "step(2)", "Diagonals", key_display="y u b n"),
        Binding("u", "step(1)", "North-east", show=False),
        Binding("b", "step(4)", "South-west", show=False),
        Binding("n", "step(5)", "South-east", show=False),
        Binding("enter", "choose", "Choose", key_display="⏎"),
    ]

    DEFAULT_CSS = """
    HexMap { width: auto; height: auto; }
    """

    # The watcher repaints just the two rows the cursor left and entered.
    cursor: reactive[Place] = reactive((0, 0), layout=False, repaint=False)

    class Chosen(Message):
        """Enter was pressed on ``place``."""

        def __init__(self, place: Place) -> None:
            super().__init__()
            self.place = place

    def __init__(self, rows: int, cols: int, places: Iterable[Place], *,
                 id: str | None = None, classes: str | None = None) -> None:
        """A map of ``rows`` x ``cols`` cells; only ``places`` exist (the rest is blank)."""
        super().__init__(id=id, classes=classes)
        self.rows = rows
        self.cols = cols
        self.places = frozenset(places)
        self.cell_width = 4
        self.cell_lines = 1
        self._cells: dict[Place, Cell] = {}
        self._given: Mapping[Place, Cell] | None = None  # the mapping last shown
        self._marked: frozenset[Place] = frozenset()
        self._caption = ""
        self._legend = ""
        self._strips: dict[int, Strip] = {}          # rendered lines, by y
        self._cell_strips: dict[tuple[object, ...], Strip] = {}  # see _cell_strip
        self._style: object = None                   # the style the strips were made in
        first = min(self.places)
        self.set_reactive(HexMap.cursor, first)

    # ---- what the screen tells it ----------------------------------------------------

    def show(self, cells: Mapping[Place, Cell], *, marked: Iterable[Place] = (),
             caption: str = "", legend: str = "") -> None:
        """Draw ``cells`` (every line of each exactly ``cell_width`` wide), underline
        ``marked``; ``caption`` describes the hex under the cursor."""
        marked = frozenset(marked)
        if (cells == self._cells and marked == self._marked and caption == self._caption
                and legend == self._legend):
            return
        first = next(iter(cells.values()), None)
        shape = (sum(len(t) for t, _ in first[0]), len(first)) if first else (4, 1)
        resized = shape != (self.cell_width, self.cell_lines)
        old = self._cells
        # The screen passes the same mapping until its game changes: no need to compare.
        changed = set() if cells is self._given else {
            place[0] for place in cells.keys() | old.keys() if cells.get(place) != old.get(place)}
        changed |= {place[0] for place in marked ^ self._marked}
        self._given = cells
        lines = (caption != self._caption, legend != self._legend)
        self.cell_width, self.cell_lines = shape
        self._cells = dict(cells)
        self._marked = marked
        self._caption = caption
        self._legend = legend
        if resized:
            self._strips.clear()
            self._cell_strips.clear()
            self.refresh(layout=True)
        else:
            self._redraw(changed, caption=lines[0], legend=lines[1])

    def _redraw(self, rows: Iterable[int], *, caption: bool = False,
                legend: bool = False) -> None:
        """Forget the drawing of ``rows`` (and of the caption or legend line if asked);
        repaint just those lines."""
        width = self.size.width or self.get_content_width(Size(0, 0), Size(0, 0))
        regions = []
        for row in set(rows):
            for y in range(row * self.cell_lines, (row + 1) * self.cell_lines):
                self._strips.pop(y, None)
            regions.append(Region(0, row * self.cell_lines, width, self.cell_lines))
        below = self.rows * self.cell_lines
        for y, wanted in ((below, caption), (below + 1, legend)):
            if wanted:
                self._strips.pop(y, None)
                regions.append(Region(0, y, width, 1))
        if regions:
            self.refresh(*regions)

    @property
    def caption(self) -> str:
        """The line describing the hex under the cursor, as last shown."""
        return self._caption

    @property
    def stride(self) -> int:
        """Columns from one cell's start to the next one's (a one-column gap)."""
        return self.cell_width + 1

    # ---- keys ------------------------------------------------------------------------

    def action_step(self, direction: int) -> None:
        """Move one hex in ``direction`` (0 east ... 5 south-east), if there is one."""
        target = neighbour(self.cursor, direction)
        if target in self.places:
            self.cursor = target

    def action_vertical(self, way: int) -> None:
        """Move to the row above (-1) or below (+1), zigzagging to stay in one column."""
        row = self.cursor[0]
        # From an even row go right, from an odd row go left: two steps keep the column.
        first, second = ((1, 2) if row & 1 == 0 else (2, 1)) if way < 0 else (
            (5, 4) if row & 1 == 0 else (4, 5))
        for direction in (first, second):
            target = neighbour(self.cursor, direction)
            if target in self.places:
                self.cursor = target
                return

    def action_choose(self) -> None:
        """Tell the screen that Enter was pressed on the hex under the cursor."""
        self.post_message(self.Chosen(self.cursor))

    def watch_cursor(self, old: Place, new: Place) -> None:
        """Redraw the two rows the cursor left and entered."""
        self._redraw((old[0], new[0]))

    def move_to(self, place: Place) -> None:
        """Put the cursor on ``place`` (ignored if it is not on the map)."""
        if place in self.places:
            self.cursor = place

    # ---- drawing ---------------------------------------------------------------------

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """The grid's width (rows shifted by half a cell), or the caption's if wider."""
        return self.cols * self.stride + self.stride // 2

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Every row of cells, then the caption and the legend lines."""
        return self.rows * self.cell_lines + 2

    def _cell_content(self, place: Place, sub: int) -> Content:
        """Line ``sub`` of the cell at ``place``, with its marks, and the gap after it."""
        blank = " " * self.cell_width
        cell = self._cells.get(place)
        if cell is None or place not in self.places:
            return Content(blank + " ")
        segments = cell[sub] if sub < len(cell) else ((blank, ""),)
        marks = [style for style, on in ((MARKED, place in self._marked),
                                         (CURSOR, place == self.cursor)) if on]
        pieces = []
        for text, style in segments:
            piece = Content.styled(text, style) if style else Content(text)
            for mark in marks:
                piece = piece.stylize(mark)
            pieces.append(piece)
        pieces.append(Content(" "))
        return Content("").join(pieces)

    def _cell_strip(self, place: Place, sub: int, cursor: Place) -> Strip:
        """The drawn strip of ``_cell_content``: a cell looks the same wherever it is, so
        its strip is made once for each look (text, marks, the widget's style)."""
        cell = self._cells.get(place)
        line = None if cell is None else cell[sub] if sub < len(cell) else ()
        key = (line, place in self._marked, place == cursor, place in self.places,
               self._style)
        strip = self._cell_strips.get(key)
        if strip is None:
            if len(self._cell_strips) >= CELL_STRIPS:
                self._cell_strips.clear()
            content = self._cell_content(place, sub)
            strip = Strip(content.render_segments(self.visual_style), content.cell_length)
            self._cell_strips[key] = strip
        return strip

    def _text_strip(self, text: str, style: str) -> Strip:
        """A caption or legend line (a cursor moving back and forth shows the same few)."""
        key = (text, style, self._style)
        strip = self._cell_strips.get(key)
        if strip is None:
            if len(self._cell_strips) >= CELL_STRIPS:
                self._cell_strips.clear()
            content = Content.styled(text, style)
            strip = Strip(content.render_segments(self.visual_style), content.cell_length)
            self._cell_strips[key] = strip
        return strip

    def _indent(self, row: int) -> int:
        return self.stride // 2 if row & 1 else 0

    def _row_lines(self, row: int) -> list[Content]:
        """The drawn lines of one row of cells, as text (for tests and text extraction)."""
        return [Content("").join([Content(" " * self._indent(row)),
                                  *(self._cell_content((row, col), sub)
                                    for col in range(self.cols))]).rstrip()
                for sub in range(self.cell_lines)]

    def render_line_contents(self) -> list[Content]:
        """Every drawn line: the rows of cells, the caption and the legend."""
        lines = [line for row in range(self.rows) for line in self._row_lines(row)]
        width = self.cols * self.stride + self.stride // 2
        lines.append(Content.styled(_cut(self._caption, width), "bold"))
        lines.append(Content.styled(_cut(self._legend, width), "dim"))
        return lines

    def render_line(self, y: int) -> Strip:
        """One line of the map (the line API: only changed lines are drawn again)."""
        width = self.size.width
        style = self.visual_style
        if style != self._style:  # focus or theme: every line is drawn again (the cells
            self._style = style      # are kept by style: focus goes back and forth)
            self._strips.clear()
        strip = self._strips.get(y)
        if strip is None or strip.cell_length != width:
            below = self.rows * self.cell_lines
            if y < below:
                row, sub = divmod(y, self.cell_lines)
                indent = self._indent(row)
                pieces = [Strip.blank(indent, style.rich_style)] if indent else []
                cursor = self.cursor
                pieces += [self._cell_strip((row, col), sub, cursor) for col in range(self.cols)]
                strip = Strip.join(pieces)
            else:
                text = self._caption if y == below else self._legend if y == below + 1 else ""
                strip = self._text_strip(_cut(text, width), "dim" if y > below else "bold")
            strip = strip.extend_cell_length(width, style.rich_style).crop(0, width)
            self._strips[y] = strip
        return strip
