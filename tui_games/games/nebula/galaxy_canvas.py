"""The line art of a Nebula Galaxy on a character grid: where every link is drawn.

Pure geometry, no widget: ``draw_links(layout)`` routes every link of the topology
(``board.DIRECT_LINKS``, ``INDIRECT_LINKS``, the orbit rings and C's four links) between
the cells that ``layout`` places, and returns the grid of box-drawing characters with the
kind of link each character belongs to. The widget then writes the cells on top.

Routing, so links never overlap one another:

- an orbit link runs along its orbit's row between ring neighbours; after the last space
  of a row the line runs on to ``↺`` (the ring closes back to the row's first space);
- a direct link between rows goes straight up, or, when the two spaces sit in different
  columns, along the row between them from the lower space's edge to the upper one's;
- C's four direct links meet on the row above C;
- an indirect link is a dotted bracket in the lane two columns left of its column,
  hooked under the upper space and over the lower one, so it passes beside the spaces it
  jumps over; where it crosses an orbit row the dotted line is drawn over the orbit line.
"""

from __future__ import annotations

import itertools
from typing import Literal, NamedTuple

from tui_games.games.nebula.board import (
    CENTRE,
    DIRECT_LINKS,
    INDIRECT_LINKS,
    ORBITS,
    SPACES,
    GalaxyLayout,
)

Kind = Literal["direct", "indirect", "orbit"]
UP, DOWN, LEFT, RIGHT = 1, 2, 4, 8
_STEP = {(-1, 0): (UP, DOWN), (1, 0): (DOWN, UP), (0, -1): (LEFT, RIGHT), (0, 1): (RIGHT, LEFT)}

_SOLID = {
    UP | DOWN: "│", LEFT | RIGHT: "─", DOWN | RIGHT: "╭", DOWN | LEFT: "╮", UP | RIGHT: "╰",
    UP | LEFT: "╯", UP | DOWN | RIGHT: "├", UP | DOWN | LEFT: "┤", DOWN | LEFT | RIGHT: "┬",
    UP | LEFT | RIGHT: "┴", UP | DOWN | LEFT | RIGHT: "┼", UP: "│", DOWN: "│", LEFT: "─",
    RIGHT: "─",
}
_DOTTED = {**_SOLID, UP | DOWN: "┆", LEFT | RIGHT: "┄", UP: "┆", DOWN: "┆", LEFT: "┄",
           RIGHT: "┄"}
WRAP = "↺"
# Columns left of the layout: the orbit number, a blank, the lane and hook of N's
# indirect link.
MARGIN = 4
# Columns right of the layout: at least one line character, then the wrap mark.
RIGHT_MARGIN = 2


class Art(NamedTuple):
    """The drawn links: ``lines`` of text and, per line, ``(start, end, kind)`` runs;
    ``cells[space]`` is the (row, column) of each space's cell on those lines."""

    lines: list[str]
    runs: list[list[tuple[int, int, Kind]]]
    cells: dict[int, tuple[int, int]]
    cell_width: int


class _Grid:
    """Direction bits per character and per link kind; turned into glyphs at the end."""

    def __init__(self, height: int, width: int) -> None:
        self.height = height
        self.width = width
        self.bits: dict[tuple[int, int], dict[Kind, int]] = {}

    def path(self, points: list[tuple[int, int]], kind: Kind,
             skip: frozenset[tuple[int, int]] = frozenset()) -> None:
        """Draw a path through orthogonally adjacent ``points``; ``skip`` are cell
        characters (the path ends there but draws nothing)."""
        for (r0, c0), (r1, c1) in itertools.pairwise(points):
            out, back = _STEP[(r1 - r0, c1 - c0)]
            self._add(r0, c0, kind, out, skip)
            self._add(r1, c1, kind, back, skip)

    def _add(self, row: int, col: int, kind: Kind, bit: int,
             skip: frozenset[tuple[int, int]]) -> None:
        if (row, col) in skip:
            return
        kinds = self.bits.setdefault((row, col), {})
        kinds[kind] = kinds.get(kind, 0) | bit

    def glyph(self, row: int, col: int) -> tuple[str, Kind] | None:
        """The character at (row, col) and the link kind it shows."""
        kinds = self.bits.get((row, col))
        if not kinds:
            return None
        # A dotted indirect link passes over an orbit line; direct links never cross.
        for kind in ("indirect", "direct", "orbit"):
            if kind in kinds:
                table = _DOTTED if kind == "indirect" else _SOLID
                return table[kinds[kind]], kind
        return None


def draw_links(layout: GalaxyLayout) -> Art:
    """Route every link of the Galaxy on ``layout`` (see the module docstring)."""
    cw = layout.cell_width
    cells = {i: (r, c + MARGIN) for i, (r, c) in
             ((i, layout.positions[name]) for i, name in enumerate(SPACES))}
    width = MARGIN + layout.width + RIGHT_MARGIN
    grid = _Grid(layout.height, width)
    occupied = frozenset((r, c + k) for r, c in cells.values() for k in range(cw))

    def centre(space: int) -> int:
        return cells[space][1] + cw // 2

    # Orbit rings: row neighbours, then on to the wrap mark.
    for ring in ORBITS:
        row = cells[ring[0]][0]
        cols = [cells[s][1] for s in ring]
        for a, b in itertools.pairwise(cols):
            grid.path([(row, c) for c in range(a + cw - 1, b + 1)], "orbit", occupied)
        grid.path([(row, c) for c in range(cols[-1] + cw - 1, width - 1)], "orbit", occupied)

    # Direct links (C's four are routed together below).
    orbit1_row = cells[ORBITS[0][0]][0]
    for a, b in DIRECT_LINKS:
        if CENTRE in (a, b):
            continue
        low, high = (a, b) if cells[a][0] > cells[b][0] else (b, a)
        (rl, cl), (rh, ch) = cells[low], cells[high]
        if cl == ch:
            x = centre(low)
            grid.path([(r, x) for r in range(rl, rh - 1, -1)], "direct", occupied)
            continue
        # From the lower cell's edge facing the upper one, along the row above it.
        start = cl + cw - 1 if ch > cl else cl
        end = ch if ch > cl else ch + cw - 1
        step = 1 if end > start else -1
        points = [(rl, start)] + [(rl - 1, c) for c in range(start, end + step, step)]
        points += [(r, end) for r in range(rl - 2, rh - 1, -1)]
        grid.path(points, "direct", occupied)

    # C: down from each orbit-1 space to the row above C, then along it and into C.
    rc = cells[CENTRE][0]
    xc = centre(CENTRE)
    for space in ORBITS[0]:
        x = centre(space)
        points = [(r, x) for r in range(orbit1_row, rc)]
        step = 1 if xc > x else -1
        points += [(rc - 1, c) for c in range(x + step, xc + step, step)] if x != xc else []
        points.append((rc, xc))
        grid.path(points, "direct", occupied)

    # Indirect links: a dotted bracket in the lane left of the column.
    for a, b in INDIRECT_LINKS:
        upper, lower = (a, b) if cells[a][0] < cells[b][0] else (b, a)
        (ru, c0), (rl, _) = cells[upper], cells[lower]
        lane = c0 - 2
        points = [(ru, c0), (ru + 1, c0), (ru + 1, c0 - 1)]
        points += [(r, lane) for r in range(ru + 1, rl)]
        points += [(rl - 1, c0 - 1), (rl - 1, c0), (rl, c0)]
        grid.path(_dedupe(points), "indirect", occupied)

    lines: list[str] = []
    runs: list[list[tuple[int, int, Kind]]] = []
    ring_rows = {cells[ring[0]][0]: k + 1 for k, ring in enumerate(ORBITS)}
    for row in range(layout.height):
        chars = [" "] * width
        kinds: list[Kind | None] = [None] * width
        for col in range(width):
            found = grid.glyph(row, col)
            if found:
                chars[col], kinds[col] = found
        if row in ring_rows:
            chars[0] = str(ring_rows[row])
            chars[width - 1] = WRAP
            kinds[width - 1] = "orbit"
        lines.append("".join(chars))
        runs.append(_runs(kinds))
    return Art(lines, runs, cells, cw)


def _dedupe(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    out: list[tuple[int, int]] = []
    for p in points:
        if not out or out[-1] != p:
            out.append(p)
    return out


def _runs(kinds: list[Kind | None]) -> list[tuple[int, int, Kind]]:
    """Consecutive characters of one kind as (start, end, kind)."""
    out: list[tuple[int, int, Kind]] = []
    start = 0
    for col in range(1, len(kinds) + 1):
        if col == len(kinds) or kinds[col] != kinds[start]:
            kind = kinds[start]
            if kind is not None:
                out.append((start, col, kind))
            start = col
    return out
