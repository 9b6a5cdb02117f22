"""Nebula's log, describe() and summaries read as English: articles agree with their noun
("an orange star"), counts with their plural ("1 space", "2 spaces"), and seats are named
only as "Seat N" in the third person (the screen puts names and "you" in)."""

from __future__ import annotations

import random
import re

import pytest
from nebula_helpers import RULES

from tui_games.games.nebula.objectives import (
    ADVANCED_DECK,
    CAREER_DECK,
    PERSONAL_DECK,
    advanced_text,
    career_text,
    personal_text,
)
from tui_games.games.nebula.state import NebulaState

BAD = {
    "a before a vowel sound": re.compile(r"\b[Aa] (?:[aeiAEI]|o(?!ne)|O(?!ne)|u(?!n|s))\w"),
    "an before a consonant": re.compile(r"\b[Aa]n (?![aeiouAEIOU8])\w"),
    "1 with a plural": re.compile(r"(?<![\d/.])\b1 (?:stars|spaces|steps|cards|markers|tokens"
                                  r"|colours|players|points|Constellations|patterns)\b"),
    "a plural count with a singular": re.compile(
        r"\b(?:[02-9]|\d\d+) (?:star|space|step|card|marker|token|player|point)\b(?! \()"),
    "a seat not named as Seat N": re.compile(r"\b(?:Player \d|[Yy]ou\b|[Yy]our\b)"),
    "a second verb the viewer's 'you' would not reach": re.compile(
        r"\bSeat \d [^.;]*?, and (?:draws|takes|keeps|positions|returns|moves)\b"),
    "an empty list": re.compile(r"(?:, ,|\band and\b|\s[.,]|,\.)"),
}


# The objective cards' own wording speaks to their holder ("in your Galaxy"): quoted as is.
CARD_TEXTS = sorted([personal_text(c) for c in PERSONAL_DECK]
                    + [career_text(c) for c in CAREER_DECK]
                    + [advanced_text(c) for c in ADVANCED_DECK], key=len, reverse=True)


def problems(text: str) -> list[str]:
    for card in CARD_TEXTS:
        text = text.replace(card, "the card")
    return [name for name, pattern in BAD.items() if pattern.search(text)]


def test_the_checks_catch_what_they_are_for() -> None:
    assert problems("Seat 1 keeps a orange (O) star.") == ["a before a vowel sound"]
    assert problems("Seat 2 takes 1 stars.") == ["1 with a plural"]
    assert problems("after moving top 2 space clockwise") == ["a plural count with a singular"]
    assert problems("You position an red (R) star.") == ["an before a consonant",
                                                         "a seat not named as Seat N"]
    assert problems("Seat 1 keeps an orange (O) star and a yellow (Y) star on 1 space.") == []


@pytest.mark.parametrize(("players", "mode", "seed"),
                         [(2, "full", 1), (3, "intro", 2), (4, "full", 3), (2, "intro", 4)])
def test_every_description_and_log_line_of_a_random_game_reads_well(
        players: int, mode: str, seed: int) -> None:
    rng = random.Random(seed)
    s: NebulaState = RULES.setup(players, seed, {"mode": mode})
    seen: set[str] = set()
    while RULES.to_move(s) is not None:
        legal = RULES.legal_actions(s)
        for action in rng.sample(legal, min(4, len(legal))):
            seen.add(RULES.describe(s, action))
        RULES.apply(s, rng.choice(legal))
    seen.update(event.text for event in s.log)
    seen.update(e.others for e in s.log if e.others)
    outcome = RULES.outcome(s)
    assert outcome is not None
    seen.add(outcome.reason)
    bad = {text: problems(text) for text in seen if problems(text)}
    assert not bad
