"""What Nebular Colors says in words: grammar of every log line, description, status and
summary over random playouts, and a status line that fits 80x24 in every phase."""

from __future__ import annotations

import random
import re
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from nc_helpers import RULES, table

from tui_games.engine.grammar import speak_to
from tui_games.games.nebular_colors import texts
from tui_games.games.nebular_colors.state import NCState, Take

NAMES = [["You", "Bot 2"], ["Bartholomew Jr.", "Maximiliana X."]]
STATUS_WIDTH = 78  # 80 columns less the status line's padding
STATUS_LINES = 2

# "1 cards", "1 pile card left become penalty cards", "You keeps", "a orange"
ONE_PLURAL = re.compile(r"(?<![-\d])\b1 (?:[a-z]+ )?(?:cards|fragments|points|hands|melds)\b")
ONE_BECOME = re.compile(r"\b1 [a-z ]+ become\b")
YOU_VERB_S = re.compile(r"\b[Yy]ou (?!s\b)[a-z]*[^s\W]s\b")
A_VOWEL = re.compile(r"\b[Aa] [aeiouAEIOU]\w")
MANY_SINGULAR = re.compile(r"\b(?:[02-9]|\d\d) (?:card|fragment|star fragment|point|hand)\b"
                           r"(?! (?:of|left))")


def playouts(seeds: range) -> Iterator[tuple[NCState, bool]]:
    """Every state of random matches, and whether the action before it ended a hand."""
    for seed in seeds:
        rng = random.Random(seed)
        s = RULES.setup(2, seed, {"match": "2" if seed % 2 else "4"})
        hands_over = 0
        while True:
            yield s, len(s.results) > hands_over
            hands_over = len(s.results)
            if RULES.to_move(s) is None:
                break
            RULES.apply(s, rng.choice(RULES.legal_actions(s)))


def problems(text: str) -> list[str]:
    return [p.pattern for p in (ONE_PLURAL, ONE_BECOME, YOU_VERB_S, A_VOWEL, MANY_SINGULAR)
            if p.search(text)]


def test_every_text_of_random_matches_is_grammatical_for_every_reader() -> None:
    checked: set[str] = set()
    bad: dict[str, list[str]] = {}

    def check(text: str) -> None:
        if text not in checked:
            checked.add(text)
            if found := problems(text):
                bad[text] = found

    seen_log = 0
    for s, _ in playouts(range(8)):
        if seen_log > len(s.log):
            seen_log = 0  # a new match
        new_events = s.log[seen_log:]
        seen_log = len(s.log)
        for names in NAMES:
            for viewer in (0, 1):
                for event in new_events:
                    if line := event.for_viewer(viewer):
                        check(speak_to(line, names, viewer))
                check(texts.status_text(RULES, RULES.observe(s, viewer), viewer, names))
        for action in RULES.legal_actions(s):
            check(RULES.describe(s, action))
        if outcome := RULES.outcome(s):
            check(speak_to(outcome.reason, NAMES[0], 0))
    assert not bad, bad
    assert len(checked) > 500  # the check saw a real variety of texts


def test_the_hand_summary_is_grammatical_and_says_which_ending() -> None:
    endings: set[str] = set()
    for s, hand_ended in playouts(range(40)):
        if not hand_ended:
            continue
        result = s.results[-1]
        endings.add(result.kind)
        title = texts.summary_title(result)
        assert title.startswith(f"Hand {result.hand_no} is over: ")
        for viewer in (0, 1):
            lines = texts.summary_lines(result, s, s, NAMES[0], viewer)
            for line in (title, *lines):
                assert not problems(line), line
            assert any("points" in line or "point:" in line for line in lines[2:4])
    assert endings == {"stop", "nova", "nova_failed", "deck"}


def fits(text: str) -> bool:
    return len(textwrap.wrap(text, STATUS_WIDTH)) <= STATUS_LINES


def test_the_status_fits_two_lines_of_80_columns_in_every_phase_of_random_matches() -> None:
    phases: set[str] = set()
    for s, _ in playouts(range(6)):
        for viewer in (0, 1):
            for names in NAMES:
                text = texts.status_text(RULES, RULES.observe(s, viewer), viewer, names)
                assert fits(text), text
                mover = RULES.to_move(s)
                phases.add(s.phase if mover in (viewer, None) else "waiting")
    assert phases == {"choose", "discard", "take_set", "meld", "stop_or_nova", "over",
                      "waiting"}


@pytest.mark.parametrize("hands, piles, phase, expected", [
    (("P9 G9 Y3", ""), ("B9 Y1", "P2"), "choose",
     "Your turn: draw 2 (d) or take the left pile (t) - it lets you make a set of 9s."),
    (("P9 G9 Y12 B12", ""), ("B9 Y1", "P12"), "choose",
     "Your turn: draw 2 (d) or take a pile (t, or 1 / 2) - the left makes a set of 9s, "
     "the right of 12s."),
    (("P9", ""), ("B2", ""), "choose",
     "Your turn: draw 2 (d) - neither pile makes a set with your hand yet."),
    (("B10 B11 P2", ""), ("Y1 B9", "P5"), "choose",
     "Your turn: draw 2 (d) - neither pile makes a set with your hand yet (the left's B9 "
     "makes only a run with B10 B11)."),
    (("P9 G3", ""), ("B2", "Y5"), "meld",
     "Your turn: no meld can be made now - end your turn (e)."),
    (("P9 G9 B9 P4", ""), ("B2", "Y5"), "meld",
     "Your turn: select cards (space) and meld (m), or end your turn (e) - 1 meld possible."),
])
def test_the_status_of_a_phase_says_what_can_be_done(
        hands: tuple[str, str], piles: tuple[str, str], phase: str, expected: str) -> None:
    s = table(hands=hands, piles=piles, phase=phase)
    text = texts.status_text(RULES, RULES.observe(s, 0), 0, NAMES[0])
    assert text == expected
    assert fits(text)


def test_no_meld_possible_with_pile_cards_left_says_they_become_penalties() -> None:
    s = table(hands=("P9 G9", ""), piles=("B9 Y1", "P2"))
    RULES.apply(s, Take(pile=0))
    meld = next(a for a in RULES.legal_actions(s))
    RULES.apply(s, meld)
    assert s.phase == "meld" and len(s.taken) == 1
    assert texts.status_text(RULES, RULES.observe(s, 0), 0, NAMES[0]) == (
        "Your turn: no meld can be made now - end your turn (e) (1 pile card left becomes "
        "a penalty card).")


def test_scores_read_as_words() -> None:
    assert texts.suit_text("P", 7, 6, 2) == "Purple 7 of 6 +2"
    assert texts.suit_text("G", 1, 3, 0) == "Green 1 of 3"
    assert texts.penalty_text(0, 0) == "no penalty cards"
    assert texts.penalty_text(1, 0) == "1 penalty card costs 0"
    assert texts.penalty_text(4, 1) == "4 penalty cards cost 1"


def test_pile_cards_not_yet_melded_are_said_to_become_penalty_cards() -> None:
    # Issue 31, played: "no penalty cards" beside 7 pile cards held, and the hand then
    # ended with them all as penalty cards.
    assert texts.penalty_text(0, 0, pending=7) == (
        "no penalty cards; 7 pile cards become penalty cards unless melded this turn")
    assert texts.penalty_text(4, 1, pending=1).endswith(
        "; 1 pile card becomes a penalty card unless melded this turn")


def test_the_rules_start_with_your_turn_in_brief_in_five_short_lines() -> None:
    path = Path(texts.__file__).with_name("rules.md")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[:3] == ["# Nebular Colors", "", "## Your turn in brief"]
    brief = lines[4:lines.index("", 4)]
    assert [line[:3] for line in brief] == ["1. ", "2. ", "3. ", "4. ", "5. "]
    # one line each in the rules screen's text pane at 80x24 (51 columns after "1. ")
    assert all(len(line) <= 3 + 51 for line in brief)


def test_the_top_line_fits_80_columns_with_long_names() -> None:
    assert texts.top_bar(1, ["Ada", "Bot"], 4) == (
        "Nebular Colors · hand 1", ["Ada", "Bot"], "match to 4")
    title, labels, match = texts.top_bar(12, ["Bartholomew Jr.", "Maximiliana X."], 4)
    parts = [title, *(f"{label} ○○○○" for label in labels), match]
    assert sum(len(p) + 3 for p in parts if p) <= 68
    assert labels[0].startswith("Bartholo") and "hand 12" in title


def test_a_taken_piles_unmelded_cards_are_counted_for_the_taker_only() -> None:
    from tui_games.games.nebular_colors.words import score as score_lines

    s = table(hands=("Y9 B9 P3", "P6 P7"), piles=("B2 Y7 G9", "P1"))
    RULES.apply(s, Take(pile=0))
    assert texts.pending_pile_cards(s, 0) == 3 and texts.pending_pile_cards(s, 1) == 0
    said = score_lines(RULES.observe(s, 1), 1, ["Ada", "Bo"])
    assert "3 pile cards become penalty cards unless melded this turn" in said[0]
    assert "pile card" not in said[1]
