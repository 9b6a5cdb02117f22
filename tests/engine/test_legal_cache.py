"""The legal action list Via Nebula and Nova Lux keep beside a state for apply (issue 21)
never reaches a save, a clone or a view, and never lets a stale action through."""

from __future__ import annotations

import random

import pytest

from tui_games.engine.codec import clone, from_json, to_json
from tui_games.engine.core import IllegalAction, default_options
from tui_games.games import all_games

GAMES = ("via_nebula", "nova_lux")


@pytest.mark.parametrize("game_id", GAMES)
def test_the_kept_list_is_never_encoded_cloned_or_observed(game_id: str) -> None:
    rules = all_games()[game_id].rules
    rng = random.Random(3)
    s = rules.setup(2, 3, default_options(rules))
    for _ in range(30):
        legal = rules.legal_actions(s)
        assert b"legal_cache" not in to_json(s)
        for copy in (clone(s), from_json(to_json(s), rules.state_type),
                     rules.observe(s, 0), rules.determinize(rules.observe(s, 0), 0, rng)):
            assert "legal_cache" not in copy.__dict__
        rules.apply(s, rng.choice(legal))


@pytest.mark.parametrize("game_id", GAMES)
def test_an_action_listed_before_the_last_apply_is_checked_again(game_id: str) -> None:
    rules = all_games()[game_id].rules
    rng = random.Random(4)
    s = rules.setup(2, 4, default_options(rules))
    stale = 0
    for _ in range(300):
        if rules.to_move(s) is None:
            break
        before = rules.legal_actions(s)
        rules.apply(s, rng.choice(before))
        if rules.to_move(s) is None:
            break
        now = rules.legal_actions(clone(s))     # s itself keeps no list now
        gone = [a for a in before if a not in now]
        if gone:
            stale += 1
            with pytest.raises(IllegalAction):
                rules.apply(s, gone[0])     # the very object listed before the last apply
    assert stale > 5
