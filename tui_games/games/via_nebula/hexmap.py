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

from collections.abc import Hashable, Iterable

from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.reactive import reactive

from tui_games.widgets.cell_map import Cell, CellLine, CellMap, Segment
from tui_games.widgets.line_widget import repaint_once

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

    def render_line_contents(self) -> list[Content]:
        """Every drawn line: the rows of cells, the caption and the legend."""
        return self.text_lines()
