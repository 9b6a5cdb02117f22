"""Small constructors for Nebula test tables, written with space names and star letters."""

from __future__ import annotations

import random

from tui_games.games.nebula.board import INDEX, SPACE_COUNT, SPACES
from tui_games.games.nebula.rules import NebulaRules
from tui_games.games.nebula.state import (
    EMPTY,
    STAR_LETTERS,
    KeepPersonal,
    NebulaAction,
    NebulaState,
)

RULES = NebulaRules()


def star(letter: str) -> int:
    """The star index of a letter: R P Y W B O, K for black."""
    return STAR_LETTERS.index(letter)


def galaxy(text: str = "") -> list[int]:
    """A Galaxy from ``"C=R N1=P E2b=W"``; unnamed spaces are empty."""
    out = [EMPTY] * SPACE_COUNT
    for item in text.split():
        name, letter = item.split("=")
        out[INDEX[name]] = star(letter)
    return out


def counts(text: str = "") -> list[int]:
    """Per-star counts from ``"W W P K"`` or ``"Y:5 O:1"``."""
    out = [0] * 7
    for item in text.split():
        letter, _, n = item.partition(":")
        out[star(letter)] += int(n or 1)
    return out


def new(players: int = 2, mode: str = "full", seed: int = 1) -> NebulaState:
    """A game set up and past the Personal picks (each seat keeps its first card)."""
    s = RULES.setup(players, seed, {"mode": mode})
    while s.phase == "personal":
        RULES.apply(s, KeepPersonal(s.personal_offer[RULES.to_move(s)][0]))
    return s


def placing(s: NebulaState, reserve: str, board: str = "", boosted: str = "Y") -> NebulaState:
    """``s`` moved to the positioning step of the current seat with the given stars."""
    me = s.current
    s.reserves[me] = counts(reserve)
    s.galaxies[me] = galaxy(board)
    s.boosted = star(boosted)
    s.phase = "place"
    s.time_left = 0
    return s


def random_playout(s: NebulaState, seed: int, limit: int = 5000) -> list[NebulaAction]:
    """Play uniformly random legal actions until the end; the actions taken."""
    rng = random.Random(seed)
    played: list[NebulaAction] = []
    while RULES.to_move(s) is not None and len(played) < limit:
        action = rng.choice(RULES.legal_actions(s))
        RULES.apply(s, action)
        played.append(action)
    return played


def names(spaces: list[int] | tuple[int, ...]) -> set[str]:
    """Space names for indices."""
    return {SPACES[i] for i in spaces}
