"""GameFooter: Textual's Footer, rebuilt only when the keys it shows really change.

Textual's Footer removes and mounts all its keys on every ``bindings_updated_signal``,
and Textual publishes that signal on every focus change and every reactive declared with
``bindings=True``, whether or not a key was switched on or off. On a game table that
rebuild is the costliest part of a key press; here it happens only when the keys shown
(key, label, enabled state, tooltip, group) differ from the ones on screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.screen import Screen

Signature = tuple[object, ...]


class GameFooter(Footer):
    """A Footer that recomposes only when the signature of its active bindings changes."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shown: Signature | None = None  # what the last compose put on screen
        self._check_pending = False
        self.recomposes = 0  # how many times the keys were rebuilt (for tests and bench)

    def signature(self) -> Signature:
        """Everything ``Footer.compose`` reads from the screen's bindings, as plain data."""
        app = self.app
        active = self.screen.active_bindings
        keys: list[object] = []
        for _node, binding, enabled, tooltip in active.values():
            if not binding.show:
                continue
            group = binding.group
            keys.append((binding.key, app.get_key_display(binding), binding.description,
                         binding.action, enabled, tooltip,
                         None if group is None else (group.description, group.compact)))
        palette = self.show_command_palette and app.ENABLE_COMMAND_PALETTE
        if palette:
            found = active.get(app.COMMAND_PALETTE_BINDING)
            if found is not None:
                keys.append(("palette", app.get_key_display(found.binding),
                             found.binding.description, found.enabled, found.binding.tooltip))
        return (palette, *keys)

    def compose(self) -> ComposeResult:
        """The keys, as Footer draws them; remembers what it drew."""
        if self._bindings_ready:
            self._shown = self.signature()
            self.recomposes += 1
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        """Schedule a check after the refresh; several signals in a row make one check."""
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._check_pending:
            self._check_pending = True
            self.call_after_refresh(self._recompose_if_changed)

    async def _recompose_if_changed(self) -> None:
        self._check_pending = False
        if not self.is_attached:
            return
        if self._shown is None or self.signature() != self._shown:
            await self.recompose()

    def _watch_show_command_palette(self, show: bool) -> None:
        """Footer draws the palette key only on its next rebuild: ask for one now."""
        if self._bindings_ready:
            self.bindings_changed(self.screen)
