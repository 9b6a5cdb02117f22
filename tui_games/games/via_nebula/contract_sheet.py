"""The contracts in full: a dialog the table opens with ``c``.

The table's side lists each contract on one line, names cut with ``…`` at 80x24. Here
each reads whole: its name, VP, the resources it needs and what its power does.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tui_games.games.via_nebula.components import contract_text
from tui_games.games.via_nebula.state import HIDDEN, ViaNebulaState
from tui_games.tui.screens.dismiss_once import DismissOnce


def sheet_text(view: ViaNebulaState, viewer: int) -> str:
    """The contracts on display and in the viewer's hand, one paragraph each."""
    shown = [f"• {contract_text(c)}" for c in view.display if c >= 0]
    hand = [f"• {contract_text(c)}" for c in view.hands[viewer] if c != HIDDEN]
    return "\n".join(["On display:", *(shown or ["(none left)"]), "", "In your hand:",
                      *(hand or ["(none)"])])


class ContractSheet(DismissOnce, ModalScreen[None]):
    """Every contract the viewer can see, in full; any of Esc, Enter or c closes it."""

    BINDINGS = [Binding("escape,enter,c", "close", "Close", key_display="esc")]

    def __init__(self, view: ViaNebulaState, viewer: int) -> None:
        super().__init__()
        self.text = sheet_text(view, viewer)

    def compose(self) -> ComposeResult:
        with VerticalScroll(classes="dialog", id="via-sheet"):
            yield Static("Contracts", classes="dialog-title")
            yield Static(Content(self.text), id="via-sheet-text")
        yield Footer()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)
