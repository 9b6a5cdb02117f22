"""A game in progress: rules, seats, seed, options and the action list that made the state.

The action list is the truth: the state can always be rebuilt by replaying it from the
seed, which is how undo works and how a save file proves it was not hand-edited.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime
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


def turn_at(turns: Sequence[int], at: int, over: bool) -> int:
    """The turn (from 1) to name at position ``at`` of a game, where ``turns[i]`` is the
    state's count of completed turns after ``i`` actions: the turn in play; at the end of
    a finished game, the turn its final move was made in, as the table's header counted
    it then. A game that ends as a turn closes has counted that turn already, one won in
    the middle of a turn (Nova Lux: a faction fulfilled) has not: History, the replay and
    the header at game over all name it so."""
    if over and at == len(turns) - 1 and at > 0:
        return turns[at - 1] + 1
    return turns[at] + 1


def new_save_id(game_id: str, now: datetime | None = None) -> str:
    """A fresh autosave id: ``<game>-<YYYYmmdd-HHMMSS>-<4 hex>`` (the hex keeps ids unique)."""
    stamp = (now or datetime.now()).strftime("%Y%m%d-%H%M%S")
    return f"{game_id}-{stamp}-{secrets.token_hex(2)}"


class Session:
    """The live game: its state plus everything needed to save, replay and undo it.

    ``undoable[i]`` says whether ``actions[i]`` may be taken back. A decision is a barrier
    (not undoable) when a bot made it, when it revealed something (a draw), when it ended
    the turn, or when it handed the decision to another seat: undo never crosses hidden
    information and never takes back a move another player has already seen.

    ``save_id`` is the game's stable id: it names the game's one autosave file (set on
    its first save) and travels in every save of the game, named ones included.
    ``name`` is the last name the player saved it under, if any. ``ui_prefs`` holds view
    preferences of the screens (e.g. how a hand is sorted): saved with the game, never
    part of the rules or of the replay check. ``hints_used[i]`` counts the hints seat ``i``
    asked for (shown at game over and kept in history; not part of the replay either).
    """

    def __init__(self, rules: Rules[Any, Any], seats: list[Seat], seed: int,
                 options: Options, actions: list[Action] | None = None,
                 undoable: list[bool] | None = None, state: GameState | None = None,
                 save_id: str | None = None, name: str | None = None,
                 ui_prefs: dict[str, str] | None = None,
                 hints_used: list[int] | None = None) -> None:
        self.rules = rules
        self.seats = list(seats)
        self.seed = seed
        self.options = dict(options)
        self.actions: list[Action] = list(actions or [])
        self.undoable: list[bool] = list(undoable or [False] * len(self.actions))
        if len(self.undoable) != len(self.actions):
            raise ValueError("undoable needs one flag per action")
        self.state = state if state is not None else replay(
            rules, len(seats), seed, self.options, self.actions)
        self.save_id = save_id
        self.name = name
        self.ui_prefs: dict[str, str] = dict(ui_prefs or {})
        self.hints_used: list[int] = (list(hints_used) if hints_used
                                      else [0] * len(self.seats))
        if len(self.hints_used) != len(self.seats):
            raise ValueError("hints_used needs one count per seat")
        # (how many actions, the completed turns before the latest of them), kept as
        # actions are applied: what turns_played needs. Worked out anew when the action
        # list has changed since (undo, a load, a host taking back an unsaved move).
        self._turn_before_last: tuple[int, int] | None = None

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

    def apply(self, action: Action, *, undoable: bool = True) -> None:
        """Play ``action`` (IllegalAction if it is not legal) and record it.

        ``undoable=False`` records the decision as a barrier whatever the rules say (a
        save file's own flag on load: an edited file can only remove undos, never add).
        """
        actor = self.rules.to_move(self.state)
        turn_before = self.state.turn
        human = actor is not None and self.seats[actor].is_human
        # reveals() is asked first (it looks at the state before the action), and only
        # when the answer matters: it may cost a trial apply.
        may_undo = undoable and human and not self.rules.reveals(self.state, action)
        self.rules.apply(self.state, action)
        self.undoable.append(may_undo and self.rules.to_move(self.state) == actor
                             and self.state.turn == turn_before)
        self.actions.append(action)
        self._turn_before_last = (len(self.actions), turn_before)

    def turns_played(self) -> int:
        """The turns a game has reached (History's "Turns"): for a finished game the turn
        its final move was made in (turn_at at its end), which a game won mid-turn has
        not counted in ``turn``."""
        if not self.actions or self.rules.outcome(self.state) is None:
            return self.turn
        count = len(self.actions)
        if self._turn_before_last is None or self._turn_before_last[0] != count:
            before = replay(self.rules, len(self.seats), self.seed, self.options,
                            self.actions[:-1])
            self._turn_before_last = (count, before.turn)
        return self._turn_before_last[1] + 1  # turn_at at a finished game's end

    def count_hint(self, seat: int) -> None:
        """Seat ``seat`` was shown a hint: one more for its count."""
        self.hints_used[seat] += 1

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
