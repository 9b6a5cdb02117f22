"""Hints: the hard bot's suggestion from the seat's own observation, a legal move, and a
one-line reason taken from the search."""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tui_games.engine.bots.base import RandomBot
from tui_games.engine.bots.hint import HINT_SECONDS, Hint, hint_bot, reason, suggest
from tui_games.engine.codec import to_json
from tui_games.engine.core import GameState, Rules, default_options
from tui_games.games import all_games

GAMES = list(all_games())


def _positions(rules: Rules[Any, Any], wanted: int, seed: int,
               depth: int = 120) -> Iterator[GameState]:
    """Positions with a choice to make, from random games over every seat count."""
    counts = list(range(rules.min_players, rules.max_players + 1))
    pick = random.Random(seed)
    found = 0
    while found < wanted:
        state = rules.setup(counts[found % len(counts)], pick.getrandbits(32),
                            default_options(rules))
        for _ in range(pick.randrange(0, depth)):
            if rules.to_move(state) is None:
                break
            rules.apply(state, pick.choice(rules.legal_actions(state)))
        if rules.to_move(state) is not None and len(rules.legal_actions(state)) > 1:
            found += 1
            yield state


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_does_not_depend_on_the_hidden_cards(game_id: str) -> None:
    """Same observation, another true state (other hidden cards): the same hint, for the
    same reason."""
    info = all_games()[game_id]
    rules = info.rules
    differed = 0
    for i, state in enumerate(_positions(rules, 5, seed=40)):
        seat = rules.to_move(state)
        view = rules.observe(state, seat)
        other = rules.determinize(view, seat, random.Random(200 + i))  # another truth
        assert rules.observe(other, seat) == view
        differed += to_json(other) != to_json(state)
        hints = [suggest(hint_bot(info.bots["hard"], rules, random.Random(i), iterations=30),
                         rules, rules.observe(truth, seat), seat)
                 for truth in (state, other)]
        assert hints[0] == hints[1]
    assert differed == 5


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_is_always_a_legal_move(game_id: str) -> None:
    info = all_games()[game_id]
    rules = info.rules
    for i, state in enumerate(_positions(rules, 12, seed=41, depth=300)):
        seat = rules.to_move(state)
        hint = suggest(hint_bot(info.bots["hard"], rules, random.Random(i), iterations=20),
                       rules, rules.observe(state, seat), seat)
        assert hint.action in rules.legal_actions(state)
        line = reason(hint, lambda a, s=state: rules.describe(s, a))
        assert line.startswith("Hint: ") and "\n" not in line


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_thinks_for_one_decision_within_a_second(game_id: str) -> None:
    """Not a timing test of the machine: the hint's bot is given HINT_SECONDS for this one
    decision, whatever the hard level's turn budget would leave it."""
    info = all_games()[game_id]
    bot = hint_bot(info.bots["hard"], info.rules, random.Random(0))
    assert getattr(bot, "seconds", None) == HINT_SECONDS < 1.0
    assert getattr(bot, "turn_seconds", 0) is None


def test_a_bot_without_settings_still_gives_hints() -> None:
    rules = all_games()["neptune"].rules
    state = next(_positions(rules, 1, seed=42))
    seat = rules.to_move(state)
    bot = hint_bot(RandomBot, rules, random.Random(0))
    hint = suggest(bot, rules, rules.observe(state, seat), seat)
    assert hint.action in rules.legal_actions(state) and hint.tries == 0
    assert "rule of thumb" in reason(hint, str)


def test_the_reason_gives_the_share_and_the_runner_up() -> None:
    hint = Hint("draw", tries=1840, share=0.62, rating=0.714, runner_up="take",
                runner_share=0.21, runner_rating=0.6)
    assert reason(hint, lambda a: f"{a} a card") == (
        "Hint: Draw a card (picked in 62% of 1,840 tries, rated 71/100). "
        "Next best: Take a card, 21%.")


def test_the_reason_of_a_paired_search_compares_ratings() -> None:
    hint = Hint("play R2", tries=900, share=0.25, rating=0.63, runner_up="play B3",
                runner_share=0.25, runner_rating=0.58, by_rating=True)
    assert reason(hint, str) == (
        "Hint: Play R2 (rated 63/100 over 900 tries). Next best: Play B3, 58/100.")


def test_ratings_that_would_read_the_same_get_a_decimal() -> None:
    hint = Hint("a", tries=10, rating=0.5912, runner_up="b", runner_rating=0.5874,
                by_rating=True)
    assert reason(hint, str) == (
        "Hint: A (rated 59.1/100 over 10 tries). Next best: B, 58.7/100.")
    level = Hint("a", tries=10, rating=0.5871, runner_up="b", runner_rating=0.5874,
                 by_rating=True)
    assert reason(level, str).endswith("Next best: B, just as good.")


def test_the_reason_says_when_the_heuristic_was_kept() -> None:
    hint = Hint("meld", tries=500, share=0.2, rating=0.5, runner_up="end", runner_share=0.6,
                runner_rating=0.52, advised=True)
    assert reason(hint, str) == (
        "Hint: Meld (the bot's judgement: over 500 tries the search found nothing "
        "clearly better). Search's pick: End, 60%.")


def test_the_only_move_is_said_to_be_one() -> None:
    assert reason(Hint("pass", only_move=True), str) == "Hint: Pass (the only move there is)."


def test_a_real_search_fills_the_figures() -> None:
    info = all_games()["nebular_colors"]
    rules = info.rules
    for state in _positions(rules, 4, seed=43, depth=60):
        seat = rules.to_move(state)
        began = time.perf_counter()
        hint = suggest(hint_bot(info.bots["hard"], rules, random.Random(1), iterations=60),
                       rules, rules.observe(state, seat), seat)
        assert time.perf_counter() - began < 30  # only a guard against a hang
        assert hint.tries >= 60 and hint.rating is not None
        assert hint.runner_up is not None and hint.runner_up != hint.action
