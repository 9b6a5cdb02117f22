"""Same seed and same random choices give the same game, byte for byte, as recorded.

The fixture was recorded from the rules before they were made faster (issue 21): for a
few seeded random playouts per game and seat count, a digest of every legal action list
along the way (their order decides the random choice) and of the final JSON state. A
faster legal_actions or apply that changed a rule, an order or a log line changes a
digest. Some playouts go through a JSON round trip or a clone every few actions, so a
state kept beside the game's data (a cache) that a save or a clone loses is caught too.

Regenerate only for a deliberate rules change:
``PYTHONPATH=$PWD python tests/engine/test_playout_determinism.py``. A case the fixture
does not hold yet (a new game, a new seat count) is recorded the first time it runs, so a
new game needs no edit here: commit the fixture it wrote.
"""

from __future__ import annotations

import fcntl
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


def recorded(key: str, make: Any) -> dict[str, Any]:
    """The fixture's digest for ``key``; one it lacks is made, written and returned.

    The lock keeps parallel test workers from losing each other's new cases."""
    with FIXTURE.open("r+", encoding="utf-8") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        known = json.loads(handle.read())
        if key not in known:
            known[key] = make()
            handle.seek(0)
            handle.write(json.dumps(known, indent=1, sort_keys=True) + "\n")
            handle.truncate()
        return dict(known[key])


@pytest.mark.parametrize(("game_id", "players", "seed"), cases())
def test_random_playout_matches_the_recorded_one(game_id: str, players: int, seed: int) -> None:
    rules = all_games()[game_id].rules
    expected = recorded(f"{game_id} {players} {seed}", lambda: digest(rules, players, seed))
    assert digest(rules, players, seed) == expected
    # The same game through saves and clones every few actions: nothing kept beside the
    # state's data may go out of step with it.
    assert digest(rules, players, seed, copy_every=3 + seed % 4) == expected


def test_a_case_the_fixture_lacks_is_recorded_not_failed(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    fixture = tmp_path / "digests.json"
    fixture.write_text('{"old 2 1": {"actions": 1}}')
    monkeypatch.setitem(globals(), "FIXTURE", fixture)
    made = {"actions": 3, "legal": "l", "final": "f"}
    assert recorded("new 2 1", lambda: made) == made
    assert recorded("new 2 1", lambda: {"actions": 0}) == made  # kept, not made again
    assert json.loads(fixture.read_text()) == {"new 2 1": made, "old 2 1": {"actions": 1}}


if __name__ == "__main__":
    FIXTURE.write_text(json.dumps(record(), indent=1, sort_keys=True) + "\n")
