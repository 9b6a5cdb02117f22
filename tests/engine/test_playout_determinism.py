"""Same seed and same random choices give the same game, byte for byte, as recorded.

The fixture was recorded from the rules before they were made faster (issue 21): for a
few seeded random playouts per game and seat count, a digest of every legal action list
along the way (their order decides the random choice) and of the final JSON state. A
faster legal_actions or apply that changed a rule, an order or a log line changes a
digest. Some playouts go through a JSON round trip or a clone every few actions, so a
state kept beside the game's data (a cache) that a save or a clone loses is caught too.

Regenerate only for a deliberate rules change:
``PYTHONPATH=$PWD python tests/engine/test_playout_determinism.py``.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

from tui_games.engine.codec import clone, from_json, to_json
from tui_games.engine.core import Rules, default_options
from tui_games.games import all_games

FIXTURE = Path(__file__).parent / "fixtures" / "playout_digests.json"
SEEDS = range(11, 17)
MAX_ACTIONS = 20_000
# Options added after the digests were recorded, set to the game as it was then.
SINCE: dict[str, dict[str, str]] = {"via_nebula": {"first": "seat1"}}


def digest(rules: Rules[Any, Any], players: int, seed: int, copy_every: int = 0) -> dict[str, Any]:
    """Play a random game; every ``copy_every`` actions the state is replaced by a JSON
    round trip (odd counts) or a clone (even ones) of itself."""
    rng = random.Random(seed)
    state = rules.setup(players, seed, {**default_options(rules), **SINCE.get(rules.id, {})})
    listed = hashlib.sha256()
    actions = 0
    while rules.to_move(state) is not None and actions < MAX_ACTIONS:
        legal = rules.legal_actions(state)
        listed.update(to_json(legal))
        rules.apply(state, rng.choice(legal))
        actions += 1
        if copy_every and actions % copy_every == 0:
            if (actions // copy_every) % 2:
                state = from_json(to_json(state), rules.state_type)
            else:
                state = clone(state)
    return {"actions": actions, "legal": listed.hexdigest(),
            "final": hashlib.sha256(to_json(state)).hexdigest()}


def cases() -> list[tuple[str, int, int]]:
    out = []
    for game_id, info in sorted(all_games().items()):
        for players in info.players:
            for seed in SEEDS:
                out.append((game_id, players, seed))
    return out


def record() -> dict[str, Any]:
    games = all_games()
    return {f"{g} {p} {s}": digest(games[g].rules, p, s) for g, p, s in cases()}


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_random_playout_matches_the_recorded_one(game_id: str, players: int, seed: int) -> None:
    expected = json.loads(FIXTURE.read_text())[f"{game_id} {players} {seed}"]
    rules = all_games()[game_id].rules
    assert digest(rules, players, seed) == expected
    # The same game through saves and clones every few actions: nothing kept beside the
    # state's data may go out of step with it.
    assert digest(rules, players, seed, copy_every=3 + seed % 4) == expected


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
