"""A finished game replayed as lines, from History: step by step through its log.

The game is rebuilt from its seed and actions (as the replay viewer does), seen as its
first human seat saw it (everyone's view when no human played). ``next``/``back`` [N]
step, ``turn N`` jumps, ``end``/``start``, ``look`` tells the table there, ``view``
lists the viewpoints and ``view N`` or ``view NAME`` switches (another seat, a spectator
who sees no hand, everything once the game is over; see engine.viewpoints), ``quit``
leaves.
"""

from __future__ import annotations

from tui_games.engine.core import SPECTATOR, GameState
from tui_games.engine.grammar import speak_to
from tui_games.engine.session import Session, replay, turn_at
from tui_games.engine.viewpoints import REVEAL_AFTER, SPECTATOR_NAME, viewpoint_name, viewpoints
from tui_games.games import GameInfo
from tui_games.lines.console import Console
from tui_games.lines.table import keyboard_taken, pass_the_keyboard
from tui_games.lines.words import spoken_of, words_of_game

HELP = ("Replay: 'next' or 'next N' steps on (Enter too), 'back' or 'back N' steps back, "
        "'turn N' tells what turn N did and stops at its end, 'start' and 'end' go to either "
        "end, 'look' tells the "
        "table there, 'view' lists whose view it shows and 'view N' or 'view NAME' "
        "switches, 'quit' leaves the replay.")


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
        self.own = [i for i, s in enumerate(session.seats) if s.is_human] or [self.seat]
        self.over = session.rules.outcome(self.state(len(session.actions))) is not None
        self.seen: int | str | None = self.seat  # a seat, None: a spectator, "all"
        self._turns: list[int] | None = None

    def state(self, at: int) -> GameState:
        s = self.session
        return replay(s.rules, len(s.seats), s.seed, s.options, s.actions[:at])

    def view(self, at: int) -> GameState:
        """The position as the chosen viewpoint sees it (everything: the true state)."""
        state = self.state(at)
        if self.seen == "all":
            return state
        return self.session.rules.observe(state, SPECTATOR if self.seen is None
                                          else self.seen)

    @property
    def reader(self) -> int | None:
        """Whose "you" the lines speak to: nobody's for a spectator or everything."""
        return self.seen if isinstance(self.seen, int) else None

    def lines_between(self, start: int, stop: int) -> list[str]:
        before = len(self.view(start).log)
        after = self.view(stop).log
        return [speak_to(text, self.names, self.reader) for event in after[before:]
                if (text := event.for_viewer(self.reader))]

    def table(self) -> list[str]:
        """``look``: the table from the viewpoint; everything: from each seat in turn."""
        state = self.state(self.at)
        observe = self.session.rules.observe
        if self.seen == "all":
            lines: list[str] = []
            for seat, name in enumerate(self.names):
                lines.append(f"As {name}:")
                lines.extend(self.words.table(observe(state, seat), seat, self.names))
            return lines
        if self.seen is None:  # what a spectator sees: the public table, no hand
            return [f"As {SPECTATOR_NAME}:",
                    *self.words.public(observe(state, SPECTATOR), self.names)]
        return self.words.table(observe(state, self.seen), self.seen, self.names)

    def choices(self) -> list[int | str | None]:
        return viewpoints(self.names, self.own, self.over)

    def switch(self, asked: str) -> list[str]:
        """``view``: the numbered viewpoints, or the line saying the switch to ``asked``
        (a number, a seat's name, "spectator" or "all") or why it cannot be made."""
        choices = self.choices()
        if not asked:
            return [self.showing()] + [f"{n}. {viewpoint_name(c, self.names)}"
                                       for n, c in enumerate(choices, start=1)]
        key = asked.lower()
        names = {name.lower(): seat for seat, name in enumerate(self.names)}
        wanted: int | str | bool | None = False  # False: nothing matched
        if key.isdigit() and 1 <= int(key) <= len(choices):
            wanted = choices[int(key) - 1]
        elif key in names:
            wanted = names[key]
        elif key in ("spectator", SPECTATOR_NAME):
            wanted = None
        elif key in ("all", "everything"):
            wanted = "all"
        if wanted is False:
            return [f"'{asked}' is not a viewpoint: 'view' lists them, "
                    f"numbered 1 to {len(choices)}."]
        if wanted not in choices:  # another's hand, or everything, before the game ends
            return [REVEAL_AFTER]
        assert not isinstance(wanted, bool)
        if (isinstance(wanted, int) and not self.over and len(self.own) > 1
                and wanted != self.seen):  # another player's hand in hot-seat: covered
            self.console.say(pass_the_keyboard(self.names[wanted]))
            if not keyboard_taken(self.console):
                return []
        self.seen = wanted
        return [self.showing()]

    def showing(self) -> str:
        return f"Showing the game as {viewpoint_name(self.seen, self.names)}."

    def go(self, to: int) -> None:
        total = len(self.session.actions)
        to = max(0, min(total, to))
        if to > self.at:
            for line in self.lines_between(self.at, to):
                self.console.say(line)
        self.at = to
        # the turn its final move was made in at a finished game's end, as History says
        turn = turn_at([n - 1 for n in self.turns()], to, self.over)
        self.console.say(f"Action {to} of {total}, turn {turn}.")

    def turns(self) -> list[int]:
        """The turn (from 1) at each position, 0 to the last action: one pass over the
        actions, not a replay from the start for each position."""
        if self._turns is None:
            s = self.session
            state = s.rules.setup(len(s.seats), s.seed, s.options)
            self._turns = [state.turn + 1]
            for action in s.actions:
                s.rules.apply(state, action)
                self._turns.append(state.turn + 1)
        return self._turns

    def turn_span(self, turn: int) -> tuple[int, int] | None:
        """The positions before turn ``turn``'s first action and after its last."""
        turns = self.turns()
        played = [at for at in range(len(self.session.actions)) if turns[at] == turn]
        return (played[0], played[-1] + 1) if played else None

    def go_turn(self, turn: int) -> bool:
        """``turn N``: what that turn did (its own log lines, whichever way the jump
        goes), then where it stands, as a step does; False when there is no such turn."""
        span = self.turn_span(turn)
        if span is None:
            return False
        start, stop = span
        for line in self.lines_between(start, stop):
            self.console.say(line)
        self.at = stop
        self.console.say(f"Action {stop} of {len(self.session.actions)}, the end of turn "
                         f"{turn}.")
        return True


def replay_lines(console: Console, session: Session, info: GameInfo) -> int:
    """Step through ``session`` until the player leaves; -2 at the end of input."""
    viewer = Replay(console, session, info)
    before, console.spoken = console.spoken, spoken_of(viewer.words)
    try:
        return _step_through(console, session, viewer)
    finally:
        console.spoken = before


def _step_through(console: Console, session: Session, viewer: Replay) -> int:
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
                if not viewer.go_turn(count):
                    console.say(f"The game has no turn {count}.")
            else:
                viewer.go(viewer.at + (-count if word in ("back", "b") else count))
        elif word == "start":
            viewer.go(0)
        elif word == "end":
            viewer.go(len(session.actions))
        elif word == "look":
            console.say_all(viewer.table())
        elif word == "view":
            console.say_all(viewer.switch(rest))
        elif word == "help":
            console.say(HELP)
        else:
            console.say(f"'{line}' is not a replay command. {HELP}")
