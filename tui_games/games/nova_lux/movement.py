"""Moving the Ark of Salvation: what leaving a cell costs, and the cheapest paths.

The cost of a step is set by the cell being left: a solar system card 2 hydrogen, a space
between cards 1, a destroyed wormhole or space dust card 1, a destroyed black hole 5.
A destroyed neutron star cannot be entered. From a destroyed wormhole the ship may jump
to any other destroyed wormhole for free during a move.
"""

from __future__ import annotations

import heapq

from tui_games.games.nova_lux.board import (
    BLACK_HOLE,
    CARD_AT,
    CARD_CELLS,
    CARDS,
    CELLS,
    NEIGHBOURS,
    NEUTRON_STAR,
    WORMHOLE,
)
from tui_games.games.nova_lux.state import NovaLuxState

SOLAR_SYSTEM_COST = 2
SPACE_COST = 1
BLACK_HOLE_COST = 5
TELEPORT_COST = 2


def leave_cost(s: NovaLuxState, cell: int) -> int:
    """Hydrogen paid to step off ``cell``."""
    card = CARD_AT[cell]
    if card < 0:
        return SPACE_COST
    if not s.flipped[card]:
        return SOLAR_SYSTEM_COST       # a face-down card: a star, or a colony on it
    return BLACK_HOLE_COST if s.face[card] == BLACK_HOLE else SPACE_COST


def enterable(s: NovaLuxState, cell: int) -> bool:
    """Every cell but a destroyed neutron star."""
    card = CARD_AT[cell]
    return card < 0 or not (s.flipped[card] and s.face[card] == NEUTRON_STAR)


def wormholes(s: NovaLuxState) -> list[int]:
    """The cells of the destroyed wormhole cards."""
    return [CARD_CELLS[k] for k in range(CARDS) if s.flipped[k] and s.face[k] == WORMHOLE]


def cheapest(s: NovaLuxState, start: int, budget: int) -> dict[int, tuple[int, int]]:
    """Every cell reachable from ``start`` for at most ``budget`` hydrogen:
    ``{cell: (cost, previous cell)}`` (the start maps to ``(0, -1)``)."""
    best: dict[int, tuple[int, int]] = {start: (0, -1)}
    holes = wormholes(s)
    heap = [(0, start)]
    while heap:
        cost, cell = heapq.heappop(heap)
        if cost > best[cell][0]:
            continue
        step = leave_cost(s, cell)
        targets = [(n, cost + step) for n in NEIGHBOURS[cell]]
        if cell in holes:
            targets += [(h, cost) for h in holes if h != cell]
        for nxt, c in targets:
            if c > budget or not enterable(s, nxt):
                continue
            known = best.get(nxt)
            if known is None or c < known[0]:
                best[nxt] = (c, cell)
                heapq.heappush(heap, (c, nxt))
    return best


def path_to(found: dict[int, tuple[int, int]], cell: int) -> list[int]:
    """The cells from the start to ``cell`` (both included) in a ``cheapest`` result."""
    path = []
    while cell != -1:
        path.append(cell)
        cell = found[cell][1]
    return path[::-1]


def all_cells_connected(s: NovaLuxState) -> bool:
    """True when every enterable cell can reach every other (the neutron corner rule)."""
    cells = [c for c in range(CELLS) if enterable(s, c)]
    seen = {cells[0]}
    todo = [cells[0]]
    while todo:
        cell = todo.pop()
        for n in NEIGHBOURS[cell]:
            if n not in seen and enterable(s, n):
                seen.add(n)
                todo.append(n)
    return len(seen) == len(cells)
