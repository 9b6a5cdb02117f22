"""Helpers of the SSH door's tests: a host with ``--ssh`` on a free loopback port, keys
made with ssh-keygen, and Debian's ``ssh`` client run against it."""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import socket
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from online_helpers import ROOT, wait_for

TOOLS = ("ssh", "ssh-keygen", "sftp", "tmux")


def why_not() -> str | None:
    """Why these tests cannot run here (None: they can)."""
    missing = [tool for tool in TOOLS if shutil.which(tool) is None]
    if missing:
        return f"no {', '.join(missing)}: apt-get install openssh-client tmux (.ci/run does)"
    if importlib.util.find_spec("asyncssh") is None:
        return "no asyncssh: pip install 'tui-games[ssh]'"
    return None


needs_ssh = pytest.mark.skipif(why_not() is not None, reason=why_not() or "")


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def make_key(folder: Path, name: str) -> Path:
    """A new ed25519 key pair ``folder/name`` (and ``.pub``)."""
    path = folder / name
    subprocess.run(
        ["ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-C", f"{name}@test", "-f", str(path)],
        check=True,
        capture_output=True,
        timeout=30,
    )
    return path


@dataclass
class DoorHost:
    """``tui-games host --ssh PORT`` with its folder, socket and port."""

    folder: Path
    socket: Path
    options: list[str] = field(default_factory=list)
    port: int = field(default_factory=free_port)
    proc: subprocess.Popen[bytes] | None = None

    @property
    def keys_file(self) -> Path:
        return self.folder / "ssh" / "keys"

    def add_key(self, name: str, key: Path) -> None:
        self.keys_file.parent.mkdir(parents=True, exist_ok=True)
        with self.keys_file.open("a") as out:
            out.write(f"{name} {key.with_suffix('.pub').read_text()}")

    def start(self) -> DoorHost:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tui_games",
                "host",
                "--dir",
                str(self.folder),
                "--socket",
                str(self.socket),
                "--bot-delay",
                "0",
                "--ssh",
                str(self.port),
                "--ssh-bind",
                "127.0.0.1",
                *self.options,
            ],
            cwd=ROOT,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        proc = self.proc
        # The door and the host's own socket both, before any test knocks at either.
        wait_for(
            lambda: (listening(self.port) and self.socket.exists()) or proc.poll() is not None,
            30,
            "the SSH door and the host socket to listen",
        )
        if proc.poll() is not None:
            raise AssertionError(f"the host exited: {proc.stderr.read().decode()}")  # type: ignore[union-attr]
        return self

    def client_args(self, program: str, key: Path, user: str, *options: str) -> list[str]:
        """``ssh`` or ``sftp`` (whose port flag is -P) to this door, nothing taken from
        ~/.ssh."""
        return [
            program,
            "-P" if program == "sftp" else "-p",
            str(self.port),
            "-i",
            str(key),
            "-F",
            "/dev/null",
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "BatchMode=yes",
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "ConnectTimeout=10",
            *options,
            f"{user}@127.0.0.1",
        ]

    def ssh_args(self, key: Path, user: str = "player", *options: str) -> list[str]:
        """An ``ssh`` command line for this door."""
        return self.client_args("ssh", key, user, *options)

    def ssh(
        self,
        key: Path,
        *command: str,
        user: str = "player",
        options: tuple[str, ...] = (),
        timeout: float = 30,
    ) -> subprocess.CompletedProcess[str]:
        """Run ``ssh ... COMMAND`` to the end: its exit code, stdout and stderr."""
        return subprocess.run(
            [*self.ssh_args(key, user, *options), *command],
            capture_output=True,
            text=True,
            timeout=timeout,
            stdin=subprocess.DEVNULL,
        )

    def log_has(self, text: str) -> bool:
        """True once the host has logged ``text`` (its log is read as it comes)."""
        assert self.proc is not None and self.proc.stderr is not None
        if not hasattr(self, "_log"):
            self._log = b""
            os.set_blocking(self.proc.stderr.fileno(), False)
        chunk = self.proc.stderr.read()
        if chunk:
            self._log += chunk
        return text in self._log.decode(errors="replace")

    def stop(self) -> str:
        """SIGTERM, then everything the host logged."""
        if self.proc is None:
            return ""
        if self.proc.stderr is None or self.proc.stderr.closed:
            return getattr(self, "_log", b"").decode(errors="replace")
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        assert self.proc.stderr is not None
        os.set_blocking(self.proc.stderr.fileno(), True)
        self._log = getattr(self, "_log", b"") + self.proc.stderr.read()
        self.proc.stderr.close()
        return self._log.decode(errors="replace")


def tmux_pane(tmux: list[str], name: str) -> str:
    return subprocess.run(
        [*tmux, "capture-pane", "-p", "-t", name], capture_output=True, text=True, timeout=30
    ).stdout


def tmux_session(tmux: list[str], name: str, command: str) -> None:
    """``command`` in a new detached tmux session ``name`` at 80x24, as a player's
    terminal."""
    subprocess.run(
        [*tmux, "new-session", "-d", "-s", name, "-x", "80", "-y", "24",
         "-e", "TERM=xterm-256color", command],
        check=True,
        timeout=30,
    )
