"""The registered games as OpenSpiel games (tui_games/openspiel.py): OpenSpiel's own checks,
observations that leak nothing, resampling that OpenSpiel's ISMCTS accepts."""

from __future__ import annotations

import random

import pytest

pyspiel = pytest.importorskip(
    "pyspiel", reason="open-spiel is not installed (pip install '.[openspiel]')"
)

from tui_games import openspiel  # noqa: E402  (needs pyspiel)
from tui_games.engine.codec import to_json  # noqa: E402
from tui_games.games import all_games  # noqa: E402
from tui_games.tools.stress import leaks  # noqa: E402

# OpenSpiel's checks at each game's fewest and most seats: the counts between add time
# (a random 6-seat Nova Lux game alone is over a thousand checked states) and no new case.
GAME_EXTREMES = sorted(
    {
        (info.id, n)
        for info in all_games().values()
        for n in (info.rules.min_players, info.rules.max_players)
    }
)


def load(game_id: str, players: int) -> pyspiel.Game:
    return pyspiel.load_game(f"tui_games_{game_id}", {"players": players})


def random_walk(game: pyspiel.Game, seed: int, steps: int | None = None):
    """The states of one random game (the chance node included), up to ``steps`` of them."""
    rng = random.Random(seed)
    state = game.new_initial_state()
    state.apply_action(seed % openspiel.CHANCE_SEEDS)
    count = 0
    while not state.is_terminal() and (steps is None or count < steps):
        yield state
        state.apply_action(rng.choice(state.legal_actions()))
        count += 1
    yield state


def test_every_registered_game_is_registered_with_pyspiel() -> None:
    names = set(pyspiel.registered_names())
    for info in all_games().values():
        assert f"tui_games_{info.id}" in names


def test_load_game_neptune_for_four_players() -> None:
    game = load("neptune", 4)
    assert game.num_players() == 4
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(7)
    assert state.current_player() in range(4)


def test_a_player_count_outside_the_game_is_refused_clearly() -> None:
    info = next(iter(all_games().values()))
    with pytest.raises(Exception, match="players"):
        load(info.id, info.rules.max_players + 1)


@pytest.mark.parametrize(("game_id", "players"), GAME_EXTREMES)
def test_openspiel_random_sim_test_passes(game_id: str, players: int) -> None:
    """One whole random game, every state checked, is the fewest that checks at all."""
    pyspiel.random_sim_test(load(game_id, players), num_sims=1, serialize=False, verbose=False)


def test_action_strings_describe_each_legal_action_once_per_state(monkeypatch) -> None:
    """OpenSpiel asks every legal action's string in turn, and each needs every other's
    (twins read alike): described once per state, not once per pair."""
    info = all_games()["nova_lux"]
    state = next(s for s in random_walk(load("nova_lux", 2), seed=2) if len(s.legal_actions()) > 3)
    calls = []
    describe = info.rules.describe
    monkeypatch.setattr(
        info.rules, "describe", lambda st, action: calls.append(action) or describe(st, action)
    )
    strings = [state.action_to_string(number) for number in state.legal_actions()]
    assert len(calls) == len(strings) == len(set(strings))
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    clone.action_to_string(clone.legal_actions()[0])
    assert len(calls) > len(strings)  # a new state describes its own actions afresh


@pytest.mark.parametrize("game_id", list(all_games()))
def test_information_strings_are_the_observation_and_leak_nothing(game_id: str) -> None:
    info = all_games()[game_id]
    players = max(2, info.rules.min_players)
    for state in random_walk(load(game_id, players), seed=3):
        for seat in range(players):
            text = state.information_state_string(seat)
            assert text == to_json(info.rules.observe(state.state, seat)).decode()
            assert state.observation_string(seat) == text
            assert leaks(game_id, info.rules, state.state, seat) == []


@pytest.mark.parametrize("game_id", list(all_games()))
def test_resample_from_infostate_keeps_the_information_state(game_id: str) -> None:
    """OpenSpiel's ISMCTS asserts that a resampled root has the root's information state."""
    info = all_games()[game_id]
    players = max(2, info.rules.min_players)
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    for number, state in enumerate(random_walk(load(game_id, players), seed=5)):
        if number % 7 or state.is_terminal():
            continue
        seat = state.current_player()
        sample = state.resample_from_infostate(seat, sampler)
        assert sample.information_state_string(seat) == state.information_state_string(seat)
        assert sample.legal_actions() == state.legal_actions()


@pytest.mark.parametrize("game_id", list(all_games()))
def test_openspiel_python_ismcts_bot_chooses_legal_actions(game_id: str) -> None:
    import numpy as np
    from open_spiel.python.algorithms import ismcts, mcts

    info = all_games()[game_id]
    players = max(2, info.rules.min_players)
    game = load(game_id, players)
    evaluator = mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(1))
    bot = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=3, random_state=np.random.RandomState(2)
    )
    for state in random_walk(game, seed=9, steps=4):
        if state.is_terminal():
            break
        assert bot.step(state) in state.legal_actions()


@pytest.mark.parametrize("game_id", list(all_games()))
def test_action_integers_are_stable_and_distinct_in_every_state(game_id: str) -> None:
    info = all_games()[game_id]
    players = max(2, info.rules.min_players)
    for state in random_walk(load(game_id, players), seed=11):
        if state.is_terminal():
            break
        table = state.legal_table()
        assert len(table) == len(set(info.rules.legal_actions(state.state)))
        for number, action in table.items():
            assert number == openspiel.action_id(action)  # no collision in these games
            assert 0 <= number < openspiel.ACTION_SPACE
        strings = [state.action_to_string(number) for number in table]
        assert len(set(strings)) == len(strings)


def test_colliding_action_integers_move_to_the_next_free_one(monkeypatch) -> None:
    """Two legal actions with one digest: the later (canonical JSON order) moves up."""
    info = next(iter(all_games().values()))
    game = load(info.id, max(2, info.rules.min_players))
    state = next(s for s in random_walk(game, seed=1) if len(s.legal_actions()) > 1)
    legal = info.rules.legal_actions(state.state)
    monkeypatch.setattr(openspiel, "ACTION_SPACE", len(set(legal)))
    table = openspiel.number_actions(legal)
    assert sorted(table) == list(range(len(set(legal))))
    assert set(table.values()) == set(legal)


def test_returns_are_zero_sum_and_shared_by_winners() -> None:
    assert openspiel.returns_of([1], 2) == [-1.0, 1.0]
    assert openspiel.returns_of([0, 1], 2) == [0.0, 0.0]
    assert openspiel.returns_of([2], 4) == [-1.0, -1.0, 3.0, -1.0]
    assert sum(openspiel.returns_of([0, 3], 4)) == 0.0
