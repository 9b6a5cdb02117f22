"""A score tracker like the printed one: a row of tens (0-5) and a row of ones (0-9).

Two markers sit on the circles of the score's tens and ones digits, and the number shows
beside them, so the score reads at a glance and also without colour: each marker is its
digit among empty circles (`○1○○○○` over `○○2○○○○○○○` for 12). A filled circle read as
"one" at a score of 0 (`tens ●○○○○○ 0`): a newcomer learned the rows only once the score
grew. With ``legend`` each row is labelled (`tens`, `ones`).
"""

from __future__ import annotations

from textual.content import Content
from textual.widget import Widget

CIRCLE = "○"
LEGEND = ("tens ", "ones ")  # the rows' labels, as wide as each other


def tracker_rows(score: int, tens: int = 6) -> tuple[str, str]:
    """The two rows of circles for ``score`` (0 and up), each digit on its circle:
    `○1○○○○` and `○○2○○○○○○○` for 12, `0○○○○○` and `0○○○○○○○○○` for 0.

    A score past the tracker's top (60 and more) keeps the tens marker on 5 and adds `+`.
    """
    score = max(score, 0)
    ten = min(score // 10, tens - 1)
    one = score % 10 if score < tens * 10 else score - ten * 10
    top = "".join(str(i) if i == ten else CIRCLE for i in range(tens))
    if score >= tens * 10:
        top += "+"
        one = score % 10
    bottom = "".join(str(i) if i == one else CIRCLE for i in range(10))
    return top, bottom


class ScoreTracker(Widget):
    """Two rows of circles (tens, then ones) with the score beside the tens row.

    ``legend`` puts the rows' labels before them: `tens ○1○○○○ 12` over `ones ○○2○○○○○○○`.
    """

    COMPONENT_CLASSES = {"score-tracker--tens", "score-tracker--ones",
                         "score-tracker--number", "score-tracker--legend"}

    DEFAULT_CSS = """
    ScoreTracker { width: auto; height: 2; }
    ScoreTracker > .score-tracker--tens { color: $text-accent; }
    ScoreTracker > .score-tracker--ones { color: $text-muted; }
    ScoreTracker > .score-tracker--number { text-style: bold; }
    ScoreTracker > .score-tracker--legend { color: $text-muted; }
    """

    def __init__(self, score: int = 0, *, legend: bool = False, name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._score = score
        self._legend = legend

    @property
    def score(self) -> int:
        """The score shown."""
        return self._score

    def set_score(self, score: int) -> None:
        """Show ``score``; repaints only on a change."""
        if score != self._score:
            self._score = score
            self.refresh()

    @property
    def legend(self) -> bool:
        """Whether the rows are labelled."""
        return self._legend

    def render(self) -> Content:
        """`○1○○○○ 12` over `○○2○○○○○○○`, markers in bold; labelled with ``legend``."""
        top, bottom = tracker_rows(self._score)
        tens, ones = LEGEND if self._legend else ("", "")
        return Content.assemble(
            (tens, ".score-tracker--legend"),
            _marked(top, ".score-tracker--tens"),
            " " * max(1, 7 - len(top)),
            (f"{self._score:>2}", ".score-tracker--number"),
            "\n",
            (ones, ".score-tracker--legend"),
            _marked(bottom, ".score-tracker--ones"),
        )


def _marked(row: str, style: str) -> Content:
    """The row in its style, the marker (and any `+`) in bold too."""
    content = Content.styled(row, style)
    for i, ch in enumerate(row):
        if ch != CIRCLE:
            content = content.stylize("bold", i, i + 1)
    return content
