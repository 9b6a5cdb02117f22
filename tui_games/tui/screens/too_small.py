"""What a screen shows instead of its content when the terminal is below 80x24.

The app puts the class ``-too-small`` on every screen while the terminal is too small;
the stylesheet then hides the screen's children and shows its ``TooSmall`` panel, so
nothing is laid out in a space it cannot fit, and it all comes back on resize.
"""

from __future__ import annotations

from textual import events
from textual.app import ComposeResult
from textual.containers import Container
from textual.geometry import Size
from textual.widgets import Static

MIN_WIDTH = 80
MIN_HEIGHT = 24
TOO_SMALL_CLASS = "-too-small"


def is_too_small(size: Size) -> bool:
    """True when ``size`` cannot show the app's screens."""
    return size.width < MIN_WIDTH or size.height < MIN_HEIGHT


def too_small_text(size: Size) -> str:
    """The panel's message for a terminal of ``size``."""
    return (f"Terminal too small\n(need {MIN_WIDTH}x{MIN_HEIGHT}, "
            f"have {size.width}x{size.height})\n\nEnlarge the window to continue.")


class TooSmall(Container):
    """A centred panel saying the terminal is too small; hidden unless it is."""

    def compose(self) -> ComposeResult:
        yield Static(too_small_text(self.app.size), id="too-small-message")

    def on_resize(self, event: events.Resize) -> None:
        """Keep the reported size current while the player resizes."""
        self.query_one("#too-small-message", Static).update(too_small_text(self.app.size))
