"""The lines front end's parts on their own: the console, the choices, the rules' topics,
and every game's words module (declared in its GameInfo, pure)."""

from __future__ import annotations

import io

import pytest

from tui_games.games import all_games
from tui_games.lines.choices import Choice, Group, arrange, matching
from tui_games.lines.console import DEFAULT_WIDTH, Console
from tui_games.lines.rules_text import rules_lines

WORDS = ("stand", "table", "hand", "score", "place", "near", "places", "secret_names")


def test_the_console_wraps_cleans_and_reads() -> None:
    out = io.StringIO()
    console = Console(io.StringIO("one\n  two \x1b[2J\n"), out, 30)
    console.say("a " * 40 + "Bo\x1b]0;title\x07 wins")
    assert all(len(line) <= 30 for line in out.getvalue().splitlines())
    assert "\x1b" not in out.getvalue() and "\x07" not in out.getvalue()
    assert console.read() == "one"
    assert console.read() == "two [2J"
    assert console.read() is None and console.source_ended


def test_the_width_is_80_when_the_output_is_no_terminal() -> None:
    assert Console(io.StringIO(), io.StringIO()).width == DEFAULT_WIDTH


def test_few_choices_are_listed_many_are_gathered_by_their_first_words() -> None:
    few = [Choice(f"play R{n}", n) for n in range(10)]
    assert arrange(few) == few
    many = [Choice(f"place a craftsman on {c}{r}", (c, r)) for c in "ABCD" for r in range(9)]
    many += [Choice(f"explore the fog {c}1", c) for c in "ABC"]
    entries = arrange(many)
    assert [e.line if isinstance(e, Group) else e.label for e in entries] == [
        "place a craftsman on ... (36 choices)", "explore the fog A1", "explore the fog B1",
        "explore the fog C1"]  # the finest grouping that still says it in a few lines
    inside = arrange(list(entries[0].members))  # type: ignore[union-attr]
    assert [e.title for e in inside if isinstance(e, Group)] == [
        "place a craftsman on A", "place a craftsman on B", "place a craftsman on C",
        "place a craftsman on D"]


def test_a_word_picks_the_one_choice_it_fits() -> None:
    choices = [Choice("Discard G9 on the left pile", 1), Choice("Discard G9 on the right pile", 2),
               Choice("Discard P4 on the left pile", 3)]
    assert [c.action for c in matching("g9 right", choices)] == [2]
    assert [c.action for c in matching("G9", choices)] == [1, 2]
    assert matching("", choices) == []


def test_the_rules_topics_and_one_topic_without_marks() -> None:
    text = "# Game\n\n## The cards\n\n- **30 cards** `R6 (5)`\n\n| a | b |\n| --- | --- |\n" \
           "| 1 | 2 |\n\n## The end\nIt ends.\n"
    assert rules_lines(text, "")[0] == "The rules' topics: 1. The cards; 2. The end."
    assert rules_lines(text, "1") == ["The cards:", "- 30 cards R6 (5)", "a; b", "1; 2"]
    assert rules_lines(text, "end") == ["The end:", "It ends."]


@pytest.mark.parametrize("game_id", list(all_games()))
def test_every_game_has_a_words_module(game_id: str) -> None:
    info = all_games()[game_id]
    assert info.words, f"{game_id} names no words module in its GameInfo"
    module = __import__(info.words, fromlist=["stand"])
    missing = [name for name in WORDS if not callable(getattr(module, name, None))]
    assert missing == []


class _Closed(io.StringIO):
    def write(self, text: str) -> int:
        raise BrokenPipeError(32, "Broken pipe")


def test_output_gone_ends_the_input_too() -> None:
    """A hung-up ssh or a closed pipe: nothing more is written, and the table leaves as
    at the end of input (saved)."""
    console = Console(io.StringIO("1\n2\n"), _Closed(), 80)
    console.say("hello")
    assert console.gone and console.read() is None
