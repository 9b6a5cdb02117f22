"""The Rules protocol for Nova Lux: the engine's conformance checks, run here on the rules
(as they will run on every registered game), plus save and resume mid-turn."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest
from nova_lux_helpers import RULES, random_playout

from tui_games.engine.bots.base import RandomBot
from tui_games.engine.codec import to_json
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo, all_games

ENGINE_TESTS = Path(__file__).resolve().parents[2] / "engine"
INFO = GameInfo(rules=RULES, screen="tui_games.games.nova_lux.screen:NovaLuxScreen",
                bots={"easy": RandomBot})


def _conformance() -> ModuleType:
    """tests/engine/test_conformance.py with Nova Lux added to its games."""
    sys.path.insert(0, str(ENGINE_TESTS))
    spec = importlib.util.spec_from_file_location("nova_lux_conformance",
                                                  ENGINE_TESTS / "test_conformance.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.GAMES[RULES.id] = INFO
    return module


CONFORMANCE = _conformance() if RULES.id not in all_games() else None
CHECKS = [name for name in dir(CONFORMANCE) if name.startswith("test_")] if CONFORMANCE else []


@pytest.mark.parametrize("check", CHECKS)
def test_nova_lux_keeps_the_rules_protocol(check: str, tmp_path: Path) -> None:
    assert CONFORMANCE is not None
    test = getattr(CONFORMANCE, check)
    if "tmp_path" in test.__code__.co_varnames[: test.__code__.co_argcount]:
        test(INFO, tmp_path)
    else:
        test(INFO)


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
