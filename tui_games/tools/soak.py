"""Long sessions: bot-only games one after the other in one app, through the game-over
screen's Rematch, with the memory used after each (issue 11, the harness).

The suite plays a short one (tests/ui/test_fuzz_session.py); ``tui-games bench
--stress`` plays 50. Nothing here is needed to play.

Besides the resident memory (the figure issue 11 sets: after the last game within 20% of
after the first), each game records Python's allocated blocks: those grow only with what
is really kept, where resident memory also follows the allocator. What Textual itself
kept of every closed game is let go of by tui_games.tui.memory.
"""

from __future__ import annotations

import asyncio
import gc
import resource
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual.screen import Screen

from tui_games.engine.core import default_options
from tui_games.engine.session import Seat, Session
from tui_games.games import all_games
from tui_games.tools.fuzz import BASE_SIZE, FuzzApp, bot_level, make_store, players_for
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.game_over import GameOverScreen


def rss_bytes() -> int:
    """This process's resident memory now (Linux /proc), else its peak (getrusage)."""
    try:
        pages = int(Path("/proc/self/statm").read_text().split()[1])
    except (OSError, IndexError, ValueError):
        return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024
    return pages * resource.getpagesize()


@dataclass
class SessionResult:
    """A long bot-vs-bot session: games played and memory after each."""

    game_id: str
    games: int = 0
    rss: list[int] = field(default_factory=list)  # bytes after each game
    blocks: list[int] = field(default_factory=list)  # Python objects' memory blocks after each
    tables_alive: list[int] = field(default_factory=list)  # GameScreens in memory after each
    seconds: float = 0.0
    error: str | None = None

    @property
    def growth(self) -> float:
        """Memory after the last game relative to after the first (0.1 = 10% more)."""
        if len(self.rss) < 2:
            return 0.0
        return self.rss[-1] / self.rss[0] - 1


async def long_session(game_id: str, games: int = 50, seed: int = 1, *,
                       folder: Path | None = None, timeout: float = 120.0,
                       progress: Callable[[int, int], None] | None = None) -> SessionResult:
    """Play ``games`` games of ``game_id`` with bots in every seat in one app, each next
    game through the game-over screen's Rematch key, measuring memory after each."""
    result = SessionResult(game_id)
    info = all_games()[game_id]
    seats = [Seat(f"Bot {i + 1}", bot_level(info)) for i in range(players_for(info))]
    app = FuzzApp(make_store(folder), bot_delay=0)
    started = time.monotonic()
    try:
        async with app.run_test(size=BASE_SIZE) as pilot:
            app.open_game(Session.new(info.rules, seats, seed, default_options(info.rules)))
            last: Screen[Any] | None = None
            while result.games < games:
                deadline = time.monotonic() + timeout
                while not isinstance(app.screen, GameOverScreen) or app.screen is last:
                    if app.return_code is not None or time.monotonic() > deadline:
                        raise TimeoutError(f"game {result.games + 1} did not end")
                    if not isinstance(app.screen, GameScreen | GameOverScreen):
                        await pilot.press("enter")  # a round's summary waits for a key
                    await asyncio.sleep(0.005)
                last = app.screen
                result.games += 1
                gc.collect()
                result.rss.append(rss_bytes())
                result.blocks.append(sys.getallocatedblocks())
                result.tables_alive.append(
                    sum(isinstance(o, GameScreen) for o in gc.get_objects()))
                if progress is not None:
                    progress(result.games, result.rss[-1])
                if result.games < games:
                    await pilot.press("r")  # Rematch: the app's own path to the next game
    except Exception as exc:
        result.error = "".join(traceback.format_exception_only(exc)).strip()
    result.seconds = time.monotonic() - started
    return result
