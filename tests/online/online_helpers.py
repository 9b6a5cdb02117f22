"""Helpers of the online tests: the host process, waiting, who we are."""

from __future__ import annotations

import os
import pwd
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path

from tui_games.online import available

ROOT = Path(__file__).resolve().parents[2]


def wait_for(condition: Callable[[], object], timeout: float = 15.0,
             what: str = "a condition") -> None:
    """Poll ``condition`` until it holds (no fixed sleeps in the tests)."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.01)


class HostProcess:
    """``tui-games host`` on a socket of its own; ``start``/``kill`` as often as needed."""

    def __init__(self, folder: Path, socket: Path, *options: str,
                 max_fds: int | None = None) -> None:
        """``options``: more of ``tui-games host``'s; ``max_fds``: its RLIMIT_NOFILE."""
        self.folder = folder
        self.socket = socket
        self.options = list(options)
        self.max_fds = max_fds
        self.proc: subprocess.Popen[bytes] | None = None

    def _limit(self) -> None:  # in the child, before it runs the host
        if self.max_fds is not None:
            resource.setrlimit(resource.RLIMIT_NOFILE, (self.max_fds, self.max_fds))

    def start(self) -> HostProcess:
        """Start the host and wait until it answers on its socket."""
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tui_games", "host", "--dir", str(self.folder),
             "--socket", str(self.socket), "--bot-delay", "0", *self.options],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
            preexec_fn=self._limit if self.max_fds is not None else None)
        proc = self.proc
        wait_for(lambda: available(self.socket) or proc.poll() is not None,
                 what="the host to listen")
        if proc.poll() is not None:
            raise AssertionError(f"the host exited: {proc.stderr.read().decode()}")  # type: ignore[union-attr]
        return self

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """Send ``sig`` and wait for the process to end."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            self.proc.wait(timeout=10)

    def log(self) -> str:
        """Stop the host (SIGTERM, as a user would) and return everything it logged."""
        self.kill(signal.SIGTERM)
        assert self.proc is not None and self.proc.stderr is not None
        return self.proc.stderr.read().decode()


def me() -> str:
    """The login name of the test's uid, as the host will know it."""
    return pwd.getpwuid(os.getuid()).pw_name
