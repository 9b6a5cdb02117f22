"""Faction requirements, faction abilities and federation powers, read from the cards."""

from __future__ import annotations

from tui_games.games.nova_lux.board import (
    BLACK_HOLE,
    CARD_AT,
    CARD_NEIGHBOURS,
    NEIGHBOURS,
    SPACE_DUST,
)
from tui_games.games.nova_lux.cards import (
    DOUBLE_ENGINE,
    FACTIONS,
    FEDERATIONS,
    FORCE_TRADE,
    HYDROGEN,
    TELEPORT,
    TRACK_MAX,
    Faction,
)
from tui_games.games.nova_lux.state import NONE, NovaLuxState


def active(s: NovaLuxState, seat: int) -> bool:
    """Still in the game (a semi-cooperative winner has left)."""
    return not s.left_game[seat]


def others(s: NovaLuxState, seat: int) -> list[int]:
    """The other seats still in the game."""
    return [o for o in range(s.players) if o != seat and not s.left_game[o]]


def requirement_met(s: NovaLuxState, seat: int, faction: Faction) -> bool:
    """Whether ``seat`` meets the faction's bottom row now (the colony comes first)."""
    if s.colony[seat] == NONE:
        return False
    kind, args = faction.requirement, faction.requirement_args
    res = s.res[seat]
    if kind == "levels":
        return all(res[r] >= n for r, n in args)
    if kind == "others_below":
        return all(s.res[o][args[0]] < args[1] for o in others(s, seat))
    if kind == "most":
        return all(res[args[0]] > s.res[o][args[0]] for o in others(s, seat))
    if kind == "colony_next_to":
        return any(s.flipped[k] and s.face[k] == args[0]
                   for k in CARD_NEIGHBOURS[s.colony[seat]])
    return s.colony_kind[seat] == args[0]


def exchanges(s: NovaLuxState, seat: int) -> list[tuple[int, int, int]]:
    """(slot, give, get) of every faction exchange or conversion ``seat`` can make now."""
    if s.used[seat] or not s.factions[seat] or not s.done:
        return []
    res = s.res[seat]
    out = []
    for slot, fid in enumerate(s.factions[seat]):
        if s.done[seat][slot]:
            continue
        f = FACTIONS[fid]
        if f.ability == "exchange":
            a, b = f.ability_args
            if res[a]:
                out.append((slot, a, b))
            if res[b]:
                out.append((slot, b, a))
        elif f.ability == "convert":
            gives, gets = f.ability_args
            out += [(slot, g, t) for g in gives if res[g] for t in gets if t != g]
    return out


def trigger_slot(s: NovaLuxState, seat: int, ability: str, res: int) -> int:
    """The slot of an unfulfilled ``ability`` faction of ``seat`` for ``res``, or -1."""
    for slot, fid in enumerate(s.factions[seat]):
        f = FACTIONS[fid]
        if f.ability == ability and f.ability_args[0] == res and not s.done[seat][slot]:
            return slot
    return -1


def attacks_any_turn(s: NovaLuxState, seat: int) -> bool:
    """An unfulfilled faction lets ``seat`` attack on other players' turns."""
    return any(FACTIONS[fid].attack_any_turn and not s.done[seat][slot]
               for slot, fid in enumerate(s.factions[seat]))


def federation_holds(s: NovaLuxState, seat: int) -> bool:
    """Whether ``seat``'s federation requirement is met now (its power is usable)."""
    fed_id = s.federation[seat] if s.federation else NONE
    if fed_id == NONE or s.left_game[seat]:
        return False
    res = s.res[seat]
    if not all(res[r] >= n for r, n in FEDERATIONS[fed_id].levels):
        return False
    cell = s.ships[seat]
    if fed_id == TELEPORT:
        return any(CARD_AT[n] >= 0 and s.flipped[CARD_AT[n]] and s.face[CARD_AT[n]] == BLACK_HOLE
                   for n in NEIGHBOURS[cell])
    if fed_id == DOUBLE_ENGINE:
        card = CARD_AT[cell]
        return card >= 0 and s.flipped[card] and s.face[card] == SPACE_DUST
    if fed_id == FORCE_TRADE:
        return (sum(1 for r in range(HYDROGEN) if res[r] >= TRACK_MAX) >= 2
                and bool(sharing(s, seat)))
    return True


def federation_power(s: NovaLuxState, seat: int, fed_id: int) -> bool:
    """``seat`` holds federation ``fed_id``, its requirement holds and its turn's ability
    use is still free (a federation power is a top-row action)."""
    return (bool(s.federation) and s.federation[seat] == fed_id and not s.used[seat]
            and federation_holds(s, seat))


def sharing(s: NovaLuxState, seat: int) -> list[int]:
    """The other seats whose ships stand on ``seat``'s cell."""
    cell = s.ships[seat]
    return [o for o in others(s, seat) if s.ships[o] == cell and cell != NONE]
