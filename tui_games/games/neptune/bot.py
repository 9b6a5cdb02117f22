"""Neptune's `normal` bot: plays each trick out in a handful of sampled deals.

The bot sees only its observation. For every card it may play it deals the unseen cards
several times (``determinize``: voids and played cards are respected), lets the players
still to play answer with a simple greedy policy (win a good trick cheaply, otherwise throw
an Asteroid at someone else's trick or shed the weakest card), and scores the result: what
the winner's pile is worth, to the bot or to a rival. Keeping a strong special card for a
later trick has a value too, so Black Hole and Stationfall wait for tricks where they pay.
The special cards' questions (top card, swap, shield, cover) are answered by the points.
"""

from __future__ import annotations

import random
from typing import Any

import msgspec

from tui_games.engine.core import Rules
from tui_games.games.neptune.state import (
    BLACK_HOLE,
    CP,
    IS_ASTEROID,
    JUMP_GATE,
    PLASMA_SHIELD,
    PROXIMITY_MINES,
    SPACE_BANDIT,
    STATIONFALL,
    STATIONFALL_POINTS,
    Cover,
    Keep,
    NeptuneAction,
    NeptuneState,
    OnTop,
    Pile,
    Shield,
    Swap,
    card_value,
)
from tui_games.games.neptune.tricks import (
    playable,
    stationfall_succeeds,
    suit_to_follow,
    top_asteroid,
    winning_position,
)

SAMPLES = 10
# What holding a card is worth for the rest of the round (spent now = lost later).
_HOLD = {BLACK_HOLE: 2.0, STATIONFALL: 1.5, JUMP_GATE: 2.5, SPACE_BANDIT: 2.5,
         PLASMA_SHIELD: 1.5, PROXIMITY_MINES: 1.0}
_LOW_CARD_HOLD = 0.12  # per point of score value: low cards win big when they trump


def pile_worth(cards: list[int], pos: int, winner: int, players: int, last: bool,
               piles: list[Pile]) -> float:
    """Roughly what winning ``cards`` (won by position ``pos``) adds to ``winner``'s round."""
    card = cards[pos]
    if card == PROXIMITY_MINES:
        return 0.0
    if card == BLACK_HOLE and not last:
        damaged = [p.score for p in piles if p.owner == winner and IS_ASTEROID[p.top]
                   and not p.destroyed]
        return float(-min(damaged)) if damaged else 0.0
    asteroid = top_asteroid(cards)
    if card == PLASMA_SHIELD:
        own = [p.score for p in piles if p.owner == winner and not p.destroyed]
        return float(max(0, *own)) if own else 0.0
    if asteroid is not None:
        return float(card_value(asteroid, players) * (2 if card == JUMP_GATE else 1))
    if card == JUMP_GATE:
        return float(max(card_value(c, players) for c in cards))
    if card == SPACE_BANDIT:
        stolen = [p.score for p in piles if p.owner != winner and not p.shielded
                  and not p.destroyed]
        return float(max(5, *stolen)) if stolen else 5.0
    if card == STATIONFALL:
        return float(STATIONFALL_POINTS[players]) if stationfall_succeeds(cards) else 0.0
    return float(card_value(card, players))


def hold_value(card: int, tricks_left: int) -> float:
    """What keeping ``card`` for later tricks is worth (nothing once no trick is left)."""
    if tricks_left <= 1:
        return 0.0
    if card < 30:
        return _LOW_CARD_HOLD * (11 - CP[card])
    if card == BLACK_HOLE and tricks_left == 2:
        return 0.0  # the next trick is the last one, where a Black Hole is powerless
    return _HOLD.get(card, 0.0)


def decision_gain(s: NeptuneState, me: int, a: NeptuneAction) -> float:
    """What a special card's answer ``a`` gains ``me``: my points minus the average
    rival's, as this decision changes them."""
    n = s.players
    gains = [0.0] * n
    pos = (s.winner - s.leader) % n
    if type(a) is OnTop:
        gains[me] = card_value(a.card, n)
    elif type(a) is Keep:
        gains[me] = pile_worth(s.trick, pos, me, n, False, []) if s.trick[pos] != (
            PLASMA_SHIELD) else float(card_value(top_asteroid(s.trick) or PLASMA_SHIELD, n))
        if s.trick[pos] == BLACK_HOLE:
            gains[me] = 0.0
    elif type(a) is Swap:
        pile = s.piles[a.pile]
        gains[me] += pile.score
        gains[pile.owner] += 5 - pile.score
    elif type(a) is Shield:
        pile = s.piles[a.pile]
        gains[pile.owner] += pile.score
    elif type(a) is Cover:
        gains[me] = -s.piles[a.pile].score
    rivals = sum(g for i, g in enumerate(gains) if i != me) / (n - 1)
    return gains[me] - rivals


class NormalBot:
    """A heuristic player that samples the unseen cards to judge each card it may play."""

    def __init__(self, rules: Rules[Any, Any], rng: random.Random) -> None:
        self.rules = rules
        self.rng = rng

    def choose(self, view: NeptuneState, player: int) -> NeptuneAction:  # type: ignore[override]
        """One legal action for ``player``, decided from ``view`` alone."""
        legal: list[NeptuneAction] = self.rules.legal_actions(view)
        if len(legal) == 1:
            return legal[0]
        if view.phase == "play":
            return self._play(view, player, legal)
        return max(legal, key=lambda a: decision_gain(view, player, a))

    # ---- playing a card ---------------------------------------------------------------

    def _play(self, view: NeptuneState, me: int, legal: list[NeptuneAction]) -> NeptuneAction:
        n = view.players
        last = view.tricks_done == view.hand_size - 1
        tricks_left = view.hand_size - view.tricks_done
        still_to_play = [(view.current + k) % n for k in range(1, n - len(view.trick))]
        light = msgspec.structs.replace(view, log=[], prev_piles=[])  # cheaper to copy
        samples = [self.rules.determinize(light, me, self.rng) for _ in range(SAMPLES)] \
            if still_to_play else [view]
        best, best_score = legal[0], float("-inf")
        for action in legal:
            card = action.card  # type: ignore[union-attr]
            total = 0.0
            for sample in samples:
                cards = [*view.trick, card]
                for seat in still_to_play:
                    cards.append(_greedy(sample.hands[seat], cards, seat, view, last))
                pos = winning_position(cards, last)
                winner = (view.leader + pos) % n
                worth = pile_worth(cards, pos, winner, n, last, view.piles)
                total += worth if winner == me else -worth / (n - 1)
            score = total / len(samples) - hold_value(card, tricks_left)
            if score > best_score:
                best, best_score = action, score
        return best


def _greedy(hand: list[int], cards: list[int], seat: int, view: NeptuneState,
            last: bool) -> int:
    """How the bot expects a player still to play to answer: a simple, sensible card."""
    n = view.players
    follow = suit_to_follow(cards)
    options = playable(hand, cards, follow)
    if len(options) == 1:
        return options[0]
    pos = winning_position(cards, last)
    current = (view.leader + pos) % n
    best, best_score = options[0], float("-inf")
    for card in options:
        trial = [*cards, card]
        tpos = winning_position(trial, last)
        winner = (view.leader + tpos) % n
        worth = pile_worth(trial, tpos, winner, n, last, view.piles)
        score = worth if winner == seat else -worth / (n - 1)
        if winner == current and winner != seat and IS_ASTEROID[card]:
            score += 0.5  # damage a rival's trick
        score -= hold_value(card, 3)
        if score > best_score:
            best, best_score = card, score
    return best
