"""The `hard` Nebula bot: ISMCTS over the bag and the rivals' secret objectives.

Each iteration gives every rival a Personal objective from the cards the bot has not seen
and a fresh RNG, so the bag (whose composition is public) draws differently in every
sample. A rollout finishes the turn in play with a cheap policy, and the search stops at
the end of that turn or after a few decisions: the position is then judged by the `normal`
bot's estimate of each seat's final score, stars waiting in reserve included, as each
seat's lead over its best rival.
"""

from __future__ import annotations

import random

from tui_games.engine.bots.ismcts import ISMCTSBot, margin_rewards
from tui_games.games.nebula.board import BLACK_ZONE_SIZE
from tui_games.games.nebula.bot import _Estimate
from tui_games.games.nebula.rules import NebulaRules
from tui_games.games.nebula.state import (
    BLACK,
    EMPTY,
    FinishPositioning,
    NebulaAction,
    NebulaState,
    PositionStar,
    StepTime,
    TakeStars,
)

ROLLOUT_DEPTH = 12     # decisions a rollout plays before the estimate judges the position
LEAD_SCALE = 20.0      # an estimated lead of this many VP is as good as a win
RESERVE_STAR = 0.8     # what a coloured star in reserve is worth: it is a placement to come
RESERVE_CAP = 4        # stars beyond these wait too long to count
BLACK_RESERVE = 1.2    # a black star in reserve: Black Star Zone VP and a Value step ahead

_RULES = NebulaRules()
_FINISH = FinishPositioning()
_TAKE = TakeStars()


def seat_value(s: NebulaState, seat: int) -> float:
    """``seat``'s estimated final VP: the normal bot's estimate plus the reserve's promise."""
    estimate = _Estimate(s, seat).value(s.galaxies[seat], s.black_stars[seat])
    reserve = s.reserves[seat]
    coloured = min(RESERVE_CAP, sum(reserve[:BLACK]))
    black = min(reserve[BLACK], BLACK_ZONE_SIZE - s.black_stars[seat])
    return estimate + RESERVE_STAR * coloured + BLACK_RESERVE * black


def evaluate(s: NebulaState, players: int) -> list[float]:
    """Per seat in [0, 1]: the estimated lead over the best rival, over LEAD_SCALE."""
    return margin_rewards([seat_value(s, seat) for seat in range(players)], LEAD_SCALE)


def round_key(s: NebulaState) -> int:
    """The turn in play: a rollout stops when it is over."""
    return s.turn


def rollout(s: NebulaState, rng: random.Random) -> NebulaAction:
    """A quick, sensible move: invest Time (no Chaos), place on empty spaces, then finish."""
    phase = s.phase
    legal = _RULES.legal_actions(s)
    if phase == "place":
        galaxy = s.galaxies[s.current]
        fresh = [a for a in legal if type(a) is not FinishPositioning
                 and (type(a) is not PositionStar or galaxy[a.space] == EMPTY)]
        return rng.choice(fresh) if fresh else _FINISH
    if phase == "collect":
        return rng.choice([a for a in legal if type(a) is StepTime])
    if phase == "time" and s.time_left == 0:
        return _TAKE
    return rng.choice(legal)


LEVELS = ISMCTSBot.levels(rollout=rollout, rollout_depth=ROLLOUT_DEPTH, round_key=round_key,
                          evaluate=evaluate)
"""The registry's `hard` levels (1 s, 0.25 s and 3 s of ISMCTS per decision)."""

HardBot = LEVELS["hard"]
