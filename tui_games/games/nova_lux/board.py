"""The Nova Lux map as data: a 7x7 lattice of cells, 16 space cards on the even cells.

Cells are numbered row by row (0..48) and named like a chess board, columns A-G and rows
1-7 ("C3"). A cell whose row and column are both even holds a space card (cards 0..15,
row by row in the 4x4 grid); every other cell is a space between cards.
"""

from __future__ import annotations

SIZE = 7
CELLS = SIZE * SIZE
CARDS = 16
COLUMNS = "ABCDEFG"

# Face types of the space cards, seen once a card is destroyed (flipped up).
BLACK_HOLE, WORMHOLE, SPACE_DUST, NEUTRON_STAR = range(4)
FACE_NAMES: tuple[str, ...] = ("black hole", "wormhole", "space dust", "neutron star")
FACE_LETTERS = "BWDN"
FACE_PHRASES: tuple[str, ...] = ("a black hole", "a wormhole", "space dust", "a neutron star")
FACE_DECK: tuple[int, ...] = (BLACK_HOLE,) * 4 + (WORMHOLE,) * 4 + (SPACE_DUST,) * 5 + (
    NEUTRON_STAR,) * 3

DESTROYED_AT_SETUP: dict[int, int] = {1: 5, 2: 4, 3: 3, 4: 2, 5: 1, 6: 0}
"""Cards destroyed by the setup dice, by player count (1 = solo)."""

DIE_FACES = 6
GRID_DIE_LIMIT = 4   # a roll above 4 names no row or column of the 4x4 grid: roll again


def cell_of(row: int, col: int) -> int:
    """The cell at ``row``, ``col`` (0-based)."""
    return row * SIZE + col


def cell_name(cell: int) -> str:
    """``"C3"``: column letter and row number."""
    return f"{COLUMNS[cell % SIZE]}{cell // SIZE + 1}"


CELL_NAMES: tuple[str, ...] = tuple(cell_name(c) for c in range(CELLS))
CARD_CELLS: tuple[int, ...] = tuple(cell_of(2 * (k // 4), 2 * (k % 4)) for k in range(CARDS))
CARD_AT: tuple[int, ...] = tuple(
    CARD_CELLS.index(c) if c in CARD_CELLS else -1 for c in range(CELLS))
"""The card on each cell, or -1 for a space between cards."""


def _neighbours(cell: int) -> tuple[int, ...]:
    row, col = divmod(cell, SIZE)
    out = []
    for dr, dc in ((-1, 0), (0, 1), (1, 0), (0, -1)):     # N E S W
        r, c = row + dr, col + dc
        if 0 <= r < SIZE and 0 <= c < SIZE:
            out.append(cell_of(r, c))
    return tuple(out)


NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(_neighbours(c) for c in range(CELLS))
"""The cells one cardinal step away."""

CARD_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(k2 for k2 in range(CARDS)
          if abs(k2 // 4 - k // 4) + abs(k2 % 4 - k % 4) == 1) for k in range(CARDS))
"""The cards next to each card in the 4x4 grid (no diagonals)."""


def card_by_dice(row_die: int, col_die: int) -> int:
    """The card named by a row die and a column die (both 1..4)."""
    return (row_die - 1) * 4 + (col_die - 1)


def card_name(card: int) -> str:
    """A card by its cell: ``"C3"``."""
    return CELL_NAMES[CARD_CELLS[card]]
