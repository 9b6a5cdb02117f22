"""Form fields tuned for the keyboard: up/down move between fields, left/right change one.

Textual's Select opens its list on up/down/enter, which traps a player who only wants to
move to the next field or start. ``ChoiceField`` opens its list on space only (enter is
left to the form), and left/right step through the choices in place. ``TextField`` is an
Input whose up/down/enter are the form's (and shown in the Footer); ``NameField`` also
turns a space at the start of a name (where it would be trimmed anyway) into a request
for the list beside it.
"""

from __future__ import annotations

import contextlib
from collections.abc import Hashable, Iterable
from typing import Generic, TypeVar

from textual import events
from textual.binding import Binding
from textual.geometry import Size
from textual.message import Message
from textual.widgets import Input, OptionList, Select

from tui_games.engine.text import printable

T = TypeVar("T", bound=Hashable)

CHANGE = Binding.Group("Change")
FIELD = Binding.Group("Field")


class ChoiceField(Select[T], Generic[T], inherit_bindings=False):
    """A compact Select that never holds a blank and cycles with left/right."""

    BINDINGS = [
        Binding("space", "show_overlay", "List"),  # the overlay itself handles enter/esc
        Binding("left", "step(-1)", "Previous choice", group=CHANGE),
        Binding("right", "step(1)", "Next choice", group=CHANGE),
    ]

    def __init__(self, choices: Iterable[tuple[str, T]], value: T | None = None, *,
                 id: str | None = None, classes: str | None = None,
                 disabled: bool = False) -> None:
        self.choices: list[tuple[str, T]] = list(choices)
        values = [v for _, v in self.choices]
        start = value if value in values else values[0]
        super().__init__(self.choices, value=start, allow_blank=False, compact=True,
                         id=id, classes=classes, disabled=disabled, type_to_search=True)

    def on_mount(self, event: events.Mount) -> None:
        """Select sets itself up from its children on mount; a dialog closed while it was
        still being built (keys typed ahead) has taken them away: then there is nothing
        to set up (``prevent_default`` skips Select's own mount handler, which comes after
        this one)."""
        if not self.query("SelectOverlay") or not self.query("SelectCurrent #label"):
            event.prevent_default()

    def on_key(self, event: events.Key) -> None:
        """PageUp/PageDown on the open drop-down list page it, and do nothing while its
        lines are not built: Textual 8 raises KeyError paging a list opened a moment ago
        (the fuzz: space, then PageUp, on the new-game form). The key bubbles here from
        the list before the app looks for its binding; stopped here, it runs no binding."""
        if event.key not in ("pageup", "pagedown") or not self.expanded:
            return
        overlay = self.query(OptionList).first(OptionList)
        if not overlay.has_focus:
            return
        event.stop()
        event.prevent_default()
        with contextlib.suppress(KeyError):
            if event.key == "pageup":
                overlay.action_page_up()
            else:
                overlay.action_page_down()

    def set_choices(self, choices: Iterable[tuple[str, T]], value: T | None = None) -> None:
        """Replace the choices, keeping ``value`` when it is one of them."""
        self.choices = list(choices)
        self.set_options(self.choices)
        values = [v for _, v in self.choices]
        if value in values:
            self.value = value

    def action_step(self, delta: int) -> None:
        """Select the previous (-1) or next (+1) choice, wrapping around."""
        values = [v for _, v in self.choices]
        if not values:
            return
        try:
            index = values.index(self.value)  # type: ignore[arg-type]
        except ValueError:
            index = 0
        self.value = values[(index + delta) % len(values)]


class TextField(Input):
    """A compact Input in a form: up/down move to the other fields, enter submits."""

    BINDINGS = [
        Binding("up", "app.focus_previous", "Previous field", group=FIELD),
        Binding("down", "app.focus_next", "Next field", group=FIELD),
        Binding("enter", "submit", "Start"),
    ]


class NameField(TextField):
    """A seat's name box: space where a name starts opens the seat's list instead.

    Control characters (a paste can bring an ESC sequence) never get in: they are
    removed and ``Refused`` tells the form to say so. A paste longer than the room left
    is cut to fit rather than dropped whole.
    """

    BINDINGS = [Binding("space", "open_list", "List")]

    class Refused(Message):
        """Control characters were removed from what was typed or pasted."""

        def __init__(self, field: NameField) -> None:
            super().__init__()
            self.field = field

    def replace(self, text: str, start: int, end: int) -> None:
        """Put ``text`` between ``start`` and ``end``: cleaned, cut to fit."""
        clean = printable(text)
        if clean != text:
            self.post_message(self.Refused(self))
        if self.max_length:
            start, end = sorted((max(0, start), min(len(self.value), end)))
            room = self.max_length - (len(self.value) - (end - start))
            clean = clean[:max(room, 0)]
        super().replace(clean, start, end)

    class ListWanted(Message):
        """Space at the start of the name: open the list of the seat this box names."""

        def __init__(self, field: NameField) -> None:
            super().__init__()
            self.field = field

    def at_start(self) -> bool:
        """True when a typed space would lead the name (empty, all selected, cursor first)."""
        start, end = sorted(self.selection)
        return start == 0 and end in (0, len(self.value))

    def on_key(self, event: events.Key) -> None:
        """A space that would lead the name opens the list instead; ``prevent_default``
        keeps Input's own key handler (it comes after this one) from typing it."""
        if event.key == "space" and self.at_start():
            event.stop()
            event.prevent_default()
            self.action_open_list()

    def action_open_list(self) -> None:
        """Ask the form to open the list beside this name (a space inside a name types)."""
        if self.at_start():
            self.post_message(self.ListWanted(self))
        else:
            self.insert_text_at_cursor(" ")


class ChoiceList(OptionList):
    """An OptionList whose page keys wait for it to be laid out: hidden (the terminal
    too small) it has no lines yet, and OptionList's paging would fail on them. Squeezed
    to no room for text for a frame (a resize), it measures one line per option."""

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One line per option when there is no room for text; else OptionList's own
        measure (Textual 8.2 wraps each option to ``width - padding`` and raises
        ValueError when that is zero: the fuzz met it on the menu while resizing)."""
        padding = self.get_component_styles("option-list--option").padding.width
        if width - padding < 1:
            return self.option_count
        return super().get_content_height(container, viewport, width)

    def action_page_up(self) -> None:
        """Up one page, once the list has a height."""
        if self.scrollable_content_region.height > 0:
            super().action_page_up()

    def action_page_down(self) -> None:
        """Down one page, once the list has a height."""
        if self.scrollable_content_region.height > 0:
            super().action_page_down()
