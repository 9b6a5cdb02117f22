"""The side panel in full: what the 80x24 table shortens with "…" (key i)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tui_games.tui.screens.dismiss_once import DismissOnce


class DetailsScreen(DismissOnce, ModalScreen[None]):
    """The cell under the cursor, your factions, your engine and the other players, each
    line whole (wrapped, never cut)."""

    BINDINGS = [
        Binding("escape,enter,i", "close", "Close"),
    ]

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="nova-details"):
            yield Static("In full", classes="dialog-title")
            yield Static(Content(self.text), id="nova-details-text")  # names: text, not markup
            yield Static("Esc, Enter or i: back to the table", classes="dialog-hint")
        yield Footer()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)
