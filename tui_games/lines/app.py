"""``tui-games --lines``: the menus and tables of tui_games.lines on stdin and stdout."""

from __future__ import annotations

import os
import sys
from typing import TextIO

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Session
from tui_games.lines.console import Console
from tui_games.lines.menus import Menus


def run_lines(store: SaveStore, session: Session | None = None, seed: int | None = None,
              source: TextIO | None = None, out: TextIO | None = None,
              width: int | None = None) -> int:
    """Play in lines until Quit or the end of input (which saves the game in play)."""
    console = Console(source or sys.stdin, out or sys.stdout, width)
    code = Menus(console, store, seed).run(session)
    if console.gone and out is None:  # no one reads stdout: its flush at exit must not fail
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    return code
