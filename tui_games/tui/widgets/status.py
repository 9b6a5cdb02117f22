"""The status line: whose turn it is and what can be done now, or why a choice was refused."""

from __future__ import annotations

import textwrap
from functools import lru_cache
from typing import Any

from textual.content import Content
from textual.geometry import Size
from textual.visual import VisualType

from tui_games.engine.text import printable
from tui_games.tui.widgets.line_widget import Line, LineWidget

ERROR_MARK = "✗ "
MAX_LINES = 2
ELLIPSIS = "…"


@lru_cache(maxsize=256)
def fit_lines(text: str, width: int, lines: int = MAX_LINES) -> str:
    """``text`` wrapped at words into at most ``lines`` lines of ``width``; what does not
    fit ends in an ellipsis at a word boundary, never mid-word. (Kept: a cursor key
    shows a text it showed a moment ago, and wrapping is most of a status update.)"""
    if width <= 1:
        return text
    wrapped = textwrap.wrap(text, width, break_long_words=True, break_on_hyphens=False)
    if len(wrapped) <= lines:
        return "\n".join(wrapped)
    kept = wrapped[:lines]
    last = kept[-1]
    while last and len(last) + len(ELLIPSIS) > width:
        last = last.rsplit(" ", 1)[0] if " " in last else last[: width - len(ELLIPSIS)]
    kept[-1] = last.rstrip(" ,;:-") + ELLIPSIS
    return "\n".join(kept)


class StatusLine(LineWidget):
    """One or two lines of guidance under the table.

    ``update(text, error=True)`` shows an explanation of a refused choice: the ``-error``
    class colours it, and a leading cross marks it for terminals without colour. Text
    wraps at words; if it would need a third line it ends in an ellipsis instead of being
    cut mid-sentence. A string is shown as plain text, never parsed as markup, and
    without control characters: status texts carry seat names and other words that
    came from players or save files. Each line drawn is kept (LineWidget): a cursor
    key that moves back and forth between two cards draws nothing new.
    """

    MERGE_LOOKS = True  # fewer bytes per key (issue 17)

    DEFAULT_CSS = """
    StatusLine {
        height: auto;
        max-height: 2;
    }
    """

    def __init__(self, content: VisualType = "", **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._full = printable(str(content))
        self._lines = 0

    def update(self, content: VisualType = "", *, error: bool = False,
               layout: bool = True) -> None:
        """Show ``content``; ``error`` marks it as a refusal (class ``-error``)."""
        self.set_class(error, "-error")
        # Plain text only: an ESC from a save's name must not reach the terminal, and a
        # "[" in a name is just a bracket.
        text = printable(str(content))
        self._full = ERROR_MARK + text if error else text
        width = self.content_size.width
        if width > 0:
            # A layout pass costs the whole screen: only when the line count changes,
            # and never when the stylesheet fixes the height.
            lines = len(self.content_lines(width))
            layout = layout and lines != self._lines and not self._fixed_height()
            self._lines = lines
            if not layout:
                self.refresh()  # LineWidget repaints the line or two whose words changed
                return
        self.refresh(layout=layout)

    def content_lines(self, width: int) -> list[Line]:
        """The text wrapped at words into at most two lines of ``width``."""
        if not self._full:
            return [Content("")]
        return [Content(line) for line in fit_lines(self._full, max(width, 1)).split("\n")]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the text needs at ``width`` (at most two)."""
        return len(self.content_lines(width))

    def on_resize(self) -> None:
        """Re-fit the text to the new width."""
        width = self.content_size.width
        if width > 0 and self._full:
            lines = len(self.content_lines(width))
            self.refresh(layout=lines != self._lines and not self._fixed_height())
            self._lines = lines

    def _fixed_height(self) -> bool:
        """True when the stylesheet gives the line a fixed height (text can't resize it)."""
        height = self.styles.height
        return height is not None and (height.is_cells or height.is_percent)

    @property
    def is_error(self) -> bool:
        """True while an error explanation is shown."""
        return self.has_class("-error")

    @property
    def text(self) -> str:
        """The plain text of the last update, whole (tests and screen readers)."""
        return self._full
