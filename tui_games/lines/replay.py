"""A finished game replayed as lines, from History: step by step through its log.

The game is rebuilt from its seed and actions (as the replay viewer does), seen as its
first human seat saw it (everyone's view when no human played). ``next``/``back`` [N]
step, ``turn N`` jumps, ``end``/``start``, ``look`` tells the table there, ``quit``
leaves.
"""

from __future__ import annotations

from tui_games.engine.core import GameState
from tui_games.engine.grammar import speak_to
from tui_games.engine.session import Session, replay
from tui_games.games import GameInfo
from tui_games.lines.console import Console
from tui_games.lines.words import words_of_game

HELP = ("Replay: 'next' or 'next N' steps on (Enter too), 'back' or 'back N' steps back, "
        "'turn N' goes to turn N, 'start' and 'end' go to either end, 'look' tells the "
        "table there, 'quit' leaves the replay.")


class Replay:
    """A position in a finished game's action list, and what it says there."""

    def __init__(self, console: Console, session: Session, info: GameInfo) -> None:
        self.console = console
        self.session = session
        self.info = info
        self.seat = next((i for i, s in enumerate(session.seats) if s.is_human), 0)
        self.names = [seat.name for seat in session.seats]
        self.at = 0
        self.words = words_of_game(info)

    def state(self, at: int) -> GameState:
        s = self.session
        return replay(s.rules, len(s.seats), s.seed, s.options, s.actions[:at])

    def view(self, at: int) -> GameState:
        return self.session.rules.observe(self.state(at), self.seat)

    def lines_between(self, start: int, stop: int) -> list[str]:
        before = len(self.view(start).log)
        after = self.view(stop).log
        return [speak_to(text, self.names, self.seat) for event in after[before:]
                if (text := event.for_viewer(self.seat))]

    def go(self, to: int) -> None:
        total = len(self.session.actions)
        to = max(0, min(total, to))
        if to > self.at:
            for line in self.lines_between(self.at, to):
                self.console.say(line)
        self.at = to
        turn = self.state(to).turn + 1
        self.console.say(f"Action {to} of {total}, turn {turn}.")

    def turn_start(self, turn: int) -> int | None:
        for at in range(len(self.session.actions) + 1):
            if self.state(at).turn + 1 >= turn:
                return at
        return None


def replay_lines(console: Console, session: Session, info: GameInfo) -> int:
    """Step through ``session`` until the player leaves; -2 at the end of input."""
    viewer = Replay(console, session, info)
    console.say(HELP)
    viewer.go(0)
    while True:
        line = console.read()
        if line is None:
            return -2
        word, _, rest = line.lower().partition(" ")
        rest = rest.strip()
        if word in ("quit", "q", "leave"):
            return 0
        if word in ("", "next", "n", "back", "b") or word == "turn":
            if rest and not rest.isdigit():
                console.say(f"'{word}' takes a number, like '{word} 3', not '{rest}'.")
                continue
            count = int(rest) if rest else 1
            if word == "turn":
                if not rest:
                    console.say("'turn' takes the number of a turn, like 'turn 3'.")
                    continue
                found = viewer.turn_start(count)
                if found is None:
                    console.say(f"The game has no turn {count}.")
                    continue
                viewer.go(found)
            else:
                viewer.go(viewer.at + (-count if word in ("back", "b") else count))
        elif word == "start":
            viewer.go(0)
        elif word == "end":
            viewer.go(len(session.actions))
        elif word == "look":
            view = viewer.view(viewer.at)
            console.say_all(viewer.words.table(view, viewer.seat, viewer.names))
        elif word == "help":
            console.say(HELP)
        else:
            console.say(f"'{line}' is not a replay command. {HELP}")
