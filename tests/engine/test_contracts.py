"""The contracts engine/core.py declares for the fields a game's state may have (phase,
round) and for how an outcome is worded (decided_by's default)."""

from __future__ import annotations

from typing import Literal

from tui_games.engine.core import (
    GameState,
    Outcome,
    phase_of,
    phases_of,
    round_of,
)
from tui_games.engine.rng import Rng


class Phased(GameState, kw_only=True):
    phase: Literal["draw", "play"] = "draw"
    round: int = 2


class Plain(GameState, kw_only=True):
    pass


class Loose(GameState, kw_only=True):
    phase: str = "draw"
    round: bool = True


def test_a_phase_is_read_from_the_state_and_listed_by_its_literal() -> None:
    assert phase_of(Phased(players=2, rng=Rng(1), phase="play")) == "play"
    assert phases_of(Phased) == ("draw", "play")


def test_a_game_without_phases_reads_an_empty_phase_and_lists_none() -> None:
    assert phase_of(Plain(players=2, rng=Rng(1))) == ""
    assert phases_of(Plain) == ()


def test_a_phase_that_is_not_a_literal_lists_no_phases() -> None:
    assert phases_of(Loose) == ()


def test_the_round_is_an_int_field_or_none() -> None:
    assert round_of(Phased(players=2, rng=Rng(1))) == 2
    assert round_of(Plain(players=2, rng=Rng(1))) is None
    assert round_of(Loose(players=2, rng=Rng(1))) is None  # a bool is no round number


def test_an_outcome_from_scores_says_what_decided_it_in_points_by_default() -> None:
    assert Outcome.from_scores([12, 9], "The deck ran out.").decided_by == (
        "Seat 1 won by 3 points")
    assert Outcome.from_scores([5, 5], "The deck ran out.").decided_by == (
        "A shared win: both players tied on 5 points")
    assert Outcome.from_scores([5, 2], "Over.", decided_by="Seat 1 held the last card"
                               ).decided_by == "Seat 1 held the last card"


def test_an_outcome_stored_before_decided_by_reads_it_as_empty() -> None:
    assert Outcome(scores=[1, 0], ranks=[1, 2], winners=[0], reason="r").decided_by == ""
