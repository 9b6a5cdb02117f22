"""GameFooter: the keys of the screen in one line that repaints, never re-lays out.

Textual's Footer is a row of key widgets, removed and mounted again on every
``bindings_updated_signal`` (each focus change, each ``refresh_bindings``): every change
makes new widgets to style and a reflow of the whole screen, the costliest part of a key
that changes the phase of a game. GameFooter is a plain one-line widget fed by the same
public signal: it keeps the list of keys it shows, and repaints only itself, only when
that list really changes, and only the columns that look different (a key dimmed on a
cursor key is a few cells, where the line is ~800 bytes to the terminal). A click on a
key presses it, as on Textual's Footer. Bindings of one ``Binding.Group`` show as one
entry: the first one's key display (which may name several keys, "PgUp/Dn") and the
group's description.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.text import Text
from textual import events
from textual.binding import Binding
from textual.cache import LRUCache
from textual.geometry import Region
from textual.reactive import reactive
from textual.strip import Strip
from textual.visual import Visual, visualize
from textual.widget import Widget

from tui_games.tui.widgets.footer_fit import Entry, fit
from tui_games.tui.widgets.strip_changes import changed_span, merged

if TYPE_CHECKING:
    from textual.screen import Screen


DRAWN_SETS = 64  # sets of keys kept drawn: every phase of a game, many times over


KeySpec = Entry  # one entry of the footer (see footer_fit)


class GameFooter(Widget):
    """The screen's keys drawn as one line, docked at the bottom as Textual's Footer is
    and in its colours; it repaints only when the keys it shows change, and a set of keys
    shown before is not drawn again.

    ``compact`` (as on Footer) puts one space between a key and its label instead of
    padding both. The command palette key, when shown, is drawn at the right end.
    """

    COMPONENT_CLASSES = {"game-footer--key", "game-footer--description"}

    ALLOW_SELECT = False  # as on Footer: a drag over the keys selects no text

    # Footer's own rule for itself (its key widgets' rules are drawn here by render).
    DEFAULT_CSS = """
    GameFooter {
        color: $footer-foreground;
        background: $footer-background;
        dock: bottom;
        height: 1;
        .game-footer--key {
            color: $footer-key-foreground;
            background: $footer-key-background;
            text-style: bold;
        }
        .game-footer--description {
            color: $footer-description-foreground;
            background: $footer-description-background;
        }
    }
    """

    compact = reactive(False, toggle_class="-compact")
    """Display in compact style."""
    show_command_palette = reactive(True)
    """Show the key to invoke the command palette."""

    def __init__(self, *, compact: bool = False, show_command_palette: bool = True,
                 shrinkable: Sequence[str] = (), name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        # The actions of the keys every table shares, in the order they fold into one
        # entry when the line is too short (see footer_fit).
        self.shrinkable = tuple(shrinkable)
        self.set_reactive(GameFooter.compact, compact)
        self.set_class(compact, "-compact", update=False)
        self.set_reactive(GameFooter.show_command_palette, show_command_palette)
        self._keys: tuple[KeySpec, ...] = ()
        self._palette: KeySpec | None = None
        self._spans: list[tuple[int, int, KeySpec]] = []  # columns of each key drawn
        self._check_pending = False
        self.updates = 0  # how often the keys shown changed (tests, bench)
        # Each set of keys drawn, with where each key is: a game goes back and forth
        # between a few sets (one per phase), and each is turned into a line once.
        self._drawn: LRUCache[tuple[object, ...], tuple[Strip, list[tuple[int, int, KeySpec]]]]
        self._drawn = LRUCache(DRAWN_SETS)

    def on_mount(self) -> None:
        """Follow the screen's bindings through its public signal, as Footer does."""
        self.screen.bindings_updated_signal.subscribe(self, self.bindings_changed)
        self.bindings_changed(self.screen)

    def on_unmount(self) -> None:
        """Let go of the screen's signal."""
        self.screen.bindings_updated_signal.unsubscribe(self)

    @property
    def keys(self) -> tuple[KeySpec, ...]:
        """The keys shown now, left to right."""
        return self._keys

    @property
    def drawn(self) -> tuple[KeySpec, ...]:
        """The entries that fit the width when last drawn, the palette key's among them."""
        return tuple(spec for _start, _end, spec in self._spans)

    def shown_keys(self) -> tuple[tuple[KeySpec, ...], KeySpec | None]:
        """The keys the screen's active bindings show, and the command palette key;
        none while another screen (a dialog) covers this one: its keys do not work
        then, and the dimmed line under a dialog must not say they do."""
        app = self.app
        if self.screen is not app.screen:
            return (), None
        active = self.screen.active_bindings
        seen: set[str] = set()
        keys: list[KeySpec] = []
        groups: dict[Binding.Group, int] = {}  # a group's entry in ``keys``
        for _node, binding, enabled, _tooltip in active.values():
            if not binding.show or binding.action in seen:
                continue
            if binding.key == app.COMMAND_PALETTE_BINDING:
                continue
            seen.add(binding.action)
            group = binding.group
            if group is not None and group in groups:
                # One entry for the whole group (four log keys would not fit 80
                # columns one by one): its first key's display names it.
                at = groups[group]
                first = keys[at]
                keys[at] = KeySpec(first.key, first.display, first.description,
                                   first.disabled and not enabled,
                                   (*first.covers, binding.key), first.action)
                continue
            if group is not None:
                groups[group] = len(keys)
            keys.append(KeySpec(binding.key, app.get_key_display(binding),
                                group.description if group is not None
                                else binding.description, not enabled, (binding.key,),
                                binding.action))
        palette = None
        if self.show_command_palette and app.ENABLE_COMMAND_PALETTE:
            found = active.get(app.COMMAND_PALETTE_BINDING)
            if found is not None:
                palette = KeySpec(found.binding.key, app.get_key_display(found.binding),
                                  found.binding.description, not found.enabled,
                                  (found.binding.key,), found.binding.action)
        return tuple(keys), palette

    def bindings_changed(self, screen: Screen) -> None:
        """Schedule one check of the keys; several signals in a row make one check."""
        if self.is_attached and screen is self.screen and not self._check_pending:
            self._check_pending = True
            self.call_later(self._update_keys)

    def _update_keys(self) -> None:
        self._check_pending = False
        if not self.is_attached:
            return
        keys, palette = self.shown_keys()
        if (keys, palette) != (self._keys, self._palette):
            width = self.size.width
            old = self._line(width) if width > 0 else None
            self._keys, self._palette = keys, palette
            self.updates += 1
            if old is None:
                self.refresh()
                return
            # Only the columns that changed: a key dimmed or lit (a cursor key that
            # changes what applies) is a few cells, where the whole line is ~800 bytes.
            span = changed_span(old, self._line(width))
            if span is not None:
                self.refresh(Region(span[0], 0, span[1] - span[0], 1))

    def watch_compact(self) -> None:
        """Another spacing: draw the line again."""
        self.refresh()

    def watch_show_command_palette(self) -> None:
        """The palette key shown or not: check the keys again."""
        if self.is_attached:
            self.bindings_changed(self.screen)

    def render(self) -> Text:
        """The keys that fit the width, in order; the palette key at the right end."""
        key_style = self.get_component_rich_style("game-footer--key")
        description_style = self.get_component_rich_style("game-footer--description")
        width = self.size.width
        palette = None
        if self._palette is not None:
            palette = Text.assemble(("▏", description_style),
                                    (self._palette.display, key_style),
                                    (f" {self._palette.description}", description_style))
        room = width - (palette.cell_len + 1 if palette is not None else 0)
        fitted = fit(self._keys, room, shrinkable=self.shrinkable, compact=self.compact,
                     key_style=key_style, description_style=description_style)
        line = fitted.line
        line.truncate(max(room, 0))
        spans = fitted.spans
        if palette is not None:
            line.append(" " * max(1, width - line.cell_len - palette.cell_len))
            start = line.cell_len
            line.append_text(palette)
            spans.append((start + 1, line.cell_len, self._palette))  # type: ignore[arg-type]
        self._spans = spans
        return line

    def render_line(self, y: int) -> Strip:
        """The line of keys, drawn once per set of keys, width and look."""
        width = self.size.width
        if y != 0 or width <= 0:
            return Strip.blank(width, self.visual_style.rich_style)
        return self._line(width)

    def _line(self, width: int) -> Strip:
        """The line of the keys shown now at ``width`` (and where each key is)."""
        key = (self._keys, self._palette, width, self.compact, self.visual_style,
               self.app.theme)
        drawn = self._drawn.get(key)
        if drawn is None:
            line = self.render()  # also finds where each key is (self._spans)
            strips = Visual.to_strips(self, visualize(self, line), width, 1,
                                      self.visual_style, pad=True)
            drawn = (merged(strips[0]), self._spans)  # a gap joins its key's words
            self._drawn.set(key, drawn)
        strip, self._spans = drawn
        return strip

    def on_click(self, event: events.Click) -> None:
        """A click on a key presses it (a disabled key rings the bell)."""
        for start, end, spec in self._spans:
            if start <= event.x < end:
                if spec.disabled:
                    self.app.bell()
                else:
                    self.app.simulate_key(spec.key)
                return
