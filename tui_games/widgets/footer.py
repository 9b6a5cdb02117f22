"""GameFooter: Textual's Footer, updated only when the keys it shows really change.

Textual's Footer removes and mounts all its keys on every ``bindings_updated_signal``,
and Textual publishes that signal on every focus change and every reactive declared with
``bindings=True``, whether or not a key was switched on or off. On a game table that
rebuild (new widgets to style, a reflow of the screen for each of them) was the costliest
part of a key press. Here the keys shown (key, label, action, enabled state, tooltip) are
compared with the ones on screen: nothing happens when they are the same, and when they
differ the existing key widgets are given their new text in place, adding or removing
only the difference. Footers with binding groups or the command palette key (not used by
the game screens) are rebuilt as Textual does.
"""

from __future__ import annotations

from itertools import groupby
from typing import TYPE_CHECKING, NamedTuple

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

if TYPE_CHECKING:
    from textual.screen import Screen


class KeySpec(NamedTuple):
    """One key as the Footer shows it."""

    key: str
    display: str
    description: str
    action: str
    disabled: bool
    tooltip: str


class GameFooter(Footer):
    """A Footer that touches its keys only when the active bindings shown change."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shown: tuple[object, ...] | None = None  # what is on screen now
        self._check_pending = False
        self.rebuilds = 0  # full rebuilds (compose), for tests and the bench
        self.updates = 0  # in-place updates of the keys

    def shown_keys(self) -> tuple[tuple[object, ...], list[KeySpec] | None]:
        """(signature, keys): the signature covers everything ``Footer.compose`` reads;
        ``keys`` is the plain row of keys compose would draw, or None when it would draw
        binding groups or the command palette key."""
        app = self.app
        active = self.screen.active_bindings
        by_action: dict[str, list[tuple[Binding, bool, str]]] = {}
        for _node, binding, enabled, tooltip in active.values():
            if binding.show:
                by_action.setdefault(binding.action, []).append((binding, enabled, tooltip))
        keys: list[KeySpec] = []
        plain = True
        signature: list[object] = []
        for group, same_group in groupby(by_action.values(), lambda b: b[0][0].group):
            entries = list(same_group)
            if group is not None and len(entries) > 1:
                plain = False
                signature.append(("group", group.description, group.compact))
            for binding, enabled, tooltip in (entry[0] for entry in entries):
                spec = KeySpec(binding.key, app.get_key_display(binding), binding.description,
                               binding.action, not enabled, tooltip)
                keys.append(spec)
                signature.append(spec)
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE:
            found = active.get(app.COMMAND_PALETTE_BINDING)
            if found is not None:
                plain = False
                signature.append(("palette", app.get_key_display(found.binding),
                                  found.binding.description, found.enabled,
                                  found.binding.tooltip))
        return tuple(signature), keys if plain else None

    def compose(self) -> ComposeResult:
        """The keys, as Footer draws them; remembers what it drew."""
        if self._bindings_ready:
            self._shown = self.shown_keys()[0]
            self.rebuilds += 1
        yield from super().compose()

    def bindings_changed(self, screen: Screen) -> None:
        """Schedule one check of the keys; several signals in a row make one check.

        The check runs as soon as the messages already queued are handled, usually before
        the next frame, so the keys change in the same frame as the table.
        """
        self._bindings_ready = True
        if not screen.app.app_focus:
            return
        if self.is_attached and screen is self.screen and not self._check_pending:
            self._check_pending = True
            self.call_later(self._update_keys)

    async def _update_keys(self) -> None:
        self._check_pending = False
        if not self.is_attached:
            return
        signature, keys = self.shown_keys()
        if signature == self._shown:
            return
        current = list(self.children)
        if keys is None or self._shown is None or not all(
                isinstance(w, FooterKey) and not w.has_class("-command-palette")
                for w in current):
            await self.recompose()
            return
        self._shown = signature
        self.updates += 1
        for widget, spec in zip(current, keys, strict=False):
            assert isinstance(widget, FooterKey)
            self._assign(widget, spec)
        if len(current) > len(keys):
            await self.remove_children(current[len(keys):])
        elif len(keys) > len(current):
            await self.mount_all(FooterKey(spec.key, spec.display, spec.description,
                                           spec.action, disabled=spec.disabled,
                                           tooltip=spec.tooltip).data_bind(
                                               compact=Footer.compact)
                                 for spec in keys[len(current):])

    @staticmethod
    def _assign(widget: FooterKey, spec: KeySpec) -> None:
        """Give an existing key widget another key's text and state."""
        old = KeySpec(widget.key, widget.key_display, widget.description, widget.action,
                      widget._disabled, str(widget.tooltip or ""))
        if old == spec:
            return
        widget.key, widget.key_display, widget.action = spec.key, spec.display, spec.action
        widget.description = spec.description
        widget._disabled = spec.disabled
        widget.set_class(spec.disabled, "-disabled")
        if spec.tooltip != old.tooltip:
            widget.tooltip = spec.tooltip or None
        resized = (len(old.display), len(old.description)) != (len(spec.display),
                                                               len(spec.description))
        widget.refresh(layout=resized)

    def _watch_show_command_palette(self, show: bool) -> None:
        """Footer draws the palette key only on its next rebuild: ask for one now."""
        if self._bindings_ready:
            self.bindings_changed(self.screen)
