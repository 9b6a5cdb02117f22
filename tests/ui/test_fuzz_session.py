"""A long session: bot-only games one after another in one app, through the game-over
screen's Rematch (issue 11, the harness). The suite plays a short one of the quickest
game; ``tui-games bench --stress`` plays 50 (see tui_games.tools.soak.long_session).

Issue 11 asks that memory after the last game of a session stay within 20% of memory
after the first. Textual kept every closed game's widgets and their drawing (48 MB after
game 1, 64 MB after game 10, 86 MB after game 50 of a Neptune session) until the app let
go of them whenever a game closes (tui_games.tui.memory): now about 49, 55 and 56 MB. Ten
games hold the same bound; no finished game's table stays in memory.
"""

from __future__ import annotations

from pathlib import Path

from tui_games.tools.soak import long_session

GAMES = 10
GROWTH = 0.20  # memory after the last game within 20% of after the first (issue 11)
# Python's memory blocks kept from game 3 (the caches warmed up) to the last: what is live
# at a game's end varies by some 20k; keeping each closed game's widgets added 90k+.
KEPT_BLOCKS = 50_000


async def test_ten_bot_games_in_one_app_leave_nothing_behind(tmp_path: Path) -> None:
    result = await long_session("neptune", games=GAMES, seed=3, folder=tmp_path / "saves")
    assert result.error is None, result.error
    assert result.games == GAMES
    assert max(result.tables_alive) <= 2, result.tables_alive  # the open table (+ one closing)
    assert result.growth <= GROWTH, [rss // 2**20 for rss in result.rss]
    assert result.blocks[-1] - result.blocks[2] <= KEPT_BLOCKS, result.blocks
