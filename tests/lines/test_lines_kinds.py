"""Every kind of action of every game is played through the lines front end at least once:
each game's guided first game (Learn), played step by step as its steps ask, then, for
every other kind, a position where the player may play it, reached by a seeded random
playout of the true game (see lines_positions) and played on in lines."""

from __future__ import annotations

import typing
from pathlib import Path

import pytest
from lines_player import kinds_played, play_game, unspeakable
from lines_positions import position

from tui_games.engine.core import default_options
from tui_games.engine.seating import HUMAN, seats_of
from tui_games.engine.tutorial import Tutorial, guided_session
from tui_games.games import GameInfo, all_games, load

# By game id: the kinds the guided game does not play, each with the seed of a two-player
# random playout that reaches a decision of seat 0 offering it (found by trying seeds
# from 0; they depend on the rules only, never on what the lines front end prints).
POSITIONS: dict[str, dict[str, int]] = {
    "nebular_colors": {"Nova": 0},
    "neptune": {"Keep": 0},
    "via_nebula": {"Convert": 2, "Discard": 1, "MoveResource": 0, "Pass": 2, "SkipPower": 0,
                   "TakeFromSupply": 0},
    "nova_lux": {"AdjustOffer": 1, "AnswerTrade": 82, "Attack": 0, "DropOffer": 1,
                 "EndTurn": 239, "Escape": 16, "FedConvert": 47, "Pass": 0, "Pick": 0,
                 "Plunder": 16, "SendOffer": 1, "StartTrade": 0, "StoreStar": 0},
}
OPTIONS: dict[str, dict[str, str]] = {"nova_lux": {"federations": "on"}}
# Played on tables set up by hand (test_lines_rare_positions.py), or never legal.
ELSEWHERE: dict[str, set[str]] = {
    "nova_lux": {"FoundColony", "Teleport", "ForceTrade",
                 "OfferTrade"},  # the offer of older saves: loading turns it into steps
}


def all_kinds(info: GameInfo) -> set[str]:
    return {kind.__name__ for kind in typing.get_args(info.rules.action_type)}


@pytest.mark.parametrize("game_id", list(all_games()))
def test_every_action_kind_is_played(game_id: str, tmp_path: Path) -> None:
    info = all_games()[game_id]
    tutorial: Tutorial = load(info.tutorial)
    guided = play_game(info, [], tutorial.seed, tutorial.game_options, tmp_path,
                       session=guided_session(info.rules, tutorial), tutorial=tutorial)
    assert guided.checks.problems == []
    assert unspeakable(guided.output) == []  # the steps are said without the screen's keys
    assert f"Step {len(tutorial.steps)} of {len(tutorial.steps)}" in guided.output
    kinds = kinds_played(guided.session)
    settings = {**default_options(info.rules), **OPTIONS.get(game_id, {})}
    for kind, seed in POSITIONS.get(game_id, {}).items():
        session = position(info, seats_of([HUMAN, "easy"]), settings, seed, kind)
        start = len(session.actions)
        played = play_game(info, [], seed, settings, tmp_path, session=session, limit=8,
                           kind=kind)
        assert played.checks.problems == []
        assert kind in kinds_played(played.session, start), played.output[-1500:]
        kinds |= kinds_played(played.session, start)
    assert all_kinds(info) - kinds - ELSEWHERE.get(game_id, set()) == set()
