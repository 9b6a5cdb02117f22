"""Ships on the same cell: a trade (an exact offer, accepted or declined) or an attack."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from nova_lux_helpers import RULES, cell, new, offer, quiet, res

from tui_games.engine.core import IllegalAction
from tui_games.games.nova_lux.cards import ARTIFACTS, HYDROGEN, LIFE, OXYGEN, WATER
from tui_games.games.nova_lux.state import (
    AdjustOffer,
    AnswerTrade,
    Attack,
    MoveTo,
    NovaLuxState,
    Plunder,
    SendOffer,
    StartTrade,
)


def met(players: int = 2) -> NovaLuxState:
    """Seats 1 and 2 share D4 (a space); seat 3, if any, is on B2."""
    return quiet(new(players, ships=("D4", "D4", "B2"), blank=True, offers="off"))


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Dice to roll, in order (attacker first)."""
    rolls: list[int] = []
    monkeypatch.setattr(RULES, "_die",
                        lambda s: rolls.pop(0) if rolls else 1 + s.rng.randrange(6))
    yield rolls


def test_trade_and_attack_only_with_a_ship_on_the_same_cell() -> None:
    s = met(3)
    targets = {a.target for a in RULES.legal_actions(s) if isinstance(a, StartTrade | Attack)}
    assert targets == {1}
    with pytest.raises(IllegalAction, match="on your cell"):
        RULES.apply(s, Attack(2))


def test_a_trade_offer_is_answered_by_the_other_player_accepting() -> None:
    s = met()
    offer(s, 1, "W2", "O1")
    assert s.phase == "answer" and RULES.to_move(s) == 1
    RULES.apply(s, AnswerTrade(True))
    assert s.res[0] == res("W1 O4") and s.res[1] == res("W5 O2")
    assert s.phase == "turn" and RULES.to_move(s) == 0


def test_a_declined_trade_changes_nothing() -> None:
    s = met()
    offer(s, 1, "W2", "O1")
    RULES.apply(s, AnswerTrade(False))
    assert s.res == [res(""), res("")]
    assert "declines" in s.log[-1].text


def test_no_trading_for_zero_and_only_what_each_side_has() -> None:
    s = met()
    s.res[1][ARTIFACTS] = 0
    RULES.apply(s, StartTrade(1))
    with pytest.raises(IllegalAction, match="no trading for nothing"):
        RULES.apply(s, SendOffer())
    RULES.apply(s, AdjustOffer(True, WATER, True))
    with pytest.raises(IllegalAction, match="no trading for nothing"):
        RULES.apply(s, SendOffer())
    with pytest.raises(IllegalAction, match="Seat 2 has only 0 artifacts"):
        RULES.apply(s, AdjustOffer(False, ARTIFACTS, True))


def test_one_trade_offer_per_turn() -> None:
    s = met()
    offer(s, 1, "W1", "O1")
    RULES.apply(s, AnswerTrade(False))
    with pytest.raises(IllegalAction, match="already offered"):
        RULES.apply(s, StartTrade(1))


def test_attack_each_rolls_a_die_and_adds_their_lowest_resource(dice: list[int]) -> None:
    s = met()
    s.res[0] = res("W5 A5 L5 O5 H4")        # lowest 4
    s.res[1] = res("W2")                     # lowest 2
    dice += [3, 4]                           # 3 + 4 = 7 against 4 + 2 = 6
    RULES.apply(s, Attack(1))
    assert "rolls 3 + 4 = 7" in s.log[-1].text and "rolls 4 + 2 = 6" in s.log[-1].text
    assert s.phase == "plunder" and RULES.to_move(s) == 0 and s.plunder_left == 1


def test_the_winner_takes_the_difference_of_the_dice_choosing_which(dice: list[int]) -> None:
    s = met()
    s.res[1] = res("W0")
    dice += [6, 2]                            # 6 + 3 = 9 against 2 + 0 = 2
    RULES.apply(s, Attack(1))
    assert s.plunder_left == 4
    assert {a.res for a in RULES.legal_actions(s)} == {ARTIFACTS, LIFE, OXYGEN, HYDROGEN}
    for r in (LIFE, LIFE, OXYGEN, HYDROGEN):
        RULES.apply(s, Plunder(r))
    assert s.res[0] == res("L5 O4 H4") and s.res[1] == res("W0 L1 O2 H2")
    assert s.phase == "turn"


def test_the_defender_can_win_and_then_chooses(dice: list[int]) -> None:
    s = met()
    dice += [1, 3]
    RULES.apply(s, Attack(1))
    assert RULES.to_move(s) == 1 and s.plunder_left == 2


def test_a_tie_does_nothing(dice: list[int]) -> None:
    s = met()
    dice += [4, 4]
    RULES.apply(s, Attack(1))
    assert s.res == [res(""), res("")] and s.phase == "turn"
    assert "a tie" in s.log[-1].text


def test_equal_dice_but_a_higher_total_wins_nothing(dice: list[int]) -> None:
    s = met()
    s.res[0] = res("W5 A5 L5 O5 H5")
    dice += [2, 2]
    RULES.apply(s, Attack(1))
    assert "wins 0 resources" in s.log[-1].text and s.phase == "turn"


def test_one_attack_per_turn(dice: list[int]) -> None:
    s = met()
    dice += [4, 4]
    RULES.apply(s, Attack(1))
    with pytest.raises(IllegalAction, match="already attacked"):
        RULES.apply(s, Attack(1))


def test_ships_meet_where_the_move_ends() -> None:
    s = quiet(new(2, ships=("D4", "D2"), blank=True, offers="off"))
    assert not any(isinstance(a, Attack | StartTrade) for a in RULES.legal_actions(s))
    RULES.apply(s, MoveTo(cell("D2")))
    assert Attack(1) in RULES.legal_actions(s)
