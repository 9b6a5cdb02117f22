"""Nebular Colors's checks for tui_games.tools.stress (pure: no textual, no rich).

``problems(state)``: what breaks the game's own invariants; ``hidden_from(state, seat)``:
what ``seat`` may not see, by place; ``shown(view, seat)``: the same places read from an
observation's JSON (decoded to builtins); ``MAX_ACTIONS``: a bound on one game's length.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tui_games.engine.core import SPECTATOR
from tui_games.tools.stress import exactly_once, negative

# An upper bound on actions per game, far above any real game and short of hanging.
MAX_ACTIONS = 6_000


def problems(s: Any) -> list[str]:
    """What is wrong with the state ``s`` by the game's own invariants."""
    from tui_games.games.nebular_colors.melds import is_meld
    from tui_games.games.nebular_colors.state import DECK_SIZE

    places = {"deck": s.deck, "drawn": s.drawn, "taken": s.taken}
    for p in (0, 1):
        places[f"hand {p}"] = s.hands[p]
        places[f"pile {p}"] = s.piles[p]
        places[f"penalties {p}"] = s.penalties[p]
        places[f"melds {p}"] = [c for meld in s.melds[p] for c in meld]
    found = exactly_once("cards", places, Counter(range(DECK_SIZE)))
    found += negative("fragments", s.fragments)
    for p in (0, 1):
        for meld in s.melds[p]:
            if not is_meld(sorted(meld)):
                found.append(f"seat {p} has a meld that is not one: {meld}")
        won = sum(r.fragments for r in s.results if r.winner == p)
        if won != s.fragments[p]:
            found.append(f"seat {p} has {s.fragments[p]} fragments but the hands give {won}")
    if s.phase != "over" and s.hand_no != len(s.results) + 1:
        found.append(f"hand {s.hand_no} after {len(s.results)} finished hands")
    if s.phase == "over" and max(s.fragments) < s.target:
        found.append("the match is over before anyone reached the target")
    if s.phase == "discard" and len(s.drawn) != 2:
        found.append(f"discarding with {len(s.drawn)} drawn cards")
    if s.phase != "discard" and s.drawn:
        found.append(f"drawn cards {s.drawn} outside the discard step")
    return found


def _others(seat: int) -> list[int]:
    """The seats whose hands ``seat`` may not see (both, for a spectator)."""
    return [0, 1] if seat == SPECTATOR else [1 - seat]


def hidden_from(s: Any, seat: int) -> dict[str, list[int]]:
    """What ``seat`` may not see in the true state ``s``, by place (ids or values)."""
    others = _others(seat)
    hidden = {"deck": list(s.deck)}
    for other in others:
        hidden[f"hand {other}"] = list(s.hands[other])
    if s.current in others and s.phase != "over":
        hidden["drawn"] = list(s.drawn)
    return hidden


def shown(view: dict[str, Any], seat: int) -> dict[str, list[Any]]:
    """The places of ``hidden_from`` as ``seat``'s observation shows them."""
    places = {"deck": view["deck"], "drawn": view["drawn"]}
    for other in _others(seat):
        places[f"hand {other}"] = view["hands"][other]
    return places
