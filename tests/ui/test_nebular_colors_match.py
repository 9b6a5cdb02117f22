"""A whole Nebular Colors match (short game, to 2 fragments) played by keyboard only against
the easy bot at 80x24, until the game-over screen. The keyboard player is in
test_nebular_colors_play.py; seed 25 gives a short match that still takes piles, melds and
calls Stop."""

from __future__ import annotations

from collections.abc import Callable

from test_nebular_colors_play import KeyboardPlayer, new_session, play_until
from ui_harness import SIZE

from tui_games.engine.saves import SaveStore
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.game_over import GameOverScreen

MakeApp = Callable[..., GamesApp]


async def test_a_whole_short_match_by_keyboard_against_the_easy_bot(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, new_session("easy", "2", seed=25))
    player = KeyboardPlayer(5)
    async with app.run_test(size=SIZE) as pilot:
        summaries = await play_until(
            pilot, player, lambda a: isinstance(a.screen, GameOverScreen))
        state = app.screen_stack[-2].session.state  # the table under the game-over dialog
        assert state.phase == "over"
        assert max(state.fragments) >= 2
        # every hand but the last ended with a summary before the next was dealt
        assert len(summaries) == len(state.results) - 1
        assert {"Draw", "Discard", "Take", "Meld", "EndTurn", "Stop"} <= player.seen
