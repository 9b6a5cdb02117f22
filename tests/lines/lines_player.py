"""A scripted player for the lines front end: it reads what the table printed, checks it,
and answers as a person would, by the numbers it was offered.

Every time it is asked for a line it first checks the lines printed since its last
answer: no byte is an escape or another control code (newline apart), and no line names
a card, tile or objective hidden from the seat it is printed for (the game's
``secret_names`` of the true state, less what that seat's own log has told it).
It picks among the numbered choices: first one that plays a kind of action it has not
played yet (it asks the rules which legal action each label describes, as a person who
knows the rules would), else one whose first words it has not picked yet, else any.
"""

from __future__ import annotations

import io
import random
import re
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tui_games.engine.core import Options
from tui_games.engine.grammar import speak_to
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.engine.tutorial import Tutorial
from tui_games.games import GameInfo, load
from tui_games.lines.console import Console
from tui_games.lines.table import LinesTable

NUMBERED = re.compile(r"^(\d+)\. (.*)$")
GROUP = re.compile(r"^(\d+) to \d+\. (.*)$")  # a group of choices, opened by its first number
HAND_OFF = "Pass the keyboard to "


def control_bytes(text: str) -> list[str]:
    """The characters of ``text`` a terminal would obey, newline apart."""
    return [repr(ch) for ch in text
            if ch != "\n" and (ord(ch) < 32 or 127 <= ord(ch) < 160)]


# What a listener cannot hear, or a lines player cannot press: the screen's notation and
# its keys. The hand-off line's Enter is the lines' own (an empty line), so it is left out.
UNSPEAKABLE = (
    (re.compile(r"->|<-|\|"), "an arrow or a bar"),
    (re.compile(r"\([A-Za-z]\)"), "a one-letter code in brackets"),
    (re.compile(r"\b(Enter|Esc|esc|ctrl|Ctrl|Tab)\b|[←→↑↓]|\b[Ss]pace (selects|bar)\b"
                r"|\b[Pp]ress(es)? \w\b"), "a screen key"),
)


def unspeakable(text: str) -> list[str]:
    """A problem for each line of ``text`` that says a screen's notation or key."""
    return [f"{what} in {line!r}" for line in text.splitlines()
            if not line.startswith(HAND_OFF) for pattern, what in UNSPEAKABLE
            if pattern.search(line)]


def hidden_printed(info: GameInfo, state: Any, seat: int, new: str,
                   reader: int | None = None) -> list[str]:
    """A problem for each name in ``new`` hidden from ``seat`` in the true ``state``
    (the game's ``secret_names``, less what the log has told its ``reader``: the seat
    itself unless another is named, as SPECTATOR for a spectator)."""
    words = load(info.words)
    told = " ".join(e.for_viewer(seat if reader is None else reader) for e in state.log)
    return [f"{name!r} hidden from seat {seat} was printed: {new[:200]!r}"
            for name in words.secret_names(state, seat)
            if name not in told  # the seat's own log said it: it was public once
            and re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", new)]


def _kind_key(label: str) -> str:
    words = re.sub(r"[0-9]", "", label.lower()).split()
    return " ".join(words[:2])


@dataclass
class Checks:
    """What the player found wrong, and what it did."""

    problems: list[str] = field(default_factory=list)
    reads: int = 0
    decisions: int = 0
    lines_per_decision: list[int] = field(default_factory=list)


class ScriptedPlayer(io.TextIOBase):
    """Stdin for a LinesTable, answering from what was printed to ``out``."""

    def __init__(self, out: io.StringIO, info: GameInfo, seed: int, limit: int,
                 opening: Sequence[str] = ()) -> None:
        super().__init__()
        self.out = out
        self.info = info
        self.rng = random.Random(seed)
        self.limit = limit
        self.script = list(opening)
        self.table: LinesTable | None = None
        self.picked: Counter[str] = Counter()
        self.kinds: set[str] = set()  # the kinds of action it has played
        # a guided game: what the step asks for (None: no step now), as a person reading
        # the step would know it
        self.step_accepts: Callable[[], Callable[[Any], bool] | None] = lambda: None
        self.checks = Checks()
        self._pos = 0
        self._shown: list[tuple[str, str]] = []  # the last numbered list: (number, label)

    def readable(self) -> bool:
        return True

    def new_output(self) -> str:
        text = self.out.getvalue()
        new, self._pos = text[self._pos:], len(text)
        return new

    def check(self, new: str, seat: int | None) -> None:
        bad = control_bytes(new)
        if bad:
            self.checks.problems.append(f"control bytes {bad[:5]} in {new[:80]!r}")
        self.checks.problems += unspeakable(new)
        if self.table is None or seat is None:
            return
        self.checks.problems += hidden_printed(self.info, self.table.session.state, seat,
                                               new)

    def new_kinds(self) -> dict[str, str]:
        """The labels of the legal actions wanted now, with their kind: the step's in a
        guided game, else those of kinds not played yet."""
        table = self.table
        if table is None or table.session.to_move is None:
            return {}
        seat = table.session.to_move
        view = table.rules.observe(table.session.state, seat)
        accepts = self.step_accepts()
        return {table.spoken(speak_to(table.rules.describe(view, a), table.names, seat)):
                type(a).__name__
                for a in table.rules.legal_actions(view)
                if (accepts(a) if accepts is not None else type(a).__name__ not in self.kinds)}

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        new = self.new_output()
        seat = self.table.session.to_move if self.table is not None else None
        self.check(new, seat)
        self.checks.reads += 1
        if self.checks.reads > self.limit:
            return ""  # the end of input: the table saves and leaves
        lines = new.splitlines()
        if lines and lines[-1].startswith(HAND_OFF):
            return "\n"
        if self.script:
            return self.script.pop(0) + "\n"
        numbered = [(m.group(1), m.group(2)) for line in lines
                    if (m := NUMBERED.match(line) or GROUP.match(line))]
        if numbered:
            self._shown = numbered
            self.checks.decisions += 1
            self.checks.lines_per_decision.append(len(lines))
        if not self._shown:
            return "\n"  # asks for the choices again
        wanted = self.new_kinds()
        rare = [(n, label) for n, label in self._shown
                if any(w == label or w.startswith(label.split(" ...")[0]) for w in wanted)]
        fresh = [(n, label) for n, label in self._shown
                 if self.picked[_kind_key(label)] == 0]
        if wanted and not rare and self.step_accepts() is not None:
            self._shown = []
            return f"{next(iter(wanted))}\n"  # as a person reading the step would say it
        number, label = self.rng.choice(rare or fresh or self._shown)
        self.picked[_kind_key(label)] += 1
        if label in wanted:
            self.kinds.add(wanted[label])
        self._shown = []
        return f"{number}\n"


@dataclass
class Played:
    """A game played through the lines front end by a ScriptedPlayer."""

    session: Session
    ending: str
    output: str
    checks: Checks


def play_game(info: GameInfo, seats: list[Seat], seed: int, options: Options, saves: Path,
              *, limit: int = 4000, opening: Sequence[str] = (),
              session: Session | None = None, width: int = 80,
              tutorial: Tutorial | None = None, kind: str = "") -> Played:
    """Play ``info`` through LinesTable with a scripted player until it ends (or ``limit``
    answers were given: then the end of input leaves, saved). ``kind``: the player plays
    that kind of action whenever it may (a position set up for it)."""
    out = io.StringIO()
    player = ScriptedPlayer(out, info, seed, limit, opening)
    game = session or Session.new(info.rules, seats, seed, options)
    table = LinesTable(Console(player, out, width), game, info, SaveStore(saves),
                       tutorial=tutorial)
    player.table = table
    if kind:
        player.step_accepts = lambda: lambda action: type(action).__name__ == kind
    if tutorial is not None:
        steps = tutorial.steps
        player.step_accepts = lambda: (steps[table.step].accepts if table.step < len(steps)
                                       and table.session.to_move == 0 else None)
    ending = table.run()
    last = next((i for i, s in enumerate(game.seats) if s.is_human), None)
    player.check(player.new_output(), last)
    return Played(game, ending, out.getvalue(), player.checks)


def kinds_played(session: Session, start: int = 0) -> set[str]:
    """The kinds of action (class names) the session's human seats played, from action
    ``start`` on (the ones before it made the position the table began at)."""
    state: Any = session.rules.setup(len(session.seats), session.seed, session.options)
    kinds = set()
    for number, action in enumerate(session.actions):
        mover = session.rules.to_move(state)
        if number >= start and mover is not None and session.seats[mover].is_human:
            kinds.add(type(action).__name__)
        session.rules.apply(state, action)
    return kinds
