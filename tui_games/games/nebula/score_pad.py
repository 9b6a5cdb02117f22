"""ScorePad: the score pad as it stands - one column per player, one row per pad line.

The screen fills it with each player's lines (its rules' score pad applied to the
viewer's observation, so a rival's secret objective shows as ``?``) and the total. The
viewer's column and the leaders' totals are marked by text (``▸`` and ``★``), not only
by colour. Under the table an optional ``legend`` line explains a row (given as
wordings, longest first: the first that fits the pane is shown).
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from tui_games.engine.text import fit

Row = tuple[str, tuple[str, ...]]


class ScorePad(Widget):
    """A table: ``names`` across, ``rows`` of (label, one cell per player), a total row."""

    COMPONENT_CLASSES = {"pad--head", "pad--label", "pad--total", "pad--legend", "pad--note"}

    DEFAULT_CSS = """
    ScorePad { width: 1fr; height: auto; }
    ScorePad > .pad--head { text-style: bold; }
    ScorePad > .pad--label { color: $text-muted; }
    ScorePad > .pad--total { text-style: bold; }
    ScorePad > .pad--legend { color: $text-accent; }
    ScorePad > .pad--note { color: $text-muted; text-style: italic; }
    """

    # A change repaints the pad; show_pad asks for a layout pass only when its height
    # changes (a pass arranges the whole screen, and most changes are new numbers).
    names: reactive[tuple[str, ...]] = reactive(())
    rows: reactive[tuple[Row, ...]] = reactive(())
    totals: reactive[tuple[int, ...]] = reactive(())
    you: reactive[int] = reactive(-1)
    note: reactive[str] = reactive("")
    legend: reactive[tuple[str, ...]] = reactive(())

    def show_pad(self, names: Sequence[str], rows: Sequence[Row], totals: Sequence[int],
                 you: int, note: str = "", legend: Sequence[str] = ()) -> None:
        """Show the pad; repaints only what changed. ``legend``: wordings of one line
        under the total, longest first."""
        height = self._height()
        self.names = tuple(names)
        self.rows = tuple(rows)
        self.totals = tuple(totals)
        self.you = you
        self.note = note
        self.legend = tuple(legend)
        if self._height() != height:
            self.refresh(layout=True)

    def _height(self) -> int:
        return 2 + len(self.rows) + (1 if self.note else 0) + (1 if self.legend else 0)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Head, rows, total, the legend and the note."""
        return self._height()

    def render(self) -> Content:
        """The table, with the label column as wide as the space allows."""
        width = self.size.width or 35
        players = max(len(self.names), 1)
        column = max(min((width - 15) // players, 9), 5)
        label_width = max(width - column * players, 8)
        head = [Content(" " * label_width)]
        for seat, name in enumerate(self.names):
            mark = "▸" if seat == self.you else " "
            head.append(Content.styled(fit(mark + name, column - 1).rjust(column), ".pad--head"))
        lines = [Content("").join(head)]
        for label, cells in self.rows:
            line = [Content.styled(fit(label, label_width - 1).ljust(label_width), ".pad--label")]
            line += [Content(fit(cell, column - 1).rjust(column)) for cell in cells]
            lines.append(Content("").join(line))
        best = max(self.totals, default=0)
        total = [Content.styled("Total".ljust(label_width), ".pad--total")]
        for score in self.totals:
            text = ("★" if score == best and best > 0 else "") + str(score)
            total.append(Content.styled(text.rjust(column), ".pad--total"))
        lines.append(Content("").join(total))
        if self.legend:
            legend = next((text for text in self.legend if len(text) <= width),
                          self.legend[-1])
            lines.append(Content.styled(legend, ".pad--legend"))
        if self.note:
            lines.append(Content.styled(self.note, ".pad--note"))
        return Content("\n").join(lines)
