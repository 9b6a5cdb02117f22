"""Whole games of every registered game through the host: no client's stream shows what
its seat may not see, and a spectator's shows only what every seat may see."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from online_helpers import ROOT, HostProcess, me

from tui_games.engine.codec import to_builtins
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, replay
from tui_games.games import all_games
from tui_games.online.client import Connection
from tui_games.online.protocol import Created, CreateGame
from tui_games.tools.stress import HIDDEN_FROM, HIDDEN_MARK, SHOWN

PLAYER = Path(__file__).with_name("player.py")
def shown_secrets(game_id: str, state: Any, tree: dict[str, Any], seat: int) -> list[str]:
    """What of the information hidden from ``seat`` the view ``tree`` shows."""
    found: list[str] = []
    hidden = HIDDEN_FROM[game_id](state, seat)
    shown = SHOWN[game_id](tree, seat)
    for place in hidden:
        visible = [x for x in shown[place] if x != HIDDEN_MARK]
        if visible:
            found.append(f"{place} shows {visible}")
    return found


def leaks(game_id: str, state: Any, tree: dict[str, Any], seat: int | None) -> list[str]:
    """Everything the view shows that ``seat`` (None: a spectator) may not see."""
    seats = range(state.players) if seat is None else [seat]
    found = [leak for p in seats for leak in shown_secrets(game_id, state, tree, p)]
    if state.rng.state and tree["rng"]["state"] == state.rng.state:
        found.append("the RNG")
    reader = -1 if seat is None else seat
    private = {e.text for e in state.log if e.for_viewer(reader) != e.text}
    found += [f"log line {line['text']!r}" for line in tree["log"] if line["text"] in private]
    return found


def test_the_coverage_is_every_registered_game() -> None:
    assert set(all_games()) == set(HIDDEN_FROM)


def test_no_stream_shows_another_seats_secrets(host: HostProcess, tmp_path: Path) -> None:
    games: dict[str, str] = {}
    with Connection(host.socket) as conn:
        # Each game's quick table (GameInfo.quick_table): two seats of this login and,
        # where the game has more, bots.
        for game, info in all_games().items():
            seats = [Seat(me()), Seat(me())] + [Seat("", "normal")] * (info.quick_seats() - 2)
            games[game] = conn.request(
                CreateGame(game=game, seats=seats, options=info.quick_options()),
                Created).game_id
    streams: dict[tuple[str, int | None], Path] = {}
    procs: list[subprocess.Popen[bytes]] = []
    try:
        for game, game_id in games.items():
            for seat in (0, 1, None):
                out = tmp_path / f"{game}-{seat}.jsonl"
                streams[game, seat] = out
                procs.append(subprocess.Popen(
                    [sys.executable, str(PLAYER), str(host.socket), game_id,
                     str(-1 if seat is None else seat), str(out)],
                    cwd=ROOT, stderr=subprocess.PIPE))
        for proc in procs:
            _, err = proc.communicate(timeout=120)
            assert proc.returncode == 0, err.decode()
    finally:
        for proc in procs:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    store = SaveStore(host.folder)
    for game, game_id in games.items():
        session = store.load(host.folder / f"{game_id}.json")
        assert session.rules.outcome(session.state) is not None, game
        rules = session.rules
        views: dict[tuple[int | None, int], dict[str, Any]] = {}
        for seat in (0, 1, None):
            for line in streams[game, seat].read_text().splitlines():
                message = json.loads(line)
                if message["type"] == "view":
                    assert message["seat"] == seat
                    views[seat, message["actions"]] = message["state"]
        wanted = sorted({at for _, at in views})
        state = replay(rules, len(session.seats), session.seed, session.options, [])
        done = 0
        for at in wanted:
            while done < at:
                rules.apply(state, session.actions[done])
                done += 1
            for seat in (0, 1, None):
                tree = views.get((seat, at))
                if tree is not None:
                    assert leaks(game, state, tree, seat) == [], (game, seat, at)
        for seat in (0, 1, None):  # every stream followed the whole game
            assert (seat, len(session.actions)) in views, (game, seat)


@pytest.mark.parametrize("game", sorted(all_games()))
def test_the_checker_catches_a_true_state(game: str) -> None:
    info = all_games()[game]
    state = info.rules.setup(info.quick_seats(), 5, info.quick_options())
    tree = to_builtins(state)
    assert leaks(game, state, tree, 0)
    assert leaks(game, state, tree, None)
