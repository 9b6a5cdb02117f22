"""Which decisions are legal now, and why a refused one is refused (Nova Lux).

The rules' ``legal_actions`` is ``legal_actions`` here: the turn's actions (harvests,
moves, engine runs, the colony, abilities, federation powers, trades, attacks and the
turn's mandatory end), the other phases' decisions, and the reactions offered to the other
seats at the end of a turn. ``legal_of_kind`` checks one action against the legal actions
of its own kind only, which is what ``apply`` needs.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import compress

from tui_games.games.nova_lux import interned, movement, trades
from tui_games.games.nova_lux.board import CARD_AT, CARD_CELLS, CARDS, CELLS, NEIGHBOURS
from tui_games.games.nova_lux.cards import (
    COLONY_LEVEL,
    DOUBLE_ENGINE,
    FACTIONS_KEPT,
    FED_CONVERT,
    FED_HARVEST,
    FORCE_TRADE,
    FORCE_TRADE_MAX,
    HIGH_ATTACK,
    HYDROGEN,
    RESOURCES,
    STARS,
    TELEPORT,
    TRACK_MAX,
)
from tui_games.games.nova_lux.describe import top_star
from tui_games.games.nova_lux.factions import (
    attacks_any_turn,
    exchanges,
    federation_power,
    sharing,
)
from tui_games.games.nova_lux.state import (
    NONE,
    AdjustOffer,
    AnswerTrade,
    Attack,
    DropOffer,
    EndTurn,
    Escape,
    FedConvert,
    ForceTrade,
    FoundColony,
    Harvest,
    MoveTo,
    NovaLuxAction,
    NovaLuxState,
    OfferTrade,
    Pass,
    Pick,
    PlaceShip,
    Plunder,
    SendOffer,
    StartTrade,
    StoreStar,
    TakeHydrogen,
    Teleport,
    UseAbility,
    UseEngine,
)

ENGINE_SLOTS = interned.ENGINE_SLOTS
FED_HARVEST_HYDROGEN = 2
_MOVE, _TAKE, _END = interned.MOVE, interned.TAKE, interned.END
_HARVEST, _ENGINE, _ABILITIES = interned.HARVEST, interned.ENGINE, interned.ABILITIES
_ROW_MOVES = interned.ROW_MOVES
assert movement.ROW_BITS == 8       # a bit set of cells is SIZE bytes, a row each


def legal_actions(s: NovaLuxState) -> list[NovaLuxAction]:
    """Every legal decision now."""
    phase = s.phase
    if phase == "turn":
        return turn_actions(s)
    if phase == "draft":
        seat = s.picked.index(False)
        return [Pick(f) for f in s.hands[seat]]
    if phase == "place":
        return [PlaceShip(c) for c in range(CELLS) if movement.enterable(s, c)]
    if phase == "store":
        return [StoreStar(slot) for slot in range(ENGINE_SLOTS)] + [StoreStar(NONE)]
    if phase == "escape":
        cell = CARD_CELLS[s.escape_card]
        return [Escape(n) for n in NEIGHBOURS[cell] if movement.enterable(s, n)]
    if phase == "compose":
        return trades.steps(s)
    if phase == "answer":
        return [AnswerTrade(True), AnswerTrade(False)]
    if phase == "plunder":
        return [Plunder(r) for r in range(RESOURCES) if s.res[s.plunder_from][r]]
    if phase == "react":
        return [*reactions(s, s.react_queue[0]), Pass()]
    return []


def turn_actions(s: NovaLuxState) -> list[NovaLuxAction]:
    """The current player's options in the free-order turn, its mandatory end last:
    harvests, moves, teleports, engine runs, the colony, abilities, federation powers,
    trades, attacks, then the hydrogen to take (or the end when none is left)."""
    # The hot path of every playout and search: each part is skipped by its cheapest
    # test first, and the actions come from the interned tables.
    me = s.current
    res = s.res[me]
    did = s.did
    here = s.ships[me]
    card = CARD_AT[here]
    if card >= 0 and s.hydrogen[card] and ("harvest" not in did or s.open_action == "harvest"):
        out = harvests(s)
    else:
        out = []
    if "move" not in did:
        out += move_actions(s, here, res[HYDROGEN])
    fed = s.federation
    if fed and federation_power(s, me, TELEPORT) and res[HYDROGEN] >= movement.TELEPORT_COST:
        out += [Teleport(c) for c in range(CELLS) if c != here and movement.enterable(s, c)]
    if s.engine[me] and res[HYDROGEN] and ("engine" not in did or s.open_action == "engine"):
        out += engine_uses(s)
    if s.colony[me] == NONE and min(res) >= COLONY_LEVEL and can_found(s, me):
        out.append(interned.FOUND)
    if not s.used[me] and s.done:
        out += abilities(s, me)
    if fed:
        out += federation_actions(s)
    if s.players > 1:
        out += trades.starts(s)
        out += attacks(s)
    size = len(out)
    out += compress(_TAKE, s.hydrogen)
    if len(out) == size:
        out.append(_END)
    return out


def move_actions(s: NovaLuxState, here: int, budget: int) -> tuple[MoveTo, ...]:
    """The moves to every cell but ``here`` reachable for at most ``budget``, by cell."""
    if not 0 <= budget <= movement.MAX_BUDGET:       # only a hand-made state
        return tuple(_MOVE[c] for c in movement.move_targets(s, here, budget))
    key, bits = movement.board_of(s)
    _, two, five, blocked, holes = bits
    near = movement.NEAR[here][budget]
    if holes & near:                # a wormhole in reach: the whole board counts
        return _moves(*key, here, budget)
    # Only the cells within ``budget`` steps count (movement.NEAR): boards agreeing on
    # them, in this game or another, share the answer.
    local = (here, budget, two & near, five & near, blocked & near)
    moves = _LOCAL.get(local)
    if moves is None:
        moves = _moves_of(movement.reach_bits(bits, here, budget))
        if len(_LOCAL) >= _LOCAL_KEPT:
            _LOCAL.clear()
        _LOCAL[local] = moves       # a value that never changes: threads may race here
    return moves


_LOCAL: dict[tuple[int, int, int, int, int], tuple[MoveTo, ...]] = {}
_LOCAL_KEPT = 16384


@lru_cache(maxsize=4096)
def _moves(flipped: tuple[bool, ...], faces: tuple[int, ...], here: int, budget: int
           ) -> tuple[MoveTo, ...]:
    """``move_actions`` on a whole board."""
    return _moves_of(movement.reach(flipped, faces, here, budget))


def _moves_of(cells: int) -> tuple[MoveTo, ...]:
    """The MoveTo actions of a bit set of cells (a byte a row), in cell order."""
    if not cells:
        return ()
    out: list[MoveTo] = []
    row = ((cells & -cells).bit_length() - 1) >> 3       # from the first row with one
    cells >>= row << 3
    while cells:
        out += _ROW_MOVES[row][cells & 0xFF]
        cells >>= 8
        row += 1
    return tuple(out)


def abilities(s: NovaLuxState, seat: int) -> list[NovaLuxAction]:
    """``exchanges`` as actions (the same order)."""
    if s.used[seat] or not s.done:
        return []
    factions = s.factions[seat]
    if len(factions) > FACTIONS_KEPT:                 # only a hand-made state
        return [UseAbility(*x) for x in exchanges(s, seat)]
    res = s.res[seat]
    done = s.done[seat]
    out: list[NovaLuxAction] = []
    for slot, fid in enumerate(factions):
        if done[slot]:
            continue
        for give, uses in _ABILITIES[slot][fid]:
            if res[give]:
                out += uses
    return out


def attacks(s: NovaLuxState) -> list[NovaLuxAction]:
    """Attacks on Arks sharing the current player's cell (one attack per turn)."""
    me = s.current
    if s.attacked:
        return []
    targets = sharing(s, me)
    out: list[NovaLuxAction] = [Attack(t) for t in targets]
    if targets and federation_power(s, me, HIGH_ATTACK):
        out += [Attack(t, True) for t in targets]
    return out

def harvests(s: NovaLuxState) -> list[NovaLuxAction]:
    """Every harvest of the star under the current Ark: count, payment and reward."""
    me = s.current
    if "harvest" in s.did and s.open_action != "harvest":
        return []
    card = CARD_AT[s.ships[me]]
    if card < 0 or not s.hydrogen[card]:
        return []
    star = STARS[top_star(s, card)]
    res = s.res[me]
    left = s.hydrogen[card]
    cost_n = star.cost_n
    out: list[NovaLuxAction] = []
    for pay in star.cost:
        most = min(left, res[pay] // cost_n)
        if most <= 0:
            continue
        if most <= TRACK_MAX:
            table = _HARVEST[pay]
            for gain in star.reward:
                out += table[gain][:most]
        else:                                        # only a hand-made state
            out += [Harvest(n, pay, gain) for gain in star.reward for n in range(1, most + 1)]
    if (s.federation and federation_power(s, me, FED_HARVEST)
            and res[HYDROGEN] >= FED_HARVEST_HYDROGEN):
        out += [Harvest(n, pay, gain, True) for pay in range(HYDROGEN) if res[pay]
                for gain in star.reward for n in range(1, left + 1)]
    return out

def engine_uses(s: NovaLuxState) -> list[NovaLuxAction]:
    """One run of each engine star the current player can pay for, this activation."""
    me = s.current
    if "engine" in s.did and s.open_action != "engine":
        return []
    res = s.res[me]
    engine = s.engine[me]
    if not engine or not res[HYDROGEN]:
        return []
    double_ok = s.engine_double or (bool(s.federation)
                                    and federation_power(s, me, DOUBLE_ENGINE))
    # which runs: single only, doubled only (this activation doubles), or both in turn
    kind = 1 if s.engine_double else 2 if double_ok else 0
    out: list[NovaLuxAction] = []
    if len(engine) > ENGINE_SLOTS:                   # only a hand-made state
        for slot, star_id in enumerate(engine):
            star = STARS[star_id]
            out += [UseEngine(slot, pay, gain, d) for pay in star.cost
                    if res[pay] >= star.cost_n for gain in star.reward
                    for d in ((False,), (True,), (False, True))[kind]]
        return out
    for slot, star_id in enumerate(engine):
        cost_n = STARS[star_id].cost_n
        for pay, runs in _ENGINE[slot][star_id]:
            if res[pay] >= cost_n:
                out += runs[kind]
    return out

def can_found(s: NovaLuxState, me: int) -> bool:
    """7 of every resource and a free star under the Ark: the colony may be founded."""
    if s.colony[me] != NONE or any(r < COLONY_LEVEL for r in s.res[me]):
        return False
    card = CARD_AT[s.ships[me]]
    return card >= 0 and top_star(s, card) != NONE and s.colony_at[card] == NONE

def federation_actions(s: NovaLuxState) -> list[NovaLuxAction]:
    """The Transmuters' conversions and the Trade Fleet's forced trades, when usable."""
    me = s.current
    if not s.federation:
        return []
    res = s.res[me]
    out: list[NovaLuxAction] = []
    if federation_power(s, me, FED_CONVERT):
        out += [FedConvert(g, t, n) for g in range(RESOURCES) for t in range(RESOURCES)
                if t != g for n in range(1, res[g] + 1)]
    if federation_power(s, me, FORCE_TRADE):
        for target in sharing(s, me):
            theirs = s.res[target]
            out += [ForceTrade(target, g, t, n) for g in range(RESOURCES)
                    for t in range(RESOURCES) if t != g
                    for n in range(1, min(FORCE_TRADE_MAX, res[g], theirs[t]) + 1)]
    return out

def reactions(s: NovaLuxState, seat: int) -> list[NovaLuxAction]:
    """What ``seat`` may do at the end of another player's turn."""
    if s.used[seat] or s.left_game[seat]:
        return []
    out = abilities(s, seat)
    if attacks_any_turn(s, seat) and s.ships[seat] == s.ships[s.current] \
            and not s.left_game[s.current]:
        out.append(Attack(s.current))
    return out


def legal_of_kind(s: NovaLuxState, a: NovaLuxAction) -> list[NovaLuxAction]:
    """The legal actions of ``a``'s kind (cheaper than all of them)."""
    if s.phase != "turn":
        return legal_actions(s)
    kind = type(a)
    if kind is Harvest:
        return harvests(s)
    if kind is MoveTo:
        if "move" in s.did:
            return []
        here = s.ships[s.current]
        found = movement.cheapest(s, here, s.res[s.current][HYDROGEN])
        return [a] if a.cell in found and a.cell != here else []
    if kind is UseEngine:
        return engine_uses(s)
    if kind is StartTrade:
        return trades.starts(s)
    if kind in (FedConvert, ForceTrade):
        return federation_actions(s)
    me = s.current
    if kind is TakeHydrogen:
        ok = 0 <= a.card < CARDS and s.hydrogen[a.card] > 0
        return [a] if ok else []
    if kind is EndTurn:
        return [] if any(s.hydrogen) else [a]
    if kind is FoundColony:
        return [a] if can_found(s, me) else []
    if kind is UseAbility:
        return abilities(s, me)
    if kind is Attack:
        return attacks(s)
    return turn_actions(s)

def why_not(s: NovaLuxState, a: NovaLuxAction, seat: int) -> str:
    """Why ``a`` is refused, in a player's words."""
    phase = s.phase
    if phase == "draft":
        return "keep one of the faction cards in your draft hand"
    if phase == "place":
        return "place your Ark on a cell that is not a destroyed neutron star"
    if phase == "store":
        return "choose an engine slot for the new star, or discard it"
    if phase == "escape":
        return "escape to a cell next to the collapsed neutron star"
    if phase == "compose":
        return trades.why_not(s, a)
    if phase == "answer":
        return "accept or decline the trade offer first"
    if phase == "plunder":
        return "take one of the loser's resources"
    if phase == "react":
        return "use an ability you can afford now, or pass"
    me = s.current
    if isinstance(a, Harvest):
        if "harvest" in s.did and s.open_action != "harvest":
            return "you have already harvested this turn"
        card = CARD_AT[s.ships[me]]
        if card < 0 or not s.hydrogen[card]:
            return "there is no star with hydrogen under your Ark"
        return "you cannot pay that harvest"
    if isinstance(a, MoveTo | Teleport):
        if isinstance(a, MoveTo) and "move" in s.did:
            return "you have already moved this turn"
        if not 0 <= a.cell < CELLS or not movement.enterable(s, a.cell):
            return "a destroyed neutron star cannot be entered"
        return "you do not have the hydrogen to get there"
    if isinstance(a, UseEngine):
        if "engine" in s.did and s.open_action != "engine":
            return "the biosphere engine has already run this turn"
        return "you cannot pay that engine star's cost and 1 hydrogen"
    if isinstance(a, FoundColony):
        if s.colony[me] != NONE:
            return "your colony is already established"
        if any(r < COLONY_LEVEL for r in s.res[me]):
            return "a colony needs 7 or more of every resource, hydrogen included"
        return "a colony needs a free star under your Ark"
    if isinstance(a, UseAbility | FedConvert | ForceTrade):
        if s.used[me]:
            return "you have already used an ability this turn"
        return "that ability is not available now"
    if isinstance(a, OfferTrade):
        return "an offer in that old form is only read from older saves: begin a trade " \
               "and compose it"
    if isinstance(a, StartTrade):
        if s.offered:
            return "you have already offered a trade this turn"
        return "you can offer a trade to a ship on your cell, something for something"
    if isinstance(a, AdjustOffer | SendOffer | DropOffer):
        return "begin a trade offer first"
    if isinstance(a, Attack):
        if s.attacked:
            return "you have already attacked this turn"
        return "you can only attack a ship on your cell"
    if isinstance(a, TakeHydrogen):
        return "take hydrogen from a star that has some"
    if isinstance(a, EndTurn):
        return "end the turn by taking 1 hydrogen from a star"
    return "that is not possible now"
