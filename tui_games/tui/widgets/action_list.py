"""ActionList: the actions at a place, each wrapped in full, one highlighted, in a list
that scrolls with Textual's own scroll bar (see the class)."""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.binding import Binding
from textual.cache import LRUCache
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scroll_view import ScrollView
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Visual

from tui_games.engine.text import fit
from tui_games.tui.widgets.strip_changes import changed_regions, merged

KEPT = 512  # wrapped actions kept: the cursor goes back and forth over a few cells' lists


class ActionList(ScrollView, can_focus=True, inherit_bindings=False):
    """The actions at the cursor's cell, each wrapped in full, one highlighted. It looks
    and answers the keys and the mouse as Textual's OptionList does, on Textual's line API
    (as its Log is): ``render_line`` draws the visible lines, each action's lines are
    wrapped once per text, width and look and kept in an LRUCache, a change of
    highlight repaints only the lines of the two actions concerned, and new texts (the
    map's cursor on another place) only the cells that read differently.

    Its height comes from the stylesheet (or ``height: auto``: every action wrapped).
    The scroll bar is Textual's: always there, a bare track when all fits; with
    ``track=False`` its column is kept blank until the lines overflow. ``show_texts(...,
    wrap=False)`` shows each action on one line, cut to the width (a preview); with
    ``select_unfocused=False`` a click on the list without the focus only gives it the
    focus (a preview that opens into the list to choose from).
    """

    COMPONENT_CLASSES = {"action-list--highlighted", "action-list--highlighted-blurred",
                         "action-list--hover"}

    DEFAULT_CSS = """
    ActionList {
        color: $foreground;
        background: $surface;
        overflow-x: hidden;
        overflow-y: scroll;
        scrollbar-size-vertical: 1;
        scrollbar-size-horizontal: 0;  /* none; and height: auto adds it with a gutter */
        &.-no-track {
            overflow-y: auto;
            scrollbar-gutter: stable;
        }
    }
    ActionList > .action-list--highlighted {
        color: $block-cursor-foreground;
        background: $block-cursor-background;
        text-style: $block-cursor-text-style;
    }
    ActionList > .action-list--highlighted-blurred {
        color: $foreground;
        background: $block-cursor-blurred-background;
        text-style: $block-cursor-blurred-text-style;
    }
    ActionList > .action-list--hover {
        background: $block-hover-background;
    }
    """

    BINDINGS = [
        Binding("down", "cursor_down", "Down", show=False),
        Binding("end", "last", "Last", show=False),
        Binding("enter", "select", "Select", show=False),
        Binding("home", "first", "First", show=False),
        Binding("pagedown", "page(1)", "Page Down", show=False),
        Binding("pageup", "page(-1)", "Page Up", show=False),
        Binding("up", "cursor_up", "Up", show=False),
    ]

    highlighted: reactive[int | None] = reactive(None, repaint=False)

    class Selected(Message):
        """Enter (or a click) chose the action at ``index``."""

        def __init__(self, listing: ActionList, index: int) -> None:
            super().__init__()
            self.listing = listing
            self.index = index

        @property
        def control(self) -> ActionList:
            """The list that sent the message."""
            return self.listing

    def __init__(self, *, track: bool = True, select_unfocused: bool = True,
                 id: str | None = None) -> None:
        """``track``: the scroll bar's column shows a bare track when every line fits;
        without it the column is blank until the lines overflow."""
        super().__init__(id=id, classes="" if track else "-no-track")
        self._select_unfocused = select_unfocused
        self._wrapping = True  # each action wrapped in full (else cut to one line)
        self._texts: list[str] = []
        self._lines: list[tuple[int, int]] = []  # (action, line of it) for every line
        self._first: list[int] = []  # each action's first line
        self._hover: int | None = None  # the action under the mouse
        self._wraps: LRUCache[tuple[str, int, VisualStyle, bool], list[Strip]]
        self._wraps = LRUCache(KEPT)

    # ---- what is listed ----------------------------------------------------------------

    @property
    def texts(self) -> list[str]:
        """The actions' texts, in order."""
        return list(self._texts)

    @property
    def top(self) -> int:
        """The first line shown (how far the list is scrolled)."""
        return self.scroll_offset.y

    @property
    def line_count(self) -> int:
        """How many lines every action wrapped takes."""
        return len(self._lines)

    def show_texts(self, texts: Sequence[str], wrap: bool = True) -> None:
        """List ``texts``, each wrapped in full (or, without ``wrap``, cut to one line).
        Another number of actions starts with none highlighted, at the top; the same
        number keeps the highlight and the scroll (texts changed in place)."""
        texts = list(texts)
        if texts == self._texts and wrap == self._wrapping:
            return
        renumbered = len(texts) != len(self._texts)
        # Drawn the same way (wrapped, or cut: not a list opened or closed), most lines
        # may read as before; the blank ones below the actions do.
        before = None if wrap != self._wrapping else self._shown()
        shape = (self.virtual_size, self.scroll_offset)
        self._texts, self._wrapping = texts, wrap
        if renumbered:
            self._hover = None
            self.set_reactive(ActionList.highlighted, None)
        self._wrap()
        if renumbered:
            self.scroll_to(y=0, animate=False, immediate=True)
        after = self._shown()
        if before is None or after is None or shape != (self.virtual_size, self.scroll_offset):
            self.refresh()  # the scroll bar changes too: the whole list
        elif changed := changed_regions(before, after, self._width()):
            # The cursor moved on the map to a place with other actions: only the cells
            # that read differently are sent to the terminal, not the list's blank rows.
            self.refresh(*changed)

    def validate_highlighted(self, index: int | None) -> int | None:
        """None with nothing listed, else within the list."""
        if index is None or not self._texts:
            return None
        return min(max(index, 0), len(self._texts) - 1)

    def watch_highlighted(self, old: int | None, new: int | None) -> None:
        """Show the newly highlighted action, scrolled (the least) into view."""
        self._refresh_action(old)
        self._refresh_action(new)
        self._follow()

    # ---- keys and mouse ----------------------------------------------------------------

    def action_cursor_down(self) -> None:
        """Highlight the next action (from the last, the first)."""
        if self._texts:
            index = self.highlighted
            self.highlighted = 0 if index is None else (index + 1) % len(self._texts)

    def action_cursor_up(self) -> None:
        """Highlight the previous action (from the first, the last)."""
        if self._texts:
            index = self.highlighted
            self.highlighted = (len(self._texts) - 1 if index is None
                                else (index - 1) % len(self._texts))

    def action_first(self) -> None:
        """Highlight the first action."""
        if self._texts:
            self.highlighted = 0

    def action_last(self) -> None:
        """Highlight the last action."""
        if self._texts:
            self.highlighted = len(self._texts) - 1

    def action_page(self, direction: int) -> None:
        """Highlight the action about a page down (1) or up (-1)."""
        if not self._texts:
            return
        if self.highlighted is None:
            self.highlighted = 0 if direction < 0 else len(self._texts) - 1
            return
        line = self._first[self.highlighted] + direction * self.size.height
        self.highlighted = self._lines[min(max(line, 0), len(self._lines) - 1)][0]

    def action_select(self) -> None:
        """Choose the highlighted action."""
        if self.highlighted is not None:
            self.post_message(self.Selected(self, self.highlighted))

    def focus_on_click(self) -> bool:
        """Whether a click gives the focus before the click itself arrives (else
        ``on_click`` gives it, and chooses nothing)."""
        return self._select_unfocused

    def on_click(self, event: events.Click) -> None:
        """A click on an action highlights and chooses it (the scroll bar's are its own);
        without the focus and ``select_unfocused``, it only gives the list the focus."""
        if not self.has_focus and not self._select_unfocused:
            self.focus()
            return
        index = self._action_at(event.x, event.y)
        if index is not None:
            self.highlighted = index
            self.post_message(self.Selected(self, index))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """The action under the mouse is marked."""
        self._set_hover(self._action_at(event.x, event.y))

    def on_leave(self) -> None:
        """The mouse went: no mark."""
        self._set_hover(None)

    def _set_hover(self, index: int | None) -> None:
        if index != self._hover:
            old, self._hover = self._hover, index
            self._refresh_action(old)
            self._refresh_action(index)

    def _action_at(self, x: int, y: int) -> int | None:
        """The action drawn at (x, y) of the widget, if any."""
        if not 0 <= x < self.scrollable_content_region.width:
            return None
        line = self.scroll_offset.y + y
        return self._lines[line][0] if y >= 0 and line < len(self._lines) else None

    # ---- drawing -----------------------------------------------------------------------

    def _width(self) -> int:
        """The text's width: the widget less the scroll bar's column."""
        return self.scrollable_content_region.width

    def _wrap(self) -> None:
        """Every line of the list at the current width (each action wrapped in full)."""
        width = self._width()
        style = self.get_visual_style()
        self._lines, self._first = [], []
        for index, text in enumerate(self._texts):
            self._first.append(len(self._lines))
            count = len(self._strips(text, width, style)) if width > 0 else 1
            self._lines += [(index, line) for line in range(count)]
        # Never below the view's height: a virtual size that changes asks the screen for
        # a layout pass, and lists that fit (most) then all have the same one.
        rows = self.scrollable_content_region.height
        size = Size(max(width, 0), max(len(self._lines), rows))
        if size == self.virtual_size:
            return
        height = self.styles.height
        if (self.styles.overflow_y != "scroll" or height is None or height.is_auto
                or not self.is_mounted):
            self.virtual_size = size  # the box or its bar may change: a layout pass
            return
        # A fixed box whose bar is always there: only the bar's thumb changes, so no
        # layout pass over the screen (a turn's longer list cost one, 2 ms of its frame).
        self.set_reactive(ActionList.virtual_size, size)
        bar = self.vertical_scrollbar
        bar.window_virtual_size = size.height
        bar.window_size = rows
        self.scroll_y = self.validate_scroll_y(self.scroll_y)

    def _strips(self, text: str, width: int, style: VisualStyle) -> list[Strip]:
        """``text`` wrapped to ``width`` in ``style`` (or cut to it), padded: drawn once
        and kept."""
        key = (text, width, style, self._wrapping)
        strips = self._wraps.get(key)
        if strips is None:
            if not self._wrapping:
                text = fit(text, width)
            strips = Visual.to_strips(self, Content(text), width,
                                      None if self._wrapping else 1, style)
            # Merged: the padding is a segment of the text's own look, and each segment
            # costs its colour codes again (~25 bytes) when the line is sent.
            strips = [merged(strip.extend_cell_length(width, style.rich_style))
                      for strip in strips] or [Strip.blank(width, style.rich_style)]
            self._wraps.set(key, strips)
        return strips

    def _shown(self) -> list[Strip] | None:
        """The lines on screen now (None: not on screen yet)."""
        if not self.is_mounted or self._width() <= 0:
            return None
        return [self.render_line(y) for y in range(self.scrollable_content_region.height)]

    def _span(self, index: int) -> tuple[int, int]:
        """The first and last line of action ``index``."""
        end = self._first[index + 1] if index + 1 < len(self._first) else len(self._lines)
        return self._first[index], end - 1

    def _refresh_action(self, index: int | None) -> None:
        """Repaint the lines of action ``index``: the text's columns only, not the scroll
        bar's (ScrollView.refresh_lines takes the widget's whole width, and the bar's
        column, unchanged, would be sent to the terminal again with each line)."""
        if index is not None and index < len(self._first):
            first, last = self._span(index)
            self.refresh(Region(0, first - self.scroll_offset.y, self._width(),
                                last - first + 1))

    def _follow(self) -> None:
        """Scroll the least that shows all of the highlighted action (its first line if
        it is taller than the list)."""
        index = self.highlighted
        if index is None or index >= len(self._first):
            return
        first, last = self._span(index)
        rows = self.scrollable_content_region.height
        top = self.scroll_offset.y
        target = min(max(top, last - rows + 1), first)
        if target != top:
            self.scroll_to(y=target, animate=False, immediate=True)

    def on_resize(self) -> None:
        """Wrap again for the new width; keep the highlight in view."""
        self._wrap()
        self._follow()
        self.refresh()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Every action wrapped at ``width`` (less the scroll bar's column)."""
        width -= self.styles.scrollbar_size_vertical
        if width <= 0:
            return len(self._texts)  # no room for text: a line per action
        style = self.get_visual_style()
        return sum(len(self._strips(text, width, style)) for text in self._texts)

    def render_line(self, y: int) -> Strip:
        """Line ``y`` of the view: part of an action, or blank."""
        width = self._width()
        base = self.get_visual_style()
        line = self.scroll_offset.y + y
        if not 0 <= line < len(self._lines) or width <= 0:
            return Strip.blank(max(width, 0), base.rich_style)
        index, part = self._lines[line]
        look = ""
        if index == self.highlighted:
            look = "highlighted" if self.has_focus else "highlighted-blurred"
        elif index == self._hover:
            look = "hover"
        style = base if not look else self.get_visual_style(f"action-list--{look}")
        strips = self._strips(self._texts[index], width, style)
        return strips[min(part, len(strips) - 1)]
