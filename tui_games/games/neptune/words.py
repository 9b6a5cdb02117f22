"""Neptune's table in sentences, for the lines front end (see tui_games/lines).

Built on the words the screen uses: card names and the suit to follow (hints.py), won
tricks and the standing (summary.py). Every function reads the seat's observation only.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui_games.engine.core import SPECTATOR
from tui_games.engine.grammar import plural, speak_to
from tui_games.games.neptune.card_words import card_name, card_said
from tui_games.games.neptune.hints import play_hint
from tui_games.games.neptune.rules import ROUNDS, TARGET, NeptuneRules
from tui_games.games.neptune.state import (
    CP,
    SPECIALS,
    SUIT,
    SUIT_NAMES,
    NeptuneState,
    Pile,
    card_short,
)
from tui_games.games.neptune.summary import standing

_RULES = NeptuneRules()
SCORE_UNITS = ("point", "points")  # what the final scores count, said in the result


def _who(seat: int, viewer: int, names: Sequence[str]) -> str:
    return "you" if seat == viewer else names[seat]


def _cards(cards: Sequence[int]) -> str:
    return ", ".join(card_name(c) for c in cards) or "none"


def _trick(view: NeptuneState, viewer: int, names: Sequence[str]) -> str:
    if not view.trick:
        return "The trick is empty."
    played = [
        f"{_who((view.leader + i) % view.players, viewer, names)} {card_name(card)}"
        for i, card in enumerate(view.trick)
    ]
    return f"The trick so far: {', '.join(played)}."


def _pile_said(pile: Pile) -> str:
    """A won trick as it is said: the screen's label without its marks (a screen reader
    reads "✗" and "×" out as symbols)."""
    if pile.destroyed:
        return f"{card_said(pile.top)} destroyed"
    doubled = " doubled" if pile.doubled or pile.shielded else ""
    covered = " covering an Asteroid" if pile.covered else ""
    return f"{card_said(pile.top)}{doubled}{covered} scoring {pile.score}"


def _tricks_won(view: NeptuneState, seat: int, viewer: int, names: Sequence[str]) -> str:
    piles = [_pile_said(p) for p in view.piles if p.owner == seat]
    who = _who(seat, viewer, names)
    won = f"{plural(len(piles), 'trick')} won ({', '.join(piles)})" if piles else "no tricks won"
    return (
        f"{who[:1].upper()}{who[1:]}: {view.scores[seat]} points, "
        f"{plural(len(view.hands[seat]), 'card')} in hand, {won}."
    )


def stand(view: NeptuneState, seat: int, names: Sequence[str]) -> str:
    scores = ", ".join(f"{_who(p, seat, names)} {view.scores[p]}" for p in range(view.players))
    doing = (
        f" {play_hint(view, seat, set(view.hands[seat]))}"
        if view.phase == "play" and view.current == seat
        else ""
    )
    return (
        f"Round {view.round} of {ROUNDS}, trick {view.tricks_done + 1}. Scores: "
        f"{scores} (to {TARGET}). {_trick(view, seat, names)}{doing}"
    )


def table(view: NeptuneState, seat: int, names: Sequence[str]) -> list[str]:
    lines = [
        f"Round {view.round} of {ROUNDS}; {names[view.dealer]} dealt; "
        f"{plural(view.tricks_done, 'trick')} played this round.",
        f"Special cards in play: {_cards(view.specials)}.",
        _trick(view, seat, names),
    ]
    lines += [_tricks_won(view, p, seat, names) for p in range(view.players)]
    lines += hand(view, seat, names)
    lines.append(speak_to(standing(view.scores), names, seat))
    return lines


def public(view: NeptuneState, names: Sequence[str]) -> list[str]:
    """The table as a spectator sees it: the trick, the tricks won and the scores, and
    no hand."""
    return [
        f"Round {view.round} of {ROUNDS}; {names[view.dealer]} dealt; "
        f"{plural(view.tricks_done, 'trick')} played this round.",
        f"Special cards in play: {_cards(view.specials)}.",
        _trick(view, SPECTATOR, names),
        *(_tricks_won(view, p, SPECTATOR, names) for p in range(view.players)),
        speak_to(standing(view.scores), names),
    ]


def hand(view: NeptuneState, seat: int, names: Sequence[str]) -> list[str]:
    return [f"Your hand: {_cards(sorted(view.hands[seat]))}."]


def score(view: NeptuneState, seat: int, names: Sequence[str]) -> list[str]:
    lines = []
    for number, scores in enumerate(view.round_scores, start=1):
        each = ", ".join(f"{_who(p, seat, names)} {scores[p]}" for p in range(view.players))
        lines.append(f"Round {number}: {each}.")
    totals = ", ".join(f"{_who(p, seat, names)} {view.scores[p]}" for p in range(view.players))
    return [*lines, f"Totals: {totals} (the game ends at {TARGET} or after round {ROUNDS})."]


def places(view: NeptuneState, names: Sequence[str]) -> list[str]:
    return ["trick", "specials", *names]


def place(view: NeptuneState, seat: int, names: Sequence[str], name: str) -> list[str] | None:
    asked = name.strip().lower()
    if asked == "trick":
        return [_trick(view, seat, names)]
    if asked in ("specials", "special cards"):
        return [f"Special cards in play: {_cards(view.specials)}."]
    for p, seat_name in enumerate(names):
        if asked == seat_name.lower() or (asked in ("me", "you") and p == seat):
            return [_tricks_won(view, p, seat, names)]
    return None


def near(view: NeptuneState, seat: int, names: Sequence[str], name: str) -> list[str] | None:
    return None  # a card table has no board: nothing is next to anything


def secret_names(state: NeptuneState, seat: int) -> set[str]:
    """The names of the cards ``seat`` cannot see in the true ``state`` that no card it
    can see shares (what no line told to the seat may name: the tests check it)."""
    view = _RULES.observe(state, seat)
    hidden = list(state.removed) + [
        c for p in range(state.players) if p != seat for c in state.hands[p]
    ]
    seen = (
        list(view.hands[seat])
        + list(view.trick)
        + list(view.last_trick)
        + list(view.specials)
        + [c for pile in [*view.piles, *view.prev_piles] for c in pile.cards]
    )
    return {n for c in hidden for n in _names(c)} - {n for c in seen if c >= 0 for n in _names(c)}


def _names(card: int) -> tuple[str, ...]:
    """How a line may name ``card``: "R6" (hints, the table) and "Red 6" (sentences)."""
    if card >= SPECIALS[0]:
        return (card_name(card),)
    return card_short(card), f"{SUIT_NAMES[SUIT[card]]} {CP[card]}"


def spoken(text: str) -> str:
    """A rules text read aloud: a pile's points before and after ("2 -> 4 points") are
    said "2 to 4 points"."""
    return text.replace(" -> ", " to ")
