"""What a finished Neptune round comes to, in words: who took what, the points, the standing.

Pure text in the rules layer's voice (third person, seats named with ``seat_ref``), so the
screen only turns seat references into names and tests can read every sentence.
"""

from __future__ import annotations

from tui_games.engine.codec import clone
from tui_games.engine.grammar import agree, plural, seat_ref
from tui_games.games.neptune.card_words import points_face
from tui_games.games.neptune.rules import ROUNDS, TARGET, join_and, points
from tui_games.games.neptune.state import IS_ASTEROID, NeptuneState, Pile, card_short

DESTROYED = "✗"


def pile_note(pile: Pile) -> str:
    """The marks after a pile's top card: `×2` when doubled (a Jump Gate's Asteroid) or
    shielded, `/A7` over a covered one."""
    note = "×2" * (pile.doubled + pile.shielded)
    if pile.covered:
        covered = next((c for c in pile.cards if IS_ASTEROID[c]), None)
        note += f"/{card_short(covered)}" if covered is not None else ""
    return note


def pile_label(pile: Pile) -> str:
    """A won trick as text: `R1 10pt`, `R2×2 18pt`, `BH/A5 0pt`, `PM✗` (destroyed); the
    score keeps its unit, as on the hand's faces ("R9 2" read as a strength)."""
    if pile.destroyed:
        return f"{card_short(pile.top)}{DESTROYED}"
    return f"{card_short(pile.top)}{pile_note(pile)} {points_face(pile.score)}"


def standing(scores: list[int]) -> str:
    """Who leads the game, e.g. "Seat 2 leads with 31 points."."""
    best = max(scores)
    if best <= 0:
        return "Nobody has a point yet."
    leaders = [seat_ref(i) for i, v in enumerate(scores) if v == best]
    return f"{join_and(leaders)} {agree(len(leaders), 'leads', 'lead')} with {points(best)}."


def round_summary(s: NeptuneState) -> tuple[str, list[str]]:
    """The title and the lines that explain the round just scored in ``s``.

    ``s`` is the state right after the round ended (the next round may be dealt already):
    its ``prev_piles`` are that round's won tricks, ``round_scores[-1]`` its points.
    """
    done = s.round if s.phase == "over" else s.round - 1
    round_points = s.round_scores[-1]
    before = [0] * s.players  # the totals before this round, replaying the floor at 0
    for past in s.round_scores[:-1]:
        before = [max(0, total + pts) for total, pts in zip(before, past, strict=True)]
    lines = ["Each trick won scores its top card only."]
    for seat in range(s.players):
        piles = [p for p in s.prev_piles if p.owner == seat]
        took = (f"{seat_ref(seat)} took {plural(len(piles), 'trick')} ("
                + ", ".join(pile_label(p) for p in piles) + ")"
                if piles else f"{seat_ref(seat)} took no tricks")
        floor = (" (a total never drops below 0)"
                 if s.scores[seat] == 0 and before[seat] + round_points[seat] < 0 else "")
        lines.append(f"{took}: {points(round_points[seat])}, total {s.scores[seat]}{floor}.")
    lines.append(standing(s.scores))
    reached = [seat_ref(i) for i, v in enumerate(s.scores) if v >= TARGET]
    if reached:
        lines.append(f"{join_and(reached)} reached {TARGET} points: the game is over.")
    elif done >= ROUNDS:
        lines.append(f"All {ROUNDS} rounds are played: the game is over.")
    else:
        left = ROUNDS - done
        lines.append(f"The game ends after a round in which someone reaches {TARGET} "
                     f"points, or after round {ROUNDS}: {plural(left, 'round')} to go.")
    return f"Round {done} of {ROUNDS} is over", lines


def final_table(s: NeptuneState) -> NeptuneState:
    """The table as a round ended, for looking back: ``s`` itself, unless the next round
    was dealt already (ending a round deals the next in the same action); then a copy
    showing the finished round's won tricks, its last trick and empty hands."""
    if s.phase == "over" or s.tricks_done or not s.round_scores or not s.last_trick:
        return s
    end = clone(s)
    end.round -= 1
    end.dealer = (s.dealer - 1) % s.players
    end.piles = list(s.prev_piles)
    end.hands = [[] for _ in range(s.players)]
    end.tricks_done = s.hand_size
    end.leader = end.current = s.last_winner
    end.phase = "over"  # nobody is to move at a round's end
    return end
