"""Issue 11, failure 10: Nebular Colors refuses garbage actions with IllegalAction.

A hand-made or decoded action may hold anything (a Struct checks no types when it is
built): ``apply`` refuses every one that is not legal now, and leaves the table as it was.
"""

from __future__ import annotations

from typing import Any

import pytest
from nc_helpers import RULES, ids, table

from tui_games.engine.codec import to_json
from tui_games.engine.core import IllegalAction
from tui_games.games.nebular_colors.state import Discard, Draw, Meld, NCState, Take


def _refused(s: NCState, action: Any) -> str:
    before = to_json(s)
    with pytest.raises(IllegalAction) as caught:
        RULES.apply(s, action)
    assert to_json(s) == before, "a refused action changed the table"
    return caught.value.reason


def _start() -> NCState:
    return RULES.setup(2, 7, {"first": "0"})


@pytest.mark.parametrize("pile", [0.0, 1.0, True, None, "0", (0,), -1, 2])
def test_a_take_names_the_left_or_right_pile_by_number(pile: Any) -> None:
    assert _refused(_start(), Take(pile=pile))


@pytest.mark.parametrize("cards", [59, None, "P1", {0: 1}, (0.0, 1.0, 2.0), (True, 2, 3),
                                   ((0,), 1, 2)])
def test_a_meld_is_a_tuple_of_card_ids(cards: Any) -> None:
    s = _start()
    RULES.apply(s, Draw())
    RULES.apply(s, Discard(card=s.drawn[0], pile=0))
    assert _refused(s, Meld(cards=cards)) == "a meld is a list of cards"


def test_a_meld_uses_each_card_once_even_when_repeated_in_the_action() -> None:
    s = _start()
    RULES.apply(s, Draw())
    RULES.apply(s, Discard(card=s.drawn[0], pile=0))
    card = s.hands[0][0]
    assert _refused(s, Meld(cards=(card, card, card))) == "each card can be used only once"


@pytest.mark.parametrize(("card", "pile"), [(None, 0), ("x", 0), (0.5, 0), ("drawn", True)])
def test_a_discard_names_a_drawn_card_and_a_pile_by_number(card: Any, pile: Any) -> None:
    s = _start()
    RULES.apply(s, Draw())
    if card == "drawn":
        card = s.drawn[0]
    assert _refused(s, Discard(card=card, pile=pile))


@pytest.mark.parametrize("action", [None, 3, "draw", object()])
def test_something_that_is_no_action_at_all_is_refused(action: Any) -> None:
    assert _refused(_start(), action) == "that is not a Nebular Colors action"


def test_a_meld_given_as_a_list_reads_as_the_tuple_it_encodes_to() -> None:
    s = table(hands=("P1 P1 P1 G9", "B2"), piles=("B4", "G5"), phase="meld")
    listed = [c for c in s.hands[0] if c in ids("P1 P1 P1")]
    RULES.apply(s, Meld(cards=listed[::-1]))  # type: ignore[arg-type]
    assert s.melds[0] == [sorted(listed)]
