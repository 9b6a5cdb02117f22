"""CellMap: a board of cells in rows with one cursor, drawn on LineWidget's line cache.

The base of the games' maps (a hex map, a square grid). A subclass says how its cells lie
and which cell is next to which; the base keeps everything else in one place:

- the ``cursor`` reactive (a cell's key: whatever the subclass names its cells by), moved
  by the subclass's keys through ``step_to``, by ``move_to`` and by a click on a cell; a
  click on the cell already under the cursor is Enter there;
- Enter posts ``CellMap.Chosen`` (subclasses keep their own message name);
- the drawing: each cell is one or more lines of styled segments that the screen supplies,
  the cursor's cell in reverse video, marked cells (a path, say) underlined in bold, then a
  caption line (what the cursor is on) and a legend line. Each cell is one cached piece of
  its row, so a cursor move repaints the two rows it touches and draws only the two cells
  whose look changed;
- rulers (``set_rulers``): a label over each column and before each row, so a cell's name
  can be read off the map (not lit for the cursor: the caption names its cell, and a
  lit label would be written to the terminal on every cursor key);
- flags: a flagged cell (where the player can act, say) has ``FLAG`` in the column just
  before it, so it can be found without colour.

Owners follow the cursor by watching ``cursor``: the watcher runs as the key is handled,
so what it changes is painted in the cursor's frame (a message would come a frame late).
The module knows no game.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from itertools import accumulate, pairwise
from typing import Protocol

from textual import events
from textual.app import ComposeResult
from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from tui_games.engine.text import fit
from tui_games.tui.widgets.line_widget import Line, LineWidget
from tui_games.tui.widgets.strip_changes import changed_regions, changed_span

Segment = tuple[str, str]            # (text, style)
CellLine = tuple[Segment, ...]       # one drawn line of a cell
Cell = tuple[CellLine, ...]          # every drawn line of a cell

CURSOR = "bold reverse"
MARKED = "bold underline"
RULER = "dim"
CELL_LOOKS = 1024  # distinct cell looks kept (a map shows a few dozen at a time)
_GAP = Content(" ")


class CellMap(LineWidget, can_focus=True):
    """Cells in ``rows`` x ``cols`` with a cursor; the screen supplies them with ``show``.

    A subclass gives ``key_at`` (the cell at a row and column, None where there is none),
    ``place_of`` (the inverse), ``neighbour`` (for its keys) and, if its rows are shifted,
    ``indent``. ``WRAP_TAIL`` says whether the caption and legend wrap (True) or are cut
    to one line each with an ellipsis (False: the map's height never changes)."""

    DEFAULT_CSS = """
    CellMap { width: auto; height: auto; }
    """

    WRAP_TAIL = True
    BLANK_WIDTH = 3  # a cell's width until the first cells are shown
    FLAG = "▸"  # drawn just before a flagged cell (one column, neutral width)
    FLAG_STYLE = "bold"
    # A row of cells drawn as one line: its style runs merge (a cell's blank and the gap
    # after it are one run), so a repainted row sends fewer bytes; else each cell is a
    # piece of its own, kept by its look.
    WHOLE_ROWS = False
    # The cursor's cell in one look (its text in the map's colour, reversed) instead of
    # each segment's colour reversed: a cell of several colours under the cursor is one
    # style run, not one per colour and blank between them (issue 17: bytes per key).
    PLAIN_CURSOR = False

    # Not repainted by the reactive: the watcher repaints only the rows the cursor touches.
    cursor: reactive[Hashable] = reactive(0, repaint=False)

    class Chosen(Message):
        """Enter was pressed on the cell ``key``."""

        def __init__(self, key: Hashable) -> None:
            super().__init__()
            self.key = key

    def __init__(self, rows: int, cols: int, *, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.rows = rows
        self.cols = cols
        self.cell_width = self.BLANK_WIDTH
        self.cell_lines = 1
        self._cells: Mapping[Hashable, Cell] = {}
        self._marked: frozenset[Hashable] = frozenset()
        self._flagged: frozenset[Hashable] = frozenset()
        self._col_labels: tuple[str, ...] = ()
        self._row_labels: tuple[str, ...] = ()
        self._caption = ""
        self._legend = ""
        self._looks: LRUCache[Hashable, Content] = LRUCache(CELL_LOOKS)
        # Each row's drawn lines, kept with what they show of the cursor, marks and flags:
        # a layout after a cursor key draws again only the rows the cursor touched.
        self._rows: dict[int, tuple[Hashable, list[Line]]] = {}
        self._by_row: dict[int, tuple[frozenset[Hashable], frozenset[Hashable]]] = {}
        self._home: Hashable = None  # where the cursor stood when first shown
        self._owner: object = None  # whose view the cursor is in (see shown_to)
        # Each row's strips, kept with the lines they were drawn from (the same list
        # while the row shows the same) and the width and style: a key lays the map out
        # twice or more (the cursor's watcher, the screen's show, a focus), and the rows
        # it did not touch are then taken as they are.
        self._row_strips: dict[int, tuple[list[Line], Hashable, list[Strip]]] = {}
        self.frame: MapFrame | None = None

    # ---- what a subclass says -------------------------------------------------------

    def key_at(self, row: int, col: int) -> Hashable | None:
        """The key of the cell at ``row``, ``col``; None where the map has no cell."""
        raise NotImplementedError

    def place_of(self, key: Hashable) -> tuple[int, int]:
        """The row and column of the cell ``key``."""
        raise NotImplementedError

    def neighbour(self, key: Hashable, way: object) -> Hashable | None:
        """The cell one step ``way`` from ``key``; None off the map."""
        raise NotImplementedError

    def indent(self, row: int) -> int:
        """Columns of blank before ``row``'s first cell (a hex map shifts every other row)."""
        return 0

    def chosen_message(self, key: Hashable) -> Message:
        """The message Enter posts (a subclass names it in its own words)."""
        return self.Chosen(key)

    # ---- what the screen tells it -----------------------------------------------------

    def show(self, cells: Mapping[Hashable, Cell], *, marked: Iterable[Hashable] = (),
             flagged: Iterable[Hashable] = (), caption: str = "", legend: str = "") -> None:
        """Draw ``cells`` by key (every line of each exactly one width), bold and
        underline ``marked``, put ``FLAG`` before each of ``flagged``; ``caption``
        describes the cell under the cursor.

        Only the rows that look different are repainted; a layout pass only when the
        map's height or width changes (another cell size, a caption wrapping anew)."""
        marked = frozenset(marked)
        flagged = frozenset(flagged)
        if (cells is self._cells and marked == self._marked and flagged == self._flagged
                and caption == self._caption and legend == self._legend):
            return
        first = next(iter(cells.values()), None)
        shape = ((sum(len(t) for t, _ in first[0]), len(first)) if first
                 else (self.cell_width, self.cell_lines))
        width = self.size.width
        height = self._height(width) if width else None
        reshaped = shape != (self.cell_width, self.cell_lines)
        self.cell_width, self.cell_lines = shape
        if reshaped:
            self._rows.clear()
        elif cells is not self._cells:
            # Only the rows with a cell that reads differently are drawn again (a move
            # changes a cell or two): the others keep their lines and strips.
            old = self._cells
            for key in {*old, *cells}:
                if old.get(key) != cells.get(key):
                    self._rows.pop(self.place_of(key)[0], None)
        self._cells = cells
        if marked != self._marked or flagged != self._flagged:
            self._by_row = self._sort_by_row(marked, flagged)
        self._marked = marked
        self._flagged = flagged
        self._caption = caption
        self._legend = legend
        if reshaped or not width or self._height(width) != height:
            if self.frame is not None:
                self.frame.fit()
            self.refresh(layout=True)
        else:
            self.refresh()

    def set_rulers(self, cols: Iterable[str] = (), rows: Iterable[str] = ()) -> None:
        """Label the columns (a line over the map) and the rows (before each); no labels,
        no rulers."""
        col_labels, row_labels = tuple(cols), tuple(rows)
        if (col_labels, row_labels) != (self._col_labels, self._row_labels):
            self._col_labels, self._row_labels = col_labels, row_labels
            self._rows.clear()
            if self.frame is not None:
                self.frame.fit()
            self.refresh(layout=True)

    @property
    def caption(self) -> str:
        """The line under the map (what the cursor is on), as last shown."""
        return self._caption

    @property
    def stride(self) -> int:
        """Columns from one cell's start to the next one's (a one-column gap)."""
        return self.cell_width + 1

    # ---- the cursor ---------------------------------------------------------------------

    def step_to(self, way: object) -> None:
        """Move the cursor one cell ``way``, if the map goes on there."""
        target = self.neighbour(self.cursor, way)
        if target is not None:
            self.cursor = target

    def shown_to(self, owner: object) -> None:
        """The map is shown to ``owner`` (a seat) now. For another owner than before the
        cursor goes back to where it stood when the map was first shown (where a fresh
        table puts it), so a player never finds it where the player before left it
        (hot-seat, a replay's other seat)."""
        if self._owner is None:
            self._home = self.cursor
        elif owner != self._owner:
            self.move_to(self._home)
        self._owner = owner

    def move_to(self, key: Hashable) -> None:
        """Put the cursor on ``key`` (ignored if the map has no such cell)."""
        if self._exists(key):
            self.cursor = key

    def action_choose(self) -> None:
        """Tell the screen that Enter was pressed on the cell under the cursor."""
        self.post_message(self.chosen_message(self.cursor))

    def watch_cursor(self, old: Hashable, new: Hashable) -> None:
        """Repaint the rows the cursor left and entered (the owner's watcher, called
        after this one, adds its changes to the same frame)."""
        self.refresh()

    def cell_under(self, x: int, y: int) -> Hashable | None:
        """The cell drawn at content offset ``x``, ``y`` (None: a gap, the caption...)."""
        y -= self._header_lines()
        row, _ = divmod(y, self.cell_lines)
        if y < 0 or row >= self.rows:
            return None
        start = self._lead_width() + self.indent(row)
        col, inside = divmod(x - start, self.stride)
        if x < start or inside >= self.cell_width or col >= self.cols:
            return None
        return self.key_at(row, col)

    def on_click(self, event: events.Click) -> None:
        """A click puts the cursor on the cell; on the cursor's own cell it is Enter."""
        offset = event.get_content_offset(self)
        key = None if offset is None else self.cell_under(offset.x, offset.y)
        if key is None:
            return
        event.stop()
        if key == self.cursor:
            self.action_choose()
        else:
            self.cursor = key

    def _exists(self, key: Hashable) -> bool:
        try:
            row, col = self.place_of(key)
        except (TypeError, ValueError):
            return False
        return 0 <= row < self.rows and 0 <= col < self.cols and self.key_at(row, col) == key

    # ---- drawing ------------------------------------------------------------------------

    def cut_widths(self) -> tuple[list[int], int]:
        """The widths of MapFrame's columns: the row labels' (0 without them), then one
        per column of cells, each from a cell's first column in the unshifted rows; and
        their height: the column labels and the rows of cells (not the caption, which
        changes whole)."""
        return ([self._lead_width()] + [self.stride] * self.cols,
                self._header_lines() + self.rows * self.cell_lines)

    def changed_regions(self, old: Sequence[Strip], new: Sequence[Strip],
                        width: int) -> list[Region]:
        """In a frame, each changed row's span split at the columns' edges, each piece
        narrowed to its own changed cells: Textual writes each piece from its column's
        edge, so the cells between two changed ones (a gap, a flag) are not written."""
        regions = changed_regions(old, new, width)
        if self.frame is None:
            return regions
        return split_at_cuts(regions, old, new, width, *self.cut_widths())

    def grid_width(self) -> int:
        """The cells' width: the most shifted row, every cell and its one-column gap."""
        return (self._lead_width() + max(self.indent(row) for row in range(self.rows))
                + self.cols * self.stride)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """The grid's width."""
        return self.grid_width()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Every row of cells, then the caption and the legend."""
        return self._height(width)

    def _height(self, width: int) -> int:
        tail = 2
        if self.WRAP_TAIL:
            tail = sum(len(self.strips(line, max(1, width))) for line in self._tail(width))
        return self._header_lines() + self.rows * self.cell_lines + tail

    def _header_lines(self) -> int:
        return 1 if self._col_labels else 0

    def _label_width(self) -> int:
        return max(map(len, self._row_labels), default=0)

    def _lead_width(self) -> int:
        """Columns before a row's cells: the row label and a space (the flag's column)."""
        width = self._label_width()
        return width + 1 if width else 0

    def _tail(self, width: int) -> list[Content]:
        """The caption (bold) and the legend (dim), cut to ``width`` unless they wrap."""
        caption, legend = self._caption, self._legend
        if not self.WRAP_TAIL:
            caption, legend = fit(caption, width), fit(legend, width)
        return [Content.styled(caption, "bold"), Content.styled(legend, "dim")]

    def cell_look(self, key: Hashable | None, sub: int) -> Content:
        """Line ``sub`` of the cell ``key`` as drawn now (marks, cursor), kept by what it
        shows."""
        cell = None if key is None else self._cells.get(key)
        segments = None if cell is None else cell[sub] if sub < len(cell) else ()
        marked = key is not None and key in self._marked
        cursor = key is not None and key == self.cursor
        look = (segments, marked, cursor, self.cell_width)
        content = self._looks.get(look)
        if content is None:
            content = self._looks[look] = self._draw_cell(segments, marked, cursor)
        return content

    def _draw_cell(self, segments: CellLine | None, marked: bool, cursor: bool) -> Content:
        if not segments:
            return Content(" " * self.cell_width)
        if cursor and self.PLAIN_CURSOR:  # the path's underline is lost in the block
            return Content.styled("".join(text for text, _ in segments), CURSOR)
        marks = [mark for mark, on in ((MARKED, marked), (CURSOR, cursor)) if on]
        pieces = []
        for text, style in segments:
            piece = Content.styled(text, style) if style else Content(text)
            for mark in marks:
                piece = piece.stylize(mark)
            pieces.append(piece)
        return Content("").join(pieces)

    def _sort_by_row(self, marked: frozenset[Hashable], flagged: frozenset[Hashable]
                     ) -> dict[int, tuple[frozenset[Hashable], frozenset[Hashable]]]:
        """The marked and flagged cells of each row."""
        rows: dict[int, tuple[set[Hashable], set[Hashable]]] = {}
        for index, keys in enumerate((marked, flagged)):
            for key in keys:
                rows.setdefault(self.place_of(key)[0], (set(), set()))[index].add(key)
        return {row: (frozenset(m), frozenset(f)) for row, (m, f) in rows.items()}

    def row_lines(self, row: int) -> list[Line]:
        """The drawn lines of one row of cells (one Content each if ``WHOLE_ROWS``, else
        a row of pieces), kept while the row shows the same."""
        row_at, col_at = self.place_of(self.cursor)
        state = (col_at if row == row_at else None, self._by_row.get(row))
        kept = self._rows.get(row)
        if kept is not None and kept[0] == state:
            return kept[1]
        pieces = self.row_pieces(row)
        lines: list[Line] = ([Content("").join(line) for line in pieces] if self.WHOLE_ROWS
                             else list(pieces))
        self._rows[row] = (state, lines)
        return lines

    def row_pieces(self, row: int) -> list[list[Content]]:
        """Each drawn line of one row of cells, as its pieces: the row's label and indent,
        then each cell with the column before it (its flag, or blank: a piece of its own,
        as the cells' looks repeat) and the gap after the last one."""
        keys = [self.key_at(row, col) for col in range(self.cols)]
        label_width = self._label_width()
        before = self._lead_width() + self.indent(row)  # columns before the first cell
        lines = []
        for sub in range(self.cell_lines):
            pieces = []
            if label_width:
                label = self._row_labels[row] if sub == 0 and row < len(self._row_labels) else ""
                pieces.append(Content.styled(label.rjust(label_width), RULER))
            if before > label_width + 1:
                pieces.append(Content(" " * (before - label_width - 1)))
            for col, key in enumerate(keys):
                if col or before:
                    pieces.append(self._flag if sub == 0 and key in self._flagged else _GAP)
                pieces.append(self.cell_look(key, sub))
            pieces.append(_GAP)
            lines.append(pieces)
        return lines

    @property
    def _flag(self) -> Content:
        return Content.styled(self.FLAG, self.FLAG_STYLE)

    def header_line(self) -> Content:
        """The column labels, each centred over its column of the unshifted rows: one
        dim run. Not lit for the cursor: the caption names its cell, and a lit label
        would be two more pieces of the screen written on every cursor key."""
        labels = [label.center(self.cell_width) + " " for label in self._col_labels[: self.cols]]
        return Content.styled(" " * self._lead_width() + "".join(labels), RULER)

    def lay_out(self, width: int) -> list[Strip]:
        """The rows; the rows of cells (and cut caption and legend lines) filled out to
        ``width`` in the widget's style."""
        if width <= 0:
            return []
        style = self.visual_style
        rich_style = style.rich_style
        rows: list[Strip] = []
        if self._col_labels:
            rows += [strip.adjust_cell_length(width, rich_style)
                     for strip in self.line_strips(self.header_line(), width)]
        drawn = (width, style)
        for row in range(self.rows):
            lines = self.row_lines(row)
            kept = self._row_strips.get(row)
            if kept is None or kept[0] is not lines or kept[1] != drawn:
                strips = [strip.adjust_cell_length(width, rich_style)
                          for line in lines for strip in self.line_strips(line, width)]
                kept = self._row_strips[row] = (lines, drawn, strips)
            rows += kept[2]
        for line in self._tail(width):
            tail = self.line_strips(line, width)
            rows += tail if self.WRAP_TAIL else [
                strip.adjust_cell_length(width, rich_style) for strip in tail]
        return rows

    def content_lines(self, width: int) -> list[Line]:
        """The column labels, the rows of cells (each one line if ``WHOLE_ROWS``, else a
        row of pieces), then the caption and the legend."""
        lines: list[Line] = [self.header_line()] if self._col_labels else []
        lines += [line for row in range(self.rows) for line in self.row_lines(row)]
        lines.extend(self._tail(width))
        return lines

    def text_lines(self) -> list[Content]:
        """Every drawn line as one Content, rows without their trailing blanks (tests,
        text extraction): the caption and legend as at the grid's width."""
        lines = [line for row in range(self.rows) for line in self.row_pieces(row)]
        header = [self.header_line()] if self._col_labels else []
        return [line.rstrip() for line in header] + [
            Content("").join(line).rstrip() for line in lines] + self._tail(self.grid_width())

    def render(self) -> Content:
        """The whole map as one block of text (text extraction, tests)."""
        return Content("\n").join(self.text_lines())


def split_at_cuts(regions: Iterable[Region], old: Sequence[Strip], new: Sequence[Strip],
                  width: int, widths: Sequence[int], height: int, top: int = 0
                  ) -> list[Region]:
    """Each of ``regions`` (rows ``old`` became ``new``, row ``top`` first) split at the
    edges of a frame's columns of ``widths`` (``height`` rows), each piece narrowed to
    its own changed cells: Textual writes each piece from its column's edge, so what lies
    between two changed cells (a gap, a flag, another card) is not written."""
    edges = sorted({edge for edge in accumulate(widths, initial=0) if edge < width})
    out: list[Region] = []
    for region in regions:
        y = region.y - top
        if y >= height or region.width == width:
            out.append(region)
            continue
        for start, end in pairwise([*edges, width]):
            if end <= region.x or start >= region.right:
                continue
            span = changed_span(old[y].crop(start, end), new[y].crop(start, end))
            if span is not None:
                out.append(Region(start + span[0], region.y, span[1] - span[0], 1))
    return out


class Framed(Protocol):
    """What MapFrame needs of the widget it frames."""

    frame: MapFrame | None

    def cut_widths(self) -> tuple[list[int], int]: ...

    def add_class(self, *names: str) -> Widget: ...


class _Cut(Widget):
    """A blank column behind the map: only its edges matter (see MapFrame)."""

    BLANK = True
    DEFAULT_CSS = """
    _Cut { layer: cuts; width: 1; height: 1; }
    """


class MapFrame(Widget):
    """A map (or any widget in columns: a hand of cards) with blank columns behind it,
    one per column of cells.

    Textual writes a changed span of a row from the nearest widget edge to its left (the
    compositor cuts each line at every widget's edges and writes whole pieces, cropped
    only at the right). Alone, a map's row is one piece: a cursor key in its last column
    rewrites the row from the map's left edge, every style run on the way. The columns
    behind put an edge just before each cell, so only the cells that changed are written;
    they are blank and never show (the map is drawn over them).

    The framed widget says where its columns are with ``cut_widths()`` (widths, height),
    has a ``frame`` attribute set here, and calls ``fit`` when they move."""

    BLANK = True
    DEFAULT_CSS = """
    MapFrame { layers: cuts cells; layout: horizontal; width: auto; height: auto; }
    MapFrame > .-framed { layer: cells; }
    """

    def __init__(self, cell_map: Framed, *, columns: int | None = None,
                 id: str | None = None) -> None:
        """``columns``: the most columns the widget can have (a CellMap's: its own)."""
        super().__init__(id=id)
        self.cell_map = cell_map
        count = columns if columns is not None else getattr(cell_map, "cols", 0) + 1
        self._cuts = [_Cut() for _ in range(count)]
        cell_map.add_class("-framed")
        cell_map.frame = self

    def compose(self) -> ComposeResult:
        yield from self._cuts
        yield self.cell_map

    def fit(self) -> None:
        """Put the columns' edges where the map's cells begin."""
        widths, height = self.cell_map.cut_widths()
        widths = [*widths[: len(self._cuts)], *[0] * (len(self._cuts) - len(widths))]
        for cut, width in zip(self._cuts, widths, strict=True):
            cut.display = width > 0
            cut.styles.width = width
            cut.styles.height = height
