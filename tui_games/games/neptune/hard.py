"""The `hard` Neptune bot: ISMCTS over the unseen hands, one round deep.

Each iteration deals the cards the bot has not seen to the other hands (and, with two
players, to the six set-aside cards), never giving a player a suit or an Asteroid they
showed they lack. The round is played out and the search stops when it is scored: the new
totals are judged by each seat's lead over its best rival, on a scale that narrows as the
rounds run out. The last round plays to the end of the game and counts wins only.
"""

from __future__ import annotations

import random

from tui_games.engine.bots.ismcts import ISMCTSBot, margin_rewards
from tui_games.games.neptune.rules import ROUNDS, TARGET, NeptuneRules
from tui_games.games.neptune.state import NeptuneAction, NeptuneState

LEAD_SCALE = 8.0        # a lead this large with one round to go is nearly a sure win
LEAD_PER_ROUND = 6.0    # each further round to play widens the scale by this much

_RULES = NeptuneRules()


def totals(s: NeptuneState) -> list[int]:
    """Each seat's total as if the round ended now (the piles won so far score)."""
    points = list(s.scores)
    for pile in s.piles:
        points[pile.owner] += pile.score
    return [max(0, p) for p in points]


def evaluate(s: NeptuneState, players: int) -> list[float]:
    """Per seat in [0, 1]: the lead over the best rival, scaled by the rounds still to play.

    A rollout is cut when a new round is dealt (``s.piles`` is empty then and the totals
    are the game's), or mid-round under a depth cut (then the piles won so far count).
    """
    points = totals(s)
    rounds_left = ROUNDS - s.round + (1 if s.piles or s.tricks_done else 0)
    # A total near the target ends the game sooner: the lead is then worth more.
    closing = max(points) >= TARGET - LEAD_SCALE
    scale = LEAD_SCALE + LEAD_PER_ROUND * (0 if closing else max(0, rounds_left - 1))
    return margin_rewards([float(p) for p in points], scale)


def round_key(s: NeptuneState) -> int:
    """The round in play: a rollout stops when the next one is dealt."""
    return s.round


def rollout(s: NeptuneState, rng: random.Random) -> NeptuneAction:
    """A uniformly random legal card (or answer to a special card's question)."""
    return rng.choice(_RULES.legal_actions(s))


LEVELS = ISMCTSBot.levels(round_key=round_key, evaluate=evaluate)
"""The registry's `hard` levels (1 s, 0.25 s and 3 s of ISMCTS per decision)."""

HardBot = LEVELS["hard"]
