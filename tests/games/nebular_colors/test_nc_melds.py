"""Melds: the rulebook's examples, counter-examples, reasons, and properties."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nc_helpers import ids

from tui_games.games.nebular_colors.rules import (
    is_meld,
    is_run,
    is_set,
    meld_problem,
    melds_in,
    take_sets,
)
from tui_games.games.nebular_colors.state import (
    CARD_NUMBER,
    CARD_SUIT,
    CARDS_BY_NUMBER,
    DECK_SIZE,
    card_name,
)

card_ids = st.integers(min_value=0, max_value=DECK_SIZE - 1)


# ---- the deck -------------------------------------------------------------------------

def test_deck_has_52_cards_four_of_each_number() -> None:
    assert DECK_SIZE == 52
    for n in range(1, 14):
        assert len(CARDS_BY_NUMBER[n]) == 4


def test_deck_suit_counts_follow_the_spec_table() -> None:
    assert {s: CARD_SUIT.count(s) for s in "GYBP"} == {"G": 7, "Y": 12, "B": 13, "P": 20}
    assert [card_name(c) for c in CARDS_BY_NUMBER[8]] == ["B8"] * 4
    assert sorted(card_name(c) for c in CARDS_BY_NUMBER[1]) == ["P1", "P1", "P1", "Y1"]
    assert sorted(card_name(c) for c in CARDS_BY_NUMBER[12]) == ["B12", "P12", "Y12", "Y12"]


def test_card_ids_ascend_with_the_number() -> None:
    assert list(CARD_NUMBER) == sorted(CARD_NUMBER)


# ---- rulebook examples ----------------------------------------------------------------

@pytest.mark.parametrize("text", ["P1 P1 P1", "B8 B8 B8 B8"])
def test_rulebook_set_examples_are_valid(text: str) -> None:
    cards = ids(text)
    assert is_set(cards) and is_meld(cards) and meld_problem(cards) is None


@pytest.mark.parametrize("text", ["Y10 Y11 Y12", "B6 B7 B8 B9", "P1 P2 P3 P4 P5"])
def test_rulebook_run_examples_are_valid(text: str) -> None:
    cards = ids(text)
    assert is_run(cards) and is_meld(cards) and meld_problem(cards) is None


def test_set_may_mix_suits() -> None:
    assert is_set(ids("G9 Y9 P9")) and is_set(ids("G9 Y9 B9 P9"))


@pytest.mark.parametrize(("text", "reason"), [
    ("P1 P1", "a meld needs at least 3 cards"),
    ("P9 G9 Y9 B9 P1", "a set needs cards of one number"),
    ("Y10 Y11 B12", "a run needs one suit"),
    ("G3 G4 Y5", "a run needs one suit"),
    ("P1 P2 P4", "a run needs consecutive numbers"),
    ("Y11 Y12 Y13 Y1", "a run needs consecutive numbers"),
    ("P1 P1 P2", "a run cannot repeat a number"),
    ("P1 P1 Y2", "a set needs cards of one number"),
    ("P1 P2 P3 P4 P5 P6", "a run has at most 5 cards"),
])
def test_counter_examples_are_invalid_with_a_reason(text: str, reason: str) -> None:
    cards = ids(text)
    assert not is_meld(cards)
    assert meld_problem(cards) == reason


def test_run_does_not_wrap_from_13_to_1() -> None:
    assert not is_run(ids("Y12 Y13 Y1")) and not is_run(ids("Y13 Y1 Y2"))


def test_same_card_twice_is_not_a_meld() -> None:
    c = ids("P1")[0]
    assert meld_problem([c, c, c]) == "each card can be used only once"
    assert not is_meld([c, c, c])


def test_set_has_at_most_four_cards() -> None:
    # only 4 cards share a number, so a 5-card "set" must reuse a card
    assert not is_set(ids("B8 B8 B8 B8") + ids("B8"))


# ---- properties -----------------------------------------------------------------------

@given(st.integers(min_value=1, max_value=13), st.integers(min_value=3, max_value=4),
       st.randoms(use_true_random=False))
def test_any_three_or_four_cards_of_one_number_make_a_set(n: int, k: int, rnd) -> None:
    cards = rnd.sample(CARDS_BY_NUMBER[n], k)
    assert is_set(cards) and is_meld(cards) and meld_problem(cards) is None


@given(st.lists(card_ids, min_size=3, max_size=5, unique=True))
def test_any_valid_run_sorted_is_consecutive_and_one_suit(cards: list[int]) -> None:
    if is_run(cards):
        numbers = sorted(CARD_NUMBER[c] for c in cards)
        assert numbers == list(range(numbers[0], numbers[0] + len(cards)))
        assert len({CARD_SUIT[c] for c in cards}) == 1


@given(st.lists(card_ids, min_size=1, max_size=7, unique=True))
def test_meld_problem_is_none_exactly_for_melds(cards: list[int]) -> None:
    assert (meld_problem(cards) is None) == is_meld(cards)
    assert is_meld(cards) == (is_set(cards) or is_run(cards))


@settings(max_examples=60)
@given(st.lists(card_ids, min_size=3, max_size=4, unique=True), card_ids)
def test_adding_a_wrong_card_breaks_a_meld(cards: list[int], extra: int) -> None:
    if not is_meld(cards) or extra in cards:
        return
    grown = [*cards, extra]
    same_number = all(CARD_NUMBER[c] == CARD_NUMBER[extra] for c in cards)
    numbers = {CARD_NUMBER[c] for c in cards}
    extends_run = (is_run(cards) and CARD_SUIT[extra] == CARD_SUIT[cards[0]]
                   and CARD_NUMBER[extra] in (min(numbers) - 1, max(numbers) + 1))
    assert is_meld(grown) == ((same_number and len(grown) <= 4) or
                              (extends_run and len(grown) <= 5))


@settings(max_examples=40)
@given(st.lists(card_ids, min_size=0, max_size=9, unique=True))
def test_melds_in_lists_exactly_the_melds_of_a_pool(pool: list[int]) -> None:
    expected = {
        tuple(sorted(combo))
        for k in (3, 4, 5) for combo in combinations(pool, k) if is_meld(list(combo))
    }
    found = melds_in(pool)
    assert len(found) == len(set(found))
    assert all(list(m) == sorted(m) for m in found)
    assert set(found) == expected


@settings(max_examples=40)
@given(st.lists(card_ids, min_size=0, max_size=14, unique=True), st.randoms(use_true_random=False))
def test_take_sets_use_a_pile_card_and_a_hand_card(cards: list[int], rnd) -> None:
    cut = rnd.randint(0, len(cards))
    hand, taken = cards[:cut], cards[cut:]
    expected = {
        tuple(sorted(combo))
        for k in (3, 4) for combo in combinations(hand + taken, k)
        if is_set(list(combo)) and any(c in taken for c in combo)
        and any(c in hand for c in combo)
    }
    assert set(take_sets(hand, taken)) == expected
