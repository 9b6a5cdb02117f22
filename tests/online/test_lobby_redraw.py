"""The lobby asks the host for its games every 2 s; it draws them again only when what it
would show has changed (each redraw competes with the player's keys for the frame)."""

from __future__ import annotations

from pathlib import Path

from online_helpers import HostProcess, me
from test_online_ui import SIZE, lobby_app, until
from textual.widgets import OptionList

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat
from tui_games.online.client import Connection
from tui_games.online.protocol import Created, CreateGame
from tui_games.online.screens import LobbyScreen


async def test_a_list_that_says_the_same_is_not_drawn_again_and_a_new_game_is(
    host: HostProcess, tmp_path: Path
) -> None:
    with Connection(host.socket) as conn:
        conn.request(CreateGame(game="neptune", seats=[Seat(me()), Seat(me())]), Created)
    app = lobby_app(host.socket, SaveStore(tmp_path / "local"))
    async with app.run_test(size=SIZE) as pilot:
        lobby = app.screen
        assert isinstance(lobby, LobbyScreen)
        menu = lobby.query_one("#lobby-games", OptionList)
        await until(pilot, lambda: menu.option_count == 1, "the lobby's list")
        shown = menu.get_option_at_index(0)
        for _ in range(3):  # the host's answer is the same: the same line stays
            listed = lobby._rows  # each answer of the host's is a new list
            lobby.action_refresh()
            await until(pilot, lambda listed=listed: lobby._rows is not listed, "an answer")
            assert menu.get_option_at_index(0) is shown
        with Connection(host.socket) as conn:
            conn.request(CreateGame(game="neptune", seats=[Seat(me()), Seat(me())]), Created)
        lobby.action_refresh()
        await until(pilot, lambda: menu.option_count == 2, "the new game in the list")
