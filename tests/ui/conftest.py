"""Shared fixtures of the UI tests: a save folder per test, app factories, and a tiny
game ("Pulsar Pick": its rules in pulsar.py, its screen in reference_screen.py) that
exercises the GameScreen base without depending on any real game's table."""

from __future__ import annotations

import contextlib
import dataclasses
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from pulsar import HIDDEN, PulsarDraw, PulsarEnd, PulsarMark, PulsarRules, PulsarState
from reference_screen import PulsarScreen
from textual.pilot import Pilot
from textual.worker import WorkerCancelled, WorkerFailed

from tui_games.engine.bots.base import RandomBot
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo, all_games
from tui_games.tui.app import GamesApp

SIZE = (80, 24)


__all__ = [
    "HIDDEN",
    "PULSAR",
    "SIZE",
    "PulsarDraw",
    "PulsarEnd",
    "PulsarMark",
    "PulsarScreen",
    "PulsarState",
    "leave_table",
    "menu_registry",
    "pulsar_session",
    "settle",
]

PULSAR = GameInfo(rules=PulsarRules(), screen="reference_screen:PulsarScreen",
                  bots={"easy": RandomBot, "normal": RandomBot}, blurb="a test game")


MENU_TITLES = ("Quasar Run", "Comet Tails", "Dark Matter", "Red Giant", "Ion Drift",
               "Solar Wind", "Event Horizon", "Star Nursery", "Moon Shot", "Kuiper Belt")


def menu_registry(count: int, wrapping: int = 0) -> dict[str, GameInfo]:
    """A fixed registry of ``count`` (at most ten) made-up games for the menu's tests and
    snapshots, so the menu's look stays put when a real game is added. Every third blurb,
    or the first ``wrapping`` ones, are long enough to wrap onto a second line at 80x24."""
    games: dict[str, GameInfo] = {}
    for number, title in enumerate(MENU_TITLES[:count], start=1):
        rules = type(f"Menu{number}Rules", (PulsarRules,),
                     {"id": f"menu_game_{number}", "title": title})()
        blurb = (f"1-{number % 5 + 2} players - a made-up game for the menu's tests"
                 + (", its blurb long enough to wrap onto a second line."
                    if number % 3 == 0 or number <= wrapping else "."))
        games[rules.id] = dataclasses.replace(PULSAR, rules=rules, blurb=blurb)
    return games


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


def pulsar_session(seats: list[Seat], seed: int = 7, length: str = "short") -> Session:
    """A new Pulsar Pick game."""
    return Session.new(PULSAR.rules, seats, seed, {"length": length})


async def settle(app: GamesApp, pilot: Pilot[None], rounds: int = 1) -> None:
    """Let bot workers finish and their moves be played (``rounds`` times)."""
    for _ in range(rounds):
        for worker in list(app.workers):
            with contextlib.suppress(WorkerCancelled, WorkerFailed):
                await worker.wait()
        await pilot.pause()


async def leave_table(pilot: Pilot[None], *before: str) -> None:
    """Press ``before``, then Esc twice: at a table's top level the first Esc only shows
    the leave notice ("Esc again to leave"), the second goes back to the menu."""
    await pilot.press(*before, "escape", "escape")


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
