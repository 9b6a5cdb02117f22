"""The side panel in words: what the 80x24 table shortens with "…" or letters, and the
letters' legend (key i); ↑↓ scroll it where it is longer than the terminal."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tui_games.tui.screens.dismiss_once import DismissOnce


class DetailsScreen(DismissOnce, ModalScreen[None]):
    """The cell under the cursor, your factions, your engine, the other players and the
    shorthand's legend, each line whole (wrapped, never cut)."""

    BINDINGS = [
        Binding("escape,enter,i", "close", "Close"),
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="nova-details"):
            yield Static("In words", classes="dialog-title")
            with VerticalScroll(id="nova-details-scroll"):
                # names: text, not markup
                yield Static(Content(self.text), id="nova-details-text")
            yield Static("↑↓ scroll · Esc, Enter or i: back to the table",
                         classes="dialog-hint")
        yield Footer()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)
