"""A hint: what the hard bot would play in a seat's place, and why, in the game's words.

The bot sees only what the seat may see (``rules.observe(state, seat)``): a hint never
peeks. It thinks for HINT_SECONDS (one decision, no turn budget); ``suggest`` keeps its
figures (SearchStats) in a Hint. ``hint_text`` is what every front end shows: the game's
explainer (HintWords, a pure module beside its rules) says what the move does for the
seat and what the search's figure means in the game's terms; a runner-up nearly as good
is named. Never a score on an unexplained scale.
"""

from __future__ import annotations

import random
import textwrap
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from tui_games.engine.bots.base import Bot, BotFactory
from tui_games.engine.bots.ismcts import RootChild, SearchStats
from tui_games.engine.codec import clone
from tui_games.engine.core import Action, GameState, Rules
from tui_games.engine.grammar import speak_to

HINT_SECONDS = 0.8
"""How long the hard bot thinks about a hint: with its set-up and the last iteration's
overrun a hint comes within a second."""


@dataclass(frozen=True)
class Hint:
    """The suggested action and what the search said about it."""

    action: Action
    tries: int = 0  # the search's iterations (0: no search)
    share: float | None = None  # of the root's visits that went to ``action``
    rating: float | None = None  # its mean reward, 0..1 (a win, a lead: the game's own)
    runner_up: Action | None = None
    runner_share: float | None = None
    runner_rating: float | None = None
    by_rating: bool = False  # every option had the same tries: compare the ratings
    advised: bool = False  # the bot's heuristic advice, which the search did not beat clearly
    only_move: bool = False
    seconds: float = field(default=0.0, compare=False)  # how long it took (not what it says)


def hint_bot(factory: BotFactory, rules: Rules[Any, Any], rng: random.Random, *,
             seconds: float = HINT_SECONDS, iterations: int | None = None) -> Bot:
    """The hard bot for one hint: ``seconds`` for this one decision, no turn budget
    (``iterations`` instead: a reproducible hint, for tests).

    A factory that takes no settings (not a searching bot) is used as it is.
    """
    settings: dict[str, Any] = {"seconds": seconds, "turn_seconds": None}
    if iterations is not None:
        settings["iterations"] = iterations
    try:
        return factory(rules, rng, **settings)  # type: ignore[call-arg]
    except TypeError:
        return factory(rules, rng)


def suggest(bot: Bot, rules: Rules[Any, Any], view: GameState, seat: int) -> Hint:
    """The bot's choice for ``seat`` in ``view`` (the seat's own observation), with the
    search's figures. The action is one of ``rules.legal_actions(view)``."""
    legal = rules.legal_actions(view)
    action = bot.choose(view, seat)
    if len(legal) == 1:
        return Hint(action, only_move=True)
    stats = getattr(bot, "last_stats", None)
    if not isinstance(stats, SearchStats) or not stats.children:
        return Hint(action)
    paired = bool(getattr(bot, "paired", False))
    total = sum(child.visits for child in stats.children) or 1
    chosen = next((c for c in stats.children if c.action == action), None)
    others = [c for c in stats.children if c.action != action]

    def measure(child: RootChild) -> tuple[float, float]:
        return (child.mean, child.visits) if paired else (child.visits, child.mean)

    runner = max(others, key=measure, default=None)
    advised = chosen is not None and runner is not None and measure(runner) > measure(chosen)
    return Hint(
        action, tries=stats.iterations,
        share=chosen.visits / total if chosen else None,
        rating=chosen.mean if chosen else None,
        runner_up=runner.action if runner else None,
        runner_share=runner.visits / total if runner else None,
        runner_rating=runner.mean if runner else None,
        by_rating=paired, advised=advised, seconds=stats.seconds)


def _said(text: str) -> str:
    return text[:1].upper() + text[1:]


STATUS_WIDTH = 78
"""The status line's width at 80 columns: a hint's words fit two such lines."""
STATUS_LINES = 2
CLOSE = 0.02
"""Ratings (mean rewards, 0..1) closer than this are the same to a player: the runner-up
is then "about as good"."""


class HintWords(Protocol):
    """A game's explainer (a pure module beside its rules, named by GameInfo.hint_words):
    what a move does for the seat and what the search's figure means, in the game's
    words, from the seat's observation only."""

    def why(self, view: Any, seat: int, action: Any) -> str:
        """What ``action`` does for ``seat`` in ``view``, a clause without a capital or
        a full stop ("wins this trick and its 6 points"); "" when there is nothing to
        say beyond the move's own name."""
        ...

    def outlook(self, view: Any, seat: int, rating: float) -> str:
        """What a search's mean reward ``rating`` (0..1) means for ``seat``, a sentence
        ("From here you win the match about 6 times in 10.")."""
        ...


class Explained(Protocol):
    """What hint_text needs of a game (GameInfo is one): its rules and its explainer."""

    @property
    def rules(self) -> Rules[Any, Any]: ...

    def explainer(self) -> HintWords | None: ...


def in_ten(chance: float) -> str:
    """A chance as a player says it: "about 6 times in 10", "less than 1 time in 20"."""
    if chance < 0.05:
        return "less than 1 time in 20"
    if chance > 0.95:
        return "more than 19 times in 20"
    tenths = max(1, min(9, round(10 * chance)))
    return f"about {tenths} {'time' if tenths == 1 else 'times'} in 10"


def margin_outlook(rating: float, scale: float, unit: str = "VP") -> str:
    """A lead reward (engine.bots.ismcts.margin_rewards with ``scale``) as the lead it
    stands for: "By the bot's reckoning you end about 4 VP ahead of your best rival."."""
    lead = round((rating - 0.5) * 2 * scale)
    if lead == 0:
        where = "level with your best rival"
    else:
        where = f"about {abs(lead)} {unit} {'ahead of' if lead > 0 else 'behind'} your best rival"
    return f"By the bot's reckoning you end {where}."


def after_move(rules: Rules[Any, Any], view: GameState, action: Action) -> GameState | None:
    """``view`` once ``action`` is played, if that reveals nothing (no draw, no roll, no
    card turned): an explainer may then say what the move leaves the seat with. None
    where the outcome is hidden from the seat, or the observation cannot play it."""
    try:
        if rules.reveals(view, action):
            return None
        after = clone(view)
        rules.apply(after, action)
    except Exception:  # an observation lacks what some moves read: say nothing of it
        return None
    return after


def fits(text: str) -> bool:
    """Whether ``text`` wraps at words (as the status line does) into its two lines."""
    return len(textwrap.wrap(text, STATUS_WIDTH, break_on_hyphens=False)) <= STATUS_LINES


def _close(hint: Hint) -> bool:
    """Whether the runner-up is nearly as good as the pick (the search could not tell
    them apart, or the bot kept its own judgement over the search's favourite)."""
    if hint.runner_up is None or hint.runner_rating is None or hint.rating is None:
        return False
    return hint.advised or abs(hint.rating - hint.runner_rating) < CLOSE


def hint_text(game: Explained, view: GameState, seat: int, hint: Hint,
              names: Sequence[str] | None = None) -> str:
    """The hint in the game's words, for every front end: the move and what it does for
    the seat, what the search expects from here, and the runner-up when it is nearly as
    good. One pick, one reason; it fits the status line's two lines at 80 columns (what
    matters least is left out first: the runner-up, then the outlook). With ``names``
    (every seat's), the rules' "Seat 2" reads as that player's name and ``seat`` as "you".

    "Hint: Play G9 (2): wins this trick and its 2 points. From here you end the game on
    top about 6 times in 10. Play R10 (1) is about as good."
    """
    def said(pieces: list[str]) -> str:
        text = " ".join(pieces)
        return text if names is None else speak_to(text, names, seat)

    rules = game.rules
    words = game.explainer()
    what = _said(rules.describe(view, hint.action))
    why = words.why(view, seat, hint.action) if words is not None else ""
    if hint.only_move:
        why = f"{why}; the only move there is" if why else "the only move there is"
    head = f"Hint: {what}: {why}." if why else f"Hint: {what}."
    if why and not fits(said([head])):
        head = f"Hint: {what}."  # a move too long to name with its reason is named alone
    parts = [head]
    if hint.rating is not None and (hint.share is not None or hint.by_rating):
        if words is not None:
            parts.append(words.outlook(view, seat, hint.rating))
        if _close(hint):
            assert hint.runner_up is not None
            parts.append(f"{_said(rules.describe(view, hint.runner_up))} is about as good.")
    elif not hint.only_move and not why:
        parts.append("The bot's usual move here.")
    while len(parts) > 1 and not fits(said(parts)):
        parts.pop()  # the runner-up goes first, then the outlook
    return said(parts)
