"""Nebula's Learn to play says what the table then does: its words agree with the rules
and with the status line shown beside them."""

from __future__ import annotations

from tui_games.engine.tutorial import script
from tui_games.games import all_games
from tui_games.games.nebula.rules import CHAOS_KEEP
from tui_games.games.nebula.state import KeepStar
from tui_games.games.nebula.tutorial import TUTORIAL


def test_the_chaos_step_keeps_as_many_stars_as_the_rules_and_says_where_the_rest_go() -> None:
    # Issue 31, played: the step read "Keep one of the five drawn stars; the others go back
    # to the bag" beside the status line's "Keep 2 of the drawn stars ... The others go back
    # to the box", and Learn ended with a second star still to keep.
    info = all_games()["nebula"]
    state, played = script(TUTORIAL, info.rules, info.bots)
    last_step, last_action = played[-1]
    assert isinstance(last_action, KeepStar) and last_step == len(TUTORIAL.steps) - 1
    text = TUTORIAL.steps[last_step].text
    assert f"Keep {CHAOS_KEEP} of the five drawn stars" in text
    assert "box" in text and "bag" not in text
    # Learn hands over with the rest of the keeping still to do, and says so
    assert state.phase == "chaos" and state.keep_left == CHAOS_KEEP - 1
    assert "keep one more drawn star" in TUTORIAL.farewell
