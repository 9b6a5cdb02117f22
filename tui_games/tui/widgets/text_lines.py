"""TextLines: plain lines of text that repaint only the lines that changed (see the class)."""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Size

from tui_games.engine.text import fit
from tui_games.tui.widgets.line_widget import Line, LineWidget

TEXT_STRIPS = 256  # lines kept per text widget: a cursor goes back and forth over a few


class TextLines(LineWidget):
    """Plain lines of text (never markup), each cut to the width with an ellipsis. A new
    text repaints only the lines that differ (LineWidget); it asks for a layout (a pass
    over the whole screen) only when the line count changes and the height follows the
    content."""

    DEFAULT_CSS = """
    TextLines { height: auto; }
    """

    CACHE_LINES = TEXT_STRIPS
    MERGE_LOOKS = True  # a bold name and the blanks after it go as one run (issue 17)

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self._lines: list[str] = []

    @property
    def text(self) -> str:
        """The text shown (lines joined by newlines)."""
        return "\n".join(self._lines)

    def show(self, text: str) -> None:
        """Show ``text``, a line per newline."""
        lines = text.split("\n") if text else []
        old = self._lines
        if lines == old:
            return
        self._lines = lines
        height = self.styles.height
        self.refresh(layout=len(lines) != len(old) and (height is None or height.is_auto))

    def content_lines(self, width: int) -> list[Line]:
        """Each line, cut to ``width`` with an ellipsis (engine.text.fit)."""
        return [Content(fit(line, width)) for line in self._lines]

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """A line per line of text."""
        return len(self._lines)
