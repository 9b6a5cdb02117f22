"""Issue 11, failure 10: Neptune refuses garbage actions with IllegalAction.

A hand-made or decoded action may hold anything: ``apply`` refuses every one that is not
legal now (never a KeyError, IndexError or TypeError) and leaves the table as it was.
"""

from __future__ import annotations

from typing import Any

import pytest
from neptune_tables import RULES, table

from tui_games.engine.codec import to_json
from tui_games.engine.core import IllegalAction
from tui_games.games.neptune.state import Keep, NeptuneState, Pile, Play, Swap


def _refused(s: NeptuneState, action: Any) -> str:
    before = to_json(s)
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(s, action)
    assert to_json(s) == before, "a refused action changed the table"
    return caught.value.reason


@pytest.mark.parametrize("card", [None, "R4", {}, float("nan"), -(2**63), 39, 2**70, 3.0, True])
def test_a_card_that_is_no_card_of_the_hand_is_refused(card: Any) -> None:
    s = table(["R4 G2", "B3 R6"])
    assert _refused(s, Play(card=card)).endswith("is not in your hand")


def test_a_card_of_the_deck_not_in_hand_is_named() -> None:
    s = table(["R4 G2", "B3 R6"])
    assert _refused(s, Play(card=2)) == "Red 3 (worth 8 points) is not in your hand"


def _bandit_decision() -> NeptuneState:
    """Seat 0 wins a trick with the Space Bandit; seat 1 owns a pile to steal."""
    theirs = Pile(owner=1, trick_no=1, cards=[5, 15], top=5, value=5)
    s = table(["SB R1", "G2 R2"], piles=[theirs])
    RULES.apply(s, Play(card=33))
    RULES.apply(s, Play(card=11))
    assert s.phase == "bandit"
    return s


@pytest.mark.parametrize("pile", [0.0, False, None, "0", 5, -1])
def test_a_special_decision_names_a_pile_by_its_number(pile: Any) -> None:
    s = _bandit_decision()
    assert Swap(pile=0) in RULES.legal_actions(s)
    assert _refused(s, Swap(pile=pile)).startswith("Space Bandit")


def test_a_play_while_a_special_decision_waits_is_refused() -> None:
    s = _bandit_decision()
    assert _refused(s, Play(card=0)) == (
        "Space Bandit: keep the trick for 5 points or swap it for another")
    RULES.apply(s, Keep())
    assert s.phase == "play"
