"""Scoring: thresholds, points, bonus, penalties; the breakdown the screen shows."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from nc_helpers import table

from tui_games.games.nebular_colors.rules import (
    points_for,
    score,
    score_breakdown,
    suit_points,
)

counts_st = st.lists(st.integers(min_value=0, max_value=20), min_size=4, max_size=4)


@pytest.mark.parametrize(("suit", "threshold", "points", "bonus"), [
    (0, 3, 4, 2),  # Green
    (1, 4, 3, 1),  # Yellow
    (2, 5, 2, 1),  # Blue
    (3, 6, 1, 1),  # Purple
])
def test_scoring_table_threshold_points_and_bonus(suit: int, threshold: int, points: int,
                                                  bonus: int) -> None:
    assert suit_points(suit, threshold - 1) == 0
    assert suit_points(suit, threshold) == points
    assert suit_points(suit, threshold + 1) == points + bonus
    assert suit_points(suit, threshold + 3) == points + 3 * bonus


def test_melds_alone_do_not_score_below_threshold() -> None:
    s = table(melds=(["Y10 Y11 Y12", "P1 P1 P1"], []))
    assert score(s, 0) == 0


def test_each_card_beyond_threshold_is_worth_its_bonus() -> None:
    # 5 green: 4 + 2 extra x 2
    s = table(melds=(["G9 G10 G11", "G3 G4 G5"], []))
    assert score(s, 0) == 4 + 3 * 2


def test_threshold_counts_cards_of_the_suit_across_melds() -> None:
    # Yellow: Y10-Y12 (3) + Y9 in a set of 9s = 4 yellow -> 3 points
    s = table(melds=(["Y10 Y11 Y12", "G9 Y9 P9"], []))
    assert score(s, 0) == 3  # the lone G9 and P9 are below their thresholds


def test_penalty_cards_cost_one_point_per_full_three() -> None:
    base = ["G9 G10 G11"]  # 4 points
    for n, cost in [(0, 0), (2, 0), (3, 1), (5, 1), (6, 2)]:
        pens = " ".join(["P2", "P3", "P4", "P5", "P6", "P7"][:n])
        assert score(table(melds=(base, []), penalties=(pens, "")), 0) == 4 - cost


def test_score_can_be_negative() -> None:
    assert score(table(penalties=("P2 P3 P4", "")), 0) == -1


def test_score_breakdown_lists_each_suit_and_the_penalty() -> None:
    s = table(melds=(["G9 G10 G11", "Y10 Y11 Y12"], []), penalties=("P2 P3 P4 P5", ""))
    b = score_breakdown(s, 0)
    assert b.suits == {"G": (3, 3, 4), "Y": (3, 4, 0), "B": (0, 5, 0), "P": (0, 6, 0)}
    assert (b.penalty_cards, b.penalty, b.total) == (4, 1, 3)
    assert b.total == score(s, 0)


@given(counts_st, st.integers(min_value=0, max_value=3), st.integers(min_value=0, max_value=30))
def test_score_is_monotone_in_melded_cards(counts: list[int], suit: int, pen: int) -> None:
    more = list(counts)
    more[suit] += 1
    assert points_for(more, pen) >= points_for(counts, pen)


@given(counts_st, st.integers(min_value=0, max_value=30))
def test_penalty_is_floor_of_penalty_cards_over_three(counts: list[int], pen: int) -> None:
    assert points_for(counts, 0) - points_for(counts, pen) == pen // 3


@given(counts_st)
def test_score_is_sum_of_suit_points(counts: list[int]) -> None:
    assert points_for(counts, 0) == sum(suit_points(i, c) for i, c in enumerate(counts))


def test_a_threshold_is_passed_only_once_per_suit() -> None:
    # 6 green is one threshold plus 3 bonus cards (10), not two thresholds (8)
    s = table(melds=(["G3 G4 G5", "G9 G10 G11"], []))
    assert score(s, 0) == 4 + 3 * 2


def test_melds_of_a_suit_past_its_threshold_keep_adding_bonus() -> None:
    s = table(melds=(["Y10 Y11 Y12", "Y1 Y2 Y3", "Y5 Y6 Y7"], []))
    assert score(s, 0) == 3 + 5 * 1
