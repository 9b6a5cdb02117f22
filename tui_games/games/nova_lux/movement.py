"""Moving the Ark of Salvation: what leaving a cell costs, and the cheapest paths.

The cost of a step is set by the cell being left: a solar system card 2 hydrogen, a space
between cards 1, a destroyed wormhole or space dust card 1, a destroyed black hole 5.
A destroyed neutron star cannot be entered. From a destroyed wormhole the ship may jump
to any other destroyed wormhole for free during a move.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress

from tui_games.games.nova_lux.board import (
    BLACK_HOLE,
    CARD_AT,
    CARD_CELLS,
    CARDS,
    CELLS,
    NEIGHBOURS,
    NEUTRON_STAR,
    SIZE,
    WORMHOLE,
)
from tui_games.games.nova_lux.cards import TRACK_MAX
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


_BASE_LEAVE: tuple[int, ...] = tuple(
    SPACE_COST if CARD_AT[c] < 0 else SOLAR_SYSTEM_COST for c in range(CELLS))


def cheapest(s: NovaLuxState, start: int, budget: int) -> dict[int, tuple[int, int]]:
    """Every cell reachable from ``start`` for at most ``budget`` hydrogen:
    ``{cell: (cost, previous cell)}`` (the start maps to ``(0, -1)``). The answer is
    shared between calls: do not change it."""
    # Keyed by the destroyed cards and their faces only (made in C): face-down cards take
    # no part in the search, and every game shares the answers before a card is destroyed.
    return _cheapest(tuple(s.flipped), tuple(compress(s.face, s.flipped)), start, budget)


def move_targets(s: NovaLuxState, start: int, budget: int) -> tuple[int, ...]:
    """The cells other than ``start`` reachable for at most ``budget``, in order."""
    return _targets(tuple(s.flipped), tuple(compress(s.face, s.flipped)), start, budget)


# For move_targets, cells are bits of an int, rows SIZE + 1 bits wide (a spare bit ends
# each row), so a set of cells steps to its neighbours in four shifts: the reachable cells
# of a budget in a few operations per cost, where _cheapest keeps a path to each.
_W = ROW_BITS = SIZE + 1
_BIT: tuple[int, ...] = tuple(1 << (c // SIZE * _W + c % SIZE) for c in range(CELLS))
_CELL_AT: dict[int, int] = {b.bit_length() - 1: c for c, b in enumerate(_BIT)}
_ALL = sum(_BIT)
_CARD_BIT: tuple[int, ...] = tuple(_BIT[c] for c in CARD_CELLS)
_CARD_MASK = sum(_CARD_BIT)


@lru_cache(maxsize=1024)
def _board(flipped: tuple[bool, ...], faces: tuple[int, ...]) -> tuple[int, int, int, int, int]:
    """The cells left for 1, 2 and 5 hydrogen, the blocked ones and the wormholes."""
    one, two, five, blocked, holes = _ALL & ~_CARD_MASK, _CARD_MASK, 0, 0, 0
    for bit, f in zip(compress(_CARD_BIT, flipped), faces, strict=True):
        if f >= 0:
            two &= ~bit
            if f == BLACK_HOLE:
                five |= bit
            else:
                one |= bit
                if f == NEUTRON_STAR:
                    blocked |= bit
                elif f == WORMHOLE:
                    holes |= bit
    return one, two, five, blocked, holes


@lru_cache(maxsize=4096)
def _targets(flipped: tuple[bool, ...], faces: tuple[int, ...], start: int,
             budget: int) -> tuple[int, ...]:
    """The cells of ``_cheapest`` but ``start``, in order, found cost by cost on bits."""
    one, two, five, blocked, holes = _board(flipped, faces)
    free = _ALL & ~blocked
    w = _W
    pending = [0] * (budget + BLACK_HOLE_COST + 1)     # per cost: cells reached for it
    pending[0] = _BIT[start]
    reached = 0
    last = 0                            # the dearest cost with cells pending
    cost = 0
    while cost <= last and cost <= budget:
        now = pending[cost] & ~reached
        if now:
            if now & holes:             # a free jump between destroyed wormholes
                now |= holes & ~reached
            reached |= now
            part = now & one
            if part:
                part = (part << 1 | part >> 1 | part << w | part >> w) & free
                pending[cost + SPACE_COST] |= part
                last = max(last, cost + SPACE_COST)
            part = now & two
            if part:
                part = (part << 1 | part >> 1 | part << w | part >> w) & free
                pending[cost + SOLAR_SYSTEM_COST] |= part
                last = max(last, cost + SOLAR_SYSTEM_COST)
            part = now & five
            if part:
                part = (part << 1 | part >> 1 | part << w | part >> w) & free
                pending[cost + BLACK_HOLE_COST] |= part
                last = max(last, cost + BLACK_HOLE_COST)
        cost += 1
    reached &= ~_BIT[start]
    out = []
    while reached:
        low = reached & -reached
        out.append(_CELL_AT[low.bit_length() - 1])
        reached ^= low
    return tuple(out)


@lru_cache(maxsize=4096)
def _cheapest(flipped: tuple[bool, ...], faces: tuple[int, ...], start: int,
              budget: int) -> dict[int, tuple[int, int]]:
    """``cheapest`` on the destroyed cards (``flipped``) and their ``faces`` in order."""
    leave, blocked, holes = _terrain(flipped, faces)
    # Costs are small integers: one bucket per cost instead of a heap.
    best: dict[int, tuple[int, int]] = {start: (0, -1)}
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    for cost in range(budget + 1):
        for cell in buckets[cost]:        # a free wormhole jump appends to this bucket
            if best[cell][0] != cost:
                continue
            if cell in holes:
                for hole in holes:
                    known = best.get(hole)
                    if known is None or cost < known[0]:
                        best[hole] = (cost, cell)
                        buckets[cost].append(hole)
            nxt = cost + leave[cell]
            if nxt > budget:
                continue
            for n in NEIGHBOURS[cell]:
                known = best.get(n)
                if (known is None or nxt < known[0]) and n not in blocked:
                    best[n] = (nxt, cell)
                    buckets[nxt].append(n)
    return best


MAX_BUDGET = TRACK_MAX      # no hydrogen track goes higher


def _near(start: int) -> tuple[int, ...]:
    rings = [_BIT[start]]
    for _ in range(MAX_BUDGET):
        m = rings[-1]
        rings.append((m | m << 1 | m >> 1 | m << _W | m >> _W) & _ALL)
    return tuple(rings)


NEAR: tuple[tuple[int, ...], ...] = tuple(_near(start) for start in range(CELLS))
"""``NEAR[start][budget]``: the cells at most ``budget`` steps from ``start``. Every step
costs hydrogen, so without a wormhole among them they are all a search for ``budget``
can see: the answer is the same on every board that agrees on them."""


def reach(flipped: tuple[bool, ...], faces: tuple[int, ...], start: int, budget: int) -> int:
    """``_targets`` as a bit set (bit ``row * ROW_BITS + column``)."""
    return reach_bits(_board(flipped, faces), start, budget)


def reach_bits(bits: tuple[int, int, int, int, int], start: int, budget: int) -> int:
    """``reach`` on a board's ``_board`` masks, searched only as far as ``budget`` (most
    turns have 1 to 3 hydrogen; the whole map is 8 to 14 away). Not cached: its callers
    keep what they make of the answer."""
    one, two, five, blocked, holes = bits
    first = _BIT[start]
    now = first | holes if first & holes else first    # a free jump between wormholes
    reached = now
    left = _ALL & ~blocked & ~now       # the cells still to reach
    # Neighbours are pushed unmasked (a spare bit, a blocked cell, a bit past the board)
    # and masked by ``left`` when their cost comes up.
    pending = [0] * (budget + 1)
    w = _W
    cost = 0
    room = budget               # hydrogen left after ``cost``
    while True:
        if room >= SPACE_COST:
            part = now & one
            if part:
                pending[cost + SPACE_COST] |= part << 1 | part >> 1 | part << w | part >> w
            if room >= SOLAR_SYSTEM_COST:
                part = now & two
                if part:
                    pending[cost + SOLAR_SYSTEM_COST] |= (part << 1 | part >> 1 | part << w
                                                          | part >> w)
                if room >= BLACK_HOLE_COST:
                    part = now & five
                    if part:
                        pending[cost + BLACK_HOLE_COST] |= (part << 1 | part >> 1 | part << w
                                                            | part >> w)
        while True:
            cost += 1
            if cost > budget:
                return reached & ~first
            now = pending[cost] & left
            if now:
                room = budget - cost
                break
        if now & holes:
            now |= holes & left
        left ^= now
        reached |= now


def board_key(s: NovaLuxState) -> tuple[tuple[bool, ...], tuple[int, ...]]:
    """What a path search depends on: the destroyed cards and their faces."""
    return board_of(s)[0]


def board_of(s: NovaLuxState) -> tuple[tuple[tuple[bool, ...], tuple[int, ...]],
                                       tuple[int, int, int, int, int]]:
    """``board_key`` and the board's ``_board`` masks.

    Kept beside the state with copies of the lists they were made from, and used only
    while those are still equal to the state's own: a clone, a save or a hand edit can
    never meet a stale board (clones and saves drop it anyway)."""
    kept = s.__dict__.get("board_key")
    if kept is not None and kept[0] == s.flipped and kept[1] == s.face:
        return kept[2]          # type: ignore[no-any-return]
    key = tuple(s.flipped), tuple(compress(s.face, s.flipped))
    found = key, _board(*key)
    s.board_key = (list(s.flipped), list(s.face), found)
    return found


@lru_cache(maxsize=1024)
def _terrain(flipped: tuple[bool, ...], faces: tuple[int, ...]
             ) -> tuple[tuple[int, ...], frozenset[int], tuple[int, ...]]:
    """Per cell the hydrogen paid to leave it; the blocked cells; the wormhole cells."""
    leave = list(_BASE_LEAVE)
    blocked: set[int] = set()
    holes: list[int] = []
    for cell, f in zip(compress(CARD_CELLS, flipped), faces, strict=True):
        if f >= 0:
            if f == BLACK_HOLE:
                leave[cell] = BLACK_HOLE_COST
            else:
                leave[cell] = SPACE_COST
                if f == NEUTRON_STAR:
                    blocked.add(cell)
                elif f == WORMHOLE:
                    holes.append(cell)
    return tuple(leave), frozenset(blocked), tuple(holes)


def route(s: NovaLuxState, start: int, target: int, budget: int
          ) -> tuple[int, list[int]] | None:
    """``(cost, path)`` of ``cheapest``'s path from ``start`` to ``target`` (both in the
    path), or None when it costs more than ``budget``. The same search, in the same
    order, stopped once ``target`` is settled: every cell of its path is settled before
    it, so the path is the one ``cheapest`` keeps."""
    if target in NEIGHBOURS[start] and enterable(s, target):
        # The search settles the start first and steps to its neighbours at once: every
        # other way leaves the start too, or jumps (free) between destroyed wormholes.
        cost = 0 if _is_hole(s, start) and _is_hole(s, target) else leave_cost(s, start)
        return (cost, [start, target]) if cost <= budget else None
    leave, blocked, holes = _terrain(*board_key(s))
    unknown = budget + 1
    best = [unknown] * CELLS
    prev = [-1] * CELLS
    best[start] = 0
    buckets: list[list[int]] = [[] for _ in range(budget + 1)]
    buckets[0].append(start)
    for cost in range(budget + 1):
        bucket = buckets[cost]
        for cell in bucket:           # a free wormhole jump appends to this bucket
            if best[cell] != cost:
                continue
            if cell == target:
                path = []
                while cell != -1:
                    path.append(cell)
                    cell = prev[cell]
                return cost, path[::-1]
            if cell in holes:
                for hole in holes:
                    if cost < best[hole]:
                        best[hole] = cost
                        prev[hole] = cell
                        bucket.append(hole)
            nxt = cost + leave[cell]
            if nxt > budget:
                continue
            for n in NEIGHBOURS[cell]:
                if nxt < best[n] and n not in blocked:
                    best[n] = nxt
                    prev[n] = cell
                    buckets[nxt].append(n)
    return None


def _is_hole(s: NovaLuxState, cell: int) -> bool:
    card = CARD_AT[cell]
    return card >= 0 and s.flipped[card] and s.face[card] == WORMHOLE


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
