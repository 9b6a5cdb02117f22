"""A dialog's buttons as one line: one widget instead of a Button each.

Four Buttons cost a game-over dialog about 8 ms of the key-to-first-frame time (each is
a widget with its own styles, border rows and focus); the row draws the same choices as
one line. Left and right move the choice, Enter or Space presses it, a click presses the
one under the pointer. Only the chosen answer is marked, and only while the row has focus
(reverse as well as colour, so it still shows under NO_COLOR).
"""

from __future__ import annotations

from typing import NamedTuple

from textual.binding import Binding
from textual.content import Content
from textual.events import Click
from textual.message import Message
from textual.reactive import reactive
from textual.widget import Widget

GAP = 3  # columns between two answers


class RowChoice(NamedTuple):
    """One answer of a ChoiceRow: what it returns and its label (with its key)."""

    answer: str
    label: str


class ChoiceRow(Widget, can_focus=True):
    """Answers side by side on one line, centred; posts ``ChoiceRow.Pressed``."""

    DEFAULT_CSS = """
    ChoiceRow {
        width: 100%;
        height: 1;
    }
    """
    BINDINGS = [
        Binding("left", "move(-1)", "Previous answer", show=False),
        Binding("right", "move(1)", "Next answer", show=False),
        Binding("enter,space", "press", "Press", show=False),
    ]

    chosen: reactive[int] = reactive(0)

    class Pressed(Message):
        """An answer was pressed (Enter, Space or a click)."""

        def __init__(self, row: ChoiceRow, answer: str) -> None:
            super().__init__()
            self.row = row
            self.answer = answer

        @property
        def control(self) -> ChoiceRow:
            """The row that was pressed."""
            return self.row

    def __init__(self, choices: list[RowChoice], chosen: str = "", *,
                 id: str | None = None) -> None:
        super().__init__(id=id)
        self.choices = list(choices)
        answers = [choice.answer for choice in self.choices]
        self.set_reactive(ChoiceRow.chosen, answers.index(chosen) if chosen in answers else 0)

    @property
    def answer(self) -> str:
        """The answer Enter would press now."""
        return self.choices[self.chosen].answer

    def _spans(self) -> list[tuple[int, int]]:
        """Each answer's (first column, end column) on the row as it is drawn now."""
        widths = [len(choice.label) + 2 for choice in self.choices]  # a space either side
        total = sum(widths) + GAP * (len(widths) - 1)
        x = max(0, (self.size.width - total) // 2)
        spans = []
        for width in widths:
            spans.append((x, x + width))
            x += width + GAP
        return spans

    def render(self) -> Content:
        """The answers, the chosen one marked while the row has focus."""
        parts: list[Content | str] = []
        spans = self._spans()
        parts.append(" " * spans[0][0] if spans else "")
        for index, choice in enumerate(self.choices):
            if index:
                parts.append(" " * GAP)
            marked = index == self.chosen and self.has_focus
            style = "bold reverse $text-primary on $background" if marked else "$text on $panel"
            parts.append(Content.styled(f" {choice.label} ", style))
        return Content.assemble(*parts)

    def watch_chosen(self) -> None:
        self.refresh()

    def on_focus(self) -> None:
        self.refresh()

    def on_blur(self) -> None:
        self.refresh()

    def action_move(self, step: int) -> None:
        """Choose the answer ``step`` places along (round at the ends, as Tab does)."""
        self.chosen = (self.chosen + step) % len(self.choices)

    def action_press(self) -> None:
        """Press the chosen answer."""
        self.post_message(self.Pressed(self, self.answer))

    def on_click(self, event: Click) -> None:
        """Press the answer under the pointer (a click between two presses nothing)."""
        for index, (start, end) in enumerate(self._spans()):
            if start <= event.x < end:
                self.chosen = index
                self.action_press()
                return
