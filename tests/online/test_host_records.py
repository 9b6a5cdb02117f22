"""The host keeps each finished game in the history of every login at its table."""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Any, cast

import pytest
from online_helpers import HostProcess, me, wait_for
from test_online_ui import SIZE, lobby_app, until
from textual.widgets import Static

from tui_games import cli
from tui_games.engine.records import History
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat
from tui_games.engine.stats import StatLine, compute
from tui_games.online.client import Connection as ClientConnection
from tui_games.online.hosted import Connection, HostedGame
from tui_games.online.protocol import Created, CreateGame, Hinted
from tui_games.online.screens import LobbyScreen, my_line
from tui_games.online.server import Host
from tui_games.online.table import OnlineTable
from tui_games.tui.widgets.status import StatusLine


def test_a_finished_host_game_is_a_record_in_the_logins_history(tmp_path: Path) -> None:
    """ "On a shared host, per login": the record goes to history/<login>/."""
    host = Host(tmp_path / "host", tmp_path / "host.sock")
    game = host.create(
        me(), CreateGame(game="nebular_colors", seats=[Seat(me()), Seat("Bot", "easy")])
    )
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
    game = host.create(
        me(), CreateGame(game="nebular_colors", seats=[Seat(me()), Seat("Bot", "easy")])
    )
    assert isinstance(game, HostedGame)
    rng = random.Random(2)
    while (mover := game.session.to_move) is not None:
        host.play(game, mover, rng.choice(game.session.rules.legal_actions(game.session.state)))
    [line] = host.stats_of(me())
    assert line.games == 1 and line.opponents == "easy"
    assert host.stats_of("somebody-else") == []


def test_stats_host_asks_the_running_host(
    host: HostProcess, capsys: pytest.CaptureFixture[str]
) -> None:
    code = cli.main(["stats", "--host", "--json", "--socket", str(host.socket)])
    out, err = capsys.readouterr()
    assert code == 0 and err == ""
    assert json.loads(out) == {"version": 1, "lines": []}


async def test_the_lobby_shows_the_players_own_line(host: HostProcess, tmp_path: Path) -> None:
    """ "On a shared host, per login: ... or the lobby shows the player's own line."""
    app = lobby_app(host.socket, SaveStore(tmp_path / "local"))
    async with app.run_test(size=SIZE) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        mine = lobby.query_one("#lobby-mine", Static)
        await until(
            pilot, lambda: "Your finished games here" in str(mine.render()), "the player's own line"
        )
        assert "none yet" in str(mine.render())
    line = StatLine(
        game="neptune", title="Neptune", opponents="easy", games=4, wins=3, best_streak=2
    )
    assert my_line([line]) == (
        "Your finished games here: 4, 3 won (75%), best streak 2. "
        "Every figure: tui-games stats --host."
    )


def test_an_ssh_door_player_is_not_sent_to_a_command_they_cannot_run() -> None:
    """The SSH door's players have no shell on the host: their line names no command."""
    line = StatLine(
        game="neptune", title="Neptune", opponents="easy", games=4, wins=3, best_streak=2
    )
    assert my_line([line], shell=False) == (
        "Your finished games here: 4, 3 won (75%), best streak 2."
    )
    assert my_line([], shell=False) == "Your finished games here: none yet."


def _seated(game: HostedGame, seat: int) -> Connection:
    """A connection of ``me()`` at ``seat`` (the host's own bookkeeping, no socket: it is
    not in the game's connections, so nothing is sent to it)."""
    return Connection(writer=cast(Any, None), uid=os.getuid(), user=me(), game=game, seat=seat)


def test_an_online_players_hints_are_counted_on_the_host_once_per_position(tmp_path: Path) -> None:
    """Hints are worked out on the client; the host keeps their count in the game's save
    and in the record, so History and Stats on the host show them."""
    host = Host(tmp_path / "host", tmp_path / "host.sock")
    game = host.create(
        me(), CreateGame(game="nebular_colors", seats=[Seat(me()), Seat("Bot", "easy")])
    )
    assert isinstance(game, HostedGame)
    session = game.session
    rng = random.Random(3)
    while session.to_move != 0:
        host.play(game, session.to_move, rng.choice(session.rules.legal_actions(session.state)))
    conn = _seated(game, 0)
    here = len(session.actions)
    assert host._hinted(conn, Hinted(seen=here)) is None
    assert host._hinted(conn, Hinted(seen=here)) is None  # the same position: once
    assert host._hinted(conn, Hinted(seen=here - 1)) is None  # a hint that raced a move
    assert session.hints_used == [1, 0]
    saved = json.loads((tmp_path / "host" / f"{game.game_id}.json").read_text())
    assert saved["hints_used"] == [1, 0]
    watcher = _seated(game, 0)
    watcher.seat = None
    assert host._hinted(watcher, Hinted(seen=here)) == "only a seated player's hints are counted"
    while (mover := session.to_move) is not None:
        host.play(game, mover, rng.choice(session.rules.legal_actions(session.state)))
    [row] = History(host.store, tmp_path / "host" / "history" / me()).list()
    assert row.hints_used == [1, 0]


async def test_a_hint_at_an_online_table_reaches_the_hosts_count(
    host: HostProcess, tmp_path: Path
) -> None:
    with ClientConnection(host.socket) as conn:
        game_id = conn.request(
            CreateGame(game="neptune", seats=[Seat(me()), Seat("B", "easy")]), Created
        ).game_id
    app = lobby_app(host.socket, SaveStore(tmp_path / "local"))
    async with app.run_test(size=SIZE) as pilot:
        await until(
            pilot,
            lambda: isinstance(app.screen, LobbyScreen) and app.screen._rows,
            "the lobby's list",
        )
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, OnlineTable), "the table")
        table = app.screen
        assert isinstance(table, OnlineTable)
        await until(pilot, lambda: table.session.to_move == 0, "our turn")
        await pilot.press("H")
        await until(pilot, lambda: table.query_one(StatusLine).text.startswith("Hint:"), "the hint")
    save = host.folder / f"{game_id}.json"
    wait_for(
        lambda: json.loads(save.read_text()).get("hints_used") == [1, 0],
        what="the host's save to count the hint",
    )
