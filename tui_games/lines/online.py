"""``tui-games join --lines``: the shared host's lobby and tables as plain lines.

The host plays the bots, keeps the game and saves every move; this client only shows the
views the host sends (each already observed for this connection's seat) and sends the
seat's actions. Everything else (the news, the stand line, the numbered choices, the
commands) is the lines table's.
"""

from __future__ import annotations

import contextlib

import msgspec

from tui_games.engine.core import SPECTATOR, Action, GameState
from tui_games.engine.saves import SaveStore
from tui_games.engine.seating import HUMAN
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo, all_games, get_game
from tui_games.lines.choices import Choice
from tui_games.lines.console import Console
from tui_games.lines.menus import BACK, GONE, Menus, Step
from tui_games.lines.table import Decision, Ending, LinesTable, last_told, result_lines
from tui_games.lines.words import units_of
from tui_games.online.client import Connection, Door, HostError
from tui_games.online.protocol import (
    Created,
    CreateGame,
    GameList,
    GameRow,
    Join,
    Joined,
    Leave,
    ListGames,
    Refused,
    View,
)


class Unseen(Action, frozen=True, tag="unseen"):
    """An action the host played: a client counts them, it never sees them."""


def _decode(info: GameInfo, view: View) -> GameState:
    return msgspec.json.decode(view.state, type=info.rules.state_type)


class OnlineLinesTable(LinesTable):
    """A seat (or a spectator's place) at a game of the host, in lines."""

    def __init__(self, console: Console, conn: Connection, joined: Joined, first: View,
                 info: GameInfo, store: SaveStore) -> None:
        session = Session(info.rules, joined.seats, 0, joined.options,
                          actions=[Unseen()] * first.actions, state=_decode(info, first))
        super().__init__(console, session, info, store)
        self.bots = {}  # the host plays them
        self.conn = conn
        self.game_id = joined.game_id
        self.seat = joined.seat
        self.reader = SPECTATOR if joined.seat is None else joined.seat
        self.humans = [] if joined.seat is None else [joined.seat]
        self.told = {self.reader: max(0, len(session.state.log) - 5)}
        self.outcome = first.outcome
        self.present = first.present
        self._waiting_for: int | None = None

    def _run(self) -> Ending:
        while self.outcome is None:
            mover = self.session.to_move
            if mover is not None and mover == self.seat:
                self._waiting_for = None
                if not self._decide(mover) or not self._next_view():
                    return self._leave()
                continue
            self._tell_news(self.reader, self.session.state)
            if mover is not None and mover != self._waiting_for:
                self._waiting_for = mover
                here = "" if self.present[mover] or self.session.seats[mover].bot else \
                    " (not connected: the game waits for them)"
                self.say(f"Waiting for {self.names[mover]}{here}.")
            if not self._next_view():
                return self._leave()
        self._tell_news(self.reader, self.session.state)
        told = last_told(self.session.state, self.reader)
        for line in result_lines(self.outcome, self.names, units_of(self.words), told=told):
            self.say(line)
        return "over"

    def _next_view(self) -> bool:
        """Wait for the host's next view of this game (False when the host is lost)."""
        while True:
            try:
                message = self.conn.recv()
            except (HostError, TimeoutError) as exc:
                self.say(f"Lost the host: {exc}. Join again to go on.")
                return False
            if isinstance(message, Refused):
                self.say(message.reason)
                return True
            if isinstance(message, View) and message.game_id == self.game_id:
                self.session.state = _decode(self.info, message)
                self.session.actions = [Unseen()] * message.actions
                self.session.undoable = [False] * message.actions
                self.outcome = message.outcome
                self.present = message.present
                return True

    def play(self, decision: Decision, choice: Choice) -> str:
        try:
            self.conn.act(choice.action, seen=len(self.session.actions))
        except HostError as exc:
            self.say(str(exc))
            return "quit"
        return "played"

    def hint(self, decision: Decision) -> str:
        line = super().hint(decision)
        with contextlib.suppress(HostError):  # the count is the host's to keep
            self.conn.hinted(len(self.session.actions))
        return line

    def save(self, name: str) -> str:
        return "The host saves this game after every move: join it again to go on."

    def autosave(self) -> bool:
        return True  # the host has every move

    def _leave(self) -> Ending:
        with contextlib.suppress(HostError):
            self.conn.send(Leave())
        self.say("You left the table; the host keeps the game.")
        return "left"


class Lobby(Menus):
    """The host's games as a numbered list: join yours, watch the others, create one."""

    def __init__(self, console: Console, store: SaveStore, conn: Connection) -> None:
        super().__init__(console, store)
        self.conn = conn

    def mine(self, row: GameRow) -> bool:
        return any(seat.bot is None and seat.name == self.conn.user for seat in row.seats)

    def lobby(self) -> int:
        self.say(f"The host's games, as {self.conn.user}. At any list, say a number or words "
                 "from a choice; at a table, 'help' lists the commands.")
        while True:
            try:
                rows = self.conn.request(ListGames(), GameList).games
            except (HostError, TimeoutError) as exc:
                self.say(f"Lost the host: {exc}.")
                return 1
            labels = [self.row_label(row) for row in rows]
            picked = self.ask("The host's games (newest first):",
                              [*labels, "Create a game", "List the games again", "Quit"],
                              default=len(rows))
            if picked < 0 or picked == len(rows) + 2:
                return 0
            if picked == len(rows) + 1:
                continue
            if picked == len(rows):
                create = self.create()
                if create is None:
                    return 0
                if isinstance(create, int):  # back to the list
                    continue
                gone = self.sit(None, create)
            else:
                row = rows[picked]
                gone = self.sit(Join(game_id=row.id, spectate=not self.mine(row)), None)
            if gone == GONE:
                return 0

    def row_label(self, row: GameRow) -> str:
        seats = ", ".join(s.name if s.bot is None else f"{s.name} ({s.bot} bot)"
                          for s in row.seats)
        state = "over" if row.over else f"turn {row.turn + 1}"
        how = "your seat" if self.mine(row) else "watch"
        return f"{row.title}, {state}: {seats} ({how})"

    def create(self) -> CreateGame | int | None:
        """The game to create, BACK, or None at the end of input."""
        answers = self.walk(lambda so_far: self.game_steps(so_far, self.login_seat_step))
        if isinstance(answers, int):
            return None if answers == GONE else BACK
        info = list(all_games().values())[int(answers[0])]  # type: ignore[call-overload]
        at = 2 if len(info.players) > 1 else 1
        count = len(answers) - at - len(info.rules.option_specs) + 1
        seats = [Seat(self.conn.user), *(seat for seat in answers[at:at + count - 1]
                                         if isinstance(seat, Seat))]
        options = {spec.key: str(value) for spec, value
                   in zip(info.rules.option_specs, answers[at + count - 1:], strict=True)}
        return CreateGame(game=info.id, seats=seats, options=options)

    def login_seat_step(self, info: GameInfo, number: int) -> Step:
        """Who plays seat ``number + 1``: another login (asked its name) or a bot."""
        levels = [HUMAN, *info.bots]
        labels = ["Another login of this host", *(f"Bot: {level}" for level in info.bots)]

        def step() -> object:
            default = levels.index("normal") if "normal" in levels else 1
            while True:  # 'back' at the login name asks who plays the seat again
                answer = self.ask(f"Seat {number + 1}: who plays it?", labels,
                                  default=default)
                if answer < 0:
                    return answer
                if levels[answer] != HUMAN:
                    return Seat(f"Bot {number + 1}", levels[answer])
                self.say("Their login name, or 'back':")
                name = self.console.read()
                if name is None:
                    return GONE
                if name.lower() != "back":
                    return Seat(name)
        return step

    def sit(self, join: Join | None, create: CreateGame | None) -> int:
        try:
            if create is not None:
                game_id = self.conn.request(create, Created).game_id
                join = Join(game_id=game_id)
            assert join is not None
            joined = self.conn.request(join, Joined)
            first = self.conn.request_view()
        except (HostError, TimeoutError) as exc:
            self.say(f"Not seated: {exc or 'the host did not answer'}.")
            return 0
        info = get_game(joined.game)
        who = "watching" if joined.seat is None else f"in seat {joined.seat + 1}"
        self.say(f"{info.title}, {who}.")
        OnlineLinesTable(self.console, self.conn, joined, first, info, self.store).run()
        return GONE if self.console.source_ended else 0


def join_lines(console: Console, store: SaveStore, path: Door) -> int:
    """The lobby of the host at ``path`` (a socket's path, or the SSH door's handed
    connection) until Quit or the end of input."""
    try:
        conn = Connection(path)
    except HostError as exc:
        console.say(str(exc))
        return 2
    try:
        return Lobby(console, store, conn).lobby()
    finally:
        conn.close()
