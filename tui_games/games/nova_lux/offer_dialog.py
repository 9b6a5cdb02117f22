"""The trade composer: what you give and what you ask for, any amounts of any resources.

One row per resource, two columns (you give, you get). Up/down pick the resource (or its
letter: w a l o h), left/right the side, + and - add or take back a unit, Enter sends the
offer, Escape drops it. Every unit is a step the rules judge (AdjustOffer): the dialog
plays only what the table's legal actions hold, and says why when a key is refused.
"""

from __future__ import annotations

from collections.abc import Callable

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from tui_games.engine.core import Action
from tui_games.games.nova_lux.cards import RESOURCE_LETTERS, RESOURCE_NAMES, RESOURCES
from tui_games.games.nova_lux.state import AdjustOffer, NovaLuxState, SendOffer
from tui_games.tui.screens.dismiss_once import DismissOnce


class OfferDialog(DismissOnce, ModalScreen[bool | None]):
    """Compose the offer in play; dismissed with True (send it), or None (drop it).

    ``view`` gives the table's state now, ``legal`` its legal actions, ``step`` plays one
    AdjustOffer and returns the refusal's reason ("" when it was played)."""

    BINDINGS = [
        Binding("up,k", "row(-1)", "Resource", key_display="↑↓",
                tooltip="(↑ k Previous resource)"),
        Binding("down,j", "row(1)", "Next resource", show=False),
        Binding("left,right", "side", "Give/get", key_display="←→"),
        Binding("plus,equals_sign,space", "unit(True)", "One more", key_display="+",
                tooltip="(+ = space)"),
        Binding("minus", "unit(False)", "One less", key_display="-"),
        *[Binding(letter.lower(), f"go({r})", "Resource", show=False)
          for r, letter in enumerate(RESOURCE_LETTERS)],
        Binding("enter", "send", "Offer", key_display="⏎"),
        Binding("escape", "drop", "Drop"),
    ]

    def __init__(self, title: str, other: str, view: Callable[[], NovaLuxState],
                 legal: Callable[[], list[Action]], step: Callable[[Action], str]) -> None:
        super().__init__()
        self.title_text = title
        self.other = other
        self.view = view
        self.legal = legal
        self.step = step
        self.row = 0
        self.give = True
        self.note = ""

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="nova-offer"):
            yield Static(self.title_text, classes="dialog-question")
            yield Static(id="nova-offer-rows")
            yield Static(id="nova-offer-note", classes="dialog-note")
            yield Static("↑↓ resource · ←→ give/get · + - amount · Enter offer · Esc drop",
                         classes="dialog-hint")
        yield Footer()

    def on_mount(self) -> None:
        """Draw the rows."""
        self._draw()

    def _draw(self) -> None:
        view = self.view()
        offer = view.offer
        if offer is None:   # the offer is gone (the game moved on): nothing to compose
            return
        mine, theirs = view.res[offer.seat], view.res[offer.target]
        them = self.other
        lines = [f"  {'':10} {'you give':>9}  {'you get':>9}   {'you have':>8}  "
                 f"{them[:10] + ' has':>14}"]
        for r in range(RESOURCES):
            cells = []
            for give, n in ((True, offer.gives[r]), (False, offer.gets[r])):
                text = str(n) if n else "·"
                here = r == self.row and give == self.give
                cells.append(f"[{text:>3}]" if here else f" {text:>3} ")
            mark = ">" if r == self.row else " "
            lines.append(f"{mark} {RESOURCE_NAMES[r]:10} {cells[0]:>9}  {cells[1]:>9}   "
                         f"{mine[r]:>8}  {theirs[r]:>14}")
        self.query_one("#nova-offer-rows", Static).update("\n".join(lines))
        self.query_one("#nova-offer-note", Static).update(self.note)

    def action_row(self, step: int) -> None:
        """The previous or next resource."""
        self.row = (self.row + step) % RESOURCES
        self.note = ""
        self._draw()

    def action_go(self, r: int) -> None:
        """The resource of that letter."""
        self.row = r
        self.note = ""
        self._draw()

    def action_side(self) -> None:
        """From what you give to what you ask for, and back."""
        self.give = not self.give
        self.note = ""
        self._draw()

    def action_unit(self, more: bool) -> None:
        """One unit more or less of the resource on the side: a step the rules judge."""
        self.note = self.step(AdjustOffer(self.give, self.row, more))
        self._draw()

    def action_send(self) -> None:
        """Send the offer, once it names something on each side."""
        if SendOffer() not in self.legal():
            self.note = "Name something on each side first: no trading for nothing."
            self._draw()
            return
        self.dismiss(True)

    def action_drop(self) -> None:
        """No offer after all."""
        self.dismiss(None)
