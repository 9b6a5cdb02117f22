"""The `hard` Nebular Colors bot: ISMCTS over the hidden hand and deck, one hand deep.

Each iteration deals the unseen cards afresh (``determinize`` keeps the piles, the melds,
the penalty cards and the set a take promised), plays the hand out with a cheap policy and
stops as soon as the hand is decided. The ended hand is scored by what it did to the match:
the chance of winning the match from the new star-fragment count, plus a little for the
score margin of the hand, so the search prefers clear wins to narrow ones.

Twin cards (the deck has identical copies) make one decision in the tree, and the `normal`
bot advises: its move stands unless the search finds a clearly better one. A single
discard changes a hand's result too little for a second of rollouts to measure; there the
heuristic's judgement is worth more than the search's noise.
"""

from __future__ import annotations

import random
from collections.abc import Hashable
from functools import cache

from tui_games.engine.bots.ismcts import ISMCTSBot
from tui_games.games.nebular_colors.bot import NormalBot
from tui_games.games.nebular_colors.rules import NebularColorsRules, can_take, score
from tui_games.games.nebular_colors.state import (
    CARD_NUMBER,
    SUIT_INDEX,
    Discard,
    Draw,
    EndTurn,
    Meld,
    NCAction,
    NCState,
    Nova,
    Stop,
    Take,
)

HAND_WIN = 0.5        # the chance a player gives either seat of winning the next hand
MARGIN_WEIGHT = 0.08  # how much of the reward the hand's score margin may move
MARGIN_SCALE = 10.0   # a lead of this many points earns the whole margin share
NOVA_FROM = 8         # the rollout calls Nova only from this many points

_RULES = NebularColorsRules()
_NUM, _SUIT = CARD_NUMBER, SUIT_INDEX
_DRAW, _END, _STOP, _NOVA = Draw(), EndTurn(), Stop(), Nova()
_TAKES = (Take(pile=0), Take(pile=1))


@cache
def match_chance(mine: int, theirs: int, target: int) -> float:
    """The chance to win the match from these fragment counts, each hand a coin flip."""
    if mine >= target:
        return 1.0
    if theirs >= target:
        return 0.0
    return (HAND_WIN * match_chance(mine + 1, theirs, target)
            + (1 - HAND_WIN) * match_chance(mine, theirs + 1, target))


def hand_scores(s: NCState) -> tuple[int, int]:
    """The scores of the hand just ended (a fresh hand is dealt at the cut), else of the
    hand in play."""
    fresh = not any(s.melds) and not any(s.penalties)
    if fresh and s.results and s.results[-1].hand_no == s.hand_no - 1:
        ended = s.results[-1].scores
        return ended[0], ended[1]
    return score(s, 0), score(s, 1)


def evaluate(s: NCState, players: int) -> list[float]:
    """Per seat in [0, 1]: the match chance from the fragments, nudged by the score margin.

    A rollout is cut when its hand has ended (the next one is dealt): the margin is then
    the ended hand's.
    """
    mine, theirs = hand_scores(s)
    margin = max(-1.0, min(1.0, (mine - theirs) / MARGIN_SCALE))
    first = match_chance(s.fragments[0], s.fragments[1], s.target)
    value = (1 - MARGIN_WEIGHT) * first + MARGIN_WEIGHT * (0.5 + 0.5 * margin)
    return [value, 1.0 - value]


def round_key(s: NCState) -> int:
    """The hand in play: a rollout stops when the next one is dealt."""
    return s.hand_no


def rollout(s: NCState, rng: random.Random) -> NCAction:
    """A quick, sensible move: take a pile whenever it makes a set, meld whenever possible,
    Stop early. Taking every pile it can matters: rollouts that took only small piles let
    a discard feed a big pile unpunished, which the `normal` bot (who takes it) does not.

    The draw-or-take and discard choices skip ``legal_actions``: they are the bulk of a
    rollout, and their legality is cheap to settle directly.
    """
    phase = s.phase
    if phase == "choose":
        hand = s.hands[s.current]
        takes = [i for i, pile in enumerate(s.piles) if can_take(hand, pile)]
        return _TAKES[rng.choice(takes)] if takes else _DRAW
    if phase == "discard":
        empty = [i for i in (0, 1) if not s.piles[i]]
        return Discard(card=rng.choice(s.drawn), pile=rng.choice(empty or (0, 1)))
    if phase == "stop_or_nova":
        return _NOVA if score(s, s.decider) >= NOVA_FROM else _STOP
    legal = _RULES.legal_actions(s)
    if phase == "meld":
        # EndTurn is listed last: any meld before it scores, so lay one while there is one.
        return rng.choice(legal[:-1]) if len(legal) > 1 else _END
    return rng.choice(legal)


def action_key(s: NCState, a: NCAction) -> Hashable:
    """Identical cards (two P5) make the same decision: a meld or discard is named by the
    suits and numbers it moves (and, for a meld, which of them come from the taken pile)."""
    kind = type(a)
    if kind is Meld:
        taken = s.taken
        return ("meld", *sorted((_NUM[c], _SUIT[c], c in taken) for c in a.cards))
    if kind is Discard:
        return ("discard", _NUM[a.card], _SUIT[a.card], a.pile)
    return a


LEVELS = ISMCTSBot.levels(rollout=rollout, round_key=round_key, evaluate=evaluate,
                          action_key=action_key, advisor=NormalBot)
"""The registry's `hard` levels (ISMCTS; `hard` keeps a whole turn within a second)."""

HardBot = LEVELS["hard"]
