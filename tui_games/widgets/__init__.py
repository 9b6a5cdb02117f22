"""Reusable widgets shared by the game screens (no widget imports the app or a screen)."""

from tui_games.widgets.log import GameLog
from tui_games.widgets.status import StatusLine

__all__ = ["GameLog", "StatusLine"]
