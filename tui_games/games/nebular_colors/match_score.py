"""The game-over breakdown of a match: each hand's star fragments, and its points.

A hand's row holds the star fragments it earned (they add up to the score); the detail
rows under it (core.DETAIL) hold each player's points at the hand's end: melds, then
the penalty cards (-1 per 3), as the rulebook scores them.
"""

from __future__ import annotations

from tui_games.engine.core import DETAIL
from tui_games.games.nebular_colors.state import HandResult, NCState

# How each of the four endings is called in the rulebook's words.
ENDINGS = {"stop": "Stop", "nova": "Nova made", "nova_failed": "failed Nova",
           "deck": "deck ran out"}


def hand_rows(result: HandResult, penalties: list[int], player: int) -> list[tuple[str, int]]:
    """One hand for ``player``: its fragments, then its points in parts (``penalties``
    per seat, empty when not kept)."""
    earned = result.fragments if result.winner == player else 0
    rows = [(f"Hand {result.hand_no}: {ENDINGS[result.kind]}", earned)]
    points = result.scores[player]
    if len(penalties) > player:
        penalty = penalties[player]
        rows += [(f"{DETAIL}melds", points + penalty), (f"{DETAIL}penalty cards", -penalty)]
    else:  # a hand recorded before the penalties were kept
        rows.append((f"{DETAIL}points", points))
    return rows


def match_breakdown(s: NCState, player: int) -> list[tuple[str, int]]:
    """Every hand of the match for ``player``, in play order (after the fragments held
    before them, in a match set up part-way: the rows add up to the score)."""
    kept = s.hand_penalties if len(s.hand_penalties) == len(s.results) else []
    rows = [row for i, result in enumerate(s.results)
            for row in hand_rows(result, kept[i] if kept else [], player)]
    before = s.fragments[player] - sum(r.fragments for r in s.results if r.winner == player)
    return [("star fragments before these hands", before)] * bool(before) + rows
