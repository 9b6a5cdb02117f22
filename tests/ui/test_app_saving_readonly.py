"""When saves fail (a read-only folder), the status says so for as long as they fail,
and leaving asks: save elsewhere, leave anyway, or stay."""

from __future__ import annotations

import errno
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from textual.widgets import Input
from ui_harness import SIZE, PulsarScreen, leave_table, pulsar_session

from tui_games.engine import saves
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.confirm import ChoiceScreen
from tui_games.tui.screens.menu import MenuScreen
from tui_games.tui.screens.save_name import SavePathScreen
from tui_games.tui.widgets.status import StatusLine

MakeApp = Callable[..., GamesApp]
SOLO = [Seat("Ana"), Seat("Bot", "easy")]


@pytest.fixture
def read_only(monkeypatch: pytest.MonkeyPatch, pulsar_store: SaveStore) -> Iterator[list[bool]]:
    """Writes into the save folder fail (as on a read-only disk) while ``[True]``."""
    failing = [True]
    real = saves.write_atomic

    def write(path: Path, data: bytes) -> None:
        if failing[0] and path.parent == pulsar_store.folder:
            raise OSError(errno.EROFS, "Read-only file system")
        real(path, data)

    monkeypatch.setattr(saves, "write_atomic", write)
    yield failing


def status(app: GamesApp) -> str:
    return app.screen.query_one("#status", StatusLine).text


async def test_the_status_says_not_saved_while_saves_fail(
        pulsar_store: SaveStore, make_app: MakeApp, read_only: list[bool]) -> None:
    app = make_app(pulsar_store, pulsar_session(SOLO, length="long"))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")  # the turn ends: the autosave fails
        await pilot.pause()
        assert status(app).startswith("⚠ Not saved (Read-only file system).")
        await pilot.press("m", "z")  # later statuses still say so
        assert "⚠ Not saved" in status(app)
        read_only[0] = False
        await pilot.press("e")
        await pilot.pause()
        assert "Not saved" not in status(app)


async def test_leaving_an_unsaved_game_asks_first(
        pulsar_store: SaveStore, make_app: MakeApp, read_only: list[bool],
        tmp_path: Path) -> None:
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await leave_table(pilot, "m")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("t")  # stay
        assert isinstance(app.screen, PulsarScreen)
        await leave_table(pilot)
        await pilot.press("l")  # leave anyway
        assert isinstance(app.screen, MenuScreen)
        assert pulsar_store.list() == []
        await pilot.pause()


async def test_quitting_an_unsaved_game_can_save_it_elsewhere(
        pulsar_store: SaveStore, make_app: MakeApp, read_only: list[bool],
        tmp_path: Path) -> None:
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "ctrl+q")
        assert isinstance(app.screen, ChoiceScreen)
        await pilot.press("s")
        assert isinstance(app.screen, SavePathScreen)
        app.screen.query_one(Input).value = str(tmp_path / "rescued")
        await pilot.press("enter")
        await pilot.pause()
        assert not app.is_running
    rescued = SaveStore(tmp_path / "elsewhere", games=pulsar_store._games).load(
        tmp_path / "rescued.json")
    assert len(rescued.actions) == 1
