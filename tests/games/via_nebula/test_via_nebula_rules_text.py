"""The in-app rules (rules.md): the five-line brief first, every contract listed, the
edition notes; and the log and descriptions speak of seats in the third person."""

from __future__ import annotations

from pathlib import Path

from via_nebula_helpers import RULES, random_states

import tui_games.games.via_nebula as package
from tui_games.games.via_nebula.components import CONTRACTS, RESOURCES

TEXT = (Path(package.__file__).parent / "rules.md").read_text(encoding="utf-8")


def test_the_rules_begin_with_your_turn_in_brief_in_five_lines() -> None:
    lines = TEXT.splitlines()
    assert lines[0] == "# Via Nebula" and lines[2] == "## Your turn in brief"
    brief = lines[4:9]
    assert [line[:3] for line in brief] == ["1. ", "2. ", "3. ", "4. ", "5. "]
    assert lines[9] == "" and all(len(line) <= 92 for line in brief)


def test_every_contract_is_listed_with_what_it_asks_and_its_vp() -> None:
    for c in CONTRACTS:
        needs = " + ".join(RESOURCES[k] for k, n in enumerate(c.needs) for _ in range(n))
        assert f"| {c.name} | {needs} | {c.vp} |" in TEXT, c.name


def test_the_edition_notes_cover_the_open_questions() -> None:
    notes = TEXT.split("## Edition notes", 1)[1]
    for topic in ("map", "contracts", "Special tokens", "Passing", "Extra actions",
                  "second 5th building", "No tiles left", "Halves of a ruin"):
        assert topic in notes


def test_log_lines_name_seats_in_the_third_person() -> None:
    for s in random_states(2, 3, every=50):
        for event in s.log:
            assert "Player " not in event.text and not event.text.startswith("You ")
            assert "1 resources" not in event.text and " 1 actions" not in event.text
    assert RULES.describe(s, RULES.legal_actions(RULES.setup(2, 1, {}))[0])
