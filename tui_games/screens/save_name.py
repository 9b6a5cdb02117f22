"""Asks for the name of a save (ctrl+s in a game)."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Static

MAX_NAME = 60


class SaveNameInput(Input):
    """The name box; enter saves (listed in the Footer)."""

    BINDINGS = [Binding("enter", "submit", "Save")]


class SaveNameScreen(ModalScreen[str | None]):
    """An Input prefilled with ``default``; dismisses with the name, or None on escape."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]

    def __init__(self, default: str, folder: str = "") -> None:
        super().__init__()
        self.default = default
        self.folder = folder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static("Save the game as", classes="dialog-title")
            yield SaveNameInput(self.default, id="save-name", max_length=MAX_NAME,
                                select_on_focus=True)
            if self.folder:
                yield Static(f"in {self.folder}", classes="dialog-note")
            with Horizontal(classes="dialog-buttons"):
                yield Button("Save", id="save", variant="primary")
                yield Button("Cancel", id="cancel")
        yield Footer()

    @on(Input.Submitted)
    @on(Button.Pressed, "#save")
    def _save(self) -> None:
        name = self.query_one("#save-name", Input).value.strip()
        if name:
            self.dismiss(name)
        else:
            self.notify("Type a name for the save.", severity="warning")

    @on(Button.Pressed, "#cancel")
    def action_cancel(self) -> None:
        """Close without saving."""
        self.dismiss(None)
