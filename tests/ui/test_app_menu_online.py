"""The main menu offers "Online" exactly while a host answers on this machine."""

from __future__ import annotations

import socket
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import OptionList

from tui_games.engine.saves import SaveStore
from tui_games.tui.app import GamesApp

MakeApp = Callable[..., GamesApp]


def menu_ids(app: GamesApp) -> list[str | None]:
    return [option.id for option in app.screen.query_one("#menu", OptionList).options]


async def test_online_shows_while_a_host_answers_and_goes_when_it_stops(
        store: SaveStore, make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = Path("/tmp") / f"tg-menu-{id(store)}"  # a Unix socket path must stay short
    folder.mkdir(exist_ok=True)
    path = folder / "h.sock"
    host = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        host.bind(str(path))
        host.listen()
        monkeypatch.setenv("TUI_GAMES_SOCKET", str(path))
        app = make_app(store)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            assert menu_ids(app)[-2:] == ["online", "quit"]
            host.close()
            path.unlink()
            app.screen.refresh_saves()  # type: ignore[attr-defined]
            await pilot.pause()
            assert "online" not in menu_ids(app) and menu_ids(app)[-1] == "quit"
    finally:
        host.close()
        path.unlink(missing_ok=True)
        folder.rmdir()


async def test_no_online_entry_without_a_host(store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert "online" not in menu_ids(app)
