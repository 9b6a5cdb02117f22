"""The rules reference of a game, from its rules.md, in a scrollable Markdown view.

The document is rendered by Rich's Markdown inside one Static: Textual's Markdown widget
builds a widget per block and took seconds to open a rulebook, too slow for F1 mid-game.
"""

from __future__ import annotations

from rich.markdown import Markdown
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from tui_games.games import GameInfo, all_games


def rules_text(info: GameInfo) -> str:
    """The game's rules document, or a one-line note when it cannot be read."""
    try:
        return info.rules_markdown()
    except (OSError, UnicodeDecodeError, ImportError, TypeError, ValueError) as exc:
        return f"# {info.title}\n\nThe rules document could not be read ({exc})."


class RulesScreen(Screen[None]):
    """Rules of ``info``; without one, a list of every game to pick from on the left."""

    BINDINGS = [
        Binding("escape", "close", "Close"),
        Binding("home", "top", "Top"),
        Binding("end", "bottom", "End"),
    ]

    def __init__(self, info: GameInfo | None = None) -> None:
        super().__init__()
        self.info = info
        self.games = list(all_games().values())

    def compose(self) -> ComposeResult:
        current = self.info or self.games[0]
        yield Static(f"Rules - {current.title}", id="rules-title", classes="screen-title")
        with Horizontal(id="rules-body"):
            if self.info is None:
                yield OptionList(*[Option(g.title, id=g.id) for g in self.games],
                                 id="rules-games")
            with VerticalScroll(id="rules-scroll"):
                yield Static(Markdown(rules_text(current), hyperlinks=False), id="rules-text")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the text so the arrows scroll at once."""
        self.query_one("#rules-scroll", VerticalScroll).focus()
        if self.info is None:
            self.query_one("#rules-games", OptionList).highlighted = 0

    @on(OptionList.OptionHighlighted, "#rules-games")
    def _pick(self, event: OptionList.OptionHighlighted) -> None:
        info = next(g for g in self.games if g.id == event.option.id)
        self.query_one("#rules-title", Static).update(f"Rules - {info.title}")
        self.query_one("#rules-text", Static).update(Markdown(rules_text(info),
                                                              hyperlinks=False))
        self.query_one("#rules-scroll", VerticalScroll).scroll_home(animate=False)

    @on(OptionList.OptionSelected, "#rules-games")
    def _read(self) -> None:
        self.query_one("#rules-scroll", VerticalScroll).focus()

    def action_top(self) -> None:
        """Scroll to the start of the rules."""
        self.query_one("#rules-scroll", VerticalScroll).scroll_home(animate=False)

    def action_bottom(self) -> None:
        """Scroll to the end of the rules."""
        self.query_one("#rules-scroll", VerticalScroll).scroll_end(animate=False)

    def action_close(self) -> None:
        """Back to where the rules were opened from."""
        self.dismiss(None)
