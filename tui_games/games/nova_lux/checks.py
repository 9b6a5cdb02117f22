"""Nova Lux's checks for tui_games.tools.stress (pure: no textual, no rich).

``problems(state)``: what breaks the game's own invariants; ``hidden_from(state, seat)``:
what ``seat`` may not see, by place; ``shown(view, seat)``: the same places read from an
observation's JSON (decoded to builtins); ``MAX_ACTIONS``: a bound on one game's length.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from tui_games.tools.stress import negative

MAX_ACTIONS: int | None = None  # the stress's default bound


def problems(s: Any) -> list[str]:
    """What is wrong with the state ``s`` by the game's own invariants."""
    found = negative("resources", s.res)
    found += negative("hydrogen on the stars", s.hydrogen)
    if s.plunder_left < 0:
        found.append(f"plunder left is {s.plunder_left}")
    factions = [f for hand in s.hands for f in hand] + [f for fs in s.factions for f in fs]
    doubled = sorted(f for f, n in Counter(factions).items() if n > 1)
    if doubled:
        found.append(f"faction cards in two places at once: {doubled}")
    return found


def hidden_from(s: Any, seat: int) -> dict[str, list[int]]:
    """What ``seat`` may not see in the true state ``s``, by place (ids or values)."""
    hidden = {"faces down": [f for f, up in zip(s.face, s.flipped, strict=True) if not up]}
    if s.phase == "draft":
        for p in range(s.players):
            if p != seat:
                hidden[f"hand {p}"] = list(s.hands[p])
                hidden[f"picks {p}"] = list(s.factions[p])
    return hidden


def shown(view: dict[str, Any], seat: int) -> dict[str, list[Any]]:
    """The places of ``hidden_from`` as ``seat``'s observation shows them."""
    shown = {"faces down": [f for f, up in zip(view["face"], view["flipped"], strict=True)
                            if not up]}
    if view["phase"] == "draft":
        for p in range(view["players"]):
            if p != seat:
                shown[f"hand {p}"] = view["hands"][p]
                shown[f"picks {p}"] = view["factions"][p]
    return shown
