"""A game in progress: rules, seats, seed, options and the action list that made the state.

The action list is the truth: the state can always be rebuilt by replaying it from the
seed, which is how undo works and how a save file proves it was not hand-edited.
"""

from __future__ import annotations

from typing import Any

import msgspec

from tui_games.engine.core import Action, GameState, Options, Rules


class Seat(msgspec.Struct, frozen=True):
    """One seat at the table: a name, and a bot level or ``None`` for a human."""

    name: str
    bot: str | None = None

    @property
    def is_human(self) -> bool:
        """True for a seat played from the keyboard."""
        return self.bot is None


def replay(rules: Rules[Any, Any], players: int, seed: int, options: Options,
           actions: list[Action]) -> GameState:
    """The state reached by ``actions`` from a new game with ``seed``."""
    state = rules.setup(players, seed, options)
    for action in actions:
        rules.apply(state, action)
    return state


class Session:
    """The live game: its state plus everything needed to save, replay and undo it."""

    def __init__(self, rules: Rules[Any, Any], seats: list[Seat], seed: int,
                 options: Options, actions: list[Action] | None = None,
                 undoable: list[bool] | None = None, state: GameState | None = None) -> None:
        self.rules = rules
        self.seats = list(seats)
        self.seed = seed
        self.options = dict(options)
        self.actions: list[Action] = list(actions or [])
        self.undoable: list[bool] = list(undoable or [False] * len(self.actions))
        self.state = state if state is not None else replay(
            rules, len(seats), seed, self.options, self.actions)

    @classmethod
    def new(cls, rules: Rules[Any, Any], seats: list[Seat], seed: int,
            options: Options) -> Session:
        """Set up a new game."""
        return cls(rules, seats, seed, options)

    @property
    def to_move(self) -> int | None:
        """The seat that decides now, ``None`` when the game is over."""
        return self.rules.to_move(self.state)

    @property
    def turn(self) -> int:
        """Completed turns so far."""
        return self.state.turn

    def apply(self, action: Action) -> None:
        """Play ``action`` (IllegalAction if it is not legal) and record it."""
        actor = self.rules.to_move(self.state)
        turn_before = self.state.turn
        reveals = self.rules.reveals(self.state, action)
        self.rules.apply(self.state, action)
        human = actor is not None and self.seats[actor].is_human
        self.undoable.append(human and not reveals and self.state.turn == turn_before)
        self.actions.append(action)

    def can_undo(self) -> bool:
        """True when the last decision can be taken back (nothing new was revealed since)."""
        return bool(self.undoable) and self.undoable[-1]

    def undo(self) -> Action | None:
        """Take back the last decision by replaying the rest; returns it, or None if barred."""
        if not self.can_undo():
            return None
        action = self.actions.pop()
        self.undoable.pop()
        self.state = replay(self.rules, len(self.seats), self.seed, self.options, self.actions)
        return action
