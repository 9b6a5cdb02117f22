"""The new-game dialog: defaults, keyboard, validation, and starting a real game."""

from __future__ import annotations

from collections.abc import Callable

from conftest import SIZE
from textual.widgets import Input

from tui_games.app import GamesApp
from tui_games.engine.core import default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat
from tui_games.games import get_game
from tui_games.screens.fields import ChoiceField
from tui_games.screens.game import GameScreen
from tui_games.screens.menu import MenuScreen
from tui_games.screens.new_game import NewGameScreen
from tui_games.widgets.status import StatusLine

MakeApp = Callable[..., GamesApp]
NEBULAR = "nebular_colors"


async def open_dialog(app: GamesApp, pilot: object) -> NewGameScreen:
    await pilot.press("n")  # type: ignore[attr-defined]
    assert isinstance(app.screen, NewGameScreen)
    return app.screen


async def test_defaults_are_you_against_a_normal_bot(store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(app, pilot)
        assert dialog.query_one("#game", ChoiceField).value == NEBULAR
        assert dialog.chosen_seats() == [Seat("You"), Seat("Bot 2", "normal")]
        assert dialog.chosen_options() == default_options(get_game(NEBULAR).rules)


async def test_enter_starts_the_game_as_set_up(store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(app, pilot)
        dialog.query_one("#seed", Input).value = "1234"
        await pilot.press("enter")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert type(screen).__name__ == "NebularColorsScreen"
        assert screen.session.seed == 1234
        assert screen.session.seats == [Seat("You"), Seat("Bot 2", "normal")]
        assert [type(s).__name__ for s in app.screen_stack][0] == "MenuScreen"
        assert len(app.screen_stack) == 2


async def test_blank_seed_means_a_random_game(store: SaveStore, make_app: MakeApp) -> None:
    seeds = set()
    for _ in range(2):
        app = make_app(store)
        async with app.run_test(size=SIZE) as pilot:
            await open_dialog(app, pilot)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, GameScreen)
            seeds.add(app.screen.session.seed)
    assert len(seeds) == 2


async def test_arrows_move_between_fields_and_change_choices(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(app, pilot)
        assert app.focused is not None and app.focused.id == "game"
        # game -> (players is fixed for a 2-player game, so skipped) -> name 1 -> kind 1
        await pilot.press("down", "down", "down", "down")
        assert app.focused.id == "kind-1"
        await pilot.press("left")  # normal -> easy
        assert dialog.chosen_seats()[1] == Seat("Bot 2", "easy")
        await pilot.press("left")  # easy -> Human: the default bot name follows
        assert dialog.chosen_seats()[1] == Seat("Player 2")
        await pilot.press("up")
        assert app.focused.id == "name-1"


async def test_options_come_from_the_rules(store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(app, pilot)
        specs = get_game(NEBULAR).rules.option_specs
        fields = list(dialog.query("#options ChoiceField"))
        assert [f.id for f in fields] == [f"opt-{spec.key}" for spec in specs]
        spec = specs[0]
        fields[0].focus()
        await pilot.press("right")
        values = [value for value, _ in spec.choices]
        expected = values[(values.index(spec.default) + 1) % len(values)]
        assert dialog.chosen_options()[spec.key] == expected


async def test_two_seats_with_one_name_are_refused(store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(app, pilot)
        dialog.query_one("#name-1", Input).value = "you"
        await pilot.press("enter")
        assert isinstance(app.screen, NewGameScreen)
        status = dialog.query_one("#status", StatusLine)
        assert status.is_error and "Two seats are called 'You'" in status.text


async def test_a_seed_that_is_not_a_number_is_refused(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(app, pilot)
        dialog.query_one("#seed", Input).value = "-"
        await pilot.press("enter")
        assert isinstance(app.screen, NewGameScreen)
        assert "whole number" in dialog.query_one("#status", StatusLine).text


async def test_escape_goes_back_without_starting(store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await open_dialog(app, pilot)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        assert store.list() == []
