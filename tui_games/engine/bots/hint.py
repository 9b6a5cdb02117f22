"""A hint: what the hard bot would play in a seat's place, and why, in one line.

The bot sees only what the seat may see (``rules.observe(state, seat)``): a hint never
peeks. It thinks for HINT_SECONDS (one decision, no turn budget), and the reason comes
from its search (SearchStats): the share of the search's tries that went to the move, or,
where every move was tried on the same samples (a paired search), how the move rated,
and the runner-up. A decision the bot takes without a search says so.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tui_games.engine.bots.base import Bot, BotFactory
from tui_games.engine.bots.ismcts import RootChild, SearchStats
from tui_games.engine.core import Action, GameState, Rules

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


def _percent(x: float) -> str:
    return f"{round(100 * x)}%"


def _ratings(mine: float, theirs: float) -> tuple[str, str]:
    """Two ratings out of 100, with a decimal when whole numbers would look the same
    (and "just as good" for the second when even that does)."""
    digits = 1 if round(100 * mine) == round(100 * theirs) else 0
    shown = f"{100 * mine:.{digits}f}/100"
    other = f"{100 * theirs:.{digits}f}/100"
    return shown, "just as good" if other == shown else other


def reason(hint: Hint, describe: Callable[[Action], str]) -> str:
    """The hint in one line: the move, the search's figures, then the runner-up
    (``describe`` names an action). What matters most comes first: a status line too
    narrow for all of it cuts the runner-up's name.

    "Hint: Play R2 (rated 63/100 over 1,840 tries). Next best: Play B3, 58/100."
    """
    what = _said(describe(hint.action))
    if hint.only_move:
        return f"Hint: {what} (the only move there is)."
    if hint.rating is None or (hint.share is None and not hint.by_rating):
        return f"Hint: {what} (the hard bot's rule of thumb: no search needed here)."
    tries = f"{hint.tries:,} tries"
    runner = hint.runner_up
    mine, theirs = _ratings(hint.rating, hint.runner_rating or 0.0)
    if hint.by_rating:
        figures, other_figure = f"rated {mine} over {tries}", theirs
    else:
        figures = f"picked in {_percent(hint.share or 0.0)} of {tries}, rated {mine}"
        other_figure = _percent(hint.runner_share or 0.0)
    if runner is None:
        return f"Hint: {what} ({figures})."
    other = _said(describe(runner))
    if hint.advised:
        return (f"Hint: {what} (the bot's judgement: over {tries} the search found "
                f"nothing clearly better). Search's pick: {other}, {other_figure}.")
    return f"Hint: {what} ({figures}). Next best: {other}, {other_figure}."
