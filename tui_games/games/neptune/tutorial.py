"""Learn to play Neptune: a guided first round on a fixed deal (seed 44), you against
the easy bot, with Black Hole, Jump Gate, Space Bandit, Plasma Shield and Asteroids 5
and 7 in play, so that every special's question comes up once.

Each step plays the marked card (Enter) or gives the highlighted answer (Enter); ``mark``
moves the hand's cursor, or the answers' highlight. The texts follow the rulebook
(shared/rulebooks/neptune.txt) in our own words.
"""

from __future__ import annotations

from typing import Any

from tui_games.engine.core import Action
from tui_games.engine.tutorial import Step, Tutorial, only
from tui_games.games.neptune.state import Cover, OnTop, Play, Shield, Swap

R6, R7, R9, R10, G1, G3, G4, G5, B2, B3, B6 = 5, 6, 8, 9, 10, 12, 13, 14, 21, 22, 25
BLACK_HOLE, JUMP_GATE, SPACE_BANDIT, PLASMA_SHIELD, ASTEROID_5 = 30, 32, 33, 35, 37
SPECIALS = "asteroid_5+asteroid_7+black_hole+jump_gate+plasma_shield+space_bandit"


def mark(screen: Any, action: Action | None) -> None:
    """Put the hand's cursor on the card to play, or highlight the answer to give."""
    if isinstance(action, Play):
        screen.hand.move_cursor_to(action.card)
    elif action is not None and action in screen.legal():
        screen.query_one("#nep-choices").highlighted = screen.legal().index(action)


def play(card: int, text: str) -> Step:
    return Step(
        text, only(Play(card)), ("enter",), Play(card), press="Enter plays the marked card."
    )


def answer(action: Action, text: str) -> Step:
    return Step(
        text,
        only(action),
        ("enter",),
        action,
        press="Enter gives the highlighted answer (↑↓ choose).",
    )


STEPS = (
    play(
        R9,
        "You lead the first trick: any card but an Asteroid. R9 is strong (the "
        "higher the strength, the more it wins) but scores only 11 - 9 = 2.",
    ),
    play(R10, "You won, so you lead again. R10 is the highest Red: nothing Red beats it."),
    play(
        PLASMA_SHIELD,
        "Lead the Plasma Shield: a cutting special, it wins this trick, "
        "and then strengthens one of your earlier tricks.",
    ),
    answer(
        Shield(pile=0),
        "Slide this trick under your R9 pile: that pile now counts "
        "double (2 to 4) and no Space Bandit can take it. You could also keep it as a "
        "pile of its own.",
    ),
    play(R6, "Lead R6. The bot may beat it: the winner of a trick leads the next."),
    play(B6, "The bot leads B4: you must follow Blue when you can. B6 beats B4."),
    play(
        R7, "Lead R7. Watch out for Asteroids: they go on top of a trick and make it score minus."
    ),
    play(
        BLACK_HOLE,
        "The bot dumped its Asteroid 7 on your trick: that pile scores -7. "
        "Lead the Black Hole: it wins almost every trick (not the round's last), "
        "scoring 0.",
    ),
    answer(
        Cover(pile=4),
        "A Black Hole trick may go on one of your own Asteroid piles: "
        "cover the -7 pile so that it scores 0. Keeping it apart is the other choice.",
    ),
    play(SPACE_BANDIT, "Lead the Space Bandit, another cutting special."),
    # Said outright: a newcomer told only "try the swap" learnt to trade 5 points for 3.
    answer(
        Swap(pile=2),
        "The Space Bandit lets you keep the trick for 5 points, or swap "
        "it for a pile the bot won this round (unless a Plasma Shield guards it); the "
        "bot then gets the 5. Worth it only for a pile above 5: this one, R8, is worth "
        "3, so the swap costs you 2. Try it once to see it work.",
    ),
    play(G5, "Lead G5."),
    play(G4, "The bot leads G9: follow Green. G4 cannot win, but it must be Green."),
    play(
        G1,
        "Green again: G1 is your last Green, the only card you may play (it scores "
        "10 for whoever wins it).",
    ),
    play(
        JUMP_GATE,
        "The bot leads G3 and you have no Green left, so any card goes: the "
        "Jump Gate (strength 7) beats every card under 7.",
    ),
    answer(
        OnTop(card=G3),
        "With the Jump Gate you choose the card on top, the one that "
        "scores: G3 is worth 8, the Jump Gate 0. Put G3 on top.",
    ),
    play(B3, "Lead B3."),
    play(B2, "The bot leads B1: follow Blue with B2, your only Blue, and win the trick."),
    play(
        ASTEROID_5,
        "Only your Asteroid 5 is left: with no planet in hand you may lead "
        "it. This is the round's last trick; then the round is scored.",
    ),
)

TUTORIAL = Tutorial(
    seed=44,
    options={"specials": SPECIALS},
    steps=STEPS,
    intro="Neptune: win tricks, but only each trick's top card scores (11 minus its "
    "strength). Red beats Green, Green beats Blue, Blue beats Red.",
    farewell="On your own now (undo works again). The game is won at 50 points, or by the "
    "lead after five rounds. Each turn: follow the led suit if you can; a trick "
    "you win scores its top card only, so win tricks whose top card is weak (11 "
    "minus its strength).",
    # the default game has specials this deal leaves out: the screen names them
    farewell_keys="A special not met here (Stationfall…) says what it does under the "
    "cursor; ? shows the rules.",
    mark=mark,
    explained=("Keep",),
)
