"""The end of a game in lines: the reason said once, scores in the game's own unit, the
breakdown as a sentence, the hints as words, a lone player's loss said plainly."""

from __future__ import annotations

from tui_games.engine.core import DETAIL, Event, Outcome
from tui_games.games import all_games
from tui_games.lines.table import hints_lines, last_told, result_lines
from tui_games.lines.words import units_of, words_of_game

VP = ("VP", "VP")


def test_the_scores_are_said_in_the_games_own_unit() -> None:
    outcome = Outcome.from_scores([66, 65], "Seat 1 wins with 66 VP.",
                                  decided_by="Seat 1 won by 1 VP")
    lines = result_lines(outcome, ["You", "Bo"], VP)
    assert "Place 1: You, 66 VP." in lines and "Place 2: Bo, 65 VP." in lines
    assert not any("points" in line for line in lines)


def test_every_game_names_the_unit_of_its_scores() -> None:
    units = {info.id: units_of(words_of_game(info)) for info in all_games().values()}
    assert units["via_nebula"] == units["nebula"] == units["nova_lux"] == VP
    assert units["nebular_colors"] == ("star fragment", "star fragments")
    assert units["neptune"] == ("point", "points")


def test_what_decided_the_result_ends_with_a_full_stop() -> None:
    outcome = Outcome.from_scores([66, 65], "Seat 1 wins.", decided_by="Seat 1 won by 1 VP")
    assert "You won by 1 VP." in result_lines(outcome, ["You", "Bo"], VP)


def test_the_reason_the_log_just_told_is_not_said_again() -> None:
    reason = "Seat 1 wins with 66 VP; the game ended because the bag ran out."
    outcome = Outcome.from_scores([66, 65], reason)

    class View:
        log = [Event("Last round."), Event(f"Game over: {reason}")]

    told = result_lines(outcome, ["You", "Bo"], VP, told=last_told(View(), 0))  # type: ignore[arg-type]
    assert not any("wins with 66 VP" in line for line in told)
    assert result_lines(outcome, ["You", "Bo"], VP)[0] == (
        "The game is over. You win with 66 VP; the game ended because the bag ran out.")


def test_only_the_sentences_of_the_reason_not_logged_are_said() -> None:
    """Nebular Colors logs the last hand's result, which its reason begins with."""
    outcome = Outcome.from_scores([4, 2], "Hand 6: the deck ran out; Seat 1 earns 1 star "
                                  "fragment (scores 2 to -4). Seat 1 collected 4 star "
                                  "fragments in 6 hands.")
    told = ["Hand 6: the deck ran out; Seat 1 earns 1 star fragment (scores 2 to -4).",
            "Seat 1 wins the match with 4 star fragments."]
    assert result_lines(outcome, ["You", "Bo"], told=told)[0] == (
        "The game is over. You collected 4 star fragments in 6 hands.")


def test_the_breakdown_reads_as_a_sentence() -> None:
    rows = [("Factions, 10 each", 30), (f"{DETAIL}Rain Choir", 10), ("Colony, 5", 5),
            ("Hand 1: deck ran out", 1), ("Personal objective", 0)]
    outcome = Outcome.from_scores([36, 0], "Seat 1 wins.", [rows, []])
    lines = result_lines(outcome, ["You", "Bo"], VP)
    assert ("Place 1: You, 36 VP: 30 from Factions (10 each), 5 from Colony (5) and 1 from "
            "Hand 1 (deck ran out).") in lines


def test_a_lone_players_loss_is_said_plainly() -> None:
    outcome = Outcome(scores=[10], ranks=[2], winners=[], reason="Nobody wins: no hydrogen.",
                      breakdown=[[("Factions, 10 each", 10)]])
    lines = result_lines(outcome, ["You"], VP)
    assert lines[-1] == "You lost, with 10 VP: 10 from Factions (10 each)."
    assert not any("Place" in line for line in lines)


def test_nobody_winning_gives_no_places() -> None:
    outcome = Outcome(scores=[10, 5], ranks=[2, 2], winners=[], reason="Nobody wins.")
    lines = result_lines(outcome, ["You", "Bo"], VP)
    assert lines[-2:] == ["You: 10 VP.", "Bo: 5 VP."]


def test_the_hints_asked_for_are_said_in_words() -> None:
    assert hints_lines([22, 1, 0], ["You", "Bo", "Cy"], [0, 1, 2]) == [
        "You asked for 22 hints.", "Bo asked for 1 hint.", "Cy asked for no hints."]
