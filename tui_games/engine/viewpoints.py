"""Whose view a replay shows, in the words every front end uses.

A replay shows one seat's observation, a spectator's (public) view, or, once a game is
finished, everything: no hand is hidden from anyone after the game, and before it a
seat's hand may be seen only by its own player.
"""

from __future__ import annotations

from collections.abc import Sequence

SPECTATOR_NAME = "a spectator"
EVERYTHING_NAME = "everything (every hand revealed)"
REVEAL_AFTER = "Hands are revealed only after the game."


def viewpoints(names: Sequence[str], own: Sequence[int], over: bool) -> list[int | str | None]:
    """The views a replay may switch to: each seat it may show (``own`` seats while the
    game is unfinished, every seat once it is over), None for a spectator, and "all"
    (everything revealed) only for a finished game."""
    seats = range(len(names)) if over else sorted(set(own))
    return [*seats, None, *(["all"] if over else [])]


def viewpoint_name(view: int | str | None, names: Sequence[str]) -> str:
    """How a view is named: the seat's name, "a spectator", or everything."""
    if view is None:
        return SPECTATOR_NAME
    if view == "all":
        return EVERYTHING_NAME
    assert isinstance(view, int)
    return names[view]
