"""Why a Neptune hint plays what it plays, in the game's words (engine.bots.hint.HintWords).

Worked out from the seat's observation only: the trick on the table, the seat's own
hand and the won tricks in front of everyone. A card is named by its short label ("R9"),
never by a card the seat cannot see. The words follow the rulebook: a trick is won, its
top card scores, an Asteroid damages the trick it lands in, the trump beats the suit led.
"""

from __future__ import annotations

from tui_games.engine.bots.hint import in_ten
from tui_games.engine.grammar import plural
from tui_games.games.neptune.bot import hold_value, pile_worth
from tui_games.games.neptune.hints import SPECIAL_HELP
from tui_games.games.neptune.state import (
    DAMAGE,
    IS_ASTEROID,
    SPECIAL_NAMES,
    SPECIAL_SHORT,
    SUIT,
    SUIT_NAMES,
    Cover,
    Keep,
    NeptuneAction,
    NeptuneState,
    OnTop,
    Play,
    Shield,
    Swap,
    card_short,
    card_value,
    trump_of,
)
from tui_games.games.neptune.tricks import playable, winning_position


def points_phrase(worth: float) -> str:
    """"its 6 points", "no points", "its -5 of Asteroid damage" for what a won trick adds."""
    points = round(worth)
    if points > 0:
        return f"its {plural(points, 'point')}"
    if points < 0:
        return f"its {points} of Asteroid damage"
    return "no points"


def named(card: int) -> str:
    """"B5" for a system card, "the Space Bandit" for a special (cards on the table)."""
    return card_short(card) if card < 30 else f"the {SPECIAL_NAMES[card]}"


def _winner_after(view: NeptuneState, cards: list[int]) -> int:
    """The position in ``cards`` that holds the trick (wins it if it is complete)."""
    return winning_position(cards, view.tricks_done == view.hand_size - 1)


def _worth(view: NeptuneState, cards: list[int], pos: int, seat: int) -> float:
    last = view.tricks_done == view.hand_size - 1
    return pile_worth(cards, pos, seat, view.players, last, view.piles)


def _beats(view: NeptuneState, seat: int) -> list[int]:
    """The cards the seat may play now that would hold the trick."""
    hand = view.hands[seat]
    mine = len(view.trick)
    return [c for c in playable(hand, view.trick, view.follow)
            if _winner_after(view, [*view.trick, c]) == mine]


def _play(view: NeptuneState, seat: int, card: int) -> str:
    cards = [*view.trick, card]
    pos = _winner_after(view, cards)
    mine = len(cards) - 1
    complete = len(cards) == view.players
    holder = named(cards[pos])
    short = card_short(card)
    if not view.trick:
        if card >= 30:
            return f"leads {named(card)} ({SPECIAL_HELP[SPECIAL_SHORT[card]]})"
        suit = SUIT_NAMES[SUIT[card]]
        trump = SUIT_NAMES[trump_of(SUIT[card])]
        others = "the others" if view.players > 2 else "your rival"
        return f"leads {suit}: {others} must follow {suit} if they can; {trump} trumps it"
    if complete and pos == mine:
        worth = _worth(view, cards, pos, seat)
        if worth < 0:
            return f"wins this trick, taking {points_phrase(worth)}"
        return f"wins this trick and {points_phrase(worth)}"
    if pos == mine:
        left = view.players - len(cards)
        return f"takes the trick for now, {plural(left, 'card')} still to come"
    if IS_ASTEROID[card]:
        return f"drops {DAMAGE[card]} of Asteroid damage on the trick {holder} holds"
    worth = _worth(view, cards, pos, seat)
    if not _beats(view, seat):
        spare = min(playable(view.hands[seat], view.trick, view.follow),
                    key=lambda c: hold_value(c, view.hand_size - view.tricks_done))
        why = "nothing you may play beats " + holder
        return f"{why}; {short} is the card you miss least" if spare == card else why
    if worth < 0:
        return f"leaves the trick and {points_phrase(worth)} to {holder}"
    if complete:
        return (f"loses the trick to {holder} ({points_phrase(worth)}) "
                "but keeps your stronger cards for later")
    return f"leaves the trick to {holder} for now and keeps your stronger cards"


def why(view: NeptuneState, seat: int, action: NeptuneAction) -> str:
    """What ``action`` does for ``seat``: the trick it wins or loses, and for how much."""
    n = view.players
    if type(action) is Play:
        return _play(view, seat, action.card)
    if type(action) is OnTop:
        points = card_value(action.card, n)
        return f"the trick then scores {plural(points, 'point')}"
    if type(action) is Keep:
        return "keeps the trick as it is"
    pile = view.piles[action.pile]  # type: ignore[union-attr]
    if type(action) is Swap:
        return f"trades your 5-point Bandit trick for one worth {plural(pile.score, 'point')}"
    if type(action) is Shield:
        return f"doubles a trick worth {plural(pile.score, 'point')} and protects it"
    if type(action) is Cover:
        return f"covers a trick worth {plural(pile.score, 'point')}: its Asteroid no longer counts"
    return ""


def outlook(view: NeptuneState, seat: int, rating: float) -> str:
    """The hard bot's reward is the chance to end the game on top (see hard.evaluate)."""
    return f"From here you end the game on top {in_ten(rating)}."
