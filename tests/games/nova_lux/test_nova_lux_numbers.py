"""Issue 19: the numbers on the table say what they count, in the map's own notation."""

from __future__ import annotations

from nova_lux_helpers import RULES, card, cell, new, put_star, quiet

from tui_games.engine.core import Event
from tui_games.games.nova_lux import lines
from tui_games.games.nova_lux.board import card_by_dice
from tui_games.games.nova_lux.cards import STARS
from tui_games.games.nova_lux.state import Harvest
from tui_games.games.nova_lux.view import (
    cell_line,
    cell_text,
    dice_label,
    hydrogen_left,
    star_here,
)


def test_the_hydrogen_left_counts_the_red_giants_under_yellow_stars() -> None:
    """Emptying a yellow star uncovers its red giant: the count must not rise (it read
    35 -> 38 before)."""
    s = quiet(new(2, ships=("C3", "G6"), blank=True))
    put_star(s, "C3", 0, 16, hydrogen=1)          # a yellow star with its last hydrogen
    before = hydrogen_left(s)
    assert before == 1 + STARS[0].hydrogen
    s.res[0] = [5] * 5
    harvest = next(a for a in RULES.legal_actions(s) if isinstance(a, Harvest))
    RULES.apply(s, harvest)
    assert s.yellow[card("C3")] == -1 and hydrogen_left(s) == before - 1


def test_the_cell_line_uses_the_maps_notation_for_hydrogen_left() -> None:
    """The map shows a yellow star with 2 left over a red giant of 5 as Y2r5: the line
    says Y2 and R5 (it said the printed H3 before)."""
    s = quiet(new(2, ships=("C3", "G6"), blank=True))
    put_star(s, "C3", 2, 16, hydrogen=2)
    text = cell_text(s, 16, ["You", "Bo"])
    assert f"yellow star Y2 (2 of {STARS[16].hydrogen} left)" in text
    assert f"under it red giant R{STARS[2].hydrogen}:" in text
    assert " H" not in text.replace(" hydrogen", "")
    assert star_here(2, STARS[2].hydrogen).startswith(f"red giant R{STARS[2].hydrogen}: ")


def test_a_space_between_the_stars_is_said_without_cards_or_letters() -> None:
    """Issue 31: "C4: between cards (leaving: 1 H)" named cards the player was never
    shown and H for hydrogen."""
    s = quiet(new(2, ships=("C3", "G6"), blank=True))
    for short in (False, True):
        text = cell_text(s, cell("D4"), ["You", "Bo"], short=short)
        assert text.startswith("D4: empty") and "1 hydrogen" in text, text
        assert "card" not in text and " H" not in text
    assert cell_text(s, cell("D4"), ["You", "Bo"]) == (
        "D4: empty space, no star (leaving it costs 1 hydrogen)")
    s.ships[0] = cell("D4")  # the 80x24 panel (42 columns) says it whole, your Ark too
    assert cell_line(s, cell("D4"), ["You", "Bo"], 42) == (
        "D4: empty, 1 hydrogen to leave; Ark: You")


def test_the_dice_say_what_they_were_rolled_for() -> None:
    s = quiet(new(2))
    s.dice = [4, 2]
    s.log.append(Event("Seat 1 attacks Seat 2: Seat 1 rolls 4 + 3 = 7, Seat 2 rolls 2 + 3 = 5"))
    assert dice_label(s) == "attack dice 4 v 2"
    s.log.append(lines.ROLL[card_by_dice(3, 1)])
    s.dice = [3, 1]
    assert dice_label(s) == "dice hit A5"


def test_a_save_made_before_the_roll_line_changed_still_names_the_card_hit() -> None:
    s = quiet(new(2))
    s.dice = [3, 1]
    s.log.append(Event("The dice roll row 3, column 1: A5."))  # the words before issue 31
    assert dice_label(s) == "dice hit A5"


def test_a_cell_the_dice_change_says_why_beside_it() -> None:
    """Solo: "At the end of each turn, roll two dice ... to remove the top layer card of a
    star": the top line names the card and what the roll did to it (issue 31: E5 went
    from Y3r5 to R5 with no word why)."""
    s = quiet(new(1))
    s.dice = [3, 3]
    card = card_by_dice(3, 3)
    s.log += [lines.ROLL[card], lines.YELLOW_DIES[card]]
    assert dice_label(s) == "dice hit E5: yellow star died"
    assert dice_label(s, 1) == "dice: E5 yellow star died"
    s.log += [lines.ROLL[card], lines.RED_DIES[card], lines.COLLAPSES[card][0]]
    assert dice_label(s) == "dice hit E5: red giant died, collapsed"
    assert dice_label(s, 2) == "dice: E5 collapsed" and dice_label(s, 3) == "dice: E5"
    s.log += [lines.ROLL[card], lines.SAFE[card]]
    assert dice_label(s) == "dice hit E5: no star, safe"
