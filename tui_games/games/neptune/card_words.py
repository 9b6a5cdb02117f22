"""How a Neptune card is named in words, once for every front end (the log, the status
line, the screen's faces, the lines front end's choices).

A card has two numbers, its strength (card power, CP) and the points it scores, and the
weak cards score most. "G1 (10)" read as a strong card: a newcomer played the weakest card
of the hand for it. So each number says what it is: "Green 1 (worth 10 points)" in a
sentence, "G1 10pt" on a face, and the status line says the face's reading
(``face_legend``) for the card under the cursor.
"""

from __future__ import annotations

from tui_games.engine.grammar import plural
from tui_games.games.neptune.state import (
    CP,
    HIDDEN,
    SPECIAL_NAMES,
    SUIT,
    SUIT_NAMES,
    SUITS,
    card_short,
)


def points_worth(card: int) -> int:
    """What a system card scores on top of a trick: 11 minus its strength."""
    return 11 - CP[card]


def card_name(card: int) -> str:
    """ "Green 1 (worth 10 points)" for a system card: colour and strength, then its points
    with their unit; a special's full name; "??" for a card the reader cannot see."""
    if card == HIDDEN:
        return "??"
    if card < 30:
        return f"{SUIT_NAMES[SUIT[card]]} {CP[card]} (worth {plural(points_worth(card), 'point')})"
    return SPECIAL_NAMES[card]


def card_said(card: int) -> str:
    """ "R6" for a system card, the full name of a special: a won trick's top in words (a
    listener hears "B H" for BH and "A 7" for A7; the screen's narrow labels keep
    card_short)."""
    return card_short(card) if card < 30 else SPECIAL_NAMES[card]


POINTS_UNIT = "pt"
"""The unit a face puts after points, so they are not taken for a strength."""


def points_face(points: int) -> str:
    """ "10pt", "-7pt": points on a face (a card's worth, a won trick's score)."""
    return f"{points}{POINTS_UNIT}"


def card_face(card: int) -> str:
    """ "G1 10pt": the compact label of a system card on the table (the points keep their
    unit, so they are not taken for the strength); "??" hidden. Specials are named by the
    screen (short or long as room allows)."""
    if card == HIDDEN:
        return "??"
    return f"{SUITS[SUIT[card]]}{CP[card]} {points_face(points_worth(card))}"


def face_legend(card: int) -> str:
    """ "G1 10pt is Green, strength 1, worth 10 points": a face read out in full."""
    return (
        f"{card_face(card)} is {SUIT_NAMES[SUIT[card]]}, strength {CP[card]}, "
        f"worth {plural(points_worth(card), 'point')}"
    )
