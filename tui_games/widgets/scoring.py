"""A scoring area summed up by suit: count against threshold, points, penalty, total.

The widget adds nothing up itself: the game passes each suit's numbers (from its rules'
score breakdown) and the total, and the widget lays them out on as few lines as fit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

from tui_games.widgets.card import refresh_changed, wrap_tokens


@dataclass(frozen=True, slots=True)
class SuitTally:
    """One suit of a scoring area.

    ``count`` cards against ``threshold``; ``points`` earned by passing it (0 before) and
    ``bonus`` earned by the cards beyond it. ``style`` is a component class on an ancestor.
    """

    label: str
    style: str
    count: int
    threshold: int
    points: int = 0
    bonus: int = 0

    @property
    def passed(self) -> bool:
        """Whether the threshold has been reached."""
        return self.count >= self.threshold


class ScoringArea(Widget):
    """`G 4/3 +4+2  Y 1/4  B 0/5  P 2/6 · penalty 2 (-0) · score 6`, wrapped between cells.

    A suit shows its letter and count in its style, with `+points` (and `+bonus`) once its
    threshold is passed, so the marks read without colour too.
    """

    DEFAULT_CSS = """
    ScoringArea { height: auto; }
    """

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._tallies: tuple[SuitTally, ...] = ()
        self._penalty_cards = 0
        self._penalty = 0
        self._total = 0

    @property
    def tallies(self) -> tuple[SuitTally, ...]:
        """The suits shown."""
        return self._tallies

    @property
    def total(self) -> int:
        """The score shown."""
        return self._total

    def set_score(self, tallies: Sequence[SuitTally], penalty_cards: int, penalty: int,
                  total: int) -> None:
        """Show these numbers; repaints only when one of them changed."""
        data = (tuple(tallies), penalty_cards, penalty, total)
        if data != (self._tallies, self._penalty_cards, self._penalty, self._total):
            before = self._content(self.content_size.width)
            self._tallies, self._penalty_cards, self._penalty, self._total = data
            refresh_changed(self, before, self._content(self.content_size.width))

    def cells(self) -> list[Content]:
        """Each suit, then the penalty, then the total, as separate pieces of text."""
        cells: list[Content] = []
        for t in self._tallies:
            style = f".{t.style}" if t.style else ""
            gain = ""
            if t.passed:
                gain = f" +{t.points}" + (f"+{t.bonus}" if t.bonus else "")
            count = Content.assemble((f"{t.label} {t.count}/{t.threshold}", style),
                                     (gain, "bold"))
            cells.append(count if t.passed else count.stylize("dim", len(t.label) + 1))
        cells.append(Content(f"· penalty {self._penalty_cards} (-{self._penalty})"))
        cells.append(Content.assemble("· ", (f"score {self._total}", "bold")))
        return cells

    def _content(self, width: int) -> Content:
        return wrap_tokens(self.cells(), width, sep="  ")

    def render(self) -> Content:
        """The cells, wrapped to the width."""
        return self._content(self.content_size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the cells need at ``width``."""
        return len(self._content(width).plain.split("\n"))
