"""The scripts of phase-changing keys that `tui-games bench` presses on a game screen.

A game's own script lives in its folder (``tui_games/games/<id>/bench_keys.py``, named by
its GameInfo.bench_keys); this module holds what they share: KeyScript, which picks the
next key from what the screen shows, and MapListKeys for a map beside a list of actions.
Pure: a script reads the screen's attributes and never imports textual.
"""

from __future__ import annotations

import random
from typing import Any

from tui_games.engine.core import default_options, phase_of
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo


def human_first(info: GameInfo, seed: int, after: int = 0) -> Session:
    """A new game where the seat to move is the human and every other seat a bot; with
    ``after``, the human sits that many seats after the first to move (in seat order)."""
    rules = info.rules
    first = rules.to_move(rules.setup(rules.min_players, seed, default_options(rules)))
    human = None if first is None else (first + after) % rules.min_players
    level = next(iter(info.bots))
    seats = [Seat("You") if i == human else Seat(f"Bot {i}", bot=level)
             for i in range(rules.min_players)]
    return Session.new(rules, seats, seed, default_options(rules))



Step = tuple[str, str]  # (what the key does here, the key)
Planned = tuple[str, str, str]  # a step and the phase it is meant for


class KeyScript:
    """Chooses the next key of a game's cycle of phase-changing keys from the screen.

    ``next_key`` sees the game screen (its session, focus and widgets) and returns the
    label and key to press; None when there is nothing the script can do (game over).
    """

    CURSOR_KEYS: tuple[str, str] = ("right", "left")
    """The cursor key bench measures, and the one that takes it back (there and back)."""
    CURSOR_FIRST = False
    """Whether bench presses the cursor keys where the script starts (its ``wanted``
    position), before the phase keys: where those leave the game, the cursor key may
    do something else there (Nebula's collect phase: → is a Time step)."""

    def __init__(self) -> None:
        self._queue: list[Planned] = []

    def next_key(self, screen: Any) -> Step | None:
        """The next (label, key); plans afresh when the game is not in the phase the
        next planned key is meant for (a new turn, or a key that did not do its work)."""
        session = screen.session
        state = session.state
        if session.rules.to_move(state) is None:
            return None
        if not self._queue or self._queue[0][2] != phase_of(state):
            self._queue = self.plan(screen)
        if not self._queue:
            return None
        label, key, _ = self._queue.pop(0)
        escape = screen.active_bindings.get("escape")
        if key == "escape" and escape is not None and escape.binding.action == "menu":
            return self.next_key(screen)  # the key before did not open what Esc closes
        return label, key

    def plan(self, screen: Any) -> list[Planned]:
        """The keys to press from this point of the turn (overridden per game)."""
        raise NotImplementedError

    def wanted(self, session: Session) -> bool:
        """Whether the script's keys all have something to do here (the position to start
        from); any position where the human is to move by default."""
        return True

    def start(self, info: GameInfo, seed: int = 5, tries: int = 40) -> Session:
        """A game with the human to move in a ``wanted`` position: random moves from new
        games (same seed, same game) until one is reached, else a new game."""
        rng = random.Random(seed)
        for _ in range(tries):
            session = human_first(info, rng.getrandbits(31))
            human = session.to_move
            for _ in range(200):
                mover = session.to_move
                if mover is None:
                    break
                if mover == human and self.wanted(session):
                    return session
                session.apply(rng.choice(session.rules.legal_actions(session.state)))
        return human_first(info, seed)


class MapListKeys(KeyScript):
    """A map and a list of what can be done at the cursor (Via Nebula, Nova Lux): Tab to
    the next place to act, Enter opens its actions, Esc back to the map once a turn, Enter
    again, and Enter plays the first action. One key is planned at a time, from whether the
    list is open: a key that did not do its work is followed by the right one."""

    def __init__(self) -> None:
        super().__init__()
        self._backed: set[int] = set()  # the turns whose list was closed once with Esc
        self._moved: set[int] = set()  # the turns whose cursor went to a place with Tab
        self._tried: object = None  # where Enter was last pressed on the map

    def list_open(self, screen: Any) -> bool:
        """Whether the screen's action list has the keys now."""
        return bool(screen.action_list.has_focus)

    def playable(self, screen: Any) -> bool:
        """Whether Enter on the list plays its highlighted entry (not a dialog)."""
        return True

    def plan(self, screen: Any) -> list[Planned]:
        """The one key for where the screen is now."""
        session = screen.session
        phase, turn = phase_of(session.state), session.turn
        if self.list_open(screen):
            if turn not in self._backed:
                self._backed.add(turn)
                return [("esc: back to the map", "escape", phase)]
            if self.playable(screen):
                return [("enter: play the first (ends the turn)", "enter", phase)]
            return [("down: next action", "down", phase)]
        # Enter that opened nothing here (a place with nothing left to do this turn):
        # Tab on to the next place instead of pressing it again.
        here = (turn, len(session.actions),
                getattr(getattr(screen, "focused", None), "cursor", None))
        if turn not in self._moved or here == self._tried:
            self._moved.add(turn)
            self._tried = None
            return [("tab: next place to act", "tab", phase)]
        self._tried = here
        return [("enter: open the actions", "enter", phase)]

    def next_key(self, screen: Any) -> Step | None:
        """As KeyScript's, but planned afresh at every key (see the class)."""
        self._queue = []
        return super().next_key(screen)


