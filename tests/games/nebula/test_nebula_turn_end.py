"""III-IV. Check objectives and refill; the end triggers and the equal-turns final round."""

from __future__ import annotations

import pytest
from nebula_helpers import RULES, counts, galaxy, new, placing, star

from tui_games.games.nebula.objectives import career_vp
from tui_games.games.nebula.rules import end_triggers
from tui_games.games.nebula.state import (
    EMPTY,
    FinishPositioning,
    PositionStar,
    StepTime,
    TakeStars,
)

NORTH = "N1=R N2=P N3=Y N3b=R N4=P N5=Y"
COMPLETE_3 = ("N1=R N2=P N3=Y N3b=R N4=P N5=Y E1=P E2=R E2b=Y E3=W E4=Y E5=R "
              "S1=Y S2=R S3=P S3b=Y S4=W S5=B")
NORTH_CAREER, INDIRECT_CAREER = 0, 9


def finish(s) -> None:
    RULES.apply(s, FinishPositioning())


def pass_turn(s) -> None:
    """Play a plain turn: 5 steps on the top marker, take, position nothing."""
    for _ in range(5):
        RULES.apply(s, StepTime(0, 1))
    RULES.apply(s, TakeStars())
    finish(s)


def test_first_completer_takes_the_top_value_later_ones_the_bottom() -> None:
    """Teresa completes first and scores 16; José completes it later and scores 10."""
    s = new(2, "intro")
    s.career = [NORTH_CAREER, 1, 2, 3]
    s.galaxies[0] = galaxy(NORTH)
    s.phase = "place"
    finish(s)
    assert s.career_marks[0] == [0]
    s.galaxies[1] = galaxy(NORTH)
    s.phase = "place"
    finish(s)
    assert s.career_marks[0] == [0, 1]
    assert career_vp(s, 0) == 16 and career_vp(s, 1) == 10


def test_career_objectives_are_checked_for_the_active_player_only() -> None:
    s = new(2, "intro")
    s.career = [NORTH_CAREER, 1, 2, 3]
    s.galaxies[1] = galaxy(NORTH)
    s.phase = "place"
    finish(s)                                   # seat 0's turn
    assert s.career_marks[0] == []


def test_completing_during_positioning_is_checked_after_positioning() -> None:
    s = placing(new(2, "intro"), "Y", NORTH.replace(" N5=Y", "") + " C=B")
    s.career = [NORTH_CAREER, 1, 2, 3]
    RULES.apply(s, PositionStar(star("Y"), 6))        # N5
    assert s.career_marks[0] == []
    finish(s)
    assert s.career_marks[0] == [0]


def test_a_career_marker_stays_when_a_replacement_undoes_the_condition() -> None:
    s = new(2, "intro")
    s.career = [NORTH_CAREER, 1, 2, 3]
    s.galaxies[0] = galaxy(NORTH)
    s.phase = "place"
    finish(s)
    s.galaxies[0] = galaxy(NORTH.replace("N4=P", "N4=W"))    # now 4 colours
    assert career_vp(s, 0) == 16
    s.phase, s.current = "place", 0
    finish(s)
    assert s.career_marks[0] == [0] and career_vp(s, 0) == 16


@pytest.mark.parametrize(("players", "left", "refilled"),
                         [(2, 2, True), (2, 3, False), (3, 1, True), (3, 2, False),
                          (4, 0, True)])
def test_a_cluster_refills_when_only_1_star_is_left_2_with_2_players(
        players: int, left: int, refilled: bool) -> None:
    s = new(players, "intro")
    s.clusters[1] = [star("R")] * left + [EMPTY] * (8 - left)
    bag_before = sum(s.bag)
    s.phase = "place"
    finish(s)
    assert (EMPTY not in s.clusters[1]) is refilled
    assert sum(s.bag) == bag_before - (8 - left if refilled else 0)


def test_a_refill_stops_when_the_bag_runs_out() -> None:
    s = new(2, "intro")
    s.clusters[1] = [EMPTY] * 8
    s.bag = counts("W:3")
    s.phase = "place"
    finish(s)
    assert s.clusters[1].count(star("W")) == 3 and s.bag == counts()


def test_end_trigger_black_star_indicator_reaches_the_last_space() -> None:
    s = new(2, "intro")
    s.indicator = 15
    assert end_triggers(s) == ["the Black Star indicator reached its last space"]


def test_end_trigger_someone_completed_3_constellations() -> None:
    s = new(2, "intro")
    s.galaxies[1] = galaxy(COMPLETE_3)
    assert end_triggers(s) == ["Seat 2 completed 3 Constellations"]
    s.galaxies[1] = galaxy(COMPLETE_3.replace("S5=B", ""))
    assert end_triggers(s) == []


def test_end_trigger_the_bag_ran_out() -> None:
    s = new(2, "intro")
    s.bag = counts()
    assert end_triggers(s) == ["the bag ran out of stars"]


@pytest.mark.parametrize(("players", "markers"), [(2, 5), (3, 6), (4, 8)])
def test_end_trigger_career_markers_by_player_count(players: int, markers: int) -> None:
    s = new(players, "intro")
    seats = [seat for seat in range(players) for _ in range(4)][:markers - 1]
    s.career_marks = [seats[i::4] for i in range(4)]
    assert end_triggers(s) == []
    s.career_marks[0].append(players - 1)
    assert end_triggers(s) == ["enough Career markers were placed"]


def test_the_turn_counter_advances_when_a_turn_is_complete() -> None:
    s = new(2, "intro")
    for _ in range(5):
        RULES.apply(s, StepTime(0, 1))
        assert s.turn == 0
    RULES.apply(s, TakeStars())
    assert s.turn == 0
    finish(s)
    assert s.turn == 1 and s.current == 1 and s.phase == "collect"


def test_the_round_finishes_so_everyone_has_the_same_number_of_turns() -> None:
    s = new(3, "intro")
    s.indicator = 15
    s.phase = "place"
    finish(s)                                   # seat 0 triggers the end
    assert s.final_round and RULES.to_move(s) == 1
    pass_turn(s)
    assert RULES.to_move(s) == 2
    pass_turn(s)
    assert RULES.to_move(s) is None and s.phase == "over"
    assert s.turn == 3 and RULES.outcome(s) is not None


def test_a_trigger_on_the_last_seat_ends_the_game_at_once() -> None:
    s = new(4, "intro")
    s.current = 3
    s.bag = counts()
    s.phase = "place"
    finish(s)
    assert s.phase == "over" and "bag ran out" in RULES.outcome(s).reason


def test_the_game_goes_on_until_a_trigger() -> None:
    s = new(2, "intro")
    s.phase = "place"
    finish(s)
    s.phase = "place"
    finish(s)
    assert not s.final_round and s.phase == "collect" and RULES.outcome(s) is None


def test_play_goes_clockwise_and_the_starting_player_never_changes() -> None:
    s = new(3, "intro")
    order = []
    for _ in range(6):
        order.append(RULES.to_move(s))
        pass_turn(s)
    assert order == [0, 1, 2, 0, 1, 2]
