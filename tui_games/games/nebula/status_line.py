"""The Nebula status line: what the viewer can do now, in words (no widget here).

``status_text`` says whose turn it is and what the viewer's keys do in the decision at
hand, from the observation, the legal actions, the choices not made yet (``Choices``)
and where the table's cursors are (``Cursors``). Every text fits the status line's two
lines at 80x24: a text with hints drops the longer ones first (``fitted``). The rules'
reasons are quoted, never re-implemented (``placement.refusal``, ``why_not``).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence, Set
from functools import lru_cache
from typing import NamedTuple

from tui_games.engine.core import Action
from tui_games.engine.grammar import plural
from tui_games.games.nebula import placement
from tui_games.games.nebula.board import SPACES
from tui_games.games.nebula.state import (
    BLACK,
    EMPTY,
    STAR_LETTERS,
    NebulaState,
    PositionBlackStar,
    TakeStars,
    TurnToChaos,
)
from tui_games.games.nebula.table_model import PLACES, token_label, value_places

STATUS_WIDTH = 78   # the status line's text width at 80x24
STATUS_LINES = 2


@lru_cache(maxsize=1024)  # a cursor key asks again for the texts of the spaces it passes
def fits(text: str, width: int = STATUS_WIDTH, lines: int = STATUS_LINES) -> bool:
    """Whether ``text`` wraps at words into ``lines`` lines of ``width`` characters."""
    return len(textwrap.wrap(text, width, break_on_hyphens=False)) <= lines


def fitted(first: str, *hints: str) -> str:
    """``first`` and the first of ``hints`` (longest first) with which it still fits the
    status line; ``first`` alone when none does."""
    for hint in hints:
        text = f"{first} {hint}" if hint else first
        if fits(text):
            return text
    return first


def rival_status(name: str, phase: str) -> str:
    """While another player decides."""
    if phase == "personal":
        return fitted(f"{name} is choosing a Personal objective.", "n shows space names.")
    return fitted(f"{name}'s turn.", "Arrows look around the Galaxy, n names every space, "
                  "g shows another Galaxy.", "n names every space, g shows another Galaxy.")


def time_status(preview: Sequence[int], left: int, *, can_take: bool = True,
                chaos_open: bool = True) -> str:
    """What to do while Investing Time: only what the rules allow now is offered. Enter
    takes the stars once ``can_take`` (every step spent); before that the stars the
    markers face are told as a fact, not offered. ``chaos_open`` while Turning to Chaos
    is legal (no step taken yet and a star in the reserve)."""
    take = " ".join(STAR_LETTERS[s] if s >= 0 else "·" for s in preview)
    chaos = "Or c: Turn to Chaos." if chaos_open else ""
    if can_take:
        # Issue 31, played: "Enter takes · Y B" left the "·" to guess: say the stars taken,
        # and that a marker facing an empty space brings none.
        stars = " ".join(STAR_LETTERS[s] for s in preview if s >= 0) or "no star"
        empty = sum(1 for s in preview if s < 0)
        gap = (f"; {plural(empty, 'marker')} {'faces' if empty == 1 else 'face'} an empty "
               "space" if empty else "")
        return fitted(f"Enter takes {stars}{gap}. (←→ against a marker's way takes a step "
                      "back.)", chaos)
    return fitted(f"Invest Time: {plural(left, 'step')} left to spend (↑↓ ring, ←→ step its "
                  f"marker; against its way takes a step back). The markers face {take}.",
                  chaos)


def value_status(label: str, value: int, place: int | None) -> str:
    """Choosing the Value token to advance."""
    standing = f", {PLACES[place]}" if place is not None else ""
    return fitted(f"A black star: advance one Value token (↑↓←→, Enter). {label} is on "
                  f"{value}{standing}.")


def place_status(verdict: str, placed: int, boosted: str) -> str:
    """Positioning stars: the verdict on the chosen star and space, then the keys."""
    return fitted(verdict, f"␣ other star, arrows move, f finishes ({placed} placed; "
                  f"boosted {boosted}).", f"␣ other star, f finishes ({placed} placed).",
                  "␣ other star, f finishes.")


def sentence(reason: str) -> str:
    """A rules reason as a sentence: capitalised, with a full stop."""
    reason = reason.strip()
    return reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else ".")


class Choices(NamedTuple):
    """The choices not made yet that the status line speaks of (the screen keeps them)."""

    viewer: int
    returning: bool  # choosing the star to give back for Chaos
    star: int | None  # the reserve star chosen for positioning
    shown_seat: int  # whose Galaxy is on view (g shows another)
    usable: Set[int]  # the reserve colours some legal action positions now


class Cursors(NamedTuple):
    """Where the table's cursors are, read off its widgets."""

    space: int  # the Galaxy cursor
    token: int  # the Values board cursor
    preview: Sequence[int]  # the stars the Time markers face with the steps planned
    points_left: int  # the Time steps still to spend


def status_text(view: NebulaState, mover: int | None, mover_name: str, mine: bool,
                legal: Sequence[Action], choices: Choices, cursors: Cursors,
                why_not: Callable[[Action], str]) -> str:
    """Whose turn it is and what the viewer can do now (two lines at most at 80x24).
    ``mine``: the decision is the viewer's, from the keyboard; ``legal`` their legal
    actions; ``why_not`` the table's reason for refusing an action."""
    if mover is None:
        return "The game is over: the Scores pane (⇥) shows the final score pad."
    if not mine:
        return rival_status(mover_name, view.phase)
    phase = view.phase
    if phase == "personal":
        return ("Keep one Personal objective (secret, 14 VP at the end if it holds): ↑↓ "
                "then Enter.")
    if phase in ("collect", "time"):
        if choices.returning:
            return ("Turn to Chaos: choose the star to give back (←→) and press Enter; "
                    "then keep 2 of the 5 drawn. Esc cancels.")
        return time_status(cursors.preview, cursors.points_left,
                           can_take=any(isinstance(a, TakeStars) for a in legal),
                           chaos_open=any(isinstance(a, TurnToChaos) for a in legal))
    if phase == "chaos":
        return (f"Keep {view.keep_left} of the drawn stars: ←→ choose, Enter keeps. "
                "The others go back to the box.")
    if phase == "value":
        token = cursors.token
        return value_status(token_label(token), view.values[token],
                            value_places(view).get(token))
    if phase == "place":
        return place_text(view, legal, choices, cursors.space, why_not)
    return ""


def place_text(view: NebulaState, legal: Sequence[Action], choices: Choices, space: int,
               why_not: Callable[[Action], str]) -> str:
    """Positioning: what Enter does with the chosen star on the space under the cursor
    (``space``), or why it cannot."""
    star = choices.star
    boosted = STAR_LETTERS[view.boosted]
    placed = len(view.placed)
    if star is None:
        return f"Your reserve is empty ({placed} placed this turn): f finishes the turn."
    if choices.shown_seat != choices.viewer:
        return place_status("Enter (or g) shows your Galaxy again.", placed, boosted)
    if not choices.usable:
        return (f"No more stars can be positioned this turn ({placed} placed; boosted "
                f"{boosted}): f finishes the turn.")
    letter = STAR_LETTERS[star]
    if star == BLACK:
        action: Action = PositionBlackStar()
        where, held = "the Black Star Zone", EMPTY
        reason = "" if action in legal else why_not(action)
    else:
        where, held = SPACES[space], view.galaxies[choices.viewer][space]
        reason = placement.refusal(view, star, space)  # the rules' reason, untried
        reason = sentence(reason) if reason else ""
    if reason:
        verdict = f"{letter} → {where}: {reason}"
    elif held != EMPTY:
        verdict = (f"{letter} → {where}, replacing your {STAR_LETTERS[held]} there: "
                   "Enter twice.")
    else:
        verdict = f"{letter} → {where}: Enter places it."
    return place_status(verdict, placed, boosted)
