"""The in-app rules of Neptune open with a five-line "Your turn in brief", in our words,
before the reference; the reference explains the table's marks."""

from __future__ import annotations

from pathlib import Path

import tui_games.games.neptune as neptune

RULES_MD = Path(neptune.__file__).with_name("rules.md").read_text(encoding="utf-8")


def test_the_rules_open_with_a_five_line_your_turn_in_brief() -> None:
    sections = RULES_MD.split("\n## ")
    assert sections[1].startswith("Your turn in brief\n")
    assert "## " not in sections[0].removeprefix("# Neptune")  # nothing comes before it
    lines = sections[1].split("\n\n")[1].splitlines()  # the paragraph under it
    assert len(lines) == 5 and all(len(line) <= 76 for line in lines)


def test_the_reference_explains_the_score_tracker_and_the_unplayable_mark() -> None:
    assert "**tens**" in RULES_MD and "**ones**" in RULES_MD
    assert "marked `·`" in RULES_MD
