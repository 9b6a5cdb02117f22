"""ResourceTracker: one track of a player mat, 0 to 14, with the cube on its value.

Drawn as a label, 14 cells with the cube ``■`` on the value (dots elsewhere), a bar after
the 7th cell (the colony's level) and after the 14th, and the number:
``Water  ··■····|·······| 3``. The shape of the cube, not its colour, shows the value.
"""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget

from tui_games.widgets.card import refresh_changed

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
        track = track_text(self._value)
        at = track.find(CUBE)
        label = Content.styled(self._label.ljust(self._label_width) + " ", self._style)
        if at < 0:
            body = Content.styled(track, "dim")
        else:
            body = Content.assemble((track[:at], "dim"), (CUBE, f"bold {self._style}".strip()),
                                    (track[at + 1:], "dim"))
        return Content.assemble(label, body, f" {self._value:2d}")
