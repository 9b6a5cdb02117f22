"""Nebular Colors' table in sentences, for the lines front end (see tui_games/lines).

Built on the words the screen uses (texts.py: card lists, score breakdowns, the piles'
names); every function reads the seat's observation only.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui_games.engine.core import SPECTATOR
from tui_games.engine.grammar import plural
from tui_games.games.nebular_colors.rules import NebularColorsRules, score_breakdown
from tui_games.games.nebular_colors.state import NCState
from tui_games.games.nebular_colors.texts import (
    PILES,
    breakdown_text,
    card_list,
    nova_note,
    pending_pile_cards,
)

_RULES = NebularColorsRules()
SCORE_UNITS = ("star fragment", "star fragments")  # what the final scores count, said in the result
PHASES = {
    "choose": "draw 2 cards or take a pile",
    "discard": "discard one of the 2 new cards",
    "take_set": "make a set with the pile taken",
    "meld": "meld, or end the turn",
    "stop_or_nova": "Stop or Nova",
}


def _who(seat: int, viewer: int, names: Sequence[str]) -> str:
    return "you" if seat == viewer else names[seat]


def _fragments(view: NCState, viewer: int, names: Sequence[str]) -> str:
    held = ", ".join(f"{_who(p, viewer, names)} {view.fragments[p]}"
                     for p in range(view.players))
    return f"Star fragments: {held}, of {view.target} to win the match."


def _pile(view: NCState, pile: int) -> str:
    """A pile by its name and size: a number in brackets after it would sound like a
    count ("left pile (1)" read aloud)."""
    cards = view.piles[pile]
    if not cards:
        return f"The {PILES[pile]} pile is empty."
    if len(cards) == 1:
        return f"The {PILES[pile]} pile, 1 card: {card_list(cards)}."
    return (f"The {PILES[pile]} pile, {plural(len(cards), 'card')}: {card_list(cards)}, "
            f"{card_list(cards[-1:])} on top.")


def _seat_lines(view: NCState, seat: int, viewer: int, names: Sequence[str]) -> list[str]:
    who = _who(seat, viewer, names)
    held = len(view.hands[seat])
    melds = "; ".join(card_list(meld) for meld in view.melds[seat]) or "no melds yet"
    note = nova_note(view, seat)
    pending = pending_pile_cards(view, seat)
    lines = [f"{who[:1].upper()}{who[1:]}: {plural(held, 'card')} in hand; melds: {melds}.",
             f"Score: {breakdown_text(score_breakdown(view, seat), pending)}."]
    if note:
        lines.append(f"{note}.")
    return lines


def stand(view: NCState, seat: int, names: Sequence[str]) -> str:
    mine = score_breakdown(view, seat).total
    others = "; ".join(f"{names[p]} scores {score_breakdown(view, p).total} with "
                       f"{plural(len(view.hands[p]), 'card')} in hand"
                       for p in range(view.players) if p != seat)
    doing = PHASES.get(view.phase, "")
    now = f" Now: {doing}." if doing and view.current == seat else ""
    return (f"Hand {view.hand_no}, deck {len(view.deck)}: you score {mine} with "
            f"{plural(len(view.hands[seat]), 'card')} in hand; {others}.{now}")


def table(view: NCState, seat: int, names: Sequence[str]) -> list[str]:
    lines = [f"Hand {view.hand_no}. {plural(len(view.deck), 'card')} in the deck.",
             _pile(view, 0), _pile(view, 1)]
    for p in range(view.players):
        lines += _seat_lines(view, p, seat, names)
    lines += hand(view, seat, names)
    lines.append(_fragments(view, seat, names))
    return lines


def public(view: NCState, names: Sequence[str]) -> list[str]:
    """The table as a spectator sees it: the piles, each player's melds and score, and
    no hand."""
    lines = [f"Hand {view.hand_no}. {plural(len(view.deck), 'card')} in the deck.",
             _pile(view, 0), _pile(view, 1)]
    for p in range(view.players):
        lines += _seat_lines(view, p, SPECTATOR, names)
    lines.append(_fragments(view, SPECTATOR, names))
    return lines


def hand(view: NCState, seat: int, names: Sequence[str]) -> list[str]:
    lines = [f"Your hand: {card_list(sorted(view.hands[seat])) or 'empty'}."]
    if view.drawn and view.current == seat:
        lines.append(f"Just drawn: {card_list(view.drawn)}.")
    if view.taken and view.current == seat:
        lines.append(f"Taken from a pile, still to meld: {card_list(view.taken)}.")
    return lines


def score(view: NCState, seat: int, names: Sequence[str]) -> list[str]:
    lines = [f"{_who(p, seat, names)[:1].upper()}{_who(p, seat, names)[1:]}: "
             f"{breakdown_text(score_breakdown(view, p), pending_pile_cards(view, p))}."
             for p in range(view.players)]
    return [*lines, _fragments(view, seat, names)]


def places(view: NCState, names: Sequence[str]) -> list[str]:
    return [*PILES, "deck", *names]


def place(view: NCState, seat: int, names: Sequence[str], name: str) -> list[str] | None:
    asked = name.strip().lower()
    for pile, pile_name in enumerate(PILES):
        if asked in (pile_name, f"{pile_name} pile", str(pile + 1)):
            return [_pile(view, pile)]
    if asked == "deck":
        return [f"{plural(len(view.deck), 'card')} in the deck, face down."]
    for p, seat_name in enumerate(names):
        if asked == seat_name.lower() or (asked in ("me", "you") and p == seat):
            return _seat_lines(view, p, seat, names)
    return None


def near(view: NCState, seat: int, names: Sequence[str], name: str) -> list[str] | None:
    return None  # a card table has no board: nothing is next to anything


def secret_names(state: NCState, seat: int) -> set[str]:
    """The names of the cards ``seat`` cannot see in the true ``state`` that no card it
    can see shares (what no line told to the seat may name: the tests check it)."""
    view = _RULES.observe(state, seat)
    hidden = list(state.deck) + [c for p in range(state.players) if p != seat
                                 for c in state.hands[p]]
    if state.current != seat and state.phase != "over":
        hidden += state.drawn
    seen = list(view.hands[seat]) + list(view.drawn) + list(view.taken) + [
        c for pile in view.piles for c in pile] + [
        c for melds in view.melds for meld in melds for c in meld] + [
        c for penalties in view.penalties for c in penalties]
    return {card_list([c]) for c in hidden} - {card_list([c]) for c in seen if c >= 0}
