"""The connection to a host: blocking, line by line, safe to read in one thread and
write from another (the online table reads in a worker thread)."""

from __future__ import annotations

import contextlib
import os
import pwd
import socket
import struct
import threading
import time
from typing import Any, TypeVar

import msgspec

from tui_games.engine.codec import to_json
from tui_games.engine.core import Action
from tui_games.engine.stats import StatLine
from tui_games.online import socket_path
from tui_games.online.limits import login_name
from tui_games.online.protocol import (
    MAX_LINE,
    PROTOCOL_VERSION,
    Act,
    BadMessage,
    Hello,
    Hinted,
    HostMessage,
    MyStats,
    Refused,
    StatsLines,
    View,
    Welcome,
    decode,
    encode,
    host_decoder,
)

T = TypeVar("T")
HOST_USER_ENV = "TUI_GAMES_HOST_USER"  # join --host-user NAME: the login the host must be


class HostError(Exception):
    """No host, a host that refused us, or a connection that broke; ``str`` says which."""


def check_server(sock: socket.socket, path: os.PathLike[str], host_user: str | None) -> None:
    """Refuse (HostError) a server that is not who should serve on ``path``.

    The operating system says who listens (SO_PEERCRED works both ways). Trusted: the
    login ``host_user`` if given, else the owner of the socket's folder, and always
    ourselves. A folder others can write to is refused outright: anyone could have put
    their own server in the host's place there.
    """
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", creds)
    if uid == os.getuid():
        return
    folder = os.path.dirname(os.path.abspath(path))
    if host_user is not None:
        try:
            expected = pwd.getpwnam(host_user).pw_uid
        except KeyError:
            raise HostError(f"no user {host_user!r} on this machine (--host-user)") from None
        if uid != expected:
            raise HostError(f"the server on {os.fspath(path)} runs as {login_name(uid)}, not "
                            f"{host_user}: refused, nothing was sent to it")
        return
    try:
        info = os.lstat(folder)
    except OSError as exc:
        raise HostError(f"cannot check the socket's folder {folder} "
                        f"({exc.strerror or exc})") from None
    if info.st_mode & (0o022) and not info.st_mode & 0o1000:
        raise HostError(f"{folder} can be written by others, so anyone could serve on "
                        f"{os.fspath(path)}: refused (the host's owner should use a folder "
                        "of their own)")
    if uid != info.st_uid:
        raise HostError(f"the server on {os.fspath(path)} runs as {login_name(uid)}, but "
                        f"{folder} belongs to {login_name(info.st_uid)}: it may be a fake host, "
                        "so nothing was sent to it (if you trust it: join --host-user "
                        f"{login_name(uid)})")


def _connect(sock: socket.socket, path: str, timeout: float) -> None:
    """Connect, waiting out a full listen backlog (a busy host) for up to ``timeout``."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            sock.connect(path)
            return
        except BlockingIOError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.005)


HANDED_FD_ENV = "TUI_GAMES_HANDED_FD"  # set by the SSH door for the session it starts


class HandedDoor:
    """Connections that the host itself hands down, for a session it started (the SSH
    door): the host gave this process one end of a socket pair, and every new connection
    is asked for on it and arrives as a descriptor (SCM_RIGHTS) the host already knows
    as this session's player. Nothing this process says can change who that is."""

    def __init__(self, fd: int) -> None:
        self._control = socket.socket(fileno=fd)
        self._lock = threading.Lock()

    def __str__(self) -> str:
        return "this host"

    def open(self, timeout: float) -> socket.socket:
        """A new connection to the host (HostError when the host is gone)."""
        with self._lock:
            try:
                self._control.settimeout(timeout)
                self._control.sendall(b"c")
                _data, fds, _flags, _addr = socket.recv_fds(self._control, 1, 1)
            except OSError as exc:
                raise HostError(f"the host went away ({exc.strerror or exc})") from None
        if not fds:
            raise HostError("the host closed this session")
        return socket.socket(fileno=fds[0])

    @classmethod
    def from_environment(cls) -> HandedDoor | None:
        """The door of a session the host started ($TUI_GAMES_HANDED_FD), else None."""
        text = os.environ.get(HANDED_FD_ENV, "")
        return cls(int(text)) if text.isdigit() else None


Door = HandedDoor | str | os.PathLike[str] | None


class Connection:
    """One connection to the host, greeted: ``user`` is who the host says we are."""

    def __init__(self, path: Door = None, *,
                 timeout: float = 5.0, version: int = PROTOCOL_VERSION,
                 claim: str | None = None, host_user: str | None = None) -> None:
        """Connect, check who serves, and say hello. The server must run as
        ``host_user`` (default: $TUI_GAMES_HOST_USER, else the owner of the socket's
        folder) or as ourselves; any
        other is refused before anything is sent to it (see ``check_server``).
        ``version`` and ``claim`` (a user name to claim) exist for the tests: the host
        refuses another version and a false claim. A ``HandedDoor`` gives a connection
        the host made itself for this session's player: there is no one else to check."""
        self._buffer = bytearray()
        self._send_lock = threading.Lock()
        if isinstance(path, HandedDoor):
            self._sock = path.open(timeout)
            self._sock.settimeout(timeout)
            self._greet(version, claim)
            return
        self.path = socket_path(path)
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self._sock.settimeout(timeout)
            _connect(self._sock, str(self.path), timeout)
        except FileNotFoundError:
            self._sock.close()
            raise HostError(f"no host is running here (no socket {self.path}); start one "
                            "with: tui-games host") from None
        except ConnectionRefusedError:
            self._sock.close()
            raise HostError(f"no host is running here ({self.path} is left from one that "
                            "stopped); start one with: tui-games host") from None
        except PermissionError:
            self._sock.close()
            raise HostError(f"not allowed to connect to {self.path}: ask the host to add "
                            "you to the socket's group") from None
        except OSError as exc:
            self._sock.close()
            raise HostError(f"cannot reach the host at {self.path} "
                            f"({exc.strerror or exc})") from None
        try:
            check_server(self._sock, self.path,
                         host_user or os.environ.get(HOST_USER_ENV) or None)
        except HostError:
            self._sock.close()
            raise
        self._greet(version, claim)

    def _greet(self, version: int, claim: str | None) -> None:
        self.send(Hello(version=version, user=claim))
        reply = self.recv()
        if isinstance(reply, Refused):
            self.close()
            raise HostError(reply.reason)
        if not isinstance(reply, Welcome):
            self.close()
            raise HostError(f"the host answered {type(reply).__name__} to hello")
        self.user = reply.user
        self.host_user = reply.host_user
        self._sock.settimeout(None)

    def send(self, message: Any) -> None:
        """Send one message (HostError if the connection is gone)."""
        with self._send_lock:
            try:
                self._sock.sendall(encode(message))
            except OSError as exc:
                raise HostError(f"the host went away ({exc.strerror or exc})") from None

    def act(self, action: Action, seen: int | None = None) -> None:
        """Ask the host to play ``action`` for our seat."""
        self.send(Act(action=msgspec.Raw(to_json(action)), seen=seen))

    def hinted(self, seen: int) -> None:
        """Tell the host our player was shown a hint with ``seen`` actions played."""
        self.send(Hinted(seen=seen))

    def recv(self, timeout: float | None = None) -> HostMessage:
        """The next message from the host; HostError when the connection ends.

        ``timeout`` (seconds) raises TimeoutError when nothing whole arrives in time.
        """
        if timeout is not None:
            self._sock.settimeout(timeout)
        try:
            while (end := self._buffer.find(b"\n")) < 0:
                if len(self._buffer) > MAX_LINE:
                    raise HostError("the host sent a line too long to be a message")
                try:
                    chunk = self._sock.recv(65536)
                except TimeoutError:
                    raise
                except OSError as exc:
                    raise HostError(f"the connection broke ({exc.strerror or exc})") from None
                if not chunk:
                    raise HostError("the host closed the connection")
                self._buffer += chunk
        finally:
            if timeout is not None:
                self._sock.settimeout(None)
        line = bytes(self._buffer[:end])
        del self._buffer[:end + 1]
        try:
            return decode(line, host_decoder)
        except BadMessage as exc:
            raise HostError(f"the host sent something this client cannot read ({exc})") \
                from None

    def request(self, message: Any, answer: type[T], timeout: float = 10.0) -> T:
        """Send ``message`` and wait for its ``answer`` (views on the way are skipped);
        a refusal raises HostError with its reason."""
        self.send(message)
        while True:
            reply = self.recv(timeout)
            if isinstance(reply, answer):
                return reply
            if isinstance(reply, Refused):
                raise HostError(reply.reason)
            if not isinstance(reply, View):
                raise HostError(f"the host answered {type(reply).__name__}")

    def request_view(self, timeout: float = 10.0) -> View:
        """The next view (after a join): a refusal raises HostError with its reason."""
        while True:
            reply = self.recv(timeout)
            if isinstance(reply, View):
                return reply
            if isinstance(reply, Refused):
                raise HostError(reply.reason)

    def close(self) -> None:
        """End the connection (a reader blocked in ``recv`` wakes with HostError)."""
        with contextlib.suppress(OSError):
            self._sock.shutdown(socket.SHUT_RDWR)
        self._sock.close()

    def __enter__(self) -> Connection:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def host_stats(path: str | os.PathLike[str] | None = None) -> list[StatLine]:
    """This login's own figures on the host (``tui-games stats --host``); HostError in
    one line when there is no host, or it cannot answer."""
    with Connection(path) as conn:
        return conn.request(MyStats(), StatsLines).lines
