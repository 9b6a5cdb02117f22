"""The `normal` Via Nebula bot: a one-step greedy player that reads only its observation.

Every legal action is tried on a copy of the view and the result is judged by one estimate
of the seat's final score (``estimate``): the score so far, plus what its building plans
promise. A plan is a building to come: one of the seat's sites (or the next site still on
its guild board, on the free ruin that suits it best) paired with a contract in hand or on
display, each contract used once. A plan promises the contract's VP, less the actions it
still needs at ACTION_VP each and shrunk by FOCUS per action: a resource on the site needs
none, one that can travel there now one (a transport), one that cannot yet a little more
(an exploration or a craftsman first). So the bot places a site where its contracts'
resources can reach it, carries them there, finishes the building nearest done before it
spreads over the others, and erects a building as soon as its contract is met. Explored
tiles count a part of the explorer they work toward, so exploring fills quiet actions.
(The old bot squared a site's share of its contract: the first resources looked worth
less than an exploration, and it explored most turns.)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from tui_games.engine.codec import clone
from tui_games.engine.core import Rules
from tui_games.games.via_nebula.board import EXPLOITATIONS, RUINS
from tui_games.games.via_nebula.components import CONTRACTS, END_CARD_VP, EXPLORER_VP, token_vp
from tui_games.games.via_nebula.network import HEX_BIT, Network, bits, chain_mask
from tui_games.games.via_nebula.state import (
    FREE,
    HIDDEN,
    TILES_PER_STACK,
    ViaNebulaAction,
    ViaNebulaState,
    slot_ruin,
)

ACTION_VP = 0.45         # what one action is worth: the price of each step a plan needs
FOCUS = 0.93             # per step still needed: a plan nearly done is worth more
POWER_WORTH = 0.6        # a contract's power, roughly, in VP
IN_HAND = 1.0            # a contract in hand stays there
ON_DISPLAY = 0.85        # one on display may be taken by a rival first
REACHABLE_STEPS = 1.0    # a resource that can travel to the site: one transport
TOKEN_STEPS = 1.2        # one whose kind lies on a token the site can draw from
FAR_STEPS = 1.5          # one that cannot reach the site yet (explore, a craftsman first)
NEW_SITES = 1            # sites still to be placed that are planned for
OWN_RESOURCE = 0.35      # a resource on our own exploitation ends in our storage if unused
EXPLORER_SHARE = 0.3     # of an explorer's VP, credited per tile already taken from its stack


def score_so_far(s: ViaNebulaState, seat: int) -> int:
    """The final scoring's lines added up as they stand."""
    return (sum(token_vp(t) for t in s.tokens_won[seat])
            + sum(CONTRACTS[c].vp for c in s.built[seat])
            + EXPLORER_VP * s.explorers(seat)
            + (END_CARD_VP if s.end_card == seat else 0)
            - sum(s.storage[seat]))


_NEEDS = tuple(tuple((k, n) for k, n in enumerate(c.needs) if n) for c in CONTRACTS)
_WORTH = tuple(c.vp + (POWER_WORTH if c.power else 0.0) for c in CONTRACTS)


def plan_worth(card: int, pile: Sequence[int], reach: Sequence[int],
               tokens: Sequence[int], keep: float, steps: float = 1.0) -> float:
    """What building ``card`` on a site holding ``pile`` promises, once the actions it
    still needs are paid for (``steps``: those besides the carrying, erecting at least)."""
    extra = sum(pile)                  # less what the contract takes: to storage
    for k, want in _NEEDS[card]:
        have = pile[k]
        if have >= want:
            extra -= want
            continue
        extra -= have
        more = want - have
        near = reach[k]
        if near >= more:
            steps += more * REACHABLE_STEPS
        else:
            steps += near * REACHABLE_STEPS
            steps += (more - near) * (TOKEN_STEPS if tokens[k] else FAR_STEPS)
    return _WORTH[card] * keep * FOCUS ** steps - ACTION_VP * steps - extra


def _assign(rows: list[list[float]], floors: list[float]) -> float:
    """The best total of one value per row, each column used at most once (greedy by
    value); a row may take its floor instead (no plan for it)."""
    pairs = sorted(((v, r, c) for r, row in enumerate(rows) for c, v in enumerate(row)
                    if v > floors[r]), reverse=True)
    taken_rows: set[int] = set()
    taken_cols: set[int] = set()
    total = 0.0
    for v, r, c in pairs:
        if r in taken_rows or c in taken_cols:
            continue
        taken_rows.add(r)
        taken_cols.add(c)
        total += v
    return total + sum(f for r, f in enumerate(floors) if r not in taken_rows)


def estimate(s: ViaNebulaState, seat: int, net: Network | None = None) -> float:
    """``seat``'s estimated final score (exact once the game is over)."""
    score = float(score_so_far(s, seat))
    if s.phase == "over":
        return score
    hand = [c for c in s.hands[seat] if c != HIDDEN]
    cards = [*hand, *(c for c in s.display if c != FREE)]
    keeps = [IN_HAND] * len(hand) + [ON_DISPLAY] * (len(cards) - len(hand))
    rows: list[list[float]] = []
    floors: list[float] = []
    net = net or Network(s)
    token_masks = [0] * 5           # per resource type: the exploitations with its token
    for h in EXPLOITATIONS:
        token = s.tokens[h]
        if token != FREE:
            token_masks[token // 4] |= HEX_BIT[h]   # only normal tokens lie on the map
    placed = 0
    for slot, owner in enumerate(s.slot_owner):
        if owner != seat or s.slot_built[slot]:
            continue
        placed += 1
        reach, tokens = _site_reach(s, net, RUINS[slot_ruin(slot)], token_masks)
        pile = s.slot_res[slot]
        rows.append([plan_worth(card, pile, reach, tokens, keep)
                     for card, keep in zip(cards, keeps, strict=True)])
        floors.append(-float(sum(pile)))      # no plan: the pile ends in storage
    to_place = min(s.sites[seat], s.buildings_left(seat) - placed, NEW_SITES)
    if to_place > 0:
        # A site still to be placed: on the free ruin that suits each contract best
        # (ruins joined to the same meadows offer the same: each offer is tried once).
        offers = {_site_reach(s, net, RUINS[n], token_masks) for n in range(len(RUINS))
                  if FREE in (s.slot_owner[2 * n], s.slot_owner[2 * n + 1])}
        if offers:
            row = [max(plan_worth(card, _NOTHING, reach, tokens, keep, 2.0)
                       for reach, tokens in offers)
                   for card, keep in zip(cards, keeps, strict=True)]
            for _ in range(to_place):
                rows.append(row)
                floors.append(0.0)
    score += _assign(rows, floors)
    if s.current == seat and s.phase == "act":
        score += ACTION_VP * s.actions_left    # an extra action gained; a forest's cost
    tiles = TILES_PER_STACK[s.players]
    for left in s.stacks[seat]:
        if left:
            score += EXPLORER_VP * EXPLORER_SHARE * (tiles - left) / tiles
    for h in EXPLOITATIONS:
        if s.craftsman[h] == seat:
            score -= OWN_RESOURCE * s.res_count[h]
    return score


_NOTHING = (0,) * 5


def _site_reach(s: ViaNebulaState, net: Network, ruin: int, token_masks: list[int]
                ) -> tuple[tuple[int, ...], tuple[bool, ...]]:
    """Per resource type, for a site on ``ruin``: the resources that can travel there
    now, and whether a token's resources could (``token_masks``: per type, its tokens)."""
    reach_hexes = chain_mask(ruin, net.empty)
    counts = [0] * 5
    for h in bits(reach_hexes & net.resources):
        counts[s.res_kind[h]] += s.res_count[h]
    return tuple(counts), tuple(bool(reach_hexes & m) for m in token_masks)


class NormalBot:
    """Greedy one-step player on ``estimate``; ties broken at random."""

    judge = staticmethod(estimate)

    def __init__(self, rules: Rules[Any, Any], rng: random.Random) -> None:
        self.rules = rules
        self.rng = rng

    def choose(self, view: ViaNebulaState, player: int) -> ViaNebulaAction:
        """The legal action whose result ``estimate`` likes best."""
        legal = self.rules.legal_actions(view)
        if len(legal) == 1:
            return legal[0]
        base = clone(view)
        base.log = []
        best: list[ViaNebulaAction] = []
        best_value = float("-inf")
        for action in legal:
            trial = clone(base)
            self.rules.apply(trial, action)
            value = self.judge(trial, player)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return self.rng.choice(best)


# ---- the `hard` bot's quicker judge ------------------------------------------------------
# The estimate of the first normal bot: each site credited with the best contract it is on
# its way to, by the square of its share. Rougher than ``estimate`` but half its cost,
# which buys `hard` about twice the samples in its time budget, and wins more (11 of 12
# games against the new normal, against 8 of 12 judging with ``estimate``).

R_OWN_RESOURCE = 0.35      # a resource on our own exploitation ends in our storage if unused
R_REACHABLE_SHARE = 0.4    # a missing resource that can reach the site counts this much
R_POWER_WORTH = 0.6        # a contract's power, roughly, in VP
R_IN_HAND = 0.8            # a contract in hand will still be there: most of its worth
R_ON_DISPLAY = 0.6         # one on display may be taken by a rival first
R_EMPTY_SITE = 0.25        # a site with nothing on it yet: a building to come
R_REACH_TYPE = 0.1         # per resource type that can reach an empty site
R_SITE_JUNK = 0.9          # a resource on a site that no contract in sight wants


def _reachable_counts(s: ViaNebulaState, net: Network, ruin: int) -> list[int]:
    counts = [0] * 5
    for h in bits(net.sources(ruin)):
        counts[s.res_kind[h]] += s.res_count[h]
    return counts


def site_promise(pile: list[int], reach: list[int], cards: list[int],
                 hand: frozenset[int] = frozenset()) -> float:
    """What a site holding ``pile``, with ``reach`` resources able to come, promises:
    always less than erecting would bring now, so a finished building is erected."""
    best = -R_SITE_JUNK * sum(pile)
    for card in cards:
        c = CONTRACTS[card]
        needs = c.needs
        have = got = 0
        for k in range(5):
            want = needs[k]
            if want:
                n = pile[k] if pile[k] < want else want
                have += n
                more = want - n
                got += reach[k] if reach[k] < more else more
        size = c.size
        extra = sum(pile) - have
        share = (have + R_REACHABLE_SHARE * got) / size
        keep = R_IN_HAND if card in hand else R_ON_DISPLAY
        value = (c.vp + (R_POWER_WORTH if c.power else 0.0)) * share * share * keep - extra
        if value > best:
            best = value
    return best


def rollout_estimate(s: ViaNebulaState, seat: int, net: Network | None = None) -> float:
    """A quicker, rougher estimate of ``seat``'s final score (exact once the game is
    over): the `hard` bot's judge and rollout policy, fast enough for many samples."""
    score = float(score_so_far(s, seat))
    if s.phase == "over":
        return score
    hand = frozenset(c for c in s.hands[seat] if c != HIDDEN)
    cards = [*hand, *(c for c in s.display if c != FREE)]
    reach_memo: dict[int, list[int]] = {}
    for slot, owner in enumerate(s.slot_owner):
        if owner != seat or s.slot_built[slot]:
            continue
        ruin = RUINS[slot_ruin(slot)]
        if ruin not in reach_memo:
            net = net or Network(s)
            reach_memo[ruin] = _reachable_counts(s, net, ruin)
        reach = reach_memo[ruin]
        pile = s.slot_res[slot]
        if any(pile):
            score += site_promise(pile, reach, cards, hand)
        else:
            score += R_EMPTY_SITE + R_REACH_TYPE * sum(1 for n in reach if n)
    for h in EXPLOITATIONS:
        if s.craftsman[h] == seat:
            score -= R_OWN_RESOURCE * s.res_count[h]
    return score


class RolloutBot(NormalBot):
    """Greedy one-step player on ``rollout_estimate``: `hard`'s rollout policy."""

    judge = staticmethod(rollout_estimate)
