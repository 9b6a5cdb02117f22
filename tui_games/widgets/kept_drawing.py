"""KeptDrawing: a widget gives its last drawing again while nothing about it changed.

Textual redraws every widget whose box touches the area a frame repaints, through the
styles cache, even when none of its lines changed: a couple of hundred Python calls a
widget, on every key, for each board or label that merely sits between the cursor and
the status line. A widget that keeps its last drawing (for that crop) hands it back
until it is refreshed or restyled - the two ways its look can change.
"""

from __future__ import annotations

from typing import Any

from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static


class KeptDrawing(Widget):
    """Mixin: ``render_lines`` returns the last drawing of the same crop until the widget
    is refreshed or restyled (see the module). List it before ``Widget``."""

    _kept: tuple[Region, list[Strip]] | None = None

    def refresh(self, *regions: Any, **kwargs: Any) -> Any:
        """Repaint: the kept drawing is no longer good."""
        self._kept = None
        return super().refresh(*regions, **kwargs)

    def notify_style_update(self) -> None:
        """Restyled (focus, theme, a class): draw again."""
        self._kept = None
        super().notify_style_update()

    def render_lines(self, crop: Region) -> list[Strip]:
        """The widget's drawing in ``crop``: the last one while nothing changed."""
        kept = self._kept
        if kept is not None and kept[0] == crop:
            return kept[1]
        strips = super().render_lines(crop)
        self._kept = (crop, strips)
        return strips


class KeptStatic(Static, KeptDrawing):
    """A Static (a label, a line of text) that keeps its last drawing (see the module).
    Static comes first: Textual's CSS type names follow the first base, so rules for
    ``Static`` still apply."""
