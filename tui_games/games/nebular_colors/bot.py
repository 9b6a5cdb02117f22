"""The `normal` Nebular Colors bot: meld planning, pile taking, safe discards, Stop or Nova.

It reads only the observation it is handed. Cards are valued through a smooth version of
the score (progress toward a threshold counts for something, penalties cost a third of a
point each) so that one plan can be compared with another before any threshold is passed.
"""

from __future__ import annotations

import random
from math import comb
from typing import Any

from tui_games.engine.core import Rules
from tui_games.games.nebular_colors.rules import (
    NOVA_AT,
    STOP_AT,
    is_set,
    melds_in,
    points_for,
    score,
    suit_counts,
    take_sets,
)
from tui_games.games.nebular_colors.state import (
    CARD_NUMBER,
    HIDDEN,
    SCORING,
    SUIT_INDEX,
    SUITS,
    Discard,
    Meld,
    NCAction,
    NCState,
    Nova,
    Stop,
    Take,
)

_NUM = CARD_NUMBER
_SUIT = SUIT_INDEX
_THRESHOLD = tuple(SCORING[s][0] for s in SUITS)
_POINTS = tuple(SCORING[s][1] for s in SUITS)
# How much a card of each suit is worth to hold: rarer suits pass their threshold sooner.
_SUIT_WEIGHT = (1.5, 1.1, 0.85, 0.65)
_DRAW_EDGE = 0.6        # what a plain draw is worth, in points, against taking a pile
_REACH_BONUS = 3.0      # reaching 5 first (or beating a Nova) is worth a star fragment
_PLAN_BUDGET = 3000     # search nodes per plan: keeps every decision well under 50 ms


def _progress(counts: list[int]) -> float:
    """Partial credit for suits still below their threshold (nearest and rarest first)."""
    total = 0.0
    for suit in range(4):
        count, threshold = counts[suit], _THRESHOLD[suit]
        if 0 < count < threshold:
            total += 0.5 * _POINTS[suit] * (count / threshold) ** 2
    return total


def _value(counts: list[int], penalty_cards: int, race_open: bool) -> float:
    """A smooth score: real points, threshold progress, a third of a point per penalty card."""
    points = points_for(counts, 0)
    bonus = _REACH_BONUS if race_open and points - penalty_cards // 3 >= STOP_AT else 0.0
    return points + _progress(counts) - penalty_cards / 3 + bonus


def _card_class(card: int, from_pile: bool) -> int:
    """Identical cards of the same origin are interchangeable: plan with classes, not ids."""
    return (_NUM[card] * 4 + _SUIT[card]) * 2 + from_pile


class _Plan:
    """The best group of disjoint melds from a hand plus (optionally) a taken pile."""

    def __init__(self, hand: list[int], taken: list[int], counts: list[int],
                 penalty_cards: int, race_open: bool, need_take_set: bool) -> None:
        taken_ids = set(taken)
        raw = take_sets(hand, taken) if need_take_set else []
        raw += melds_in(hand + taken)
        self.avail: dict[int, int] = {}
        for c in hand + taken:
            k = _card_class(c, c in taken_ids)
            self.avail[k] = self.avail.get(k, 0) + 1
        seen: set[tuple[int, ...]] = set()
        self.melds: list[tuple[tuple[int, ...], list[int], int, bool]] = []
        for m in raw:
            key = tuple(sorted(_card_class(c, c in taken_ids) for c in m))
            if key in seen:
                continue
            seen.add(key)
            delta = [0, 0, 0, 0]
            for c in m:
                delta[_SUIT[c]] += 1
            from_pile = sum(1 for c in m if c in taken_ids)
            qualifies = is_set(m) and 0 < from_pile < len(m)
            self.melds.append((key, delta, from_pile, qualifies))
        self.melds.sort(key=lambda m: -sum(d * w for d, w in zip(m[1], _SUIT_WEIGHT,
                                                                  strict=True)))
        self.penalty_cards = penalty_cards
        self.race_open = race_open
        self.need_take_set = need_take_set
        self.budget = _PLAN_BUDGET
        self.best_value = float("-inf")
        self.best: list[tuple[int, ...]] = []
        self._search(0, list(counts), len(taken), False, [])

    def _search(self, start: int, counts: list[int], taken_left: int, qualified: bool,
                chosen: list[tuple[int, ...]]) -> None:
        self.budget -= 1
        if qualified or not self.need_take_set:
            value = _value(counts, self.penalty_cards + taken_left, self.race_open)
            if value > self.best_value:
                self.best_value, self.best = value, list(chosen)
        if self.budget <= 0:
            return
        avail = self.avail
        for i in range(start, len(self.melds)):
            key, delta, from_pile, qualifies = self.melds[i]
            if any(avail[k] <= 0 for k in key):
                continue
            needed: dict[int, int] = {}
            for k in key:
                needed[k] = needed.get(k, 0) + 1
            if any(avail[k] < n for k, n in needed.items()):
                continue
            for k in key:
                avail[k] -= 1
            chosen.append(key)
            self._search(i, [c + d for c, d in zip(counts, delta, strict=True)],
                         taken_left - from_pile, qualified or qualifies, chosen)
            chosen.pop()
            for k in key:
                avail[k] += 1
            if self.budget <= 0:
                return

    def first_meld(self) -> tuple[int, ...] | None:
        """The meld to play now: a qualifying set first when a take demands one."""
        if not self.best:
            return None
        if self.need_take_set:
            for key in self.best:
                if self._qualifies(key):
                    return key
        return self.best[0]

    def _qualifies(self, key: tuple[int, ...]) -> bool:
        return any(m[0] == key and m[3] for m in self.melds)


def _at_least(unseen: int, copies: int, hand: int, k: int) -> float:
    """P(a random hand of ``hand`` cards from ``unseen`` holds >= k of ``copies`` cards)."""
    if k <= 0:
        return 1.0
    if copies < k or hand < k or unseen <= 0:
        return 0.0
    total = comb(unseen, hand)
    below = sum(comb(copies, j) * comb(unseen - copies, hand - j) for j in range(k))
    return max(0.0, 1.0 - below / total)


class NormalBot:
    """A heuristic player: plans melds, weighs piles against penalties, discards safely."""

    def __init__(self, rules: Rules[Any, Any], rng: random.Random) -> None:
        self.rules = rules
        self.rng = rng

    def choose(self, view: NCState, player: int) -> NCAction:  # type: ignore[override]
        """One legal action for ``player``, decided from ``view`` alone."""
        legal: list[NCAction] = self.rules.legal_actions(view)
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase == "stop_or_nova":
            return self._stop_or_nova(view, player)
        if phase == "choose":
            return self._draw_or_take(view, player, legal)
        if phase == "discard":
            return self._discard(view, player, legal)
        return self._meld(view, player, legal)

    # ---- melds -------------------------------------------------------------------------

    def _plan(self, view: NCState, player: int, taken: list[int], need: bool) -> _Plan:
        return _Plan(view.hands[player], taken, suit_counts(view.melds[player]),
                     len(view.penalties[player]), view.nova != player, need)

    def _meld(self, view: NCState, player: int, legal: list[NCAction]) -> NCAction:
        plan = self._plan(view, player, view.taken, view.phase == "take_set")
        key = plan.first_meld()
        if key is not None:
            taken_ids = set(view.taken)
            for a in legal:
                if isinstance(a, Meld) and tuple(sorted(
                        _card_class(c, c in taken_ids) for c in a.cards)) == key:
                    return a
        return legal[-1] if view.phase == "meld" else legal[0]  # EndTurn comes last

    # ---- draw or take ------------------------------------------------------------------

    def _draw_or_take(self, view: NCState, player: int, legal: list[NCAction]) -> NCAction:
        hand_only = self._plan(view, player, [], False).best_value
        best: NCAction = legal[0]
        best_gain = _DRAW_EDGE
        for a in legal:
            if isinstance(a, Take):
                plan = self._plan(view, player, view.piles[a.pile], True)
                gain = plan.best_value - hand_only
                if gain > best_gain:
                    best, best_gain = a, gain
        return best

    # ---- discard -----------------------------------------------------------------------

    def _discard(self, view: NCState, player: int, legal: list[NCAction]) -> NCAction:
        hand = view.hands[player]
        unseen = self._unseen_counts(view, player)
        unseen_total = sum(unseen)
        opp_hand = len(view.hands[1 - player])
        best: NCAction = legal[0]
        best_cost = float("inf")
        for a in legal:
            assert isinstance(a, Discard)
            keep = [c for c in view.drawn if c != a.card]
            cost = self._usefulness(view, player, a.card, hand + keep)
            cost += self._danger(view.piles[a.pile], a.card, unseen, unseen_total, opp_hand,
                                 view, player)
            if cost < best_cost - 1e-9:
                best, best_cost = a, cost
        return best

    def _usefulness(self, view: NCState, player: int, card: int, hand: list[int]) -> float:
        """How much ``card`` is worth to keep, given the rest of the hand."""
        n, suit = _NUM[card], _SUIT[card]
        same_number = sum(1 for c in hand if _NUM[c] == n)
        value = 2.5 if same_number >= 2 else 1.0 * same_number
        for c in hand:
            if _SUIT[c] == suit:
                gap = abs(_NUM[c] - n)
                value += 0.7 if gap == 1 else 0.3 if gap == 2 else 0.0
        if any(_NUM[c] == n for pile in view.piles for c in pile):
            value += 0.4  # a pair in hand plus this number on a pile is a take later
        counts = suit_counts(view.melds[player])
        near = 1.0 + (0.5 if 0 < _THRESHOLD[suit] - counts[suit] <= 3 else 0.0)
        return value * _SUIT_WEIGHT[suit] * near + 0.2 * _SUIT_WEIGHT[suit]

    def _unseen_counts(self, view: NCState, player: int) -> list[int]:
        """Per number, copies not visible to ``player`` (in the deck or the opponent's hand)."""
        left = [0] + [4] * 13
        visible = [*view.hands[player], *view.drawn, *view.taken,
                   *view.piles[0], *view.piles[1], *view.penalties[0], *view.penalties[1]]
        visible += [c for area in view.melds for m in area for c in m]
        for c in visible:
            if c != HIDDEN:
                left[_NUM[c]] -= 1
        return left

    def _danger(self, pile: list[int], card: int, unseen: list[int], unseen_total: int,
                opp_hand: int, view: NCState, player: int) -> float:
        """How much discarding ``card`` on ``pile`` raises the opponent's chance to take it."""
        def p_take(cards: list[int]) -> float:
            counts: dict[int, int] = {}
            for c in cards:
                counts[_NUM[c]] = counts.get(_NUM[c], 0) + 1
            miss = 1.0
            for n, k in counts.items():
                need = max(1, 3 - k)
                miss *= 1.0 - _at_least(unseen_total, unseen[n], opp_hand, need)
            return 1.0 - miss

        before = p_take(pile)
        after = p_take([*pile, card])
        opp_counts = suit_counts(view.melds[1 - player])
        suit = _SUIT[card]
        helps = 0.3 if 0 < _THRESHOLD[suit] - opp_counts[suit] <= 3 else 0.0
        return (after - before) * (3.0 + 0.5 * len(pile)) + helps * _SUIT_WEIGHT[suit]

    # ---- Stop or Nova ------------------------------------------------------------------

    def _stop_or_nova(self, view: NCState, player: int) -> NCAction:
        mine, theirs = score(view, player), score(view, 1 - player)
        if mine >= NOVA_AT:
            return Nova()
        if view.fragments[player] + 1 >= view.target:
            return Stop()  # a Stop wins the match outright
        if view.fragments[1 - player] + 1 >= view.target:
            return Stop()  # a failed Nova would hand the opponent the match
        need, deck = NOVA_AT - mine, len(view.deck)
        if (need <= 2 and theirs <= 2 and deck >= 12) or (need <= 3 and theirs <= 0
                                                            and deck >= 24):
            return Nova()
        return Stop()
