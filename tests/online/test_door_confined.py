"""An SSH door's player is not this machine's user: nothing they reach in their session's
app (the command palette, the save flows) writes outside their own save folder."""

from __future__ import annotations

import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from test_online_ui import SIZE

from tui_games.engine.saves import SaveError, SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.online.client import HandedDoor
from tui_games.online.screens import DoorStore, join_app


@pytest.fixture
def door() -> Iterator[HandedDoor]:
    """A handed door whose host end answers nothing (the lobby only says it waits)."""
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    try:
        yield HandedDoor(theirs.detach())
    finally:
        ours.close()


def a_game() -> Session:
    rules = get_game("neptune").rules
    return Session.new(rules, [Seat("ada"), Seat("", "normal"), Seat("", "normal")], 7, {})


async def test_a_door_sessions_palette_has_no_command_that_writes_or_reaches_out(
    door: HandedDoor, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Textual's own commands a door's player sees: the colours, the keys panel and
    leaving (no screenshot, which would write an SVG on the host's disk)."""
    monkeypatch.setenv("TUI_GAMES_SAVES", str(tmp_path / "ada"))
    app = join_app(door)
    assert isinstance(app.store, DoorStore)
    async with app.run_test(size=SIZE):
        titles = [command.title for command in app.get_system_commands(app.screen)]
    assert titles == ["Theme", "Keys", "Quit"]


def test_a_door_player_saves_elsewhere_only_in_their_own_folder(tmp_path: Path) -> None:
    folder = tmp_path / "ada"
    folder.mkdir()
    store = DoorStore(folder)
    for outside in (tmp_path / "host.json", folder / ".." / "host.json", Path("/tmp")):
        with pytest.raises(SaveError, match="this host keeps your games only in your own"):
            store.save_to(a_game(), outside)
    assert not (tmp_path / "host.json").exists()
    assert store.save_to(a_game(), folder / "copy.json") == folder / "copy.json"


def test_a_local_join_still_saves_elsewhere_where_its_user_says(tmp_path: Path) -> None:
    """The way out of an unwritable folder stays for the machine's own users."""
    (tmp_path / "ada").mkdir()
    store = SaveStore(tmp_path / "ada")
    assert store.save_to(a_game(), tmp_path / "copy.json") == tmp_path / "copy.json"
