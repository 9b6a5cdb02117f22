"""A scoring area summed up by suit: count against threshold, points, penalty, total.

The widget adds nothing up itself: the game passes each suit's numbers (from its rules'
score breakdown, as view.suit_tallies) and the total, and the widget lays them out on as
few lines as fit.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.content import Content
from textual.geometry import Size
from textual.widget import Widget

from tui_games.games.nebular_colors.texts import penalty_text
from tui_games.games.nebular_colors.view import SuitTally
from tui_games.tui.widgets.card import refresh_changed, wrap_tokens


class ScoringArea(Widget):
    """`Green 4 of 3 +6  Yellow 1 of 4 ... · 2 penalty cards cost 0 · score 6`, wrapped
    between cells.

    A suit shows its name in its style and its count against its threshold, with the
    points it earns once the threshold is passed, so the marks read without colour too.
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
        self._note = ""

    @property
    def tallies(self) -> tuple[SuitTally, ...]:
        """The suits shown."""
        return self._tallies

    @property
    def total(self) -> int:
        """The score shown."""
        return self._total

    def set_score(self, tallies: Sequence[SuitTally], penalty_cards: int, penalty: int,
                  total: int, note: str = "") -> None:
        """Show these numbers (and a short ``note`` after the total, in bold); repaints
        only when one of them changed."""
        data = (tuple(tallies), penalty_cards, penalty, total, note)
        if data != (self._tallies, self._penalty_cards, self._penalty, self._total,
                    self._note):
            before = self._content(self.content_size.width)
            (self._tallies, self._penalty_cards, self._penalty, self._total,
             self._note) = data
            refresh_changed(self, before, self._content(self.content_size.width))

    def cells(self) -> list[Content]:
        """Each suit, then the penalty, then the total, as separate pieces of text.

        `Green 1 of 3` (dim) below the threshold, `Purple 7 of 6 +2` past it (the points
        the suit earns, threshold and bonus together), `no penalty cards` or
        `4 penalty cards cost 1`, `score 6`.
        """
        cells: list[Content] = []
        for t in self._tallies:
            style = f".{t.style}" if t.style else ""
            count = Content.assemble((t.label, style), f" {t.count} of {t.threshold}")
            if t.passed:
                cells.append(Content.assemble(count, (f" +{t.points + t.bonus}", "bold")))
            else:
                cells.append(count.stylize("dim", len(t.label)))
        # The pile cards still to meld are the status line's to say: at 80x24 the table
        # has no row for this cell to wrap into.
        penalty = penalty_text(self._penalty_cards, self._penalty)
        cells.append(Content(f"· {penalty}"))
        cells.append(Content.assemble("· ", (f"score {self._total}", "bold")))
        if self._note:
            cells.append(Content.assemble("· ", (self._note, "bold reverse")))
        return cells

    def _content(self, width: int) -> Content:
        return wrap_tokens(self.cells(), width, sep="  ")

    def render(self) -> Content:
        """The cells, wrapped to the width."""
        return self._content(self.content_size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the cells need at ``width``."""
        return len(self._content(width).plain.split("\n"))
