"""Why a Nebula hint plays what it plays, in the game's words (engine.bots.hint.HintWords).

Stars are taken and positioned to score victory points (VP) at the end: objectives,
constellations, the Black Star Zone. A move is explained by what the `hard` bot's own
estimate of the seat's final VP (hard.seat_value) makes of it, on the seat's own
observation and only for moves that reveal nothing (no draw from the bag).
"""

from __future__ import annotations

from tui_games.engine.bots.hint import after_move, margin_outlook
from tui_games.engine.grammar import plural
from tui_games.games.nebula.board import BLACK_ZONE_SIZE, INDICATOR_BOOST_SPACES
from tui_games.games.nebula.describe import a_star, and_list, stars_in_front
from tui_games.games.nebula.hard import LEAD_SCALE, seat_value
from tui_games.games.nebula.objectives import CAREER_DECK, career_done
from tui_games.games.nebula.rules import NebulaRules
from tui_games.games.nebula.state import (
    EMPTY,
    AdvanceValue,
    FinishPositioning,
    KeepPersonal,
    KeepStar,
    NebulaAction,
    NebulaState,
    PositionBlackStar,
    PositionStar,
    StepTime,
    TakeStars,
    TurnToChaos,
    star_name,
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
    if isinstance(action, KeepPersonal):
        # The rulebook: kept face down; it scores at the end if the Galaxy meets it.
        return "kept secret; scores if your Galaxy meets it at the end"
    if isinstance(action, FinishPositioning):
        return _finish(view, seat)
    after = after_move(_RULES, view, action)
    if after is None:
        if isinstance(action, PositionBlackStar):
            return _black_boost(view, seat)
        return ""
    if isinstance(action, StepTime):
        stars = [a_star(x) for x in stars_in_front(after) if x != EMPTY]
        return (f"puts {and_list(stars)} in front of the Time markers" if stars
                else "leaves every Time marker facing an empty space")
    try:
        gain = round(seat_value(after, seat) - seat_value(view, seat))
    except (IndexError, ValueError):  # an observation without the seat's galaxy yet
        return ""
    if isinstance(action, PositionBlackStar):
        what = "in your Black Star Zone it "
    elif isinstance(action, PositionStar | AdvanceValue):
        what = ""
    else:
        return ""
    if gain > 0:
        return f"{what}adds about {gain} VP to your estimated final score"
    if gain < 0:
        return f"{what}costs about {-gain} VP of your estimated score, for what it sets up"
    return f"{what}leaves your estimated final score as it is"


def _finish(view: NebulaState, seat: int) -> str:
    """The turn's end: the Career objectives the Galaxy now completes are marked (the
    clusters' refill from the bag is hidden: not said); else what the reserve keeps."""
    galaxy = view.galaxies[seat] if seat < len(view.galaxies) else None
    done = [(CAREER_DECK[card], marks)
            for card, marks in zip(view.career, view.career_marks, strict=True)
            if galaxy is not None and seat not in marks
            and career_done(CAREER_DECK[card], galaxy)]
    if done:
        vp = sum(card.bottom if marks else card.top for card, marks in done)
        return (f"ends your turn completing {plural(len(done), 'Career objective')} "
                f"for {vp} VP")
    kept = [f"{n} {star_name(c)}" for c, n in enumerate(view.reserves[seat]) if n]
    if len(kept) > 2:  # a longer list would leave the hint line no room
        return (f"ends your turn, keeping {plural(sum(view.reserves[seat]), 'star')} in "
                "your reserve")
    if kept:
        return f"ends your turn, keeping {and_list(kept)} in your reserve"
    return "ends your turn with every star you took positioned"


def _black_boost(view: NebulaState, seat: int) -> str:
    """A black star that moves the indicator onto a boost space: the boosted star is
    drawn anew from the bag (hidden, so the estimate is not worked out)."""
    nxt = view.indicator + 1
    slot = view.black_stars[seat] + 1 if seat < len(view.black_stars) else 1
    if nxt in INDICATOR_BOOST_SPACES:
        return (f"slot {slot} of {BLACK_ZONE_SIZE}; the indicator reaches {nxt}: a new "
                f"boosted star replaces {star_name(view.boosted)}")
    return f"slot {slot} of {BLACK_ZONE_SIZE}"


def outlook(view: NebulaState, seat: int, rating: float) -> str:
    """The hard bot's reward is the estimated lead over the best rival, over LEAD_SCALE VP."""
    return margin_outlook(rating, LEAD_SCALE)
