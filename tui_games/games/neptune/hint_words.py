"""Why a Neptune hint plays what it plays, in the game's words (engine.bots.hint.HintWords).

Worked out from the seat's observation only: the trick on the table, the seat's own
hand and the won tricks in front of everyone. A card is named by its short label ("R9"),
never by a card the seat cannot see. The words follow the rulebook: a trick is won, its
top card scores, an Asteroid damages the trick it lands in, the trump beats the suit led.
"""

from __future__ import annotations

from tui_games.engine.bots.hint import fits, in_ten
from tui_games.engine.grammar import plural
from tui_games.games.neptune.bot import hold_value, pile_worth
from tui_games.games.neptune.hints import special_help
from tui_games.games.neptune.rules import NeptuneRules
from tui_games.games.neptune.state import (
    BLACK_HOLE,
    CP,
    DAMAGE,
    HIDDEN,
    IS_ASTEROID,
    NO_SUIT,
    PLASMA_SHIELD,
    SPACE_BANDIT,
    SPACE_BANDIT_POINTS,
    SPECIAL_NAMES,
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

_RULES = NeptuneRules()


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
    if not view.trick:
        if card >= 30:
            return f"leads {named(card)} ({special_help(view, card)})"
        reasons = _lead_reasons(view, seat, card)
        if len(playable(view.hands[seat], view.trick, view.follow)) == 1:
            # Forced (the round's last card): which cards it keeps is no reason, and with
            # "the only move there is" the whole reason outgrew the line and was dropped
            return f"leads {SUIT_NAMES[SUIT[card]]}: {reasons[-1]}"
        return _fitted(view, Play(card), f"leads {SUIT_NAMES[SUIT[card]]}: ", reasons)
    if complete and pos == mine:
        worth = _worth(view, cards, pos, seat)
        if worth < 0:
            return f"wins this trick, taking {points_phrase(worth)}"
        return _special_win(card, worth) or f"wins this trick and {points_phrase(worth)}"
    if pos == mine:
        left = view.players - len(cards)
        return f"takes the trick for now, {plural(left, 'card')} still to come"
    if IS_ASTEROID[card]:
        return f"drops {DAMAGE[card]} of Asteroid damage on the trick {holder} holds"
    worth = _worth(view, cards, pos, seat)
    if not _beats(view, seat):
        if len(playable(view.hands[seat], view.trick, view.follow)) == 1:
            # Forced: no choice to explain (the hint adds "the only move there is"); "R1
            # is the cheapest to give away: it would score least (10)" was false, and too
            # long with it, so the hint dropped its reason (issue 31, played).
            return f"nothing you may play beats {holder}"
        return _fitted(view, Play(card), f"nothing you may play beats {holder}; ",
                       [_given_away(view, seat, card)])
    if worth < 0:
        return f"leaves the trick and {points_phrase(worth)} to {holder}"
    # The cards that would have won, named (the seat's own): "your stronger cards" read
    # as a contradiction when the card played was the strongest of its suit and only the
    # Stationfall could have won.
    kept = _kept_winners(view, seat)
    if complete:
        return _fitted(view, Play(card), f"loses the trick to {holder} ({points_phrase(worth)})",
                       [f" but keeps {kept} for later"])
    return _fitted(view, Play(card), f"leaves the trick to {holder} for now",
                   [f" and keeps {kept}"])


def _special_win(card: int, worth: float) -> str:
    """What a cutting special's win is worth once its question is answered: the bot
    counts the swap, the shield or the cover in (issue 31, played: "Play Space Bandit:
    wins this trick and its 10 points" for a 5-point trick swapped for a 10-point one)."""
    points = round(worth)
    if card == SPACE_BANDIT and points > SPACE_BANDIT_POINTS:
        return (f"wins this trick, then swaps its {SPACE_BANDIT_POINTS} points for a "
                f"rival's trick worth {points}")
    if card == PLASMA_SHIELD and points > 0:
        return f"wins this trick, then doubles your trick worth {plural(points, 'point')}"
    if card == BLACK_HOLE and points > 0:
        return f"wins this trick, then covers your trick losing {points} to an Asteroid"
    return ""


def _fitted(view: NeptuneState, action: Play, head: str, parts: list[str]) -> str:
    """``head`` and as many of ``parts`` (most telling first) as fit the status line with
    the move: a reason too long for it is not said at all (engine.bots.hint.hint_text)."""
    move = _RULES.describe(view, action)
    for keep in range(len(parts), 0, -1):
        text = head + "; ".join(parts[:keep])
        if fits(f"Hint: {move}: {text}."):
            return text
    return head.rstrip(": ;")


def _kept_winners(view: NeptuneState, seat: int) -> str:
    """The seat's cards that would take the trick now, strongest last: "G9 G10", "the
    Stationfall" (at most two named, then "and 2 more")."""
    winners = sorted(_beats(view, seat), key=lambda c: (c >= 30, CP[c]))
    names = [named(c) for c in winners[:2]]
    more = len(winners) - len(names)
    text = " and ".join(names) if names else "your stronger cards"
    return f"{text} and {more} more" if more > 0 else text


def _seen(view: NeptuneState, seat: int) -> set[int]:
    """Every card ``seat`` can see: its hand, the trick, the won tricks."""
    cards = {*view.hands[seat], *view.trick}
    cards.update(c for p in view.piles for c in p.cards)
    cards.discard(HIDDEN)
    return cards


def _lead_reasons(view: NeptuneState, seat: int, card: int) -> list[str]:
    """Why lead this system card, from what the seat sees, most telling first: how many
    higher cards of its suit are still out (in hands or set aside), which of the seat's
    own it keeps, a rival known to hold none of the suit, the Black Hole kept; then the
    rule."""
    suit = SUIT[card]
    name, trump = SUIT_NAMES[suit], SUIT_NAMES[trump_of(suit)]
    seen = _seen(view, seat)
    higher_out = sum(1 for c in range(suit * 10, suit * 10 + 10)
                     if CP[c] > CP[card] and c not in seen)
    mine = sorted((c for c in view.hands[seat] if c < 30 and SUIT[c] == suit),
                  key=lambda c: CP[c])
    stronger = [c for c in mine if CP[c] > CP[card]]
    rival = "your rival" if view.players == 2 else "a rival"
    reasons: list[str] = []
    if not higher_out:
        reasons.append(f"no {name} still out beats it, only a {trump} trump or a special")
    elif not stronger:
        more = "1 higher is" if higher_out == 1 else f"{higher_out} higher are"
        reasons.append(f"your best {name}, though {more} still out")
    else:
        kept = " ".join(card_short(c) for c in stronger[-2:])
        reasons.append(f"it keeps your stronger {kept} for later")
    voids = [p for p in range(view.players) if p != seat and p < len(view.voids)
             and view.voids[p] >> suit & 1]
    if voids:
        reasons.append(f"{rival} has shown no {name}: it may draw out a {trump} trump")
    if BLACK_HOLE in view.hands[seat]:
        reasons.append("the Black Hole waits for a bigger trick")
    others = "the others" if view.players > 2 else "your rival"
    rule = f"{others} must follow if they can"
    reasons.append(rule if not higher_out else f"{rule}; {trump} trumps it")
    return reasons


def _given_away(view: NeptuneState, seat: int, card: int) -> str:
    """Why give away this card rather than another when none wins the trick."""
    hand = view.hands[seat]
    left = view.hand_size - view.tricks_done
    spare = min(playable(hand, view.trick, view.follow), key=lambda c: hold_value(c, left))
    short = card_short(card) if card < 30 else f"the {SPECIAL_NAMES[card]}"
    if card == spare:
        if card < 30:
            # a card's score is 11 minus its strength: the strong ones score least later
            return (f"{short} is the cheapest to give away: it would score least "
                    f"({card_value(card, view.players)}) on a trick you win later")
        return f"{short} is the cheapest to give away"
    if card < 30 and view.follow != NO_SUIT and SUIT[card] != view.follow and sum(
            1 for c in hand if c < 30 and SUIT[c] == SUIT[card]) == 1:
        name = SUIT_NAMES[SUIT[card]]
        return (f"{short} is your last {name}: when {name} is led you may then trump it "
                f"with {SUIT_NAMES[trump_of(SUIT[card])]}")
    return f"{short} keeps {named(spare)}, which costs a little less, for later"


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
