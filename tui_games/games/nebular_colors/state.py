"""Nebular Colors: the deck, the state and the actions (plain data, no rules)."""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from tui_games.engine.core import Action, GameState

SUITS = "GYBP"  # Green, Yellow, Blue, Purple
SUIT_NAMES = {"G": "Green", "Y": "Yellow", "B": "Blue", "P": "Purple"}
# threshold, points, bonus per card beyond the threshold
SCORING = {"G": (3, 4, 2), "Y": (4, 3, 1), "B": (5, 2, 1), "P": (6, 1, 1)}

# The spec's deck table: number -> copies per suit (G, Y, B, P).
_DECK_TABLE = {
    1: (0, 1, 0, 3), 2: (0, 1, 1, 2), 3: (1, 1, 0, 2), 4: (1, 0, 1, 2), 5: (1, 1, 0, 2),
    6: (0, 1, 1, 2), 7: (0, 1, 1, 2), 8: (0, 0, 4, 0), 9: (1, 1, 1, 1), 10: (1, 1, 1, 1),
    11: (1, 1, 1, 1), 12: (0, 2, 1, 1), 13: (1, 1, 1, 1),
}


def _build_deck() -> tuple[tuple[str, ...], tuple[int, ...]]:
    suits: list[str] = []
    numbers: list[int] = []
    for number, counts in _DECK_TABLE.items():
        for suit, count in zip(SUITS, counts, strict=True):
            suits += [suit] * count
            numbers += [number] * count
    return tuple(suits), tuple(numbers)


# Card id -> suit letter / number. Ids 0..51; identical cards are distinct ids.
CARD_SUIT, CARD_NUMBER = _build_deck()
DECK_SIZE = len(CARD_SUIT)
HIDDEN = -1  # a card id the observer cannot see

# Lookup tables for the hot paths (legal moves, meld checks, scoring): plain tuples.
SUIT_INDEX: tuple[int, ...] = tuple(SUITS.index(s) for s in CARD_SUIT)  # card -> 0..3
CARDS_BY_NUMBER: dict[int, tuple[int, ...]] = {
    n: tuple(c for c in range(DECK_SIZE) if CARD_NUMBER[c] == n) for n in _DECK_TABLE
}
# Ids ascend with the number (the deck is built number by number), so sorting ids sorts a run.


def card_name(card: int) -> str:
    """`P1`, `B8`, `Y12`; `??` for a hidden card."""
    return "??" if card == HIDDEN else f"{CARD_SUIT[card]}{CARD_NUMBER[card]}"


Phase = Literal["choose", "discard", "take_set", "meld", "stop_or_nova", "over"]


class NCState(GameState, kw_only=True):
    """Everything on the table. Hidden card ids are HIDDEN in an observation."""

    target: int = 4                      # fragments that win the match (4, or 2 short game)
    deck: list[int] = msgspec.field(default_factory=list)        # top of the deck is the end
    piles: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])  # oldest first
    hands: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])
    melds: list[list[list[int]]] = msgspec.field(default_factory=lambda: [[], []])
    penalties: list[list[int]] = msgspec.field(default_factory=lambda: [[], []])  # face down
    fragments: list[int] = msgspec.field(default_factory=lambda: [0, 0])
    hand_no: int = 1
    first_player: int = 0                # who took the first turn of this hand
    current: int = 0                     # whose turn it is
    phase: Phase = "choose"
    decider: int = 0                     # who answers Stop or Nova
    resume_phase: Phase = "meld"         # the phase to return to after Nova
    drawn: list[int] = msgspec.field(default_factory=list)       # 2 drawn cards, one to discard
    taken: list[int] = msgspec.field(default_factory=list)       # pile cards taken this turn
    nova: int | None = None              # the seat that called Nova this hand
    results: list[HandResult] = msgspec.field(default_factory=list)
    # Per hand ended, each seat's penalty then (points lost to penalty cards): the game
    # over's breakdown. Missing in older saves (the replay fills it: see KEPT_SINCE).
    hand_penalties: list[list[int]] = msgspec.field(default_factory=list)
    KEPT_SINCE: ClassVar[tuple[str, ...]] = ("hand_penalties",)


class HandResult(msgspec.Struct):
    """How one hand ended: who earned how many fragments, why, and the final scores."""

    hand_no: int
    winner: int
    fragments: int
    reason: str
    scores: list[int]
    kind: Literal["stop", "nova", "nova_failed", "deck"] = "deck"  # which of the 4 endings


# ---- actions: one decision each -------------------------------------------------------

class Draw(Action, frozen=True, tag="draw"):
    """Draw 2 cards from the deck (or the last card)."""


class Take(Action, frozen=True, tag="take"):
    """Take every card of discard pile 0 (left) or 1 (right)."""

    pile: int


class Discard(Action, frozen=True, tag="discard"):
    """Discard one of the two drawn cards onto pile 0 or 1."""

    card: int
    pile: int


class Meld(Action, frozen=True, tag="meld"):
    """Lay a set or run (card ids, sorted ascending) in the scoring area.

    ``apply`` accepts the ids in any order; ``legal_actions`` lists them sorted.
    """

    cards: tuple[int, ...]


class EndTurn(Action, frozen=True, tag="end"):
    """Finish the turn (unmelded taken cards become penalty cards)."""


class Stop(Action, frozen=True, tag="stop"):
    """End the hand now for 1 star fragment."""


class Nova(Action, frozen=True, tag="nova"):
    """Bet on reaching 10 before the opponent reaches 5, for 2 star fragments."""


NCAction = Draw | Take | Discard | Meld | EndTurn | Stop | Nova
