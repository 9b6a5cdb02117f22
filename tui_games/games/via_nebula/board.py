"""The Via Nebula beginner-side map as data: hexes, their kinds, names and neighbours.

The map is drawn as nine rows of nine cells, odd rows shifted half a cell to the right
("odd-r" offset). Each playable cell gets axial coordinates (q, r) and an index 0..60 in
reading order; every rule speaks of hexes by index, people by name ("E5": column letter,
row number). Forbidden cells frame the playable area and are never indexed.
"""

from __future__ import annotations

from typing import Literal

Kind = Literal["exploitation", "ruin", "fog", "forest", "meadow"]

# E exploitation meadow, R ruin, F fog, P petrified forest, M empty meadow, X forbidden.
MAP_ROWS: tuple[str, ...] = (
    "X X E F R E F X X",
    "X E F M R P E X X",
    "X R P E F E R F X",
    "E E E R F E P E X",
    "F E F M R M F F E",
    "E R P E F P E R X",
    "X R E F E R F E X",
    "X E P R F E F X X",
    "X X E F R E E X X",
)
KIND_OF_LETTER: dict[str, Kind] = {"E": "exploitation", "R": "ruin", "F": "fog",
                                   "P": "forest", "M": "meadow"}
COLUMNS = "ABCDEFGHI"
MAP_HEIGHT = len(MAP_ROWS)
MAP_WIDTH = len(MAP_ROWS[0].split())

# Axial neighbour steps, in the cursor's order: east, north-east, north-west, west,
# south-west, south-east.
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES: tuple[str, ...] = ("east", "north-east", "north-west", "west",
                                    "south-west", "south-east")


def _axial(row: int, col: int) -> tuple[int, int]:
    return col - (row - (row & 1)) // 2, row


def _build() -> tuple[list[tuple[int, int]], list[Kind], list[tuple[int, int]]]:
    cells: list[tuple[int, int]] = []      # (row, col) of each playable hex
    kinds: list[Kind] = []
    axial: list[tuple[int, int]] = []
    for row, line in enumerate(MAP_ROWS):
        for col, letter in enumerate(line.split()):
            if letter != "X":
                cells.append((row, col))
                kinds.append(KIND_OF_LETTER[letter])
                axial.append(_axial(row, col))
    return cells, kinds, axial


_CELLS, _KINDS, _AXIAL = _build()

HEX_COUNT = len(_CELLS)
CELL: tuple[tuple[int, int], ...] = tuple(_CELLS)          # (row, col) per hex
KIND: tuple[Kind, ...] = tuple(_KINDS)
AXIAL: tuple[tuple[int, int], ...] = tuple(_AXIAL)
INDEX_OF_AXIAL: dict[tuple[int, int], int] = {qr: i for i, qr in enumerate(_AXIAL)}
INDEX_OF_CELL: dict[tuple[int, int], int] = {rc: i for i, rc in enumerate(_CELLS)}
NAME: tuple[str, ...] = tuple(f"{COLUMNS[col]}{row + 1}" for row, col in _CELLS)
INDEX: dict[str, int] = {name: i for i, name in enumerate(NAME)}

STEP: tuple[tuple[int | None, ...], ...] = tuple(
    tuple(INDEX_OF_AXIAL.get((q + dq, r + dr)) for dq, dr in DIRECTIONS) for q, r in _AXIAL
)
"""``STEP[hex][d]``: the hex one step in direction ``d`` (None off the playable area)."""

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(n for n in steps if n is not None) for steps in STEP
)

EXPLOITATIONS: tuple[int, ...] = tuple(i for i, k in enumerate(KIND) if k == "exploitation")
RUINS: tuple[int, ...] = tuple(i for i, k in enumerate(KIND) if k == "ruin")
FOGS: tuple[int, ...] = tuple(i for i, k in enumerate(KIND) if k == "fog")
FORESTS: tuple[int, ...] = tuple(i for i, k in enumerate(KIND) if k == "forest")
MEADOWS: tuple[int, ...] = tuple(i for i, k in enumerate(KIND) if k == "meadow")
RUIN_NUMBER: dict[int, int] = {hex_: n for n, hex_ in enumerate(RUINS)}
"""The ruin's position in RUINS, by hex: ruin ``n`` holds building slots 2n and 2n+1."""

KIND_LABEL: dict[Kind, str] = {"exploitation": "exploitation meadow", "ruin": "ruin",
                               "fog": "fog", "forest": "petrified forest",
                               "meadow": "empty meadow"}


def hex_label(hex_: int) -> str:
    """``E5 (ruin)``: a hex's name with what it was printed as."""
    return f"{NAME[hex_]} ({KIND_LABEL[KIND[hex_]]})"
