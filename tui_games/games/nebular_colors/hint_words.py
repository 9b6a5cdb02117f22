"""Why a Nebular Colors hint plays what it plays, in the game's words
(engine.bots.hint.HintWords).

From the seat's observation only: its hand, the cards it just drew, the discard piles and
both scoring areas. The words are the rulebook's: a set, a run, a suit's threshold, penalty
cards, Stop or Nova, star fragments.
"""

from __future__ import annotations

import sys

from tui_games.engine.bots.hint import in_ten, reason_fits
from tui_games.engine.codec import clone
from tui_games.engine.core import IllegalAction
from tui_games.engine.grammar import a_or_an, agree, plural
from tui_games.games.nebular_colors.melds import points_for, score, suit_counts
from tui_games.games.nebular_colors.rules import NOVA_AT, STOP_AT, NebularColorsRules
from tui_games.games.nebular_colors.state import (
    CARD_NUMBER,
    CARD_SUIT,
    HIDDEN,
    SCORING,
    SUIT_NAMES,
    SUITS,
    Discard,
    Draw,
    EndTurn,
    Meld,
    NCAction,
    NCState,
    Nova,
    Stop,
    Take,
    card_name,
)
from tui_games.games.nebular_colors.texts import (
    PILES,
    card_list,
    numbers_text,
    only_a_run,
    pile_sets,
)

_RULES = NebularColorsRules()
_SELF = sys.modules[__name__]  # this explainer, whose short names a hint falls back to


def _suit(card: int) -> str:
    return SUIT_NAMES[CARD_SUIT[card]].lower()


def kept_for(card: int, hand: list[int], brief: bool = False) -> str:
    """What ``card`` does for the melds of ``hand`` (which does not hold it): "" for
    nothing. A full meld first, then a run or a set one card short. ``brief``: without
    the run's cards (what leaves a discard's hint room for why this pile)."""
    number = CARD_NUMBER[card]
    same_suit = {CARD_NUMBER[c]: c for c in hand if CARD_SUIT[c] == CARD_SUIT[card]}
    same_suit[number] = card
    low = high = number
    while low - 1 in same_suit:
        low -= 1
    while high + 1 in same_suit:
        high += 1
    run = [same_suit[n] for n in range(low, high + 1)]
    pair = [c for c in hand if CARD_NUMBER[c] == number]
    if len(run) >= 3:
        return f"completes a {_suit(card)} run" + ("" if brief else f": {card_list(run)}")
    if len(pair) >= 2:
        return f"completes a set of {number}s"
    if len(run) >= 2 and brief:
        return f"keeps your {_suit(card)} run open"
    if len(run) == 2:
        wanted = [n for n in (low - 1, high + 1) if 1 <= n <= 13]
        waits = " or ".join(f"{CARD_SUIT[card]}{n}" for n in wanted)
        return f"keeps your {_suit(card)} run open: {card_list(run)} wait for {waits}"
    for gap in (number - 1, number + 1):
        if gap - 1 in same_suit and gap + 1 in same_suit and 1 <= gap <= 13:
            if brief:
                return f"keeps your {_suit(card)} run open"
            ends = card_list([same_suit[gap - 1], same_suit[gap + 1]])
            return f"keeps your {_suit(card)} run open: {ends} wait for {CARD_SUIT[card]}{gap}"
    if pair:
        return f"keeps a pair of {number}s for a set"
    return ""


def _discard(view: NCState, seat: int, action: Discard) -> str:
    """Why this card goes (what it does not help, or what the kept card does) and why
    on this pile (what the opponent could do with it there): as much of both as fits
    the status line with the move, the card's reason first. The card's reason gives up
    its run's cards before a pile reason is left out."""
    card_parts = [_discarded_card(view, seat, action),
                  _discarded_card(view, seat, action, brief=True)]
    pile_parts = _pile_reasons(view, seat, action)
    for keep in range(len(pile_parts), -1, -1):
        for card_part in card_parts:
            text = "; ".join(part for part in (card_part, *pile_parts[:keep]) if part)
            if reason_fits(_RULES, _SELF, view, action, text):
                return text
    return card_parts[-1]


def short(view: NCState, action: NCAction) -> str:
    """The move in a few words, for a hint with no room for its full name: a meld without
    which of its cards came from the pile taken (the table marks the meld meant)."""
    if isinstance(action, Meld):
        return f"Meld {card_list(sorted(action.cards))}"
    return _RULES.describe(view, action)


def _discarded_card(view: NCState, seat: int, action: Discard, brief: bool = False) -> str:
    hand = view.hands[seat]
    kept = [c for c in view.drawn if c != action.card][:1]
    reason = kept_for(kept[0], hand, brief) if kept else ""
    if reason:
        # The reason is the kept card's: said bare after "Discard G13", "completes a set
        # of 10s" read as if the discarded card completed it.
        stays = "stays and" if brief else "stays in your hand and"
        return f"{_kept_name(kept[0], action.card)} {stays} {reason}"
    lost = kept_for(action.card, hand, brief)
    if not lost:
        # "melds" read as the cards laid down, and a newcomer often has none yet
        return f"{card_name(action.card)} fits nothing in your hand"
    if not kept:
        return ""
    # Neither card makes a meld now: the kept one is worth more for its colour
    gone, stays = CARD_SUIT[action.card], CARD_SUIT[kept[0]]
    counts = suit_counts(view.melds[seat])
    i = SUITS.index(stays)
    short = SCORING[stays][0] - counts[i]
    if counts[i] > 0 and short > 0:
        why_kept = (f"{card_name(kept[0])} brings {SUIT_NAMES[stays].lower()} nearer its "
                    f"threshold ({counts[i]} of {SCORING[stays][0]} laid)")
    elif SUIT_SIZES[stays] < SUIT_SIZES[gone]:
        # the counts are of the whole deck: "(12 Yellow, 20 Purple)" did not say of what
        why_kept = (f"{card_name(kept[0])} is the rarer colour ({SUIT_SIZES[stays]} "
                    f"{SUIT_NAMES[stays].lower()} cards in all, {SUIT_SIZES[gone]} "
                    f"{SUIT_NAMES[gone].lower()})")
    else:
        why_kept = f"{card_name(kept[0])} may fit later"
    return f"{card_name(action.card)} only {lost}; {why_kept}"


def _kept_name(kept: int, given: int) -> str:
    """The kept card's name, told apart from the given one when both are the same card
    (issue 31, played: two P5 drawn read "Discard P5 ...: P5 stays in your hand")."""
    name = card_name(kept)
    return f"the other {name}" if name == card_name(given) else name


SUIT_SIZES = {suit: sum(1 for s in CARD_SUIT if s == suit) for suit in SUITS}


def unseen_copies(view: NCState, seat: int, number: int) -> int:
    """Cards of ``number`` that ``seat`` cannot see: in the deck or the opponent's hand."""
    visible = [*view.hands[seat], *view.drawn, *view.taken, *view.piles[0], *view.piles[1],
               *view.penalties[0], *view.penalties[1]]
    visible += [c for area in view.melds for meld in area for c in meld]
    return 4 - sum(1 for c in visible if c != HIDDEN and CARD_NUMBER[c] == number)


def _pile_reasons(view: NCState, seat: int, action: Discard) -> list[str]:
    """Why ``action``'s pile rather than the other, most telling first: a pile is taken
    with a set, so a card whose number is already on the pile lets the opponent take it
    with one more, and the bigger the pile the more a take gives them."""
    pile, card = action.pile, action.card
    here, there = view.piles[pile], view.piles[1 - pile]
    name, other, number = PILES[pile], PILES[1 - pile], CARD_NUMBER[card]
    if not here and there:
        return [f"the {name} pile is empty and must be filled first"]
    if unseen_copies(view, seat, number) == 0:
        return [f"your opponent can hold no other {number}"]
    same_here = [c for c in here if CARD_NUMBER[c] == number]
    same_there = [c for c in there if CARD_NUMBER[c] == number]
    if same_there and not same_here:
        # "the left pile holds B11: your opponent could take it" read as a warning about
        # the move itself, made on the right pile: the clause says it is the other pile's
        return [f"not the {other}: with {card_list(same_there)} there, your opponent takes "
                f"it with one {number}"]
    if same_here and not same_there:
        return [f"careful: with {card_list(same_here)} there, your opponent takes this pile "
                f"with one {number}"]
    reasons = [f"the smaller pile ({len(here)} {agree(len(here), 'card', 'cards')}, not "
               f"{len(there)})"] if len(here) < len(there) else []
    if not same_here:
        reasons.append(f"no pile holds {a_or_an(str(number))}, so your opponent needs two "
                       "to use it")
    return reasons or [f"both piles hold {a_or_an(str(number))}: either is as risky"]


def passed(view: NCState, seat: int, action: Meld) -> list[int]:
    """The suits (indices) whose threshold ``action`` passes for ``seat``."""
    before = suit_counts(view.melds[seat])
    added = suit_counts([list(action.cards)])
    return [
        i for i, suit in enumerate(SUITS) if before[i] < SCORING[suit][0] <= before[i] + added[i]
    ]


def _meld(view: NCState, seat: int, action: Meld) -> str:
    after = clone(view)
    try:
        _RULES.apply(after, action)
    except IllegalAction:
        return ""
    before_counts = suit_counts(view.melds[seat])
    after_counts = suit_counts(after.melds[seat])
    others = [a for a in _RULES.legal_actions(view) if isinstance(a, Meld) and a != action]
    said: list[str] = []
    for i, suit in enumerate(SUITS):
        was, now = before_counts[i], after_counts[i]
        threshold = SCORING[suit][0]
        name = SUIT_NAMES[suit].lower()
        if was < threshold <= now:
            # said only where there is a choice: one meld passes it, the others do not
            only = bool(others) and not any(i in passed(view, seat, a) for a in others)
            said.insert(
                0,
                f"{'the only meld that passes' if only else 'passes'} the {name} "
                f"threshold ({now} of {threshold})",
            )
        elif now > was and now < threshold:
            said.append(f"{name} to {now} of {threshold}")
        elif now > was:
            said.append(f"{name} to {now}, beyond its threshold of {threshold}")
    if said and "threshold (" not in said[0]:
        said[0] = "brings " + said[0]
    gained = score(after, seat) - score(view, seat)
    text = " and ".join(said[:2])
    if gained:
        text += f": +{plural(gained, 'point')}"
    mine = score(after, seat)
    if mine >= STOP_AT > score(view, seat) and view.nova is None:
        text += f"; you reach {mine}: Stop or Nova"
    return text


def why(view: NCState, seat: int, action: NCAction) -> str:
    """What ``action`` does for ``seat``'s melds, score and star fragments."""
    if isinstance(action, Draw):
        takes = [a for a in _RULES.legal_actions(view) if isinstance(a, Take)]
        if len(takes) == 1:
            # "the set a pile allows" left a newcomer wondering what was wrong with the
            # pile: it is named, and a big one's cost (its cards become penalties) said
            pile = takes[0].pile
            size = len(view.piles[pile])
            said = f"2 new cards are worth more than the {PILES[pile]} pile's set"
            if size > 3:
                said += f" ({size} cards: those you do not meld become penalty cards)"
            return said
        if takes:
            return "2 new cards are worth more than the set a pile allows"
        runs = only_a_run(view, seat)
        base = "neither pile makes a set with your hand"
        return f"{base} ({runs}, and a pile needs a set)" if runs else base
    if isinstance(action, Take):
        sets = pile_sets(_RULES, view, action.pile)
        size = len(view.piles[action.pile])
        said = f"the {PILES[action.pile]} pile makes a set of {numbers_text(sets)} with your hand"
        return f"{said}; pile cards you do not meld become penalty cards" if size > 3 else said
    if isinstance(action, Discard):
        return _discard(view, seat, action)
    if isinstance(action, Meld):
        return _meld(view, seat, action)
    if isinstance(action, EndTurn):
        if view.taken:
            taken = len(view.taken)
            become = agree(taken, "becomes a penalty card", "become penalty cards")
            return f"{card_list(view.taken)} {become}"
        if any(isinstance(a, Meld) for a in _RULES.legal_actions(view)):
            return "keeps your cards in hand for bigger melds later"
        return "no meld can be made now"
    if isinstance(action, Stop):
        return _stop(view, seat)
    if isinstance(action, Nova):
        return (
            f"bets on reaching {NOVA_AT} before your opponent reaches {STOP_AT}: "
            "2 star fragments if you do, 1 for them if not"
        )
    return ""


def _stop(view: NCState, seat: int) -> str:
    """The hand's end as it will score: pile cards still in hand become penalty cards
    (issue 31, played: "ends the hand now with 5 points" ended it with 3, seven pile cards
    kept)."""
    now = score(view, seat)
    fragment = "1 star fragment for you"
    if not view.taken:
        return f"ends the hand now with {plural(now, 'point')}: {fragment}"
    after = points_for(suit_counts(view.melds[seat]), len(view.penalties[seat]) + len(view.taken))
    cards = plural(len(view.taken), "pile card")
    become = agree(len(view.taken), "becomes a penalty card", "become penalty cards")
    score_then = f"{now} points fall to {after}" if after < now else f"still {now} points"
    return f"ends the hand now: {fragment}; your {cards} left {become} ({score_then})"


def outlook(view: NCState, seat: int, rating: float) -> str:
    """The hard bot's reward is the chance to win the match, nudged by the hand's margin
    (see hard.evaluate)."""
    return f"From here you win the match {in_ten(rating)}."
