"""Asks for the name of a save (ctrl+s in a game), or for a place to save a copy."""

from __future__ import annotations

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Input, Static

from tui_games.engine.text import printable
from tui_games.tui.screens.dismiss_once import DismissOnce

MAX_NAME = 60
MAX_PATH = 1024


class CleanInput(Input):
    """An Input that never takes control characters and cuts what does not fit.

    Typed or pasted, text is cleaned (engine/text.printable) and cut to the room left
    under ``max_length``, instead of being refused whole when a paste is too long.
    """

    def replace(self, text: str, start: int, end: int) -> None:
        """Put ``text`` (cleaned, cut to fit) between ``start`` and ``end``."""
        text = printable(text)
        if self.max_length:
            start, end = sorted((max(0, start), min(len(self.value), end)))
            room = self.max_length - (len(self.value) - (end - start))
            text = text[:max(room, 0)]
        super().replace(text, start, end)


class SaveNameInput(CleanInput):
    """The name box; enter saves (listed in the Footer)."""

    BINDINGS = [Binding("enter", "submit", "Save")]


class SaveNameScreen(DismissOnce, ModalScreen[str | None]):
    """An Input prefilled with ``default``; dismisses with the name, or None on escape."""

    BINDINGS = [Binding("escape", "cancel", "Cancel")]
    TITLE_TEXT = "Save the game as"

    def __init__(self, default: str, folder: str = "") -> None:
        super().__init__()
        self.default = printable(default)[:MAX_NAME]
        self.folder = folder

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog"):
            yield Static(self.TITLE_TEXT, classes="dialog-title")
            yield SaveNameInput(self.default, id="save-name", max_length=self.max_length,
                                select_on_focus=True)
            if self.folder:
                yield Static(self.note(), classes="dialog-note", markup=False)
            with Horizontal(classes="dialog-buttons"):
                yield Button("Save", id="save", variant="primary")
                yield Button("Cancel", id="cancel")
        yield Footer()

    @property
    def max_length(self) -> int:
        """The longest text the box takes."""
        return MAX_NAME

    def note(self) -> str:
        """The line under the box."""
        return f"in {printable(self.folder)}"

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


class SavePathScreen(SaveNameScreen):
    """Asks where to save a copy when the save folder cannot be written: a folder or a
    file path, prefilled with ``default``; dismisses with the path, or None."""

    TITLE_TEXT = "Save a copy of the game to"

    @property
    def max_length(self) -> int:
        """A path may be long."""
        return MAX_PATH

    def note(self) -> str:
        """Why we ask, and what may be typed."""
        return (f"The save folder {printable(self.folder)} cannot be written. Type a "
                "folder or a file path; ~ is your home folder.")
