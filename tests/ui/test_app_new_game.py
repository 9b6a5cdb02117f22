"""The new-game dialog: defaults, keyboard, validation, and starting a real game."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Input, Static
from ui_harness import SIZE, leave_table

from tui_games.engine.core import default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat
from tui_games.games import all_games, get_game
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.fields import ChoiceField
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.menu import MenuScreen
from tui_games.tui.screens.new_game import OPTION_FITS, NewGameScreen, choice_words, full_label
from tui_games.tui.widgets.status import StatusLine

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
        await leave_table(pilot)
        dialog = await open_dialog(app, pilot)
        assert dialog.query_one("#seed", Input).value == ""


async def test_hot_seat_names_every_human_and_keeps_typed_names(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(app, pilot)
        dialog.query_one("#game", ChoiceField).value = "neptune"
        await pilot.pause()
        dialog.query_one("#count", ChoiceField).value = 3
        await pilot.pause()
        assert [s.name for s in dialog.chosen_seats()] == ["You", "Bot 2", "Bot 3"]
        dialog.query_one("#kind-1", ChoiceField).value = "human"
        await pilot.pause()
        assert dialog.chosen_seats() == [Seat("Player 1"), Seat("Player 2"),
                                         Seat("Bot 3", "normal")]
        dialog.query_one("#name-1", Input).value = "Ana"
        dialog.query_one("#kind-2", ChoiceField).value = "human"
        await pilot.pause()
        assert [s.name for s in dialog.chosen_seats()] == ["Player 1", "Ana", "Player 3"]
        dialog.query_one("#kind-1", ChoiceField).value = "easy"
        dialog.query_one("#kind-2", ChoiceField).value = "hard"
        await pilot.pause()
        assert dialog.chosen_seats() == [Seat("You"), Seat("Ana", "easy"),
                                         Seat("Bot 3", "hard")]


async def test_every_field_is_reachable_and_changeable_with_the_hinted_keys(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(app, pilot)
        status = dialog.query_one("#status", StatusLine)
        await pilot.press("right", "right")  # Nebula: 2-4 players and an option
        assert dialog.info.id == "nebula"
        labels = [str(label.render()) for label in dialog.query(".field-label")
                  if label.parent is not None and label.parent.display]
        assert len(labels) == len(set(labels)), labels  # no two fields share a label
        await pilot.press("down", "right", "right")
        assert dialog.seat_count() == 4
        await pilot.press("down")
        assert app.focused is not None and app.focused.id == "name-0"
        assert "name" in status.text and "↑↓" in status.text
        shown = {key for key, b in dialog.active_bindings.items() if b.binding.show}
        assert {"up", "down", "enter", "space"} <= shown  # the Footer names them
        await pilot.press("space")  # before the name: opens the seat's list
        await pilot.pause()
        assert app.focused is not None and app.focused.id != "name-0"
        kind = dialog.query_one("#kind-0", ChoiceField)
        assert kind.expanded
        await pilot.press("escape")
        assert app.focused is kind and not kind.expanded
        assert "←→" in status.text and "Seat 1" in status.text
        await pilot.press("up", "end", "space", "J", "o")  # inside a name, space types
        assert dialog.query_one("#name-0", Input).value == "You Jo"
        visited = []
        for _ in range(12):
            await pilot.press("down")
            assert app.focused is not None
            visited.append(app.focused.id)
            if app.focused.id == "start":
                break
        assert visited == ["kind-0", "name-1", "kind-1", "name-2", "kind-2", "name-3",
                           "kind-3", "seed", "opt-mode", "start"]
        await pilot.press("up", "left")
        assert dialog.chosen_options()["mode"] != "full"
        await pilot.press("up", "up", "right")  # back through the seed to seat 4's kind
        assert dialog.chosen_seats()[3].bot == "hard"


async def test_a_page_key_on_a_list_opened_a_moment_ago_does_nothing() -> None:
    """Space then PageUp typed at once on a field (the fuzz): Textual's drop-down list
    raised KeyError paging before its lines were built; the field's list waits."""
    from textual.app import App, ComposeResult
    from textual.widgets._select import SelectOverlay


    class Form(App[None]):
        def compose(self) -> ComposeResult:
            yield ChoiceField([("Two", 2), ("Three", 3), ("Four", 4)], 3)

    app = Form()
    async with app.run_test(size=(40, 12)) as pilot:
        field = app.query_one(ChoiceField)
        overlay = field.query_one(SelectOverlay)
        field.focus()
        await pilot.press("space", "pagedown", "enter")
        assert field.value == 4
        await pilot.press("space")
        assert overlay.has_focus
        overlay._index_to_line.clear()  # as before the list is first laid out
        await pilot.press("pageup", "pagedown")  # would raise KeyError in Textual's list
        await pilot.press("escape")
        assert field.value == 4 and not field.expanded


def test_the_player_counts_read_1_player_and_2_players() -> None:
    counts = NewGameScreen._count_choices(get_game("nova_lux"))
    assert counts[:2] == [("1 player", 1), ("2 players", 2)]


def test_a_long_choice_shows_its_head_in_the_field_and_the_rest_below_never_twice() -> None:
    # Neptune's "Special cards  Default: Black Hole, Stationfall, ▼" was cut in its field,
    # then repeated in full on the line under it.
    for game_id in all_games():
        for spec in get_game(game_id).rules.option_specs:
            for value, _label in spec.choices:
                field, note = choice_words(full_label(spec, value))
                assert len(field) <= OPTION_FITS, (game_id, field)
                assert not (note and field.rstrip("…") in note and not field.endswith("…")), \
                    (game_id, field, note)
    assert choice_words("Default: Black Hole, Stationfall, Jump Gate, Space Bandit, "
                        "Asteroids 5, 7") == (
        "Default", "Black Hole, Stationfall, Jump Gate, Space Bandit, Asteroids 5, 7")


async def test_neptunes_special_cards_read_default_with_the_cards_under_it(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        dialog = await open_dialog(app, pilot)
        dialog.query_one("#game", ChoiceField).value = "neptune"
        await pilot.pause()
        await pilot.pause()
        field = dialog.query_one("#opt-specials", ChoiceField)
        assert [label for label, value in field.choices if value == field.value] == ["Default"]
        note = dialog.query_one("#note-specials", Static)
        assert note.display
        assert str(note.render()) == ("Black Hole, Stationfall, Jump Gate, Space Bandit, "
                                      "Asteroids 5, 7")
