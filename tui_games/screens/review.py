"""Looking back: a read-only table as it was after the first n actions.

A look back is the game's own screen class with one binding more: Enter or Esc ends it,
with priority, so it wins even where a widget of the table binds Enter. That binding lives
on a subclass made once per game screen class (``look_back_class``), so the live table's
bindings never hold it. Saving, undo and the menu are switched off in a look back by the
screen's ``check_action`` (``LIVE_ONLY``), which also hides them from the footer.
"""

from __future__ import annotations

from typing import Any, TypeVar

from textual.binding import Binding
from textual.screen import Screen

from tui_games.engine.session import Session

LIVE_ONLY = frozenset({"save", "undo", "menu"})
"""The actions of a live table that a look back does not offer (Esc ends it instead)."""

END_REVIEW = Binding("enter,escape", "end_review", "Go on", key_display="⏎", priority=True)

S = TypeVar("S", bound=Screen[Any])

_LOOK_BACKS: dict[type[Any], type[Any]] = {}


def look_back_class(cls: type[S]) -> type[S]:
    """``cls`` with Enter and Esc ending the look back (made once per class)."""
    if getattr(cls, "IS_LOOK_BACK", False):
        return cls
    made = _LOOK_BACKS.get(cls)
    if made is None:
        # Textual merges a subclass's BINDINGS over its bases' by key: Enter and Esc then
        # do only this, whatever the game bound them to.
        made = type(cls.__name__, (cls,), {"BINDINGS": [END_REVIEW], "IS_LOOK_BACK": True,
                                           "__module__": cls.__module__})
        _LOOK_BACKS[cls] = made
    return made


def past_session(session: Session, actions_upto: int) -> Session:
    """``session`` as it was after its first ``actions_upto`` actions (with its view
    prefs, so a look back draws the table the way the player left it)."""
    return Session(session.rules, session.seats, session.seed, session.options,
                   session.actions[:actions_upto], ui_prefs=session.ui_prefs)


def looking_back_status(title: str) -> str:
    """The status line of a look back."""
    return f"Looking back at {title}: Enter or Esc to go on."


def nothing_to_play(title: str) -> str:
    """Why a move is refused in a look back."""
    return f"This is a look back at {title}: nothing can be played here. Enter or Esc to go on."
