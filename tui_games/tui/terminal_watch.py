"""The app's side of tui_games/tui/hangup.py: when the terminal goes away, the open game is
autosaved and the app ends, asking nothing (nobody can answer).

``TerminalWatch`` is a part of GamesApp (mixed into it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui_games.tui.hangup import (
    POLL_SECONDS,
    exit_soon_regardless,
    listen_for_hangup,
    terminal_fds,
    terminal_gone,
)
from tui_games.tui.screens.game import GameScreen

if TYPE_CHECKING:
    from tui_games.tui.app import GamesApp


class TerminalWatch:
    """Hears of the terminal going away and ends the app (see the module's docstring)."""

    _hung_up = False  # True once hang_up has run: a second notice does nothing

    @property
    def _games_app(self) -> GamesApp:
        return self  # type: ignore[return-value]

    def _watch_terminal(self) -> None:
        """End the app when its terminal goes away (see tui_games/tui/hangup.py)."""
        import asyncio

        listen_for_hangup(asyncio.get_running_loop(), self.hang_up)
        fds = terminal_fds()
        if fds:
            self._games_app.set_interval(POLL_SECONDS,
                                         lambda: terminal_gone(fds) and self.hang_up())

    def hang_up(self) -> None:
        """The terminal is gone: autosave the open game and end, asking nothing (nobody
        can answer). A game that cannot be saved keeps its last autosave."""
        if self._hung_up:
            return
        self._hung_up = True
        app = self._games_app
        for screen in app.screen_stack:
            if isinstance(screen, GameScreen):
                screen.save_on_exit()
        app._release_game()
        exit_soon_regardless()
        app.exit()
