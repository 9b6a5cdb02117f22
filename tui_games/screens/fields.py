"""Form fields tuned for the keyboard: up/down move between fields, left/right change one.

Textual's Select opens its list on up/down/enter, which traps a player who only wants to
move to the next field or start. ``ChoiceField`` opens its list on space only (enter is
left to the form), and left/right step through the choices in place.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Generic, TypeVar

from textual.binding import Binding
from textual.widgets import Select

T = TypeVar("T", bound=Hashable)

CHANGE = Binding.Group("Change")


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
