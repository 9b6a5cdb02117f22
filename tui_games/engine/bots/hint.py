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


class ShortNames(Protocol):
    """An explainer may also name a move briefly, for a hint whose move, reason and
    outlook do not all fit beside the move's full name (``describe``). The hint marks the
    move on the table (or numbers it in the list), so the short name need only say which
    move it is: "advance the Value token of Advanced objective A1", not the card's text."""

    def short(self, view: Any, action: Any) -> str:
        """``action`` named in a few words, as ``describe`` names it (no capital)."""
        ...


def move_name(rules: Rules[Any, Any], words: object, view: GameState, action: Action,
              *, short: bool = False) -> str:
    """How a hint names ``action``: the rules' full name, or with ``short`` the
    explainer's short name where it has one (else the full one)."""
    named = getattr(words, "short", None) if short else None
    return str(named(view, action)) if callable(named) else rules.describe(view, action)


def reason_fits(rules: Rules[Any, Any], words: object, view: GameState, action: Action,
                reason: str) -> bool:
    """Whether ``reason`` fits the hint's two lines beside ``action``'s short name: what
    an explainer asks before it offers a fuller reason, since hint_text names the move
    briefly before it drops a reason."""
    name = move_name(rules, words, view, action, short=True)
    return fits(f"Hint: {name}: {reason}.")


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
    stands for: "Expect to end about 4 VP ahead of your best rival." (a hint is the bot's
    reckoning already: saying so again left a move and its reason no room for it)."""
    lead = round((rating - 0.5) * 2 * scale)
    if lead == 0:
        where = "level with your best rival"
    else:
        where = f"about {abs(lead)} {unit} {'ahead of' if lead > 0 else 'behind'} your best rival"
    return f"Expect to end {where}."


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


def fits(text: str, lines: int | None = STATUS_LINES) -> bool:
    """Whether ``text`` wraps at words (as the status line does) into ``lines`` lines
    (None: any number)."""
    if lines is None:
        return True
    return len(textwrap.wrap(text, STATUS_WIDTH, break_on_hyphens=False)) <= lines


def _close(hint: Hint) -> bool:
    """Whether the runner-up is nearly as good as the pick (the search could not tell
    them apart, or the bot kept its own judgement over the search's favourite)."""
    if hint.runner_up is None or hint.runner_rating is None or hint.rating is None:
        return False
    return hint.advised or abs(hint.rating - hint.runner_rating) < CLOSE


def hint_text(game: Explained, view: GameState, seat: int, hint: Hint,
              names: Sequence[str] | None = None,
              lines: int | None = STATUS_LINES) -> str:
    """The hint in the game's words, for every front end: the move and what it does for
    the seat, what the search expects from here, and the runner-up when it is nearly as
    good. One pick, one reason; it fits the status line's two lines at 80 columns. What
    gives way first: the move's full name (for the explainer's short one, ShortNames),
    then the runner-up, then the outlook, and the reason last, when even the short name
    leaves it no room. ``lines=None`` (a front end with no status line to fit, as the
    plain lines one) keeps it all. With ``names`` (every seat's), the rules' "Seat 2"
    reads as that player's name and ``seat`` as "you".

    "Hint: Play G9 (2): wins this trick and its 2 points. From here you end the game on
    top about 6 times in 10. Play R10 (1) is about as good."
    """
    def said(pieces: list[str]) -> str:
        text = " ".join(pieces)
        return text if names is None else speak_to(text, names, seat)

    rules = game.rules
    words = game.explainer()
    why = words.why(view, seat, hint.action) if words is not None else ""
    if hint.only_move:
        why = f"{why}; the only move there is" if why else "the only move there is"
    searched = hint.rating is not None and (hint.share is not None or hint.by_rating)

    def tails(short: bool) -> list[list[str]]:
        """What may follow the move and its reason, the fullest first."""
        if not searched or hint.rating is None:
            usual = not hint.only_move and not why
            return [["The bot's usual move here."], []] if usual else [[]]
        outlook = [words.outlook(view, seat, hint.rating)] if words is not None else []
        fuller = [outlook, []] if outlook else [[]]
        if _close(hint):
            assert hint.runner_up is not None
            other = move_name(rules, words, view, hint.runner_up, short=short)
            fuller.insert(0, [*outlook, f"{_said(other)} is about as good."])
        return fuller

    text = ""
    for reasoned in (True, False) if why else (False,):
        for rank in range(3):
            for short in (False, True):
                options = tails(short)
                if rank >= len(options):
                    continue
                what = _said(move_name(rules, words, view, hint.action, short=short))
                head = f"Hint: {what}: {why}." if reasoned else f"Hint: {what}."
                text = said([head, *options[rank]])
                if fits(text, lines):
                    return text
    return text  # not even the short name alone fits: said whole, the line wraps
