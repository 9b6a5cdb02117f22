"""What the host holds per game and per client: the game with its bots and connections,
and each connection with who the operating system says it is."""

from __future__ import annotations

import asyncio
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from tui_games.engine.codec import to_json
from tui_games.engine.core import public_view
from tui_games.engine.locks import GameLock
from tui_games.engine.session import Session
from tui_games.games import GameInfo
from tui_games.online.protocol import GameRow, View, encode

MAX_BUFFERED = 4 * 1024 * 1024  # a client that reads nothing is dropped past this


def bot_rng(seed: int, seat: int) -> random.Random:
    """A bot's own random stream (as the local table makes it: same game, same bot play)."""
    return random.Random(f"tui-games/{seed}/{seat}")


@dataclass(eq=False)
class Connection:
    """One client: who the operating system says it is, and where it sits."""

    writer: asyncio.StreamWriter
    uid: int
    user: str
    game: HostedGame | None = None
    seat: int | None = None
    log: Callable[[str], None] | None = None
    limit: int = MAX_BUFFERED

    def send(self, message: Any) -> None:
        """Queue ``message``; a client that stops reading is cut off, not waited for."""
        self.send_bytes(encode(message))

    def send_bytes(self, data: bytes) -> None:
        """Queue one encoded message: every write to a client comes through here, so
        none can grow the host past ``limit`` bytes for a client that reads nothing."""
        if self.writer.is_closing():
            return
        self.writer.write(data)
        waiting = self.writer.transport.get_write_buffer_size()
        if waiting > self.limit:
            # abort, not close: close() would keep the buffer until the client reads it
            self.writer.transport.abort()
            if self.log is not None:
                self.log(f"dropped a connection of {self.user}: it read nothing while "
                         f"{waiting // 1024} KiB waited for it")


@dataclass(eq=False)
class HostedGame:
    """A game the host holds: its session, lock, bots and who is connected."""

    info: GameInfo
    session: Session
    lock: GameLock | None
    created: float
    bots: dict[int, random.Random] = field(default_factory=dict)  # each bot seat's stream
    conns: set[Connection] = field(default_factory=set)
    bot_task: asyncio.Task[None] | None = None
    creator: str | None = None  # the login that created it (None: loaded from the folder)
    unsaved: str | None = None  # why the last action could not be saved (None: it was)
    hinted: set[tuple[int, int]] = field(default_factory=set)  # (seat, actions) counted
    moved: float = 0.0  # when its last action was played: how long a turn has waited

    @property
    def game_id(self) -> str:
        """The save id: also the file name in the host's folder."""
        assert self.session.save_id is not None
        return self.session.save_id

    def present(self) -> list[bool]:
        """Per seat: a bot, or a human with at least one connection."""
        seated = {c.seat for c in self.conns}
        return [seat.bot is not None or i in seated
                for i, seat in enumerate(self.session.seats)]

    def row(self) -> GameRow:
        """The lobby's line for this game."""
        session = self.session
        return GameRow(id=self.game_id, game=self.info.id, title=self.info.title,
                       seats=list(session.seats), turn=session.turn,
                       to_move=session.to_move,
                       over=session.rules.outcome(session.state) is not None,
                       present=self.present(),
                       spectators=sum(1 for c in self.conns if c.seat is None),
                       moved=self.moved or self.created)

    def view_for(self, seat: int | None) -> View:
        """What ``seat`` (None: a spectator) may see now."""
        session = self.session
        rules = session.rules
        observed = (public_view(rules, session.state) if seat is None
                    else rules.observe(session.state, seat))
        return View(game_id=self.game_id, seat=seat, actions=len(session.actions),
                    to_move=session.to_move, present=self.present(),
                    state=msgspec.Raw(to_json(observed)),
                    outcome=rules.outcome(session.state))

    def broadcast(self) -> None:
        """Every connection of the game gets the view of its own seat."""
        views: dict[int | None, bytes] = {}
        for conn in list(self.conns):
            if conn.seat not in views:
                views[conn.seat] = encode(self.view_for(conn.seat))
            conn.send_bytes(views[conn.seat])
