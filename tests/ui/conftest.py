"""Shared fixtures of the UI tests: a save folder per test, the Pulsar Pick registry and
store, and app factories. What else the tests share is in ui_harness.py."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from ui_harness import PULSAR

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Session
from tui_games.games import GameInfo, all_games
from tui_games.tui.app import GamesApp

# ---- fixtures ------------------------------------------------------------------------


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    """An empty save folder of the real games."""
    folder = tmp_path / "saves"
    folder.mkdir()
    return SaveStore(folder)


@pytest.fixture
def pulsar_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, GameInfo]]:
    """The registry with Pulsar Pick added (after the real games)."""
    games = {**all_games(), PULSAR.id: PULSAR}
    monkeypatch.setattr("tui_games.tui.app.get_game", lambda game_id: games[game_id])
    yield games


@pytest.fixture
def pulsar_store(tmp_path: Path, pulsar_games: dict[str, GameInfo]) -> SaveStore:
    """A save folder that also knows Pulsar Pick."""
    folder = tmp_path / "pulsar-saves"
    folder.mkdir()
    return SaveStore(folder, games=pulsar_games)


@pytest.fixture
def make_app() -> Callable[..., GamesApp]:
    """Build a GamesApp with bots that do not linger."""
    def make(store: SaveStore, session: Session | None = None) -> GamesApp:
        return GamesApp(store, session=session, bot_delay=0)
    return make


@pytest.fixture(autouse=True)
def no_online_host(tmp_path_factory: pytest.TempPathFactory,
                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The menu offers "Online" only while a host answers: none in UI tests, so a host
    running on this machine never changes what they see."""
    monkeypatch.setenv("TUI_GAMES_SOCKET", str(tmp_path_factory.mktemp("no-host") / "none.sock"))
