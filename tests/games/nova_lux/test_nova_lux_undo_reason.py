"""Issue 19: after a bot's turn, the undo refusal named a bot as if its move were the
player's last one; a bot had decided after the player (a pass on the end-of-turn offer the
player never sees). The refusal says so, and what the bot did."""

from __future__ import annotations

import random

from tui_games.engine.core import default_options
from tui_games.engine.session import Seat, Session
from tui_games.games.nova_lux.rules import NovaLuxRules
from tui_games.tui.screens.decision import why_no_undo

RULES = NovaLuxRules()


def _after_a_bot_answered_you() -> Session:
    """A seeded random 3-player game, up to a bot's decision right after one of yours
    (Bot 2 reacting after you at the end of Bot 3's turn, or the like)."""
    seats = [Seat("Ann"), Seat("Bot 2", "normal"), Seat("Bot 3", "normal")]
    rng = random.Random(5)
    session = Session.new(RULES, seats, 5, default_options(RULES))
    last_mover = None
    while session.to_move is not None:
        mover = session.to_move
        session.apply(rng.choice(RULES.legal_actions(session.state)))
        if last_mover == 0 and mover != 0 and session.to_move == 0:
            return session
        last_mover = mover
    raise AssertionError("no bot decision right after Ann's in this game")


def test_the_undo_refusal_says_a_bot_decided_after_your_move() -> None:
    session = _after_a_bot_answered_you()
    assert not session.can_undo()
    reason = why_no_undo(session)
    assert "decided after your last move (" in reason, reason
    assert reason.startswith("Can't undo: Bot ")
