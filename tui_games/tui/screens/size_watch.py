"""Every screen follows the terminal's size: below 80x24 it shows the too-small panel.

``SizeWatch`` is a part of GamesApp (mixed into it): on a resize, and on each screen as
it comes to the top, it puts the ``-too-small`` class and the ``TooSmall`` panel on the
screens (see tui_games/tui/screens/too_small.py), and when the terminal is large enough again
gives the focus back to what had it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from weakref import WeakKeyDictionary

from textual.events import Resize
from textual.geometry import Size
from textual.screen import Screen
from textual.widget import Widget

from tui_games.tui.screens.too_small import TOO_SMALL_CLASS, TooSmall, is_too_small

if TYPE_CHECKING:
    from textual.app import App


class SizeWatch:
    """The too-small panel on every screen while the terminal is below 80x24 (see the
    module's docstring)."""

    def __init__(self) -> None:
        super().__init__()
        # What had the focus on each screen when the panel hid it, to give it back.
        self._focus_before_small: WeakKeyDictionary[Screen[Any], Widget] = (
            WeakKeyDictionary())

    @property
    def _games_app(self) -> App[Any]:
        return self  # type: ignore[return-value]

    def on_resize(self, event: Resize) -> None:
        """Below 80x24 every screen shows the too-small panel instead of its content."""
        self._sync_size(event.size)

    def _sync_size(self, size: Size) -> None:
        small = is_too_small(size)
        for screen in self._games_app.screen_stack:
            self._size_screen(screen, small)

    def _size_screen(self, screen: Screen[Any], small: bool) -> None:
        was_small = screen.has_class(TOO_SMALL_CLASS)
        if small and not was_small and screen.focused is not None:
            # Hiding the content takes its focus away: remember it to give it back.
            self._focus_before_small[screen] = screen.focused
        if small and not screen.query_children(TooSmall):
            screen.mount(TooSmall())
        screen.set_class(small, TOO_SMALL_CLASS)
        if was_small and not small:
            screen.call_after_refresh(self._give_focus_back, screen)

    def _give_focus_back(self, screen: Screen[Any]) -> None:
        """After the too-small panel: focus what had it, else the screen's first control."""
        if screen.has_class(TOO_SMALL_CLASS) or screen.focused is not None:
            return
        widget = self._focus_before_small.pop(screen, None)
        if widget is not None and widget.is_attached and widget.focusable:
            screen.set_focus(widget)
        else:
            screen.focus_next()
