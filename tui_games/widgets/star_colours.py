"""The colours of Nebula's stars, shared by every widget that draws a star.

Each star is drawn as its letter (R P Y W B O, K for black) in a component class named
after it, so the letter carries the meaning and the colour only helps (NO_COLOR reads).
A widget lists ``STAR_COMPONENTS`` in its COMPONENT_CLASSES and ``star_css(name)`` in its
DEFAULT_CSS; styles/nebula.tcss may override them (the light theme does).

``LinePainter`` draws the lines of these boards: a key that moves a cursor changes a few
cells, and the lines holding them must be drawn in well under a millisecond.
"""

from __future__ import annotations

import itertools
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.content import Content
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget

from tui_games.games.nebula.state import STAR_LETTERS
from tui_games.widgets.line_cache import LineCached

_COLOURS = {
    "r": "color: #ff6b6b; text-style: bold;",
    "p": "color: #d787ff; text-style: bold;",
    "y": "color: #ffd75f; text-style: bold;",
    "w": "color: #ffffff; text-style: bold;",
    "b": "color: #5fafff; text-style: bold;",
    "o": "color: #ff9f40; text-style: bold;",
    "k": "color: #a8a8a8; text-style: bold underline;",
}


def star_class(star: int) -> str:
    """The component class of a star colour index (0..5 colours, 6 black)."""
    return f"star-{STAR_LETTERS[star].lower()}"


def star_style(star: int) -> str:
    """The Content style naming ``star``'s component class (``.star-r``)."""
    return f".{star_class(star)}"


STAR_COMPONENTS: set[str] = {star_class(i) for i in range(len(STAR_LETTERS))}


def star_css(widget: str) -> str:
    """DEFAULT_CSS rules colouring the star component classes of ``widget``."""
    return "\n".join(f"{widget} > .star-{key} {{ {rule} }}" for key, rule in _COLOURS.items())


# ---- painting a styled line -----------------------------------------------------------

Spans = tuple[tuple[int, int, str], ...]  # (start, end, style): ".component" or "bold reverse"
PAINTED_LINES = 512  # distinct lines kept per widget style: many cursor positions and turns
STYLES_KEPT = 4  # widget styles kept: focused and not, in a theme or two


class LinePainter:
    """Turns a line of text with styled runs into a Strip, fast, for a Nebula board.

    Textual's Content pipeline wraps, measures and looks every span's style up for each
    line it draws: about half a millisecond a line, paid again for every line a key
    changes that was never drawn before. A board line never wraps and its styles come
    from a dozen component classes, so here each distinct pile of styles (a star's
    colour under the cursor's reverse video, say) is resolved once, by the same rules
    Content uses (the later span on top of the earlier, all over the widget's style), and
    a line is cut into segments at its span edges. Lines are kept by their text and
    spans, per style of the widget (with focus or without, per theme).

    The segments carry no text-selection offsets: widgets painted this way set
    ``ALLOW_SELECT = False`` (a board drawing is not text to copy).
    """

    def __init__(self, widget: Widget) -> None:
        self._widget = widget
        self._base: tuple[object, ...] | None = None
        # Per widget style (focused or not, per theme): the resolved piles and the lines.
        self._kept: dict[tuple[object, ...], tuple[dict[Any, RichStyle], dict[Any, Strip]]]
        self._kept = {}
        self._styles: dict[tuple[str, ...], RichStyle] = {}
        self._strips: dict[tuple[str, Spans, int], Strip] = {}
        self._pad = RichStyle()
        self.painted = 0  # lines turned into strips (the cache missed), for tests

    def strip(self, text: str, spans: Spans, width: int) -> Strip:
        """``text`` with ``spans`` as a strip exactly ``width`` cells wide."""
        widget = self._widget
        base = widget.visual_style
        key = (base, widget.app.theme)
        if key != self._base:
            self._base = key
            if key not in self._kept:
                if len(self._kept) >= STYLES_KEPT:
                    self._kept.clear()
                self._kept[key] = ({}, {})
            self._styles, self._strips = self._kept[key]
            self._pad = (base + VisualStyle(reverse=False)).rich_style
        line = (text, spans, width)
        strip = self._strips.get(line)
        if strip is None:
            if len(self._strips) >= PAINTED_LINES:
                self._strips.clear()
            strip = self._strips[line] = self._paint(text, spans, width, base)
            self.painted += 1
        return strip

    def _paint(self, text: str, spans: Spans, width: int, base: VisualStyle) -> Strip:
        end = len(text)
        cuts = sorted({0, end, *(min(max(a, 0), end) for a, b, _ in spans),
                       *(min(max(b, 0), end) for a, b, _ in spans)})
        segments = []
        for a, b in itertools.pairwise(cuts):
            if a < b:
                stack = tuple(style for start, stop, style in spans if start <= a and b <= stop)
                segments.append(Segment(text[a:b], self._style(stack, base)))
        length = cell_len(text)
        strip = Strip(segments, length)
        if length > width:
            return strip.crop(0, width)
        return strip.extend_cell_length(width, self._pad) if length < width else strip

    def _style(self, stack: tuple[str, ...], base: VisualStyle) -> RichStyle:
        style = self._styles.get(stack)
        if style is None:
            resolve = self._widget._get_style  # how Content resolves ".component" names
            combined = VisualStyle.combine([base, *(resolve(name) for name in stack)])
            style = self._styles[stack] = (base + combined).rich_style
        return style


class PaintedLines(LineCached):
    """A LineCached board whose one-line pieces are drawn by a ``LinePainter``: the strips
    a key needs that were never drawn before (a Time marker one step further on) cost a
    few microseconds instead of Content's half a millisecond. A piece that would wrap
    (wider than its room) still goes through Content."""

    ALLOW_SELECT: ClassVar[bool] = False  # see LinePainter

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._painter = LinePainter(self)

    def _cached(self, content: Content, width: int, *, pad: bool = False) -> list[Strip]:
        text = content.plain
        length = content.cell_length
        if length > width or "\n" in text:
            return super()._cached(content, width, pad=pad)
        painter = self._painter
        before = painter.painted
        spans = tuple((span.start, span.end, span.style) for span in content.spans)
        strip = painter.strip(text, spans, width if pad else length)  # type: ignore[arg-type]
        self.lines_rendered += painter.painted - before
        return [strip]
