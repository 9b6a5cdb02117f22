"""Every kind of action of every game is played through the lines front end at least once
across the runs: each game's guided first game (Learn), played step by step as its steps
ask, then seeded games against easy bots (with the options that make the rarer kinds
possible), the player preferring kinds it has not played yet."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest
from lines_player import kinds_played, play_game

from tui_games.engine.core import default_options
from tui_games.engine.seating import HUMAN, seats_of
from tui_games.engine.tutorial import Tutorial, guided_session
from tui_games.games import GameInfo, all_games, load

# Seeded runs by game id: (the other seats' bot levels, seed, options). Found by playing
# seeds until every kind had appeared; a game not listed plays one default run.
RUNS: dict[str, list[tuple[list[str], int, dict[str, str]]]] = {}


def all_kinds(info: GameInfo) -> set[str]:
    return {kind.__name__ for kind in typing.get_args(info.rules.action_type)}


@pytest.mark.parametrize("game_id", list(all_games()))
def test_every_action_kind_is_played(game_id: str, tmp_path: Path) -> None:
    info = all_games()[game_id]
    tutorial: Tutorial = load(info.tutorial)
    guided = play_game(info, [], tutorial.seed, tutorial.game_options, tmp_path,
                       session=guided_session(info.rules, tutorial), tutorial=tutorial)
    assert guided.checks.problems == []
    assert f"Step {len(tutorial.steps)} of {len(tutorial.steps)}" in guided.output
    kinds = kinds_played(guided.session)
    for bots, seed, options in RUNS.get(game_id, [(["easy"], 1, {})]):
        settings = {**default_options(info.rules), **options}
        played = play_game(info, seats_of([HUMAN, *bots]), seed, settings, tmp_path)
        assert played.checks.problems == []
        kinds |= kinds_played(played.session)
    assert all_kinds(info) - kinds == set()
