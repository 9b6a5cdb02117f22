"""Hot-seat hand-off: covers the table until the next player is at the keyboard."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.content import Content
from textual.screen import Screen
from textual.widgets import Footer, Static

from tui_games.engine.text import printable
from tui_games.tui.screens.dismiss_once import DismissOnce
from tui_games.tui.screens.names import shown_name


class HandoffScreen(DismissOnce, Screen[bool]):
    """"Pass to <name>". Enter dismisses with True; escape with False (leave the game)."""

    BINDINGS = [
        Binding("enter,space", "ready", "I'm ready"),
        Binding("escape", "leave", "Menu"),
    ]

    def __init__(self, name: str, note: str = "") -> None:
        super().__init__()
        self.player = shown_name(name)
        self.note = note

    def compose(self) -> ComposeResult:
        with Middle(), Center(), Vertical(classes="handoff-panel"):
            # Plain Content: a name like "[/x]" is shown as typed, never read as markup.
            yield Static(Content(f"Pass to {self.player}"), classes="handoff-title")
            if self.note:
                yield Static(Content(printable(self.note)), classes="handoff-note")
            yield Static(Content(f"{self.player}: press Enter when the others can't see "
                                 "the screen."), classes="handoff-hint")
        yield Footer()

    def action_ready(self) -> None:
        """The next player is ready: uncover the table."""
        self.dismiss(True)

    def action_leave(self) -> None:
        """Back to the menu (the game is saved)."""
        self.dismiss(False)
