"""The rules screen: from the menu (with a game list) and for the game on the table."""

from __future__ import annotations

from collections.abc import Callable

from textual.containers import VerticalScroll
from textual.widgets import OptionList, Static
from ui_harness import SIZE

from tui_games.engine.saves import SaveStore
from tui_games.games import all_games
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.menu import MenuScreen
from tui_games.tui.screens.rules import RulesScreen

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


def shown_keys(screen: RulesScreen) -> set[str]:
    return {key for key, active in screen.active_bindings.items() if active.binding.show}


async def test_the_footer_names_the_keys_and_brackets_or_tab_switch_games(
        store: SaveStore, make_app: MakeApp) -> None:
    games = list(all_games().values())
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        title = screen.query_one("#rules-title", Static)
        scroll = screen.query_one("#rules-scroll", VerticalScroll)
        assert {"up", "down", "pageup", "pagedown", "left_square_bracket",
                "right_square_bracket", "tab", "escape"} <= shown_keys(screen)
        await pilot.press("pagedown", "right_square_bracket")
        await pilot.pause()
        assert str(title.render()) == f"Rules - {games[1].title}"
        assert scroll.has_focus and scroll.scroll_y == 0  # a new game starts at the top
        await pilot.press("left_square_bracket", "left_square_bracket")
        assert str(title.render()) == f"Rules - {games[-1].title}"  # wraps around
        game_list = screen.query_one("#rules-games", OptionList)
        marked = [str(o.prompt) for o in game_list.options if str(o.prompt).startswith("▸")]
        assert marked == [f"▸ {games[-1].title}"]  # the list marks the game shown
        await pilot.press("tab")
        assert game_list.has_focus and {"tab", "enter"} <= shown_keys(screen)
        await pilot.press("down", "enter")
        assert str(title.render()) == f"Rules - {games[0].title}"
        assert scroll.has_focus


async def test_rules_opened_for_a_game_show_it_with_the_text_focused(
        store: SaveStore, make_app: MakeApp) -> None:
    games = list(all_games().values())
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await app.push_screen(RulesScreen(games[1]))
        await pilot.pause()
        screen = app.screen
        assert str(screen.query_one("#rules-title", Static).render()) == \
            f"Rules - {games[1].title}"
        assert screen.query_one("#rules-games", OptionList).highlighted == 1
        assert screen.query_one("#rules-scroll", VerticalScroll).has_focus
        await pilot.press("down")
        assert str(screen.query_one("#rules-title", Static).render()) == \
            f"Rules - {games[1].title}"  # the arrows scroll; they never switch games


async def test_keys_that_reach_the_rules_after_they_closed_do_nothing(
        store: SaveStore, make_app: MakeApp) -> None:
    """Keys typed ahead can reach the rules screen after Esc closed it (fuzz neptune
    seed 122: "escape ... ]"): switching games or moving the focus then does nothing
    instead of failing to find the screen's widgets."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("r")
        screen = app.screen
        assert isinstance(screen, RulesScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen
        await screen.remove_children()  # what a closed screen may be left with
        for action in ("switch(1)", "switch(-1)", "focus_text", "focus_games"):
            await screen.run_action(action)
        assert app.is_running
