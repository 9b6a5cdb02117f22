"""Neptune's checks for tui_games.tools.stress (pure: no textual, no rich).

``problems(state)``: what breaks the game's own invariants; ``hidden_from(state, seat)``:
what ``seat`` may not see, by place; ``shown(view, seat)``: the same places read from an
observation's JSON (decoded to builtins); ``MAX_ACTIONS``: a bound on one game's length.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tui_games.tools.stress import exactly_once, negative

# An upper bound on actions per game, far above any real game and short of hanging.
MAX_ACTIONS = 600


def problems(s: Any) -> list[str]:
    """What is wrong with the state ``s`` by the game's own invariants."""
    from tui_games.games.neptune.state import IS_ASTEROID, SUIT

    places = {"removed": s.removed, "trick": s.trick}
    for p, hand in enumerate(s.hands):
        places[f"hand {p}"] = hand
    for i, pile in enumerate(s.piles):
        places[f"pile {i}"] = pile.cards
    found = exactly_once("cards", places, Counter([*range(30), *s.specials]))
    found += negative("scores", s.scores)
    total = [0] * s.players
    for points in s.round_scores:
        total = [max(0, t + pts) for t, pts in zip(total, points, strict=True)]
    if total != s.scores:
        found.append(f"scores {s.scores} but the rounds add up to {total}")
    rounds_scored = s.round if s.phase == "over" else s.round - 1
    if len(s.round_scores) != rounds_scored:
        found.append(f"{len(s.round_scores)} rounds scored in round {s.round}")
    for p, hand in enumerate(s.hands):
        played = 1 if (p - s.leader) % s.players < len(s.trick) else 0
        if s.phase != "over" and len(hand) != s.hand_size - s.tricks_done - played:
            found.append(f"seat {p} holds {len(hand)} cards after {s.tricks_done} tricks")
        for suit in range(3):
            if s.voids[p] >> suit & 1 and any(SUIT[c] == suit for c in hand):
                found.append(f"seat {p} is marked void in suit {suit} but holds one")
        if s.voids[p] >> 3 & 1 and any(IS_ASTEROID[c] for c in hand):
            found.append(f"seat {p} is marked void of Asteroids but holds one")
    if s.phase not in ("play", "over") and len(s.trick) != s.players:
        found.append(f"a special decision with {len(s.trick)} cards in the trick")
    return found


def hidden_from(s: Any, seat: int) -> dict[str, list[int]]:
    """What ``seat`` may not see in the true state ``s``, by place (ids or values)."""
    hidden = {f"hand {p}": list(hand) for p, hand in enumerate(s.hands) if p != seat}
    hidden["removed"] = list(s.removed)
    return hidden


def shown(view: dict[str, Any], seat: int) -> dict[str, list[Any]]:
    """The places of ``hidden_from`` as ``seat``'s observation shows them."""
    shown = {f"hand {p}": hand for p, hand in enumerate(view["hands"]) if p != seat}
    shown["removed"] = view["removed"]
    return shown
