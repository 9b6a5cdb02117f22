"""The Nebula boards as data: the Galaxy topology (verbatim from the spec), the Star
Cluster constants, and character-grid geometry for drawing a Galaxy.

Spaces are numbered 0..24 in ``SPACES`` order; index 0 is the centre ``C``. Every rule
speaks of spaces by index; the names are for people (``N3b``, ``E2b``...).
"""

from __future__ import annotations

from typing import NamedTuple

# ---- the Galaxy board ------------------------------------------------------------------

SPACES: tuple[str, ...] = (
    "C",
    "N1", "N2", "N3", "N3b", "N4", "N5",
    "E1", "E2", "E2b", "E3", "E4", "E5",
    "S1", "S2", "S3", "S3b", "S4", "S5",
    "W1", "W2", "W3", "W4", "W4b", "W5",
)
INDEX: dict[str, int] = {name: i for i, name in enumerate(SPACES)}
SPACE_COUNT = len(SPACES)
CENTRE = INDEX["C"]

CONSTELLATION_NAMES: tuple[str, ...] = ("North", "East", "South", "West")
CONSTELLATION_LETTERS = "NESW"
# A space belongs to the constellation of its first letter; C belongs to none.
CONSTELLATIONS: tuple[tuple[int, ...], ...] = tuple(
    tuple(i for i, name in enumerate(SPACES) if name[0] == letter)
    for letter in CONSTELLATION_LETTERS
)
OPPOSITE_CONSTELLATIONS: tuple[tuple[int, int], ...] = ((0, 2), (1, 3))   # N-S, E-W
ADJACENT_CONSTELLATIONS: tuple[tuple[int, int], ...] = ((0, 1), (1, 2), (2, 3), (3, 0))


def _spaces(names: str) -> tuple[int, ...]:
    return tuple(INDEX[n] for n in names.split())


# Each orbit is a closed ring in this order (last links back to first). Orbit k is ORBITS[k-1].
ORBITS: tuple[tuple[int, ...], ...] = (
    _spaces("N1 E1 S1 W1"),
    _spaces("N2 E2 E2b S2 W2"),
    _spaces("N3 N3b E3 S3 S3b W3"),
    _spaces("N4 E4 S4 W4 W4b"),
    _spaces("N5 E5 S5 W5"),
)
ADJACENT_ORBIT_TRIPLES: tuple[tuple[int, int, int], ...] = ((0, 1, 2), (1, 2, 3), (2, 3, 4))


def _pairs(text: str) -> tuple[tuple[int, int], ...]:
    return tuple((INDEX[a], INDEX[b]) for a, b in (p.split("-") for p in text.split()))


DIRECT_LINKS: tuple[tuple[int, int], ...] = _pairs(
    "C-N1 C-E1 C-S1 C-W1 "
    "N1-N2 N2-N3 N3-N4 N4-N5 N2-N3b "
    "E1-E2 E1-E2b E2b-E3 E3-E4 E4-E5 "
    "S1-S2 S2-S3 S3-S4 S4-S5 S2-S3b "
    "W1-W2 W2-W3 W3-W4 W3-W4b W4-W5"
)
INDIRECT_LINKS: tuple[tuple[int, int], ...] = _pairs("N1-N5 E2-E4 S1-S5 W2-W5")
ORBIT_LINKS: tuple[tuple[int, int], ...] = tuple(
    (ring[i], ring[(i + 1) % len(ring)]) for ring in ORBITS for i in range(len(ring))
)
LINKS: tuple[tuple[int, int], ...] = DIRECT_LINKS + INDIRECT_LINKS + ORBIT_LINKS


def _neighbours() -> tuple[tuple[int, ...], ...]:
    found: list[set[int]] = [set() for _ in SPACES]
    for a, b in LINKS:
        found[a].add(b)
        found[b].add(a)
    return tuple(tuple(sorted(n)) for n in found)


# Spaces linked (directly, indirectly or by orbit) to each space.
NEIGHBOURS: tuple[tuple[int, ...], ...] = _neighbours()

HIGHLIGHTED: tuple[int, ...] = _spaces("C N3 S3 E2b W4b")
OUTER_HIGHLIGHTED: tuple[int, ...] = HIGHLIGHTED[1:]     # the four that exclude C
ORBIT_OF: tuple[int, ...] = tuple(
    next((k for k, ring in enumerate(ORBITS) if i in ring), -1) for i in range(SPACE_COUNT)
)


def _orbit_neighbours(space: int) -> tuple[int, ...]:
    ring = ORBITS[ORBIT_OF[space]]
    at = ring.index(space)
    return (ring[at - 1], ring[(at + 1) % len(ring)])


# The 8 spaces linked by orbit to the four outer highlighted spaces.
HIGHLIGHT_ORBIT_NEIGHBOURS: tuple[int, ...] = tuple(
    n for h in OUTER_HIGHLIGHTED for n in _orbit_neighbours(h)
)
# The 8 spaces at the ends of the 4 indirect links.
INDIRECT_SPACES: tuple[int, ...] = tuple(s for link in INDIRECT_LINKS for s in link)


def link_kind(a: int, b: int) -> str | None:
    """``"direct"``, ``"indirect"``, ``"orbit"`` or ``None`` for two space indices."""
    pair = {(a, b), (b, a)}
    for kind, links in (("direct", DIRECT_LINKS), ("indirect", INDIRECT_LINKS),
                        ("orbit", ORBIT_LINKS)):
        if pair & set(links):
            return kind
    return None


# ---- the Star Cluster board and the Black Star Zone -------------------------------------

CLUSTER_COUNT = 3
CLUSTER_SIZE = 8
CLUSTER_NAMES: tuple[str, ...] = ("top", "right", "left")
TIME_POINTS = 5
INDICATOR_LAST = 15
INDICATOR_BOOST_SPACES: frozenset[int] = frozenset({3, 6, 9, 12})
BLACK_ZONE_SIZE = 8
BLACK_ZONE_VP: tuple[int, ...] = (0, 1, 2, 4, 6, 9, 12, 16, 20)   # by black stars placed
VALUE_TRACK_LAST = 10


# ---- geometry for drawing a Galaxy on a character grid --------------------------------

class GalaxyLayout(NamedTuple):
    """Where to draw each space of a Galaxy on a grid of ``height`` x ``width`` characters.

    The scheme unrolls the orbit rings: one row per orbit, orbit 5 on top and orbit 1 at
    the bottom, with C centred on the row beneath. Each row lists its ring in ring order
    from left to right, so an orbit link joins row neighbours and each ring wraps from its
    rightmost space back to its leftmost. Columns are grouped by constellation, N | E | S |
    W; the second column of a group holds that constellation's "b" space (N3b, E2b, S3b,
    W4b), so direct links run vertically or diagonally inside a group and indirect links
    run vertically inside a group across several rows. ``positions[name]`` is the (row,
    col) of the first character of a space's cell, which is ``cell_width`` characters wide;
    rows between orbit rows are free for drawing links.
    """

    height: int
    width: int
    cell_width: int
    positions: dict[str, tuple[int, int]]


def _layout(row_step: int, group_width: int, b_offset: int, cell_width: int) -> GalaxyLayout:
    positions: dict[str, tuple[int, int]] = {}
    for name in SPACES[1:]:
        orbit = ORBIT_OF[INDEX[name]] + 1
        group = CONSTELLATION_LETTERS.index(name[0])
        col = group * group_width + (b_offset if name.endswith("b") else 0)
        positions[name] = ((5 - orbit) * row_step, col)
    width = 3 * group_width + b_offset + cell_width
    positions["C"] = (5 * row_step, (width - cell_width) // 2)
    return GalaxyLayout(5 * row_step + 1, width, cell_width, positions)


# 80x24: 11 rows x 38 columns, leaving room for the clusters, reserves and the log.
COMPACT_LAYOUT = _layout(row_step=2, group_width=10, b_offset=5, cell_width=3)
# 120x40 and up: 16 rows x 61 columns.
LARGE_LAYOUT = _layout(row_step=3, group_width=16, b_offset=8, cell_width=5)


def space_in_direction(layout: GalaxyLayout, space: int, d_row: int, d_col: int) -> int:
    """The space an arrow key moves to from ``space`` on ``layout``.

    Only spaces strictly on that side count. Up/down go to the nearest row that way, then
    the closest column; left/right stay in the row when they can, then take the nearest
    column. Returns ``space`` itself when there is nothing that way.
    """
    row, col = layout.positions[SPACES[space]]
    best, best_key = space, None
    for other, name in enumerate(SPACES):
        r, c = layout.positions[name]
        ahead = (r - row) * d_row + (c - col) * d_col
        if other == space or ahead <= 0:
            continue
        sideways = abs((r - row) * d_col) + abs((c - col) * d_row)
        key = (ahead, sideways) if d_row else (sideways, ahead)
        if best_key is None or key < best_key:
            best, best_key = other, key
    return best
