"""What the UI tests share besides fixtures (those are in conftest.py): the test size, a
tiny game ("Pulsar Pick": its rules in pulsar.py, its screen in reference_screen.py) that
exercises the GameScreen base without depending on any real game's table, the menu's fixed
registry, and helpers to let bots finish and to leave a table. A module of its own name,
not conftest: tests/online has a conftest too, and `from conftest import` would find
whichever one a run imported first."""

from __future__ import annotations

import contextlib
import dataclasses
import random
from pathlib import Path

from pulsar import HIDDEN, PulsarDraw, PulsarEnd, PulsarMark, PulsarRules, PulsarState
from reference_screen import PulsarScreen
from textual.pilot import Pilot
from textual.worker import WorkerCancelled, WorkerFailed

from tui_games.engine.bots.base import RandomBot
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.replay import ReplayView

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


def play_out(session: Session, seed: int) -> None:
    """Play ``session`` to its end with seeded random legal moves."""
    rng = random.Random(seed)
    while session.to_move is not None:
        session.apply(rng.choice(session.rules.legal_actions(session.state)))


async def open_replay(app: GamesApp, pilot: Pilot[None], path: Path) -> ReplayView:
    """Open the replay of the record at ``path`` and return its viewer."""
    await pilot.pause()
    assert app.replay_file(str(path))
    await pilot.pause()
    view = app.screen
    assert isinstance(view, ReplayView)
    return view
