"""What one login can do to the host: clients that never read, idle or hostile
connections, floods of games, deep JSON. Each is refused in a line; others stay served."""

from __future__ import annotations

import errno
import json
import os
import select
import signal
import socket
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from online_helpers import HostProcess, me, wait_for

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat
from tui_games.online import limits, server
from tui_games.online.client import Connection, HostError
from tui_games.online.protocol import (
    MAX_REQUEST,
    Created,
    CreateGame,
    GameList,
    Join,
    Joined,
    Leave,
    ListGames,
    Refused,
    View,
)

MakeHost = Callable[..., HostProcess]


def create(conn: Connection, seats: list[Seat] | None = None) -> str:
    seats = seats or [Seat(me()), Seat(me())]
    return conn.request(CreateGame(game="neptune", seats=seats), Created).game_id


def first_message(sock: socket.socket, timeout: float = 10.0) -> dict[str, object]:
    """The first line the host sends on a raw socket."""
    sock.settimeout(timeout)
    data = b""
    while b"\n" not in data:
        chunk = sock.recv(65536)
        assert chunk, f"closed without a word after {data!r}"
        data += chunk
    return json.loads(data.split(b"\n")[0])


def raw(host: HostProcess) -> socket.socket:
    """A connection that says nothing (yet)."""
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    sock.settimeout(5)
    deadline = time.monotonic() + 10
    while True:
        try:
            sock.connect(str(host.socket))
            return sock
        except BlockingIOError:  # the listen backlog is full: the host is accepting
            if time.monotonic() > deadline:
                raise
            time.sleep(0.01)


def fds_of(pid: int) -> int:
    return len(os.listdir(f"/proc/{pid}/fd"))


def rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def refusals(conn: Connection) -> str:
    while True:
        message = conn.recv(timeout=10)
        if isinstance(message, Refused):
            return message.reason
        assert isinstance(message, View), message


def test_a_spectator_that_never_reads_is_dropped(host: HostProcess) -> None:
    """Views broadcast to a spectator that reads nothing (another player joining and
    leaving) stop at the output limit: it is dropped, and the host stays small."""
    assert host.proc is not None
    with Connection(host.socket) as player, Connection(host.socket) as sleeper:
        game_id = create(player)
        sleeper._sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
        sleeper.send(Join(game_id=game_id, spectate=True))  # and never reads again

        def spectators() -> int:
            return player.request(ListGames(), GameList).games[0].spectators

        wait_for(lambda: spectators() == 1, what="the spectator to sit down")
        peak = 0
        for _ in range(20_000):
            player.request(Join(game_id=game_id, seat=0), Joined)
            player.send(Leave())
            if spectators() == 0:
                break
            peak = max(peak, rss_kib(host.proc.pid))
        assert spectators() == 0, "the spectator was never dropped"
        assert peak < 200 * 1024
        with pytest.raises((HostError, TimeoutError)):  # its views end: cut off
            while True:
                sleeper.recv(timeout=5)
    log = host.log()
    assert f"dropped a connection of {me()}: it read nothing while" in log
    assert "Traceback" not in log


def test_a_connection_that_never_says_hello_is_let_go(make_host: MakeHost) -> None:
    host = make_host("--hello-timeout", "0.2")
    with raw(host) as sock:
        refused = first_message(sock)
        assert refused["type"] == "refused" and refused["fatal"] is True
        assert refused["reason"] == "no hello within 0.2 s"
        assert sock.recv(10) == b""


def test_one_login_never_takes_the_hosts_last_descriptors(make_host: MakeHost) -> None:
    """At ``ulimit -n 128`` (64 kept back: 64 for connections, at most half for one login)
    150 idle connections of one login: all past its share are refused in a line, and the
    host still creates and plays games."""
    host = make_host("--hello-timeout", "60", max_fds=128)
    with Connection(host.socket) as player:
        idle = []
        try:
            for _ in range(150):
                idle.append(raw(host))
            wait_for(lambda: len(select.select(idle, [], [], 0)[0]) == 150 - 31,
                     what="the refusals")
            ready = select.select(idle, [], [], 0)[0]
            reasons = {str(first_message(sock)["reason"]) for sock in ready}
            assert reasons == {f"{me()} has 32 connections to this host already, the most "
                               "one login may have: close some (another tui-games join) "
                               "and try again"}
            game_id = create(player)
            player.request(Join(game_id=game_id, seat=0), Joined)
        finally:
            for sock in idle:
                sock.close()
    assert "Traceback" not in host.log()


def test_a_login_may_have_only_so_many_games_in_play(make_host: MakeHost) -> None:
    host = make_host("--max-games", "3")
    with Connection(host.socket) as conn:
        for _ in range(3):
            create(conn)
        with pytest.raises(HostError) as refused:
            create(conn)
        assert str(refused.value) == (f"{me()} has 3 games in play on this host, the most "
                                      "one login may create: finish one first")


def test_idle_games_hold_no_descriptor(make_host: MakeHost) -> None:
    """One lock for the host's whole folder, not one open file per game; a window still
    cannot open a game the host serves."""
    host = make_host("--max-games", "40")
    assert host.proc is not None
    with Connection(host.socket) as conn:
        create(conn)
        before = fds_of(host.proc.pid)
        ids = [create(conn) for _ in range(30)]
        assert fds_of(host.proc.pid) <= before + 2
    window = SaveStore(host.folder)
    assert window.lock(window.load(host.folder / f"{ids[0]}.json")) is None
    assert window.is_open(host.folder / f"{ids[0]}.json")
    host.kill(signal.SIGTERM)
    lock = window.lock(window.load(host.folder / f"{ids[0]}.json"))  # the host is gone
    assert lock is not None
    lock.release()


DEEP = b"[" * 100_000 + b"]" * 100_000


def test_deep_nesting_is_refused_in_a_line_and_the_connection_lives(
        host: HostProcess) -> None:
    with raw(host) as sock:  # in the hello itself: refused, and hello may follow
        sock.sendall(b'{"type":"hello","version":1,"x":' + DEEP + b"}\n")
        refused = first_message(sock)
        assert refused["reason"] == ("a hello that is not JSON (JSON nested too deeply): "
                                     "say hello")
        assert refused["fatal"] is False
        sock.sendall(b'{"type":"hello","version":1}\n')
        assert first_message(sock)["type"] == "welcome"
    with Connection(host.socket) as conn:
        game_id = create(conn)
        conn._sock.sendall(b'{"type":"list","x":' + DEEP + b"}\n")
        assert refusals(conn) == "not a request of protocol 1 (JSON nested too deeply)"
        conn.request(Join(game_id=game_id, seat=0), Joined)
        conn._sock.sendall(b'{"type":"act","action":' + DEEP + b"}\n")
        assert refusals(conn).endswith("(JSON nested too deeply)")
        assert conn.request(ListGames(), GameList).games[0].id == game_id
    assert "Traceback" not in host.log()


def test_a_too_long_hello_is_refused_as_too_long(host: HostProcess) -> None:
    with raw(host) as sock:
        sock.sendall(b"x" * (MAX_REQUEST + 10) + b"\n")
        refused = first_message(sock)
        assert refused["reason"] == f"a hello longer than {MAX_REQUEST} bytes"


def test_stopping_the_host_logs_no_traceback(host: HostProcess) -> None:
    conns = [Connection(host.socket) for _ in range(3)]
    try:
        create(conns[0])
        conns[1].request(Join(game_id=create(conns[1]), seat=0), Joined)
        log = host.log()
    finally:
        for conn in conns:
            conn.close()
    assert "Traceback" not in log and "CancelledError" not in log, log


def test_at_the_descriptor_limit_create_does_not_blame_the_user(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """getpwnam says "not found" when it could not even open the user database."""
    def lookup_fails(name: str) -> None:
        raise KeyError(name)

    real_open = os.open

    def no_descriptors(path: str, *args: int) -> int:
        if path == "/":
            raise OSError(errno.EMFILE, os.strerror(errno.EMFILE))
        return real_open(path, *args)

    host = server.Host(tmp_path, tmp_path / "host.sock", log=lambda text: None)
    monkeypatch.setattr(limits.pwd, "getpwnam", lookup_fails)
    monkeypatch.setattr(limits.os, "open", no_descriptors)
    made = host.create("ada", CreateGame(game="neptune", seats=[Seat("root"), Seat("ada")]))
    assert made == ("the host cannot look up users now (Too many open files): "
                    "try again later")
