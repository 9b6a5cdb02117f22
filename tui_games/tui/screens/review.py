"""Looking back: a read-only table as it was after the first n actions.

A look back is the replay viewer (screens/replay.py): the game's own screen class with
the viewer's keys in front. Enter or Esc ends it, with priority, so it wins even where a
widget of the table binds Enter. Those bindings live on a subclass made once per game
screen class, so the live table's bindings never hold them. Saving, undo and the menu
are switched off in a look back by the screen's ``check_action`` (``LIVE_ONLY``), which
also hides them from the footer.
"""

from __future__ import annotations

from textual.binding import Binding

LIVE_ONLY = frozenset({"save", "undo", "menu"})
"""The actions of a live table that a look back does not offer (Esc ends it instead)."""

END_REVIEW = Binding("enter,escape", "end_review", "Go on", key_display="⏎", priority=True)


def looking_back_status(title: str) -> str:
    """The status line of a look back."""
    return f"Looking back at {title}: Enter or Esc to go on."


def nothing_to_play(title: str) -> str:
    """Why a move is refused in a look back."""
    return f"This is a look back at {title}: nothing can be played here. Enter or Esc to go on."
