"""Below 80x24 every screen gives way to a centred "too small" panel, and comes back."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.widgets import OptionList, Static
from ui_harness import settle

from tui_games.engine.core import default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import all_games, get_game
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.new_game import NewGameScreen
from tui_games.tui.screens.too_small import TooSmall
from tui_games.tui.widgets.status import StatusLine

MakeApp = Callable[..., GamesApp]


def panel_text(app: GamesApp) -> str:
    return str(app.screen.query_one("#too-small-message", Static).render())


async def test_a_small_terminal_shows_the_panel_instead_of_the_menu(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        panel = app.screen.query_one(TooSmall)
        assert panel.display
        assert "need 80x24, have 60x20" in panel_text(app)
        assert not app.screen.query_one("#menu", OptionList).region  # not laid out
        await pilot.resize_terminal(80, 24)
        await pilot.pause(0.1)
        assert not panel.display
        assert app.screen.query_one("#menu", OptionList).region


async def test_the_panel_follows_resizes_and_covers_screens_opened_meanwhile(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=(100, 30)) as pilot:
        await pilot.resize_terminal(79, 30)
        await pilot.pause(0.1)
        assert "have 79x30" in panel_text(app)
        await pilot.press("n")  # keys still work: the dialog opens, covered too
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)
        assert app.screen.query_one(TooSmall).display
        await pilot.resize_terminal(100, 23)
        await pilot.pause(0.1)
        assert "have 100x23" in panel_text(app)
        await pilot.resize_terminal(100, 30)
        await pilot.pause(0.1)
        assert not app.screen.query_one(TooSmall).display
        await pilot.press("escape")
        assert not app.screen.query_one(TooSmall).display


async def test_focus_returns_when_the_app_regains_the_keyboard_with_nothing_focused(
        store: SaveStore, make_app: MakeApp) -> None:
    from textual.events import AppFocus

    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.screen.set_focus(None)  # as Textual's web driver leaves it when it starts
        app.app_focus = False
        app.post_message(AppFocus())
        await pilot.pause()
        assert app.screen.focused is app.screen.query_one("#menu", OptionList)


async def test_a_list_squeezed_to_no_room_for_text_measures_a_line_per_option() -> None:
    """Textual's OptionList raised ValueError measuring itself at exactly its options'
    padding (the fuzz met it on the menu during a resize); ChoiceList, used for every
    list of choices, measures one line per option there."""
    from textual.app import App, ComposeResult
    from textual.geometry import Size
    from textual.widgets import OptionList

    from tui_games.tui.screens.fields import ChoiceList

    class Lists(App[None]):
        def compose(self) -> ComposeResult:
            yield ChoiceList("New game", "Continue", id="choices")

    app = Lists()
    async with app.run_test(size=(40, 12)):
        choices = app.query_one(ChoiceList)
        assert isinstance(choices, OptionList)
        padding = choices.get_component_styles("option-list--option").padding.width
        size = Size(padding, 9)
        assert choices.get_content_height(size, Size(40, 12), padding) == 2
        assert choices.get_content_height(size, Size(40, 12), 30) == 2


@pytest.mark.parametrize("game_id", all_games())
async def test_a_key_pressed_while_the_table_is_too_small_leaves_the_turns_prompt(
        game_id: str, store: SaveStore) -> None:
    rules = get_game(game_id).rules
    seats = [Seat("You")] + [Seat(f"Bot {n}", "easy") for n in range(2, rules.min_players + 1)]
    session = Session.new(rules, seats, 5, default_options(rules))
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(app, pilot, 3)
        status = app.screen.query_one(StatusLine)
        prompt, played = status.text, len(session.actions)
        await pilot.resize_terminal(60, 20)
        await pilot.pause(0.1)
        await pilot.press("d", "e", "enter", "space", "tab", "down")  # unseen: nothing plays
        await pilot.resize_terminal(80, 24)
        await settle(app, pilot, 2)
        assert status.text == prompt
        assert len(session.actions) == played
