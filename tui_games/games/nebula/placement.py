"""Where a coloured star may be positioned in a Galaxy (rulebook "Placing Colored Stars").

A star goes on C when the Galaxy is empty; otherwise on a space linked to a placed star,
never linked to a star of its own colour. It may replace the star on an occupied space
(that star goes to the box) under the same two rules; the space's own star does not count
as a link, so replacing the lone star on C is allowed (it is "the first star" again), and
so is replacing a star by one of its own colour (the rulebook forbids nothing more; it
spends a star of the turn and can match the boosted colour).
"""

from __future__ import annotations

from collections.abc import Sequence

from tui_games.engine.grammar import a_or_an
from tui_games.games.nebula.board import CENTRE, NEIGHBOURS, SPACE_COUNT, SPACES
from tui_games.games.nebula.state import EMPTY, NebulaState, star_name

ALL_COLOURS = 0b111111
_LINKED = 1 << 6


def _centre_alone(galaxy: Sequence[int]) -> bool:
    """No star anywhere except, possibly, on C."""
    return all(galaxy[sp] == EMPTY for sp in range(1, SPACE_COUNT))


def allowed_colours(galaxy: Sequence[int]) -> list[int]:
    """Per space, a bitmask (bit c = colour c) of the colours that may be positioned there."""
    # Walk the placed stars once: each marks its neighbours as linked (bit 6) and as
    # forbidden for its own colour. This is the hot loop of every playout.
    marks = [0] * SPACE_COUNT
    for sp, colour in enumerate(galaxy):
        if colour != EMPTY:
            bit = _LINKED | 1 << colour
            for n in NEIGHBOURS[sp]:
                marks[n] |= bit
    if not marks[CENTRE] & _LINKED and _centre_alone(galaxy):
        marks[CENTRE] |= _LINKED
    masks = [0] * SPACE_COUNT
    for sp, mark in enumerate(marks):
        if mark & _LINKED:
            masks[sp] = ALL_COLOURS & ~mark
    return masks


def why_not(galaxy: Sequence[int], colour: int, space: int) -> str:
    """Why ``colour`` may not go on ``space`` ("" when it may)."""
    occupied_neighbours = [n for n in NEIGHBOURS[space] if galaxy[n] != EMPTY]
    if not occupied_neighbours and not (space == CENTRE and _centre_alone(galaxy)):
        if all(star == EMPTY for star in galaxy):
            return "the first star goes on the central space C"
        return "a star must be linked to a star already in your Galaxy"
    clash = [n for n in occupied_neighbours if galaxy[n] == colour]
    if clash:
        return (f"{a_or_an(star_name(colour))} star may not be linked to another of its colour "
                f"({SPACES[clash[0]]})")
    return ""


def within_limit(s: NebulaState, star: int) -> bool:
    """Whether ``star`` may still be positioned this turn: every star of a turn has a
    different colour (black counts as one), 2 at most, a third only when one of the
    turn's stars matched the boosted colour when it was placed (or this one does)."""
    placed = s.placed
    if star in placed:
        return False
    n = len(placed)
    return n < 2 or (n == 2 and (s.boost_matched or star == s.boosted))


def limit_reason(s: NebulaState, star: int) -> str:
    """Why ``within_limit`` refuses ``star``."""
    if star in s.placed:
        return "every star positioned in a turn must be a different colour"
    return ("only 2 stars a turn, or 3 when one of them matches the boosted "
            f"{star_name(s.boosted)} star")


def refusal(s: NebulaState, star: int, space: int) -> str:
    """Why the current seat may not position ``star`` on ``space`` now ("" when it may):
    the reasons ``PositionStar`` is refused with, without trying it."""
    me = s.current
    if s.phase != "place":
        return "stars are positioned after collecting"
    if star not in range(6) or not s.reserves[me][star]:
        return "position a coloured star from your reserve"
    if not within_limit(s, star):
        return limit_reason(s, star)
    if space not in range(SPACE_COUNT):
        return "no such Galaxy space"
    return why_not(s.galaxies[me], star, space)
