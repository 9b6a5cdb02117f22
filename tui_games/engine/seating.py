"""Who sits at a new game: the seats' default kinds and names, and a fresh seed.

Pure, so that every front end (the screen's new-game dialog, the lines front end) offers
the same seats with the same names.
"""

from __future__ import annotations

import secrets
from typing import TYPE_CHECKING

from tui_games.engine.session import Seat

if TYPE_CHECKING:
    from tui_games.games import GameInfo

HUMAN = "human"
SEED_LIMIT = 2**31


def new_seed() -> int:
    """A fresh random seed for a game whose seed field was left blank."""
    return secrets.randbelow(SEED_LIMIT)


def default_name(index: int, kind: str, humans: int = 1) -> str:
    """"Bot N" for a bot; for a human "You" when they are the only one at the table,
    else "Player N" (hot-seat: every player is named, none is "You")."""
    if kind != HUMAN:
        return f"Bot {index + 1}"
    return "You" if humans <= 1 else f"Player {index + 1}"


def default_kind(info: GameInfo, index: int) -> str:
    """Seat 1 human; the others the "normal" bot if the game has one, else its first."""
    if index == 0 or not info.bots:
        return HUMAN
    return "normal" if "normal" in info.bots else next(iter(info.bots))


def seats_of(kinds: list[str]) -> list[Seat]:
    """Seats of these kinds (HUMAN or a bot level), with their default names."""
    humans = kinds.count(HUMAN)
    return [Seat(default_name(i, kind, humans), None if kind == HUMAN else kind)
            for i, kind in enumerate(kinds)]


def default_seats(info: GameInfo, count: int) -> list[Seat]:
    """The seats offered for ``count`` players before the player changes anything."""
    return seats_of([default_kind(info, i) for i in range(count)])
