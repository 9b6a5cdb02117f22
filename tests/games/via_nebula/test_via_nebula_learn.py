"""Via Nebula's Learn says what a newcomer could not see in their first game (issue 31):
what the board's "tiles" count, when the game ends and what leftover resources cost."""

from __future__ import annotations

from dataclasses import replace

from tui_games.engine.tutorial import script
from tui_games.games import all_games
from tui_games.games.via_nebula.components import CONTRACTS
from tui_games.games.via_nebula.state import BUILDINGS_PER_SEAT, Erect
from tui_games.games.via_nebula.tutorial import TUTORIAL
from tui_games.games.via_nebula.view import board_lines

EXPLORE_STEP = 2  # "Explore the fog at D1"; the step after it quotes the board


def test_the_step_after_the_first_exploration_quotes_the_board_as_it_then_reads() -> None:
    """The step names the tiles line the board shows at that moment, so the newcomer can
    find it: the guided game replayed up to the exploration, then the board drawn."""
    info = all_games()["via_nebula"]
    upto = replace(TUTORIAL, steps=TUTORIAL.steps[: EXPLORE_STEP + 1])
    state, _ = script(upto, info.rules, info.bots)
    tiles = next(line.strip() for line in board_lines(state, 0, "You", 0, True, 40)
                 if line.strip().startswith("tiles"))
    quoted = tiles.split(" · ")[0]  # "tiles 4 5 5 5"
    assert quoted == "tiles 4 5 5 5"
    assert f"({quoted})" in TUTORIAL.steps[EXPLORE_STEP + 1].text
    assert "explorer" in TUTORIAL.steps[EXPLORE_STEP + 1].text


def test_the_step_after_the_first_craftsman_quotes_the_leftover_vp_the_board_shows() -> None:
    """Issue 31, played: "-4 VP at end" appeared on the side at the first craftsman and
    went unexplained until the farewell. The next step quotes it as the board then reads,
    at 80 columns (no room: on the sites line) and wider (a line of its own)."""
    info = all_games()["via_nebula"]
    upto = replace(TUTORIAL, steps=TUTORIAL.steps[:1])
    state, _ = script(upto, info.rules, info.bots)
    for room in (False, True):
        lines = board_lines(state, 0, "You", 0, True, 40, room)
        assert any("-4 VP at end" in line for line in lines), lines
    text = TUTORIAL.steps[1].text
    assert "-4 VP at end" in text and "cost 1 VP each" in text


def test_the_farewell_says_what_ends_the_game_and_what_leftovers_cost() -> None:
    """The rules end the game once a seat erects its 5th building and the others had
    their last turn; resources left on sites and exploitations then cost 1 VP each."""
    words = TUTORIAL.farewell
    assert f"{BUILDINGS_PER_SEAT}th building ends the game" in words
    assert "sites and exploitations cost 1 VP each" in words


def test_the_erect_step_says_which_contracts_are_anyones_and_which_yours() -> None:
    """Issue 31, played: the side lists contracts with and without "hand" and nothing
    said which may be erected. The step erecting the Hunting Lodge, then on display,
    says a display contract is anyone's and a hand one the seat's alone."""
    info = all_games()["via_nebula"]
    at = next(i for i, s in enumerate(TUTORIAL.steps) if isinstance(s.mark, Erect))
    state, _ = script(replace(TUTORIAL, steps=TUTORIAL.steps[:at]), info.rules, info.bots)
    card = TUTORIAL.steps[at].mark.card
    assert card in state.display and card not in state.hands[0]
    text = TUTORIAL.steps[at].text
    assert f"the {CONTRACTS[card].name}, a contract on display" in text
    assert "anyone may take it; those marked hand are yours alone" in text
