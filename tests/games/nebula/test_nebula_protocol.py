"""The Rules protocol: playouts, legality, JSON, determinism, hidden information."""

from __future__ import annotations

import random

import pytest
from nebula_helpers import RULES, counts, new, placing, random_playout

from tui_games.engine.codec import clone, convert, from_json, to_builtins, to_json
from tui_games.engine.core import IllegalAction
from tui_games.engine.session import Seat, Session
from tui_games.games.nebula.board import SPACE_COUNT
from tui_games.games.nebula.state import (
    EMPTY,
    HIDDEN,
    AdvanceValue,
    FinishPositioning,
    KeepPersonal,
    KeepStar,
    NebulaState,
    PositionBlackStar,
    PositionStar,
    StepTime,
    TakeStars,
    TurnToChaos,
)

EVERY_ACTION = (
    [KeepPersonal(c) for c in range(20)]
    + [StepTime(c, d) for c in range(3) for d in (1, -1)] + [TakeStars()]
    + [TurnToChaos(x) for x in range(7)] + [KeepStar(x) for x in range(7)]
    + [PositionStar(c, sp) for c in range(6) for sp in range(SPACE_COUNT)]
    + [PositionBlackStar(), FinishPositioning()] + [AdvanceValue(t) for t in range(14)]
)
GAMES = [(2, "full"), (3, "intro"), (4, "full"), (2, "intro"), (3, "full")]


def _states(seed: int, players: int, mode: str, every: int = 1) -> list[NebulaState]:
    """States met along a random playout (every ``every``-th one)."""
    s = RULES.setup(players, seed, {"mode": mode})
    rng = random.Random(seed)
    seen = []
    step = 0
    while RULES.to_move(s) is not None:
        if step % every == 0:
            seen.append(clone(s))
        RULES.apply(s, rng.choice(RULES.legal_actions(s)))
        step += 1
    seen.append(s)
    return seen


@pytest.mark.parametrize("seed", range(10))
def test_random_playouts_end_with_equal_turns_and_never_run_out_of_actions(seed: int) -> None:
    players, mode = GAMES[seed % len(GAMES)]
    s = RULES.setup(players, seed, {"mode": mode})
    rng = random.Random(seed)
    while RULES.to_move(s) is not None:
        actions = RULES.legal_actions(s)
        assert actions
        RULES.apply(s, rng.choice(actions))
    assert s.turn % players == 0
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.winners and s.end_reasons
    assert RULES.legal_actions(s) == []


def test_apply_accepts_exactly_the_legal_actions() -> None:
    for seed, (players, mode) in enumerate(GAMES[:3]):
        for s in _states(seed, players, mode, every=17)[:-1]:
            s.log = []                      # cheaper clones; the log plays no part
            legal = set(RULES.legal_actions(s))
            for action in EVERY_ACTION:
                trial = clone(s)
                try:
                    RULES.apply(trial, action)
                    accepted = True
                except IllegalAction as err:
                    accepted = False
                    assert err.reason
                assert accepted == (action in legal), (action, s.phase)


def test_state_and_actions_round_trip_through_json() -> None:
    s = new(3, "full")
    actions = random_playout(s, seed=3, limit=300)
    assert from_json(to_json(s), NebulaState) == s
    for action in set(actions):
        assert convert(to_builtins(action), RULES.action_type) == action


def test_same_seed_and_actions_give_the_same_game() -> None:
    first = RULES.setup(2, 99, {})
    actions = random_playout(first, seed=5)
    again = RULES.setup(2, 99, {})
    for action in actions:
        RULES.apply(again, action)
    assert again == first


def test_observe_hides_rival_personal_objectives_and_the_rng() -> None:
    s = RULES.setup(3, 8, {"mode": "full"})
    for seat in range(3):
        RULES.apply(s, KeepPersonal(s.personal_offer[seat][0]))
    view = RULES.observe(s, 1)
    assert view.rng.state == 0
    assert view.personal == [HIDDEN, s.personal[1], HIDDEN]
    assert view.personal_offer == [[HIDDEN] * 2, s.personal_offer[1], [HIDDEN] * 2]
    assert view.bag == s.bag                          # the bag's make-up is public
    kept_texts = [e.text for e in s.log if e.seen_by == (0,)]
    assert kept_texts and not any(e.text in kept_texts for e in view.log)
    assert sum("keeps a Personal objective" in e.text for e in view.log) == 2
    assert s.personal[0] != HIDDEN                    # observing never alters the state


def test_kept_objectives_are_shown_once_the_game_is_over_never_the_discards() -> None:
    s = new(2, "full")
    random_playout(s, seed=1)
    view = RULES.observe(s, 0)
    assert view.personal == s.personal
    assert view.personal_offer[1] == [HIDDEN, HIDDEN]
    full = RULES.determinize(view, 0, random.Random(1))
    assert full.personal == s.personal and s.personal[1] in full.personal_offer[1]


@pytest.mark.parametrize(("players", "mode"), GAMES[:3])
def test_legal_actions_of_the_observation_are_the_legal_actions(players: int,
                                                                mode: str) -> None:
    for s in _states(11, players, mode, every=5):
        if (seat := RULES.to_move(s)) is not None:
            assert RULES.legal_actions(RULES.observe(s, seat)) == RULES.legal_actions(s)


@pytest.mark.parametrize(("players", "mode"), GAMES[:3])
def test_determinize_is_consistent_with_the_observation(players: int, mode: str) -> None:
    rng = random.Random(4)
    for s in _states(12, players, mode, every=9):
        for seat in range(players):
            view = RULES.observe(s, seat)
            full = RULES.determinize(view, seat, rng)
            assert RULES.observe(full, seat) == view
            if mode == "full":
                dealt = [c for offer in full.personal_offer for c in offer]
                assert HIDDEN not in dealt and len(set(dealt)) == len(dealt)
                for other in range(players):
                    kept = full.personal[other]
                    assert (kept in full.personal_offer[other]) == full.personal_chosen[other]


def test_determinize_never_deals_a_rival_a_card_you_have_seen() -> None:
    s = RULES.setup(2, 21, {"mode": "full"})
    view = RULES.observe(s, 0)
    mine = set(view.personal_offer[0])
    rng = random.Random(0)
    seen_rival: set[int] = set()
    for _ in range(60):
        rival = RULES.determinize(view, 0, rng).personal_offer[1]
        assert not mine & set(rival)
        seen_rival.update(rival)
    assert len(seen_rival) > 10                     # sampled, not fixed


def test_reveals_marks_draws_from_the_bag() -> None:
    s = new(2, "intro")
    assert not RULES.reveals(s, StepTime(0, 1))
    s.reserves[0] = counts("R")
    assert RULES.reveals(s, TurnToChaos(0))
    quiet = placing(new(2, "intro"), "K")
    assert not RULES.reveals(quiet, FinishPositioning())       # clusters are full
    quiet.clusters[0] = [EMPTY] * 8
    assert RULES.reveals(quiet, FinishPositioning())           # a refill draws
    swap = placing(new(2, "intro"), "K")
    swap.indicator = 2
    assert RULES.reveals(swap, PositionBlackStar())
    swap.indicator = 3
    assert not RULES.reveals(swap, PositionBlackStar())
    assert swap.indicator == 3                                  # reveals never mutates


def test_describe_names_every_legal_action() -> None:
    for s in _states(13, 2, "full", every=7)[:-1]:
        for action in RULES.legal_actions(s):
            text = RULES.describe(s, action)
            assert text and not text.startswith(type(action).__name__)


def test_a_session_plays_saves_and_undoes_a_step() -> None:
    session = Session.new(RULES, [Seat("Ann"), Seat("Bob")], seed=5, options={"mode": "intro"})
    session.apply(StepTime(0, 1))
    assert session.can_undo()
    assert session.undo() == StepTime(0, 1)
    assert session.state == RULES.setup(2, 5, {"mode": "intro"})
