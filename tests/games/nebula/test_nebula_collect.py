"""I. Collect Stars: Investing Time and Turning to Chaos."""

from __future__ import annotations

import pytest
from nebula_helpers import RULES, counts, new, star

from tui_games.engine.core import IllegalAction
from tui_games.games.nebula.state import (
    EMPTY,
    FinishPositioning,
    KeepStar,
    StepTime,
    TakeStars,
    TurnToChaos,
)

TOP, RIGHT, LEFT = 0, 1, 2
CW, CCW = 1, -1


def _steps(s, *moves: tuple[int, int, int]) -> None:
    for cluster, direction, n in moves:
        for _ in range(n):
            RULES.apply(s, StepTime(cluster, direction))


def test_teresa_invests_time_and_collects_yellow_white_and_red() -> None:
    s = new(2, "intro")
    s.clusters[TOP][2] = star("Y")
    s.clusters[RIGHT][5] = star("W")        # 3 spaces counterclockwise from 0
    s.clusters[LEFT][0] = star("R")         # the unmoved marker still collects
    s.reserves[0] = counts()
    _steps(s, (TOP, CW, 2), (RIGHT, CCW, 3))
    assert RULES.legal_actions(s) == [TakeStars()]
    RULES.apply(s, TakeStars())
    assert s.reserves[0] == counts("Y W R")
    assert s.clusters[TOP][2] == s.clusters[RIGHT][5] == s.clusters[LEFT][0] == EMPTY
    assert s.moons == [2, 5, 0] == s.markers      # the small markers follow
    assert s.phase == "place"


def test_investing_time_spends_exactly_5_points_no_more_no_less() -> None:
    s = new(2, "intro")
    _steps(s, (TOP, CW, 4))
    with pytest.raises(IllegalAction):
        RULES.apply(s, TakeStars())
    assert TakeStars() not in RULES.legal_actions(s)
    _steps(s, (LEFT, CCW, 1))
    assert RULES.legal_actions(s) == [TakeStars()]
    with pytest.raises(IllegalAction):
        RULES.apply(s, StepTime(RIGHT, CW))


def test_a_marker_never_moves_back_against_its_direction() -> None:
    s = new(2, "intro")
    _steps(s, (TOP, CW, 1))
    assert StepTime(TOP, CCW) not in RULES.legal_actions(s)
    with pytest.raises(IllegalAction):
        RULES.apply(s, StepTime(TOP, CCW))
    assert StepTime(RIGHT, CCW) in RULES.legal_actions(s)   # other markers are free


def test_all_points_may_go_to_one_marker_which_wraps_around_its_ring() -> None:
    s = new(2, "intro")
    _steps(s, (RIGHT, CCW, 5))
    assert s.markers == [0, 3, 0]


def test_an_empty_space_in_front_of_a_marker_gives_no_star() -> None:
    s = new(2, "intro")
    s.reserves[0] = counts()
    s.clusters[TOP][5] = EMPTY
    taken_right, taken_left = s.clusters[RIGHT][0], s.clusters[LEFT][0]
    _steps(s, (TOP, CW, 5))
    RULES.apply(s, TakeStars())
    assert sum(s.reserves[0]) == 2
    assert s.reserves[0][taken_right] >= 1 and s.reserves[0][taken_left] >= 1


def test_maritza_turns_to_chaos_returns_blue_keeps_black_and_red() -> None:
    s = new(2, "intro")
    s.reserves[0] = counts("B")
    s.bag = counts("K R Y:2 W")
    RULES.apply(s, TurnToChaos(star("B")))
    assert s.drawn == counts("K R Y:2 W") and s.phase == "chaos"
    assert s.bag == counts() and s.reserves[0] == counts()
    RULES.apply(s, KeepStar(star("K")))
    assert RULES.legal_actions(s) == [KeepStar(star(x)) for x in "RYW"]
    RULES.apply(s, KeepStar(star("R")))
    assert s.reserves[0] == counts("K R")
    assert s.drawn == counts() and s.phase == "place"       # the other 3 are boxed


def test_chaos_needs_a_star_in_your_reserve_to_return() -> None:
    s = new(2, "intro")
    s.reserves[0] = counts()
    assert not any(isinstance(a, TurnToChaos) for a in RULES.legal_actions(s))
    with pytest.raises(IllegalAction):
        RULES.apply(s, TurnToChaos(star("R")))


def test_chaos_is_a_choice_only_at_the_start_of_collecting() -> None:
    s = new(2, "intro")
    s.reserves[0] = counts("R")
    _steps(s, (TOP, CW, 1))
    with pytest.raises(IllegalAction):
        RULES.apply(s, TurnToChaos(star("R")))


def test_chaos_with_fewer_than_5_in_the_bag_draws_what_is_left() -> None:
    s = new(2, "intro")
    s.reserves[0] = counts("R")
    s.bag = counts("W P O")
    RULES.apply(s, TurnToChaos(star("R")))
    assert s.drawn == counts("W P O") and s.keep_left == 2


def test_chaos_drawing_2_or_fewer_keeps_them_all() -> None:
    s = new(2, "intro")
    s.reserves[0] = counts("R")
    s.bag = counts("W K")
    RULES.apply(s, TurnToChaos(star("R")))
    assert s.reserves[0] == counts("W K") and s.phase == "place"


def test_chaos_is_not_offered_with_an_empty_bag() -> None:
    s = new(2, "intro")
    s.reserves[0] = counts("R")
    s.bag = counts()
    assert all(isinstance(a, StepTime) for a in RULES.legal_actions(s))
    with pytest.raises(IllegalAction):
        RULES.apply(s, TurnToChaos(star("R")))


def test_a_star_not_drawn_cannot_be_kept() -> None:
    s = new(2, "intro")
    s.reserves[0] = counts("R")
    s.bag = counts("Y:5")
    RULES.apply(s, TurnToChaos(star("R")))
    with pytest.raises(IllegalAction):
        RULES.apply(s, KeepStar(star("W")))
    with pytest.raises(IllegalAction):
        RULES.apply(s, FinishPositioning())


def test_a_black_star_may_be_returned_to_turn_to_chaos() -> None:
    s = new(2, "intro")
    s.reserves[0] = counts("K")
    RULES.apply(s, TurnToChaos(star("K")))
    assert s.reserves[0][star("K")] == 0 and s.phase == "chaos"


def test_the_chaos_draw_is_shown_to_everyone() -> None:
    s = new(2, "intro")
    s.reserves[0] = counts("B")
    s.bag = counts("K R Y:2 W")
    RULES.apply(s, TurnToChaos(star("B")))
    rival_view = RULES.observe(s, 1)
    assert rival_view.drawn == counts("K R Y:2 W")
    assert "drawing" in rival_view.log[-1].text and "white (W)" in rival_view.log[-1].text


def test_emptying_the_bag_by_chaos_starts_the_last_round_at_the_end_of_the_turn() -> None:
    s = new(2, "intro")
    s.reserves[0] = counts("B")
    s.bag = counts("W P O")
    RULES.apply(s, TurnToChaos(star("B")))
    RULES.apply(s, KeepStar(star("W")))
    RULES.apply(s, KeepStar(star("P")))
    assert not s.final_round
    RULES.apply(s, FinishPositioning())
    assert s.final_round and s.end_reasons == ["the bag ran out of stars"]
