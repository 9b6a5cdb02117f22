"""What the games' words say read aloud well: no notation a listener cannot hear."""

from __future__ import annotations

import pytest
from lines_player import unspeakable

from tui_games.engine.core import default_options
from tui_games.engine.tutorial import Tutorial
from tui_games.games import GameInfo, all_games, load
from tui_games.games.nova_lux.board import CELL_NAMES
from tui_games.games.nova_lux.view import spoken
from tui_games.lines.words import words_of_game


def test_nova_lux_cells_are_said_with_words_not_arrows_or_bars() -> None:
    info = all_games()["nova_lux"]
    words = words_of_game(info)
    for seed in range(4):
        state = info.rules.setup(2, seed, default_options(info.rules))
        view = info.rules.observe(state, 0)
        said = [line for cell in CELL_NAMES for line in
                (words.place(view, 0, ["You", "Bo"], cell) or [])]
        said += words.table(view, 0, ["You", "Bo"]) + words.hand(view, 0, ["You", "Bo"])
        for line in said:
            assert "->" not in line and "|" not in line and "<->" not in line, line


def test_the_cards_notation_reads_as_words() -> None:
    assert spoken("E3: yellow star Y3: 1 water | artifact -> 2 life forms; Ark of you.") == \
        "E3: yellow star Y3: 1 water or artifact to 2 life forms; your Ark."
    assert spoken("Tide Brokers: exchange 1 water <-> 1 artifact; needs water 14.") == \
        "Tide Brokers: exchange 1 water for 1 artifact, either way; needs water 14."
    assert spoken("C1: space dust; Ark of Ann, you.") == "C1: space dust; the Arks of Ann " \
                                                         "and you."


def test_nebular_colors_piles_are_named_without_a_number_in_brackets() -> None:
    info = all_games()["nebular_colors"]
    words = words_of_game(info)
    state = info.rules.setup(2, 3, default_options(info.rules))
    view = info.rules.observe(state, 0)
    piles = [line for line in words.table(view, 0, ["You", "Bo"]) if "pile" in line]
    assert piles and all("pile (" not in line for line in piles)
    assert any(line.startswith(("The left pile, 1 card: ", "The left pile is empty."))
               for line in piles), piles
    assert all("on top" not in line for line in piles if ", 1 card: " in line)


@pytest.mark.parametrize("info", [i for i in all_games().values() if i.tutorial],
                         ids=lambda info: info.id)
def test_a_guided_games_words_name_no_screen_key_and_the_screen_keeps_its_keys(
        info: GameInfo) -> None:
    tutorial: Tutorial = load(info.tutorial)
    said = [step.said for step in tutorial.steps] + [tutorial.intro, tutorial.farewell]
    assert [problem for text in said for problem in unspeakable(text)] == []
    for step in tutorial.steps:  # the screen's guide still says which keys do it
        assert step.press and step.text == f"{step.said} {step.press}", step
    assert tutorial.screen_farewell.startswith(tutorial.farewell)


def test_the_check_catches_a_screen_key_and_a_letter_code() -> None:
    assert unspeakable("Press d to draw. Enter plays it.")
    assert unspeakable("a red (R) star") and unspeakable("1 water -> 2 oxygen | life")
    assert unspeakable("a free exploration of C2 in space") == []
