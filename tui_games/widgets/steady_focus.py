"""SteadyFocus: a widget with many component classes that gains or loses focus cheaply.

On every focus change Textual restyles the widget, and with it every component class it
declares: one pass of the whole stylesheet per class. A Nebula board declares sixteen (a
colour per star, marks, labels), so moving the focus between two boards - what a key that
changes the phase does - cost two dozen stylesheet passes. No rule styles these components
differently with focus, so only the widget's own styles (a :focus tint, a border) need the
pass; the component styles are kept. Should a stylesheet ever style a component by focus,
the widget falls back to Textual's full restyle.
"""

from __future__ import annotations

from typing import Any

from textual.widget import Widget

FOCUS_PSEUDO_CLASSES = frozenset({"focus", "blur", "focus-within"})
_FOLLOWS: dict[type, tuple[object, bool]] = {}  # class -> (the rules judged, the verdict)


def components_follow_focus(widget: Widget) -> bool:
    """Whether some rule of the app's stylesheet styles one of ``widget``'s component
    classes differently with focus (then a focus change must restyle them)."""
    rules = widget.app.stylesheet.rules
    cls = type(widget)
    known = _FOLLOWS.get(cls)
    if known is not None and known[0] is rules:
        return known[1]
    names = {f".{name}" for name in widget._get_component_classes()}
    follows = any(rule.selector_names & names and rule.pseudo_classes & FOCUS_PSEUDO_CLASSES
                  for rule in rules)
    _FOLLOWS[cls] = (rules, follows)
    return follows


def _no_components() -> frozenset[str]:
    return frozenset()


class SteadyFocus(Widget):
    """Mixin for a focusable widget: a focus change restyles the widget, not its
    component classes (see the module's docstring). List it before ``Widget``."""

    def watch_has_focus(self, has_focus: bool) -> None:
        """Restyle for :focus; keep the component styles unless a rule ties them to focus."""
        if not self.is_attached or components_follow_focus(self):
            super().watch_has_focus(has_focus)
            return
        # Shadow the classmethod on this instance for the one restyle: the stylesheet then
        # sees no component classes and leaves the ones computed at mount in place.
        this: Any = self
        this._get_component_classes = _no_components
        try:
            super().watch_has_focus(has_focus)
        finally:
            del this._get_component_classes
