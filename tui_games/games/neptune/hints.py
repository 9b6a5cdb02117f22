"""What the Neptune status line says: whose turn, what the viewer may do, and why not.

Pure text (no UI), addressed to the viewer ("Your lead"); other seats are named with
``seat_ref`` and the screen turns them into names. Every text fits the status line's two
lines of 78 columns at 80x24 (tests/games/neptune/test_neptune_hints.py checks each phase).
"""

from __future__ import annotations

from tui_games.engine.grammar import seat_ref
from tui_games.games.neptune.bot import hold_value
from tui_games.games.neptune.card_words import card_face, card_name, face_legend
from tui_games.games.neptune.rules import NeptuneRules
from tui_games.games.neptune.state import (
    CP,
    IS_ASTEROID,
    NO_SUIT,
    SPECIAL_SHORT,
    STATIONFALL,
    SUIT,
    SUIT_NAMES,
    NeptuneState,
    Play,
    trump_of,
)
from tui_games.games.neptune.tricks import winning_position

# Said in the table's word for a card's power, "strength" (as "R9 (strength 9, ...)"):
# the rulebook's "CP" is a code a player at the table has never been told.
SPECIAL_HELP = {
    "BH": "wins unless Stationfall does; not in the last trick; scores 0",
    "SF": "wins if the trick's strengths are all even, or all odd",
    "JG": "strength 7; if it wins, you choose the top card",
    "SB": "cuts; scores 5, or swap it for another trick",
    "PM": "cuts; the trick is destroyed",
    "PS": "cuts; doubles and protects an earlier trick",
    "A3": "the trick it lands in scores -3",
    "A5": "the trick it lands in scores -5",
    "A7": "the trick it lands in scores -7",
}
# The Black Hole's help where no Stationfall is dealt into the game: "unless Stationfall
# does" named a card the player never meets.
BLACK_HOLE_ALONE = "wins every trick but the round's last; scores 0"


def special_help(view: NeptuneState, card: int) -> str:
    """What the special ``card`` does, as far as this game's six specials go."""
    short = SPECIAL_SHORT[card]
    if short == "BH" and STATIONFALL not in view.specials:
        return BLACK_HOLE_ALONE
    return SPECIAL_HELP[short]


QUESTIONS = {
    "top": "You won with the Jump Gate: choose the card to put on top",
    "bandit": "You won with the Space Bandit: keep the trick for 5 points, or swap it",
    "shield": "You won with the Plasma Shield: slide it under a trick to double it, or keep it",
    "cover": "You won with the Black Hole: cover one of your damaged tricks, or keep it",
}
CHOOSE_KEYS = "↑↓ pick, Enter confirms."


def legal_cards(rules: NeptuneRules, view: NeptuneState, viewer: int) -> set[int]:
    """The cards ``viewer`` may play now (none when it is not their card to play)."""
    if view.phase != "play" or view.current != viewer:
        return set()
    return {a.card for a in rules.legal_actions(view) if type(a) is Play}


def first_cursor_card(order: list[int], legal: set[int], trick: list[int] | None = None,
                      last_trick: bool = False, tricks_left: int = 2) -> int | None:
    """Where the hand's cursor starts when it is the viewer's card to play.

    Following (``trick`` holds cards): the weakest system card that still takes the trick,
    since the weakest scores most (B3 over B9 when both beat B2), unless an Asteroid has
    damaged the trick; else the card missed least later (as the hint says). Leading: the
    strongest playable system card (the likeliest to win the trick). Else the first
    playable card in ``order`` (the hand's display order). The first one alone was often
    a 1, the weakest card, which a newcomer took for the one to play."""
    playable = [card for card in order if card in legal]
    system = [card for card in playable if card < 30]
    if trick:
        mine = len(trick)
        damaged = any(IS_ASTEROID[c] for c in trick)
        winners = [c for c in system
                   if winning_position([*trick, c], last_trick) == mine]
        if winners and not damaged:
            return min(winners, key=lambda card: CP[card])
        if playable:
            return min(playable, key=lambda card: hold_value(card, tricks_left))
    if system:
        return max(system, key=lambda card: CP[card])
    return playable[0] if playable else None


def play_hint(view: NeptuneState, viewer: int, legal: set[int]) -> str:
    """What the viewer must play into the trick, in a few words."""
    hand = view.hands[viewer]
    if not view.trick:
        # The cursor hint on an Asteroid says why it may not lead: no need to say it twice.
        return "Your lead: any card." if len(legal) == len(hand) else "Your lead."
    asteroid_led = IS_ASTEROID[view.trick[0]]
    if asteroid_led and any(IS_ASTEROID[c] for c in legal) and len(legal) < len(hand):
        return "An Asteroid was led: play an Asteroid."
    if view.follow == NO_SUIT:
        return "No suit to follow yet: play any card."
    trump = SUIT_NAMES[trump_of(view.follow)]
    if not any(SUIT[c] == view.follow for c in hand):
        return f"You have no {SUIT_NAMES[view.follow]}: play any card ({trump} trumps)."
    return f"Follow {SUIT_NAMES[view.follow]} ({trump} trumps)."


def cursor_hint(rules: NeptuneRules, view: NeptuneState, card: int | None, legal: set[int]) -> str:
    """About the card under the cursor: what it does, and whether Enter plays it."""
    if card is None:
        return ""
    if card not in legal:
        # Named as its face reads (the status line is beside the hand).
        label = card_face(card) if card < 30 else card_name(card)
        return f"{label}: not now - {rules.why_illegal(view, card)}."
    if card >= 30:
        return f"{card_name(card)} ({special_help(view, card)}): Enter plays it."
    # The face's two numbers read out, each by its name: the weakest cards score most.
    return f"{face_legend(card)}. Enter plays it."


def status_text(rules: NeptuneRules, view: NeptuneState, viewer: int, cursor: int | None) -> str:
    """The whole status line for ``viewer`` with the hand's cursor on ``cursor``."""
    mover = rules.to_move(view)
    if mover is None:
        return "The game is over."
    if mover != viewer:
        if view.phase != "play":
            return f"{seat_ref(mover)} won the trick and decides what to do with it."
        return f"{seat_ref(mover)}'s turn to play a card."
    if view.phase != "play":
        return f"{QUESTIONS[view.phase]}: {CHOOSE_KEYS}"
    legal = legal_cards(rules, view, viewer)
    if cursor not in view.hands[viewer]:
        cursor = None
    return f"{play_hint(view, viewer, legal)} {cursor_hint(rules, view, cursor, legal)}".strip()
