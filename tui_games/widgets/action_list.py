"""ActionList: an OptionList of what can be done at a place, whose texts change in place
(see the class)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from textual.geometry import Region, Size
from textual.reactive import Reactive
from textual.strip import Strip
from textual.style import Style
from textual.widgets import OptionList
from textual.widgets.option_list import Option


class ActionList(OptionList):
    """The actions at the cursor's cell. A cursor key usually changes one text of the
    list (the place it is about) and nothing else: then only that text's lines are
    repainted, not the whole list as a new set of options would be."""

    # The list's size comes from the stylesheet, never from its content: a new number of
    # lines needs no layout pass of the screen (Textual's OptionList asks for one). The
    # scrollbar appearing or going still asks for one; its thumb follows without.
    virtual_size: Reactive[Size] = Reactive(Size(0, 0), layout=False)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._drawn: dict[tuple[object, ...], list[Strip]] = {}

    def _get_option_render(self, option: Option, style: Style) -> list[Strip]:
        """An option's lines, kept by its text and place (the mouse needs the place):
        the cursor back on a cell brings back a list drawn before."""
        key = (option.prompt, self.options.index(option), style,
               self.scrollable_content_region.width)
        strips = self._drawn.get(key)
        if strips is None:
            if len(self._drawn) >= 512:
                self._drawn.clear()
            strips = self._drawn[key] = super()._get_option_render(option, style)
        return strips

    def show_texts(self, texts: Sequence[str]) -> None:
        """List ``texts``: replaced in place when their number and heights stay."""
        options = self.options
        changed = [i for i, (option, text) in enumerate(zip(options, texts, strict=False))
                   if option.prompt != text]
        lines = getattr(self, "_line_cache", None)
        rendered = getattr(self, "_option_render_cache", None)
        heights = dict(lines.heights) if lines is not None else {}
        if (len(texts) != len(options) or lines is None or rendered is None
                or len(heights) != len(options) or not self.size):
            self.set_options([Option(text) for text in texts])
            return
        if not changed:
            return
        for i in changed:
            options[i]._set_prompt(texts[i])  # Textual's own replace repaints every line
        rendered.clear()  # kept by option: the changed ones would show their old text
        lines.clear()
        self._update_lines()
        if lines.heights != heights:
            self.refresh()  # the lines moved: the whole list (and its height) changes
            return
        width, top = self.scrollable_content_region.width, self.scroll_offset.y
        self.refresh(*(Region(0, lines.index_to_line[i] - top, width, heights[i])
                       for i in changed))
