"""A bot think function for the host's pool that waits for the test to let it answer.

The pool's workers are spawned processes: they import this module by name (the tests'
folder is on the path they inherit) and find the gate folder in the environment.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from tui_games.online.bot_pool import RngState, think

GATE_ENV = "TUI_GAMES_TEST_BOT_GATE"


def gated_think(game: str, level: str, seat: int, view: bytes,
                rng: RngState) -> tuple[bytes, RngState]:
    """Say in the gate folder that this process is thinking, wait for its "go" file (at
    most 60 s), then choose as the real bot would."""
    gate = Path(os.environ[GATE_ENV])
    (gate / f"thinking-{os.getpid()}").touch()
    deadline = time.monotonic() + 60
    while not (gate / "go").exists() and time.monotonic() < deadline:
        time.sleep(0.01)
    return think(game, level, seat, view, rng)


def fragile_think(game: str, level: str, seat: int, view: bytes,
                  rng: RngState) -> tuple[bytes, RngState]:
    """The worker dies (as if killed) once for each "die" file in the gate folder, then
    chooses as the real bot would."""
    die = Path(os.environ[GATE_ENV]) / "die"
    if die.exists():
        die.unlink()
        os._exit(1)
    return think(game, level, seat, view, rng)
