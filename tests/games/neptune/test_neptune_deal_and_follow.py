"""Setup, dealing, and which cards may be played into a trick."""

from __future__ import annotations

import itertools

import pytest
from neptune_tables import RULES, card, cards, play, table

from tui_games.engine.core import IllegalAction
from tui_games.games.neptune.rules import parse_specials
from tui_games.games.neptune.state import (
    DEFAULT_SPECIALS,
    SPECIAL_IDS,
    SPECIALS,
    NeptuneState,
    Play,
)


def legal(s: NeptuneState) -> set[int]:
    return {a.card for a in RULES.legal_actions(s)}


# ---- setup ---------------------------------------------------------------------------------

def test_two_players_set_six_random_cards_aside_face_down_and_get_fifteen_each() -> None:
    s = RULES.setup(2, 5, {})
    assert len(s.removed) == 6
    assert [len(h) for h in s.hands] == [15, 15]
    assert sorted(s.removed + s.hands[0] + s.hands[1]) == sorted([*range(30), *s.specials])
    assert RULES.observe(s, 0).removed == [-1] * 6


@pytest.mark.parametrize(("players", "each"), [(3, 12), (4, 9)])
def test_all_36_cards_are_dealt_evenly(players: int, each: int) -> None:
    s = RULES.setup(players, 3, {})
    assert [len(h) for h in s.hands] == [each] * players
    assert s.removed == []
    assert sorted(c for h in s.hands for c in h) == sorted([*range(30), *s.specials])


def test_the_default_specials_are_black_hole_stationfall_jump_gate_bandit_asteroids_5_7() -> None:
    s = RULES.setup(3, 1, {"specials": "default"})
    assert s.specials == sorted(cards("BH SF JG SB A5 A7"))
    assert tuple(s.specials) == DEFAULT_SPECIALS


def test_random_specials_are_six_distinct_and_follow_the_seed() -> None:
    picks = {tuple(RULES.setup(3, seed, {"specials": "random"}).specials) for seed in range(30)}
    assert all(len(set(p)) == 6 and set(p) <= set(SPECIALS) for p in picks)
    assert len(picks) > 5
    assert RULES.setup(3, 4, {"specials": "random"}).specials == RULES.setup(
        3, 4, {"specials": "random"}).specials


def test_any_six_of_the_nine_specials_may_be_picked() -> None:
    for combo in itertools.combinations(SPECIAL_IDS, 6):
        s = RULES.setup(4, 1, {"specials": "+".join(reversed(combo))})
        assert s.specials == sorted(SPECIAL_IDS[k] for k in combo)


@pytest.mark.parametrize(("value", "message"), [
    ("black_hole+stationfall+jump_gate+space_bandit+asteroid_5", "exactly 6"),
    ("black_hole+stationfall+jump_gate+space_bandit+asteroid_5+asteroid_5", "distinct"),
    ("black_hole+stationfall+jump_gate+space_bandit+asteroid_5+comet", "unknown special"),
    ("", "unknown special"),
])
def test_a_bad_specials_pick_is_refused_with_a_clear_message(value: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        RULES.setup(3, 1, {"specials": value})


def test_every_offered_specials_choice_is_valid() -> None:
    for value, _label in RULES.option_specs[0].choices:
        assert value == "random" or len(parse_specials(value) or ()) == 6


def test_player_counts_outside_two_to_four_are_refused() -> None:
    with pytest.raises(ValueError, match="2 to 4"):
        RULES.setup(5, 1, {})


def test_the_player_left_of_the_dealer_leads_and_the_deal_passes_left() -> None:
    s = RULES.setup(3, 2, {})
    assert (s.dealer, s.leader, RULES.to_move(s)) == (2, 0, 0)
    while s.round == 1:
        RULES.apply(s, RULES.legal_actions(s)[0])
    assert (s.dealer, s.leader, RULES.to_move(s)) == (0, 1, 1)


# ---- leading ------------------------------------------------------------------------------

def test_the_leader_may_not_lead_an_asteroid_while_holding_a_system_card() -> None:
    s = table(["A5 R3 BH", "R1", "R2"])
    assert legal(s) == set(cards("R3 BH"))
    with pytest.raises(IllegalAction, match="may not lead an Asteroid"):
        RULES.apply(s, Play(card("A5")))


def test_a_leader_holding_no_system_card_may_lead_an_asteroid() -> None:
    s = table(["A5 A7 JG", "R1", "R2"])
    assert legal(s) == set(cards("A5 A7 JG"))


def test_the_leader_may_lead_any_special() -> None:
    s = table(["JG SB PM PS SF BH R1", "R1", "R2"])
    assert legal(s) == set(cards("JG SB PM PS SF BH R1"))


# ---- following ----------------------------------------------------------------------------

def test_players_must_follow_suit_when_they_can() -> None:
    s = play(table(["R4", "R6 B1 JG A7", "B2"]), "R4")
    assert legal(s) == {card("R6")}
    with pytest.raises(IllegalAction, match="follow Red"):
        RULES.apply(s, Play(card("B1")))


def test_a_player_who_cannot_follow_may_play_any_card_including_an_asteroid() -> None:
    s = play(table(["R4", "G6 B1 JG SB PM PS A7", "B2"]), "R4")
    assert legal(s) == set(cards("G6 B1 JG SB PM PS A7"))


def test_black_hole_and_stationfall_may_be_played_at_any_time() -> None:
    s = play(table(["R4", "R6 BH SF A7", "B2"]), "R4")
    assert legal(s) == set(cards("R6 BH SF"))


def test_jump_gate_and_the_cutting_specials_need_a_void_in_the_suit_to_follow() -> None:
    s = play(table(["G4", "G9 JG SB PM PS", "B2"]), "G4")
    assert legal(s) == {card("G9")}


def test_after_an_asteroid_lead_an_asteroid_must_follow_if_held() -> None:
    s = play(table(["A5", "A3 R6 BH", "B2"]), "A5")
    assert legal(s) == set(cards("A3 BH"))


def test_after_an_asteroid_lead_the_first_system_card_is_the_co_starting_card() -> None:
    s = play(table(["A5", "B5", "B8 R2 A3", "R7 G1"]), "A5", "B5")
    assert s.follow == 0 + 2  # Blue
    assert legal(s) == {card("A3")}  # an Asteroid still comes first
    play(s, "A3")
    assert legal(s) == set(cards("R7 G1"))  # no Asteroid, no Blue: anything


def test_after_a_special_lead_the_first_system_card_sets_the_suit_to_follow() -> None:
    s = play(table(["JG", "SB", "G3", "G8 B1"]), "JG", "SB")
    assert s.follow == -1
    assert legal(s) == {card("G3")}
    play(s, "G3")
    assert legal(s) == {card("G8")}


def test_with_no_suit_to_follow_yet_any_card_may_follow_a_special_lead() -> None:
    s = play(table(["BH", "A7 PS R2", "G3"]), "BH")
    assert legal(s) == set(cards("A7 PS R2"))


def test_a_card_not_in_the_hand_is_refused() -> None:
    with pytest.raises(IllegalAction, match="not in your hand"):
        RULES.apply(table(["R4", "R6", "B2"]), Play(card("G1")))
