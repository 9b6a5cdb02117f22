"""LineWidget: a widget drawn line by line from a cache, the way Textual's Log and OptionList
draw theirs (``render_line``, a ``textual.cache.LRUCache``, ``refresh(Region)``).

A subclass says what its lines show (``content_lines``). Each line, or each piece of a row
of pieces (a card, a cell), is turned into strips once and kept by what it shows, its width
and the widget's style. When the widget is refreshed, the rows are laid out again and only
those that differ from the ones on screen are repainted, and of each such row only the
columns up to its last changed cell (``changed_span``): a cursor key that moves a marker
redraws a few cells, not the board, and Textual's compositor writes only those to the
terminal (over SSH, bytes are what a player waits for). When the box around the rows
changed as well (a border title, a colour), the whole widget is. The style a strip is kept
by is the widget's own and its component classes' (``look_key``): Textual restyles a widget
on every focus change, most often to the same look, and then the rows on screen stand; a
restyle that changes the look (a :focus tint, a theme) repaints everything, and the strips
kept for the other look are there when it comes back. A resize clears the cache (every
strip's width may differ).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence
from contextlib import contextmanager
from functools import cache

from textual import events
from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Region
from textual.strip import Strip
from textual.visual import Visual
from textual.widget import Widget

from tui_games.tui.widgets.strip_changes import changed_regions, merged

Line = Content | Sequence[Content]


def joined(line: Line) -> Content:
    """A line as one Content (its pieces side by side)."""
    return line if isinstance(line, Content) else Content("").join(line)


def shows(content: Content) -> Hashable:
    """What a Content shows: its text and spans (Content's ``==`` compares the text alone)."""
    return (content.plain, tuple(content.spans))


_held: dict[LineWidget, None] | None = None  # the widgets refreshed inside repaint_once


@contextmanager
def repaint_once() -> Iterator[None]:
    """Inside it, a LineWidget's plain refresh waits for the end, where each widget that
    was refreshed lays its rows out once and repaints those that changed: a table's
    refresh sets one reactive after another, and each would lay the rows out and compare
    them again (nested: the outermost one repaints)."""
    global _held
    if _held is not None:
        yield
        return
    _held = {}
    try:
        yield
    finally:
        widgets, _held = _held, None
        for widget in widgets:
            widget.refresh()


@cache
def component_names(cls: type[Widget]) -> tuple[str, ...]:
    """The component classes of ``cls`` and its bases, as Textual gathers them."""
    names: set[str] = set()
    for base in cls.__mro__:
        names.update(base.__dict__.get("COMPONENT_CLASSES", ()))
    return tuple(sorted(names))


class LineWidget(Widget):
    """Base for widgets drawn as Content lines with a line cache (see the module)."""

    CACHE_LINES = 1024  # lines and pieces kept: a few turns' worth of boards
    MERGE_LOOKS = False
    """Join segments that look alike before a strip is kept (``merged``): fewer bytes to
    the terminal, the same cells (a subclass turns it on; its snapshots' SVG groups
    cells differently, so it is not on for every widget at once)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        # Set before Widget's __init__, which may restyle the widget already.
        self._line_cache: LRUCache[Hashable, list[Strip]] = LRUCache(self.CACHE_LINES)
        self._laid_out: list[Strip] | None = None  # the rows on screen (None: not known)
        self._laid_out_width = 0
        self._box: Hashable = None  # box() when the rows were laid out
        self._cache_width: int | None = None  # the width the cached strips were drawn at
        self._look: Hashable = None  # look_key() until the next restyle (None: not known)
        # Lines by the identity of their Content objects, for the look they were drawn in.
        self._seen: LRUCache[Hashable, tuple[tuple[Content, ...], list[Strip]]] = LRUCache(
            self.CACHE_LINES)
        self._seen_look: Hashable = None
        self.lines_rendered = 0  # lines and pieces turned into strips: cache misses (tests)
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]

    def content_lines(self, width: int) -> list[Line]:
        """The widget's lines at ``width`` (overridden): each a Content, or a row of pieces
        drawn side by side, each piece cached on its own."""
        raise NotImplementedError

    def render(self) -> Content:
        """The same lines as one Content (text extraction, tests)."""
        return Content("\n").join(joined(line) for line in self.content_lines(self.size.width))

    def strips(self, content: Content, width: int, *, pad: bool = False) -> list[Strip]:
        """``content`` drawn at ``width`` in the widget's style, from the cache if it was
        drawn before."""
        key = (shows(content), width, pad, self.look_key())
        strips = self._line_cache.get(key)
        if strips is None:
            strips = (Visual.to_strips(self, content, width, None, self.visual_style, pad=pad)
                      or [Strip([])])
            if self.MERGE_LOOKS:
                strips = [merged(strip) for strip in strips]
            self._line_cache.set(key, strips)
            self.lines_rendered += 1
        return strips

    def line_strips(self, line: Line, width: int) -> list[Strip]:
        """The strips of one line: a Content wrapped to ``width``, or a row of pieces.

        A line of the very Content objects drawn before (a widget that keeps its lines
        until what they show changes: a refresh for a focus change lays the rows out
        again) is found by identity, without working out what it shows: a Content is
        immutable, so the same objects draw the same strips at one width and look."""
        look = self.look_key()
        if look is not self._seen_look:
            if look != self._seen_look:
                self._seen.clear()
            self._seen_look = look
        pieces = (line,) if isinstance(line, Content) else tuple(line)
        # The key holds the ids; the entry holds the objects, so no id is reused meanwhile.
        key = (width if isinstance(line, Content) else None, *map(id, pieces))
        seen = self._seen.get(key)
        if seen is None:
            seen = (pieces, self._line_strips(line, width))
            self._seen.set(key, seen)
        return seen[1]

    def _line_strips(self, line: Line, width: int) -> list[Strip]:
        """line_strips, by what the line shows."""
        if isinstance(line, Content):
            # Padded when merged: Textual pads a short line with a segment of its own,
            # after the merge, and so sends the blanks' colour codes again.
            return self.strips(line, width, pad=self.MERGE_LOOKS)
        # Kept whole as well, once per row shown (pieces repeat in many rows): a row that
        # did not change is then the strip on screen, and compares at once.
        key = ("row", tuple(shows(piece) for piece in line), self.look_key())
        kept = self._line_cache.get(key)
        if kept is None:
            # A piece keeps its whole width: wrapping would drop its trailing spaces.
            row = Strip.join([self.strips(piece, piece.cell_length, pad=True)[0]
                              for piece in line if piece.cell_length]).simplify()
            # Joined across the pieces too when merged.
            kept = [merged(row) if self.MERGE_LOOKS else row]
            self._line_cache.set(key, kept)
        return kept

    def lay_out(self, width: int) -> list[Strip]:
        """Every row of the content at ``width``."""
        rows: list[Strip] = []
        if width > 0:
            for line in self.content_lines(width):
                rows.extend(self.line_strips(line, width))
        return rows

    def refresh(self, *regions: Region, repaint: bool = True, layout: bool = False,
                recompose: bool = False) -> LineWidget:
        """Repaint: a plain refresh repaints only the rows that changed, unless the box
        around them changed too (a border title, a colour set in code), or no rows are
        on screen yet: then the whole widget, as Textual does. Inside ``repaint_once``
        it waits for the end."""
        if _held is not None and not (regions or layout or recompose) and repaint:
            _held[self] = None
            return self
        if regions or not repaint or layout or recompose or not self._repaint_rows():
            if not regions:
                self._laid_out = None
            super().refresh(*regions, repaint=repaint, layout=layout, recompose=recompose)
            if repaint:
                self.repainted(regions or None)
        return self

    def repainted(self, regions: Sequence[Region] | None) -> None:
        """Called after each repaint asked for: ``regions`` of the content, None for the
        whole widget (a subclass whose children show its rows passes it on to them)."""

    def changed_regions(self, old: Sequence[Strip], new: Sequence[Strip],
                        width: int) -> list[Region]:
        """The regions to repaint when the rows ``old`` become ``new`` (a subclass that
        knows where Textual cuts its rows may split them: see CellMap)."""
        return changed_regions(old, new, width)

    def box(self) -> Hashable:
        """What every row's look depends on besides its content: when it changes, a
        refresh repaints the whole widget."""
        styles = self.styles
        return (self.size, self.app.theme, self.visual_style, self.background_colors,
                self.border_title, self.border_subtitle, styles.color, styles.background,
                styles.text_style, styles.tint, styles.background_tint, styles.border,
                styles.outline, styles.padding, styles.opacity, styles.text_opacity,
                styles.hatch, self.text_rules())

    def text_rules(self) -> Hashable:
        """The rules Textual draws a Content's lines by, besides its style: alignment,
        wrapping, padding and links."""
        styles = self.styles
        return (styles.text_align, styles.text_overflow, styles.text_wrap, styles.line_pad,
                styles.link_color, styles.link_background, styles.link_style)

    def _repaint_rows(self) -> bool:
        """Repaint the rows that differ from the ones on screen; False when that is not
        enough (see ``refresh``)."""
        old, width = self._laid_out, self.size.width
        if (old is None or not self.is_mounted or width != self._laid_out_width
                or self.text_selection is not None or self.box() != self._box):
            return False
        new = self._laid_out = self.lay_out(width)
        changed = self.changed_regions(old, new, width)
        if changed:
            super().refresh(*changed)
            self.repainted(changed)
        return True

    def look_key(self) -> Hashable:
        """What every strip depends on besides its content and width: the widget's style,
        the rules its lines are drawn by, its component classes' styles (a span names
        them) and the theme (a span may name an ancestor's class), worked out once a
        restyle."""
        if self._look is None:
            self._look = (self.app.theme, self.visual_style, self.text_rules(), tuple(
                self.get_visual_style(name, partial=True) for name in component_names(type(self))))
        return self._look

    def notify_style_update(self) -> None:
        """Restyled. Textual restyles a widget on every focus change, most often to the
        same look: when the box (the widget's style, see ``box``) is as the rows on screen
        were laid out in, they stand. Textual restyles the component classes after this
        call (and reading them now would keep their old styles); when theirs changed, it
        refreshes the widget, and a plain refresh repaints the rows that then differ.
        Otherwise the whole widget is repainted: every strip may look different, and so
        may the box around the rows."""
        super().notify_style_update()
        before, self._look = self._look, None
        if before is None or not self.is_mounted or self.box() != self._box:
            self._laid_out = None
            self.refresh()

    def on_resize(self, event: events.Resize) -> None:
        """Resized: at a new width the lines wrap anew, and the strips kept for the old
        one go (Textual repaints the whole widget; the next refresh is a whole one too)."""
        if self._cache_width is not None and event.size.width != self._cache_width:
            self._line_cache.clear()
            self._seen.clear()
        self._cache_width = event.size.width

    def render_line(self, y: int) -> Strip:
        """Row ``y`` of the content."""
        width = self.size.width
        if self.text_selection is not None:  # the selection is drawn over the lines
            drawn = Visual.to_strips(self, self.render(), width, None, self.visual_style)
            return drawn[y] if 0 <= y < len(drawn) else Strip.blank(width)
        rows = self._laid_out
        if rows is None or self._laid_out_width != width:
            rows = self._laid_out = self.lay_out(width)
            self._laid_out_width = width
            self._box = self.box()
        if 0 <= y < len(rows):
            return rows[y]
        return Strip.blank(width, self.visual_style.rich_style)
