"""Nebular Colors melds and scoring: what a set or a run is, and what a scoring area is worth.

Pure functions over card ids, shared by the rules, the bots and the screen's hints. The
hot paths use the lookup tables of state.py: random playouts call them constantly.
"""

from __future__ import annotations

from itertools import combinations, product
from typing import NamedTuple

from tui_games.games.nebular_colors.state import (
    CARD_NUMBER,
    DECK_SIZE,
    SCORING,
    SUIT_INDEX,
    SUITS,
    NCState,
)

_NUM = CARD_NUMBER
_SUIT = SUIT_INDEX
_THRESHOLD = tuple(SCORING[s][0] for s in SUITS)
_POINTS = tuple(SCORING[s][1] for s in SUITS)
_BONUS = tuple(SCORING[s][2] for s in SUITS)
_RUN_MASK = {3: 0b111, 4: 0b1111, 5: 0b11111}


# ---- melds ----------------------------------------------------------------------------

def is_set(cards: list[int] | tuple[int, ...]) -> bool:
    """3 or 4 cards of one number, any suits."""
    if not 3 <= len(cards) <= 4:
        return False
    n = _NUM[cards[0]]
    return all(_NUM[c] == n for c in cards)


def is_run(cards: list[int] | tuple[int, ...]) -> bool:
    """3 to 5 cards of one suit with consecutive numbers (13 does not wrap to 1)."""
    k = len(cards)
    if not 3 <= k <= 5:
        return False
    suit = _SUIT[cards[0]]
    if any(_SUIT[c] != suit for c in cards):
        return False
    numbers = {_NUM[c] for c in cards}
    return len(numbers) == k and max(numbers) - min(numbers) == k - 1


def is_meld(cards: list[int] | tuple[int, ...]) -> bool:
    """A valid set or run of distinct cards."""
    return len(set(cards)) == len(cards) and (is_set(cards) or is_run(cards))


def meld_problem(cards: list[int]) -> str | None:
    """Why ``cards`` (ids) are not a valid meld, in one line; ``None`` when they are."""
    if any(not 0 <= c < DECK_SIZE for c in cards):
        return "that is not a card you can see"
    if len(set(cards)) != len(cards):
        return "each card can be used only once"
    if len(cards) < 3:
        return "a meld needs at least 3 cards"
    numbers = [_NUM[c] for c in cards]
    if len(set(numbers)) == 1:
        return None if len(cards) <= 4 else "a set has at most 4 cards"
    one_suit = len({_SUIT[c] for c in cards}) == 1
    if not one_suit:
        if len(set(numbers)) == len(numbers):
            return "a run needs one suit"
        return "a set needs cards of one number"
    if len(set(numbers)) != len(numbers):
        return "a run cannot repeat a number"
    if max(numbers) - min(numbers) != len(numbers) - 1:
        return "a run needs consecutive numbers"
    if len(cards) > 5:
        return "a run has at most 5 cards"
    return None


def melds_in(pool: list[int]) -> list[tuple[int, ...]]:
    """Every set and run (sorted id tuples) that can be made from the cards in ``pool``."""
    out: list[tuple[int, ...]] = []
    by_number: dict[int, list[int]] = {}
    masks = [0, 0, 0, 0]  # per suit, bit n set when the pool holds that number
    for c in pool:
        n = _NUM[c]
        bucket = by_number.get(n)
        if bucket is None:
            by_number[n] = [c]
        else:
            bucket.append(c)
        masks[_SUIT[c]] |= 1 << n
    for bucket in by_number.values():
        if len(bucket) >= 3:
            bucket.sort()
            out.extend(combinations(bucket, 3))
            if len(bucket) >= 4:
                out.extend(combinations(bucket, 4))
    for suit in range(4):
        mask = masks[suit]
        starts = mask & (mask >> 1) & (mask >> 2)
        if not starts:
            continue
        ids: dict[int, list[int]] = {}
        for c in pool:
            if _SUIT[c] == suit:
                ids.setdefault(_NUM[c], []).append(c)
        while starts:
            low = starts & -starts
            starts ^= low
            start = low.bit_length() - 1
            for length in (3, 4, 5):
                if (mask >> start) & _RUN_MASK[length] != _RUN_MASK[length]:
                    break
                groups = [ids[n] for n in range(start, start + length)]
                # ids ascend with the number, so each product tuple is already sorted
                out.extend(product(*groups))
    return out


def take_sets(hand: list[int], taken: list[int]) -> list[tuple[int, ...]]:
    """Every set using at least one card of ``taken`` and at least one of ``hand``."""
    out: list[tuple[int, ...]] = []
    taken_numbers = {_NUM[c] for c in taken}
    for n in taken_numbers:
        from_hand = [c for c in hand if _NUM[c] == n]
        if not from_hand:
            continue
        from_pile = [c for c in taken if _NUM[c] == n]
        if len(from_hand) + len(from_pile) < 3:
            continue
        pool = sorted(from_hand + from_pile)
        pile_ids = set(from_pile)
        for size in (3, 4):
            for combo in combinations(pool, size):
                in_pile = sum(1 for c in combo if c in pile_ids)
                if 0 < in_pile < size:
                    out.append(combo)
    return out


def can_take(hand: list[int], pile: list[int]) -> bool:
    """Whether a set can be made from at least one card of ``pile`` and one of ``hand``."""
    if not pile or not hand:
        return False
    in_hand = [0] * 14
    for c in hand:
        in_hand[_NUM[c]] += 1
    in_pile = [0] * 14
    for c in pile:
        in_pile[_NUM[c]] += 1
    return any(in_hand[n] and in_pile[n] and in_hand[n] + in_pile[n] >= 3 for n in range(1, 14))


# ---- scoring --------------------------------------------------------------------------

class ScoreBreakdown(NamedTuple):
    """A player's score in parts: per suit (count, threshold, points), then the penalty."""

    suits: dict[str, tuple[int, int, int]]
    penalty_cards: int
    penalty: int
    total: int


def suit_counts(melds: list[list[int]]) -> list[int]:
    """Cards per suit (G, Y, B, P) in a scoring area."""
    counts = [0, 0, 0, 0]
    for meld in melds:
        for c in meld:
            counts[_SUIT[c]] += 1
    return counts


def suit_points(suit: int, count: int) -> int:
    """Points from one suit: nothing below the threshold, then points + bonus per extra card."""
    threshold = _THRESHOLD[suit]
    return _POINTS[suit] + (count - threshold) * _BONUS[suit] if count >= threshold else 0


def points_for(counts: list[int], penalty_cards: int) -> int:
    """The score of a scoring area with these suit counts and penalty cards."""
    total = 0
    for suit in range(4):
        count = counts[suit]
        if count >= _THRESHOLD[suit]:
            total += _POINTS[suit] + (count - _THRESHOLD[suit]) * _BONUS[suit]
    return total - penalty_cards // 3


def score(s: NCState, player: int) -> int:
    """``player``'s current score, penalties included."""
    return points_for(suit_counts(s.melds[player]), len(s.penalties[player]))


def score_breakdown(s: NCState, player: int) -> ScoreBreakdown:
    """``player``'s score per suit (count, threshold, points earned) and the penalty."""
    counts = suit_counts(s.melds[player])
    suits = {
        SUITS[i]: (counts[i], _THRESHOLD[i], suit_points(i, counts[i])) for i in range(4)
    }
    penalty_cards = len(s.penalties[player])
    return ScoreBreakdown(suits, penalty_cards, penalty_cards // 3,
                          points_for(counts, penalty_cards))
