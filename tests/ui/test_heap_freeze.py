"""tui_games.tui.heap: an open table's objects are frozen out of the garbage collector's walks
(a full collection over them took ~70 ms, often during a dialog's opening), and a closed
table's objects are unfrozen and collected (a long session must not grow per game)."""

from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest
from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static
from ui_harness import pulsar_session, settle

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat
from tui_games.tui.app import GamesApp
from tui_games.tui.heap import FULL_EVERY
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.menu import MenuScreen

SOLO = [Seat("You"), Seat("Bot 2", "easy")]


class FreezingApp(GamesApp):
    """The app as in a terminal: it freezes the heap although the test runs headless."""

    FREEZE_HEAP = True


@pytest.fixture(autouse=True)
def unfrozen() -> Iterator[None]:
    """Whatever a test froze is unfrozen after it: later tests' objects must go."""
    thresholds = gc.get_threshold()
    yield
    gc.enable()
    gc.unfreeze()
    gc.set_threshold(*thresholds)


async def test_a_tables_objects_are_frozen_while_open_and_go_when_it_closes(
        pulsar_store: SaveStore) -> None:
    gc.unfreeze()
    default_full = gc.get_threshold()[2]
    app = FreezingApp(pulsar_store, session=pulsar_session(SOLO), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot, 2)
        table = app.screen
        assert isinstance(table, GameScreen)
        assert app._heap.table_frozen
        assert gc.get_freeze_count() > 0
        young, middle, full = gc.get_threshold()
        assert full == FULL_EVERY, "full collections are rare while the table is open"
        gone = weakref.ref(table)
        del table
        app.back_to_menu()
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        assert not app._heap.table_frozen
        assert gc.get_threshold() == (young, middle, default_full)
        # Unfrozen and collected after the menu's frame, then the survivors frozen again:
        # the closed table is not among them.
        gc.collect()
        assert gone() is None
        assert gc.get_freeze_count() > 0, "the menu's objects are frozen again"


async def test_a_headless_app_freezes_nothing(store: SaveStore) -> None:
    gc.unfreeze()
    app = GamesApp(store, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert gc.get_freeze_count() == 0


class Note(ModalScreen[None]):
    """A dialog over the table."""

    def compose(self) -> ComposeResult:
        yield Static("a note")


async def test_no_collection_runs_between_a_dialogs_opening_and_its_first_frame(
        pulsar_store: SaveStore) -> None:
    app = FreezingApp(pulsar_store, session=pulsar_session(SOLO), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot, 2)
        assert gc.isenabled()
        app.push_screen(Note())
        assert not gc.isenabled(), "the collector waits for the dialog's first frame"
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, Note)
        assert gc.isenabled(), "and runs again once the frame is out"
        app.pop_screen()
        await pilot.pause()
        assert gc.isenabled()
