"""What the Nebular Colors table says in words: the status line, score parts, hand summaries,
the seats' labels, the piles' hints and the answers to keys.

Pure text built from an observation and the players' names (no Textual), so every phase's
wording can be checked for length and grammar without running the app. The status line
speaks to the player at the keyboard ("Your turn: ..."); the rules' own texts name seats
"Seat 1" and the screen turns them into names and "you" with ``grammar.speak_to``.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from tui_games.engine.codec import clone
from tui_games.engine.core import Action, IllegalAction
from tui_games.engine.grammar import agree, as_clause, plural, speak_to
from tui_games.engine.text import fit
from tui_games.games.nebular_colors.melds import ScoreBreakdown
from tui_games.games.nebular_colors.rules import NebularColorsRules, score_breakdown
from tui_games.games.nebular_colors.state import (
    CARD_NUMBER,
    CARD_SUIT,
    SUIT_NAMES,
    SUITS,
    Discard,
    HandResult,
    Meld,
    NCState,
    Take,
    card_name,
)

PILES = ("left", "right")
NAME_WIDTH = 15  # a seat's label column, the note of who plays it included
NO_MELD = "No meld can be made now: end your turn (e)."
SELECT_FIRST = "Select the cards of a meld first: move (←→) and press space."
ENDINGS = {"stop": "Stop", "nova": "the Nova came true", "nova_failed": "the Nova failed",
           "deck": "the deck ran out"}


def numbers_text(numbers: Sequence[int]) -> str:
    """`9s`, `9s or 12s`."""
    return " or ".join(f"{n}s" for n in numbers)


def pile_sets(rules: NebularColorsRules, view: NCState, pile: int) -> list[int]:
    """The numbers of the sets that taking ``pile`` would allow (asking the rules)."""
    probe = clone(view)
    try:
        rules.apply(probe, Take(pile=pile))
    except IllegalAction:
        return []
    return sorted({CARD_NUMBER[a.cards[0]] for a in rules.legal_actions(probe)
                   if isinstance(a, Meld)})


def penalty_text(cards: int, cost: int, pending: int = 0) -> str:
    """`no penalty cards`, `1 penalty card costs 0`, `4 penalty cards cost 1`; with
    ``pending`` pile cards taken this turn and not yet melded, what becomes of them
    (issue 31, played: "no penalty cards" beside 7 pile cards in hand, then the hand
    ended with them all as penalties)."""
    said = (f"{plural(cards, 'penalty card')} {agree(cards, 'costs', 'cost')} {cost}"
            if cards else "no penalty cards")
    if pending:
        said += (f"; {plural(pending, 'pile card')} {become_penalty(pending)} "
                 "unless melded this turn")
    return said


def become_penalty(cards: int) -> str:
    """What unmelded pile cards do at the turn's end, agreeing with their number."""
    return agree(cards, "becomes a penalty card", "become penalty cards")


def pending_pile_cards(view: NCState, seat: int) -> int:
    """The pile cards ``seat`` took this turn and has not melded yet: penalty cards when
    the turn ends (every player sees them taken, and which ones are melded)."""
    return len(view.taken) if view.current == seat else 0


def suit_text(suit: str, count: int, threshold: int, points: int) -> str:
    """`Green 1 of 3`, `Purple 7 of 6 +2` (the points once the threshold is reached)."""
    text = f"{SUIT_NAMES[suit]} {count} of {threshold}"
    return f"{text} +{points}" if count >= threshold else text


def breakdown_text(parts: ScoreBreakdown, pending: int = 0) -> str:
    """`7 points: Green 3 of 3 +4, Yellow 4 of 4 +3; no penalty cards` (``pending``: as
    penalty_text)."""
    suits = [suit_text(suit, *parts.suits[suit]) for suit in SUITS if parts.suits[suit][0]]
    melded = ", ".join(suits) if suits else "nothing melded"
    return (f"{plural(parts.total, 'point')}: {melded}; "
            f"{penalty_text(parts.penalty_cards, parts.penalty, pending)}")


def status_text(rules: NebularColorsRules, view: NCState, viewer: int,
                names: Sequence[str]) -> str:
    """Whose turn it is and which keys do what now, at most two lines of 78 characters."""
    mover = rules.to_move(view)
    if mover is None:
        return "The match is over."
    if mover != viewer:
        return f"{names[mover]}'s turn."
    legal = rules.legal_actions(view)
    phase = view.phase
    if phase == "choose":
        draw = "draw the last card (d)" if len(view.deck) == 1 else "draw 2 (d)"
        takes = [a.pile for a in legal if isinstance(a, Take)]
        if not takes:
            runs = only_a_run(view, viewer)
            why = f" ({runs})" if runs else ""
            return f"Your turn: {draw} - neither pile makes a set with your hand yet{why}."
        if len(takes) == 2:
            why = (f"the left makes a set of {numbers_text(pile_sets(rules, view, 0))}, "
                   f"the right of {numbers_text(pile_sets(rules, view, 1))}")
            return f"Your turn: {draw} or take a pile (t, or 1 / 2) - {why}."
        pile = takes[0]
        return (f"Your turn: {draw} or take the {PILES[pile]} pile (t) - it lets you make a "
                f"set of {numbers_text(pile_sets(rules, view, pile))}.")
    if phase == "discard":
        piles = sorted({a.pile for a in legal if isinstance(a, Discard)})
        where = (f"onto the empty {PILES[piles[0]]} pile ({piles[0] + 1})"
                 if len(piles) == 1 else "onto the left (1) or right (2) pile")
        return (f"Your turn: discard one of the 2 new cards {where}: move to it (←→), "
                "then press the pile's number or Enter.")
    if phase == "take_set":
        numbers = sorted({CARD_NUMBER[a.cards[0]] for a in legal if isinstance(a, Meld)})
        return ("Your turn: make a set with the pile you took - select (space) pile cards "
                f"and hand cards of one number ({numbers_text(numbers)}), then m.")
    if phase == "meld":
        melds = sum(1 for a in legal if isinstance(a, Meld))
        taken = len(view.taken)
        left = f"{plural(taken, 'pile card')} left {become_penalty(taken)}"
        if not melds:
            after = f" ({left})" if taken else ""
            return f"Your turn: no meld can be made now - end your turn (e){after}."
        penalty = f"; {left}" if taken else ""
        return (f"Your turn: select cards (space) and meld (m), or end your turn (e) "
                f"- {plural(melds, 'meld')} possible{penalty}.")
    if phase == "stop_or_nova":
        return "Your choice: Stop (S) to end the hand now, or Nova (N) to play on for 2."
    return "The match is over."


def top_bar(hand_no: int, names: Sequence[str], target: int, width: int = 68,
            ) -> tuple[str, list[str], str]:
    """The top line's title, the fragment trackers' labels and the match length, made to
    fit ``width`` columns (80 less the deck count): the match length goes first (the
    trackers' circles show it too), then long names are cut, then the title shortens."""
    title, labels, match = f"Nebular Colors · hand {hand_no}", list(names), f"match to {target}"
    gap = 3

    def length() -> int:
        parts = [title, *(f"{label} {'○' * target}" for label in labels), match]
        return sum(len(p) for p in parts if p) + gap * sum(1 for p in parts if p)

    if length() > width:
        match = ""
    if length() > width:
        labels = [label if len(label) <= 10 else label[:9] + "…" for label in labels]
    if length() > width:
        title = f"hand {hand_no}"
    return title, labels, match


def stop_or_nova_prompt(points: int, them: str) -> str:
    """The banner shown to the player who must choose Stop or Nova (always the viewer)."""
    return (f"★ You reached {points} points first!  S = Stop: the hand ends, 1 star fragment "
            f"for you.  N = Nova: play on; 10 points before {them} has 5 earns 2, else "
            f"{them} earns 1.")


def summary_title(result: HandResult) -> str:
    """`Hand 2 is over: Stop`."""
    return f"Hand {result.hand_no} is over: {ENDINGS[result.kind]}"


def summary_lines(result: HandResult, final: NCState | None, after: NCState,
                  names: Sequence[str], viewer: int | None, width: int = 70) -> list[str]:
    """Why the hand ended, what each player scored and why, the fragments, who starts next.

    ``final`` is the table when the hand ended (its melds and penalties; ``None`` when
    unknown: the scores alone are shown), ``after`` the state now (the fragments, the
    next hand). Each player's line wraps at ``width`` under its own text.
    """
    lines = [speak_to(result.reason, names, viewer), ""]
    column = max(len(name) for name in names)
    for seat in (0, 1):
        parts = (breakdown_text(score_breakdown(final, seat)) if final is not None
                 else plural(result.scores[seat], "point"))
        lines.extend(textwrap.wrap(f"{names[seat]:<{column}}  {parts}", width,
                                   subsequent_indent=" " * (column + 2)))
    lines.append("")
    marks = []
    for seat in (0, 1):
        have = after.fragments[seat]
        dots = "●" * have + "○" * max(after.target - have, 0)
        marks.append(f"{names[seat]} {dots} {have}/{after.target}")
    lines.append("Star fragments: " + "   ".join(marks))
    if after.phase != "over":
        lines.append(speak_to(f"Seat {after.first_player + 1} starts hand {after.hand_no}.",
                              names, viewer))
    return lines


def card_list(cards: Sequence[int]) -> str:
    """`Y1 B2`."""
    return " ".join(card_name(c) for c in cards)


def only_a_run(view: NCState, seat: int) -> str:
    """Why a pile card that goes with the hand still does not let ``seat`` take its pile:
    it makes a run, and "to take this action, you must be able to make a Set". "" when no
    pile card makes a run with two hand cards.

    "the left's B9 makes only a run with B10 B11"
    """
    hand = view.hands[seat]
    for pile, cards in enumerate(view.piles):
        for card in reversed(cards):  # the newest first: the one a player looks at
            suit, number = CARD_SUIT[card], CARD_NUMBER[card]
            mine = {CARD_NUMBER[c]: c for c in hand if c >= 0 and CARD_SUIT[c] == suit}
            for start in range(number - 2, number + 1):
                others = [n for n in range(start, start + 3) if n != number]
                if all(n in mine for n in others):
                    return (f"the {PILES[pile]}'s {card_name(card)} makes only a run with "
                            f"{card_list([mine[n] for n in others])}")
    return ""


# ---- the table's labels and the answers to keys ----------------------------------------


def seat_label(name: str, bot: str | None, mine: bool) -> str:
    """`Ada (you)`, `Bot (normal)`: a name and who plays it (``bot``: its level; ``mine``:
    the viewer's own seat), the name cut so the whole fits NAME_WIDTH."""
    if bot:
        note = f" ({bot})"
    elif mine and name.lower() != "you":
        note = " (you)"
    else:
        note = ""
    return fit(name, NAME_WIDTH - len(note)) + note


def nova_note(view: NCState, seat: int) -> str:
    """What a Nova called means for ``seat``, beside its score (empty without one)."""
    if view.nova is None:
        return ""
    return "NOVA: 10 wins" if view.nova == seat else "5 beats the Nova"


def pile_hint(rules: NebularColorsRules, view: NCState, pile: int,
              legal: Sequence[Action]) -> str:
    """Under a pile: the sets taking it allows, or that an empty pile must be filled."""
    if view.phase == "choose" and Take(pile=pile) in legal:
        return f"t: set of {numbers_text(pile_sets(rules, view, pile))}"
    if view.phase == "discard" and legal and not view.piles[pile]:
        return "empty: fill it first"
    return ""


def cannot_take(reasons: Sequence[str]) -> str:
    """Why neither pile can be taken, from each pile's refusal (by pile, left first)."""
    said = "; ".join(f"{PILES[i]}: {as_clause(reason.rstrip('.'))}"
                     for i, reason in enumerate(reasons))
    return f"You cannot take a pile now ({said})."


def penalty_warning(taken: Sequence[int]) -> str:
    """The warning before a turn ends with pile cards unmelded (they become penalties)."""
    what = "a penalty card" if len(taken) == 1 else "penalty cards"
    return f"{card_list(taken)} would become {what}: press e again to end your turn."


def pick_prompt(take: bool, card: int | None) -> str:
    """Asking which pile to take (``take``) or to discard ``card`` on."""
    verb = "Take" if take or card is None else f"Discard {card_name(card)} on"
    return f"{verb} which pile? ←→ then Enter, or 1 / 2; Esc to go back."


def not_a_meld(problem: str) -> str:
    """The selected cards make no meld, and ``problem`` is why (from ``meld_problem``)."""
    return f"Not a meld: {problem}."
