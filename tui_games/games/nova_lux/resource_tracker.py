"""ResourceTracker: one track of a player mat, 0 to 14, with the cube on its value;
ResourceTracks: a mat's several tracks in one widget, one line each.

Drawn as a label, 14 cells with the cube ``■`` on the value (dots elsewhere), a bar after
the 7th cell (the colony's level) and after the 14th, and the number:
``Water  ··■····|·······| 3``. The shape of the cube, not its colour, shows the value.

A mat shows its five tracks as one ResourceTracks rather than five trackers: Textual
repaints every widget near a change, a cost per widget, and a key that moves a cursor
beside the mat would pay it five times.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

from tui_games.tui.widgets.card import refresh_changed
from tui_games.tui.widgets.line_widget import Line, LineWidget

TRACK_CELLS = 14
MARK_AT = 7
CUBE = "■"
DOT = "·"


def track_text(value: int, cells: int = TRACK_CELLS, mark: int = MARK_AT) -> str:
    """``··■····|·······|``: the cube on ``value`` (none at 0), bars after 7 and 14."""
    out = []
    for i in range(1, cells + 1):
        out.append(CUBE if i == value else DOT)
        if i in (mark, cells):
            out.append("|")
    return "".join(out)


def track_line(label: str, value: int, style: str = "", label_width: int = 0) -> Content:
    """``Water      ··■····|·······|  3``: label (padded to ``label_width``), track, number."""
    track = track_text(value)
    at = track.find(CUBE)
    head = Content.styled(label.ljust(label_width or len(label)) + " ", style)
    if at < 0:
        body = Content.styled(track, "dim")
    else:
        body = Content.assemble((track[:at], "dim"), (CUBE, f"bold {style}".strip()),
                                (track[at + 1:], "dim"))
    return Content.assemble(head, body, f" {value:2d}")


class ResourceTracks(LineWidget):
    """Several labelled tracks, one per line; ``set_values`` repaints the lines that
    changed (see the module; LineWidget keeps each track's line by what it shows)."""

    DEFAULT_CSS = """
    ResourceTracks { width: auto; height: auto; }
    """

    CACHE_LINES = 128  # a track shows one of 15 lines: five tracks, in two looks

    def __init__(self, labels: Sequence[str], styles: Sequence[str] = (), *,
                 label_width: int = 0, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._labels = list(labels)
        self._styles = list(styles) or [""] * len(self._labels)
        self._values = [0] * len(self._labels)
        self._label_width = label_width or max((len(label) for label in labels), default=0)
        self._lines = [self._line(i) for i in range(len(self._labels))]

    @property
    def values(self) -> list[int]:
        """The number on each track."""
        return list(self._values)

    def set_values(self, values: Sequence[int]) -> None:
        """Show ``values`` (one per track); repaints only the tracks that changed."""
        values = list(values)
        changed = [i for i, (old, new) in enumerate(zip(self._values, values, strict=True))
                   if old != new]
        self._values = values
        for i in changed:
            self._lines[i] = self._line(i)
        if changed:
            self.refresh()

    def _line(self, i: int) -> Content:
        return track_line(self._labels[i], self._values[i], self._styles[i],
                          self._label_width)

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """Label, a space, the 16 cells of the track and the number."""
        return self._label_width + 1 + len(track_text(0)) + 3

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One line per track."""
        return len(self._labels)

    def content_lines(self, width: int) -> list[Line]:
        """Each track's line, the same Content objects until its value changes."""
        return list(self._lines)


class ResourceTracker(Widget):
    """A label, the 14-cell track and the number; ``set_value`` repaints on a change."""

    DEFAULT_CSS = """
    ResourceTracker { width: auto; height: 1; }
    """

    def __init__(self, label: str, value: int = 0, *, style: str = "",
                 label_width: int = 0, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._label = label
        self._value = value
        self._style = style
        self._label_width = label_width or len(label)

    @property
    def value(self) -> int:
        """The number on the track."""
        return self._value

    def set_value(self, value: int, label: str | None = None) -> None:
        """Show ``value`` (and a new label); repaints only on a change."""
        label = self._label if label is None else label
        if (value, label) != (self._value, self._label):
            before = self.render()
            self._value, self._label = value, label
            refresh_changed(self, before, self.render())

    def render(self) -> Content:
        """``Water  ··■····|·······|  3``."""
        return track_line(self._label, self._value, self._style, self._label_width)
