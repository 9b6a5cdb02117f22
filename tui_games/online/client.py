"""The connection to a host: blocking, line by line, safe to read in one thread and
write from another (the online table reads in a worker thread)."""

from __future__ import annotations

import contextlib
import os
import socket
import threading
from typing import Any, TypeVar

import msgspec

from tui_games.engine.codec import to_json
from tui_games.engine.core import Action
from tui_games.online import socket_path
from tui_games.online.protocol import (
    MAX_LINE,
    PROTOCOL_VERSION,
    Act,
    Hello,
    HostMessage,
    Refused,
    View,
    Welcome,
    encode,
    host_decoder,
)

T = TypeVar("T")


class HostError(Exception):
    """No host, a host that refused us, or a connection that broke; ``str`` says which."""


class Connection:
    """One connection to the host, greeted: ``user`` is who the host says we are."""

    def __init__(self, path: str | os.PathLike[str] | None = None, *,
                 timeout: float = 5.0, version: int = PROTOCOL_VERSION,
                 claim: str | None = None) -> None:
        """Connect and say hello. ``version`` and ``claim`` (a user name to claim) exist
        for the tests: the host refuses another version and a false claim."""
        self.path = socket_path(path)
        self._buffer = bytearray()
        self._send_lock = threading.Lock()
        self._sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            self._sock.settimeout(timeout)
            self._sock.connect(str(self.path))
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
            return host_decoder.decode(line)
        except (msgspec.ValidationError, msgspec.DecodeError) as exc:
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

