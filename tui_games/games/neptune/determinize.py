"""Sampling the cards a player cannot see, consistently with everything they know.

What a player knows: their own hand, every card played this round (tricks are played face
up), how many cards each hand holds, and the voids players revealed (a failure to follow
suit, a non-Asteroid after an Asteroid lead, an Asteroid lead). The unseen cards are dealt
to the other hands and the set-aside pile so that no hand receives a card it is known not
to hold: a small transportation problem, solved card by card with a Hall-condition check.
"""

from __future__ import annotations

import random

from tui_games.engine.codec import clone
from tui_games.engine.rng import Rng
from tui_games.games.neptune.state import IS_ASTEROID, SUIT, NeptuneState

_OTHER = 4  # category of a special card that is not an Asteroid: no void ever excludes it
_ALL = 0b11111


def category(card: int) -> int:
    """0-2 for a system card's suit, 3 for an Asteroid, 4 for any other special."""
    if card < 30:
        return SUIT[card]
    return 3 if IS_ASTEROID[card] else _OTHER


def unseen_cards(view: NeptuneState, player: int) -> list[int]:
    """The cards of this game that ``player`` has not seen this round."""
    seen = set(view.hands[player]) | set(view.trick)
    for pile in view.piles:
        seen.update(pile.cards)
    return [c for c in [*range(30), *view.specials] if c not in seen]


def _feasible(counts: list[int], caps: list[int], allowed: list[int]) -> bool:
    """Hall's condition: every set of categories fits in the holders that accept it."""
    for subset in range(1, 32):
        need = sum(counts[k] for k in range(5) if subset >> k & 1)
        if need and need > sum(c for c, a in zip(caps, allowed, strict=True) if a & subset):
            return False
    return True


def fill_hidden(view: NeptuneState, player: int, rng: random.Random) -> NeptuneState:
    """A full state agreeing with ``view`` for ``player``; the unseen cards are sampled."""
    s = clone(view)
    others = [i for i in range(s.players) if i != player]
    caps = [len(s.hands[i]) for i in others] + [len(s.removed)]
    allowed = [_ALL & ~s.voids[i] for i in others] + [_ALL]
    pool = unseen_cards(s, player)
    if len(pool) != sum(caps):
        raise ValueError(f"view of player {player} is inconsistent: {len(pool)} unseen cards "
                         f"for {sum(caps)} hidden places")
    dealt = _deal_quickly(pool, caps, allowed, rng) or _deal_exactly(pool, caps, allowed, rng)
    for h, seat in enumerate(others):
        s.hands[seat] = sorted(dealt[h])
    s.removed = dealt[-1]
    s.rng = Rng.seeded(rng.getrandbits(64))
    return s


def _deal_quickly(pool: list[int], caps: list[int], allowed: list[int],
                  rng: random.Random) -> list[list[int]] | None:
    """A deal by plain shuffling, retried a few times; None if the voids keep blocking it."""
    for _ in range(8):
        rng.shuffle(pool)
        room = list(caps)
        dealt: list[list[int]] = [[] for _ in caps]
        for card in pool:
            k = category(card)
            candidates = [h for h, r in enumerate(room) if r and allowed[h] >> k & 1]
            if not candidates:
                break
            h = rng.choices(candidates, weights=[room[c] for c in candidates])[0]
            room[h] -= 1
            dealt[h].append(card)
        else:
            return dealt
    return None


def _deal_exactly(pool: list[int], caps: list[int], allowed: list[int],
                  rng: random.Random) -> list[list[int]]:
    """A deal card by card that never takes a step after which the rest cannot fit."""
    rng.shuffle(pool)
    caps = list(caps)
    counts = [0] * 5
    for card in pool:
        counts[category(card)] += 1
    if not _feasible(counts, caps, allowed):
        raise ValueError("no deal of the unseen cards agrees with the known voids")
    dealt: list[list[int]] = [[] for _ in caps]
    for card in pool:
        k = category(card)
        counts[k] -= 1
        candidates = [h for h, cap in enumerate(caps) if cap and allowed[h] >> k & 1]
        while True:
            # Weighted by room left: without voids this deals a uniformly random split.
            h = rng.choices(candidates, weights=[caps[c] for c in candidates])[0]
            caps[h] -= 1
            if _feasible(counts, caps, allowed):
                break
            caps[h] += 1
            candidates.remove(h)
        dealt[h].append(card)
    return dealt
