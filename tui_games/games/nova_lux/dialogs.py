"""The exchange dialog: compose a forced trade or a conversion by keyboard (trade offers
have a composer of their own, offer_dialog.py).

Four fields (what you give and how many, what you get and how many; a 1:1 exchange has
one count). Up and down pick a field, left and right change it, Enter confirms, Escape
cancels. The dialog only composes the numbers; the rules decide whether they are legal.
"""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tui_games.games.nova_lux.cards import RESOURCE_NAMES, RESOURCES
from tui_games.tui.screens.dismiss_once import DismissOnce

Exchange = tuple[int, int, int, int]
"""(give, give count, get, get count)."""


class ExchangeDialog(DismissOnce, ModalScreen[Exchange | None]):
    """Pick what to give and what to get; ``one_count``: the same count on both sides."""

    BINDINGS = [
        Binding("up,k", "field(-1)", "Field", key_display="↑↓", tooltip="(↑ k Previous field)"),
        Binding("down,j", "field(1)", "Next field", show=False),
        Binding("left,h", "change(-1)", "Change", key_display="←→", tooltip="(← h Decrease)"),
        Binding("right,l", "change(1)", "Increase", show=False),
        Binding("enter", "confirm", "Confirm", key_display="⏎"),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, title: str, *, one_count: bool = False, max_count: int = 3,
                 start: Exchange = (0, 1, 1, 1)) -> None:
        super().__init__()
        self.title_text = title
        self.one_count = one_count
        self.max_count = max_count
        self.values = list(start)
        self.field = 0

    @property
    def fields(self) -> list[int]:
        """The fields shown: give, count, get (and the get count unless one count)."""
        return [0, 1, 2] if self.one_count else [0, 1, 2, 3]

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="nova-exchange"):
            yield Static(self.title_text, classes="dialog-question")
            yield Static(id="nova-exchange-fields")
            yield Static("↑↓ field · ←→ change · Enter confirm · Esc cancel",
                         classes="dialog-hint")
        yield Footer()

    def on_mount(self) -> None:
        """Draw the fields."""
        self._draw()

    def _draw(self) -> None:
        give, give_n, get, get_n = self.values
        labels = {0: ("Give", RESOURCE_NAMES[give]), 1: ("How many", str(give_n)),
                  2: ("Get", RESOURCE_NAMES[get]), 3: ("How many", str(get_n))}
        lines = []
        for index in self.fields:
            label, value = labels[index]
            mark = ">" if index == self.field else " "
            lines.append(f"{mark} {label:9} < {value} >")
        self.query_one("#nova-exchange-fields", Static).update("\n".join(lines))

    def action_field(self, step: int) -> None:
        """Move to the previous or next field."""
        fields = self.fields
        self.field = fields[(fields.index(self.field) + step) % len(fields)]
        self._draw()

    def action_change(self, step: int) -> None:
        """Change the value of the field: the next resource, or one more or less."""
        i = self.field
        if i in (0, 2):
            self.values[i] = (self.values[i] + step) % RESOURCES
        else:
            self.values[i] = max(1, min(self.max_count, self.values[i] + step))
        self._draw()

    def action_confirm(self) -> None:
        """Hand the exchange back to the table (the rules judge it)."""
        give, give_n, get, get_n = self.values
        self.dismiss((give, give_n, get, give_n if self.one_count else get_n))

    def action_cancel(self) -> None:
        """Close without an exchange."""
        self.dismiss(None)
