"""The Rules protocol for Via Nebula: the shared conformance checks, run on this game's
rules directly, plus what observe() must hide (rivals' private contracts, the deck order)."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

import pytest
from via_nebula_helpers import RULES, random_states

from tui_games.engine.bots.base import RandomBot
from tui_games.engine.codec import from_json, to_json
from tui_games.engine.core import IllegalAction
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session, replay
from tui_games.games import GameInfo
from tui_games.games.via_nebula.components import PRIVATE_IDS
from tui_games.games.via_nebula.state import (
    HIDDEN,
    Erect,
    Explore,
    PlaceSite,
    Transport,
    ViaNebulaAction,
    ViaNebulaState,
)

INFO = GameInfo(rules=RULES, screen="tui_games.games.via_nebula.screen:ViaNebulaScreen",
                bots={"easy": RandomBot})
SEEDS = range(24)


@cache
def playout(seed: int) -> tuple[int, tuple[ViaNebulaAction, ...]]:
    """(players, actions) of a random game, checked at every step."""
    players = 2 + seed % 3
    s = RULES.setup(players, seed, {})
    rng = random.Random(seed)
    actions = []
    while (seat := RULES.to_move(s)) is not None:
        legal = RULES.legal_actions(s)
        assert legal and RULES.outcome(s) is None
        if seed < 6:
            assert RULES.legal_actions(RULES.observe(s, seat)) == legal
        action = rng.choice(legal)
        RULES.apply(s, action)
        actions.append(action)
        assert len(actions) < 2000
    outcome = RULES.outcome(s)
    assert outcome is not None and len(outcome.scores) == players
    return players, tuple(actions)


@pytest.mark.parametrize("seed", SEEDS)
def test_random_playouts_end_and_never_run_out_of_actions(seed: int) -> None:
    assert playout(seed)[1]


def test_same_seed_and_actions_give_the_same_state() -> None:
    for seed in range(6):
        players, actions = playout(seed)
        one = replay(RULES, players, seed, {}, list(actions))
        two = replay(RULES, players, seed, {}, list(actions))
        assert to_json(one) == to_json(two)
    assert to_json(RULES.setup(2, 1, {})) != to_json(RULES.setup(2, 2, {}))


def test_a_state_round_trips_through_json() -> None:
    for seed in range(6):
        for s in random_states(seed, 2 + seed % 3, every=11):
            copy = from_json(to_json(s), ViaNebulaState)
            assert copy == s


def test_apply_refuses_actions_that_are_not_legal_and_changes_nothing() -> None:
    pool = sorted({a for seed in range(8) for a in playout(seed)[1]}, key=to_json)
    rng = random.Random(1)
    refused = 0
    for seed in range(6):
        for s in random_states(seed, 2 + seed % 3, every=9)[:-1]:
            legal = set(RULES.legal_actions(s))
            for action in rng.sample(pool, 6):
                if action in legal:
                    continue
                before = to_json(s)
                with pytest.raises(IllegalAction) as caught:
                    RULES.apply(s, action)
                assert caught.value.reason and to_json(s) == before
                refused += 1
            for action in legal:          # and everything offered is accepted
                trial = from_json(to_json(s), ViaNebulaState)
                RULES.apply(trial, action)
    assert refused > 100


def test_observe_hides_rival_private_contracts_the_deck_order_and_the_rng() -> None:
    s = RULES.setup(3, 4, {})
    view = RULES.observe(s, 1)
    assert view.rng.state == 0
    assert view.hands[1] == s.hands[1]
    assert view.hands[0] == [HIDDEN, HIDDEN] == view.hands[2]
    assert view.deck == sorted(s.deck) and view.display == s.display


def test_observe_and_determinize_agree_on_every_sampled_state() -> None:
    for seed in range(6):
        for step, s in enumerate(random_states(seed, 2 + seed % 3, every=13)):
            for seat in range(s.players):
                view = RULES.observe(s, seat)
                assert to_json(RULES.observe(view, seat)) == to_json(view)
                full = RULES.determinize(view, seat, random.Random(step))
                assert to_json(RULES.observe(full, seat)) == to_json(view)
                if RULES.to_move(s) == seat:
                    assert RULES.legal_actions(full) == RULES.legal_actions(s)


def test_determinize_deals_rivals_private_contracts_nobody_has_seen() -> None:
    s = RULES.setup(4, 9, {})
    view = RULES.observe(s, 0)
    seen = []
    for i in range(20):
        full = RULES.determinize(view, 0, random.Random(i))
        dealt = [c for seat in (1, 2, 3) for c in full.hands[seat]]
        assert len(set(dealt)) == 6 and not set(dealt) & set(s.hands[0])
        assert set(dealt) <= set(PRIVATE_IDS) and full.hands[0] == s.hands[0]
        seen.append(tuple(full.deck))
    assert len(set(seen)) > 1


def test_a_determinized_state_plays_on_to_the_end() -> None:
    rng = random.Random(3)
    for seed in range(3):
        for s in random_states(seed, 2 + seed % 3, every=40)[:-1]:
            seat = RULES.to_move(s)
            assert seat is not None
            full = RULES.determinize(RULES.observe(s, seat), seat, rng)
            while RULES.to_move(full) is not None:
                RULES.apply(full, rng.choice(RULES.legal_actions(full)))
            assert RULES.outcome(full) is not None


def test_every_legal_action_has_a_description() -> None:
    for s in random_states(1, 3, every=7)[:-1]:
        for action in RULES.legal_actions(s):
            text = RULES.describe(s, action)
            assert text.strip() and "Player" not in text


def test_a_game_saved_mid_turn_loads_exactly_where_it_was(tmp_path: Path) -> None:
    store = SaveStore(tmp_path, games={INFO.id: INFO})
    players, actions = playout(2)
    session = Session.new(RULES, [Seat(f"P{i}") for i in range(players)], 2, {})
    for action in actions[: len(actions) // 2]:
        session.apply(action)
    while session.state.actions_left != 1:           # stop in the middle of a turn
        session.apply(actions[len(session.actions)])
    loaded = store.load(store.save_as(session, "mid-turn"))
    assert to_json(loaded.state) == to_json(session.state)
    assert loaded.state.actions_left == 1 and loaded.actions == session.actions


def test_malformed_actions_are_refused_with_a_reason() -> None:
    """Fields out of range or of the wrong type never crash apply."""
    s = RULES.setup(2, 1, {})
    before = to_json(s)
    for action in (Explore(63), Explore(-1), PlaceSite(999), Transport(-3, 99),
                   Erect(0, 999), Explore("x"), Transport(None, 0), Erect(True, 0)):  # type: ignore[arg-type]
        with pytest.raises(IllegalAction) as caught:
            RULES.apply(s, action)
        assert caught.value.reason
    assert to_json(s) == before
