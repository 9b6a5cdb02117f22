"""StarRow: a group of Nebula stars counted by colour, with a cursor on one colour.

It shows a player's Observation Zone (their reserve) or the stars drawn by Turning to
Chaos: ``RR P YYY K`` (a colour held 4 times or more reads ``R×4``), each letter in its
star's colour, the colour under the cursor framed ``[RR]``. ←→ (h/l) move the cursor
between the colours present; ``dimmed`` colours (those the screen says cannot be used
now) are drawn faint but can still be chosen, so the screen can explain why not. The
screen watches ``cursor``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import ClassVar

from textual import events
from textual.binding import Binding
from textual.content import Content, Span
from textual.reactive import reactive

from tui_games.games.nebula.star_colours import star_style
from tui_games.games.nebula.state import STAR_LETTERS
from tui_games.tui.widgets.line_widget import Line, LineWidget

STAR_KINDS = len(STAR_LETTERS)


def group_text(letter: str, count: int) -> str:
    """`R`, `RR`, `RRR`, then `R×4`: a colour's stars as they read in a row."""
    return letter * count if count <= 3 else f"{letter}×{count}"


COMPONENT_RULES = {
    "star-row--label": "color: $text-muted;",
    "star-row--dim": "text-style: dim;",
    "star-row--empty": "color: $text-muted; text-style: italic;",
}
"""The component classes its spans name, and their rules: held by the table's
palette (palette.py), not by the StarRow, so that a focus move restyles the board
alone and not each of its classes as well (issue 17)."""


class StarRow(LineWidget, can_focus=True):
    """Stars counted by colour, with a cursor on one colour (``cursor``, None if empty).

    Painted from a line cache: a phase key redraws this row often (a cursor shown or
    hidden, colours dimmed), and a row drawn before costs nothing to draw again."""

    MERGE_LOOKS = True  # fewer bytes per key (issue 17)

    ALLOW_SELECT: ClassVar[bool] = False  # a board drawing, not text to copy

    DEFAULT_CSS = """
    StarRow { width: 1fr; height: 1; }
    """

    BINDINGS = [
        Binding("left,h", "move(-1)", "Star", key_display="←→", tooltip="(← h Previous star)"),
        Binding("right,l", "move(1)", "Next star", show=False),
    ]

    counts: reactive[tuple[int, ...]] = reactive((0,) * STAR_KINDS)
    cursor: reactive[int | None] = reactive(None)
    label: reactive[str] = reactive("")
    note: reactive[str] = reactive("")
    dimmed: reactive[frozenset[int]] = reactive(frozenset())
    show_cursor: reactive[bool] = reactive(False)
    empty_text: reactive[str] = reactive("none")

    @property
    def present(self) -> list[int]:
        """The colours held, in the game's colour order (black last)."""
        return [star for star, n in enumerate(self.counts) if n]

    def set_stars(self, counts: Sequence[int], dimmed: Iterable[int] = ()) -> None:
        """Show ``counts`` per colour; the cursor stays on its colour while it is held."""
        self.counts = tuple(counts)
        self.dimmed = frozenset(dimmed)
        present = self.present
        if self.cursor not in present:
            self.move_cursor_to(present[0] if present else None)

    def move_cursor_to(self, star: int | None) -> None:
        """Put the cursor on the colour ``star`` (ignored when it is not held)."""
        if star is not None and not self.counts[star]:
            return
        self.cursor = star

    def action_move(self, step: int) -> None:
        """The previous (-1) or next (+1) colour held, wrapping round."""
        present = self.present
        if not present:
            return
        at = present.index(self.cursor) if self.cursor in present else -step
        self.move_cursor_to(present[(at + step) % len(present)])

    def on_click(self, event: events.Click) -> None:
        """A click on a group of stars moves the cursor there."""
        for star, start, end in self._layout():
            if start <= event.x < end:
                self.focus()
                self.move_cursor_to(star)
                return

    def _layout(self) -> list[tuple[int, int, int]]:
        """(colour, start, end) of each group in the rendered line."""
        out = []
        at = len(self.label) + (1 if self.label else 0)
        for star in self.present:
            text = group_text(STAR_LETTERS[star], self.counts[star])
            out.append((star, at, at + len(text) + 2))
            at += len(text) + 2
        return out

    def content_lines(self, width: int) -> list[Line]:
        """The one row (see ``row``)."""
        return [self.row()]

    def row(self) -> Content:
        """`Reserve [RR] P K  note`."""
        text = self.label + (" " if self.label else "")
        spans = [Span(0, len(self.label), ".star-row--label")]
        if not self.present:
            spans.append(Span(len(text), len(text) + len(self.empty_text), ".star-row--empty"))
            text += self.empty_text
        for star, start, _ in self._layout():
            cursor = self.show_cursor and star == self.cursor
            group = group_text(STAR_LETTERS[star], self.counts[star])
            text += ("[" if cursor else " ") + group + ("]" if cursor else " ")
            spans.append(Span(start + 1, start + 1 + len(group), star_style(star)))
            if star in self.dimmed:
                spans.append(Span(start + 1, start + 1 + len(group), ".star-row--dim"))
            if cursor:
                spans.append(Span(start, start + len(group) + 2, "bold reverse"))
        if self.note:
            spans.append(Span(len(text) + 1, len(text) + 1 + len(self.note), ".star-row--label"))
            text += " " + self.note
        return Content(text, spans)
