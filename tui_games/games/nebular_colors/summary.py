"""The dialog between two hands of Nebular Colors: how the hand ended, and a way to look."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import Static

from tui_games.tui.screens.dismiss_once import DismissOnce
from tui_games.tui.screens.game_over import summary_text
from tui_games.tui.screens.laid_out_once import LaidOutOnce


class HandSummary(DismissOnce, LaidOutOnce, ModalScreen[bool]):
    """Between two hands: which ending, who scored what and why, the fragments.

    Dismisses with True when the player asks to look at the final table first (r).
    """

    BINDINGS = [
        Binding("enter,escape,space", "next", "Next hand", key_display="⏎"),
        Binding("r,t", "look", "Look at the table", key_display="r"),
    ]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__()
        self._title = title
        self._lines = lines

    def compose(self) -> ComposeResult:
        # Two widgets and no Footer (the note names both keys): each widget costs the
        # first frame a millisecond or two. The lines are text, never markup.
        with Vertical(classes="dialog", id="nc-summary"):
            yield Static(Content(self._title), classes="dialog-title")
            yield Static(summary_text(self._lines, "Enter: deal the next hand.  r: look "
                                      "at the final table and log first."))

    def action_next(self) -> None:
        """Go on to the next hand."""
        self.dismiss(False)

    def action_look(self) -> None:
        """Look at the table and log as the hand ended, then come back here."""
        self.dismiss(True)

    def on_click(self) -> None:
        """A click anywhere continues too."""
        self.dismiss(False)
