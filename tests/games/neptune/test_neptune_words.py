"""Neptune's table in sentences (games/neptune/words.py) and its choice words, as the lines
front end says them: a special card is named in full, never by its screen label."""

from __future__ import annotations

from neptune_tables import RULES, pile, play, table

from tui_games.games.neptune import words
from tui_games.games.neptune.state import Shield, Swap

NAMES = ["You", "Bo", "Cy"]


def test_won_tricks_name_a_special_on_top_in_full() -> None:
    s = table(["R2", "G3", "B4"], piles=[pile(0, "A7"), pile(0, "SB"), pile(0, "R3")])
    said = words.place(s, 0, NAMES, "you")
    assert said is not None
    assert "Asteroid 7 scoring -7, Space Bandit scoring 5, R3 scoring 8" in said[0]
    assert " A7 " not in said[0] and " SB " not in said[0]


def test_a_space_bandit_swap_names_the_trick_by_its_top_in_full() -> None:
    earlier = [pile(2, "BH"), pile(0, "A5")]
    s = play(table(["R2", "SB", "R6"], piles=earlier), "R2", "SB", "R6")
    assert RULES.describe(s, Swap(0)) == "swap for Seat 3's trick topped by Black Hole (0 points)"


def test_a_plasma_shield_choice_says_from_and_to_not_an_arrow() -> None:
    earlier = [pile(2, "G5")]
    s = play(table(["R2", "PS", "R6"], piles=earlier), "R2", "PS", "R6")
    assert (
        RULES.describe(s, Shield(0)) == "shield Seat 3's trick topped by G5 (from 6 to 12 points)"
    )


def test_an_asteroid_landing_on_a_won_trick_is_told_with_what_the_trick_now_scores() -> None:
    s = play(table(["R2", "A7", "R6"]), "R2", "A7", "R6")
    said = [e.text for e in s.log]
    at = said.index("Seat 3 wins the trick with Red 6 (worth 5 points).")
    assert said[at + 1] == "Asteroid 7 goes on top: the trick scores -7 points."


def test_no_asteroid_line_when_the_winning_card_stays_on_top() -> None:
    s = play(table(["R2", "G3", "R6"]), "R2", "G3", "R6")
    assert not any("goes on top" in e.text for e in s.log)
