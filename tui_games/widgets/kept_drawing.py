"""KeptDrawing: a widget gives its last drawing again while nothing about it changed, and
draws a changed line without Textual's styles cache when its box is plain.

Textual redraws every widget whose box touches the area a frame repaints, through the
styles cache, even when none of its lines changed: a couple of hundred Python calls a
widget, on every key, for each board or label that merely sits between the cursor and
the status line. A widget that keeps its last drawing (for that crop) hands it back
until it is refreshed or restyled - the two ways its look can change.

A line that did change costs the styles cache as much again: it walks the widget's
ancestors for the background and opacity, rebuilds the line with its padding and runs
the app's colour filters over every segment, each time, though the widgets here hand
out the same strip objects for the same content. For a box with no border, outline,
tint or transparency (padding is fine) the look is worked out once per restyle, each
content strip is padded once, and the filters' results stay cached on the strip.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from textual.color import Color
from textual.geometry import Region, Spacing
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

_PADDED_KEPT = 1024  # padded lines kept per widget (by content strip)


class _Look(NamedTuple):
    """What a plain box adds to its content lines (None: not plain, the styles cache
    draws it)."""

    width: int
    height: int
    padding: Spacing
    background: Color  # given to the app's filters
    inner: Any  # rich Style of the box's background (pads and fills short lines)


class KeptDrawing(Widget):
    """Mixin: ``render_lines`` returns the last drawing of the same crop until the widget
    is refreshed or restyled, and draws a plain box's lines itself (see the module).
    List it before ``Widget``."""

    _kept_drawing: tuple[Region, list[Strip]] | None = None
    _plain_box: _Look | bool | None = False  # False: not worked out since the last restyle
    _padded_lines: dict[int, tuple[Strip, Strip]] | None = None

    def refresh(self, *regions: Any, **kwargs: Any) -> Any:
        """Repaint: the kept drawing is no longer good (a whole repaint, as an ancestor's
        new background or a new size asks for, works the look out again)."""
        self._kept_drawing = None
        if not regions:
            self._plain_box = False
        return super().refresh(*regions, **kwargs)

    def notify_style_update(self) -> None:
        """Restyled (focus, theme, a class): draw again."""
        self._kept_drawing = None
        self._plain_box = False
        super().notify_style_update()

    def render_lines(self, crop: Region) -> list[Strip]:
        """The widget's drawing in ``crop``: the last one while nothing changed."""
        kept = self._kept_drawing
        if kept is not None and kept[0] == crop:
            return kept[1]
        look = self._plain_look()
        if look is None or self._hovering_link():
            strips = super().render_lines(crop)
        else:
            strips = self._draw(look, crop)
        self._kept_drawing = (crop, strips)
        return strips

    def _hovering_link(self) -> bool:
        """The mouse is over a clickable link: the styles cache draws its hover look."""
        if not self.auto_links:
            return False
        hover = self.hover_style
        return bool(hover._link_id and hover._meta and "@click" in hover.meta)

    def _plain_look(self) -> _Look | None:
        look = self._plain_box
        width, height = self.outer_size
        if look is False or (look is not None and (look.width, look.height)  # type: ignore[union-attr]
                             != (width, height)):
            look = self._plain_box = self._work_out_look()
            self._padded_lines = None
        return look  # type: ignore[return-value]

    def _work_out_look(self) -> _Look | None:
        styles = self.styles
        if (self.BLANK or self._border_title is not None
                or self._border_subtitle is not None
                or any(edge for edge, _ in styles.border)
                or any(edge for edge, _ in styles.outline)
                or styles.tint.a or styles.text_opacity != 1.0 or self.opacity != 1.0
                or (styles.has_rule("hatch") and styles.hatch != "none")):
            return None
        base_background, background = self.background_colors
        inner, _ = self._styles_cache.get_inner_outer(base_background, background)
        width, height = self.outer_size
        return _Look(width, height, styles.padding, background, inner.rich_style)

    def _draw(self, look: _Look, crop: Region) -> list[Strip]:
        """``crop`` drawn as the styles cache would; its line cache and dirty lines are
        shared with it (a refresh marks them), so only the lines refreshed are asked for."""
        top, right, bottom, left = look.padding
        content_width = max(0, look.width - left - right)
        content_height = look.height - top - bottom
        cache = self._styles_cache
        if cache._width != look.width:
            cache.clear()
            cache._width = look.width
        lines, dirty = cache._cache, cache._dirty_lines
        padded = self._padded_lines
        if padded is None:
            padded = self._padded_lines = {}
        # Asked each time: a theme can switch the ANSI filter on or off without restyling.
        filters = self.get_line_filters()
        strips: list[Strip] = []
        for y in crop.line_range:
            line = None if y in dirty else lines.get(y)
            if line is None:
                if 0 <= y - top < content_height:
                    line = self._pad(self.render_line(y - top), look, content_width,
                                     padded)
                else:  # a line of the top or bottom padding
                    line = Strip.blank(look.width, look.inner)
                lines[y] = line
            for line_filter in filters:
                line = line.apply_filter(line_filter, look.background)
            strips.append(line)
        dirty.difference_update(crop.line_range)
        if crop.column_span != (0, look.width):
            x1, x2 = crop.column_span
            strips = [strip.crop(x1, x2) for strip in strips]
        return strips

    @staticmethod
    def _pad(content: Strip, look: _Look, content_width: int,
             padded: dict[int, tuple[Strip, Strip]]) -> Strip:
        """A content line padded to the box (once per content strip: the widgets here
        hand out the same strip for the same content, and filters cache on it)."""
        pair = padded.get(id(content))
        if pair is not None and pair[0] is content:
            return pair[1]
        if len(padded) >= _PADDED_KEPT:
            padded.clear()
        _, right, _, left = look.padding
        line = content.adjust_cell_length(content_width, look.inner)
        if left or right:
            line = Strip.join([Strip.blank(left, look.inner), line,
                               Strip.blank(right, look.inner)])
        line = line.adjust_cell_length(look.width, look.inner)
        padded[id(content)] = (content, line)
        return line


class KeptStatic(Static, KeptDrawing):
    """A Static (a label, a line of text) that keeps its last drawing (see the module).
    Static comes first: Textual's CSS type names follow the first base, so rules for
    ``Static`` still apply."""
