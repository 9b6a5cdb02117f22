"""The game log: the newest lines of what happened, at the bottom, scrollable."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from textual import events
from textual.content import Content

from tui_games.engine.core import Event
from tui_games.engine.grammar import speak_to
from tui_games.engine.text import fit, printable
from tui_games.tui.widgets.line_widget import Line, LineWidget

MAX_LINES = 500  # far more than fits; older lines are dropped to keep it small
NEWER_BELOW = "▼ newer lines below (PgDn, End)"


class GameLog(LineWidget):
    """Shows a game's event log as the viewer may read it, newest line at the bottom.

    The log draws itself from the bottom up, so its newest line is in sight whatever
    height the table leaves it, and a new line costs a repaint of the log alone (no
    layout pass of the screen). The mouse wheel (and the table's PageUp/PageDown/Home/
    End) scrolls back through older lines; a new line brings the view back to the
    newest. ``show(events, viewer, names)`` shows the lines ``viewer`` may read; with
    ``names`` the rules' seat references become names and the viewer's own seat "you".
    The widget does not take focus, so the game screen keeps its own keys. Log text is
    shown as plain text, never parsed as markup, and without control characters. Each
    row is drawn once (LineWidget): a new line shifts the rows on screen, and only the
    new one is drawn.
    """

    can_focus = False

    DEFAULT_CSS = """
    GameLog {
        height: 4;
        overflow: hidden hidden;
    }
    """

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._log_lines: list[str] = []
        self._back = 0  # rows scrolled back from the newest
        self._reader: tuple[tuple[str, ...], int | None] | None = None
        self._spoken: dict[str, str] = {}  # the rules' line -> as this reader reads it
        self._wrapped: dict[tuple[str, int], list[str]] = {}

    @property
    def shown(self) -> list[str]:
        """The lines currently in the log, oldest first."""
        return list(self._log_lines)

    @property
    def newest_in_sight(self) -> bool:
        """True when the log's newest line is on screen."""
        return self._back == 0 and self.content_size.height > 0

    def show(self, log: Sequence[Event], viewer: int | None = None,
             names: Sequence[str] | None = None, *, nobodys_you: bool = False) -> None:
        """Display ``log`` as ``viewer`` reads it; lines hidden from the viewer are skipped.

        ``names`` (one per seat) turn "Seat 2" into a name and the viewer's seat into "you".
        ``nobodys_you``: the lines are spoken to no seat (a spectator), so a seat named
        "You" keeps its name, as the table shows it, rather than "Player 1".
        """
        texts = [printable(text) for event in log if (text := event.for_viewer(viewer))]
        texts = texts[-MAX_LINES:]
        speaker = None if nobodys_you else viewer
        if names is not None:
            reader = (tuple(names), speaker)
            if reader != self._reader or len(self._spoken) > 4 * MAX_LINES:
                # another reader reads every line differently; old lines are not needed
                self._reader, self._spoken = reader, {}
            spoken = self._spoken
            for text in texts:
                if text not in spoken:
                    spoken[text] = printable(speak_to(text, names, speaker))
            texts = [spoken[text] for text in texts]
        if texts != self._log_lines:
            self._log_lines = texts
            self._back = 0
            self.refresh()

    def _rows(self, text: str, width: int) -> list[str]:
        """``text`` wrapped at words to ``width`` columns (cached)."""
        key = (text, width)
        rows = self._wrapped.get(key)
        if rows is None:
            if len(self._wrapped) > 4 * MAX_LINES:
                self._wrapped.clear()
            rows = textwrap.wrap(text, width, break_on_hyphens=False) or [""]
            self._wrapped[key] = rows
        return rows

    def visible_rows(self) -> list[str]:
        """The rows on screen now, top to bottom (tests and screen readers)."""
        width, height = self.content_size.width, self.content_size.height
        if width <= 0 or height <= 0:
            return []
        if not self._back and self._log_lines:
            newest = self._rows(self._log_lines[-1], width)
            if len(newest) > height:
                # Taller than the log (a guided game's one row): its start, not the tail
                # of a wrapped sentence (" guild board."), with "…" where it is cut.
                cut = " ".join(newest[height - 1:])
                return [*newest[:height - 1], fit(cut, width)]
        wanted = height + self._back
        rows: list[str] = []
        for text in reversed(self._log_lines):
            rows[:0] = self._rows(text, width)
            if len(rows) >= wanted:
                break
        end = len(rows) - self._back
        return rows[max(0, end - height):end]

    def content_lines(self, width: int) -> list[Line]:
        """The newest rows that fit; a note in the last row while scrolled back."""
        rows = self.visible_rows()
        if self._back and rows:
            rows[-1] = NEWER_BELOW
        return [Content(row) for row in rows] or [Content("")]

    def scroll_back(self, rows: int) -> None:
        """Move the view ``rows`` rows towards older lines (negative: towards newer)."""
        width, height = self.content_size.width, self.content_size.height
        if width <= 0 or height <= 0:
            return
        total = sum(len(self._rows(text, width)) for text in self._log_lines)
        back = max(0, min(self._back + rows, total - height))
        if back != self._back:
            self._back = back
            self.refresh()

    def scroll_to_end(self, *, oldest: bool) -> None:
        """Show the oldest rows (``oldest``) or the newest."""
        if not oldest:
            self.scroll_back(-self._back)
            return
        width = max(1, self.content_size.width)
        self.scroll_back(sum(len(self._rows(text, width)) for text in self._log_lines))

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        """Older lines."""
        event.stop()
        self.scroll_back(1)

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        """Newer lines."""
        event.stop()
        self.scroll_back(-1)
