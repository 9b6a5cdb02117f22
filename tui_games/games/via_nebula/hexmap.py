"""HexMap: a map of hexagons in offset rows, with a cursor that moves in six directions.

The hexes are drawn as cells in rows, each odd row shifted half a cell to the right
("odd-r"), so a cell touches two cells above, two below and one on each side: its six
neighbours. A cell is one line (compact) or two lines (large) of text that the screen
supplies, with a style per segment; the cursor, the marks, the caption and the legend
lines, clicks and the drawing come from the shared CellMap (widgets/cell_map.py).

Keys: left/right (h/l) move west/east; up/down (k/j) go to the row above/below, keeping
the column as straight as the rows allow; y, u, b, n move north-west, north-east,
south-west and south-east. Enter posts ``HexMap.Chosen``. To follow the cursor, watch its
``cursor`` reactive: the watcher runs as the key is handled, so whatever it changes is
painted in the same frame as the cursor (a message would arrive a frame late).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Sequence

from textual.binding import Binding
from textual.content import Content
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip

from tui_games.tui.widgets.cell_map import Cell, CellLine, CellMap, Segment
from tui_games.tui.widgets.line_widget import repaint_once, shows
from tui_games.tui.widgets.strip_changes import changed_regions, changed_span

__all__ = ["Cell", "CellLine", "HexMap", "Place", "Segment", "neighbour"]

Place = tuple[int, int]              # (row, column) in the offset grid

# Direction numbers: 0 east, 1 north-east, 2 north-west, 3 west, 4 south-west, 5 south-east.
_EVEN = ((0, 1), (-1, 0), (-1, -1), (0, -1), (1, -1), (1, 0))
_ODD = ((0, 1), (-1, 1), (-1, 0), (0, -1), (1, 0), (1, 1))


def neighbour(place: Place, direction: int) -> Place:
    """The offset-grid place one step from ``place`` in ``direction`` (0 east, then
    counter-clockwise: north-east, north-west, west, south-west, south-east)."""
    row, col = place
    dr, dc = (_ODD if row & 1 else _EVEN)[direction]
    return row + dr, col + dc


class HexMap(CellMap):
    """A hex map with a cursor; the screen supplies each cell's text with ``show``."""

    BINDINGS = [
        # The first binding of a set stands for the set in the footer; its tooltip names
        # its own key in the Keys panel (ctrl+p, Keys), which lists the others by name.
        Binding("left,h", "step(3)", "Move", key_display="←↑↓→", tooltip="(← h West)"),
        Binding("right,l", "step(0)", "East", show=False),
        Binding("up,k", "vertical(-1)", "Up", show=False),
        Binding("down,j", "vertical(1)", "Down", show=False),
        Binding("y", "step(2)", "Diagonals", key_display="y u b n", tooltip="(y North-west)"),
        Binding("u", "step(1)", "North-east", show=False),
        Binding("b", "step(4)", "South-west", show=False),
        Binding("n", "step(5)", "South-east", show=False),
        Binding("enter", "choose", "Choose", key_display="⏎"),
    ]

    DEFAULT_CSS = """
    HexMap { width: auto; height: auto; }
    """

    WRAP_TAIL = True  # a long caption wraps: the side column is taller than the map
    WHOLE_ROWS = True  # fewer style runs per row: fewer bytes when a cursor key repaints it
    BLANK_WIDTH = 4
    FLAG_STYLE = "bold #5fd7ff"  # the flag before a hex where the player can act

    cursor: reactive[Place] = reactive((0, 0), layout=False, repaint=False)

    class Chosen(Message):
        """Enter was pressed on ``place``."""

        def __init__(self, place: Place) -> None:
            super().__init__()
            self.place = place

    def __init__(self, rows: int, cols: int, places: Iterable[Place], *,
                 id: str | None = None, classes: str | None = None) -> None:
        """A map of ``rows`` x ``cols`` cells; only ``places`` exist (the rest is blank)."""
        super().__init__(rows, cols, id=id, classes=classes)
        self.places = frozenset(places)
        self.set_reactive(HexMap.cursor, min(self.places))
        # Each row's pieces as last drawn, and as they were at the last two layouts: a
        # repaint compares a re-drawn row with the one on screen piece by piece (see
        # changed_regions).
        self._drawn: dict[int, list[list[Content]]] = {}
        self._pieces_now: dict[int, list[list[Content]]] | None = None
        self._pieces_before: dict[int, list[list[Content]]] | None = None

    def key_at(self, row: int, col: int) -> Place | None:
        """The place at ``row``, ``col`` if the map has a hex there."""
        return (row, col) if (row, col) in self.places else None

    def place_of(self, key: Hashable) -> tuple[int, int]:
        """A place is its own row and column."""
        row, col = key  # type: ignore[misc]
        return row, col

    def neighbour(self, key: Hashable, way: object) -> Place | None:
        """The hex one step in direction ``way`` (0 east ... 5 south-east), if any."""
        assert isinstance(way, int)
        target = neighbour(key, way)  # type: ignore[arg-type]
        return target if target in self.places else None

    def indent(self, row: int) -> int:
        """Odd rows sit half a cell to the right."""
        return self.stride // 2 if row & 1 else 0

    def chosen_message(self, key: Hashable) -> Message:
        return self.Chosen(key)  # type: ignore[arg-type]

    def watch_has_focus(self, has_focus: bool) -> None:
        """No restyle when the focus comes or goes: no rule styles the map by its focus
        (styles/via_nebula.tcss says why; tests/ui guard it), and Textual's restyle of
        the map on each focus change (Enter, Esc, every play) cost ~1 ms before the key's
        first frame for a look that stayed the same."""

    # ---- keys ------------------------------------------------------------------------

    def action_step(self, direction: int) -> None:
        """Move one hex in ``direction`` (0 east ... 5 south-east), if there is one."""
        # Once: the map's own refresh for the cursor and the owner's (the caption, the
        # side) are laid out and compared with the screen together, at the end.
        with repaint_once():
            self.step_to(direction)

    def action_vertical(self, way: int) -> None:
        """Move to the row above (-1) or below (+1), zigzagging to stay in one column."""
        row = self.cursor[0]
        # From an even row go right, from an odd row go left: two steps keep the column.
        first, second = ((1, 2) if row & 1 == 0 else (2, 1)) if way < 0 else (
            (5, 4) if row & 1 == 0 else (4, 5))
        for direction in (first, second):
            target = self.neighbour(self.cursor, direction)
            if target is not None:
                with repaint_once():  # as in action_step
                    self.cursor = target
                return

    # ---- repainting ------------------------------------------------------------------

    def row_pieces(self, row: int) -> list[list[Content]]:
        """As CellMap's, kept to tell which pieces a re-drawn row changed."""
        pieces = super().row_pieces(row)
        self._drawn[row] = pieces
        return pieces

    def lay_out(self, width: int) -> list[Strip]:
        """As CellMap's; the rows' pieces of this layout and of the one before are kept."""
        rows = super().lay_out(width)
        self._pieces_before, self._pieces_now = self._pieces_now, dict(self._drawn)
        return rows

    def changed_regions(self, old: Sequence[Strip], new: Sequence[Strip],
                        width: int) -> list[Region]:
        """A re-drawn row of hexes repaints the pieces (a hex, a flag, a gap) that show
        something else, each hex narrowed to its changed cells (``_narrowed``), found by
        comparing pieces rather than the row's cells: a turn that ends changes the flags
        of many rows, and a cell by cell comparison of each (and again per column of
        MapFrame) took about 1.5 ms. The terminal gets the bytes CellMap's comparison sent.

        Rows the cells do not fill (the header, the caption and legend), a layout whose
        rows wrap or whose shape changed, and a row whose pieces read the same but whose
        strips differ go through CellMap's comparison."""
        before, now = self._pieces_before, self._pieces_now
        header = self._header_lines()
        cell_rows = self.rows * self.cell_lines
        if (before is None or now is None or width < self.grid_width()
                or len(old) < header + cell_rows or len(new) < header + cell_rows):
            return super().changed_regions(old, new, width)
        regions = changed_regions(old[:header], new[:header], width)
        strip_rows: list[int] = []  # rows left to CellMap's comparison
        for row in range(self.rows):
            was, is_ = before.get(row), now.get(row)
            for sub in range(self.cell_lines):
                y = header + row * self.cell_lines + sub
                if old[y] is new[y]:
                    continue  # the row's strips were kept: it was not drawn again
                if was is None or is_ is None or len(was) <= sub or len(is_) <= sub:
                    strip_rows.append(y)
                    continue
                spans = _changed_pieces(was[sub], is_[sub])
                if spans is None:
                    strip_rows.append(y)
                    continue
                regions += _narrowed(old[y], new[y], y, spans, width)
        if strip_rows:
            regions += [region for region in super().changed_regions(old, new, width)
                        if region.y in strip_rows]
        tail = header + cell_rows
        regions += changed_regions(old[tail:], new[tail:], width, top=tail)
        return regions

    def render_line_contents(self) -> list[Content]:
        """Every drawn line: the rows of cells, the caption and the legend."""
        return self.text_lines()


def _narrowed(old: Strip, new: Strip, y: int, spans: Sequence[tuple[int, int]],
              width: int) -> list[Region]:
    """Row ``y``'s changed pieces (``spans``), each hex narrowed to the cells in it that
    read differently (a hex whose last letter changed repaints that letter; one whose
    spans changed but whose cells look the same, none); a one-column piece (a flag, a
    gap) as it is. Only the changed hexes are compared cell by cell, not the row."""
    regions: list[Region] = []
    for x, end in spans:
        if x >= width:
            continue
        end = min(end, width)
        if end - x > 1:
            span = changed_span(old.crop(x, end), new.crop(x, end))
            if span is None:
                continue
            x, end = x + span[0], x + span[1]
        regions.append(Region(x, y, end - x, 1))
    return regions


def _changed_pieces(old: Sequence[Content], new: Sequence[Content]
                    ) -> list[tuple[int, int]] | None:
    """The columns [start, end) of each piece of a row that shows something else than
    the piece before it at the same place; None when the pieces do not line up (another
    number, another width) or none changed (the strips are compared instead)."""
    if len(old) != len(new):
        return None
    spans: list[tuple[int, int]] = []
    x = 0
    for was, is_ in zip(old, new, strict=True):
        size = is_.cell_length
        if was is not is_:
            if was.cell_length != size:
                return None
            if shows(was) != shows(is_):
                spans.append((x, x + size))
        x += size
    return spans or None
