"""Layout boxes that cost nothing to repaint: a column and a row of widgets.

Whenever one widget repaints, Textual redraws every widget whose clip overlaps it - each
container around it and all their children - through the styles cache, a tenth of a
millisecond or so apiece. A box with no border and no content of its own is just its
background, which Textual can draw directly when the widget says it is BLANK. Use these for
the table's layout; keep Textual's Vertical/Horizontal for a box that draws a border.
"""

from __future__ import annotations

from textual.containers import Horizontal, Vertical
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget


class FilteredBlank(Widget):
    """A BLANK widget whose background goes through the app's line filters.

    Textual draws a BLANK widget's lines without its line filters, so under NO_COLOR (the
    Monochrome filter) a box's blue-grey background stayed blue between the grey widgets
    in it. The lines are one cached blank strip, and a strip caches what a filter makes of
    it: this costs a lookup or two per frame."""

    BLANK = True

    def render_lines(self, crop: Region) -> list[Strip]:
        strips = super().render_lines(crop)
        filters = self.get_line_filters()
        if not strips or not filters:
            return strips
        _base, background = self.background_colors
        strip = strips[0]
        for line_filter in filters:
            strip = strip.apply_filter(line_filter, background)
        return [strip] * len(strips)


class Column(Vertical, FilteredBlank):
    """A Vertical with no border or content of its own (drawn as plain background)."""


class Row(Horizontal, FilteredBlank):
    """A Horizontal with no border or content of its own (drawn as plain background)."""
