"""The main menu: New game, Continue, Load, History, Stats, Rules, Quit, and the games
on offer."""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Label, OptionList, Static
from textual.widgets.option_list import Option

from tui_games.engine.saves import SaveSummary
from tui_games.engine.text import one_line, printable
from tui_games.games import all_games
from tui_games.tui.screens.fields import ChoiceList
from tui_games.tui.screens.names import shown_name

if TYPE_CHECKING:
    from tui_games.tui.app import GamesApp

BANNER = """\
 ·   ✦      ·            ✧          ·      ✦     ·
   ▀█▀ █ █ █   █▀▀ ▄▀█ █▀▄▀█ █▀▀ █▀
    █  █▄█ █   █▄█ █▀█ █ ▀ █ ██▄ ▄█
  ✧       ·       ✦          ·         ✧        ·"""

LABEL_WIDTH = 11
# Dropped in this order when the menu and every game's blurb do not fit the height.
SHORTER = ("-no-tagline", "-no-banner")
# Rows the list of games keeps when it must scroll (one game's two lines, at least).
LEAST_GAMES_HEIGHT = 2


def entry(label: str, detail: str) -> Text:
    """One menu line: the label, then a dim explanation."""
    return Text.assemble((label.ljust(LABEL_WIDTH), "bold"), (detail, "dim"))


def continue_detail(latest: SaveSummary | None) -> str:
    """What Continue would resume, or why it cannot. The title and names come from a
    save file: they are cleaned of control characters (and shown as plain Text)."""
    if latest is None:
        return "no saved game yet"
    players = " vs ".join(shown_name(name) for name in latest.players)
    return one_line(f"{printable(latest.title)}, turn {latest.turn_in_play}: {players}", 120)


class MenuScreen(Screen[None]):
    """The first screen. Enter picks; the letters are shortcuts shown in the Footer."""

    BINDINGS = [
        Binding("n", "app.new_game", "New"),
        Binding("c", "app.continue_game", "Continue"),
        Binding("l", "app.load", "Load"),
        Binding("h", "app.history", "History"),
        Binding("s", "app.stats", "Stats"),
        Binding("r", "app.rules", "Rules"),
        Binding("p", "app.learn", "Learn"),
        Binding("q", "app.quit", "Quit"),
    ]

    def compose(self) -> ComposeResult:
        with Vertical(id="menu-column"):
            yield Static(BANNER, id="banner")
            yield Static("space-themed tabletop games for your terminal", id="tagline")
            yield ChoiceList(
                Option(entry("New game", "choose a game, seats and bots"), id="new"),
                Option(entry("Continue", "no saved game yet"), id="continue", disabled=True),
                Option(entry("Load game", "pick a saved game"), id="load"),
                Option(entry("History", "finished games, to replay move by move"),
                       id="history"),
                Option(entry("Stats", "wins, streaks and scores per game"), id="stats"),
                Option(entry("Rules", "how to play each game"), id="rules"),
                Option(entry("Learn", "to play: a guided first game"), id="learn"),
                Option(entry("Quit", "games save themselves as you play"), id="quit"),
                id="menu",
            )
            with VerticalScroll(id="games"):
                for info in all_games().values():
                    with Horizontal(classes="game-row"):
                        yield Label(info.title, classes="game-title")
                        yield Static(info.blurb, classes="game-blurb")
        yield Footer(compact=True)

    @property
    def games_app(self) -> GamesApp:
        """The app, typed."""
        return cast("GamesApp", self.app)

    def on_mount(self) -> None:
        """Show what Continue would resume."""
        self.refresh_saves()

    def on_resize(self) -> None:
        """Start from the full menu, then drop decoration until it fits (see ``_fit``)."""
        for name in SHORTER:
            self.remove_class(name)
        games = self.query_one("#games", VerticalScroll)
        games.styles.max_height = None
        games.scroll_home(animate=False)
        self.call_after_refresh(self._fit, 0)

    def _fit(self, step: int) -> None:
        """If the column is taller than the screen above the Footer, drop the next
        decoration (the tagline, then the banner); if the games still do not fit, their
        list gets the height that is left and scrolls, so the menu itself never leaves
        the screen however many games there are."""
        column = self.query_one("#menu-column", Vertical)
        over = column.outer_size.height - (self.size.height - 1)
        if over <= 0:
            return
        if step < len(SHORTER):
            self.add_class(SHORTER[step])
            self.call_after_refresh(self._fit, step + 1)
            return
        games = self.query_one("#games", VerticalScroll)
        games.styles.max_height = max(LEAST_GAMES_HEIGHT, games.outer_size.height - over)

    def on_screen_resume(self) -> None:
        """Saves may have changed while another screen was on top."""
        self.refresh_saves()

    def refresh_saves(self) -> None:
        """Enable Continue when a save loads, and say what it would resume."""
        menu = self.query_one("#menu", OptionList)
        latest = self.games_app.store.latest()
        menu.replace_option_prompt("continue", entry("Continue", continue_detail(latest)))
        if latest is None:
            menu.disable_option("continue")
        else:
            menu.enable_option("continue")
        self._offer_online(menu)
        count = len(self.games_app.store.list())
        menu.replace_option_prompt(
            "load", entry("Load game", f"{count} saved game{'s' * (count != 1)}"
                          if count else "no saves yet"))

    def _offer_online(self, menu: OptionList) -> None:
        """Offer "Online" (before Quit) while a host answers on this machine."""
        from tui_games.online import available

        shown = any(option.id == "online" for option in menu.options)
        if available() == shown:
            return
        if shown:
            menu.remove_option("online")
            return
        menu.remove_option("quit")
        menu.add_options([
            Option(entry("Online", "games of the host on this machine"), id="online"),
            Option(entry("Quit", "games save themselves as you play"), id="quit")])

    @on(OptionList.OptionSelected, "#menu")
    def _chosen(self, event: OptionList.OptionSelected) -> None:
        actions = {"new": self.games_app.action_new_game,
                   "continue": self.games_app.action_continue_game,
                   "load": self.games_app.action_load,
                   "history": self.games_app.action_history,
                   "stats": self.games_app.action_stats,
                   "rules": self.games_app.action_rules,
                   "learn": self.games_app.action_learn}
        if event.option.id == "quit":
            self.app.exit()
        elif event.option.id == "online":
            from tui_games.online.screens import LobbyScreen

            self.app.push_screen(LobbyScreen())
        elif event.option.id in actions:
            actions[event.option.id]()
