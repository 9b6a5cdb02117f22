"""Choose exactly N of a list: the "pick your own" form of a game option."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, SelectionList, Static

from tui_games.engine.core import OptionSpec
from tui_games.tui.screens.dismiss_once import DismissOnce
from tui_games.tui.widgets.status import StatusLine

TICK = "✓"


def item_prompt(label: str, ticked: bool) -> str:
    """An item's line: a tick mark beside ticked items (the box differs only in colour)."""
    return f"{TICK if ticked else ' '} {label}"


class PickScreen(DismissOnce, ModalScreen[str | None]):
    """Tick exactly ``spec.pick`` of ``spec.items``; dismisses with the option value or None."""

    BINDINGS = [
        Binding("enter", "confirm", "Use these", priority=True),
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, spec: OptionSpec, current: str) -> None:
        super().__init__()
        self.spec = spec
        items = {value for value, _ in spec.items}
        self.current = {part for part in current.split("+") if part in items}

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog pick-dialog"):
            yield Static(f"{self.spec.label}: pick {self.spec.pick}", classes="dialog-title")
            yield SelectionList[str](
                *[(item_prompt(label, value in self.current), value, value in self.current)
                  for value, label in self.spec.items],
                id="pick-list")
            yield StatusLine(self._count_text(), id="pick-status")
        yield Footer()

    def on_mount(self) -> None:
        """Focus the list so space ticks straight away."""
        for listing in self.query(SelectionList):  # none if closed while built
            listing.focus()

    def _count_text(self) -> str:
        chosen = len(self.current)
        return f"{chosen} of {self.spec.pick} ticked - space ticks, enter uses them, esc cancels"

    def on_selection_list_selected_changed(self, event: SelectionList.SelectedChanged) -> None:
        """Keep the count line and the tick marks current."""
        self.current = set(event.selection_list.selected)
        for index, (value, label) in enumerate(self.spec.items):
            event.selection_list.replace_option_prompt_at_index(
                index, item_prompt(label, value in self.current))
        self.query_one("#pick-status", StatusLine).update(self._count_text())

    def action_confirm(self) -> None:
        """Use the ticked items, if there are exactly as many as the option needs."""
        chosen = list(self.query_one(SelectionList).selected)
        if len(chosen) != self.spec.pick:
            self.query_one("#pick-status", StatusLine).update(
                f"Tick exactly {self.spec.pick} (you have {len(chosen)}).", error=True)
            return
        self.dismiss(self.spec.picked_value(chosen))

    def action_cancel(self) -> None:
        """Keep the option as it was."""
        self.dismiss(None)
