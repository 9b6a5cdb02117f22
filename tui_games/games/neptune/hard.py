"""The `hard` Neptune bot: ISMCTS over the unseen hands, one round deep.

Each iteration deals the cards the bot has not seen to the other hands (and, with two
players, to the six set-aside cards), never giving a player a suit or an Asteroid they
showed they lack. The round is played out by a quick greedy policy and the search stops
when it is scored: the new totals are turned into each seat's chance to win the game, with
a spread that narrows as the rounds run out (or as someone nears 50). The last round plays
to the end of the game and counts wins only.

Two choices made the difference against the `normal` bot (measured in arenas):

- The tree holds only the bot's own decisions; the other seats play by the greedy policy.
  Every sample shares the bot's real hand, so rivals searched in the tree would play as if
  they could see it, and more search made the bot more timid, not stronger.
- Each sampled deal is played once for every card the bot may play, with the same random
  stream (``paired``): one card's effect on a whole round is small beside the luck of the
  deal, and comparing the cards on the same deals cancels most of that luck.
- Only the card to play now is in the tree (``tree_depth=1``); the bot's later cards are
  played by the greedy policy too. A tree node for a later card is keyed by the bot's own
  cards alone, whatever the others played, so it is a plan fixed in advance, and its
  untried cards are played at random; the policy answers the trick actually on the table.
- A Neptune turn is one card, so the card gets the whole turn's time (``turn_share``).
"""

from __future__ import annotations

import math
import random

from tui_games.engine.bots.ismcts import ISMCTSBot
from tui_games.games.neptune.bot import decision_gain, hold_value, pile_worth
from tui_games.games.neptune.rules import ROUNDS, TARGET, NeptuneRules
from tui_games.games.neptune.state import (
    IS_ASTEROID,
    NeptuneAction,
    NeptuneState,
    Play,
)
from tui_games.games.neptune.tricks import playable, winning_position

# What one seat scores in a round and how much that varies, by player count (measured
# over games between `normal` bots).
ROUND_MEAN = {2: 25.0, 3: 11.4, 4: 5.0}
ROUND_SPREAD = {2: 11.5, 3: 10.0, 4: 7.8}
GUMBEL = math.sqrt(6) / math.pi  # a softmax over Gumbel noise of unit spread
SHORTEST = 0.25                  # rounds: the least uncertainty left before the end
DAMAGE_BONUS = 0.5               # the rollout likes an Asteroid on a rival's trick
QUESTION_SHARE = 0.25            # of a turn's time, for a special card's question
LAST_CARD_SHARE = 0.25           # for the card that completes a trick (its winner goes on)

_RULES = NeptuneRules()
_PLAYS = tuple(Play(card) for card in range(39))


def totals(s: NeptuneState) -> list[int]:
    """Each seat's total as if the round ended now (the piles won so far score)."""
    points = list(s.scores)
    for pile in s.piles:
        points[pile.owner] += pile.score
    return [max(0, p) for p in points]


def rounds_left(s: NeptuneState, points: list[int]) -> float:
    """Rounds still to play (the one in play in part), or fewer if 50 is in sight."""
    left = ROUNDS - s.round + 1 - s.tricks_done / max(1, s.hand_size)
    to_target = (TARGET - max(points)) / ROUND_MEAN[s.players]
    return max(SHORTEST, min(left, to_target))


def evaluate(s: NeptuneState, players: int) -> list[float]:
    """Per seat in [0, 1]: its chance to end the game on top, summing to 1.

    Each seat's future points are taken as independent with the measured spread per
    round; a softmax of the totals with the matching temperature is then the chance of
    having the highest one.
    """
    points = totals(s)
    spread = ROUND_SPREAD[players] * math.sqrt(rounds_left(s, points))
    temperature = GUMBEL * spread
    top = max(points)
    weights = [math.exp((p - top) / temperature) for p in points]
    total = sum(weights)
    return [w / total for w in weights]


def round_key(s: NeptuneState) -> int:
    """The round in play: a rollout stops when the next one is dealt."""
    return s.round


def turn_share(s: NeptuneState) -> float:
    """The part of what is left of the turn's time a decision may take.

    A Neptune turn is one card (the turn counter moves with each trick), so a card takes
    all that is left. But the card that completes a trick may win it, and then the same
    bot answers the special's question and leads the next trick at once: the player waits
    for all three, so that card takes a quarter (and with the next turn's 0.75 s the
    wait stays within a second). A special card's question comes first in a turn where
    the winner leads next, and takes a quarter too, leaving most of the time for the lead.
    """
    if s.phase != "play":
        return QUESTION_SHARE
    return LAST_CARD_SHARE if len(s.trick) == s.players - 1 else 1.0


def rollout(s: NeptuneState, rng: random.Random) -> NeptuneAction:
    """A quick greedy card: take a good trick cheaply, hurt a rival's, else shed a weak card.

    A lead is random (but never a card the rules forbid). A special card's question is
    answered by the points, as the `normal` bot answers it: answered at random, a Jump
    Gate or a Space Bandit trick would be worth far less in the rollouts than in play.
    """
    if s.phase != "play":
        winner = s.winner
        return max(_RULES.legal_actions(s), key=lambda a: decision_gain(s, winner, a))
    seat = s.current
    trick = s.trick
    options = playable(s.hands[seat], trick, s.follow)
    if not trick or len(options) == 1:
        return _PLAYS[rng.choice(options)]
    n = s.players
    last = s.tricks_done == s.hand_size - 1
    holder = (s.leader + winning_position(trick, last)) % n
    best, best_score = options[0], -math.inf
    for card in options:
        cards = [*trick, card]
        pos = winning_position(cards, last)
        winner = (s.leader + pos) % n
        worth = pile_worth(cards, pos, winner, n, last, s.piles)
        score = worth if winner == seat else -worth / (n - 1)
        if winner == holder and winner != seat and IS_ASTEROID[card]:
            score += DAMAGE_BONUS
        score -= hold_value(card, 3)
        if score > best_score:
            best, best_score = card, score
    return _PLAYS[best]


LEVELS = ISMCTSBot.levels(rollout=rollout, round_key=round_key, evaluate=evaluate,
                          own_moves_only=True, paired=True, tree_depth=1,
                          turn_share=turn_share)
"""The registry's `hard` levels (ISMCTS; `hard` keeps a whole turn within a second)."""

HardBot = LEVELS["hard"]

__all__ = ["LEVELS", "HardBot", "evaluate", "rollout", "round_key", "turn_share"]
