"""ActionLines: a preview of what can be done at a place that opens into a list to choose
from, at a fixed height (see the class)."""

from __future__ import annotations

import textwrap

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Region
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.style import Style as VisualStyle
from textual.widget import Widget

from tui_games.widgets.kept_drawing import KeptDrawing
from tui_games.widgets.own_keys import OwnKeys
from tui_games.widgets.steady_focus import SteadyFocus
from tui_games.widgets.text_lines import TEXT_STRIPS

Drawn = tuple[str, str, str]  # a line of ActionLines: text, look, scroll bar look


class ActionLines(OwnKeys, SteadyFocus, KeptDrawing, Widget, can_focus=True):
    """What can be done at the cursor's hex: a title line, then the actions.

    Without the focus it is a preview (each action on one line, cut to the width); with
    the focus a list to choose from, each action wrapped in full, the highlighted one in
    the cursor's colours, scrolled to keep it in view (a scroll bar on the right says
    there is more). Its height never changes, so
    opening and closing the list costs no layout pass (a whole-screen rearrangement).
    """

    COMPONENT_CLASSES = {"action-lines--title", "action-lines--highlighted",
                         "action-lines--track", "action-lines--thumb"}

    DEFAULT_CSS = """
    ActionLines > .action-lines--title { text-style: bold; }
    ActionLines > .action-lines--track { background: $scrollbar-background; }
    ActionLines > .action-lines--thumb { background: $scrollbar; }
    """

    BINDINGS = [
        Binding("up", "move(-1)", "Up", show=False),
        Binding("down", "move(1)", "Down", show=False),
        Binding("home", "move_to(0)", "First", show=False),
        Binding("end", "move_to(-1)", "Last", show=False),
        Binding("enter", "select", "Play", show=False),
    ]

    highlighted: reactive[int | None] = reactive(None, repaint=False)

    class Selected(Message):
        """Enter (or a click) chose the action at ``index``."""

        def __init__(self, lines: ActionLines, index: int) -> None:
            super().__init__()
            self.lines = lines
            self.index = index

        @property
        def control(self) -> ActionLines:
            """The list that sent the message."""
            return self.lines

    def __init__(self, *, id: str) -> None:
        super().__init__(id=id)
        self._title = ""
        self._entries: list[str] = []
        self._rows = 5
        self._top = 0  # first line of the entries shown while open (scrolling)
        self._open = False
        self._drawn: list[Drawn] = []  # (text, look, scroll bar look) of each line shown
        self._strips: dict[tuple[str, str, int], Strip] = {}
        self._looks: dict[str, VisualStyle] = {}  # each look's style, while _style holds
        self._style: object = None

    @property
    def is_open(self) -> bool:
        """Whether it is a list to choose from (rather than a preview)."""
        return self._open

    def show(self, title: str, entries: list[str], rows: int) -> None:
        """The ``title`` line and the actions' texts, in ``rows`` lines under it."""
        if entries != self._entries:
            self._top = 0
        self._title, self._entries, self._rows = title, entries, rows
        self._redraw()

    def open(self, highlighted: int | None) -> None:
        """Become the list (the caller gives the focus)."""
        self._open = True
        self._top = 0
        self.set_reactive(ActionLines.highlighted, highlighted)
        self._redraw()

    def close(self) -> None:
        """Back to the preview."""
        self._open = False
        self.set_reactive(ActionLines.highlighted, None)
        self._redraw()

    def watch_highlighted(self) -> None:
        """Show the newly highlighted action."""
        self._redraw()

    def action_move(self, step: int) -> None:
        """Highlight the action above (-1) or below (+1)."""
        if self._entries:
            index = 0 if self.highlighted is None else self.highlighted + step
            self.highlighted = min(max(index, 0), len(self._entries) - 1)

    def action_move_to(self, index: int) -> None:
        """Highlight the first (0) or the last (-1) action."""
        if self._entries:
            self.highlighted = index % len(self._entries)

    def action_select(self) -> None:
        """Choose the highlighted action."""
        if self._open and self.highlighted is not None:
            self.post_message(self.Selected(self, self.highlighted))

    def on_click(self, event: events.Click) -> None:
        """A click on an action highlights and chooses it."""
        if not self._open or event.y < 1:
            return
        index = self._entry_at(event.y - 1 + self._top)
        if index is not None:
            self.highlighted = index
            self.post_message(self.Selected(self, index))

    def _wrapped(self, width: int) -> list[tuple[int, str]]:
        """Every line of the open list: (action index, text), each action wrapped."""
        lines: list[tuple[int, str]] = []
        for index, text in enumerate(self._entries):
            lines += [(index, part) for part in textwrap.wrap(text, max(width, 1)) or [""]]
        return lines

    def _list_lines(self, width: int) -> list[tuple[int, str]]:
        """The open list's lines, wrapped a column narrower when a scroll bar is needed."""
        lines = self._wrapped(width)
        return self._wrapped(width - 1) if len(lines) > self._rows else lines

    def _entry_at(self, line: int) -> int | None:
        lines = self._list_lines(self.size.width)
        return lines[line][0] if 0 <= line < len(lines) else None

    def _lines(self, width: int) -> list[Drawn]:
        """(text, look, bar) of each line: the title, then the preview or the list."""
        out: list[Drawn] = [(self._title, "title", "")]
        rows = self._rows
        if not self._open:
            texts = self._entries
            if len(texts) > rows:
                texts = [*texts[: rows - 1], f"... and {len(texts) - rows + 1} more"]
            out += [(text, "", "") for text in texts]
        else:
            lines = self._list_lines(width)
            chosen = [n for n, (index, _) in enumerate(lines) if index == self.highlighted]
            if chosen:  # scroll the least that shows all of the highlighted action
                self._top = min(max(self._top, chosen[-1] - rows + 1), chosen[0])
            self._top = top = max(0, min(self._top, len(lines) - rows))
            bars = [""] * rows
            if len(lines) > rows:
                size = max(1, round(rows * rows / len(lines)))
                start = min(rows - size, round(top * rows / len(lines)))
                bars = ["thumb" if start <= n < start + size else "track" for n in range(rows)]
            out += [(text, "highlighted" if index == self.highlighted else "", bar)
                    for (index, text), bar in zip(lines[top: top + rows], bars, strict=False)]
        return out + [("", "", "")] * (rows + 1 - len(out))

    def _redraw(self) -> None:
        """Repaint the lines that changed."""
        width = self.size.width
        drawn = self._lines(width)
        old = self._drawn
        self._drawn = drawn
        self.refresh(*[Region(0, y, width, 1) for y in range(max(len(drawn), len(old)))
                       if y >= len(drawn) or y >= len(old) or drawn[y] != old[y]])

    def on_resize(self) -> None:
        """Lay the lines out again for the new width."""
        self._drawn = self._lines(self.size.width)
        self.refresh()

    def render(self) -> Content:
        """The lines as text (measuring, text extraction)."""
        return Content("\n".join(line[0] for line in self._lines(self.size.width)))

    def render_line(self, y: int) -> Strip:
        """Line ``y``: the title, an action, or blank."""
        width = self.size.width
        style = self.visual_style
        if style != self._style:  # focus, theme or class: draw every line again
            self._style = style
            self._strips.clear()
            self._looks.clear()
            self._drawn = self._lines(width)
        text, look, bar = self._drawn[y] if 0 <= y < len(self._drawn) else ("", "", "")
        strip = self._strip(text, look, width - 1 if bar else width)
        return Strip.join([strip, self._strip("", bar, 1)]) if bar else strip

    def _strip(self, text: str, look: str, width: int) -> Strip:
        """``text`` cut or padded to ``width`` in the ``look`` component's style."""
        if len(text) > width:
            text = text[: max(0, width - 1)] + "…"
        key = (text, look, width)
        strip = self._strips.get(key)
        if strip is None:
            if len(self._strips) >= TEXT_STRIPS:
                self._strips.clear()
            drawn = self._looks.get(look)
            if drawn is None:
                drawn = self._looks[look] = (self.get_visual_style(f"action-lines--{look}")
                                             if look else self.visual_style)
            content = Content(text)
            strip = Strip(content.render_segments(drawn), content.cell_length)
            strip = strip.extend_cell_length(width, drawn.rich_style).crop(0, width)
            self._strips[key] = strip
        return strip
