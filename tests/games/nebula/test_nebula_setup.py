"""Game setup for 2, 3 and 4 players, introductory and full game."""

from __future__ import annotations

import pytest
from nebula_helpers import RULES

from tui_games.engine.core import IllegalAction, default_options
from tui_games.games.nebula.board import CLUSTER_COUNT, CLUSTER_SIZE
from tui_games.games.nebula.objectives import ADVANCED_DECK, CAREER_DECK, PERSONAL_DECK
from tui_games.games.nebula.state import BLACK, EMPTY, HIDDEN, KeepPersonal


def _stars_out_of_bag(s) -> int:
    on_table = sum(1 for cluster in s.clusters for x in cluster if x != EMPTY)
    return on_table + 1 + sum(sum(r) for r in s.reserves)      # +1: the boosted star


@pytest.mark.parametrize(("players", "black"), [(2, 30), (3, 25), (4, 20)])
def test_bag_holds_120_coloured_stars_and_black_by_player_count(players: int,
                                                                black: int) -> None:
    s = RULES.setup(players, 7, {"mode": "full"})
    assert sum(s.bag) + _stars_out_of_bag(s) == 120 + black
    black_out = sum(r[BLACK] for r in s.reserves) + sum(
        1 for cluster in s.clusters for x in cluster if x == BLACK)
    assert s.bag[BLACK] + black_out == black


def test_every_cluster_space_is_filled_and_time_markers_start_at_0() -> None:
    s = RULES.setup(3, 11, {})
    assert len(s.clusters) == CLUSTER_COUNT
    assert all(len(c) == CLUSTER_SIZE and EMPTY not in c for c in s.clusters)
    assert s.markers == [0, 0, 0] and s.moons == [0, 0, 0]


def test_boosted_star_is_never_black() -> None:
    for seed in range(60):
        assert RULES.setup(2, seed, {}).boosted != BLACK


def test_indicator_starts_at_0_and_4_career_objectives_are_face_up() -> None:
    s = RULES.setup(2, 3, {"mode": "intro"})
    assert s.indicator == 0
    assert len(s.career) == 4 == len(set(s.career))
    assert all(0 <= c < len(CAREER_DECK) for c in s.career)
    assert s.career_marks == [[], [], [], []]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_starting_reserves_are_0_1_2_3_stars_by_turn_order(players: int) -> None:
    s = RULES.setup(players, 5, {})
    assert [sum(r) for r in s.reserves] == [0, 1, 2, 3][:players]
    assert s.current == 0                       # seat 0 holds the Starting Player token


def test_full_game_adds_values_board_4_advanced_objectives_and_personal_deal() -> None:
    s = RULES.setup(4, 9, {"mode": "full"})
    assert s.values == [0] * 14 and s.value_stamps == [0] * 14
    assert len(s.advanced) == 4 == len(set(s.advanced))
    assert all(0 <= c < len(ADVANCED_DECK) for c in s.advanced)
    dealt = [c for offer in s.personal_offer for c in offer]
    assert [len(o) for o in s.personal_offer] == [2, 2, 2, 2]
    assert len(set(dealt)) == 8 and all(0 <= c < len(PERSONAL_DECK) for c in dealt)
    assert s.personal == [HIDDEN] * 4 and s.phase == "personal"


def test_intro_game_has_no_values_board_advanced_or_personal_objectives() -> None:
    s = RULES.setup(2, 9, {"mode": "intro"})
    assert s.values == [] and s.advanced == [] and s.personal_offer == []
    assert s.phase == "collect" and RULES.to_move(s) == 0


def test_each_participant_keeps_one_of_two_personal_objectives_in_seat_order() -> None:
    s = RULES.setup(3, 4, {"mode": "full"})
    for seat in range(3):
        assert RULES.to_move(s) == seat
        offer = s.personal_offer[seat]
        assert RULES.legal_actions(s) == [KeepPersonal(c) for c in offer]
        RULES.apply(s, KeepPersonal(offer[1]))
        assert s.personal[seat] == offer[1]
    assert s.phase == "collect" and RULES.to_move(s) == 0 and s.turn == 0


def test_a_personal_objective_not_dealt_to_you_cannot_be_kept() -> None:
    s = RULES.setup(2, 4, {"mode": "full"})
    with pytest.raises(IllegalAction):
        RULES.apply(s, KeepPersonal(s.personal_offer[1][0]))


def test_mode_option_defaults_to_full() -> None:
    assert default_options(RULES) == {"mode": "full"}
    assert RULES.setup(2, 1, {}).mode == "full"
    assert {v for v, _ in RULES.option_specs[0].choices} == {"intro", "full"}


def test_bad_player_count_or_mode_is_refused() -> None:
    with pytest.raises(ValueError):
        RULES.setup(5, 1, {})
    with pytest.raises(ValueError):
        RULES.setup(2, 1, {"mode": "epic"})


def test_same_seed_same_setup() -> None:
    assert RULES.setup(3, 42, {}) == RULES.setup(3, 42, {})
    assert RULES.setup(3, 42, {}) != RULES.setup(3, 43, {})
