"""The `normal` Nova Lux bot: heads for harvests that feed its colony and its factions.

It values its five tracks against targets (7 of each before the colony, then what its
unfulfilled factions ask for), and each turn takes the best step by that value: the
colony as soon as it can, a harvest, engine runs, an ability, a fair trade, an attack
when it is ahead, then a move to the star whose harvest helps most. It answers trade
offers that help it at least as much as they cost it. It reads only its observation.
"""

from __future__ import annotations

import random
from typing import Any, NamedTuple

from tui_games.engine.core import Action, Rules
from tui_games.games.nova_lux import movement
from tui_games.games.nova_lux.board import CARD_AT, CARD_NEIGHBOURS
from tui_games.games.nova_lux.cards import (
    COLONY_LEVEL,
    FACTIONS,
    HYDROGEN,
    RESOURCES,
    STARS,
    TRACK_MAX,
    YELLOW,
)
from tui_games.games.nova_lux.describe import top_star
from tui_games.games.nova_lux.state import (
    NONE,
    AdjustOffer,
    AnswerTrade,
    Attack,
    DropOffer,
    FedConvert,
    ForceTrade,
    FoundColony,
    Harvest,
    MoveTo,
    NovaLuxState,
    Pass,
    SendOffer,
    StartTrade,
    StoreStar,
    TakeHydrogen,
    Teleport,
    UseAbility,
    UseEngine,
)

UNIT = 10.0            # the worth of one unit still needed
COLONY_UNIT = 20.0     # and of one of the colony's 7s on a track, while it is to come
SURPLUS = 0.3          # the worth of one unit beyond every target
MIN_GAIN = 0.5         # a step must be worth at least this much to be taken
LATER = 0.6            # a harvest next turn, against one now
MOBILITY = 4           # hydrogen kept for moving once the colony stands
COLONY_SITE = 60.0     # worth of a colony site that fulfils a position requirement


class Want(NamedTuple):
    """What a seat wants on each track, and whether its colony is still to come."""

    levels: list[int]
    colony: bool


def targets(s: NovaLuxState, seat: int) -> Want:
    """What ``seat`` wants on each track now."""
    colony = s.colony[seat] != NONE
    want = [0] * RESOURCES if colony else [COLONY_LEVEL] * RESOURCES
    if colony:
        want[HYDROGEN] = MOBILITY
    others = [o for o in range(s.players) if o != seat and not s.left_game[o]]
    for slot, fid in enumerate(s.factions[seat]):
        if fid < 0 or s.done[seat][slot]:
            continue
        f = FACTIONS[fid]
        if f.requirement == "levels":
            for r, n in f.requirement_args:
                want[r] = max(want[r], n)
        elif f.requirement == "most":
            r = f.requirement_args[0]
            best = max((s.res[o][r] for o in others), default=0)
            want[r] = max(want[r], min(TRACK_MAX, best + 1))
    return Want(want, not colony)


def worth(res: list[int], want: Want) -> float:
    """How far ``res`` goes towards ``want``: the colony's 7s count most while it is to
    come, then every unit still wanted, and a little for the rest."""
    # Plain loops, not sums over generators: the rollouts of `hard` call this most of all.
    # The additions run in the same order as a sum() would, so the values are the same.
    value: float = 0
    for r, w in zip(res, want.levels, strict=True):
        value += UNIT * (w if w < r else r) + SURPLUS * r
    if want.colony:
        sevens = 0
        for r in res:
            sevens += COLONY_LEVEL if r > COLONY_LEVEL else r
        value += COLONY_UNIT * sevens
    return value


def _add(res: list[int], r: int, n: int) -> None:
    res[r] = max(0, min(TRACK_MAX, res[r] + n))


def after(s: NovaLuxState, seat: int, a: Action) -> list[int] | None:
    """``seat``'s tracks after ``a`` (a plain exchange of resources), else None."""
    res = list(s.res[seat])
    if isinstance(a, Harvest):
        star = STARS[top_star(s, CARD_AT[s.ships[seat]])]
        if a.federation:
            _add(res, a.pay, -1)
            _add(res, HYDROGEN, -2)
        else:
            _add(res, a.pay, -a.count * star.cost_n)
        _add(res, HYDROGEN, a.count)
        _add(res, a.gain, a.count * star.reward_n)
    elif isinstance(a, UseEngine):
        star = STARS[s.engine[seat][a.slot]]
        _add(res, a.pay, -star.cost_n)
        _add(res, HYDROGEN, -1)
        _add(res, a.gain, star.reward_n * (2 if a.double else 1))
    elif isinstance(a, UseAbility):
        _add(res, a.give, -1)
        _add(res, a.get, 1)
    elif isinstance(a, FedConvert | ForceTrade):
        _add(res, a.give, -a.count)
        _add(res, a.get, a.count)
    else:
        return None
    return res


TRADE_UNITS = 3        # the bot's own offers: one resource for another, 1 to 3 of each


def traded(res: list[int], out: tuple[int, ...], back: tuple[int, ...]) -> list[int]:
    """``res`` after giving ``out`` and receiving ``back`` (units per resource)."""
    after_trade = list(res)
    for r in range(RESOURCES):
        _add(after_trade, r, back[r] - out[r])
    return after_trade


def trade_plan(s: NovaLuxState, me: int, target: int
               ) -> tuple[float, tuple[int, ...], tuple[int, ...]] | None:
    """The bot's best offer to ``target``: (its gain, what it gives, what it asks for).

    The rules allow any amounts; the bot weighs only fair one-for-one offers of a single
    resource each side (a bounded set), and only those ``target`` would accept by the
    bot's own measure. No randomness: the same view gives the same plan, so the offer is
    composed step by step towards it."""
    want, theirs = targets(s, me), targets(s, target)
    mine_now, their_now = s.res[me], s.res[target]
    base, their_base = worth(mine_now, want), worth(their_now, theirs)
    best = None
    for g in range(RESOURCES):
        for t in range(RESOURCES):
            if g == t:
                continue
            for n in range(1, min(TRADE_UNITS, mine_now[g], their_now[t]) + 1):
                out = tuple(n if r == g else 0 for r in range(RESOURCES))
                back = tuple(n if r == t else 0 for r in range(RESOURCES))
                if worth(traded(their_now, back, out), theirs) < their_base:
                    continue              # they would decline
                gain = worth(traded(mine_now, out, back), want) - base
                if best is None or gain > best[0]:
                    best = (gain, out, back)
    return best


def compose_step(s: NovaLuxState, me: int) -> Action:
    """The next step of composing the planned offer: a unit less where the offer holds
    too many, a unit more where too few, then send it (drop it with no plan)."""
    offer = s.offer
    assert offer is not None
    plan = trade_plan(s, me, offer.target)
    if plan is None:
        return DropOffer()
    _, out, back = plan
    for give, now, goal in ((True, offer.gives, out), (False, offer.gets, back)):
        for r in range(RESOURCES):
            if now[r] > goal[r]:
                return AdjustOffer(give, r, False)
    for give, now, goal in ((True, offer.gives, out), (False, offer.gets, back)):
        for r in range(RESOURCES):
            if now[r] < goal[r]:
                return AdjustOffer(give, r, True)
    return SendOffer()


GAINFUL = frozenset((Attack, StartTrade, Harvest, UseEngine, UseAbility, FedConvert,
                     ForceTrade))
"""The steps _step_gain can find worth taking: every other action gains nothing. (The
bots test ``type(a) in`` these sets, quicker than isinstance: no action is subclassed.)"""
MOVES = frozenset((MoveTo, Teleport))


def site_score(s: NovaLuxState, seat: int, card: int) -> int:
    """How many of ``seat``'s position requirements a colony on ``card`` would meet."""
    score = 0
    for slot, fid in enumerate(s.factions[seat]):
        if fid < 0 or s.done[seat][slot]:
            continue
        f = FACTIONS[fid]
        if f.requirement == "colony_next_to":
            score += any(s.flipped[k] and s.face[k] == f.requirement_args[0]
                         for k in CARD_NEIGHBOURS[card])
        elif f.requirement == "colony_on":
            star = top_star(s, card)
            score += star != NONE and STARS[star].kind == f.requirement_args[0]
    return score


def _faction_ease(fid: int) -> float:
    f = FACTIONS[fid]
    kind = f.requirement
    if kind == "levels":
        ease = 40.0 - sum(max(0, n - COLONY_LEVEL) for _, n in f.requirement_args)
    elif kind == "colony_on":
        ease = 36.0 if f.requirement_args[0] == YELLOW else 30.0
    elif kind == "most":
        ease = 28.0
    elif kind == "others_below":
        ease = 22.0
    else:
        ease = 15.0
    return ease + {"exchange": 5, "convert": 4, "on_gain": 3, "on_win": 2}[f.ability]


def star_value(star_id: int) -> float:
    """A star's worth in the engine: what a run gives against what it costs."""
    star = STARS[star_id]
    return 2.0 * star.reward_n - star.cost_n + 0.5 * (len(star.reward) - 1)


class NormalBot:
    """Greedy by the worth of its tracks; see the module docstring."""

    def __init__(self, rules: Rules[Any, Any], rng: random.Random) -> None:
        self.rules = rules
        self.rng = rng

    def choose(self, view: NovaLuxState, player: int) -> Action:
        """One legal action for ``player`` from its observation."""
        legal = self.rules.legal_actions(view)
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase == "turn":
            return self._turn(view, player, legal)
        if phase == "draft":
            return max(legal, key=lambda a: (_faction_ease(a.faction), -a.faction))
        if phase == "place":
            return self._place(view, legal)
        if phase == "store":
            return self._store(view, player)
        if phase == "compose":
            return compose_step(view, player)
        if phase == "answer":
            return AnswerTrade(self._accepts(view, player))
        if phase == "plunder":
            want = targets(view, player)
            return max(legal, key=lambda a: self._gain_of(view, player, a.res, 1, want))
        if phase == "react":
            return self._react(view, player, legal)
        return legal[0]    # an escape: any neighbouring cell will do

    # ---- small decisions ------------------------------------------------------------------

    def _place(self, s: NovaLuxState, legal: list[Action]) -> Action:
        def score(a: Action) -> float:
            card = CARD_AT[a.cell]
            if card < 0 or top_star(s, card) == NONE:
                return -1.0
            star = STARS[top_star(s, card)]
            return s.hydrogen[card] * star.reward_n - star.cost_n + self.rng.random()
        return max(legal, key=score)

    def _store(self, s: NovaLuxState, seat: int) -> Action:
        engine = s.engine[seat]
        worst = min(range(len(engine)), key=lambda i: star_value(engine[i]))
        if star_value(s.store_star) > star_value(engine[worst]):
            return StoreStar(worst)
        return StoreStar(NONE)

    def _accepts(self, s: NovaLuxState, seat: int) -> bool:
        offer = s.offer
        assert offer is not None
        want = targets(s, seat)
        return worth(traded(s.res[seat], offer.gets, offer.gives), want) >= worth(
            s.res[seat], want)

    def _gain_of(self, s: NovaLuxState, seat: int, r: int, n: int, want: Want) -> float:
        res = list(s.res[seat])
        before = worth(res, want)
        _add(res, r, n)
        return worth(res, want) - before

    def _react(self, s: NovaLuxState, seat: int, legal: list[Action]) -> Action:
        want = targets(s, seat)
        base = worth(s.res[seat], want)
        best: Action = Pass()
        best_gain = MIN_GAIN
        for a in legal:
            if isinstance(a, UseAbility):
                res = after(s, seat, a)
                assert res is not None
                gain = worth(res, want) - base
            elif isinstance(a, Attack):
                gain = UNIT if min(s.res[seat]) > min(s.res[a.target]) + 1 else 0.0
            else:
                continue
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    # ---- the turn ----------------------------------------------------------------------

    def _turn(self, s: NovaLuxState, me: int, legal: list[Action]) -> Action:
        if FoundColony() in legal and self._good_site(s, me, legal):
            return FoundColony()
        want = targets(s, me)
        base = worth(s.res[me], want)
        best: Action | None = None
        best_gain = MIN_GAIN
        for a in legal:
            if type(a) not in GAINFUL:
                continue    # a move, a pass...: no gain, skipped unweighed (rollouts are hot)
            gain = self._step_gain(s, me, a, want, base)
            if gain > best_gain:
                best, best_gain = a, gain
        if best is not None:
            return best
        move = self._best_move(s, me, legal, want, base)
        if move is not None:
            return move
        return self._end(s, me, legal)

    def _good_site(self, s: NovaLuxState, me: int, legal: list[Action]) -> bool:
        """Found here unless a reachable site meets more position requirements."""
        here = site_score(s, me, CARD_AT[s.ships[me]])
        if "move" in s.did:
            return True
        spare = s.res[me][HYDROGEN] - COLONY_LEVEL
        if spare <= 0:
            return True
        found = movement.cheapest(s, s.ships[me], spare)
        for cell in found:
            card = CARD_AT[cell]
            if card >= 0 and top_star(s, card) != NONE and s.colony_at[card] == NONE \
                    and site_score(s, me, card) > here:
                return False
        return True

    def _step_gain(self, s: NovaLuxState, me: int, a: Action, want: Want,
                   base: float) -> float:
        if isinstance(a, Attack):
            mine = max(s.res[me]) if a.highest else min(s.res[me])
            ahead = mine - min(s.res[a.target])
            return UNIT * 0.8 if ahead >= 2 else 0.0
        if isinstance(a, StartTrade):
            plan = trade_plan(s, me, a.target)
            return 0.0 if plan is None else plan[0]
        res_after = after(s, me, a)
        if res_after is None:
            return 0.0
        gain = worth(res_after, want) - base
        if isinstance(a, Harvest):
            gain += 0.1 * a.count         # hydrogen taken off the map is hydrogen for later
        return gain

    def _harvest_here(self, s: NovaLuxState, me: int, card: int, res: list[int],
                      want: Want) -> float:
        """The best worth reachable by one harvest of ``card``'s top star with ``res``."""
        best = worth(res, want)
        star_id = top_star(s, card)
        if star_id == NONE or not s.hydrogen[card]:
            return best
        star = STARS[star_id]
        cost_n, reward_n = star.cost_n, star.reward_n
        for pay in star.cost:
            most = min(s.hydrogen[card], res[pay] // cost_n)
            for gain in star.reward:
                for n in range(1, most + 1):
                    # _add three times, written out: every move of a rollout asks this
                    trial = list(res)
                    trial[pay] = max(0, min(TRACK_MAX, trial[pay] - n * cost_n))
                    trial[HYDROGEN] = max(0, min(TRACK_MAX, trial[HYDROGEN] + n))
                    trial[gain] = max(0, min(TRACK_MAX, trial[gain] + n * reward_n))
                    value = worth(trial, want)
                    if value > best:
                        best = value
        return best

    def _best_move(self, s: NovaLuxState, me: int, legal: list[Action], want: Want,
                   base: float) -> Action | None:
        moves = [a for a in legal if type(a) in MOVES]
        if not moves:
            return None
        harvested = "harvest" in s.did and s.open_action != "harvest"
        ready = s.colony[me] == NONE and all(
            r >= COLONY_LEVEL for r in s.res[me][:HYDROGEN])
        found = movement.cheapest(s, s.ships[me], s.res[me][HYDROGEN])
        here = CARD_AT[s.ships[me]]
        stay = base
        if here >= 0:
            stay = base + LATER * (self._harvest_here(s, me, here, list(s.res[me]), want) - base)
        best: Action | None = None
        best_value = stay + MIN_GAIN
        for a in moves:
            card = CARD_AT[a.cell]
            if card < 0 or top_star(s, card) == NONE:
                continue
            cost = movement.TELEPORT_COST if isinstance(a, Teleport) else found[a.cell][0]
            res = list(s.res[me])
            _add(res, HYDROGEN, -cost)
            moved = worth(res, want)
            reach = self._harvest_here(s, me, card, res, want)
            value = moved + (LATER if harvested else 1.0) * (reach - moved)
            if ready and s.colony_at[card] == NONE:
                value += COLONY_SITE * (1 + site_score(s, me, card)) * (
                    res[HYDROGEN] >= COLONY_LEVEL)
            value -= 0.01 * cost
            if value > best_value:
                best, best_value = a, value
        return best

    def _end(self, s: NovaLuxState, me: int, legal: list[Action]) -> Action:
        takes = [a for a in legal if isinstance(a, TakeHydrogen)]
        if not takes:
            return legal[-1]
        return hydrogen_to_take(s, me, takes)


def hydrogen_to_take(s: NovaLuxState, me: int, takes: list[TakeHydrogen]) -> TakeHydrogen:
    """The star to take the turn's last hydrogen from: the fullest, sparing the one under
    the Ark and the colonies, or the last of one whose card joins the engine."""
    here = CARD_AT[s.ships[me]]

    def score(a: TakeHydrogen) -> float:
        k = a.card
        value = float(s.hydrogen[k])
        if k == here:
            value -= 10
        if s.colony_at[k] != NONE:
            value -= 5
        if s.hydrogen[k] == 1 and len(s.engine[me]) < 3:
            value += 3 + star_value(top_star(s, k))      # a free engine star
        if s.hydrogen[k] == 1 and s.yellow[k] == NONE and s.colony_at[k] == NONE:
            value -= 2      # it would collapse the card
        return value

    return max(takes, key=lambda a: (score(a), -a.card))
