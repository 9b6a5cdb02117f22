"""Every registered game keeps the Rules protocol (DESIGN.md "The rules layer").

Parametrised by game id over ``all_games()`` (plus the engine's toy game), so a newly
registered game is covered without touching this file. The playouts are made once per
game and shared by the checks below.
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from toy_game import COMET

from tui_games.engine.codec import from_json, to_json
from tui_games.engine.core import Action, GameState, IllegalAction, Rules, default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session, replay
from tui_games.games import GameInfo, all_games

PLAYOUTS = 300
MAX_ACTIONS = 20_000  # per game: far beyond any real game of ours, short of hanging
OBSERVED_PLAYOUTS = 12  # playouts checked at every single step against observe()
SAMPLE_EVERY = 23  # other checks look at every 23rd state of a playout

GAMES: dict[str, GameInfo] = {**all_games(), COMET.id: COMET}
IDS = sorted(GAMES)


class Playout:
    """One seeded random game: its setup and its actions."""

    def __init__(self, rules: Rules[Any, Any], seed: int) -> None:
        span = rules.max_players - rules.min_players + 1
        self.players = rules.min_players + seed % span
        self.seed = seed
        self.options = default_options(rules)
        self.actions: list[Action] = []

    def states(self, rules: Rules[Any, Any]) -> list[tuple[int, GameState]]:
        """(step, copy of the state) at every SAMPLE_EVERY-th step and at the end."""
        state = rules.setup(self.players, self.seed, self.options)
        found = []
        for step, action in enumerate(self.actions):
            if step % SAMPLE_EVERY == 0:
                found.append((step, from_json(to_json(state), rules.state_type)))
            rules.apply(state, action)
        found.append((len(self.actions), state))
        return found


@cache
def playouts(game_id: str) -> tuple[Playout, ...]:
    """PLAYOUTS random games of ``game_id``, checked step by step as they are played."""
    rules = GAMES[game_id].rules
    made = []
    for seed in range(PLAYOUTS):
        playout = Playout(rules, seed)
        rng = random.Random(seed)
        state = rules.setup(playout.players, seed, playout.options)
        while (seat := rules.to_move(state)) is not None:
            legal = rules.legal_actions(state)
            assert legal, f"seed {seed}: seat {seat} to move with no legal action"
            assert rules.outcome(state) is None, f"seed {seed}: an outcome mid-game"
            if seed < OBSERVED_PLAYOUTS:
                view = rules.observe(state, seat)
                assert rules.legal_actions(view) == legal, f"seed {seed}: observe changes moves"
            action = rng.choice(legal)
            rules.apply(state, action)
            playout.actions.append(action)
            assert len(playout.actions) <= MAX_ACTIONS, f"seed {seed}: no end in sight"
        outcome = rules.outcome(state)
        assert outcome is not None, f"seed {seed}: nobody to move but no outcome"
        assert len(outcome.scores) == len(outcome.ranks) == playout.players
        assert outcome.winners == [i for i, r in enumerate(outcome.ranks) if r == 1]
        made.append(playout)
    return tuple(made)


@pytest.fixture(params=IDS)
def info(request: pytest.FixtureRequest) -> GameInfo:
    return GAMES[request.param]


def test_random_playouts_end_within_bounds(info: GameInfo) -> None:
    games = playouts(info.id)
    assert len(games) == PLAYOUTS
    assert all(0 < len(p.actions) <= MAX_ACTIONS for p in games)


def test_same_seed_and_same_actions_give_the_same_state(info: GameInfo) -> None:
    rules = info.rules
    deals = set()
    for playout in playouts(info.id)[:20]:
        first = replay(rules, playout.players, playout.seed, playout.options, playout.actions)
        again = replay(rules, playout.players, playout.seed, playout.options, playout.actions)
        assert to_json(first) == to_json(again)
        deals.add(to_json(rules.setup(playout.players, playout.seed, playout.options)))
    assert len(deals) > 1, "different seeds deal the same game"


def test_a_state_round_trips_through_json(info: GameInfo) -> None:
    rules = info.rules
    for playout in playouts(info.id)[:30]:
        for _, state in playout.states(rules):
            copy = from_json(to_json(state), rules.state_type)
            assert copy == state and to_json(copy) == to_json(state)


def test_apply_refuses_actions_that_are_not_legal(info: GameInfo) -> None:
    rules = info.rules
    games = playouts(info.id)
    pool = sorted({a for p in games[:40] for a in p.actions}, key=to_json)
    rng = random.Random(1)
    refused = 0
    for playout in games[:20]:
        for _, state in playout.states(rules):
            legal = set(rules.legal_actions(state)) if rules.to_move(state) is not None else set()
            for action in rng.sample(pool, min(4, len(pool))):
                if action in legal:
                    continue
                before = to_json(state)
                with pytest.raises(IllegalAction) as caught:
                    rules.apply(state, action)
                assert caught.value.reason, "IllegalAction needs a reason"
                assert to_json(state) == before, "a refused action changed the state"
                refused += 1
    assert refused > 50


def test_observe_hides_what_the_player_cannot_see(info: GameInfo) -> None:
    """A view holds no RNG, and is all a player can know: every full state that
    ``determinize`` builds from it gives the same view again, and the same legal moves."""
    rules = info.rules
    for playout in playouts(info.id)[:20]:
        for step, state in playout.states(rules):
            for seat in range(playout.players):
                view = rules.observe(state, seat)
                assert view.rng.state == 0, f"step {step}: the RNG leaks to seat {seat}"
                assert to_json(rules.observe(view, seat)) == to_json(view)
                for sample in (1, 2):
                    full = rules.determinize(view, seat, random.Random(step * 7 + sample))
                    assert to_json(rules.observe(full, seat)) == to_json(view), (
                        f"step {step}: seat {seat} sees a difference between two states "
                        "its view cannot tell apart")
                    if rules.to_move(state) == seat:
                        assert rules.legal_actions(full) == rules.legal_actions(state)


def test_a_determinized_state_plays_on_to_the_end(info: GameInfo) -> None:
    rules = info.rules
    rng = random.Random(3)
    for playout in playouts(info.id)[:10]:
        for _, state in playout.states(rules)[:-1]:
            seat = rules.to_move(state)
            assert seat is not None
            full = rules.determinize(rules.observe(state, seat), seat, rng)
            for _ in range(MAX_ACTIONS):
                if rules.to_move(full) is None:
                    break
                rules.apply(full, rng.choice(rules.legal_actions(full)))
            assert rules.outcome(full) is not None


def test_every_legal_action_has_a_description(info: GameInfo) -> None:
    rules = info.rules
    for playout in playouts(info.id)[:5]:
        for _, state in playout.states(rules)[:-1]:
            for action in rules.legal_actions(state):
                assert rules.describe(state, action).strip()


def test_a_game_in_progress_saves_and_loads(info: GameInfo, tmp_path: Path) -> None:
    rules = info.rules
    store = SaveStore(tmp_path, games={info.id: info})
    for playout in playouts(info.id)[:5]:
        seats = [Seat(f"P{i}") for i in range(playout.players)]
        session = Session.new(rules, seats, playout.seed, playout.options)
        for action in playout.actions[: len(playout.actions) // 2]:
            session.apply(action)
        loaded = store.load(store.save_as(session, f"seed-{playout.seed}"))
        assert to_json(loaded.state) == to_json(session.state)
        assert loaded.actions == session.actions and loaded.undoable == session.undoable
