"""Nebular Colors' Learn to play says what the table shows at each step."""

from __future__ import annotations

from dataclasses import replace

from tui_games.engine.tutorial import script
from tui_games.games import all_games
from tui_games.games.nebular_colors.melds import points_for
from tui_games.games.nebular_colors.state import CARD_NUMBER, NCState, card_name
from tui_games.games.nebular_colors.tutorial import RIGHT, TUTORIAL


def test_the_step_about_the_13s_names_the_13s_the_right_pile_holds() -> None:
    # Issue 31, played: "The right pile now ends in G13 and B13" while the pile read
    # "B13 B4 P1 Y12 G13": one 13 at each end.
    info = all_games()["nebular_colors"]
    at = next(i for i, step in enumerate(TUTORIAL.steps) if "two 13s" in step.text)
    # played through the step itself, a draw, so that the bot's discard before it is in
    state, _ = script(replace(TUTORIAL, steps=TUTORIAL.steps[: at + 1]), info.rules, info.bots)
    assert len(thirteens_of(state)) == 2
    assert f"holds two 13s, {' and '.join(thirteens_of(state))}" in TUTORIAL.steps[at].text


def thirteens_of(state: NCState) -> list[str]:
    """The 13s on the right pile, by name in the pile's order."""
    return [card_name(c) for c in state.piles[RIGHT] if CARD_NUMBER[c] == 13]


def test_learn_says_what_penalty_cards_cost_as_the_score_counts_them() -> None:
    # Issue 31, played: Learn said pile cards left "would cost you as penalties"; the hand
    # then read "4 penalty cards cost 1", later "7 penalty cards cost 2", with no rule said.
    at = next(i for i, step in enumerate(TUTORIAL.steps) if "penalty cards" in step.text)
    assert "every 3 cost 1 point" in TUTORIAL.steps[at].text
    assert [points_for([0, 0, 0, 0], n) for n in (2, 3, 5, 6)] == [0, -1, -1, -2]
