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


async def test_defaults_are_you_against_a_normal_bot_with_the_rules_options(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(app, pilot)
        assert dialog.query_one("#game", ChoiceField).value == NEBULAR
        assert dialog.chosen_seats() == [Seat("You"), Seat("Bot 2", "normal")]
        rules = get_game(NEBULAR).rules
        assert dialog.chosen_options() == default_options(rules)
        fields = list(dialog.query("#options ChoiceField"))
        assert [f.id for f in fields] == [f"opt-{spec.key}" for spec in rules.option_specs]
        spec = rules.option_specs[0]
        fields[0].focus()
        await pilot.press("right")
        values = [value for value, _ in spec.choices]
        expected = values[(values.index(spec.default) + 1) % len(values)]
        assert dialog.chosen_options()[spec.key] == expected
        seeds = {dialog.chosen_seed() for _ in range(3)}  # blank seed: a new random one
        assert len(seeds) == 3 and all(isinstance(seed, int) for seed in seeds)


async def test_bad_names_and_seeds_are_refused_and_escape_starts_nothing(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(app, pilot)
        status = dialog.query_one("#status", StatusLine)
        dialog.query_one("#name-1", Input).value = "you"
        await pilot.press("enter")
        assert isinstance(app.screen, NewGameScreen)
        assert status.is_error and "Two seats are called 'You'" in status.text
        dialog.query_one("#name-1", Input).value = "Bo"
        dialog.query_one("#seed", Input).value = "-"
        await pilot.press("enter")
        assert isinstance(app.screen, NewGameScreen)
        assert "whole number" in status.text
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
        assert store.list() == []


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
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen",
                                                                "NebularColorsScreen"]


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


async def test_the_seed_from_the_command_line_is_offered_once(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    app.first_seed = 77
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(app, pilot)
        assert dialog.query_one("#seed", Input).value == "77"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.session.seed == 77
        await pilot.press("escape")
        dialog = await open_dialog(app, pilot)
        assert dialog.query_one("#seed", Input).value == ""
