"""Where a Neptune round's points came from, and the game-over breakdown built on it.

The rulebook scores "the scores on the cards on top of each trick" (a Plasma Shield
doubles a trick, Asteroids take points away). At each round's end the rules keep, per
seat, the points of its tricks by the kind of top card (PARTS): the breakdown shows
each round's total with those parts under it. A total "can never go below zero", so a
last row says what that floor added, and the rows still add up to the score.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui_games.engine.core import DETAIL
from tui_games.games.neptune.state import IS_ASTEROID, NeptuneState, Pile

# In the table's words (its cards read Red, Green, Blue; "Special cards in play"; each
# Asteroid by name), never the rulebook's "system cards", which nothing on the table
# says; the order of each round's parts list.
PARTS = ("Red/Green/Blue on top", "special cards on top", "Asteroids on top",
         "Plasma Shield doubling")


def round_parts(piles: Sequence[Pile], players: int) -> list[list[int]]:
    """Per seat, the round's points in PARTS order; they add up to its round score."""
    parts = [[0] * len(PARTS) for _ in range(players)]
    for pile in piles:
        if pile.destroyed:  # blown up by Proximity Mines: nobody scores it
            continue
        kind = 0 if pile.top < 30 else 2 if IS_ASTEROID[pile.top] else 1
        parts[pile.owner][kind] += pile.value
        parts[pile.owner][3] += pile.score - pile.value
    return parts


def seat_breakdown(s: NeptuneState, seat: int) -> list[tuple[str, int]]:
    """Each round's points with their parts (games saved before the parts were kept show
    the round totals only), then what the floor at 0 added."""
    rows: list[tuple[str, int]] = []
    for r, points in enumerate(s.round_scores):
        rows.append((f"Round {r + 1}", points[seat]))
        if r < len(s.round_parts):
            rows += [(f"{DETAIL}{label}", value)
                     for label, value in zip(PARTS, s.round_parts[r][seat], strict=True)
                     if value]
    floor = s.scores[seat] - sum(points[seat] for points in s.round_scores)
    if floor and len(s.round_scores) == s.round:
        rows.append(("kept at 0 (never below)", floor))
    return rows
