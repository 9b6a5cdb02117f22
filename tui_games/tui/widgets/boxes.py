"""Layout boxes that cost nothing to repaint: a column and a row of widgets.

Whenever one widget repaints, Textual redraws every widget whose clip overlaps it - each
container around it and all their children - through the styles cache, a tenth of a
millisecond or so apiece. A box with no border and no content of its own is just its
background, which Textual can draw directly when the widget says it is BLANK. Use these for
the table's layout; keep Textual's Vertical/Horizontal for a box that draws a border.
"""

from __future__ import annotations

from textual.containers import Horizontal, Vertical


class Column(Vertical):
    """A Vertical with no border or content of its own (drawn as plain background)."""

    BLANK = True


class Row(Horizontal):
    """A Horizontal with no border or content of its own (drawn as plain background)."""

    BLANK = True
