"""The Rules protocol for Nova Lux beyond the engine's conformance checks (which run on
every registered game): games of every size and mode end; save and resume mid-turn."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from nova_lux_helpers import RULES, random_playout

from tui_games.engine.codec import to_json
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import all_games, get_game

INFO = get_game("nova_lux")


def test_nova_lux_is_registered_after_the_other_games() -> None:
    """The engine's conformance checks (tests/engine/test_conformance.py) run on every
    registered game, Nova Lux included."""
    ids = list(all_games())
    assert ids.index("nova_lux") > ids.index("nebula")
    assert INFO.rules.min_players == 1 and INFO.rules.max_players == 6
    assert set(INFO.bots) == {"easy", "normal", "hard", "hard-0.25s", "hard-3s"}


@pytest.mark.parametrize("players", [1, 2, 6])
def test_random_games_of_every_size_and_mode_end(players: int) -> None:
    for seed in range(4):
        for options in ({"mode": "semi"}, {"federations": "on", "offers": "off"}):
            s = random_playout(players, seed, options)
            assert RULES.outcome(s) is not None


def test_a_game_saved_mid_turn_resumes_exactly_where_it_was(tmp_path: Path) -> None:
    store = SaveStore(tmp_path, games={RULES.id: INFO})
    session = Session.new(RULES, [Seat("Ann"), Seat("Bo")], 11,
                          {"mode": "standard", "federations": "on", "offers": "on"})
    rng = random.Random(3)
    while not (session.state.phase == "turn" and session.state.did):
        session.apply(rng.choice(RULES.legal_actions(session.state)))
    loaded = store.load(store.save_as(session, "mid-turn"))
    assert to_json(loaded.state) == to_json(session.state)
    assert loaded.state.did == session.state.did
    assert RULES.legal_actions(loaded.state) == RULES.legal_actions(session.state)
