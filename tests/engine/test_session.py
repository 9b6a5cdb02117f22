"""Session: the action list is the truth; undo replays it and never crosses a barrier."""

from __future__ import annotations

import random
import re
from datetime import datetime

import pytest
from toy_game import CometRules, CometState, DrawComet, EndComet, PlayComet

from tui_games.engine.codec import to_json
from tui_games.engine.core import IllegalAction
from tui_games.engine.session import Seat, Session, new_save_id, replay

RULES = CometRules()
HUMANS = [Seat("Ada"), Seat("Bo")]


def new(seats: list[Seat] = HUMANS, seed: int = 7) -> Session:
    return Session.new(RULES, seats, seed, {"length": "short"})


def hand(session: Session) -> list[int]:
    state = session.state
    assert isinstance(state, CometState)
    return sorted(state.hands[state.current])


def test_undo_takes_back_a_decision_of_the_current_turn() -> None:
    session = new()
    before = to_json(session.state)
    card = hand(session)[0]
    session.apply(PlayComet(card))
    assert session.can_undo()
    assert session.undo() == PlayComet(card)
    assert to_json(session.state) == before
    assert session.actions == [] and session.undoable == []


def test_undo_takes_back_several_decisions_one_at_a_time() -> None:
    session = new()
    first, second = hand(session)[:2]
    session.apply(PlayComet(first))
    after_first = to_json(session.state)
    session.apply(PlayComet(second))
    assert session.undo() == PlayComet(second)
    assert to_json(session.state) == after_first
    assert session.undo() == PlayComet(first)
    assert not session.can_undo()
    assert session.undo() is None


def test_a_draw_is_a_barrier_because_it_reveals_a_card() -> None:
    session = new()
    session.apply(DrawComet())
    assert not session.can_undo()
    assert session.undo() is None
    session.apply(PlayComet(hand(session)[0]))
    assert session.undo() is not None
    assert not session.can_undo()  # the draw stays
    assert session.actions == [DrawComet()]


def test_ending_the_turn_is_a_barrier() -> None:
    session = new()
    session.apply(PlayComet(hand(session)[0]))
    session.apply(EndComet())
    assert session.turn == 1
    assert not session.can_undo()


def test_bot_moves_are_barriers() -> None:
    session = new([Seat("Ada", bot="easy"), Seat("Bo")])
    session.apply(PlayComet(hand(session)[0]))  # seat 0 is a bot here
    assert not session.can_undo()


class _TurnlessRules(CometRules):
    """Comet Catch whose turn counter never moves: control passes without a new turn."""

    def apply(self, s: CometState, a: object) -> None:  # type: ignore[override]
        turn = s.turn
        super().apply(s, a)  # type: ignore[arg-type]
        s.turn = turn


def test_handing_the_decision_to_another_seat_is_a_barrier() -> None:
    session = Session.new(_TurnlessRules(), HUMANS, 3, {})
    session.apply(EndComet())
    assert session.turn == 0 and session.to_move == 1
    assert not session.can_undo()  # Bo may not take back what Ada did


def test_an_illegal_action_is_refused_and_not_recorded() -> None:
    session = new()
    session.apply(DrawComet())
    with pytest.raises(IllegalAction):
        session.apply(DrawComet())
    assert session.actions == [DrawComet()]


def test_same_seed_and_same_actions_give_the_same_state() -> None:
    rng = random.Random(11)
    session = new(seed=99)
    while session.to_move is not None:
        session.apply(rng.choice(RULES.legal_actions(session.state)))
    again = replay(RULES, 2, 99, {"length": "short"}, session.actions)
    assert to_json(again) == to_json(session.state)
    assert to_json(RULES.setup(2, 99, {})) != to_json(RULES.setup(2, 100, {}))


def test_undo_replays_exactly_at_every_point_of_a_game() -> None:
    rng = random.Random(5)
    session = new(seed=42)
    while session.to_move is not None:
        before = to_json(session.state)
        session.apply(rng.choice(RULES.legal_actions(session.state)))
        if session.can_undo():
            action = session.actions[-1]
            session.undo()
            assert to_json(session.state) == before
            session.apply(action)


def test_a_session_needs_one_undo_flag_per_action() -> None:
    with pytest.raises(ValueError):
        Session(RULES, HUMANS, 1, {}, actions=[DrawComet()], undoable=[False, True])


def test_a_session_rebuilds_its_state_from_the_actions() -> None:
    session = Session(RULES, HUMANS, 8, {}, actions=[DrawComet(), EndComet()])
    assert session.turn == 1 and session.undoable == [False, False]
    assert session.save_id is None and session.name is None


def test_save_ids_name_the_game_and_the_time() -> None:
    save_id = new_save_id("comet", datetime(2025, 3, 4, 5, 6, 7))
    assert re.fullmatch(r"comet-20250304-050607-[0-9a-f]{4}", save_id)
    assert len({new_save_id("comet") for _ in range(20)}) > 1


def test_ui_prefs_start_empty_and_survive_undo() -> None:
    assert new().ui_prefs == {}
    given = {"hand_sort": "colour"}
    session = Session(RULES, HUMANS, 8, {}, ui_prefs=given)
    given["hand_sort"] = "number"  # the session keeps its own copy
    session.apply(DrawComet())
    session.apply(PlayComet(hand(session)[0]))
    assert session.undo() is not None
    assert session.ui_prefs == {"hand_sort": "colour"}
