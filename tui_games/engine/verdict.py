"""The one line under a result that says what decided it (pure: no UI).

Every game ranks by its score and then by its own tie-break; this module only words the
outcome of that ranking, so each game passes its tie-break in its rulebook's terms.
Seats are named "Seat 1" (grammar.seat_ref): the screens put the players' names in.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui_games.engine.grammar import plural, seat_ref


def names(seats: Sequence[int]) -> str:
    """"Seat 1", "Seat 1 and Seat 2", "Seat 1, Seat 2 and Seat 3"."""
    refs = [seat_ref(seat) for seat in seats]
    return refs[0] if len(refs) == 1 else f"{', '.join(refs[:-1])} and {refs[-1]}"


def decided_by(scores: Sequence[int], winners: Sequence[int], unit: str,
               tie_break: str = "", units: str | None = None) -> str:
    """What settled it: a margin, the tie-break (``tie_break``: the rulebook's words,
    "" for a game without one) or a tie nothing broke. ``unit`` is singular ("point",
    "star fragment"; ``units`` its plural when not unit + "s": "VP"). "" when nobody
    won: the game words that itself.
    """
    if not winners or not scores:
        return ""
    top = max(scores)
    level = [seat for seat, score in enumerate(scores) if score == top]
    if len(scores) == 1:
        return f"{seat_ref(winners[0])} won with {plural(top, unit, units)}"
    if len(level) == 1:
        margin = top - max(score for seat, score in enumerate(scores) if seat != level[0])
        return f"{seat_ref(level[0])} won by {plural(margin, unit, units)}"
    tied = f"tied on {plural(top, unit, units)}"
    if len(winners) < len(level):
        if len(winners) == 1:
            return f"{seat_ref(winners[0])} won on the tie-break ({tied}): {tie_break}"
        return f"{names(winners)} shared the win on the tie-break ({tied}): {tie_break}"
    if len(winners) == len(scores):
        everyone = "everyone" if len(scores) > 2 else "both players"
        still = f" and on the tie-break, {tie_break}" if tie_break else ""
        return f"A shared win: {everyone} {tied}{still}"
    still = f" and on the tie-break, {tie_break}" if tie_break else ""
    return f"{names(winners)} shared the win: {tied}{still}"
