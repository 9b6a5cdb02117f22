"""Player names as the screens show them: plain, printable, of a bounded length.

A name can come from outside the program: typed (or pasted) in the new-game dialog, or
read from a save file. Every screen shows it through ``shown_name``: control characters
(an ESC that would retitle or clear the terminal) are dropped and a name too long for
its place is cut. Screens show the result as plain text, never as markup, so a name
like "[bold]" reads as typed.
"""

from __future__ import annotations

from tui_games.engine.text import one_line, printable

MAX_NAME = 16        # what the new-game dialog lets a player type
SHOWN_NAME = 24      # a longer name from a save file is cut to this on screen


def shown_name(name: str) -> str:
    """``name`` fit to show: printable, on one line, at most ``SHOWN_NAME`` characters."""
    if name.isprintable() and len(name) <= SHOWN_NAME:
        return name  # the common case, untouched
    return one_line(name, SHOWN_NAME)


def input_name(name: str) -> str:
    """``name`` made fit for a name box: printable, spaces collapsed, cut to ``MAX_NAME``
    (a prefilled name may come from a save file)."""
    return " ".join(printable(name).split())[:MAX_NAME]


def refused_name(label: str) -> str:
    """What the new-game dialog says when control characters were kept out of a name."""
    return (f"{label}'s name: control characters (from a paste?) are not allowed in "
            "names and were left out.")
