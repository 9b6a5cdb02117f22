"""Hints: the hard bot's suggestion from the seat's own observation, a legal move, and
its words (hint_text): what the move does in the game's terms, what the search expects
from here as a player says it, a runner-up only when it is about as good."""

from __future__ import annotations

import random
import textwrap
import time
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

import pytest

from tui_games.engine.bots.base import RandomBot
from tui_games.engine.bots.hint import (
    HINT_SECONDS,
    Hint,
    HintWords,
    hint_bot,
    hint_text,
    in_ten,
    margin_outlook,
    suggest,
)
from tui_games.engine.codec import to_json
from tui_games.engine.core import GameState, Rules, default_options
from tui_games.engine.grammar import speak_to
from tui_games.games import all_games

GAMES = list(all_games())


def fits(text: str) -> bool:
    """Two lines of 78 columns, wrapped at words: the status line at 80x24."""
    return len(textwrap.wrap(text, 78, break_on_hyphens=False)) <= 2


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


@pytest.mark.parametrize("game_id", GAMES)
def test_a_hint_thinks_for_one_decision_within_a_second(game_id: str) -> None:
    """Not a timing test of the machine: the hint's bot is given HINT_SECONDS for this one
    decision, whatever the hard level's turn budget would leave it."""
    info = all_games()[game_id]
    bot = hint_bot(info.bots["hard"], info.rules, random.Random(0))
    assert getattr(bot, "seconds", None) == HINT_SECONDS < 1.0
    assert getattr(bot, "turn_seconds", 0) is None


def test_a_bot_without_settings_still_gives_hints() -> None:
    info = all_games()["neptune"]
    rules = info.rules
    state = next(_positions(rules, 1, seed=42))
    seat = rules.to_move(state)
    bot = hint_bot(RandomBot, rules, random.Random(0))
    view = rules.observe(state, seat)
    hint = suggest(bot, rules, view, seat)
    assert hint.action in rules.legal_actions(state) and hint.tries == 0
    assert "times in 10" not in hint_text(info, view, seat, hint)  # no search, no figures


class Words:
    """A made-up game's explainer: the move's reason and the figure's meaning."""

    def why(self, view: Any, seat: int, action: Any) -> str:
        return f"{action} helps you" if action != "quiet" else ""

    def outlook(self, view: Any, seat: int, rating: float) -> str:
        return f"From here you win {in_ten(rating)}."


class Described:
    """Rules enough for hint_text: only describe() is asked."""

    def describe(self, s: Any, a: Any) -> str:
        return f"play {a}"


@dataclass
class Game:
    rules: Any = field(default_factory=Described)
    words: HintWords | None = field(default_factory=Words)

    def explainer(self) -> HintWords | None:
        return self.words


def test_a_hint_says_what_the_move_does_and_what_the_search_expects() -> None:
    hint = Hint("R2", tries=1840, share=0.62, rating=0.63, runner_up="B3",
                runner_share=0.21, runner_rating=0.4)
    assert hint_text(Game(), None, 0, hint) == (
        "Hint: Play R2: R2 helps you. From here you win about 6 times in 10.")


def test_a_runner_up_nearly_as_good_is_named_plainly() -> None:
    hint = Hint("R2", tries=900, share=0.25, rating=0.63, runner_up="R10",
                runner_share=0.25, runner_rating=0.62, by_rating=True)
    assert hint_text(Game(), None, 0, hint).endswith(
        "about 6 times in 10. Play R10 is about as good.")


def test_a_hint_kept_against_the_search_has_one_pick_and_one_reason() -> None:
    """The bot's heuristic kept its move over the search's favourite: the hint does not
    then offer the other as the search's pick (no contradiction), only as about as good."""
    hint = Hint("P5 left", tries=500, share=0.2, rating=0.5, runner_up="P5 right",
                runner_share=0.6, runner_rating=0.52, advised=True)
    text = hint_text(Game(), None, 0, hint)
    assert text.startswith("Hint: Play P5 left: P5 left helps you.")
    assert text.endswith("Play P5 right is about as good.")
    assert "pick" not in text and "judgement" not in text and "better" not in text


def test_the_only_move_is_said_to_be_one() -> None:
    assert hint_text(Game(), None, 0, Hint("pass", only_move=True)) == (
        "Hint: Play pass: pass helps you; the only move there is.")
    assert hint_text(Game(), None, 0, Hint("quiet", only_move=True)) == (
        "Hint: Play quiet: the only move there is.")


def test_a_move_without_a_search_or_a_reason_says_it_is_the_usual_move() -> None:
    assert hint_text(Game(), None, 0, Hint("quiet")) == (
        "Hint: Play quiet. The bot's usual move here.")


def test_chances_read_as_a_player_says_them() -> None:
    assert in_ten(0.0) == "less than 1 time in 20"
    assert in_ten(0.08) == "about 1 time in 10"
    assert in_ten(0.61) == "about 6 times in 10"
    assert in_ten(0.99) == "more than 19 times in 20"


def test_a_lead_reads_as_points_ahead_or_behind() -> None:
    assert margin_outlook(0.6, 20) == (
        "Expect to end about 4 VP ahead of your best rival.")
    assert margin_outlook(0.45, 20).endswith("about 2 VP behind your best rival.")
    assert margin_outlook(0.5, 20).endswith("level with your best rival.")


LONG = "x" * 60
CLOSE_CALL = Hint("R2", tries=9, share=0.5, rating=0.5, runner_up="R3", runner_rating=0.5,
                  runner_share=0.5, by_rating=True)
"""A searched hint whose runner-up is as good: a reason, an outlook and a runner-up."""


class Wordy(Words):
    """A reason that fills the status line's two rows by itself."""

    def why(self, view: Any, seat: int, action: Any) -> str:
        return f"{LONG} {LONG}"


def test_a_long_hint_leaves_out_the_runner_up_then_the_outlook_to_fit_two_lines() -> None:
    text = hint_text(Game(words=Wordy()), None, 0, CLOSE_CALL)
    assert text == f"Hint: Play R2: {LONG} {LONG}."
    assert fits(text)


def test_with_no_status_line_to_fit_a_hint_says_it_all() -> None:
    """The plain-lines front end speaks the hint: nothing is left out to fit two rows."""
    assert hint_text(Game(words=Wordy()), None, 0, CLOSE_CALL, lines=None) == (
        f"Hint: Play R2: {LONG} {LONG}. From here you win about 5 times in 10. "
        "Play R3 is about as good.")


def test_a_reason_too_long_for_the_status_line_leaves_the_move_named_alone() -> None:
    class Rambling(Words):
        def why(self, view: Any, seat: int, action: Any) -> str:
            return " ".join(["y" * 60] * 3)

    hint = Hint("R2", tries=9, share=0.5, rating=0.5, by_rating=True)
    assert hint_text(Game(words=Rambling()), None, 0, hint) == (
        "Hint: Play R2. From here you win about 5 times in 10.")


LONG_REASON = " ".join(["a telling reason"] * 5)


class Briefly(Words):
    """An explainer with a long reason and short names for its moves."""

    def why(self, view: Any, seat: int, action: Any) -> str:
        return LONG_REASON

    def short(self, view: Any, action: Any) -> str:
        return f"play {action}"


class Wordily(Described):
    def describe(self, s: Any, a: Any) -> str:
        return f"play {a} from the far end of the long row of the highlighted spaces"


def test_a_long_move_name_gives_way_to_its_short_one_so_reason_and_outlook_fit() -> None:
    hint = Hint("R2", tries=9, share=0.5, rating=0.5, by_rating=True)
    text = hint_text(Game(rules=Wordily(), words=Briefly()), None, 0, hint)
    assert text == f"Hint: Play R2: {LONG_REASON}. From here you win about 5 times in 10."
    assert fits(text)


def test_a_move_keeps_its_full_name_when_all_fits_beside_it() -> None:
    class Terse(Briefly):
        def why(self, view: Any, seat: int, action: Any) -> str:
            return "wins"

    hint = Hint("R2", tries=9, share=0.5, rating=0.5, by_rating=True)
    assert hint_text(Game(rules=Wordily(), words=Terse()), None, 0, hint).startswith(
        "Hint: Play R2 from the far end of the long row of the highlighted spaces: wins.")


def test_a_runner_up_is_named_short_too_when_the_pick_is() -> None:
    hint = Hint("R2", tries=9, share=0.5, rating=0.5, runner_up="R3", runner_share=0.5,
                runner_rating=0.5, by_rating=True)

    class Brief(Briefly):
        def why(self, view: Any, seat: int, action: Any) -> str:
            return "z" * 20

    text = hint_text(Game(rules=Wordily(), words=Brief()), None, 0, hint)
    assert text.startswith(f"Hint: Play R2: {'z' * 20}. From here you win")
    assert text.endswith("Play R3 is about as good.")


@pytest.mark.parametrize("game_id", GAMES)
def test_no_hint_drops_its_reason(game_id: str) -> None:
    """Issue 31: a move whose name quotes a card ("advance the Value token of Advanced
    objective 1 (Each orange (O) star ...)") left its reason no room. Whatever move a hint
    names, in random positions of every registered game, its reason is said whole, with
    the players' names and a search's outlook asked for."""
    info = all_games()[game_id]
    rules = info.rules
    words = info.explainer()
    assert words is not None
    for i, state in enumerate(_positions(rules, 40, seed=31, depth=400)):
        seat = rules.to_move(state)
        view = rules.observe(state, seat)
        names = ["You" if n == seat else f"Bot {n + 1}" for n in range(view.players)]
        for j, action in enumerate(rules.legal_actions(view)):
            hint = Hint(action, tries=100, share=0.5, rating=(i + j) % 10 / 10)
            text = hint_text(info, view, seat, hint, names)
            reason = words.why(view, seat, action)
            assert fits(text), text
            if reason:
                assert f": {speak_to(reason, names, seat)}." in text, (text, reason)


def test_seats_read_as_names_and_the_seat_as_you() -> None:
    class Seats(Described):
        def describe(self, s: Any, a: Any) -> str:
            return "swap for Seat 2's R9 trick"

    text = hint_text(Game(rules=Seats()), None, 0, Hint("swap", only_move=True),
                     names=["Ada", "Bo"])
    assert text.startswith("Hint: Swap for Bo's R9 trick")


@pytest.mark.parametrize("game_id", GAMES)
def test_every_hint_is_in_the_games_words_and_fits_the_status_line(game_id: str) -> None:
    """Real searches in random positions: never a score out of 100, never "rated", one
    pick (the runner-up only as "about as good"), two lines of 78 columns at most."""
    info = all_games()[game_id]
    rules = info.rules
    assert info.explainer() is not None
    for i, state in enumerate(_positions(rules, 6, seed=44, depth=200)):
        seat = rules.to_move(state)
        view = rules.observe(state, seat)
        hint = suggest(hint_bot(info.bots["hard"], rules, random.Random(i), iterations=30),
                       rules, view, seat)
        text = hint_text(info, view, seat, hint, [f"P{n}" for n in range(view.players)])
        assert text.startswith("Hint: ") and "\n" not in text
        assert "/100" not in text and "rated" not in text and "pick" not in text, text
        assert text.count("Hint") == 1
        assert fits(text), text


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
