"""Neptune's trick logic as pure functions: what may be played, and who wins a trick.

Kept apart from the state machine in rules.py so the bot and the tests can ask "who would
win this trick?" about any list of cards.
"""

from __future__ import annotations

from tui_games.games.neptune.state import (
    BLACK_HOLE,
    CP,
    CUTTERS,
    DAMAGE,
    FREE_CARDS,
    IS_ASTEROID,
    JUMP_GATE,
    JUMP_GATE_CP,
    NO_SUIT,
    PARITY_CP,
    STATIONFALL,
    SUIT,
    VOID_ASTEROID,
    trump_of,
)

# How the current winner holds the trick (rule 3 of the spec).
_NONE, _FOLLOW, _TRUMP, _CUT = 0, 1, 2, 3


def suit_to_follow(cards: list[int]) -> int:
    """The suit of the first system card of the trick (the led or co-starting card)."""
    for card in cards:
        if card < 30:
            return SUIT[card]
    return NO_SUIT


def playable(hand: list[int], trick: list[int], follow: int) -> list[int]:
    """The cards of ``hand`` that may go into ``trick`` now (``follow`` = suit to follow).

    The leader plays anything but an Asteroid, unless they hold no system card. After an
    Asteroid lead an Asteroid must follow if held; otherwise the suit to follow must be
    followed if held. Black Hole and Stationfall ignore both obligations.
    """
    if not trick:
        for card in hand:
            if card < 30:
                return [c for c in hand if not IS_ASTEROID[c]]
        return list(hand)
    if IS_ASTEROID[trick[0]]:
        asteroids = [c for c in hand if IS_ASTEROID[c] or c in FREE_CARDS]
        if len(asteroids) > sum(1 for c in asteroids if c in FREE_CARDS):
            return asteroids
    if follow != NO_SUIT:
        same = [c for c in hand if SUIT[c] == follow or c in FREE_CARDS]
        if len(same) > sum(1 for c in same if c in FREE_CARDS):
            return same
    return list(hand)


def is_playable(hand: list[int], trick: list[int], follow: int, card: int) -> bool:
    """Whether ``card`` (in ``hand``) may go into ``trick``: ``playable`` for one card."""
    if not trick:
        return not IS_ASTEROID[card] or all(c >= 30 for c in hand)
    if card in FREE_CARDS:
        return True
    if IS_ASTEROID[trick[0]] and any(IS_ASTEROID[c] for c in hand):
        return IS_ASTEROID[card]
    if follow != NO_SUIT and any(SUIT[c] == follow for c in hand):
        return SUIT[card] == follow
    return True


def voids_revealed(card: int, trick: list[int], follow: int) -> int:
    """The void bits a player reveals by playing ``card`` into ``trick`` (before it)."""
    if not trick:
        # Leading an Asteroid is only allowed without a system card in hand.
        return 0b111 if IS_ASTEROID[card] else 0
    if card in FREE_CARDS:
        return 0
    asteroid_lead = IS_ASTEROID[trick[0]]
    if asteroid_lead and IS_ASTEROID[card]:
        return 0
    bits = VOID_ASTEROID if asteroid_lead else 0
    if follow != NO_SUIT and SUIT[card] != follow:
        bits |= 1 << follow
    return bits


def stationfall_succeeds(cards: list[int]) -> bool:
    """Every card with a CP in the trick is even, or every one is odd (at least one)."""
    parities = {PARITY_CP[c] & 1 for c in cards if PARITY_CP[c]}
    return len(parities) == 1


def winning_position(cards: list[int], last_trick: bool) -> int:
    """The index in ``cards`` (play order) of the card that wins the complete trick.

    Applies the spec's order: Stationfall, then Black Hole (powerless in the last trick),
    then card by card (suit, trump, cutting specials, Jump Gate), then Asteroids. A trick
    no card can win (a powerless Black Hole and a failed Stationfall) goes to its leader.
    """
    if STATIONFALL in cards and stationfall_succeeds(cards):
        return cards.index(STATIONFALL)
    if BLACK_HOLE in cards and not last_trick:
        return cards.index(BLACK_HOLE)
    follow = suit_to_follow(cards)
    trump = trump_of(follow) if follow != NO_SUIT else NO_SUIT
    best, kind, power, gate = -1, _NONE, 0, False
    for i, card in enumerate(cards):
        if card < 30:
            suit, cp = SUIT[card], CP[card]
            if kind == _NONE:
                # The first system card is the led or co-starting card: it sets the suit.
                best, kind, power = i, _FOLLOW, cp
            elif kind == _FOLLOW:
                if suit == follow and cp > power:
                    best, power, gate = i, cp, False
                elif suit == trump and (not gate or cp > JUMP_GATE_CP):
                    best, kind, power, gate = i, _TRUMP, cp, False
            elif kind == _TRUMP and suit == trump and cp > power:
                best, power, gate = i, cp, False
        elif card == JUMP_GATE:
            if kind == _NONE:
                best, kind, power, gate = i, _FOLLOW, JUMP_GATE_CP, True
            elif power < JUMP_GATE_CP:
                best, power, gate = i, JUMP_GATE_CP, True
        elif card in CUTTERS and (kind == _NONE or (kind == _FOLLOW and not gate)):
            best, kind, power = i, _CUT, 0
    if best >= 0:
        return best
    damages = [DAMAGE[c] for c in cards]
    top = max(damages)
    return damages.index(top) if top else 0


def top_asteroid(cards: list[int]) -> int | None:
    """The most damaging Asteroid among ``cards``, or None."""
    best = None
    for card in cards:
        if IS_ASTEROID[card] and (best is None or DAMAGE[card] > DAMAGE[best]):
            best = card
    return best
