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


BotFactory = Callable[[Rules[Any, Any], random.Random], Bot]


class RandomBot:
    """The `easy` level: a uniformly random legal action."""

    def __init__(self, rules: Rules[Any, Any], rng: random.Random) -> None:
        self.rules = rules
        self.rng = rng

    def choose(self, view: GameState, player: int) -> Action:
        """A uniform choice among the legal actions."""
        return self.rng.choice(self.rules.legal_actions(view))
