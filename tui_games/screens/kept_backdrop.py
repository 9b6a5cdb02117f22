"""KeptBackdrop: a dialog dims the screen beneath it once, not on every redraw of its own.

A modal screen with a see-through background draws the screen beneath through Textual's
BackgroundScreen: the whole table rendered again and every segment of it blended with
the dimming colour, each time the dialog's own background is drawn - three times while a
round summary opens (its mount, its first layout, its focus), some 10 ms apiece at
80x24. The screen beneath does not change under a dialog that waits for the player, so
the dimmed drawing is kept per size and dimming colour until the dialog closes.
"""

from __future__ import annotations

from typing import Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.segment import Segment
from textual.renderables.background_screen import BackgroundScreen


class _DimmedOnce:
    """The segments of a BackgroundScreen, rendered once per width and height."""

    def __init__(self, backdrop: BackgroundScreen) -> None:
        self.backdrop = backdrop
        self._drawn: dict[tuple[int, int | None], list[Segment]] = {}

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        key = (options.max_width, options.height)
        segments = self._drawn.get(key)
        if segments is None:
            segments = self._drawn[key] = list(
                self.backdrop.__rich_console__(console, options))
        return segments


class KeptBackdrop:
    """Mixin for a ModalScreen whose see-through background is drawn once (see the
    module). A plain class like DismissOnce: list it before ``ModalScreen``."""

    _kept_backdrop: tuple[tuple[object, ...], _DimmedOnce] | None = None

    def render(self) -> Any:
        """The screen's background: the dimmed screen beneath, kept."""
        rendered = super().render()  # type: ignore[misc]
        if not isinstance(rendered, BackgroundScreen):
            return rendered
        key = (id(rendered.screen), rendered.color)
        kept = self._kept_backdrop
        if kept is None or kept[0] != key:
            kept = self._kept_backdrop = (key, _DimmedOnce(rendered))
        return kept[1]
