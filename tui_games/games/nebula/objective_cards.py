"""ObjectiveCards: Nebula's objective cards on the table, with their Career markers.

The four Career objectives (first / later VP, and the players' markers in the order they
were placed: the first one scores the upper value), the four Advanced objectives (their
VP come from the Values board, ``A1``..``A4`` there), and the viewer's secret Personal
objective. Beside each card the viewer reads how it stands for their own Galaxy now:
``✓`` a Career objective that will be marked at the end of the turn, ``×2`` patterns of an
Advanced objective, ``✓``/``✗`` for the Personal one.

The compact form (80x24) says each card in a few plain words that fit its pane (a
highlight is a Highlighted space); the large form the full texts.
"""

from __future__ import annotations

from typing import NamedTuple

from textual.content import Content
from textual.geometry import Size
from textual.reactive import reactive
from textual.widget import Widget

from tui_games.games.nebula.objectives import (
    ADVANCED_DECK,
    CAREER_DECK,
    PERSONAL_DECK,
    PERSONAL_VP,
    Card,
    advanced_short,
    advanced_text,
    career_short,
    career_text,
    personal_text,
)
from tui_games.games.nebula.state import COLOURS


class CardsShown(NamedTuple):
    """What the cards widget shows; the screen builds it from the viewer's observation.

    ``career_marks[i]`` are the names on Career card i, first placed first;
    ``career_ready[i]`` whether the viewer's Galaxy fulfils it now (unmarked);
    ``advanced_counts[i]`` the viewer's patterns for Advanced card i;
    ``personal`` the viewer's kept card id (-1: none), ``personal_holds`` its state now.
    """

    career: tuple[int, ...] = ()
    career_marks: tuple[tuple[str, ...], ...] = ()
    career_ready: tuple[bool, ...] = ()
    advanced: tuple[int, ...] = ()
    advanced_counts: tuple[int, ...] = ()
    personal: int = -1
    personal_holds: bool = False


CAREER_NOTE = "fill all · first/later VP"
"""Every Career card asks for a set of spaces all occupied: the title says it once."""


def personal_short(card: Card) -> str:
    """A Personal card in a few words: `6 P stars`."""
    c = COLOURS[card.param] if card.param >= 0 else ""
    return {
        "indirect_colour": f"{c} on each indirect link",
        "highlighted_colour": f"{c} on 4 highlights",
        "six_of_colour": f"6 {c} stars",
        "two_in_three_constellations": f"2 {c} in 3 constellations",
        "most_black": "most black (ties count)",
        "few_empty": "4 or fewer empty spaces",
        "two_of_each": "2 stars of every colour",
        "orbit_all_different": f"orbit {card.param + 1} full, no repeats",
        "three_adjacent_orbits": "3 adjacent orbits full",
        "opposite_constellations": "2 opposite Const. full",
        "adjacent_constellations": "2 adjacent Const. full",
    }[card.kind]


class ObjectiveCards(Widget):
    """The Career, Advanced and (your) Personal objectives, with markers and progress."""

    COMPONENT_CLASSES = {"cards--title", "cards--note", "cards--marks", "cards--ready",
                         "cards--vp"}

    DEFAULT_CSS = """
    ObjectiveCards { width: 1fr; height: auto; }
    ObjectiveCards > .cards--title { text-style: bold; }
    ObjectiveCards > .cards--note { color: $text-muted; }
    ObjectiveCards > .cards--marks { color: $text-accent; text-style: bold; }
    ObjectiveCards > .cards--ready { color: $text-success; text-style: bold; }
    ObjectiveCards > .cards--vp { color: $text-warning; }
    """

    # A new marker or "✓now" keeps the lines as they were: the watcher asks for a layout
    # pass (of the whole screen) only when the height changes.
    shown: reactive[CardsShown] = reactive(CardsShown, repaint=False)
    large: reactive[bool] = reactive(False, layout=True)

    def watch_shown(self) -> None:
        """Repaint; lay the screen out again only if the cards now take another height
        (never when the stylesheet fixes it: the table's side pane is 12 lines)."""
        width, height = self.content_size.width, self.styles.height
        if height is not None and not height.is_auto:
            self.refresh()
        else:
            self.refresh(layout=width <= 0 or self.get_content_height(
                self.content_size, self.content_size, width) != self.content_size.height)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One line per card and title (the large form wraps long texts)."""
        return self.render().get_height(self.styles, width)

    def render(self) -> Content:
        """Career cards, Advanced cards, the Personal card."""
        s = self.shown
        lines: list[Content] = [self._title("Career", CAREER_NOTE)]
        for i, card_id in enumerate(s.career):
            card = CAREER_DECK[card_id]
            text = career_text(card) if self.large else (
                f"{career_short(card):<20} {card.top}/{card.bottom}")
            marks = s.career_marks[i] if i < len(s.career_marks) else ()
            line = Content(f" {text}")
            if marks:
                line += Content.styled(" " + " ".join(marks), ".cards--marks")
            if i < len(s.career_ready) and s.career_ready[i]:
                line += Content.styled(" ✓now", ".cards--ready")
            lines.append(line)
        if s.advanced:
            # "A4 highlights fully linked you ×1" read as shorthand (issue 31): the count
            # stands in a column under "you have" (wrapped long texts say it each).
            have = "VP from Values · you have"
            lines.append(self._title("Advanced", "VP from the Values board" if self.large
                                     else have))
            for i, card_id in enumerate(s.advanced):
                card = ADVANCED_DECK[card_id]
                count = s.advanced_counts[i] if i < len(s.advanced_counts) else 0
                if self.large:
                    lines.append(Content.assemble(f" A{i + 1} {advanced_text(card)}",
                                                  (f": you have {count}", ".cards--vp")))
                    continue
                room = len("Advanced  " + have) - len(f" A{i + 1} ") - len(str(count)) - 1
                lines.append(Content.assemble(f" A{i + 1} {advanced_short(card):<{room}}",
                                              (f" {count}", ".cards--vp")))
        if s.personal >= 0:
            card = PERSONAL_DECK[s.personal]
            lines.append(self._title("Personal", f"secret, {PERSONAL_VP} VP"))
            text = personal_text(card) if self.large else personal_short(card)
            state = (" ✓ holds", ".cards--ready") if s.personal_holds else (" ✗ not yet",
                                                                             ".cards--note")
            lines.append(Content.assemble(f" {text}", state))
        return Content("\n").join(lines)

    @staticmethod
    def _title(title: str, note: str) -> Content:
        return Content.assemble((title, ".cards--title"), (f"  {note}", ".cards--note"))
