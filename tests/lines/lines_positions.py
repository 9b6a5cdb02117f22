"""Positions for the rarest kinds of action: a seeded random playout of the true game,
stopped at the first decision of seat 0 where the kind is legal. The prefix is a real
game (the same seed and actions replay it), so the lines table plays on from it and a
save of it loads like any other."""

from __future__ import annotations

import random
from typing import Any

from tui_games.engine.core import Action, Options
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo


def playout_prefix(info: GameInfo, players: int, options: Options, seed: int,
                   kind: str, most: int = 3000) -> list[Action] | None:
    """The actions of a random playout from ``seed`` up to the first decision of seat 0
    that offers ``kind`` (None if the game ends first)."""
    rules = info.rules
    state: Any = rules.setup(players, seed, options)
    rng = random.Random(f"lines-position/{seed}")
    actions: list[Action] = []
    while (mover := rules.to_move(state)) is not None and len(actions) < most:
        legal = rules.legal_actions(state)
        if mover == 0 and any(type(a).__name__ == kind for a in legal):
            return actions
        action = rng.choice(legal)
        rules.apply(state, action)
        actions.append(action)
    return None


def position(info: GameInfo, seats: list[Seat], options: Options, seed: int,
             kind: str) -> Session:
    """A session at the playout's stop (ValueError if the seed reaches none)."""
    prefix = playout_prefix(info, len(seats), options, seed, kind)
    if prefix is None:
        raise ValueError(f"seed {seed} never offers {kind} to seat 0")
    return Session(info.rules, seats, seed, options, actions=prefix)
