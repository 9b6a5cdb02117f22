"""The `normal` bot: legal, reads only its observation, and beats random play."""

from __future__ import annotations

import random

import pytest
from nebula_helpers import RULES, new, placing, star

from tui_games.engine.bots.base import RandomBot
from tui_games.games.nebula.board import INDEX
from tui_games.games.nebula.bot import NormalBot
from tui_games.games.nebula.state import EMPTY, PositionStar, StepTime, TakeStars


def _play(players: int, mode: str, seed: int, bots: list) -> object:
    s = RULES.setup(players, seed, {"mode": mode})
    while (seat := RULES.to_move(s)) is not None:
        view = RULES.observe(s, seat)
        action = bots[seat].choose(view, seat)
        assert action in RULES.legal_actions(s)
        RULES.apply(s, action)
    return RULES.outcome(s)


@pytest.mark.parametrize(("players", "mode"), [(3, "full"), (4, "intro")])
def test_normal_bots_play_whole_games_from_observations(players: int, mode: str) -> None:
    bots = [NormalBot(RULES, random.Random(seat)) for seat in range(players)]
    outcome = _play(players, mode, seed=2, bots=bots)
    assert outcome is not None and max(outcome.scores) > 40


def test_normal_beats_random_in_most_two_player_games() -> None:
    wins = 0
    games = 16
    for seed in range(games):
        seat = seed % 2
        bots = [NormalBot(RULES, random.Random(seed)), RandomBot(RULES, random.Random(seed))]
        if seat:
            bots.reverse()
        outcome = _play(2, "full" if seed % 4 < 2 else "intro", seed, bots)
        wins += outcome.winners == [seat]
    assert wins >= 12                                 # 75%; the arena measures 200 games


def test_bot_places_the_star_that_completes_a_constellation() -> None:
    s = placing(new(2, "intro"), "O W", "C=B N1=R N2=P N3=Y N3b=R N4=P")
    bot = NormalBot(RULES, random.Random(0))
    action = bot.choose(RULES.observe(s, 0), 0)
    assert isinstance(action, PositionStar) and action.space == INDEX["N5"]


def test_bot_invests_time_towards_the_star_it_needs() -> None:
    s = new(2, "intro")
    s.galaxies[0][0] = star("B")
    s.reserves[0] = [0] * 7
    for cluster in s.clusters:
        cluster[:] = [EMPTY] * 8
    s.clusters[1][3] = star("R")            # the only star: 3 steps clockwise on the right
    bot = NormalBot(RULES, random.Random(0))
    while s.phase in ("collect", "time"):
        action = bot.choose(RULES.observe(s, 0), 0)
        RULES.apply(s, action)
        if isinstance(action, TakeStars):
            break
        assert isinstance(action, StepTime)
    assert s.reserves[0][star("R")] == 1
