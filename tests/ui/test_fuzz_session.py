"""A long session: bot-only games one after another in one app, through the game-over
screen's Rematch (issue 11, the harness). The suite plays a short one of the quickest
game; ``tui-games bench --stress`` plays 50 (see tui_games.soak.long_session).

Memory climbs over the first games while Textual's and Rich's bounded caches fill (48 MB
after game 1, 79 MB by game 23 of a 50-game Neptune session), then stays nearly flat
(84 MB after game 50). What must never grow is what a game leaves behind: no finished
game's table stays in memory, and the second half of the session adds little.
"""

from __future__ import annotations

from pathlib import Path

from tui_games.soak import long_session

GAMES = 10
GROWTH = 0.20  # memory after the last game within 20% of after the middle one


async def test_ten_bot_games_in_one_app_leave_nothing_behind(tmp_path: Path) -> None:
    result = await long_session("neptune", games=GAMES, seed=3, folder=tmp_path / "saves")
    assert result.error is None, result.error
    assert result.games == GAMES
    assert max(result.tables_alive) <= 2, result.tables_alive  # the open table (+ one closing)
    middle = result.rss[GAMES // 2 - 1]
    assert result.rss[-1] / middle - 1 <= GROWTH, [rss // 2**20 for rss in result.rss]
