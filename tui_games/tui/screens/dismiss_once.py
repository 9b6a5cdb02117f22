"""DismissOnce: a screen that gives its answer once.

Keys typed ahead reach a dialog together ("enter escape"): the second asks it to close
again while the first is closing it. Textual would set the screen's result a second time
(InvalidStateError) and pop the screen under it; the second answer is dropped instead.
"""

from __future__ import annotations

from typing import Any

from textual.await_complete import AwaitComplete


class DismissOnce:
    """Mixin for a screen that is dismissed with an answer: only the first counts.
    List it before ``Screen``/``ModalScreen``. A plain class, not a Screen: it must not
    bring Screen's default styles in ahead of ModalScreen's (the see-through backdrop)."""

    _dismissed = False

    def dismiss(self, result: Any = None) -> AwaitComplete:
        """Close with ``result``, the first time only."""
        if self._dismissed:
            return AwaitComplete.nothing()
        self._dismissed = True
        return super().dismiss(result)  # type: ignore[misc]
