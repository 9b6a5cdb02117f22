"""Progress toward a goal as filled and empty marks: star fragments `●●○○`."""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget

from tui_games.tui.widgets.card import refresh_changed


class FragmentTracker(Widget):
    """A label and ``total`` marks, ``filled`` of them solid: `Ada ●●○○`.

    Filled and empty marks differ in shape, not only colour; past the total (a match can
    end on 5 of 4) the extra marks still show.
    """

    DEFAULT_CSS = """
    FragmentTracker { width: auto; height: 1; }
    """

    FILLED = "●"
    EMPTY = "○"

    def __init__(self, label: str = "", filled: int = 0, total: int = 4, *,
                 name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._label = label
        self._filled = filled
        self._total = total

    @property
    def filled(self) -> int:
        """How many marks are solid."""
        return self._filled

    @property
    def total(self) -> int:
        """How many marks the goal needs."""
        return self._total

    def set_progress(self, filled: int, total: int | None = None, label: str | None = None,
                     ) -> None:
        """Show ``filled`` of ``total``; repaints only on a change."""
        new = (filled, self._total if total is None else total,
               self._label if label is None else label)
        if new != (self._filled, self._total, self._label):
            before = self.render()
            self._filled, self._total, self._label = new
            refresh_changed(self, before, self.render())

    @property
    def marks(self) -> str:
        """The marks alone, `●●○○`."""
        return self.FILLED * self._filled + self.EMPTY * max(self._total - self._filled, 0)

    def render(self) -> Content:
        """`label ●●○○`."""
        filled = self.FILLED * self._filled
        empty = self.EMPTY * max(self._total - self._filled, 0)
        label = f"{self._label} " if self._label else ""
        return Content.assemble(label, (filled, "bold"), (empty, "dim"))
