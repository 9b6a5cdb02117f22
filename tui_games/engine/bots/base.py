"""The bot contract: a bot sees only an observation and returns one legal action."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any, Protocol

from tui_games.engine.core import Action, GameState, Rules


class Bot(Protocol):
    """Chooses an action for ``player`` from ``view`` = observe(true state, player)."""

    def choose(self, view: GameState, player: int) -> Action:
        """One of ``rules.legal_actions(view)``."""
        ...


def answers_instantly(bot: object) -> bool:
    """Whether ``bot`` says it picks without thinking (``INSTANT = True``): a table may
    then ask it on the UI thread when there is no delay to wait out. A bot that does not
    say so is given a worker."""
    return getattr(bot, "INSTANT", False) is True


BotFactory = Callable[[Rules[Any, Any], random.Random], Bot]


class RandomBot:
    """The `easy` level: a uniformly random legal action."""

    INSTANT = True  # one pick from the legal list: cheaper than starting a thread

    def __init__(self, rules: Rules[Any, Any], rng: random.Random) -> None:
        self.rules = rules
        self.rng = rng

    def choose(self, view: GameState, player: int) -> Action:
        """A uniform choice among the legal actions."""
        return self.rng.choice(self.rules.legal_actions(view))
