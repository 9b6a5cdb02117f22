"""Paths on the map: empty meadows, transport chains and where a seat may explore.

An empty meadow is a hex a resource may travel over: a meadow tile on explored fog or
forest, a printed empty meadow, or an exploitation meadow with no token and no resources.
A resource leaves an exploitation, crosses an unbroken chain of empty meadows (possibly
none, when the exploitation touches the ruin) and arrives on a building site.
"""

from __future__ import annotations

from collections import deque
from itertools import compress
from typing import TypeVar

from tui_games.games.via_nebula.board import AXIAL, HEX_COUNT, KIND, NEIGHBOURS, RUINS
from tui_games.games.via_nebula.state import FREE, ViaNebulaState, slot_ruin

_PRINTED_MEADOW = tuple(k == "meadow" for k in KIND)
_COVERABLE = tuple(k in ("fog", "forest") for k in KIND)
_EXPLOITATION = tuple(k == "exploitation" for k in KIND)
_RUIN = tuple(k == "ruin" for k in KIND)
# Hex masks are ints with one bit per hex, laid out on an axial grid of rows GRID_WIDTH
# bits wide (one spare bit per row), so a hex's six neighbours are six fixed shifts and a
# whole set of hexes grows by one step in a handful of operations.
_Q_MIN = min(q for q, _ in AXIAL)
GRID_WIDTH = max(q for q, _ in AXIAL) - _Q_MIN + 2
_POSITION = tuple((r - AXIAL[0][1]) * GRID_WIDTH + q - _Q_MIN for q, r in AXIAL)
# Hexes are numbered in reading order, so bit positions grow with the index: a mask read
# from its lowest bit lists hexes in index order (the order of every legal action list).
assert list(_POSITION) == sorted(_POSITION)
HEX_BIT: tuple[int, ...] = tuple(1 << p for p in _POSITION)
"""Per hex, its bit in a hex mask."""
_HEX_AT = {p: h for h, p in enumerate(_POSITION)}
_ALL = sum(HEX_BIT)
NEIGHBOUR_MASK: tuple[int, ...] = tuple(sum(HEX_BIT[n] for n in ns) for ns in NEIGHBOURS)
"""Per hex, its neighbours as a hex mask."""
T = TypeVar("T")
_BAND_ROWS = 3      # map rows per band of picks
_BANDS = tuple(sum(1 << p for p in _POSITION if lo <= p // GRID_WIDTH < lo + _BAND_ROWS)
               for lo in range(0, max(_POSITION) // GRID_WIDTH + 1, _BAND_ROWS))
PRINTED_MASK = sum(HEX_BIT[h] for h in range(HEX_COUNT) if _PRINTED_MEADOW[h])


def grow(mask: int) -> int:
    """``mask`` with every neighbour of its hexes added."""
    w = GRID_WIDTH
    return (mask | mask << 1 | mask >> 1 | mask << w | mask >> w | mask << (w - 1)
            | mask >> (w - 1)) & _ALL


SLOT_BIT = tuple(HEX_BIT[RUINS[slot // 2]] for slot in range(2 * len(RUINS)))


def bits(mask: int) -> list[int]:
    """The hexes whose bits are set in ``mask``, in index order."""
    out = []
    at = _HEX_AT
    while mask:
        low = mask & -mask
        out.append(at[low.bit_length() - 1])
        mask ^= low
    return out


def picks(mask: int, table: dict[int, T], memo: dict[int, tuple[T, ...]]) -> tuple[T, ...]:
    """``table``'s entries (keyed by bit position) for the bits of ``mask``, lowest first
    (hex index order, as ``bits``): the parts of ``mask`` in each band of three map rows,
    remembered in ``memo`` (one per table), and the whole mask's answer too (callers
    look it up there first, so a mask met before costs one look-up and no call).

    A mask's answer is the same whatever band parts make it up, so whole masks and
    band parts share one memo; it is cleared at MEMO_LIMIT entries, so a long run's
    memo cannot grow without bound.
    """
    found: list[T] = []
    for band in _BANDS:
        part = mask & band
        if part:
            got = memo.get(part)
            if got is None:
                m = part
                new = []
                while m:
                    low = m & -m
                    new.append(table[low.bit_length() - 1])
                    m ^= low
                got = memo[part] = tuple(new)
            found += got
    if len(memo) >= MEMO_LIMIT:
        memo.clear()
    got = memo[mask] = tuple(found)
    return got


# Per hex, its bit or 0: a mask is the sum over the hexes a list selects, by compress in
# C (masks are made several times per action of a playout). A hex's bit stays 0 where the
# list's entry means nothing for its kind.
EXPLOITATION_BIT = tuple(HEX_BIT[h] if _EXPLOITATION[h] else 0 for h in range(HEX_COUNT))
COVERABLE_BIT = tuple(HEX_BIT[h] if _COVERABLE[h] else 0 for h in range(HEX_COUNT))
COVERABLE_MASK = sum(COVERABLE_BIT)
EXPLOITATION_BITS = tuple((h, HEX_BIT[h]) for h in range(HEX_COUNT) if _EXPLOITATION[h])
"""Every fog and petrified forest, as a hex mask."""


def explored_mask(s: ViaNebulaState) -> int:
    """The fogs and forests covered by a meadow tile, as a bit mask."""
    return sum(compress(COVERABLE_BIT, s.explored))


def empty_mask(s: ViaNebulaState, explored: int | None = None) -> int:
    """The empty meadows now, as a bit mask (``explored``: explored_mask, if known)."""
    if explored is None:
        explored = sum(compress(COVERABLE_BIT, s.explored))
    mask = PRINTED_MASK | explored
    tokens, counts = s.tokens, s.res_count
    for h, bit in EXPLOITATION_BITS:
        if not counts[h] and tokens[h] == FREE:
            mask |= bit
    return mask


def exploitation_masks(s: ViaNebulaState, seat: int) -> tuple[int, int, int, int]:
    """In one pass over the exploitations: (those with a token, the empty ones, those
    with resources, those ``seat``'s craftsmen work), as bit masks."""
    tokens, counts, craftsman = s.tokens, s.res_count, s.craftsman
    token = empty = resources = mine = 0
    for h, bit in EXPLOITATION_BITS:
        if tokens[h] != FREE:
            token |= bit
            if counts[h]:
                resources |= bit
        elif counts[h]:
            resources |= bit
        else:
            empty |= bit
        if craftsman[h] == seat:
            mine |= bit
    return token, empty, resources, mine


def site_mask(s: ViaNebulaState, seat: int) -> int:
    """The ruins holding a site or building of ``seat``, as a bit mask."""
    mask = 0
    owners = s.slot_owner
    slot = -1
    for _ in range(owners.count(seat)):   # the seat's slots, found in C
        slot = owners.index(seat, slot + 1)
        mask |= SLOT_BIT[slot]
    return mask


def empty_meadows(s: ViaNebulaState) -> list[bool]:
    """Per hex: whether it is an empty meadow now."""
    mask = empty_mask(s)
    return [bool(mask & HEX_BIT[h]) for h in range(HEX_COUNT)]


def resource_mask(s: ViaNebulaState) -> int:
    """The hexes holding resources (exploitations being worked), as a bit mask."""
    return sum(compress(EXPLOITATION_BIT, s.res_count))


MEMO_LIMIT = 50_000
# Per ruin, the last chain grown: (the empty mask, the chain's empty meadows, the chain
# mask). Asked again for the same empty mask, the answer; for a larger one, a starting
# point (the chain grown from it is the one grown from scratch). Only the last one per
# ruin: chains of earlier masks are seldom asked for again (3% of a random playout's
# asks), and a memo of them all slowed a cold run down.
LAST_CHAIN: list[tuple[int, int, int]] = [(-1, 0, 0)] * HEX_COUNT


def chain_mask(ruin_hex: int, empty: int) -> int:
    """The empty meadows connected to ``ruin_hex`` through empty meadows, plus the hexes
    next to them and to the ruin: where a resource can start from to reach it."""
    last = LAST_CHAIN[ruin_hex]
    if last[0] == empty:                # the empty meadows change a few times a game
        return last[2]
    if last[0] >= 0 and not (last[0] & ~empty or (empty ^ last[0]) & last[2]):
        # The empty meadows only grew, and none of the new ones touches the last chain
        # or the ruin (last[2]: the hexes next to them): no new member, the same chain.
        LAST_CHAIN[ruin_hex] = (empty, last[1], last[2])
        return last[2]
    w, v = GRID_WIDTH, GRID_WIDTH - 1
    if last[0] >= 0 and not last[0] & ~empty:
        # The empty meadows of the last chain worked out for this ruin are all still
        # empty (within a game they only ever grow): its members are still connected
        # to the ruin. The new empty meadows next to it or to them (in last[2]) join,
        # and the growth goes on from those only, often with nothing to add.
        old = last[1]
        members = frontier = (empty ^ last[0]) & last[2]
        members |= old
        while frontier:
            m = frontier
            frontier = (m << 1 | m >> 1 | m << w | m >> w | m << v | m >> v) & empty & ~members
            members |= frontier
        # grow() spreads over a union: the hexes next to the old members are known.
        found = last[2] | grow(members ^ old)
        LAST_CHAIN[ruin_hex] = (empty, members, found)
        return found
    near = NEIGHBOUR_MASK[ruin_hex]
    members = near & empty
    while True:         # grow() inlined: this loop is the hottest of the search
        m = members
        wider = (m | m << 1 | m >> 1 | m << w | m >> w | m << v | m >> v) & empty
        if wider == members:
            break
        members = wider
    found = grow(members) | near
    LAST_CHAIN[ruin_hex] = (empty, members, found)
    return found


class Network:
    """The empty meadows of one moment, for many look-ups of what reaches which ruin."""

    __slots__ = ("empty", "resources")

    def __init__(self, s: ViaNebulaState, empty: int | None = None) -> None:
        self.empty = empty_mask(s) if empty is None else empty
        self.resources = resource_mask(s)

    def sources(self, ruin_hex: int) -> int:
        """Bit mask of the hexes with resources that can travel to ``ruin_hex``: those
        next to it or next to the chain of empty meadows that touches it."""
        if not self.resources:
            return 0
        return chain_mask(ruin_hex, self.empty) & self.resources


def sources_for(s: ViaNebulaState, ruin_hex: int) -> list[int]:
    """Hexes with resources whose chain of empty meadows reaches ``ruin_hex``, sorted."""
    return bits(Network(s).sources(ruin_hex))


def _shortest(start: int, goal: int, empty: list[bool], banned: int | None = None
              ) -> list[int] | None:
    """The empty hexes between ``start`` and ``goal`` on a shortest way (None: no way)."""
    if goal in NEIGHBOURS[start]:
        return []
    back: dict[int, int] = {start: start}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        for n in NEIGHBOURS[h]:
            if n in back:
                continue
            if n == goal:
                path = []
                while h != start:
                    path.append(h)
                    h = back[h]
                return path[::-1]
            if empty[n] and n != banned:
                back[n] = h
                queue.append(n)
    return None


def chains(s: ViaNebulaState, source: int, slot: int, limit: int = 6) -> list[list[int]]:
    """Distinct chains of empty meadows from ``source`` to ``slot``'s ruin, shortest first.

    The first is a shortest chain; each other one avoids a hex of the first (so the
    player can see the resource go round another way). The chain never changes the
    board: it is what the resource travels over.
    """
    empty = empty_meadows(s)
    goal = RUINS[slot_ruin(slot)]
    first = _shortest(source, goal, empty)
    if first is None:
        return []
    found = [first]
    for avoid in first:
        other = _shortest(source, goal, empty, banned=avoid)
        if other is not None and other not in found:
            found.append(other)
        if len(found) >= limit:
            break
    found.sort(key=len)
    return found


def mine_mask(s: ViaNebulaState, seat: int) -> int:
    """The hexes holding one of ``seat``'s pieces (craftsman, site or building)."""
    mask = 0
    craftsman = s.craftsman
    if seat in craftsman:
        for h, bit in EXPLOITATION_BITS:     # craftsmen only ever work exploitations
            if craftsman[h] == seat:
                mask |= bit
    owners = s.slot_owner
    if seat in owners:
        for slot, owner in enumerate(owners):
            if owner == seat:
                mask |= SLOT_BIT[slot]
    return mask


def can_explore(s: ViaNebulaState, seat: int, hex_: int, empty: int) -> bool:
    """Whether ``hex_`` is an uncovered fog or forest next to ``seat``'s piece or an
    empty meadow (the action's cost is checked by the rules)."""
    return (0 <= hex_ < HEX_COUNT and _COVERABLE[hex_] and not s.explored[hex_]
            and bool(NEIGHBOUR_MASK[hex_] & (empty | mine_mask(s, seat))))


def explorable(s: ViaNebulaState, seat: int, empty: int) -> list[int]:
    """Uncovered fogs and forests next to one of ``seat``'s pieces or an empty meadow."""
    return bits(explorable_mask(s, seat, empty))


def explorable_mask(s: ViaNebulaState, seat: int, empty: int,
                    explored: int | None = None) -> int:
    """``explorable`` as a hex mask (``explored``: explored_mask, if known)."""
    if explored is None:
        explored = explored_mask(s)
    return grow(empty | mine_mask(s, seat)) & (COVERABLE_MASK ^ explored)


def is_ruin(hex_: int) -> bool:
    """Whether ``hex_`` is a ruin."""
    return _RUIN[hex_]
