"""OwnKeys: a focused widget that runs its own key bindings where the key lands.

Textual hands a key to the focused widget, then lets it bubble through every container
up to the screen and the app, and only there looks up the bindings, focused widget first.
Each hop is a message through another queue: a cursor key in a hand three boxes deep
paid for five hops (and an idle pass per hop) before moving. The focused widget's own
bindings come first in Textual's lookup anyway, so running them at once changes nothing
but the cost. Priority bindings have already been tried by the app before the key came.
An ancestor's ``on_key`` no longer sees a key the widget binds: the game screens' key
handlers step aside for bound keys already (they check ``active_bindings``).
"""

from __future__ import annotations

from textual import events
from textual.widget import Widget


class OwnKeys(Widget):
    """Mixin for a focusable widget: its own (non-priority) bindings run without the key
    bubbling first (see the module). List it before ``Widget``."""

    async def _on_key(self, event: events.Key) -> None:
        for binding in self._bindings.key_to_bindings.get(event.key, ()):
            if not binding.priority and await self.app.run_action(binding.action, self):
                event.stop()
                event.prevent_default()  # Widget's own key_ dispatch: the binding won
                return
