"""Trades of any amounts: composed unit by unit, sent, answered; and older saves' offers."""

from __future__ import annotations

import random
import shutil
from pathlib import Path

import pytest
from nova_lux_helpers import RULES, new, offer, quiet, res

from tui_games.engine.core import IllegalAction
from tui_games.engine.saves import SaveStore
from tui_games.games.nova_lux.bot import NormalBot
from tui_games.games.nova_lux.cards import ARTIFACTS, HYDROGEN, LIFE, OXYGEN, WATER
from tui_games.games.nova_lux.state import (
    AdjustOffer,
    AnswerTrade,
    DropOffer,
    NovaLuxState,
    OfferTrade,
    SendOffer,
    StartTrade,
)
from tui_games.games.nova_lux.trades import upgrade_action

FIXTURES = Path(__file__).parent / "fixtures"


def met() -> NovaLuxState:
    """Seats 1 and 2 share D4 (a space between cards)."""
    return quiet(new(2, ships=("D4", "D4"), blank=True, offers="off"))


def test_trading_has_no_guidelines_aside_from_no_trading_for_zero() -> None:
    """"Trading resources including hydrogen has no guidelines aside from no trading for
    zero": 5 water for 1 hydrogen, and several resources on one side, are offers."""
    s = met()
    s.res[0] = res("W6")
    offer(s, 1, "W5", "H1")
    assert s.phase == "answer" and RULES.to_move(s) == 1
    RULES.apply(s, AnswerTrade(True))
    assert s.res[0] == res("W1 H4") and s.res[1] == res("W8 H2")
    assert "Seat 1 offers Seat 2 5 water for 1 hydrogen." in [e.text for e in s.log]


def test_an_offer_may_name_several_resources_on_each_side() -> None:
    s = met()
    offer(s, 1, "W2 A1", "L3 O1 H2")
    assert "2 water and 1 artifact for 3 life forms, 1 oxygen and 2 hydrogen" in s.log[-1].text
    RULES.apply(s, AnswerTrade(True))
    assert s.res[0] == res("W1 A2 L6 O4 H5") and s.res[1] == res("W5 A4 L0 O2 H1")


def test_no_trading_for_zero_either_side() -> None:
    """"... aside from no trading for zero": each side names at least one unit."""
    s = met()
    RULES.apply(s, StartTrade(1))
    assert SendOffer() not in RULES.legal_actions(s)
    RULES.apply(s, AdjustOffer(False, OXYGEN, True))
    with pytest.raises(IllegalAction, match="no trading for nothing"):
        RULES.apply(s, SendOffer())
    RULES.apply(s, AdjustOffer(True, WATER, True))
    assert SendOffer() in RULES.legal_actions(s)


def test_an_offer_names_only_what_each_player_holds() -> None:
    s = met()
    s.res[0][WATER], s.res[1][LIFE] = 2, 1
    RULES.apply(s, StartTrade(1))
    for _ in range(2):
        RULES.apply(s, AdjustOffer(True, WATER, True))
    with pytest.raises(IllegalAction, match="you have only 2 water"):
        RULES.apply(s, AdjustOffer(True, WATER, True))
    RULES.apply(s, AdjustOffer(False, LIFE, True))
    with pytest.raises(IllegalAction, match="Seat 2 has only 1 life form"):
        RULES.apply(s, AdjustOffer(False, LIFE, True))


def test_a_resource_is_named_on_one_side_only() -> None:
    """Edition: water for water is no trade."""
    s = met()
    RULES.apply(s, StartTrade(1))
    RULES.apply(s, AdjustOffer(True, WATER, True))
    with pytest.raises(IllegalAction, match="already on the other side"):
        RULES.apply(s, AdjustOffer(False, WATER, True))


def test_a_unit_taken_back_and_a_dropped_offer_make_no_offer() -> None:
    """Edition: only a sent offer is the turn's one offer; a dropped one leaves the turn
    as it was, and another may be begun."""
    s = met()
    RULES.apply(s, StartTrade(1))
    RULES.apply(s, AdjustOffer(True, ARTIFACTS, True))
    RULES.apply(s, AdjustOffer(True, ARTIFACTS, False))
    assert not any(s.offer.gives)
    with pytest.raises(IllegalAction, match="no artifact on that side"):
        RULES.apply(s, AdjustOffer(True, ARTIFACTS, False))
    log = len(s.log)
    RULES.apply(s, DropOffer())
    assert s.phase == "turn" and s.offer is None and not s.offered and len(s.log) == log
    assert StartTrade(1) in RULES.legal_actions(s)


def test_nothing_else_happens_while_an_offer_is_composed() -> None:
    s = met()
    RULES.apply(s, StartTrade(1))
    legal = RULES.legal_actions(s)
    assert all(isinstance(a, AdjustOffer | SendOffer | DropOffer) for a in legal)
    with pytest.raises(IllegalAction, match="send or drop the trade offer"):
        RULES.apply(s, AnswerTrade(True))


def test_the_old_form_of_an_offer_is_never_legal_now() -> None:
    s = met()
    with pytest.raises(IllegalAction, match="older saves"):
        RULES.apply(s, OfferTrade(1, WATER, 1, OXYGEN, 1))


def test_an_old_offer_is_upgraded_to_its_composing_steps() -> None:
    steps = upgrade_action(OfferTrade(1, WATER, 2, HYDROGEN, 1))
    assert steps == [StartTrade(1), AdjustOffer(True, WATER, True),
                     AdjustOffer(True, WATER, True), AdjustOffer(False, HYDROGEN, True),
                     SendOffer()]
    huge = OfferTrade(1, WATER, 10**9, HYDROGEN, 1)     # an edited file: refused on replay
    assert upgrade_action(huge) == [huge]


@pytest.mark.parametrize("name", ["old_trades.json", "old_offer_open.json"])
def test_a_save_with_old_offers_still_loads_and_replays(name: str, tmp_path: Path) -> None:
    """Saves written before any-amount trades (one resource each side, 1 to 3 units;
    one accepted, one declined, and one still waiting for its answer) load, and their
    game goes on."""
    shutil.copy(FIXTURES / name, tmp_path / name)
    store = SaveStore(tmp_path)
    session = store.load(tmp_path / name)
    state = session.state
    assert state.res == [res("W1 O4 H4"), res("W5 H4")]
    texts = [e.text for e in state.log]
    assert "Seat 1 offers Seat 2 2 water for 1 oxygen." in texts
    assert "Seat 1 declines the trade." in texts
    if name == "old_offer_open.json":
        assert state.phase == "answer" and RULES.to_move(state) == 1
        assert state.offer.gives == (0, 0, 0, 0, 1) and state.offer.gets == (3, 0, 0, 0, 0)
        session.apply(AnswerTrade(True))
        assert session.state.res[0][WATER] == 4
    store.save_as(session, "again")           # written in today's form, and read back
    again = store.load(store.named_path("again"))
    assert again.state.res == session.state.res


def test_the_normal_bot_composes_its_offer_and_sends_it() -> None:
    s = met()
    s.res[0] = res("W10 O2")        # plenty of water, oxygen wanted
    s.res[1] = res("W2 O10")
    bot = NormalBot(RULES, random.Random(0))
    RULES.apply(s, StartTrade(1))
    for _ in range(10):
        action = bot.choose(RULES.observe(s, 0), 0)
        RULES.apply(s, action)
        if s.phase != "compose":
            break
    assert s.phase == "answer"
    assert s.offer.gives[WATER] == sum(s.offer.gets) >= 1       # its spare water, one for one
    assert bot.choose(RULES.observe(s, 1), 1) == AnswerTrade(True)
