"""The `normal` Via Nebula bot: a one-step greedy player that reads only its observation.

Every legal action is tried on a copy of the view and the result is judged by one smooth
estimate of the seat's final score (``estimate``): the score so far, plus for each of its
building sites the best contract (in hand or on display) that the site is on its way to,
credited by how much of it is already there or reachable over empty meadows, minus the
resources bound for storage. So it plans the contracts it can finish, claims
exploitations whose resources can reach its sites, and explores to connect them.
"""

from __future__ import annotations

import random
from typing import Any

from tui_games.engine.codec import clone
from tui_games.engine.core import Rules
from tui_games.games.via_nebula.board import EXPLOITATIONS, RUINS
from tui_games.games.via_nebula.components import CONTRACTS, END_CARD_VP, EXPLORER_VP, token_vp
from tui_games.games.via_nebula.network import Network, bits
from tui_games.games.via_nebula.state import (
    FREE,
    HIDDEN,
    ViaNebulaAction,
    ViaNebulaState,
    slot_ruin,
)

OWN_RESOURCE = 0.35      # a resource on our own exploitation ends in our storage if unused
REACHABLE_SHARE = 0.4    # a missing resource that can reach the site counts this much
POWER_WORTH = 0.6        # a contract's power, roughly, in VP
IN_HAND = 0.8            # a contract in hand will still be there: most of its worth
ON_DISPLAY = 0.6         # one on display may be taken by a rival first
EMPTY_SITE = 0.25        # a site with nothing on it yet: a building to come
REACH_TYPE = 0.1         # per resource type that can reach an empty site
SITE_JUNK = 0.9          # a resource on a site that no contract in sight wants


def score_so_far(s: ViaNebulaState, seat: int) -> int:
    """The final scoring's lines added up as they stand."""
    return (sum(token_vp(t) for t in s.tokens_won[seat])
            + sum(CONTRACTS[c].vp for c in s.built[seat])
            + EXPLORER_VP * s.explorers(seat)
            + (END_CARD_VP if s.end_card == seat else 0)
            - sum(s.storage[seat]))


def _reachable_counts(s: ViaNebulaState, net: Network, ruin: int) -> list[int]:
    counts = [0] * 5
    for h in bits(net.sources(ruin)):
        counts[s.res_kind[h]] += s.res_count[h]
    return counts


def site_promise(pile: list[int], reach: list[int], cards: list[int],
                 hand: frozenset[int] = frozenset()) -> float:
    """What a site holding ``pile``, with ``reach`` resources able to come, promises:
    always less than erecting would bring now, so a finished building is erected."""
    best = -SITE_JUNK * sum(pile)
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
        share = (have + REACHABLE_SHARE * got) / size
        keep = IN_HAND if card in hand else ON_DISPLAY
        value = (c.vp + (POWER_WORTH if c.power else 0.0)) * share * share * keep - extra
        if value > best:
            best = value
    return best


def estimate(s: ViaNebulaState, seat: int, net: Network | None = None) -> float:
    """``seat``'s estimated final score (exact once the game is over)."""
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
            score += EMPTY_SITE + REACH_TYPE * sum(1 for n in reach if n)
    for h in EXPLOITATIONS:
        if s.craftsman[h] == seat:
            score -= OWN_RESOURCE * s.res_count[h]
    return score


class NormalBot:
    """Greedy one-step player on ``estimate``; ties broken at random."""

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
            value = estimate(trial, player)
            if value > best_value + 1e-9:
                best, best_value = [action], value
            elif value > best_value - 1e-9:
                best.append(action)
        return self.rng.choice(best)
