"""One game, one window: a game open here is locked; another window gets a copy."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Static
from ui_harness import SIZE, PulsarMark, PulsarScreen, leave_table, pulsar_session

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.confirm import ChoiceScreen
from tui_games.tui.screens.menu import MenuScreen

MakeApp = Callable[..., GamesApp]
SOLO = [Seat("Ana"), Seat("Bot", "easy")]


async def test_continue_of_a_game_open_in_another_window_offers_a_copy(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    session = pulsar_session(SOLO)
    session.apply(PulsarMark())
    path = pulsar_store.autosave(session)
    other_window = SaveStore(pulsar_store.folder, games=pulsar_store._games)
    held = other_window.lock(other_window.load(path))
    assert held is not None and held.held
    app = make_app(pulsar_store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, ChoiceScreen)
        question = str(app.screen.query_one(".dialog-question", Static).render())
        assert "open in another window" in question
        await pilot.press("b")  # back: nothing opens, nothing is written
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("c")
        await pilot.pause()
        await pilot.press("c")  # open a copy
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PulsarScreen)
        assert screen.session.save_id not in (None, path.stem)
        assert screen.session.actions == session.actions
        await leave_table(pilot, "e")  # the copy saves to its own file
        assert isinstance(app.screen, MenuScreen)
        assert len(pulsar_store.list()) == 2
    held.release()


async def test_the_lock_is_held_while_the_game_is_open_and_released_on_leaving(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session(SOLO))
    other_window = SaveStore(pulsar_store.folder, games=pulsar_store._games)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PulsarScreen)
        session = screen.session
        assert session.save_id is not None
        assert other_window.lock(session) is None  # open here
        await leave_table(pilot)
        assert isinstance(app.screen, MenuScreen)
        lock = other_window.lock(session)  # left: free again
        assert lock is not None and lock.held
        lock.release()
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, PulsarScreen)
        await pilot.press("ctrl+q")
        await pilot.pause()
    lock = other_window.lock(session)  # quit: free again
    assert lock is not None and lock.held
    lock.release()


async def test_an_app_that_ends_any_way_lets_its_game_go(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        session = app.screen.session
    # the test harness ended the app without ctrl+q; the app object is still alive
    lock = SaveStore(pulsar_store.folder, games=pulsar_store._games).lock(session)
    assert lock is not None and lock.held
    lock.release()
