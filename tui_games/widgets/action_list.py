"""ActionList: a list of what can be done at a place, drawn line by line at a fixed height
(see the class)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.segment import Segment
from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Region, Size
from textual.message import Message
from textual.reactive import reactive
from textual.scrollbar import ScrollBarRender
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.visual import Visual
from textual.widget import Widget

from tui_games.widgets.kept_drawing import KeptDrawing
from tui_games.widgets.own_keys import OwnKeys
from tui_games.widgets.steady_focus import SteadyFocus

Row = tuple[int, int, str, str, Segment | None]  # action, its line, text, look, bar cell
_KEPT = 512  # strips kept: the cursor goes back and forth over a few cells' lists


class ActionList(OwnKeys, SteadyFocus, KeptDrawing, Widget, can_focus=True):
    """The actions at the cursor's cell, each wrapped in full, one highlighted; a scroll
    bar in the last column (a bare track when all fits). It looks and answers the keys
    and the mouse as Textual's OptionList did, at a fraction of the cost:

    - its height comes from the stylesheet, never from its content, so a new list needs
      no layout pass of the screen (``height: auto`` measures every action wrapped, for a
      list shown and hidden with its question anyway);
    - each action's lines are drawn once per text, width and style and kept, so the
      cursor coming back to a cell, or the focus going back and forth, draws nothing new;
    - a change repaints only the lines that differ;
    - a focus change restyles the widget, not its component classes (SteadyFocus): the
      highlight's focused and unfocused looks are two classes, picked here.
    """

    COMPONENT_CLASSES = {"action-list--highlighted", "action-list--highlighted-blurred",
                         "action-list--hover"}

    DEFAULT_CSS = """
    ActionList {
        color: $foreground;
        background: $surface;
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

    def __init__(self, *, track: bool = True, id: str | None = None) -> None:
        """``track``: the scroll bar's column shows a bare track when every line fits;
        without it the column is blank until the lines overflow (as an OptionList shows
        no scroll bar)."""
        super().__init__(id=id)
        self._track = track
        self._texts: list[str] = []
        self._lines: list[tuple[int, int]] = []  # (action, line of it) for every line
        self._first: list[int] = []  # each action's first line
        self._top = 0  # the first line shown
        self._hover: int | None = None  # the action under the mouse
        self._rows: list[Row] = []  # what each line of the widget shows now
        self._wraps: dict[tuple[str, int, VisualStyle], list[Strip]] = {}
        self._bar_drawn: tuple[object, list[Segment | None]] | None = None
        # Each line with its scroll bar cell, kept: the same strip object for the same
        # line, so what draws it (KeptDrawing's padding, the app's filters) is kept too.
        self._with_bar: dict[tuple[object, ...], Strip] = {}

    # ---- what is listed ----------------------------------------------------------------

    @property
    def texts(self) -> list[str]:
        """The actions' texts, in order."""
        return list(self._texts)

    @property
    def top(self) -> int:
        """The first line shown (how far the list is scrolled)."""
        return self._top

    @property
    def line_count(self) -> int:
        """How many lines every action wrapped takes."""
        return len(self._lines)

    def show_texts(self, texts: Sequence[str]) -> None:
        """List ``texts``. Another number of actions starts with none highlighted, at the
        top; the same number keeps the highlight and the scroll (texts changed in place)."""
        texts = list(texts)
        if texts == self._texts:
            return
        renumbered = len(texts) != len(self._texts)
        self._texts = texts
        if renumbered:
            self._top = 0
            self._hover = None
            self.set_reactive(ActionList.highlighted, None)
        self._wrap()
        self._redraw()

    def validate_highlighted(self, index: int | None) -> int | None:
        """None with nothing listed, else within the list."""
        if index is None or not self._texts:
            return None
        return min(max(index, 0), len(self._texts) - 1)

    def watch_highlighted(self) -> None:
        """Show the newly highlighted action (scrolled into view)."""
        self._redraw()

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

    def on_click(self, event: events.Click) -> None:
        """A click on an action highlights and chooses it; on the scroll bar, pages."""
        if event.x >= self.size.width - 1:
            if len(self._lines) > self.size.height:
                self._scroll(self.size.height * (1 if self._below_thumb(event.y) else -1))
            return
        index = self._action_at(event.y)
        if index is not None:
            self.highlighted = index
            self.post_message(self.Selected(self, index))

    def on_mouse_move(self, event: events.MouseMove) -> None:
        """The action under the mouse is marked."""
        index = None if event.x >= self.size.width - 1 else self._action_at(event.y)
        if index != self._hover:
            self._hover = index
            self._redraw()

    def on_leave(self) -> None:
        """The mouse went: no mark."""
        if self._hover is not None:
            self._hover = None
            self._redraw()

    def on_mouse_scroll_down(self, event: events.MouseScrollDown) -> None:
        """The wheel scrolls the lines (not the highlight)."""
        event.stop()
        self._scroll(round(self.app.scroll_sensitivity_y))

    def on_mouse_scroll_up(self, event: events.MouseScrollUp) -> None:
        """The wheel scrolls the lines (not the highlight)."""
        event.stop()
        self._scroll(-round(self.app.scroll_sensitivity_y))

    def _scroll(self, lines: int) -> None:
        self._top += lines
        self._redraw(follow=False)

    def _action_at(self, y: int) -> int | None:
        line = self._top + y
        return self._lines[line][0] if y >= 0 and line < len(self._lines) else None

    def _below_thumb(self, y: int) -> bool:
        """Whether row ``y`` of the scroll bar is below its thumb (as render_bar puts it)."""
        rows, total = self.size.height, len(self._lines)
        thumb = max(1, rows * rows / total)
        return y >= (rows - thumb) * self._top / (total - rows) + thumb

    # ---- drawing -----------------------------------------------------------------------

    def _wrap(self) -> None:
        """Every line of the list at the current width (each action wrapped in full)."""
        width = self.size.width - 1
        style = self.get_visual_style()
        self._lines, self._first = [], []
        for index, text in enumerate(self._texts):
            self._first.append(len(self._lines))
            count = len(self._strips(text, width, style)) if width > 0 else 1
            self._lines += [(index, line) for line in range(count)]

    def _strips(self, text: str, width: int, style: VisualStyle) -> list[Strip]:
        """``text`` wrapped to ``width`` in ``style``, padded: drawn once and kept."""
        key = (text, width, style)
        strips = self._wraps.get(key)
        if strips is None:
            if len(self._wraps) >= _KEPT:
                self._wraps.clear()
            strips = Visual.to_strips(self, Content(text), width, None, style)
            strips = self._wraps[key] = [strip.extend_cell_length(width, style.rich_style)
                                         for strip in strips] or [Strip.blank(width)]
        return strips

    def _bar(self, rows: int) -> list[Segment | None]:
        """The scroll bar's cell on each row (as Textual's own scroll bar draws it)."""
        under = self.visual_style.rich_style
        key = (rows, len(self._lines), self._top, under)
        if self._bar_drawn is not None and self._bar_drawn[0] == key:
            return self._bar_drawn[1]
        if not self._track and len(self._lines) <= rows:
            blank: list[Segment | None] = [Segment(" ", under)] * rows
            self._bar_drawn = (key, blank)
            return blank
        styles = self.styles
        back, color = styles.scrollbar_background, styles.scrollbar_color
        if back.a < 1:
            back = self.background_colors[0] + back
        color = back + color
        total = len(self._lines)
        bar = ScrollBarRender.render_bar(
            size=rows, virtual_size=total, window_size=rows if rows < total else 0,
            position=self._top, thickness=1, vertical=True,
            back_color=back.rich_color, bar_color=color.rich_color)
        # Over the list's own style, as Textual draws its scroll bar widget; without the
        # mouse actions that widget answers (clicks here are ours: see on_click).
        cells: list[Segment | None] = [
            Segment(cell.text, under + cell.style.clear_meta_and_links()
                    if cell.style else under)
            for cell in bar.segments if cell.text != "\n"]  # type: ignore[attr-defined]
        self._bar_drawn = (key, cells)
        return cells

    def _looks(self) -> tuple[str, str]:
        return ("highlighted" if self.has_focus else "highlighted-blurred", "hover")

    def _layout_rows(self, follow: bool) -> list[Row]:
        """What each line shows: scrolled (the least) to keep the highlight in view when
        ``follow``, and never past the end."""
        rows = self.size.height
        highlighted = self.highlighted
        if follow and highlighted is not None and highlighted < len(self._first):
            first = self._first[highlighted]
            last = (self._first[highlighted + 1] if highlighted + 1 < len(self._first)
                    else len(self._lines)) - 1
            self._top = min(max(self._top, last - rows + 1), first)
        self._top = top = max(0, min(self._top, len(self._lines) - rows))
        bar = self._bar(rows)
        chosen, hover = self._looks()
        out: list[Row] = []
        for y in range(rows):
            line = top + y
            if line < len(self._lines):
                index, part = self._lines[line]
                look = (chosen if index == highlighted
                        else hover if index == self._hover else "")
                out.append((index, part, self._texts[index], look, bar[y]))
            else:
                out.append((-1, 0, "", "", bar[y]))
        return out

    def _redraw(self, follow: bool = True) -> None:
        """Repaint the lines that changed."""
        if not self.size:
            return
        width = self.size.width
        rows = self._layout_rows(follow)
        old = self._rows
        self._rows = rows
        changed = [Region(0, y, width, 1) for y, row in enumerate(rows)
                   if y >= len(old) or old[y] != row]
        if len(old) != len(rows):
            self.refresh()
        elif changed:
            self.refresh(*changed)

    def notify_style_update(self) -> None:
        """Restyled (focus, theme): draw again."""
        super().notify_style_update()
        if self.size:
            self._rows = self._layout_rows(follow=False)

    def on_resize(self) -> None:
        """Wrap again for the new width."""
        self._wrap()
        self._rows = self._layout_rows(follow=True)
        self.refresh()

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Every action wrapped at ``width`` (less the scroll bar's column)."""
        if width <= 1:
            return len(self._texts)  # no room for text: a line per action
        style = self.get_visual_style()
        return sum(len(self._strips(text, width - 1, style)) for text in self._texts)

    def render(self) -> Content:
        """The lines as text (measuring, text extraction)."""
        return Content("\n".join(self._texts))

    def render_line(self, y: int) -> Strip:
        """Line ``y``: part of an action, or blank; the scroll bar's cell at the end."""
        width = self.size.width - 1
        base = self.get_visual_style()
        if not 0 <= y < len(self._rows):
            return Strip.blank(width + 1, base.rich_style)
        index, part, text, look, cell = self._rows[y]
        key = (index < 0, part, text, look, cell, width, base)
        kept = self._with_bar.get(key)
        if kept is not None:
            return kept
        if index < 0 or width <= 0:
            strip = Strip.blank(max(width, 0), base.rich_style)
        else:
            style = base if not look else self.get_visual_style(f"action-list--{look}")
            strips = self._strips(text, width, style)
            strip = strips[min(part, len(strips) - 1)]
        if cell is not None:
            strip = Strip.join([strip, Strip([cell], 1)])
        if len(self._with_bar) >= _KEPT:
            self._with_bar.clear()
        self._with_bar[key] = strip
        return strip
