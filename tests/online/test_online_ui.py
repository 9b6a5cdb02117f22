"""The join client: the lobby lists the host's games, the table is the game's own screen
fed by the host's views, actions go to the host, and the bell rings for this player."""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
from online_helpers import HostProcess, me
from textual.pilot import Pilot

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat
from tui_games.games import get_game
from tui_games.online.client import Connection
from tui_games.online.protocol import Created, CreateGame, GameRow, Join, Joined, View
from tui_games.online.screens import LobbyScreen, parse_seats, row_text
from tui_games.online.table import OnlineTable
from tui_games.tui.app import GamesApp
from tui_games.tui.widgets.status import StatusLine

SIZE = (80, 24)


async def until(pilot: Pilot[Any], condition: Callable[[], object], what: str) -> None:
    """Let the app run until ``condition`` holds (10 s at most)."""
    deadline = time.monotonic() + 10
    while not condition():
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        await pilot.pause(0.02)


def lobby_app(socket: Path, store: SaveStore) -> GamesApp:
    """The app as `tui-games join` opens it: the lobby at the bottom."""
    class JoinApp(GamesApp):
        def get_default_screen(self) -> LobbyScreen:
            return LobbyScreen(socket)

    return JoinApp(store, bot_delay=0)


async def test_a_table_plays_through_the_host_and_rings_for_its_player(
        host: HostProcess, tmp_path: Path) -> None:
    other = Connection(host.socket)
    try:
        game_id = other.request(CreateGame(game="neptune", seats=[Seat(me()), Seat(me())]),
                                Created).game_id
        other.request(Join(game_id=game_id, seat=1), Joined)
        app = lobby_app(host.socket, SaveStore(tmp_path / "local"))
        rings: list[int] = []
        app.bell = lambda: rings.append(1)  # type: ignore[method-assign]
        async with app.run_test(size=SIZE) as pilot:
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            await until(pilot, lambda: lobby._rows, "the lobby's list")
            assert lobby._rows[0].id == game_id
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, OnlineTable), "the table")
            table = app.screen
            assert isinstance(table, OnlineTable)
            assert type(table).__name__ == "OnlineNeptuneScreen"
            assert table.online_seat == 0
            hands = table.session.state.hands  # type: ignore[attr-defined]
            assert hands[1] and set(hands[1]) == {-1}  # the other hand never reaches us
            rules = get_game("neptune").rules

            def latest() -> View:
                while True:
                    message = other.recv(timeout=10)
                    if isinstance(message, View):
                        return message

            def other_plays() -> None:
                view = latest()
                while view.actions != len(table.session.actions):
                    view = latest()
                state = msgspec.json.decode(view.state, type=rules.state_type)
                other.act(rules.legal_actions(state)[0], seen=view.actions)

            rung = 0
            if table.session.to_move == 1:  # seat 2 leads: the test's client plays it
                other_plays()
                await until(pilot, lambda: len(table.session.actions) == 1, "seat 2's card")
                rung += 1  # our turn now: the bell rings
                assert rings == [1] * rung
            count = len(table.session.actions)
            await pilot.press("enter")  # play the highlighted card: it goes to the host
            await until(pilot, lambda: len(table.session.actions) == count + 1,
                        "our card, played by the host")
            status = str(table.query_one("#status").render())
            if table.session.to_move == 1:
                assert status.startswith(f"Waiting for {me()}")
                other_plays()
                await until(pilot, lambda: len(table.session.actions) == count + 2,
                            "seat 2's answer")
                rung += table.session.to_move == 0
            assert rings == [1] * rung
            await pilot.press("ctrl+z")
            assert "No undo in an online game" in str(table.query_one("#status").render())
            await pilot.press("escape")  # the first only says "Esc again to go back"
            assert "Esc again to go back to the lobby" in table.query_one(StatusLine).text
            await pilot.press("escape")  # back to the lobby; the game waits for us
            await until(pilot, lambda: isinstance(app.screen, LobbyScreen), "the lobby")
    finally:
        other.close()


async def test_a_table_says_when_the_host_is_gone(host: HostProcess, tmp_path: Path) -> None:
    with Connection(host.socket) as conn:
        conn.request(CreateGame(game="neptune", seats=[Seat(me()), Seat("B", "easy")]),
                     Created)
    app = lobby_app(host.socket, SaveStore(tmp_path / "local"))
    async with app.run_test(size=SIZE) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await until(pilot, lambda: lobby._rows, "the lobby's list")
        await pilot.press("enter")
        await until(pilot, lambda: isinstance(app.screen, OnlineTable), "the table")
        table = app.screen
        host.kill()
        await until(pilot, lambda: "Disconnected" in str(table.query_one("#status").render()),
                    "the table to notice")
        await pilot.press("escape", "escape")  # the first only says "Esc again ..."
        await until(pilot, lambda: app.screen is lobby, "the lobby")
        await until(pilot, lambda: "Cannot list the games: no host is running here"
                    in str(lobby.query_one("#lobby-status").render()), "the lobby to say so")


def test_a_lobby_row_says_whom_the_game_waits_for() -> None:
    row = GameRow(id="x", game="neptune", title="Neptune",
                  seats=[Seat("ada"), Seat("bob"), Seat("Bot 3", "normal")], turn=4,
                  to_move=1, over=False, present=[True, False, True], spectators=2)
    assert row_text(row, "ada") == ("Neptune: ada vs bob vs Bot 3 · turn 4 · waiting for bob "
                                    "(away) · 2 watching")
    assert "your turn" in row_text(row, "bob")


def test_seats_are_login_names_or_bot_levels() -> None:
    assert parse_seats("ada, bob ,normal,", ["easy", "normal"]) == [
        Seat("ada"), Seat("bob"), Seat("", "normal")]


async def test_the_new_game_dialog_asks_the_game_then_seats_then_a_confirm(
        tmp_path: Path) -> None:
    """Enter on the first field never creates a game (issue 18: a stray default game)."""
    from textual.widgets import Button, Input, Select

    from tui_games.online.screens import NewOnlineGameScreen

    app = GamesApp(SaveStore(tmp_path / "local"), bot_delay=0)
    results: list[CreateGame | None] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(NewOnlineGameScreen("ada"), results.append)
        await until(pilot, lambda: isinstance(app.screen, NewOnlineGameScreen), "the dialog")
        dialog = app.screen
        await pilot.pause()
        assert isinstance(dialog.focused, Select), "the focus starts on the game"
        await pilot.press("enter")  # opens the game's list, nothing more
        await pilot.pause()
        await pilot.press("escape")  # closes the list, not the dialog
        await pilot.pause()
        assert results == [] and app.screen is dialog
        await pilot.press("tab")
        assert isinstance(dialog.focused, Input)
        await pilot.press("enter")  # the seats: Enter moves on to Create
        await pilot.pause()
        assert results == [] and isinstance(dialog.focused, Button)
        assert dialog.focused.id == "online-create"
        await pilot.press("enter")
        await until(pilot, lambda: results, "the dialog's answer")
        assert results[0] is not None and results[0].seats == [Seat("ada"), Seat("", "normal")]


async def test_a_returning_player_starts_on_their_own_table(
        host: HostProcess, tmp_path: Path) -> None:
    """Issue 18: rejoining landed in the lobby on the first game, not the player's table."""
    with Connection(host.socket) as conn:
        others = [Seat("nobody"), Seat("daemon")]
        conn.request(CreateGame(game="neptune", seats=others), Created)
        mine = conn.request(CreateGame(game="neptune", seats=[Seat("B", "easy"), Seat(me())]),
                            Created).game_id
        conn.request(CreateGame(game="neptune", seats=others), Created)
    app = lobby_app(host.socket, SaveStore(tmp_path / "local"))
    async with app.run_test(size=SIZE) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await until(pilot, lambda: len(lobby._rows) == 3, "the lobby's list")
        assert [row.id for row in lobby._rows].index(mine) != 0  # not where it starts anyway
        for _refresh in range(2):  # and still after the list is refreshed
            await until(pilot, lambda: "Enter takes you back to your seat" in str(
                lobby.query_one("#lobby-status").render()), "the offer of the player's table")
            lobby.status("")
            lobby.action_refresh()
        await until(pilot, lambda: "back to your seat" in str(
            lobby.query_one("#lobby-status").render()), "the list again")
        await pilot.press("enter")  # one key: back at the table
        await until(pilot, lambda: isinstance(app.screen, OnlineTable), "the table")
        table = app.screen
        assert isinstance(table, OnlineTable)
        assert table.game_id == mine and table.online_seat == 1


async def test_a_turn_that_comes_at_the_offered_table_keeps_its_offer(
        host: HostProcess, tmp_path: Path) -> None:
    """The turn notice took the offer's place when the bot moved between two lists
    (under load, as a CI run caught): the one key back to the seat went unsaid."""
    with Connection(host.socket) as conn:
        others = [Seat("nobody"), Seat("daemon")]
        conn.request(CreateGame(game="neptune", seats=others), Created)
        mine = conn.request(CreateGame(game="neptune", seats=[Seat("B", "easy"), Seat(me())]),
                            Created).game_id
    app = lobby_app(host.socket, SaveStore(tmp_path / "local"))
    async with app.run_test(size=SIZE) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await until(pilot, lambda: "Enter takes you back to your seat" in str(
            lobby.query_one("#lobby-status").render()), "the offer of the player's table")
        rows = [msgspec.structs.replace(row, to_move=1) if row.id == mine
                else msgspec.structs.replace(row, to_move=None) for row in lobby._rows]
        lobby.post_message(LobbyScreen.Listed(rows, me()))  # the turn comes at my table
        await until(pilot, lambda: "(your turn)" in str(
            lobby.query_one("#lobby-status").render()), "the offer to say so")
        assert "Enter takes you back to your seat at Neptune (your turn)" in str(
            lobby.query_one("#lobby-status").render())


async def test_a_spectator_is_nobodys_you_at_the_table(host: HostProcess,
                                                       tmp_path: Path) -> None:
    with Connection(host.socket) as conn:
        conn.request(CreateGame(game="neptune", seats=[Seat("nobody"), Seat("B", "easy")]),
                     Created)
        app = lobby_app(host.socket, SaveStore(tmp_path / "local"))
        async with app.run_test(size=SIZE) as pilot:
            lobby = app.screen
            assert isinstance(lobby, LobbyScreen)
            await until(pilot, lambda: lobby._rows, "the lobby's list")
            await pilot.press("enter")
            await until(pilot, lambda: isinstance(app.screen, OnlineTable), "the table")
            table = app.screen
            assert isinstance(table, OnlineTable) and table.online_seat is None
            await pilot.pause()
            assert not any(table.is_you(seat) for seat in range(2))
            assert "(you)" not in app.export_screenshot().replace("&#160;", " ")


async def test_the_online_new_game_dialog_sets_the_games_options(tmp_path: Path) -> None:
    from textual.widgets import Select

    from tui_games.online.screens import NewOnlineGameScreen

    app = GamesApp(SaveStore(tmp_path / "local"), bot_delay=0)
    results: list[CreateGame | None] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(NewOnlineGameScreen("ada"), results.append)
        await until(pilot, lambda: isinstance(app.screen, NewOnlineGameScreen), "the dialog")
        dialog = app.screen
        assert isinstance(dialog, NewOnlineGameScreen)
        await until(pilot, lambda: dialog.query("#online-game"), "the game field")
        dialog.query_one("#online-game", Select).value = "nova_lux"
        specs = get_game("nova_lux").rules.option_specs
        await until(pilot, lambda: dialog.query(f"#online-opt-{specs[-1].key}"), "options")
        spec = specs[1]
        other = next(value for value, _ in spec.choices if value != spec.default)
        dialog.query_one(f"#online-opt-{spec.key}", Select).value = other
        dialog.action_create()
        await until(pilot, lambda: results, "the dialog's answer")
        assert results[0] is not None and results[0].game == "nova_lux"
        assert results[0].options[spec.key] == other
        assert set(results[0].options) == {s.key for s in specs}


def test_a_lobby_row_of_your_turn_says_how_long_it_waited() -> None:
    row = GameRow(id="x", game="neptune", title="Neptune",
                  seats=[Seat("ada"), Seat("Bot 2", "normal")], turn=4, to_move=0,
                  over=False, present=[True, True], moved=1000.0)
    assert row_text(row, "ada", 1000.0 + 2 * 3600).endswith("· your turn, waiting 2 h")


async def test_a_turn_that_comes_while_in_the_lobby_rings_and_says_so(
        host: HostProcess, tmp_path: Path) -> None:
    """Games waiting for you come first; a new one rings the bell and shows a notice."""
    with Connection(host.socket) as conn:
        older = conn.request(CreateGame(game="neptune", seats=[Seat("", "normal"),
                                                               Seat("", "normal")]),
                             Created).game_id
    app = lobby_app(host.socket, SaveStore(tmp_path / "local"))
    rings: list[int] = []
    app.bell = lambda: rings.append(1)  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await until(pilot, lambda: lobby._rows, "the lobby's list")
        assert rings == []
        with Connection(host.socket) as conn:  # a game that waits for this login
            mine = conn.request(CreateGame(game="neptune", seats=[Seat(me()), Seat(me())]),
                                Created).game_id
        lobby.action_refresh()
        await until(pilot, lambda: rings, "the bell")
        assert [row.id for row in lobby._rows][:2] == [mine, older]
        notice = "Your turn: Neptune with nobody else"
        await until(pilot, lambda: notice in str(lobby.query_one("#lobby-status", StatusLine)
                                                 .render()), "the notice line")
        assert "your turn, waiting under a minute" in str(
            lobby.query_one("#lobby-games").get_option_at_index(0).prompt)


async def test_a_turn_that_comes_at_another_game_rings_at_the_table(
        host: HostProcess, tmp_path: Path) -> None:
    with Connection(host.socket) as conn:
        first = conn.request(CreateGame(game="neptune", seats=[Seat(me()), Seat(me())]),
                             Created).game_id
    app = lobby_app(host.socket, SaveStore(tmp_path / "local"))
    rings: list[int] = []
    async with app.run_test(size=SIZE) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        await until(pilot, lambda: lobby._rows, "the lobby's list")
        lobby._join(Join(game_id=first))
        await until(pilot, lambda: isinstance(app.screen, OnlineTable), "the table")
        await pilot.pause(0.5)
        notes: list[str] = []
        app.bell = lambda: rings.append(1)  # type: ignore[method-assign]
        app.notify = lambda message, **_: notes.append(message)  # type: ignore[method-assign,assignment]
        with Connection(host.socket) as conn:
            conn.request(CreateGame(game="neptune", seats=[Seat(me()), Seat(me())]), Created)
        deadline = time.monotonic() + 10
        while not notes and time.monotonic() < deadline:
            await pilot.pause(0.1)
        assert rings, "no bell for the turn at the other game"
        assert notes == ["Your turn: Neptune with nobody else (first in the lobby)"]
        assert isinstance(app.screen, OnlineTable)  # the player stays where they are
