"""LineCached: a widget drawn line by line, each distinct line turned into a strip once.

Textual turns a widget's whole content into strips on every repaint: each span's style is
looked up, each line wrapped and padded. For a board of many small styled pieces that is
milliseconds per key, though a cursor or marker key changes one line or two. A LineCached
widget gives its lines as Content (``content_lines``); each line's strip is kept by its
text, spans and width, so a repaint renders only the lines that really changed. The
widget's style and the app's theme are part of the key (colours differ with them).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.content import Content
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from tui_games.widgets.kept_drawing import KeptDrawing

CACHE_LINES = 512  # distinct lines kept per widget: a few turns' worth of boards


Line = Content | Sequence[Content]


def joined(line: Line) -> Content:
    """A line as one Content (its pieces side by side)."""
    return line if isinstance(line, Content) else Content("").join(line)


class LineCached(KeptDrawing, Widget):
    """Base for widgets drawn as Content lines with a strip cache (see the module)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._strips: dict[tuple[object, ...], list[Strip]] = {}
        self._shown: tuple[int, list[Strip]] | None = None
        self.lines_rendered = 0  # lines turned into strips, cache misses (tests)

    def content_lines(self, width: int) -> list[Line]:
        """The widget's lines at ``width`` (overridden): each a Content, or a row of
        pieces (cards, cells) drawn side by side, each piece cached on its own."""
        raise NotImplementedError

    def render(self) -> Content:
        """The same lines as one Content (text extraction, tests)."""
        return Content("\n").join(joined(line) for line in self.content_lines(self.size.width))

    def refresh(self, *regions: Any, **kwargs: Any) -> Any:
        """Repaint: the lines are asked for again (their strips may come from the cache)."""
        self._shown = None
        return super().refresh(*regions, **kwargs)

    def _cached(self, content: Content, width: int, *, pad: bool = False) -> list[Strip]:
        style = self.visual_style
        # The style is part of the key: a focus tint toggles between two sets of strips.
        key = (style, self.app.theme, content.plain, tuple(content.spans), width, pad)
        strips = self._strips.get(key)
        if strips is None:
            if len(self._strips) >= CACHE_LINES:
                self._strips.clear()
            strips = Visual.to_strips(self, content, width, None, style, pad=pad) or [
                Strip([])]
            self._strips[key] = strips
            self.lines_rendered += 1
        return strips

    def _line_strips(self, line: Line, width: int) -> list[Strip]:
        if isinstance(line, Content):
            return self._cached(line, width)
        # A piece keeps its whole width: wrapping would drop its trailing spaces.
        return [Strip.join([self._cached(piece, piece.cell_length, pad=True)[0]
                            for piece in line if piece.cell_length])]

    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the content, from the cache when it was drawn before."""
        width = self.size.width
        if self.text_selection is not None:  # the selection is drawn over the lines
            self._shown = None
            drawn = Visual.to_strips(self, self.render(), width, None, self.visual_style)
            return drawn[y] if 0 <= y < len(drawn) else Strip.blank(width)
        if self._shown is None or self._shown[0] != width:
            strips: list[Strip] = []
            if width > 0:
                for line in self.content_lines(width):
                    strips.extend(self._line_strips(line, width))
            self._shown = (width, strips)
        shown = self._shown[1]
        if 0 <= y < len(shown):
            return shown[y]
        return Strip.blank(width, self.visual_style.rich_style)
