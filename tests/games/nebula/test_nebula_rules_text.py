"""The in-app rules of Nebula: a five-line "Your turn in brief" opens them, and the
edition notes state the decisions the code makes."""

from __future__ import annotations

from pathlib import Path

import tui_games.games.nebula as nebula

RULES_MD = Path(nebula.__file__).with_name("rules.md").read_text(encoding="utf-8")


def test_the_rules_open_with_a_five_line_your_turn_in_brief() -> None:
    sections = RULES_MD.split("\n## ")
    assert sections[1].startswith("Your turn in brief\n")
    assert "## " not in sections[0].removeprefix("# Nebula")   # nothing comes before it
    lines = sections[1].split("\n\n")[1].splitlines()      # the paragraph under it
    assert len(lines) == 5 and all(len(line) <= 76 for line in lines)


def test_the_edition_notes_allow_replacing_a_star_by_its_own_colour() -> None:
    notes = RULES_MD[RULES_MD.index("## Edition notes"):]
    assert "may replace one of its own colour" in notes
    assert "never replaced by one of its own colour" not in RULES_MD
