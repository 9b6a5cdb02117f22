"""The Rules protocol for Nova Lux beyond the engine's conformance checks (which run on
every registered game): games of every size and mode end; save and resume mid-turn."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from nova_lux_helpers import RULES, card, cell, new, put_star, quiet, random_playout

from tui_games.engine.codec import to_json
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import all_games, get_game
from tui_games.games.nova_lux.state import Attack, MoveTo, Pick, TakeHydrogen

INFO = get_game("nova_lux")


def test_nova_lux_is_registered_after_the_other_games() -> None:
    """The engine's conformance checks (tests/engine/test_conformance.py) run on every
    registered game, Nova Lux included."""
    ids = list(all_games())
    assert ids.index("nova_lux") > ids.index("nebula")
    assert INFO.rules.min_players == 1 and INFO.rules.max_players == 6
    assert set(INFO.bots) == {"easy", "normal", "hard", "hard-0.25s"}


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


def test_dice_flips_and_passed_draft_hands_are_barriers_for_undo() -> None:
    s = RULES.setup(2, 4, {})
    first = s.hands[0][0]
    assert not RULES.reveals(s, Pick(first))              # seat 2 has not picked yet
    RULES.apply(s, Pick(first))
    assert RULES.reveals(s, Pick(s.hands[1][0]))          # the hands pass
    s = quiet(new(2, ships=("D4", "D4"), blank=True, offers="off"))
    assert RULES.reveals(s, Attack(1))                    # dice
    assert not RULES.reveals(s, MoveTo(cell("D3")))
    solo = new(1, blank=True)
    put_star(solo, "C3", 0, 16)
    assert RULES.reveals(solo, TakeHydrogen(card("C3")))  # the collapse roll


def test_the_log_names_seats_in_the_third_person() -> None:
    for players in (1, 3):
        s = random_playout(players, 9, {"federations": "on"})
        for event in s.log:
            for text in (event.text, event.others):
                assert "Player " not in text and not text.startswith(("You ", "you "))
        assert any(e.text.startswith("Seat 1 ") for e in s.log)
