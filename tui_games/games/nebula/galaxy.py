"""GalaxyBoard: one player's Nebula Galaxy, drawn with its links, and a cursor on a space.

The board follows ``board.COMPACT_LAYOUT`` (fits 80x24) or, when ``large`` is set,
``board.LARGE_LAYOUT`` (120x40 and up); the links come from ``galaxy_canvas``. A space
shows its star's letter in the star's colour (``·`` when empty; the space's name in the
large form), ``*`` on a highlighted space, ``+`` on a space the screen marks as a legal
target, and ``[ ]`` in reverse video under the cursor, so every mark reads without
colour. The header line names the Galaxy and shows its Black Star Zone; while the cursor
shows, the row of ``C`` ends with the name of the space under it (``at E2b``), the name the
status line, the log and the rules use. With ``names`` set every cell shows its space's
name instead (an occupied one in its star's colour), until ``names`` is cleared.

Arrow keys (and h/j/k/l) move the cursor to the nearest space that way
(``board.space_in_direction``). The board knows no rules: the screen tells it which
spaces to mark (``mark``) and watches ``cursor`` (a watcher runs at once, so the status
line it feeds is drawn in the same frame as the cursor, not one message hop later).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache, lru_cache
from typing import ClassVar

from textual import events
from textual.binding import Binding
from textual.content import Content, Span
from textual.geometry import Region, Size
from textual.reactive import reactive
from textual.strip import Strip

from tui_games.engine.text import fit
from tui_games.games.nebula.board import (
    BLACK_ZONE_SIZE,
    BLACK_ZONE_VP,
    CENTRE,
    COMPACT_LAYOUT,
    HIGHLIGHTED,
    LARGE_LAYOUT,
    SPACE_COUNT,
    SPACES,
    GalaxyLayout,
    space_in_direction,
)
from tui_games.games.nebula.galaxy_canvas import Art, draw_links
from tui_games.games.nebula.star_colours import star_style
from tui_games.games.nebula.state import EMPTY, STAR_LETTERS
from tui_games.games.nebula.table_model import BLACK_ZONE_LABEL, BLACK_ZONE_SHORT
from tui_games.tui.widgets.cell_map import MapFrame, split_at_cuts
from tui_games.tui.widgets.line_widget import Line, LineWidget

FILLED, FREE = "●", "○"
# Reverse video, not a component class: a component class's background is lost in a span.
CURSOR = "bold reverse"
LEGEND = "+ legal  * highlighted  │ direct  ┆ indirect  ─ orbit  ↺ ring closes"
# "─orbit" stays at 80 columns: the Career cards and hints say "Orbit 5", and a new
# player could not tell it was the row numbered 5 (issue 31, played).
SHORT_LEGEND = "+legal *highlight ┆indirect ─orbit ↺closes"
NAMES_LEGEND = "every space's name (n: stars again)"


@cache
def art(large: bool) -> Art:
    """The link drawing of the compact or large layout (computed once)."""
    return draw_links(LARGE_LAYOUT if large else COMPACT_LAYOUT)


@cache
def cells_by_row(large: bool) -> dict[int, tuple[int, ...]]:
    """The spaces drawn on each row of the drawing."""
    rows: dict[int, list[int]] = {}
    for space, (r, _) in art(large).cells.items():
        rows.setdefault(r, []).append(space)
    return {r: tuple(spaces) for r, spaces in rows.items()}


@cache
def cut_widths(large: bool) -> list[int]:
    """A MapFrame's column widths for the drawing: an edge where each cell begins and
    just after it ends (the cursor's marks change a cell; the name after C's cell is
    written from the edge after that cell)."""
    drawing = art(large)
    width = len(drawing.lines[0])
    edges = {0} | {col for _, col in drawing.cells.values()}
    ordered = sorted(edges)
    return [end - start for start, end in zip(ordered, [*ordered[1:], width], strict=True)]


def cut_count() -> int:
    """The most columns either drawing needs (a frame is built for both)."""
    return max(len(cut_widths(False)), len(cut_widths(True)))


Spans = tuple[tuple[int, int, str], ...]  # (start, end, style): ".component" or "bold reverse"
Row = tuple[str, Spans]  # a drawn row: its text and styled runs


@lru_cache(maxsize=1024)  # each lay-out asks for every row; most read as before
def _content(row: Row) -> Content:
    text, spans = row
    return Content(text, [Span(a, b, style) for a, b, style in spans])


def black_zone(placed: int, target: bool = False) -> str:
    """`●●○○○○○○ 2 VP`: the Black Star Zone's 8 slots; ``target`` marks the next slot `+`."""
    slots = [FILLED] * placed + [FREE] * (BLACK_ZONE_SIZE - placed)
    if target and placed < BLACK_ZONE_SIZE:
        slots[placed] = "+"
    return f"{''.join(slots)} {BLACK_ZONE_VP[placed]} VP"


COMPONENT_RULES = {
    "galaxy--direct": "color: $text;",
    "galaxy--indirect": "color: $text-accent;",
    "galaxy--orbit": "color: $text-muted;",
    "galaxy--label": "color: $text-muted; text-style: bold;",
    "galaxy--empty": "color: $text-muted;",
    "galaxy--highlight": "color: $text-warning; text-style: bold;",
    "galaxy--legal": "color: $text-success; text-style: bold;",
    "galaxy--title": "text-style: bold;",
    "galaxy--legend": "color: $text-muted;",
}
"""The component classes its spans name, and their rules: held by the table's
palette (palette.py), not by the GalaxyBoard, so that a focus move restyles the board
alone and not each of its classes as well (issue 17)."""


class GalaxyBoard(LineWidget, can_focus=True):
    """A Galaxy of 25 spaces with a cursor; ``mark`` the legal targets to show them."""

    MERGE_LOOKS = True  # fewer bytes per key (issue 17)

    ALLOW_SELECT: ClassVar[bool] = False  # a drawing, not text to copy

    DEFAULT_CSS = """
    GalaxyBoard { width: auto; height: auto; }
    """

    BINDINGS = [
        Binding("up,k", "move(-1, 0)", "Move", key_display="⇅⇆", tooltip="(↑ k Up)"),
        Binding("down,j", "move(1, 0)", "Down", show=False),
        Binding("left,h", "move(0, -1)", "Left", show=False),
        Binding("right,l", "move(0, 1)", "Right", show=False),
    ]

    cursor: reactive[int] = reactive(CENTRE, repaint=False)  # watch_cursor repaints
    large: reactive[bool] = reactive(False, layout=True)
    # Set through show_galaxy and mark, which repaint only the rows that change.
    stars: reactive[tuple[int, ...]] = reactive((EMPTY,) * SPACE_COUNT)
    legal: reactive[frozenset[int]] = reactive(frozenset())
    black: reactive[int] = reactive(0)
    black_target: reactive[bool] = reactive(False)
    title: reactive[str] = reactive("Galaxy")
    show_cursor: reactive[bool] = reactive(False)
    legend: reactive[bool] = reactive(True, layout=True)
    names: reactive[bool] = reactive(False)

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        # The rows built for what the board shows (see _lines), and what that was.
        self._built: list[Row | None] = []
        self._built_for: tuple[object, ...] = ()
        self.frame: MapFrame | None = None  # set by a MapFrame around the board

    @property
    def layout_(self) -> GalaxyLayout:
        """The board geometry in use."""
        return LARGE_LAYOUT if self.large else COMPACT_LAYOUT

    # ---- changing ----------------------------------------------------------------------

    def show_galaxy(self, stars: Sequence[int], black: int, title: str, *,
                    legal: Iterable[int] | None = None,
                    black_target: bool | None = None) -> None:
        """Show a Galaxy: its 25 stars (EMPTY for none), black stars placed, a title;
        with ``legal`` (and ``black_target``) the marks too, as ``mark`` sets them, in
        the same repaint."""
        values: dict[str, object] = {"stars": tuple(stars), "black": black, "title": title}
        if legal is not None:
            values["legal"] = frozenset(legal)
            values["black_target"] = bool(black_target)
        self._show(**values)

    def mark(self, legal: Iterable[int] = (), black_target: bool = False) -> None:
        """Mark the spaces a star may go on now (and the next black slot); () clears."""
        self._show(legal=frozenset(legal), black_target=black_target)

    def _show(self, **values: object) -> None:
        """Set what the board shows and repaint once (LineWidget repaints only the rows
        that now read differently: a star placed changes a row or two and the marks)."""
        changed = {name: value for name, value in values.items()
                   if getattr(self, name) != value}
        if not changed:
            return
        for name, value in changed.items():
            self.set_reactive(getattr(GalaxyBoard, name), value)
        self.refresh()

    def move_cursor_to(self, space: int) -> None:
        """Put the cursor on ``space``."""
        if 0 <= space < SPACE_COUNT:
            self.cursor = space

    def jump_to_nearest(self, spaces: Iterable[int]) -> None:
        """Move the cursor to the space of ``spaces`` nearest to it (unless already on one)."""
        choices = set(spaces)
        if not choices or self.cursor in choices:
            return
        positions = self.layout_.positions
        row, col = positions[SPACES[self.cursor]]

        def distance(space: int) -> tuple[int, int]:
            r, c = positions[SPACES[space]]
            return (abs(r - row) * 4 + abs(c - col), space)  # rows are further apart

        self.move_cursor_to(min(choices, key=distance))

    def action_move(self, d_row: int, d_col: int) -> None:
        """Move the cursor to the nearest space in that direction (stays at the edge)."""
        self.move_cursor_to(space_in_direction(self.layout_, self.cursor, d_row, d_col))

    def on_focus(self, event: events.Focus) -> None:
        """The cursor shows while the board has the keys."""
        self.show_cursor = True

    def on_blur(self, event: events.Blur) -> None:
        """Another widget has the keys: hide the cursor."""
        self.show_cursor = False

    def on_click(self, event: events.Click) -> None:
        """A click on a space moves the cursor there."""
        drawing = art(self.large)
        row = event.y - 1
        for space, (r, c) in drawing.cells.items():
            if r == row and c <= event.x < c + drawing.cell_width:
                self.focus()
                self.move_cursor_to(space)
                return

    # ---- drawing -----------------------------------------------------------------------

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """As wide as the drawing (the header and legend fit in it)."""
        return len(art(self.large).lines[0])

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """The header, the board and (when ``legend``) the legend line."""
        return 1 + len(art(self.large).lines) + (1 if self.legend else 0)

    def cut_widths(self) -> tuple[list[int], int]:
        """A MapFrame's columns (see ``cut_widths``), as high as the board."""
        return cut_widths(self.large), self._row_count()

    def changed_regions(self, old: Sequence[Strip], new: Sequence[Strip],
                        width: int) -> list[Region]:
        """In a frame, each changed row's span split at the columns' edges (a cursor
        key writes its two cells and C's name, not the row from the board's left)."""
        regions = super().changed_regions(old, new, width)
        if self.frame is None:
            return regions
        return split_at_cuts(regions, old, new, width, *self.cut_widths())

    def on_resize(self, event: events.Resize) -> None:
        """The drawing (large or compact, with or without the legend) sets the columns."""
        if self.frame is not None:
            self.frame.fit()

    def content_lines(self, width: int) -> list[Line]:
        """Header, links and cells, legend: a line per row of the board."""
        return [_content(row) for row in self._lines()]

    def watch_cursor(self, old: int, new: int) -> None:
        """Build the rows of the old and new cursor spaces and C's (the label there) again,
        and repaint (LineWidget repaints those rows alone)."""
        self._rebuild(old, new, CENTRE)
        self.refresh()

    def watch_show_cursor(self) -> None:
        """The cursor shown or hidden (the focus came or went, on most phase keys): the
        rows of its space and of C (the label there) are built again, not the board
        (the reactive's own refresh repaints them)."""
        self._rebuild(self.cursor, CENTRE)

    def _rebuild(self, *spaces: int) -> None:
        """Build the rows of ``spaces`` again at the next lay-out."""
        cells = art(self.large).cells
        for space in spaces:
            row = cells[space][0] + 1
            if row < len(self._built):
                self._built[row] = None

    def _lines(self) -> list[Row]:
        """The board's rows for what it shows now: a row is built once per change of what
        the board shows (a cursor move builds its three rows again, see watch_cursor)."""
        # Not show_cursor: it changes two rows (watch_show_cursor).
        shown = (self.stars, self.legal, self.black, self.black_target, self.title,
                 self.names, self.large, self.legend)
        if shown != self._built_for or len(self._built) != self._row_count():
            self._built_for = shown
            self._built = [None] * self._row_count()
        rows = self._built
        for y, row in enumerate(rows):
            if row is None:
                rows[y] = self._build_row(y)
        return rows  # type: ignore[return-value]  # every row is built by now

    def _row_count(self) -> int:
        return 1 + len(art(self.large).lines) + (1 if self.legend else 0)

    def _build_row(self, y: int) -> Row:
        """Row ``y``: the header, a row of links and cells, or the legend."""
        drawing = art(self.large)
        width = len(drawing.lines[0])
        if y == 0:
            return self._header(width)
        if y > len(drawing.lines):
            legend = LEGEND if len(LEGEND) <= width else SHORT_LEGEND
            if self.names:
                legend = NAMES_LEGEND
            return fit(legend, width), ((0, min(len(legend), width), ".galaxy--legend"),)
        row = y - 1
        line = drawing.lines[row]
        chars = list(line)
        line_spans: list[tuple[int, int, str]] = [
            (a, b, f".galaxy--{kind}") for a, b, kind in drawing.runs[row]]
        if line[:1].isdigit():
            line_spans.append((0, 1, ".galaxy--label"))
        for space in cells_by_row(self.large).get(row, ()):
            col = drawing.cells[space][1]
            text, cell_spans = self._cell(space, drawing.cell_width)
            chars[col: col + len(text)] = text
            line_spans.extend((col + a, col + b, style) for a, b, style in cell_spans)
            if space == CENTRE:
                chars[col - 7: col - 1] = "centre"
                line_spans.append((col - 7, col - 1, ".galaxy--label"))
                where = self._where(width - col - drawing.cell_width - 1)
                if where:
                    chars[width - len(where):] = where
                    line_spans.append((width - len(where), width, ".galaxy--title"))
        return "".join(chars), tuple(line_spans)

    def _header(self, width: int) -> Row:
        """The Galaxy's title and its Black Star Zone."""
        slots = black_zone(self.black, self.black_target)
        # named as the rulebook does where the title leaves room (issue 31: "black" read
        # like the clusters' Black Star indicator)
        label = next((name for name in (BLACK_ZONE_LABEL, BLACK_ZONE_SHORT)
                      if len(self.title) + len(name) + len(slots) + 2 <= width),
                     BLACK_ZONE_SHORT)
        zone = f"{label} {slots}"
        title = fit(self.title, max(width - len(zone) - 1, 0))
        header = title + " " * (width - len(title) - len(zone)) + zone
        spans = [(0, len(title), ".galaxy--title")]
        if self.black_target and self.black < BLACK_ZONE_SIZE:
            at = width - len(zone) + len(label) + 1 + self.black  # the next free slot
            spans.append((at, at + 1, ".galaxy--legal"))
        return header, tuple(spans)

    def _where(self, room: int) -> str:
        """``at E2b``: the space under the cursor, when it shows and fits in ``room``."""
        if not self.show_cursor:
            return ""
        where = f"at {SPACES[self.cursor]}"
        return where if len(where) <= room else ""

    def _cell(self, space: int, width: int) -> tuple[str, list[tuple[int, int, str]]]:
        """A cell's text and its styled runs (offsets inside the cell)."""
        star = self.stars[space]
        cursor = self.show_cursor and space == self.cursor
        legal = space in self.legal
        highlighted = space in HIGHLIGHTED
        if self.names:  # every space's name, over the whole cell when it needs it
            name = SPACES[space]
            text = name.center(width) if len(name) == width else f" {name}".ljust(width)
            style = star_style(star) if star != EMPTY else ".galaxy--label"
            spans = [(0, width, style)] + ([(0, width, CURSOR)] if cursor else [])
            return text, spans
        left = "[" if cursor else "+" if legal else " "
        right = "]" if cursor else "*" if highlighted else " "
        if star != EMPTY:
            middle = STAR_LETTERS[star].center(width - 2)
            middle_style = star_style(star)
        else:
            middle = (SPACES[space] if width >= 5 else "·").center(width - 2)
            middle_style = ".galaxy--empty"
        spans: list[tuple[int, int, str]] = [(1, width - 1, middle_style)]
        if cursor:
            spans.append((0, width, CURSOR))
        else:
            if legal:
                spans.append((0, 1, ".galaxy--legal"))
            if highlighted:
                spans.append((width - 1, width, ".galaxy--highlight"))
        return left + middle + right, spans
