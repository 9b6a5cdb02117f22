"""TextLines: plain lines of text that repaint only the lines that changed (see the class)."""

from __future__ import annotations

from textual.content import Content
from textual.geometry import Region, Size
from textual.strip import Strip
from textual.widget import Widget

from tui_games.widgets.kept_drawing import KeptDrawing

TEXT_STRIPS = 256  # lines kept per text widget: a cursor goes back and forth over a few


class TextLines(KeptDrawing, Widget):
    """Plain lines of text, each cut to the width with an ellipsis. A new text repaints
    only the lines that differ; it asks for a layout (a pass over the whole screen) only
    when the line count changes and the height follows the content. Each line is drawn
    straight into a strip (no wrapping to work out) and kept while it is shown.

    Textual draws every widget beside a repainted one again (through its styles, line by
    line): a cursor key on the map redraws the contracts and boards this way, unchanged.
    Until the widget is refreshed or restyled, its last drawing is handed back as it is.
    """

    DEFAULT_CSS = """
    TextLines { height: auto; }
    """

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self._lines: list[str] = []
        self._strips: dict[tuple[str, int], Strip] = {}
        self._style: object = None  # the style the strips were drawn in

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
        if len(lines) != len(old) and (height is None or height.is_auto):
            self.refresh(layout=True)
            return
        width = self.size.width
        self.refresh(*[Region(0, y, width, 1) for y in range(max(len(lines), len(old)))
                       if y >= len(lines) or y >= len(old) or lines[y] != old[y]])

    def render(self) -> Content:
        """The whole text (measuring, text extraction)."""
        return Content(self.text)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """A line per line of text."""
        return len(self._lines)

    def render_line(self, y: int) -> Strip:
        """Line ``y``, cut to the width."""
        width = self.size.width
        style = self.visual_style
        if style != self._style:  # focus, theme or class: draw every line again
            self._style = style
            self._strips.clear()
        line = self._lines[y] if 0 <= y < len(self._lines) else ""
        if len(line) > width:
            line = line[: max(0, width - 1)] + "…"
        key = (line, width)
        strip = self._strips.get(key)
        if strip is None:
            if len(self._strips) >= TEXT_STRIPS:
                self._strips.clear()
            content = Content(line)
            strip = Strip(content.render_segments(style), content.cell_length)
            strip = strip.extend_cell_length(width, style.rich_style).crop(0, width)
            self._strips[key] = strip
        return strip
