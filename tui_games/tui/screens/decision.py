"""What the viewer may decide, worked out once per observation.

``ObservationMemo`` keeps what a table derives from one observation (the view, the legal
actions, a game's own lookups by cell or by card) until an action is played or undone,
or the viewer changes: cursor keys ask for them on every press, and the rules are asked
once. ``sentence`` and ``why_no_undo`` put the rules' refusals in the player's words.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterator
from typing import Any, TypeVar, cast

from tui_games.engine.core import GameState
from tui_games.engine.session import Session, replay
from tui_games.tui.screens.names import shown_name

T = TypeVar("T")


class ObservationMemo:
    """Values computed for one (state, action count, viewer); forgotten when that changes.

    The state is compared by identity (an undo replays into a new state object), the
    count and the viewer by value (a move changes the state in place).
    """

    def __init__(self) -> None:
        self._state: GameState | None = None
        self._key: tuple[int, int] | None = None
        self._values: dict[Hashable, Any] = {}

    def get(self, session: Session, viewer: int, name: Hashable,
            compute: Callable[[], T]) -> T:
        """``compute()`` for ``session``'s position seen by ``viewer``, once."""
        key = (len(session.actions), viewer)
        if self._state is not session.state or self._key != key:
            self._state, self._key = session.state, key
            self._values = {}
        values = self._values
        if name not in values:
            values[name] = compute()
        return cast(T, values[name])


def sentence(reason: str) -> str:
    """A rules reason as a sentence: capitalised, with a full stop."""
    reason = reason.strip()
    return reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else ".")


def why_no_undo(session: Session) -> str:
    """Why the last decision cannot be taken back, in the player's words."""
    if not session.actions:
        return "Nothing to undo yet."
    rules = session.rules
    before = replay(rules, len(session.seats), session.seed, session.options,
                    session.actions[:-1])
    actor = rules.to_move(before)
    last = session.actions[-1]
    if actor is None or not session.seats[actor].is_human:
        name = shown_name(session.seats[actor].name) if actor is not None else "a bot"
        if actor is not None and any(session.seats[rules.to_move(s)].is_human
                                     for s in _positions_before(session, 8)):
            # Your move was not the last one: a bot decided after it, maybe unseen (a
            # pass on an offer): say so, with what it did, not only whose move it was.
            what = rules.describe(before, last)
            return (f"Can't undo: {name} decided after your last move ({what}); only "
                    "your own last move can be taken back.")
        return f"Can't undo: the last move was {name}'s; only your own moves can be taken back."
    if rules.reveals(before, last):
        what = rules.describe(before, last)
        return f"Can't undo: {what[:1].lower()}{what[1:]} revealed new cards."
    if session.state.turn != before.turn:
        return "Can't undo: that turn is over."
    mover = session.to_move
    if mover is not None and mover != actor:
        return f"Can't undo: the decision has passed to {shown_name(session.seats[mover].name)}."
    return "Can't undo the last move."


def _positions_before(session: Session, count: int) -> Iterator[GameState]:
    """The positions before each of the last ``count`` decisions but the very last, the
    latest first (each a replay, made as asked: only when an undo is refused)."""
    rules = session.rules
    for back in range(2, min(count, len(session.actions)) + 1):
        state = replay(rules, len(session.seats), session.seed, session.options,
                       session.actions[:-back])
        if rules.to_move(state) is not None:
            yield state
