"""A long session: bot-only games one after another in one app, through the game-over
screen's Rematch, without memory growing (issue 11, the harness). The suite plays a
short one of the quickest game; ``tui-games bench --stress`` plays 50."""

from __future__ import annotations

from pathlib import Path

from tui_games.fuzz import long_session

GAMES = 10
GROWTH = 0.20  # memory after the last game within 20% of after the first


async def test_ten_bot_games_in_one_app_keep_memory_flat(tmp_path: Path) -> None:
    result = await long_session("neptune", games=GAMES, seed=3, folder=tmp_path / "saves")
    assert result.error is None, result.error
    assert result.games == GAMES
    assert len(result.rss) == GAMES
    assert result.growth <= GROWTH, [rss // 2**20 for rss in result.rss]
