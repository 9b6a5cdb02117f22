"""Via Nebula's checks for tui_games.tools.stress (pure: no textual, no rich).

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
    found = negative("the supply", s.supply) + negative("storage", s.storage)
    found += negative("resources on the map", s.res_count)
    found += negative("resources on sites", s.slot_res)
    found += negative("meadow stacks", [*s.stacks, s.reserve])
    found += negative("guild boards", [s.craftsmen, s.sites, s.actions_left, s.power_left])
    contracts = [*s.deck, *(c for c in s.display if c >= 0),
                 *(c for hand in s.hands for c in hand), *(c for b in s.built for c in b)]
    doubled = sorted(c for c, n in Counter(contracts).items() if n > 1)
    if doubled:
        found.append(f"contracts in two places at once: {doubled}")
    return found


def hidden_from(s: Any, seat: int) -> dict[str, list[int]]:
    """What ``seat`` may not see in the true state ``s``, by place (ids or values)."""
    hidden = {f"hand {p}": list(hand) for p, hand in enumerate(s.hands) if p != seat}
    hidden["deck order"] = list(s.deck)
    return hidden


def shown(view: dict[str, Any], seat: int) -> dict[str, list[Any]]:
    """The places of ``hidden_from`` as ``seat``'s observation shows them."""
    shown = {f"hand {p}": hand for p, hand in enumerate(view["hands"]) if p != seat}
    # The deck's contents follow from the table; only its order is secret, so a view
    # must not keep it: a sorted deck shows nothing, any other order is flagged.
    shown["deck order"] = view["deck"] if view["deck"] != sorted(view["deck"]) else []
    return shown
