"""Which of the Nova Lux map and action list has the keys, and the list's highlight that
goes with them: the bar shows only while the list has the keys (where Enter plays it),
and is held for when they come back.

``ListFocus`` is a part of NovaLuxScreen (mixed into it, as TableKeys is into GameScreen;
Textual finds its ``on_descendant_focus`` by name). The screen keeps the state it works
on: ``_held`` (the highlight while the map has the keys), ``_list_keys`` (the list has
them) and ``_hint_moved_focus`` (a hint's status line stays).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.events import DescendantFocus
from textual.widget import Widget

if TYPE_CHECKING:
    from tui_games.games.nova_lux.screen import NovaLuxScreen


class ListFocus:
    """The keys between the map and the list (see the module's docstring)."""

    @property
    def _table(self) -> NovaLuxScreen:
        return self  # type: ignore[return-value]

    def _focus(self, widget: Widget, *, now: bool = False) -> None:
        """Give ``widget`` the keys; Textual repaints a widget focused again, so not if
        it has them already. ``now``: at once (GameScreen.give_keys), with the list's
        highlight gone in the same change; only on a live table: while the screen is
        being made, its own first focus comes after and would take the keys back."""
        table = self._table
        if now:
            if table.focused is not widget:
                table.give_keys(widget)
                if widget is not table.action_list:
                    self._hide_highlight()
        elif not widget.has_focus:
            widget.focus()

    def _follow_keys(self, count: int, reset: bool, highlighted: int | None) -> None:
        """The highlight for a list of ``count`` lines just shown (it had ``highlighted``):
        ``reset``, on the first line; else on the same line, or the last if it is gone."""
        table = self._table
        listing = table.action_list
        if listing.has_focus:
            want = 0 if reset or highlighted is None else min(highlighted, count - 1)
            if listing.highlighted != want:
                listing.highlighted = want
            return
        # The map has the keys: the list shows no highlight (Enter there opens it on its
        # first line), so a cursor key sends the list's changed cells, not a bar across
        # it; the highlight is held for when the list takes the keys.
        held = highlighted if highlighted is not None else table._held
        table._held = 0 if reset or held is None else min(held, count - 1)
        if listing.highlighted is not None:
            listing.highlighted = None

    def _safest(self) -> None:
        """The list's highlight back on its first, safest line (a later Enter Enter must
        not play what was highlighted before)."""
        table = self._table
        if table._entries and table.action_list.highlighted != 0:
            table.action_list.highlighted = 0

    def _hide_highlight(self) -> None:
        """The list's highlight is shown only where Enter plays it: away with the keys
        (held for when they come back). Called with the focus change itself, so that the
        list is drawn blurred and without its bar in one frame, not with the bar first."""
        table = self._table
        listing = table.action_list
        if listing.highlighted is not None:
            table._held = listing.highlighted
            listing.highlighted = None

    def on_descendant_focus(self, event: DescendantFocus) -> None:
        """The status line says which of the map and the list has the keys; the list's
        highlight shows only while the list has them."""
        table = self._table
        table._list_keys = event.widget.id == "nl-actions"
        listing = table.action_list
        # By where the keys are now, not by the event: two focus changes in a row (a
        # play's, then a hint's) may tell the screen in either order.
        if not listing.has_focus:
            self._hide_highlight()
        elif listing.highlighted is None and table._entries:
            held = table._held if table._held is not None else 0
            listing.highlighted = min(held, len(table._entries) - 1)
        if table._hint_moved_focus:
            table._hint_moved_focus = False  # the hint's own line says what to do
            return
        if table.mine() and not table.reviewing:
            table.show_status(table.status_text(table.view()))
