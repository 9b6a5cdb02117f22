"""Issue 11, failure 10: ``apply`` refuses an action whose fields are of the wrong type or
out of range with IllegalAction and a clear reason, and leaves the state as it was.

The cases are the ones the stress harness found: at 2 players, seed 0, default options,
actions chosen by ``random.Random(0)``, after 8 actions (phase "turn"). Bool and float
fields equal to a legal int (``False == 0``) are not the same action in a save's JSON, so
they are refused too, at a state where the int action is legal.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any

import pytest
from nova_lux_helpers import RULES

from tui_games.engine.codec import clone, to_json
from tui_games.engine.core import IllegalAction, default_options
from tui_games.games.nova_lux.state import (
    AnswerTrade,
    MoveTo,
    NovaLuxState,
    PlaceShip,
    StoreStar,
    TakeHydrogen,
    Teleport,
    UseAbility,
)
from tui_games.tools.stress import garbage_problem


@cache
def _found_state() -> NovaLuxState:
    s = RULES.setup(2, 0, default_options(RULES))
    rng = random.Random(0)
    for _ in range(8):
        RULES.apply(s, rng.choice(RULES.legal_actions(s)))
    assert s.phase == "turn"
    return s


def _refusal(s: NovaLuxState, action: Any) -> str:
    """The reason ``apply`` gives for refusing ``action`` on a copy of ``s``, which it must
    leave unchanged."""
    work = clone(s)
    before = to_json(work)
    with pytest.raises(IllegalAction) as refused:
        RULES.apply(work, action)
    assert to_json(work) == before
    assert garbage_problem(RULES, s, action) is None
    return refused.value.reason


def _where_legal(action: Any) -> NovaLuxState:
    """A state of a seeded random 2-player game (offers on) where ``action`` is legal."""
    options = {**default_options(RULES), "offers": "on"}
    for seed in range(200):
        rng = random.Random(seed)
        s = RULES.setup(2, seed, options)
        while RULES.to_move(s) is not None:
            legal = RULES.legal_actions(s)
            if action in legal:
                return s
            RULES.apply(s, rng.choice(legal))
    raise AssertionError(f"no random state found where {action!r} is legal")


@pytest.mark.parametrize(("action", "reason"), [
    (MoveTo(cell=1.5), "cell must be a whole number"),
    (MoveTo(cell=[0]), "cell must be a whole number"),
    (MoveTo(cell=(56,)), "cell must be a whole number"),
    (TakeHydrogen(card=()), "card must be a whole number"),
    (TakeHydrogen(card="x"), "card must be a whole number"),
    (Teleport(cell=[]), "cell must be a whole number"),
    (UseAbility(slot=0.0, give=4, get=0), "slot must be a whole number"),
    (MoveTo(cell=99), "there is no such cell"),
    (MoveTo(cell=-1), "there is no such cell"),
    (MoveTo(cell=10**40), "there is no such cell"),
    (TakeHydrogen(card=16), "there is no such space card"),
    (UseAbility(slot=3, give=4, get=0), "there is no such faction slot"),
    (UseAbility(slot=0, give=5, get=0), "there is no such resource"),
    (None, "that is not a Nova Lux action"),
], ids=repr)
def test_a_field_of_the_wrong_type_or_range_is_refused_with_a_reason(
        action: Any, reason: str) -> None:
    assert _refusal(_found_state(), action) == reason


@pytest.mark.parametrize(("garbage", "legal"), [
    (TakeHydrogen(card=False), TakeHydrogen(card=0)),
    (UseAbility(slot=2, give=4, get=False), UseAbility(slot=2, give=4, get=0)),
    (MoveTo(cell=False), MoveTo(cell=0)),
    (PlaceShip(cell=False), PlaceShip(cell=0)),
    (StoreStar(slot=False), StoreStar(slot=0)),
    (AnswerTrade(accept=0.0), AnswerTrade(accept=False)),
    (AnswerTrade(accept=1), AnswerTrade(accept=True)),
], ids=repr)
def test_a_bool_or_float_equal_to_a_legal_value_is_refused(garbage: Any, legal: Any) -> None:
    s = _where_legal(legal)
    assert garbage == legal        # what made Python accept it
    assert _refusal(s, garbage)
    work = clone(s)
    RULES.apply(work, legal)       # the exact action is still played
    assert to_json(work) != to_json(s)
