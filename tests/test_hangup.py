"""A closed terminal ends the app: autosaved, exit 0, no process left running on a dead tty.

The app runs for real in a pseudo-terminal; the test plays to the first turn, then closes the
terminal's master side, as a killed tmux pane or a dropped ssh login does (issue 18).
"""

from __future__ import annotations

import fcntl
import os
import select
import signal
import struct
import sys
import termios
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
EXIT_WAIT = 15.0  # seconds: generous, the suite shares two cores


def read_until(fd: int, text: bytes, timeout: float = 20.0) -> bytes:
    seen = b""
    deadline = time.monotonic() + timeout
    while text not in seen:
        assert time.monotonic() < deadline, f"timed out waiting for {text!r}"
        ready, _, _ = select.select([fd], [], [], 0.1)
        if ready:
            seen += os.read(fd, 65536)
    return seen


def wait_exit(pid: int, timeout: float) -> int | None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            return status
        time.sleep(0.05)
    return None


@pytest.mark.parametrize("sighup", ["default", "ignored"])
def test_the_app_saves_and_exits_when_its_terminal_closes(tmp_path: Path, sighup: str) -> None:
    saves = tmp_path / "saves"
    saves.mkdir()
    pid, master = os.forkpty()
    if pid == 0:  # the child: the app in the pseudo-terminal
        try:
            if sighup == "ignored":  # as under nohup: only the terminal's hang-up tells
                signal.signal(signal.SIGHUP, signal.SIG_IGN)
            os.environ.update(PYTHONPATH=str(ROOT), TERM="xterm-256color")
            os.chdir(ROOT)
            os.execv(sys.executable, [sys.executable, "-m", "tui_games", "--saves", str(saves),
                                      "--seed", "1", "--bot-delay", "0"])
        finally:
            os._exit(127)
    try:
        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        read_until(master, b"Continue")
        os.write(master, b"\r")  # New game
        read_until(master, b"Seat 2")
        os.write(master, b"\r")  # Start: you against a bot; seed 1, the bot opens
        read_until(master, b"Your turn")
        os.close(master)
        master = -1
        status = wait_exit(pid, EXIT_WAIT)
        assert status is not None, "the app kept running after its terminal closed"
        pid = 0
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, (
            f"the app did not exit cleanly: wait status {status}")
        assert list(saves.glob("nebular_colors-*.json")), "no autosave of the open game"
        assert not list(saves.glob(".*.lock")), "the game's lock was left behind"
    finally:
        if master >= 0:
            os.close(master)
        if pid:
            os.kill(pid, signal.SIGKILL)
            os.waitpid(pid, 0)
