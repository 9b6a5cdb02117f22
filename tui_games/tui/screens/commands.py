"""The command palette (ctrl+p): the game commands it offers, and Textual's own ones kept.

``GameCommands`` lists New game, Save, Load, Rules and the rest for the screen on top;
``PaletteCommands`` is a part of GamesApp (mixed into it) that opens the palette and says
which of Textual's own commands a player sees, in plain words.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any, cast

from textual.app import App, SystemCommand
from textual.command import CommandPalette, DiscoveryHit, Hit, Hits, Provider
from textual.screen import Screen

from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.tutorial import learnable
from tui_games.tui.textual_private import GameCommandPalette

if TYPE_CHECKING:
    from tui_games.tui.app import GamesApp


class GameCommands(Provider):
    """Command palette entries: New game, Save, Load, Rules (and Continue)."""

    def _commands(self) -> list[tuple[str, Callable[[], Any], str]]:
        running = self.app
        if not isinstance(running, PaletteCommands):  # only GamesApp has these commands
            return []
        app = cast("GamesApp", running)
        commands: list[tuple[str, Callable[[], Any], str]] = [
            ("New game", app.action_new_game, "Choose a game, seats and bots"),
        ]
        screen = self.screen
        if isinstance(screen, GameScreen):
            commands.append(("Save game", screen.action_save,
                             f"Save this {screen.info.title} game under a name"))
            commands.append((f"Rules: {screen.info.title}", screen.action_rules,
                             "How to play the game on the table"))
        else:
            commands.append(("Continue", app.action_continue_game,
                             "Resume the most recent save"))
        commands.append(("Load game", app.action_load, "Pick a saved game"))
        commands.append(("History", app.action_history, "Finished games, to replay move "
                                                        "by move"))
        commands.append(("Stats", app.action_stats, "Wins, streaks and scores per game"))
        commands.append(("Rules", app.action_rules, "How to play each game"))
        for info in learnable():
            commands.append((f"Learn to play: {info.title}",
                             functools.partial(app.action_learn, info.id),
                             "A guided first game, alone or against an easy bot"))
        return commands

    async def discover(self) -> Hits:
        """The game commands, shown as soon as the palette opens."""
        for name, callback, help_text in self._commands():
            yield DiscoveryHit(name, callback, help=help_text)

    async def search(self, query: str) -> Hits:
        """Game commands matching ``query``."""
        matcher = self.matcher(query)
        for name, callback, help_text in self._commands():
            score = matcher.match(name)
            if score > 0:
                yield Hit(score, matcher.highlight(name), callback, help=help_text)


class PaletteCommands:
    """The app's command palette: the game commands beside Textual's (see the module's
    docstring)."""

    COMMANDS = App.COMMANDS | {GameCommands}

    @property
    def _games_app(self) -> GamesApp:
        return self  # type: ignore[return-value]

    def action_command_palette(self) -> None:
        """The command palette (see GameCommandPalette)."""
        app = self._games_app
        if app.use_command_palette and not CommandPalette.is_open(app):
            app.push_screen(GameCommandPalette(id="--command-palette"))

    def get_system_commands(self, screen: Screen[Any]) -> Iterable[SystemCommand]:
        """Textual's own palette commands that a player can use, in plain words: the
        colours, the keys panel and quitting. Maximize is left out (no screen here has a
        widget worth it, and Esc would then shrink it instead of backing out), and so is
        Screenshot (it writes an SVG file nobody is told about)."""
        app = self._games_app
        yield SystemCommand("Theme", "Change the colours of every screen",
                            app.action_change_theme)
        if screen.query("HelpPanel"):
            yield SystemCommand("Keys", "Hide the panel of keys", app.action_hide_help_panel)
        else:
            yield SystemCommand("Keys", "Show every key of this screen in a side panel "
                                "(Esc hides it)", app.action_show_help_panel)
        yield SystemCommand("Quit", "Leave tui-games (an unfinished game is saved first)",
                            app.action_quit)
