"""The end of a Nova Lux game that nobody won."""

from __future__ import annotations

from tui_games.tui.screens.game_over import GameOverScreen


class NobodyWinsScreen(GameOverScreen):
    """The end of a game nobody won (a lost solo game, a semi-cooperative game that ran
    out of hydrogen): the shared game-over screen with a headline that says so."""

    def headline_text(self) -> str:
        """Nobody's name: the game beat everyone."""
        return "Nobody wins: the universe collapsed first."
