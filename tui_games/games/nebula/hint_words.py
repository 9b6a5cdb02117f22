"""Why a Nebula hint plays what it plays, in the game's words (engine.bots.hint.HintWords).

Stars are taken and positioned to score victory points (VP) at the end: objectives,
constellations, the Black Star Zone. A move is explained by what the `hard` bot's own
estimate of the seat's final VP (hard.seat_value) makes of it, on the seat's own
observation and only for moves that reveal nothing (no draw from the bag).
"""

from __future__ import annotations

from tui_games.engine.bots.hint import after_move, margin_outlook
from tui_games.games.nebula.describe import a_star, and_list, stars_in_front
from tui_games.games.nebula.hard import LEAD_SCALE, seat_value
from tui_games.games.nebula.rules import NebulaRules
from tui_games.games.nebula.state import (
    EMPTY,
    KeepStar,
    NebulaAction,
    NebulaState,
    PositionBlackStar,
    PositionStar,
    StepTime,
    TakeStars,
    TurnToChaos,
)

_RULES = NebulaRules()


def why(view: NebulaState, seat: int, action: NebulaAction) -> str:
    """What ``action`` does to the seat's estimated final VP."""
    if isinstance(action, TakeStars):
        # The move's own words name the stars: say where they go. Not "this turn": the
        # limit (two, three with the boosted colour) may leave some in the reserve.
        return "into your reserve, to place in your Galaxy"
    if isinstance(action, TurnToChaos):
        left = sum(view.bag)
        return (f"swaps {a_star(action.star)} from your reserve for your pick of five "
                f"drawn from the bag ({left} stars in it)")
    if isinstance(action, KeepStar):
        return f"keeps {a_star(action.star)} of the five drawn for your reserve"
    after = after_move(_RULES, view, action)
    if after is None:
        return ""
    if isinstance(action, StepTime):
        stars = [a_star(x) for x in stars_in_front(after) if x != EMPTY]
        return f"puts {and_list(stars)} in front of the Time markers" if stars else ""
    try:
        gain = round(seat_value(after, seat) - seat_value(view, seat))
    except (IndexError, ValueError):  # an observation without the seat's galaxy yet
        return ""
    if isinstance(action, PositionBlackStar):
        what = "in your Black Star Zone it "
    elif isinstance(action, PositionStar):
        what = ""
    else:
        return ""
    if gain > 0:
        return f"{what}adds about {gain} VP to your estimated final score"
    if gain < 0:
        return f"{what}costs about {-gain} VP of your estimated score, for what it sets up"
    return f"{what}leaves your estimated final score as it is"


def outlook(view: NebulaState, seat: int, rating: float) -> str:
    """The hard bot's reward is the estimated lead over the best rival, over LEAD_SCALE VP."""
    return margin_outlook(rating, LEAD_SCALE)
