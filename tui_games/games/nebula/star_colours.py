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
from collections.abc import Collection
from typing import Any, ClassVar

from rich.cells import cell_len
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual.content import Content
from textual.geometry import Region
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
    (wider than its room) still goes through Content.

    A repaint redraws only the rows that changed. Textual passes every row of a repainted
    widget through its styles again (a tenth of a millisecond a row), though a phase key
    changes a few rows of a board (a cursor gone, a token moved on). So a plain refresh
    only notes that the rows may have changed; when the screen asks what to repaint (or
    draws the board anyway), the new rows are compared with the ones on screen and only
    those that differ are drawn again. A change of size or style redraws them all."""

    ALLOW_SELECT: ClassVar[bool] = False  # see LinePainter

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._painter = LinePainter(self)
        self._on_screen: tuple[tuple[object, ...], list[Strip]] | None = None
        self._rows_stale = False  # refreshed: the rows to draw again are not known yet

    def refresh(self, *regions: Any, **kwargs: Any) -> Any:
        """Repaint: a plain repaint defers to the row comparison (see the class)."""
        plain = not regions and kwargs.get("repaint", True) and not kwargs.get(
            "layout") and not kwargs.get("recompose")
        if plain and self.is_mounted and self._on_screen is not None:
            self._rows_stale = True
            # An empty region: the screen learns the board changed, and asks which rows.
            return super().refresh(Region(0, 0, 0, 0))
        self._on_screen = None
        self._rows_stale = False
        return super().refresh(*regions, **kwargs)

    def _drawing_key(self) -> tuple[object, ...]:
        """What every row's look depends on besides its content: a restyle that changes
        none of it (a focus change, for a board no rule styles by focus) redraws no row."""
        styles = self.styles
        return (self.size, self.content_offset, self.visual_style, self.app.theme,
                self.background_colors, styles.tint, styles.background_tint,
                styles.border, styles.outline, styles.padding, styles.opacity,
                styles.text_opacity, styles.hatch, styles.overflow_x, styles.overflow_y)

    def _rows(self) -> list[Strip]:
        return [self.render_line(y) for y in range(self.size.height)]

    def _settle_rows(self) -> list[Region]:
        """The regions of the rows that changed since the last drawing (all of them
        when the size or style changed); those rows are marked to be drawn again."""
        if not self._rows_stale:
            return []
        self._rows_stale = False
        before = self._on_screen
        key, rows = self._drawing_key(), self._rows()
        self._on_screen = (key, rows)
        if before is None or before[0] != key or len(before[1]) != len(rows):
            self._styles_cache.clear()
            return [self.outer_size.region]
        x, y0 = self.content_offset
        width = self.size.width
        changed = [Region(x, y0 + y, width, 1)
                   for y, (old, new) in enumerate(zip(before[1], rows, strict=True))
                   if old != new]
        self._styles_cache.set_dirty(*changed)
        return changed

    def _exchange_repaint_regions(self) -> Collection[Region]:
        regions = [region for region in super()._exchange_repaint_regions() if region]
        return regions + self._settle_rows()

    def render_lines(self, crop: Region) -> list[Strip]:
        """The board's rows through its styles (the changed ones drawn again)."""
        self._settle_rows()
        strips = super().render_lines(crop)
        if self._on_screen is None:
            self._on_screen = (self._drawing_key(), self._rows())
        return strips

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
