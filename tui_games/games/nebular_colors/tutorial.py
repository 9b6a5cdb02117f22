"""Learn to play Nebular Colors: a guided first hand on a fixed deal (seed 107).

You start, against the easy bot. In about twenty decisions every kind of action comes
up: draw and discard, meld a run, end a turn, take a pile with a set, and choose Stop
once you pass 5 points. Each step names its cards (its keys are the screen's own:
``press``); ``mark`` puts the hand's cursor on the card to discard, or selects the
cards of the meld. The texts follow the
rulebook (shared/rulebooks/nebular_colors.txt) in our own words.
"""

from __future__ import annotations

from typing import Any

from tui_games.engine.tutorial import Step, Tutorial, only
from tui_games.games.nebular_colors.state import Discard, Draw, EndTurn, Meld, Stop, Take

LEFT, RIGHT = 0, 1
P5, B4, P1, Y12, P10 = 19, 13, 1, 45, 39  # the card numbers of the deck (state.py)
G3_G4_G5 = (8, 12, 16)
G13_Y13_B13 = (48, 49, 50)


def mark(screen: Any, cards: tuple[int, ...] | None) -> None:
    """Put the hand's cursor on the step's card; for a meld, select its cards too."""
    if not cards:
        return
    hand = screen.hand
    hand.move_cursor_to(cards[0])
    hand.select(cards if len(cards) > 1 else ())


def draw(why: str) -> Step:
    return Step(f"Draw two cards from the deck. {why}", only(Draw()), ("d",), press="Press d.")


def discard(card: int, pile: int, name: str, why: str) -> Step:
    key = "1" if pile == LEFT else "2"
    side = "left" if pile == LEFT else "right"
    return Step(
        f"Keep one card, give one away: {name} on the {side} pile. {why}",
        only(Discard(card=card, pile=pile)),
        (key,),
        (card,),
        press=f"The cursor is on {name}: press {key}.",
    )


def end(why: str) -> Step:
    return Step(f"End your turn. {why}", only(EndTurn()), ("e",), press="Press e.")


STEPS = (
    draw(
        "A turn starts either by drawing or by taking a whole discard pile; "
        "with a single card in hand there is nothing to take yet."
    ),
    discard(P5, LEFT, "P5", "Of the two cards drawn you keep one. G3 goes with your G5."),
    end(
        "No meld is possible yet: you need three cards of one number, or three of "
        "one colour in a row."
    ),
    draw("The bot threw P3 on the left pile; you cannot make a set with it, so draw."),
    discard(B4, RIGHT, "B4", "G4 is the card you wanted: G3 G4 G5 is a run."),
    Step(
        "Meld the run G3 G4 G5. Green scores once three green cards lie in front of you: 4 points.",
        only(Meld(cards=G3_G4_G5)),
        ("m",),
        G3_G4_G5,
        press="They are selected for you (space selects or drops a card): press m.",
    ),
    end("Melds stay down for good; a meld of a colour under its count scores nothing yet."),
    draw("Your hand is empty, but a new hand fills quickly."),
    discard(P1, RIGHT, "P1", "B9 may join a blue run later."),
    end("Nothing to meld with one card."),
    draw("The piles hold no set for you."),
    discard(Y12, RIGHT, "Y12", "Keep B8 beside B9."),
    end("B8 B9 is only two cards: a run needs three."),
    # B13 lies first on the pile and G13 last: "ends in G13 and B13" had a newcomer look
    # for both at its end.
    draw("The right pile now holds two 13s, B13 and G13: worth remembering."),
    discard(P10, LEFT, "P10", "Keep Y13: with the 13s on the right pile it makes a set."),
    end("Next turn you can take the right pile."),
    Step(
        "Take the right pile: allowed because its 13s and your Y13 make a set. You pick "
        "up every card of it, and must lay that set at once.",
        only(Take(pile=RIGHT)),
        ("t",),
        press="Press t.",
    ),
    Step(
        "Meld the set G13 Y13 B13. A fourth green card gives green a bonus: 6 points. "
        "Pile cards left unmelded at your turn's end become penalty cards: every 3 cost "
        "1 point.",
        only(Meld(cards=G13_Y13_B13)),
        ("m",),
        G13_Y13_B13,
        press="They are selected: press m.",
    ),
    Step(
        "5+ points: Stop ends the hand for 1 star fragment; Nova plays on for 2 if you "
        "reach 10 before the bot reaches 5. Stop.",
        only(Stop()),
        ("S",),
        press="Press S.",
    ),
)

TUTORIAL = Tutorial(
    seed=107,
    options={"match": "2", "first": "0"},
    steps=STEPS,
    intro="Nebular Colors: lay sets and runs, push colours past their counts, reach 5 "
    "points first.",
    farewell="On your own now (undo works again). To win the match: reach 5 points in a "
    "hand first, then Stop for 1 star fragment or risk a Nova for 2; 2 fragments "
    "win. Next turn: draw 2 or take a pile, meld what you can, end; a pile's "
    "cards left unmelded become penalties.",
    farewell_keys="Keys: d draws, t takes, m melds, e ends.",
    mark=mark,
    explained=("Nova",),
)
