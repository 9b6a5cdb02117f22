"""The rules screen: from the menu (with a game list) and for the game on the table."""

from __future__ import annotations

from collections.abc import Callable

from conftest import SIZE
from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static

from tui_games.app import GamesApp
from tui_games.engine.saves import SaveStore
from tui_games.games import all_games
from tui_games.screens.menu import MenuScreen
from tui_games.screens.rules import RulesScreen

MakeApp = Callable[..., GamesApp]


async def test_rules_from_the_menu_show_the_first_game_and_scroll(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        games = screen.query_one("#rules-games", OptionList)
        assert [o.id for o in games.options] == list(all_games())
        first = next(iter(all_games().values()))
        assert str(screen.query_one("#rules-title", Static).render()) == f"Rules - {first.title}"
        scroll = screen.query_one("#rules-scroll", VerticalScroll)
        assert scroll.has_focus
        await pilot.pause()
        assert scroll.max_scroll_y > 0  # a real rulebook is longer than one screen
        await pilot.press("pagedown")
        await pilot.pause()
        assert scroll.scroll_y > 0
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)
