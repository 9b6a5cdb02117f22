"""The lines front end's parts on their own: the console, the choices, the rules' topics,
and every game's words module (declared in its GameInfo, pure)."""

from __future__ import annotations

import io
import re

import pytest

from tui_games.games import all_games
from tui_games.lines.choices import Choice, Group, Listing, arrange, could_be, matching
from tui_games.lines.console import DEFAULT_WIDTH, Console
from tui_games.lines.rules_text import rules_lines, topics

WORDS = ("stand", "table", "public", "hand", "score", "place", "near", "places", "secret_names")


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
    assert [e.title for e in inside if isinstance(e, Group)] == [  # a grid's cells: by row
        f"place a craftsman on row {r}" for r in range(9)]
    assert [c.label for c in inside[1].members] == [  # type: ignore[union-attr]
        f"place a craftsman on {c}1" for c in "ABCD"]


def test_other_places_are_gathered_by_their_first_letter() -> None:
    many = [Choice(f"go to {name}", name) for name in
            ("Ada", "Alba", "Bree", "Bath", "Cork", "Cove", "Dale", "Deal", "Ely", "Erin",
             "Fife", "Fal", "Gort", "Gwent", "Hale", "Hove")]
    assert [e.title for e in arrange(many) if isinstance(e, Group)][:2] == ["go to A",
                                                                            "go to B"]


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


def test_a_word_fitting_several_choices_names_them_and_a_whole_label_wins() -> None:
    games = [Choice("Nebular Colors: rummy", 0), Choice("Neptune: tricks", 1),
             Choice("Nebula: galaxies", 2), Choice("Via Nebula: valley", 3)]
    listing = Listing(games, limit=len(games))
    found = matching("neb", games)
    assert could_be("neb", listing.said(found)) == \
        "'neb' could be 1. Nebular Colors or 3. Nebula: say more."
    assert [c.action for c in matching("nebula", games)] == [2]  # not Via Nebula too
    labels = [Choice("Play G9", 0), Choice("Play G9 on top", 1)]
    assert [c.action for c in matching("play g9", labels)] == [0]


def test_a_choice_keeps_its_number_inside_every_group() -> None:
    many = [Choice(f"place the Ark on {c}{r}", (c, r)) for c in "ABCDEFG" for r in range(1, 8)]
    listing = Listing(many)
    lines = [listing.line(entry) for entry in listing.top]
    assert lines[0] == "1 to 7. place the Ark on row 1 ... (7 choices) - say 'more 1'"
    group = listing.top[1]
    assert isinstance(group, Group)
    inside = [listing.line(entry) for entry in group.entries]
    assert inside[0] == "8. place the Ark on A2"  # the number it has in the whole list
    assert listing.order[7].label == "place the Ark on A2"
    assert sorted(listing.number(c) for c in many) == list(range(1, len(many) + 1))


@pytest.mark.parametrize("game_id", list(all_games()))
def test_the_rules_in_lines_offer_no_topic_about_the_screens_keys(game_id: str) -> None:
    markdown = all_games()[game_id].rules_markdown()
    said = " ".join(rules_lines(markdown, ""))
    assert "Keys" not in said
    assert [title for title, _ in topics(markdown) if title.startswith("Keys")] == []


def test_a_keys_topic_is_left_out_and_the_next_topic_kept() -> None:
    text = "## Play\nPlay well.\n## Keys\nPress d.\n## The end\nIt ends.\n"
    assert rules_lines(text, "")[0] == "The rules' topics: 1. Play; 2. The end."
    assert rules_lines(text, "press") == ["No topic of the rules mentions 'press': say "
                                          "'rules' for the topics."]


KEY_SIGNS = re.compile(r"[←→↑↓⏎↵⇥␣▸*]|\b(?:Enter|Esc|Tab|press)\b|^(?:\d+\. )?Keys:")


@pytest.mark.parametrize("game_id", list(all_games()))
def test_no_rules_topic_names_a_screen_key_or_a_markdown_mark(game_id: str) -> None:
    """Topic 1 said "←/→ pick a card", "5. Keys: ←→ step, ..." and "*full game*"."""
    markdown = all_games()[game_id].rules_markdown()
    said = [line for number in range(1, len(topics(markdown)) + 1)
            for line in rules_lines(markdown, str(number))]
    assert [line for line in said if KEY_SIGNS.search(line)] == []
    assert len(said) > 20  # the rules themselves are still said


def test_a_key_clause_is_left_out_and_the_rest_still_reads() -> None:
    text = ("# G\n\n## Brief\n\n1. ←/→ pick a card; one marked can't be played now.\n"
            "2. Draw 2 (d), discard 1 (1/2) - or take a pile (t).\n"
            "3. A black star fills your zone instead; f ends the turn.\n"
            "4. Won the trick? Answer its question: ↑/↓, then Enter.\n"
            "5. Keys: arrows, y u b n move; ⇥ next ▸ hex.\n\n"
            "Rules marked *full game* apply only there. A meld is either:\n")
    assert rules_lines(text, "1") == [
        "Brief:", "1. One marked can't be played now.", "2. Draw 2, discard 1 - or take a pile.",
        "3. A black star fills your zone instead.", "4. Won the trick? Answer its question.",
        "Rules marked full game apply only there. A meld is either:"]
