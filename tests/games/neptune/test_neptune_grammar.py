"""Neptune's log, descriptions and round summaries speak plain, agreeing English.

Rule texts name seats "Seat N" in the third person; read by each seat through
``speak_to`` (the seat itself becomes "you"), no line may say "You leads", "1 points",
"Player 2" or "a Asteroid".
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator

from neptune_tables import RULES, pile, play, table

from tui_games.engine.grammar import speak_to
from tui_games.games.neptune.rules import points
from tui_games.games.neptune.state import NeptuneState
from tui_games.games.neptune.summary import pile_label, round_summary, standing

NAMES = ["Ann", "Bob", "Cy", "Dee"]
# Third-person verbs the rule texts use after a seat: after "you" they must lose their s.
_THIRD_PERSON = r"leads|plays|wins|puts|keeps|swaps|covers|deals|scores|has|is|takes"
_BAD = [
    (re.compile(rf"\b[Yy]ou (?:{_THIRD_PERSON})\b"), "a verb that disagrees with you"),
    (re.compile(r"(?<![\d.-])-?1 (?:points|cards|tricks|rounds)\b"), "one counted as many"),
    (re.compile(r"\b(?:[02-9]|\d\d+) (?:point|card|trick|round)\b(?!s)"), "many counted as one"),
    (re.compile(r"\bPlayer \d"), "a seat called Player"),
    (re.compile(r"\ba [AEIOUaeiou]\w"), "'a' before a vowel"),
    (re.compile(r"\b[Yy]ou \w+ their\b"), "their about you"),
]


def problems(text: str) -> list[str]:
    """What is wrong with one line read by a player."""
    return [f"{why}: {text!r}" for pattern, why in _BAD if pattern.search(text)]


def playouts(games: int) -> Iterator[tuple[NeptuneState, list[str]]]:
    """(state after each action, the texts to check) over random games of 2-4 players."""
    for seed in range(games):
        rnd = random.Random(seed)
        players = 2 + seed % 3
        s = RULES.setup(players, seed, {"specials": "random"})
        rounds = 0
        while RULES.to_move(s) is not None:
            legal = RULES.legal_actions(s)
            texts = [RULES.describe(s, a) for a in legal]
            RULES.apply(s, rnd.choice(legal))
            if len(s.round_scores) > rounds:
                rounds = len(s.round_scores)
                title, lines = round_summary(s)
                texts += [title, *lines]
            yield s, texts
        outcome = RULES.outcome(s)
        assert outcome is not None
        yield s, [outcome.reason, *(e.text for e in s.log)]


def test_every_line_names_seats_and_agrees_for_every_reader() -> None:
    found: list[str] = []
    for s, texts in playouts(30):
        for text in texts:
            for viewer in range(s.players):
                found += problems(speak_to(text, NAMES[:s.players], viewer))
            found += problems(speak_to(text, ["You", *NAMES[1:s.players]]))
    assert not found, found[:10]


def test_the_log_says_seat_not_player() -> None:
    s = RULES.setup(3, 1, {})
    assert s.log[-1].text == "Round 1: Seat 3 deals 12 cards each. Seat 1 leads."
    assert speak_to(s.log[-1].text, NAMES[:3], 0) == (
        "Round 1: Cy deals 12 cards each. You lead.")


def test_points_agree_with_their_number() -> None:
    assert [points(n) for n in (1, -1, 0, 5, -7)] == [
        "1 point", "-1 point", "0 points", "5 points", "-7 points"]


def test_the_round_summary_says_who_took_what_and_how_the_game_stands() -> None:
    earlier = [pile(0, "R1"), pile(1, "A5"), pile(0, "B8"), pile(2, "G2", shielded=True)]
    s = table(["R4", "R6", "G9"], last=True, piles=earlier, scores=[20, 3, 0], round_no=2)
    s.round_scores = [[20, 3, 0]]
    title, lines = round_summary(play(s, "R4", "R6", "G9"))
    assert title == "Round 2 of 5 is over"
    read = [speak_to(line, NAMES[:3], 0) for line in lines]
    assert read == [
        "Each trick won scores its top card only.",
        "You took 2 tricks (R1 10pt, B8 3pt): 13 points, total 33.",
        "Bob took 2 tricks (A5 -5pt, R6 5pt): 0 points, total 3.",
        "Cy took 1 trick (G2×2 18pt): 18 points, total 18.",
        "You lead with 33 points.",
        "The game ends after a round in which someone reaches 50 points, or after "
        "round 5: 3 rounds to go.",
    ]


def test_the_summary_says_when_a_total_stopped_at_zero() -> None:
    s = table(["R4", "R6", "G9"], last=True, piles=[pile(1, "A7")], scores=[0, 3, 0])
    s.round_scores = []
    s = play(s, "R4", "R6", "G9")
    _, lines = round_summary(s)
    assert "Seat 2 took 2 tricks (A7 -7pt, R6 5pt): -2 points, total 1." in lines
    s = play(table(["R4", "R6", "G9"], last=True, piles=[pile(0, "A7")]), "R4", "R6", "G9")
    _, lines = round_summary(s)
    assert ("Seat 1 took 1 trick (A7 -7pt): -7 points, total 0 (a total never drops below "
            "0)." in lines)


def test_standing_names_every_leader() -> None:
    assert standing([0, 0, 0]) == "Nobody has a point yet."
    assert standing([12, 30, 30]) == "Seat 2 and Seat 3 lead with 30 points."
    assert speak_to(standing([12, 30, 30]), NAMES[:3], 2) == "Bob and you lead with 30 points."


def test_pile_labels_show_top_card_marks_and_score_with_its_unit() -> None:
    """Issue 31: "R9 2" read as strength 9 and 2; the hand's faces say "R9 2pt"."""
    assert pile_label(pile(0, "R1")) == "R1 10pt"
    assert pile_label(pile(0, "G2", shielded=True)) == "G2×2 18pt"
    destroyed = pile(0, "PM")
    destroyed.destroyed = True
    assert pile_label(destroyed) == "PM✗"
