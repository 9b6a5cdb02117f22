"""The host's bots: they think in worker processes, and a move the disk refused is retried."""

from __future__ import annotations

import asyncio
import contextlib
import errno
import os
import random
import shutil
import signal
import tempfile
import threading
from collections.abc import Iterator
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

import msgspec
import pytest
from gated_bots import GATE_ENV, fragile_think, gated_think
from online_helpers import HostProcess, me, wait_for

from tui_games.engine import saves
from tui_games.engine.codec import to_json
from tui_games.engine.core import default_options
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.online.bot_pool import BotPool
from tui_games.online.client import Connection
from tui_games.online.protocol import (
    Created,
    CreateGame,
    GameList,
    Join,
    Joined,
    ListGames,
    View,
)
from tui_games.online.server import Host


class HostThread:
    """A Host served by an event loop in a thread of the test (its pool spawns workers)."""

    def __init__(self, folder: Path, socket: Path) -> None:
        self.socket = socket
        self.lines: list[str] = []
        self.host = Host(folder, socket, bot_delay=0, log=self.lines.append)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None
        self._thread = threading.Thread(target=asyncio.run, args=(self._main(),), daemon=True)
        self._ready = threading.Event()

    async def _main(self) -> None:
        """Serve until cancelled; asyncio.run then ends the bots' tasks, as run_host does."""
        self._loop = asyncio.get_running_loop()
        self._task = asyncio.current_task()
        with contextlib.suppress(asyncio.CancelledError):
            await self.host.serve(self._ready.set)

    def start(self) -> HostThread:
        self._thread.start()
        assert self._ready.wait(30), "the host did not start"
        return self

    def stop(self) -> None:
        if self._task is not None and self._loop is not None:
            self._loop.call_soon_threadsafe(self._task.cancel)
        self._thread.join(timeout=30)
        assert not self._thread.is_alive()


@pytest.fixture
def short_socket() -> Iterator[Path]:
    folder = Path(tempfile.mkdtemp(prefix="tgb-"))
    try:
        yield folder / "host.sock"
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def neptune_vs_bot(conn: Connection) -> tuple[str, View]:
    """A Neptune game of this login against an easy bot, joined at seat 1; the first view
    where it is this login's turn."""
    game_id = conn.request(CreateGame(game="neptune", seats=[Seat(me()), Seat("B", "easy")]),
                           Created).game_id
    conn.request(Join(game_id=game_id, seat=0), Joined)
    view = conn.request_view()
    while view.to_move != 0:
        view = next_view(conn)
    return game_id, view


def next_view(conn: Connection) -> View:
    message = conn.recv(timeout=30)
    assert isinstance(message, View), message
    return message


def play_one(conn: Connection, view: View) -> View:
    """Play the first legal action; the view that shows it played."""
    rules = get_game("neptune").rules
    state = msgspec.json.decode(view.state, type=rules.state_type)
    conn.act(rules.legal_actions(state)[0], seen=view.actions)
    while (after := next_view(conn)).actions <= view.actions:
        pass
    return after


def test_a_bot_move_the_disk_refused_is_played_once_saving_works(
        tmp_path: Path, short_socket: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    real_write = saves.write_atomic
    disk = {"fill_after_next": False, "full": False, "refused": 0}

    def write_atomic(path: Path, data: bytes) -> None:
        if disk["full"]:
            disk["refused"] += 1
            raise OSError(errno.ENOSPC, "No space left on device")
        real_write(path, data)
        if disk["fill_after_next"]:  # the human's move is saved; the bot's will not be
            disk["full"] = True

    monkeypatch.setattr(saves, "write_atomic", write_atomic)
    running = HostThread(tmp_path / "saves", short_socket).start()
    try:
        with Connection(short_socket) as conn:
            game_id, view = neptune_vs_bot(conn)
            disk["fill_after_next"] = True
            mine = play_one(conn, view)
            assert mine.to_move == 1  # the bot's turn, and it cannot save its move
            wait_for(lambda: disk["refused"] > 0, what="the bot's move to meet a full disk")
            with Connection(short_socket) as again:  # a rejoin shows the true state
                again.request(Join(game_id=game_id, seat=0), Joined)
                back = again.request_view()
                assert (back.actions, back.to_move) == (mine.actions, 1)
            disk["fill_after_next"] = disk["full"] = False  # space comes back
            while (moved := next_view(conn)).actions == mine.actions:
                pass  # the rejoin's "who is here"
            assert moved.actions == mine.actions + 1
        wait_for(lambda: any("saved again" in line for line in running.lines),
                 what="the host to say the move is in")  # said after the views went out
        assert sum("cannot move" in line for line in running.lines) == 1  # said once
        saved = saves.SaveStore(tmp_path / "saves").load(tmp_path / "saves" / f"{game_id}.json")
        assert len(saved.actions) >= moved.actions  # (the bot may have led the next trick)
    finally:
        running.stop()


def test_a_bot_thinks_in_a_worker_while_the_host_answers(
        tmp_path: Path, short_socket: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = tmp_path / "gate"
    gate.mkdir()
    monkeypatch.setenv(GATE_ENV, str(gate))
    running = HostThread(tmp_path / "saves", short_socket)
    running.host.bot_pool = BotPool(workers=1, think=gated_think)
    running.start()
    try:
        with Connection(short_socket) as conn:
            game_id, view = neptune_vs_bot(conn)
            mine = play_one(conn, view)
            assert mine.to_move == 1
            wait_for(lambda: any(gate.glob("thinking-*")), timeout=60,
                     what="the bot to think in a worker")
            thinker = int(next(gate.glob("thinking-*")).name.split("-")[1])
            assert thinker != os.getpid()  # not the host's process
            # While the bot thinks, the host answers; the bot has not moved yet.
            rows = conn.request(ListGames(), GameList).games
            row = next(r for r in rows if r.id == game_id)
            assert (row.to_move, len(running.host.games[game_id].session.actions)) == (
                1, mine.actions)
            (gate / "go").touch()
            moved = next_view(conn)
            assert moved.actions == mine.actions + 1
    finally:
        running.stop()


def host_children(pid: int) -> set[int]:
    """The processes the host started (its pool's workers and helpers)."""
    kids: set[int] = set()
    for task in Path(f"/proc/{pid}/task").iterdir():
        with contextlib.suppress(OSError):
            kids |= {int(k) for k in (task / "children").read_text().split()}
    return kids


def gone(pid: int) -> bool:
    """Ended (a zombie whose reaper is slow counts as ended)."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return True
    return stat.rsplit(")", 1)[1].split()[0] in ("Z", "X")


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT, signal.SIGKILL])
def test_a_stopped_host_leaves_no_bot_processes(host: HostProcess, sig: int) -> None:
    with Connection(host.socket) as conn:  # two hard bots: always a search under way
        conn.request(CreateGame(game="neptune", seats=[Seat("A", "hard"), Seat("B", "hard")]),
                     Created)
    proc = host.proc
    assert proc is not None
    wait_for(lambda: host_children(proc.pid), what="the bots' workers to start")
    workers = host_children(proc.pid)
    assert workers
    host.kill(sig)
    wait_for(lambda: all(gone(pid) for pid in workers), what="the workers to end")
    if sig != signal.SIGKILL:
        assert proc.returncode == 0
        assert proc.stderr is not None
        log = proc.stderr.read().decode()
        assert "Traceback" not in log and "Error" not in log, log


def test_a_worker_that_dies_costs_one_decision_not_the_pool(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(GATE_ENV, str(tmp_path))
    info = get_game("neptune")
    rules = info.rules
    state = Session.new(rules, [Seat("A", "normal"), Seat("B", "normal")], 5,
                        default_options(rules)).state
    seat = rules.to_move(state)
    assert seat is not None
    view = to_json(rules.observe(state, seat))

    async def decide(pool: BotPool, rng: random.Random) -> Any:
        chosen = await pool.choose("neptune", "normal", seat, view, rng)
        return msgspec.json.decode(chosen, type=rules.action_type)

    async def main() -> None:
        pool = BotPool(workers=1, think=fragile_think)
        try:
            (tmp_path / "die").touch()
            rng = random.Random(1)
            before = rng.getstate()
            with pytest.raises(BrokenProcessPool):
                await decide(pool, rng)
            assert rng.getstate() == before  # nothing drawn for a lost decision
            action = await decide(pool, rng)  # a new pool for the next one
            assert action in rules.legal_actions(state)
            # The worker's bot drew from the seat's stream as the host's own bot would.
            local = random.Random(1)
            assert info.bots["normal"](rules, local).choose(rules.observe(state, seat),
                                                             seat) == action
            assert rng.getstate() == local.getstate()
        finally:
            pool.close()

    asyncio.run(main())


def test_a_bot_whose_pool_closed_mid_search_plays_no_stand_in_move(
        tmp_path: Path, short_socket: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    gate = tmp_path / "gate"
    gate.mkdir()
    monkeypatch.setenv(GATE_ENV, str(gate))
    running = HostThread(tmp_path / "saves", short_socket)
    pool = running.host.bot_pool = BotPool(workers=1, think=gated_think)
    running.start()
    try:
        with Connection(short_socket) as conn:
            game_id, view = neptune_vs_bot(conn)
            mine = play_one(conn, view)
        game = running.host.games[game_id]
        wait_for(lambda: any(gate.glob("thinking-*")), timeout=60, what="the bot to think")
        pool.close()  # as the host does when it stops: the search is cut off
        wait_for(lambda: game.bot_task is None, what="the bot to give up its turn")
        # No stand-in move was played and saved for it: it moves after a restart.
        assert len(game.session.actions) == mine.actions
        saved = saves.SaveStore(tmp_path / "saves").load(
            tmp_path / "saves" / f"{game_id}.json")
        assert len(saved.actions) == mine.actions
    finally:
        running.stop()
