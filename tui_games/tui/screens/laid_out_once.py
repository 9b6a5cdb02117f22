"""LaidOutOnce: a dialog is laid out once when it opens, not twice.

Textual lays a screen out when it is shown, then sends it a Resize for the size it was
just laid out at; the screen's own handler lays it out again, and every screen under it
too. For a dialog that is a second layout and a second whole-screen frame (~7 kB at
80x24) right after its first. A Resize to any other size (the terminal changed) is
handled as Textual does.
"""

from __future__ import annotations

from textual import events


class LaidOutOnce:
    """Mixin for a dialog screen (list it before ``ModalScreen``): a Resize to the size it
    is laid out at already does not lay it out again. A plain class, as DismissOnce is."""

    def on_resize(self, event: events.Resize) -> None:
        # The size the screen was last laid out at (Screen.size is the app's, already new
        # when the terminal has just been resized).
        if event.size == self.outer_size:  # type: ignore[attr-defined]
            event.prevent_default()  # Screen's own handler is the base classes' default
