"""The rules reference of a game, from its rules.md, in a scrollable Markdown view.

The document is rendered by Rich's Markdown inside one Static: Textual's Markdown widget
builds a widget per block and took seconds to open a rulebook, too slow for F1 mid-game.

The screen opens with the text focused, so the arrows and PageUp/PageDown scroll at once;
the list of games on the left is one Tab away, and [ and ] switch games from anywhere.
"""

from __future__ import annotations

from rich.markdown import Markdown
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tui_games.games import GameInfo, all_games
from tui_games.tui.screens.dismiss_once import DismissOnce
from tui_games.tui.screens.fields import ChoiceList

SCROLL = Binding.Group("Scroll")
SWITCH = Binding.Group("Other game")
CHOOSE = Binding.Group("Choose")
SHOWN = "▸ "  # marks the game whose rules are shown (not by colour alone)


def game_prompt(info: GameInfo, shown: bool) -> str:
    """A line of the game list: the title, marked when its rules are the ones shown."""
    return f"{SHOWN if shown else '  '}{info.title}"


def rules_text(info: GameInfo) -> str:
    """The game's rules document, or a one-line note when it cannot be read."""
    try:
        return info.rules_markdown()
    except (OSError, UnicodeDecodeError, ImportError, TypeError, ValueError) as exc:
        return f"# {info.title}\n\nThe rules document could not be read ({exc})."


class RulesText(VerticalScroll):
    """The rules document; its scroll keys are listed in the Footer."""

    BINDINGS = [
        Binding("up", "scroll_up", "Scroll up", group=SCROLL),
        Binding("down", "scroll_down", "Scroll down", group=SCROLL),
        Binding("pageup", "page_up", "Page up", group=SCROLL, key_display="PgUp"),
        Binding("pagedown", "page_down", "Page down", group=SCROLL, key_display="PgDn"),
        Binding("home", "scroll_home", "Top", show=False),
        Binding("end", "scroll_end", "End", show=False),
        Binding("tab", "screen.focus_games", "Game list"),
    ]


class GameList(ChoiceList):
    """The games whose rules can be read; the highlighted one is shown."""

    BINDINGS = [
        Binding("up", "cursor_up", "Previous game", group=CHOOSE),
        Binding("down", "cursor_down", "Next game", group=CHOOSE),
        Binding("enter", "select", "Read"),
        Binding("tab", "screen.focus_text", "Rules text"),
    ]


class RulesScreen(DismissOnce, Screen[None]):
    """Rules of ``info`` (of the first game without one), with every game to pick from."""

    BINDINGS = [
        Binding("left_square_bracket", "switch(-1)", "Previous game", group=SWITCH),
        Binding("right_square_bracket", "switch(1)", "Next game", group=SWITCH),
        Binding("escape", "close", "Close"),
    ]

    def __init__(self, info: GameInfo | None = None) -> None:
        super().__init__()
        self.info = info
        self.games = list(all_games().values())
        if info is not None and info.id not in {g.id for g in self.games}:
            self.games.append(info)
        self.current = info or self.games[0]

    def compose(self) -> ComposeResult:
        yield Static(Content(f"Rules - {self.current.title}"), id="rules-title",
                     classes="screen-title")
        with Horizontal(id="rules-body"):
            yield GameList(*[Option(game_prompt(g, g.id == self.current.id), id=g.id)
                             for g in self.games], id="rules-games")
            with RulesText(id="rules-scroll"):
                yield Static(Markdown(rules_text(self.current), hyperlinks=False),
                             id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the text so the arrows scroll at once; the list shows which game it is."""
        if not self.is_open:
            return  # closed before it was built
        index = next(i for i, g in enumerate(self.games) if g.id == self.current.id)
        self.query_one("#rules-games", GameList).highlighted = index
        self.action_focus_text()

    @property
    def is_open(self) -> bool:
        """True while this screen is on the app's stack (not closed by a key typed ahead)."""
        return self in self.app.screen_stack

    def show(self, info: GameInfo) -> None:
        """Show the rules of ``info`` from the top."""
        if info.id == self.current.id or not self.is_open:
            return  # (a highlight queued before the screen closed changes nothing)
        games = self.query_one("#rules-games", GameList)
        games.replace_option_prompt(self.current.id, game_prompt(self.current, False))
        games.replace_option_prompt(info.id, game_prompt(info, True))
        self.current = info
        self.query_one("#rules-title", Static).update(Content(f"Rules - {info.title}"))
        self.query_one("#rules-text", Static).update(Markdown(rules_text(info),
                                                              hyperlinks=False))
        self.query_one("#rules-scroll", RulesText).scroll_home(animate=False)

    @on(OptionList.OptionHighlighted, "#rules-games")
    def _pick(self, event: OptionList.OptionHighlighted) -> None:
        self.show(next(g for g in self.games if g.id == event.option.id))

    @on(OptionList.OptionSelected, "#rules-games")
    def _read(self) -> None:
        self.action_focus_text()

    @property
    def _built(self) -> bool:
        """Open and composed: a key typed ahead can reach the screen after it closed."""
        return self.is_open and bool(self.query("#rules-games"))

    def action_switch(self, delta: int) -> None:
        """Show the previous (-1) or next (+1) game's rules, wrapping around."""
        if not self._built:
            return
        games = self.query_one("#rules-games", GameList)
        index = next(i for i, g in enumerate(self.games) if g.id == self.current.id)
        games.highlighted = (index + delta) % len(self.games)

    def action_focus_text(self) -> None:
        """Put the focus on the rules text (the arrows scroll it)."""
        if self._built:
            self.query_one("#rules-scroll", RulesText).focus()

    def action_focus_games(self) -> None:
        """Put the focus on the list of games (the arrows choose a game)."""
        if self._built:
            self.query_one("#rules-games", GameList).focus()

    def action_close(self) -> None:
        """Back to where the rules were opened from."""
        self.dismiss(None)
