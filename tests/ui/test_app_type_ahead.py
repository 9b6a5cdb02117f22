"""Keys typed ahead (several queued before the app handles the first) wait or are
ignored; none crashes (issue 11, item 5). ``type_ahead`` queues keys the way a terminal
delivers a fast typist's keys: Pilot.press waits after each key, which hides these bugs."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from ui_harness import settle

from tui_games.engine.core import default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import all_games, get_game
from tui_games.tools.fuzz import type_ahead
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.confirm import ConfirmScreen
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.menu import MenuScreen

MakeApp = Callable[..., GamesApp]
SIZE = (100, 30)


def one_save(store: SaveStore, game_id: str) -> Session:
    info = get_game(game_id)
    seats = [Seat("You")] + [Seat(f"Bot {i + 1}", "normal")
                             for i in range(1, info.rules.min_players)]
    session = Session.new(info.rules, seats, 5, default_options(info.rules))
    store.autosave(session)
    return session


@pytest.mark.parametrize("game_id", list(all_games()))
async def test_load_enter_enter_at_once_opens_the_game_once(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    one_save(store, game_id)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        type_ahead(app, ["l", "enter", "enter"])
        await settle(app, pilot, rounds=2)
        await pilot.pause(0.05)
        games = [s for s in app.screen_stack if isinstance(s, GameScreen)]
        assert len(games) == 1 and games[0].info.id == game_id
        assert app.screen is games[0]
        type_ahead(app, ["escape", "escape"])  # the table answers: back to the menu
        await pilot.pause(0.05)
        assert isinstance(app.screen, MenuScreen)


@pytest.mark.parametrize("game_id", list(all_games()))
async def test_game_keys_typed_before_the_table_is_drawn_are_ignored(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    one_save(store, game_id)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        type_ahead(app, ["c", "enter", "space", "right", "down", "enter", "tab", "1",
                         "a", "enter"])
        await settle(app, pilot, rounds=2)
        await pilot.pause(0.05)
        assert isinstance(app.screen, GameScreen) and app.screen.ready


async def test_enter_twice_on_a_dialog_closes_only_the_dialog(
        store: SaveStore, make_app: MakeApp) -> None:
    answers: list[bool | None] = []
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.push_screen(ConfirmScreen("Really?", yes="Yes", no="No"), answers.append)
        await pilot.pause()
        type_ahead(app, ["enter", "enter", "enter"])
        await pilot.pause(0.05)
        assert isinstance(app.screen, MenuScreen) and len(app.screen_stack) == 1
        assert len(answers) == 1


async def test_new_game_started_twice_by_type_ahead_opens_one_game(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        type_ahead(app, ["n", "enter", "enter", "enter"])
        await settle(app, pilot, rounds=2)
        await pilot.pause(0.05)
        assert sum(isinstance(s, GameScreen) for s in app.screen_stack) == 1
        assert isinstance(app.screen, GameScreen)


async def test_a_confirm_answered_twice_at_once_answers_once(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    answers: list[bool | None] = []
    async with app.run_test(size=SIZE) as pilot:
        app.push_screen(ConfirmScreen("Leave?"), answers.append)
        await pilot.pause()
        type_ahead(app, ["enter", "escape", "y"])
        await settle(app, pilot)
        assert len(answers) == 1
        assert isinstance(app.screen, MenuScreen) and len(app.screen_stack) == 1


@pytest.mark.parametrize("game_id", list(all_games()))
async def test_a_table_closed_before_it_was_built_sets_nothing_up(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    session = one_save(store, game_id)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(session)
        app.back_to_menu()  # in the same moment: its on_mount finds no widgets
        await settle(app, pilot)
        assert isinstance(app.screen, MenuScreen) and len(app.screen_stack) == 1


async def test_load_chosen_over_an_open_game_after_its_screen_closed_opens_it(
        store: SaveStore, make_app: MakeApp) -> None:
    """A row chosen on a Load screen already closed (its event queued behind the close)
    must not spin: back to the menu is wanted whoever asks."""
    from textual.widgets import DataTable

    from tui_games.tui.screens.load import LoadScreen

    session = one_save(store, "neptune")
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        app.open_game(session)
        await settle(app, pilot)
        app.action_load()
        await settle(app, pilot)
        load = app.screen
        assert isinstance(load, LoadScreen)
        table = load.query_one(DataTable)
        app.pop_screen()  # closed ...
        table.action_select_cursor()  # ... and its row chosen after
        await settle(app, pilot)
        assert isinstance(app.screen_stack[0], MenuScreen)
        assert len(app.screen_stack) <= 2


@pytest.mark.parametrize("game_id", list(all_games()))
async def test_no_key_acts_on_a_table_before_it_is_built_or_after_it_closed(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    """A key that comes back from the screen it was meant for, after another table took
    its place, is run by Textual against the new table's bindings (found by the fuzz:
    Nebula's "g" on a table not built yet). Every binding of a table refuses until the
    table is ready, and again once it is closed."""
    session = one_save(store, game_id)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.open_game(session)
        table = app.screen
        assert isinstance(table, GameScreen) and not table.ready
        # The table's own actions ("app.focus_next" and the like belong to the app).
        actions = {binding.action for _, binding in table._bindings
                   if "." not in binding.action}
        assert actions
        for action in actions:
            assert not await app.run_action(action, table), action
        await settle(app, pilot)
        assert table.ready and table.check_action("menu", ())
        app.back_to_menu()
        await settle(app, pilot)
        for action in actions:
            assert not await app.run_action(action, table), action
        assert isinstance(app.screen, MenuScreen) and len(app.screen_stack) == 1
