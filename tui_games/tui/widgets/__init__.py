"""Widgets two or more game screens share (none imports the app, a screen or a game: a widget
only one game uses lives in that game's folder, tui_games/games/<id>/)."""

from tui_games.tui.widgets.log import GameLog
from tui_games.tui.widgets.status import StatusLine

__all__ = ["GameLog", "StatusLine"]
