"""The host keeps each finished game in the history of every login at its table."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from online_helpers import HostProcess, me

from tui_games import cli
from tui_games.engine.records import History
from tui_games.engine.session import Seat
from tui_games.online.protocol import CreateGame
from tui_games.online.server import Host, HostedGame
from tui_games.stats import compute


def test_a_finished_host_game_is_a_record_in_the_logins_history(tmp_path: Path) -> None:
    """"On a shared host, per login": the record goes to history/<login>/."""
    host = Host(tmp_path / "host", tmp_path / "host.sock")
    game = host.create(me(), CreateGame(game="nebular_colors",
                                        seats=[Seat(me()), Seat("Bot", "easy")]))
    assert isinstance(game, HostedGame)
    session = game.session
    rng = random.Random(1)
    while (mover := session.to_move) is not None:
        action = rng.choice(session.rules.legal_actions(session.state))
        assert host.play(game, mover, action) is None
    folder = tmp_path / "host" / "history" / me()
    [row] = History(host.store, folder).list()
    assert row.error is None and row.actions == len(session.actions)
    [line] = compute([row], login=me())
    assert line.games == 1 and line.opponents == "easy"
    assert History(host.store).list() == []  # nothing in the host user's own history


def test_the_host_answers_a_login_with_its_own_figures(tmp_path: Path) -> None:
    """`tui-games stats --host`: the player's own line on a shared host."""
    host = Host(tmp_path / "host", tmp_path / "host.sock")
    assert host.stats_of(me()) == []
    game = host.create(me(), CreateGame(game="nebular_colors",
                                        seats=[Seat(me()), Seat("Bot", "easy")]))
    assert isinstance(game, HostedGame)
    rng = random.Random(2)
    while (mover := game.session.to_move) is not None:
        host.play(game, mover, rng.choice(game.session.rules.legal_actions(
            game.session.state)))
    [line] = host.stats_of(me())
    assert line.games == 1 and line.opponents == "easy"
    assert host.stats_of("somebody-else") == []


def test_stats_host_asks_the_running_host(host: HostProcess,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code = cli.main(["stats", "--host", "--json", "--socket", str(host.socket)])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert json.loads(out) == {"version": 1, "lines": []}
