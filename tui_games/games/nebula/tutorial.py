"""Learn to play Nebula: a guided start of a full game on a fixed deal (seed 0), you
against the easy bot. In thirteen decisions every kind of action comes up: keep a
Personal objective, invest Time step by step and take the stars, position a star and a
black star, advance a Value token, finish the turn, and Turn to Chaos next turn.

``mark`` puts the screen's own cursors on what a step uses: the objective's line, the
Time marker's ring, the star of the reserve and the Galaxy space, the Value token, the
star of the Chaos draw. The texts follow the rulebook (shared/rulebooks/nebula.txt) in
our own words.
"""

from __future__ import annotations

from typing import Any

from tui_games.engine.core import Action
from tui_games.engine.tutorial import Step, Tutorial, only
from tui_games.games.nebula.board import INDICATOR_LAST
from tui_games.games.nebula.state import (
    CAREER_MARKERS_TO_END,
    CONSTELLATIONS_TO_END,
    REFILL_AT,
    AdvanceValue,
    FinishPositioning,
    KeepPersonal,
    KeepStar,
    PositionBlackStar,
    PositionStar,
    StepTime,
    TakeStars,
    TurnToChaos,
)

TOP, LEFT = 0, 2  # the clusters
RED, WHITE, BLUE, BLACK = 0, 3, 4, 6  # star colours (state.py)
CENTRE = 0  # the Galaxy's C space


def mark(screen: Any, action: Action | None) -> None:
    """Put the screen's cursor on what ``action`` uses."""
    if isinstance(action, KeepPersonal):
        offer = [a for a in screen.legal() if isinstance(a, KeepPersonal)]
        if action in offer:
            screen.query_one("#neb-personal").highlighted = offer.index(action)
    elif isinstance(action, StepTime):
        screen.clusters.selected = action.cluster
    elif isinstance(action, PositionStar):
        screen.reserve.move_cursor_to(action.star)
        screen.galaxy.move_cursor_to(action.space)
    elif isinstance(action, PositionBlackStar):
        screen.reserve.move_cursor_to(BLACK)
    elif isinstance(action, AdvanceValue):
        screen.values.move_cursor_to(action.token)
    elif isinstance(action, KeepStar):
        screen.query_one("#neb-drawn").move_cursor_to(action.star)


def step(action: Action, keys: tuple[str, ...], text: str, press: str) -> Step:
    return Step(text, only(action), keys, action, press=press)


def clockwise(cluster: int, text: str, press: str) -> Step:
    return step(StepTime(cluster, 1), ("right",), text, press)


def back(cluster: int, text: str, press: str) -> Step:
    return step(StepTime(cluster, -1), ("left",), text, press)


STEPS = (
    step(
        KeepPersonal(card=4),
        ("enter",),
        "First keep one of two secret Personal objectives: the one that pays 14 VP for "
        "white stars on 4 Highlighted spaces of your Galaxy.",
        "It is marked: Enter keeps it.",
    ),
    clockwise(
        TOP,
        "Collect stars by investing Time: 5 steps in all among the three Time "
        "markers. Step the top one clockwise.",
        "It is chosen (↑↓ choose): →.",
    ),
    clockwise(TOP, "The top marker again: each step is one of your 5 points.", "→."),
    clockwise(
        TOP,
        "Once more: this third step brings the top marker to a white star, the colour of "
        "your objective.",
        "→.",
    ),
    back(
        LEFT,
        "Now the left marker one space counterclockwise: markers may go either way.",
        "It is chosen: ← steps it back.",
    ),
    back(
        LEFT,
        "The left marker counterclockwise again, your 5th point: it will then face a black "
        "star; the right one, unmoved, faces a blue one.",
        "← again.",
    ),
    step(
        TakeStars(),
        ("enter",),
        "All 5 points are spent: take the star in front of each marker into your reserve "
        "(white, blue and black).",
        "Enter takes them.",
    ),
    step(
        PositionStar(WHITE, CENTRE),
        ("enter",),
        "Now position stars in your Galaxy: the white star on C, the centre and a "
        "Highlighted space.",
        "It is chosen and the cursor is on C: Enter places it.",
    ),
    step(
        PositionBlackStar(),
        ("enter",),
        "A black star never goes in the Galaxy: position it in the next slot of your "
        "Black Star Zone.",
        "It is chosen: Enter.",
    ),
    step(
        AdvanceValue(RED),
        ("enter",),
        "In the full game a black star lets you advance one Value token one space: it "
        "raises what that colour or objective is worth at the end. Advance the red token.",
        "Enter advances it.",
    ),
    step(
        FinishPositioning(),
        ("f",),
        "Keep the blue star for later and finish your turn. The 4 Career objectives "
        "(Cards pane) are open to all: completing one first scores most. Once "
        f"{CAREER_MARKERS_TO_END[2]} are completed in all, the last round begins; so it "
        f"does once someone fills {CONSTELLATIONS_TO_END} Constellations (N, E, S, W: 6 "
        f"spaces each) or the K indicator reaches {INDICATOR_LAST}. A cluster is refilled "
        f"only when down to {REFILL_AT[2]} stars.",
        "f finishes.",
    ),
    step(
        TurnToChaos(BLUE),
        ("c", "enter"),
        "The other way to collect: Turn to Chaos. Give back the blue star of your "
        "reserve; five stars are drawn from the bag.",
        "Press c, then Enter.",
    ),
    step(
        KeepStar(RED),
        ("enter",),
        "Keep 2 of the five drawn stars, one at a time; the others go back to the box, "
        "out of the game.",
        "Enter keeps the marked red star first.",
    ),
)

TUTORIAL = Tutorial(
    seed=0,
    options={"mode": "full"},
    steps=STEPS,
    intro="Nebula: collect stars from three clusters and arrange them in your Galaxy "
    "for objectives.",
    farewell="On your own (undo works again). Most VP at the end wins: objectives, "
    "constellations, black stars, Galaxy colours. Next: keep one more drawn star, place "
    "both; then each turn move the Time markers 5 spaces, take stars, place 2 (3 with the "
    "boosted colour) next to yours, never linked to their colour.",
    mark=mark,
)
