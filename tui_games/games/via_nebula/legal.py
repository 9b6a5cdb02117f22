"""Which Via Nebula actions are legal: listing them, checking one, and saying why not.

Pure functions of a state, used by the rules. The common actions come from tables built
once (one instance each), so listing them in a playout builds few objects.
"""

from __future__ import annotations

from itertools import compress

from tui_games.games.via_nebula.board import EXPLOITATIONS, HEX_COUNT, KIND, RUINS
from tui_games.games.via_nebula.components import CONTRACTS, FULFILLED, fulfils, needs_met
from tui_games.games.via_nebula.network import (
    COVERABLE_BIT,
    COVERABLE_MASK,
    EXPLOITATION_BIT,
    EXPLOITATION_BITS,
    GRID_WIDTH,
    HEX_BIT,
    LAST_CHAIN,
    MEMO_LIMIT,
    NEIGHBOUR_MASK,
    PRINTED_MASK,
    Network,
    can_explore,
    chain_mask,
    empty_mask,
    explorable,
    picks,
)
from tui_games.games.via_nebula.state import (
    BUILDINGS_PER_SEAT,
    FREE,
    SITES_PER_SEAT,
    Convert,
    Discard,
    Erect,
    Explore,
    FreeExplore,
    MoveResource,
    Pass,
    PlaceCraftsman,
    PlaceSite,
    TakeFromSupply,
    Transport,
    ViaNebulaAction,
    ViaNebulaState,
    slot_ruin,
)

SLOT_COUNT = 2 * len(RUINS)
RUIN_OF_HEX = {h: n for n, h in enumerate(RUINS)}
# Actions per bit position, read off hex masks (network.picks).
_CRAFTSMAN_AT = {HEX_BIT[h].bit_length() - 1: PlaceCraftsman(h) for h in EXPLOITATIONS}
_CRAFTSMAN_MEMO: dict[int, tuple[PlaceCraftsman, ...]] = {}
_SITE = {h: PlaceSite(h) for h in RUINS}
_EXPLORE_AT = {HEX_BIT[h].bit_length() - 1: Explore(h)
               for h in range(HEX_COUNT) if KIND[h] in ("fog", "forest")}
_NEIGHBOURS_AT = {HEX_BIT[h].bit_length() - 1: NEIGHBOUR_MASK[h] for h in range(HEX_COUNT)}
_SLOT_NEIGHBOURS = tuple(NEIGHBOUR_MASK[RUINS[slot // 2]] for slot in range(SLOT_COUNT))
_FOG_MASK = sum(HEX_BIT[h] for h in range(HEX_COUNT) if KIND[h] == "fog")
_RUIN_HEX_OF_SLOT = tuple(RUINS[slot // 2] for slot in range(SLOT_COUNT))
_TRANSPORT_AT = tuple({HEX_BIT[h].bit_length() - 1: Transport(h, slot) for h in EXPLOITATIONS}
                      for slot in range(SLOT_COUNT))
_ERECT = tuple(tuple(Erect(slot, card) for card in range(len(CONTRACTS)))
               for slot in range(SLOT_COUNT))
_EXPLORE_MEMO: dict[int, tuple[Explore, ...]] = {}
_SITE_MEMO: dict[tuple[int, ...], tuple[PlaceSite, ...]] = {}   # by the slots' owners
# The powers' uses, one instance each as well (listing them built thousands).
_CONVERT = tuple(tuple(tuple(Convert(slot, old, new) for new in range(5)) for old in range(5))
                 for slot in range(SLOT_COUNT))
_TAKE = tuple(tuple(TakeFromSupply(slot, kind) for kind in range(5)) for slot in range(SLOT_COUNT))
_DISCARD = tuple(Discard(kind) for kind in range(5))
_FREE_EXPLORE = tuple(FreeExplore(h) for h in range(HEX_COUNT))
_MOVE = tuple(tuple(tuple(MoveResource(a, b, kind) for kind in range(5))
                    for b in range(SLOT_COUNT)) for a in range(SLOT_COUNT))
_SLOTS = range(SLOT_COUNT)
_TRANSPORT_MEMO: tuple[dict[int, tuple[Transport, ...]], ...] = tuple(
    {} for _ in range(SLOT_COUNT))


Seat = tuple[int, int, int, tuple[int, ...]]
"""One seat's pieces: (the hexes of its craftsmen, the hexes next to them, the hexes
next to its sites and buildings, its building sites in slot order)."""
Masks = tuple[int, int, int, int, int, int, tuple[Seat, ...], tuple[PlaceSite, ...]]
"""What the legal actions read off the hex lists, as hex masks: (exploitations with a
token, empty exploitations, hexes with resources, explored fogs and forests, empty
meadows, the uncovered fogs and forests next to an empty meadow); then each seat's
pieces (seat_pieces) and the PlaceSite actions of the ruins with a free place."""


def _with_empty(token: int, spent: int, resources: int, explored: int
                ) -> tuple[int, int, int, int, int, int]:
    empty = PRINTED_MASK | explored | spent
    w = GRID_WIDTH                         # network.grow, inlined
    near = ((empty << 1 | empty >> 1 | empty << w | empty >> w | empty << (w - 1)
             | empty >> (w - 1)) & (COVERABLE_MASK ^ explored))
    return token, spent, resources, explored, empty, near


def _next_to(hexes: int) -> int:
    """The hexes next to those of the hex mask ``hexes`` (a craftsman's few)."""
    near = 0
    while hexes:
        low = hexes & -hexes
        near |= _NEIGHBOURS_AT[low.bit_length() - 1]
        hexes ^= low
    return near


def _slots_of(s: ViaNebulaState, seat: int) -> tuple[int, tuple[int, ...]]:
    """(the hexes next to ``seat``'s sites and buildings, its sites in slot order)."""
    owners, built = s.slot_owner, s.slot_built
    near = 0
    sites = []
    slot = -1
    for _ in range(owners.count(seat)):        # network.site_mask, written out
        slot = owners.index(seat, slot + 1)
        near |= _SLOT_NEIGHBOURS[slot]
        if not built[slot]:
            sites.append(slot)
    return near, tuple(sites)


def seat_pieces(s: ViaNebulaState) -> tuple[Seat, ...]:
    """Per seat, its Seat: they change only when a craftsman, a site or a building
    comes or goes, so the masks keep them (list scans of every action before)."""
    craftsman = s.craftsman
    out = []
    for seat in range(s.players):
        hexes = 0
        h = -1
        for _ in range(craftsman.count(seat)):     # the seat's craftsmen, found in C
            h = craftsman.index(seat, h + 1)
            hexes |= EXPLOITATION_BIT[h]
        out.append((hexes, _next_to(hexes), *_slots_of(s, seat)))
    return tuple(out)  # type: ignore[return-value]


def _craftsman_at(s: ViaNebulaState, seats: tuple[Seat, ...], hex_: int
                  ) -> tuple[Seat, ...]:
    """``seats`` after a craftsman may have come to or left exploitation ``hex_``."""
    bit = HEX_BIT[hex_]
    owner = s.craftsman[hex_]
    out = seats
    for seat, (hexes, _, by_sites, sites) in enumerate(seats):
        if (hexes & bit != 0) != (owner == seat):
            hexes ^= bit
            out = (*out[:seat], (hexes, _next_to(hexes), by_sites, sites), *out[seat + 1:])
    return out


def free_sites(s: ViaNebulaState) -> tuple[PlaceSite, ...]:
    """PlaceSite on every ruin with a free place (whoever may use one)."""
    owners = s.slot_owner
    key = tuple(owners)
    got = _SITE_MEMO.get(key)
    if got is None:
        if len(_SITE_MEMO) >= MEMO_LIMIT:
            _SITE_MEMO.clear()
        got = _SITE_MEMO[key] = tuple(_SITE[h] for n, h in enumerate(RUINS)
                                      if owners[2 * n] == FREE or owners[2 * n + 1] == FREE)
    return got


def masks_after_slots(s: ViaNebulaState, masks: Masks, me: int, ruin_hex: int = -1
                      ) -> Masks:
    """``masks`` after seat ``me`` erected a building or placed a site (on ``ruin_hex``):
    the only changes to the slots."""
    seats = masks[6]
    hexes, near = seats[me][:2]
    seats = (*seats[:me], (hexes, near, *_slots_of(s, me)), *seats[me + 1:])
    placeable = masks[7]
    if ruin_hex >= 0:
        n = RUIN_OF_HEX[ruin_hex]
        owners = s.slot_owner
        if owners[2 * n] != FREE and owners[2 * n + 1] != FREE:   # that ruin is full now
            placeable = free_sites(s)
    return (*masks[:6], seats, placeable)  # type: ignore[return-value]


def board_masks(s: ViaNebulaState) -> Masks:
    """The Masks of ``s``, from its hex lists (network.exploitation_masks, explored_mask
    and empty_mask in one)."""
    tokens, counts = s.tokens, s.res_count
    token = spent = resources = 0
    for h, bit in EXPLOITATION_BITS:
        if tokens[h] != FREE:
            token |= bit
            if counts[h]:
                resources |= bit
        elif counts[h]:
            resources |= bit
        else:
            spent |= bit
    return (*_with_empty(token, spent, resources,  # type: ignore[return-value]
                         sum(compress(COVERABLE_BIT, s.explored))),
            seat_pieces(s), free_sites(s))


def masks_after(s: ViaNebulaState, masks: Masks, hex_: int) -> Masks:
    """``masks`` (those of ``s`` before an action that changed hex ``hex_`` only) brought
    up to date: that hex's bits worked out again, as board_masks would."""
    token, spent, resources, explored, _, _, seats, placeable = masks
    bit = HEX_BIT[hex_]
    if KIND[hex_] == "exploitation":
        keep = ~bit
        token &= keep
        resources &= keep
        was_spent = spent & bit
        spent &= keep
        if s.tokens[hex_] != FREE:
            token |= bit
            if s.res_count[hex_]:
                resources |= bit
        elif s.res_count[hex_]:
            resources |= bit
        else:
            spent |= bit
        seats = _craftsman_at(s, seats, hex_)
        if was_spent == spent & bit:       # the empty meadows are as they were
            return token, spent, resources, explored, masks[4], masks[5], seats, placeable
    elif COVERABLE_BIT[hex_]:
        explored = explored | bit if s.explored[hex_] else explored & ~bit
    return (*_with_empty(token, spent, resources, explored),  # type: ignore[return-value]
            seats, placeable)


def actions(s: ViaNebulaState, masks: Masks | None = None) -> list[ViaNebulaAction]:
    """The actions of phase ``act`` (empty when none is possible: the rules add Pass);
    ``masks``: board_masks(s), if known.

    The hottest function of a random playout: site_mask and grow are written out
    here (same results), since the calls cost as much as their work.
    """
    me = s.current
    token, _, resources, explored, empty, near, seats, placeable = (
        board_masks(s) if masks is None else masks)
    # The explorable hexes: next to an empty meadow (near) or to one of our pieces.
    _, pieces, by_sites, sites = seats[me]
    out: list[ViaNebulaAction] = []
    if token and s.craftsmen[me]:
        # A mask met before costs one look-up (network.picks remembers each).
        got = _CRAFTSMAN_MEMO.get(token)
        out += got if got is not None else picks(token, _CRAFTSMAN_AT, _CRAFTSMAN_MEMO)
    sites_left = s.sites[me]
    if sites_left and SITES_PER_SEAT - sites_left < BUILDINGS_PER_SEAT - len(s.built[me]):
        out += placeable
    if s.reserve or any(s.stacks[me]):
        pieces |= by_sites
        if pieces:
            near |= pieces & (COVERABLE_MASK ^ explored)
        if s.actions_left < 2:
            near &= _FOG_MASK
        if near:
            got = _EXPLORE_MEMO.get(near)
            out += got if got is not None else picks(near, _EXPLORE_AT, _EXPLORE_MEMO)
    if sites_left == SITES_PER_SEAT:       # no site of ours on the map
        return out
    hand: list[int] | None = None
    for slot in sites:
        if resources:
            ruin = _RUIN_HEX_OF_SLOT[slot]
            last = LAST_CHAIN[ruin]         # chain_mask's commonest answer, looked up here
            if last[0] == empty:
                reach = last[2] & resources
            elif not (resources & ~last[2] or last[0] & ~empty):
                # Every resource is next to the last chain already, and the empty
                # meadows only grew since (so did the chain): all of them reach it.
                reach = resources
            else:
                reach = chain_mask(ruin, empty) & resources
            if reach:
                memo = _TRANSPORT_MEMO[slot]
                got = memo.get(reach)
                out += got if got is not None else picks(reach, _TRANSPORT_AT[slot], memo)
        pile = s.slot_res[slot]
        if any(pile):
            fulfilled = FULFILLED.get(tuple(pile))     # fulfils' memo, looked up here
            if fulfilled is None:
                fulfilled = fulfils(pile)
            if fulfilled:                  # most piles fulfil no contract at all
                if hand is None:
                    # A FREE place on display is no card: never among the fulfilled.
                    hand = s.hands[me] + s.display
                row = _ERECT[slot]
                for card in hand:          # a loop, not a comprehension: no new frame
                    if card in fulfilled:
                        out.append(row[card])
    return out


def has_tile(s: ViaNebulaState, seat: int) -> bool:
    """Whether ``seat`` can take a meadow tile (its stacks or the reserve)."""
    return bool(s.reserve) or any(s.stacks[seat])

def my_sites(s: ViaNebulaState) -> list[int]:
    """The building sites (not buildings) of the seat to move."""
    me = s.current
    return [slot for slot, owner in enumerate(s.slot_owner)
            if owner == me and not s.slot_built[slot]]

def power_uses(s: ViaNebulaState) -> list[ViaNebulaAction]:
    """The uses of the power in play (SkipPower is added by the rules)."""
    power = CONTRACTS[s.power_card].power
    me = s.current
    supply = s.supply
    if power == "convert":
        return [_CONVERT[slot][old][new] for slot in my_sites(s)
                for old in range(5) if s.slot_res[slot][old]
                for new in range(5) if new != old and supply[new]]
    if power == "supply":
        return [_TAKE[slot][kind] for slot in my_sites(s)
                for kind in range(5) if supply[kind]]
    if power == "discard":
        return [_DISCARD[kind] for kind in range(5) if s.storage[me][kind]]
    if power == "tile":
        if not has_tile(s, me):
            return []
        return [_FREE_EXPLORE[h] for h in explorable(s, me, empty_mask(s))]
    if power == "move":
        sites = my_sites(s)
        return [_MOVE[a][b][kind] for a in sites for kind in range(5)
                if s.slot_res[a][kind] for b in sites if b != a]
    return []


def is_legal(s: ViaNebulaState, a: ViaNebulaAction, listed: list[ViaNebulaAction]) -> bool:
    """Whether ``a`` is among the legal actions, checked without listing them all
    (``listed`` gives them for a power or a pass, which are few)."""
    me = s.current
    kind = type(a)
    if s.phase == "power" or kind is Pass:
        return a in listed
    if s.actions_left <= 0:
        return False
    if kind is PlaceCraftsman:
        return (s.craftsmen[me] > 0 and 0 <= a.hex < HEX_COUNT
                and s.tokens[a.hex] != FREE)
    if kind is PlaceSite:
        n = RUIN_OF_HEX.get(a.hex)
        return (n is not None and s.sites[me] > 0
                and s.sites_on_board(me) < s.buildings_left(me)
                and FREE in (s.slot_owner[2 * n], s.slot_owner[2 * n + 1]))
    if kind is Explore:
        return (has_tile(s, me) and can_explore(s, me, a.hex, empty_mask(s))
                and (KIND[a.hex] == "fog" or s.actions_left >= 2))
    if not (0 <= a.slot < SLOT_COUNT and s.slot_owner[a.slot] == me
            and not s.slot_built[a.slot]):
        return False
    if kind is Transport:
        ruin = RUINS[slot_ruin(a.slot)]
        return (0 <= a.source < HEX_COUNT
                and bool(Network(s).sources(ruin) & HEX_BIT[a.source]))
    if kind is Erect:
        return ((a.card in s.hands[me] or (a.card in s.display and a.card != FREE))
                and 0 <= a.card < len(CONTRACTS)
                and needs_met(CONTRACTS[a.card].needs, s.slot_res[a.slot]))
    return False

def why_not(s: ViaNebulaState, a: ViaNebulaAction) -> str:
    """A reason, in the player's words, for refusing ``a``."""
    me = s.current
    kind = type(a)
    if kind is PlaceCraftsman:
        if not s.craftsmen[me]:
            return "no craftsman is left on your guild board"
        return "a craftsman goes on a meadow that still has its exploitation token"
    if kind is PlaceSite:
        if not s.sites[me]:
            return "no building site is left on your guild board"
        if s.sites_on_board(me) >= s.buildings_left(me):
            return "you need more buildings left than sites on the map"
        return "a site goes on a ruin with a free place"
    if kind is Explore:
        if not (s.reserve or any(s.stacks[me])):
            return "no meadow tile is left, in your stacks or the reserve"
        if 0 <= a.hex < HEX_COUNT and KIND[a.hex] == "forest" and s.actions_left < 2:
            return "a petrified forest takes both actions of a turn"
        return ("explore an uncovered fog or forest next to one of your pieces or next "
                "to an empty meadow")
    if kind is Transport:
        return ("a resource travels from an exploitation over empty meadows only, to "
                "one of your building sites")
    if kind is Erect:
        return ("erect on one of your sites holding every resource that a contract in "
                "your hand or on display asks for")
    if kind is Pass:
        return "you may only pass when no action is possible"
    return "that use of the power is not possible now"
