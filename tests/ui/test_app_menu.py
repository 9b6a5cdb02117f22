"""The main menu: its entries, its keys, Continue, Quit and the command palette."""

from __future__ import annotations

import itertools
import textwrap
from collections.abc import Callable

import pytest
from textual.binding import Binding
from textual.command import CommandPalette
from textual.containers import VerticalScroll
from textual.widgets import Footer, OptionList
from ui_harness import SIZE, menu_registry, pulsar_session

from tui_games.engine.core import default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import all_games, get_game
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.confirm import ConfirmScreen
from tui_games.tui.screens.fields import ChoiceField, NameField, TextField
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.game_over import GameOverScreen
from tui_games.tui.screens.handoff import HandoffScreen
from tui_games.tui.screens.history import HistoryScreen
from tui_games.tui.screens.load import LoadScreen
from tui_games.tui.screens.menu import MenuScreen
from tui_games.tui.screens.new_game import NewGameScreen
from tui_games.tui.screens.pick import PickScreen
from tui_games.tui.screens.replay import ReplayView
from tui_games.tui.screens.rules import GameList, RulesScreen
from tui_games.tui.screens.save_name import SaveNameInput, SaveNameScreen
from tui_games.tui.screens.stats import StatsScreen
from tui_games.tui.widgets.footer import GameFooter

MakeApp = Callable[..., GamesApp]


def menu(app: GamesApp) -> OptionList:
    return app.screen.query_one("#menu", OptionList)


def nebular_session(seed: int = 3) -> Session:
    info = get_game("nebular_colors")
    return Session.new(info.rules, [Seat("You"), Seat("Bot 2", "normal")], seed,
                       default_options(info.rules))


async def test_menu_offers_its_entries_and_the_registered_games(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE):
        assert isinstance(app.screen, MenuScreen)
        ids = [option.id for option in menu(app).options]
        assert ids == ["new", "continue", "load", "history", "stats", "rules", "learn", "quit"]
        titles = [str(label.render()) for label in app.screen.query(".game-title")]
        assert titles == [info.title for info in all_games().values()]


async def test_continue_is_disabled_with_a_reason_when_nothing_is_saved(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        option = menu(app).get_option("continue")
        assert option.disabled
        assert "no saved game yet" in str(option.prompt)
        await pilot.press("c")
        assert isinstance(app.screen, MenuScreen)


async def test_continue_resumes_the_latest_save(store: SaveStore, make_app: MakeApp) -> None:
    older, newer = nebular_session(1), nebular_session(2)
    store.autosave(older)
    store.autosave(newer)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        option = menu(app).get_option("continue")
        assert not option.disabled
        assert "Nebular Colors, turn 1: You vs Bot 2" in str(option.prompt)
        await pilot.press("down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.seed == newer.seed


async def test_arrows_and_enter_open_each_entry(store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")
        assert isinstance(app.screen, NewGameScreen)
        await pilot.press("escape")
        # Continue is disabled, so down skips it: New game -> Load -> History -> Stats
        # -> Rules.
        await pilot.press("down", "enter")
        assert isinstance(app.screen, LoadScreen)
        await pilot.press("escape", "down", "enter")
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("escape", "down", "enter")
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("escape", "down", "enter")
        assert isinstance(app.screen, RulesScreen)
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_letter_keys_are_shortcuts(store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        for key, screen in (("l", LoadScreen), ("h", HistoryScreen), ("s", StatsScreen),
                            ("r", RulesScreen)):  # n: new-game tests
            await pilot.press(key)
            assert isinstance(app.screen, screen)
            await pilot.press("escape")
            assert isinstance(app.screen, MenuScreen)


async def test_every_menu_key_shows_whole_in_the_footer_at_80x24(
        store: SaveStore, make_app: MakeApp) -> None:
    """With History and Stats the menu has seven letters; at 80 columns 'q Quit' was cut."""
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        keys = list(footer.query("FooterKey"))  # Footer's own key widgets, by type name
        assert {getattr(key, "description", "") for key in keys} >= {
            "New", "Continue", "Load", "History", "Stats", "Rules", "Learn", "Quit"}
        assert footer.max_scroll_x == 0  # nothing runs past the right edge
        for left, right in itertools.pairwise(keys):  # nor under the palette key beside it
            assert left.region.right <= right.region.x, getattr(left, "description", "")


async def test_quit_leaves_the_app(store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("q")
        await pilot.pause()
        assert app.return_code == 0
        assert not app.is_running


def test_every_binding_has_a_description_and_shows_in_the_footer() -> None:
    screens = [MenuScreen, NewGameScreen, LoadScreen, RulesScreen, HandoffScreen,
               GameOverScreen, ConfirmScreen, SaveNameScreen, GameScreen, ChoiceField,
               TextField, NameField, GameList, SaveNameInput, PickScreen, HistoryScreen,
               StatsScreen, ReplayView]
    for owner in screens:
        for binding in owner.BINDINGS:
            assert isinstance(binding, Binding), (owner, binding)
            assert binding.description and binding.show, (owner, binding)


async def test_every_table_binding_shows_in_the_footer_alone_or_in_its_group(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    """The rule above, on a table as drawn at 80 columns: a key of a group (the log's
    PageUp/PageDown/Home/End) counts as shown through its group's one entry; a key that
    is cut off does not. A key its screen hides now (H with no hint for this game, the
    Esc that stops a hint being worked out) is not offered, so it is not asked for."""
    app = make_app(pulsar_store, pulsar_session([Seat("You"), Seat("Bot 2", "easy")]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        footer = app.screen.query_one(GameFooter)
        covered = {key for entry in footer.drawn for key in entry.covers}
        actions = {app.screen.active_bindings[key].binding.action for key in covered}
        offered = {value.binding.action for value in app.screen.active_bindings.values()}
        assert {"save", "undo", "rules", "menu", "scroll_log(1)"} <= offered
        for binding in GameScreen.BINDINGS:
            assert isinstance(binding, Binding)
            if binding.action in offered:
                assert binding.action in actions, (binding, footer.drawn)


async def test_the_command_palette_lists_the_game_commands(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        assert CommandPalette.is_open(app)
        results = app.screen.query_one("CommandList", OptionList)
        shown = [str(option.prompt) for option in results.options]
        for name in ("New game", "Load game", "History", "Stats", "Rules", "Theme"):
            assert any(name in text for text in shown), shown
        await pilot.press(*"new game")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, NewGameScreen)


async def test_game_blurbs_wrap_instead_of_being_cut_at_80x24(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        blurbs = list(app.screen.query(".game-blurb"))
        assert [str(b.render()) for b in blurbs] == [i.blurb for i in all_games().values()]
        for blurb in blurbs:
            width, height = blurb.content_size
            lines = textwrap.wrap(str(blurb.render()), width)
            assert height == len(lines), (str(blurb.render()), width, height)
            assert blurb.region.bottom <= SIZE[1] - 1  # above the Footer


async def test_any_number_of_games_fits_the_menu_at_80x24(
        store: SaveStore, make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """Nine games whose blurbs all wrap: the menu stays whole above the Footer and the
    list of games scrolls, its last game in reach."""
    games = menu_registry(9, wrapping=9)
    monkeypatch.setattr("tui_games.tui.screens.menu.all_games", lambda: games)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        await pilot.pause()
        listed = app.screen.query_one("#games", VerticalScroll)
        rows = list(listed.query(".game-row"))
        assert len(rows) == len(games)
        assert menu(app).region.y >= 0 and menu(app).region.bottom <= SIZE[1] - 1
        assert listed.region.bottom <= SIZE[1] - 1  # above the Footer
        assert listed.max_scroll_y > 0  # the rest is a scroll away
        listed.scroll_end(animate=False)
        await pilot.pause()
        assert listed.region.contains_region(rows[-1].region)
        await pilot.resize_terminal(100, 40)
        await pilot.pause()
        await pilot.pause()
        await pilot.pause()
        assert listed.max_scroll_y == 0 and listed.scroll_y == 0  # room: every game at once


@pytest.mark.parametrize("count", [1, 5])
async def test_a_few_games_show_whole_without_scrolling(
        count: int, store: SaveStore, make_app: MakeApp,
        monkeypatch: pytest.MonkeyPatch) -> None:
    games = menu_registry(count)
    monkeypatch.setattr("tui_games.tui.screens.menu.all_games", lambda: games)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.pause()
        listed = app.screen.query_one("#games", VerticalScroll)
        assert len(listed.query(".game-row")) == count and listed.max_scroll_y == 0
        assert listed.region.bottom <= SIZE[1] - 1


async def test_a_palette_search_that_finds_its_list_gone_ends_quietly(
        store: SaveStore, make_app: MakeApp) -> None:
    """Esc right after a letter can close the palette while its search is starting: the
    search then has no list to fill (found by the fuzz: NoMatches 'CommandList')."""
    from textual.command import CommandList

    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        palette = app.screen
        assert CommandPalette.is_open(app)
        await palette.query_one(CommandList).remove()  # as the closing palette does
        palette._gather_commands("new")
        await app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.press("escape")
        assert not CommandPalette.is_open(app)


@pytest.mark.parametrize("dialog", ["confirm", "choice", "load", "pick"])
async def test_a_dialog_closed_before_it_is_built_does_not_crash(
        store: SaveStore, make_app: MakeApp, dialog: str) -> None:
    """A key typed ahead can close a dialog in the tick it opens (fuzz game_over seed 115:
    the quit question): mounting it then finds none of its widgets, and must not fail."""
    from tui_games.engine.core import OptionSpec
    from tui_games.tui.screens.confirm import Choice, ChoiceScreen

    screens = {
        "confirm": lambda: ConfirmScreen("Quit?"),
        "choice": lambda: ChoiceScreen("Which?", [Choice("a", "A", "a"),
                                                  Choice("b", "B", "b")], "b"),
        "load": LoadScreen,
        "pick": lambda: PickScreen(OptionSpec("k", "Kinds", (("a+b", "A and B"),), "a+b",
                                              pick=2, items=(("a", "A"), ("b", "B"),
                                                             ("c", "C"))), "a+b"),
    }
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu_screen = app.screen
        screen = screens[dialog]()
        app.push_screen(screen)
        screen.dismiss(None)
        await pilot.pause()
        await pilot.pause()
        assert app.screen is menu_screen and app.is_running


def shown_text(app: GamesApp) -> str:
    """The screen's text as the SVG screenshot writes it (spaces as spaces)."""
    return app.export_screenshot().replace("&#160;", " ")


async def test_the_menu_the_load_screen_and_the_table_show_the_same_turn_number(
        store: SaveStore, make_app: MakeApp) -> None:
    info = get_game("via_nebula")
    session = Session.new(info.rules, [Seat("You"), Seat("Bot 2", "normal")], 4,
                          {"first": "seat1"})
    while session.turn < 2 or session.to_move != 0:   # two turns done: the third in play
        session.apply(info.rules.legal_actions(session.state)[0])
    store.autosave(session)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        assert "Via Nebula, turn 3: You vs Bot 2" in str(menu(app).get_option("continue").prompt)
        await pilot.press("down", "down", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        assert "turn 3 · saved" in shown_text(app)
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("up", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert "Via Nebula · turn 3 ·" in shown_text(app)


async def test_the_learn_pickers_footer_keeps_a_space_after_move(
        store: SaveStore, make_app: MakeApp) -> None:
    # The picker's footer is compact (six answers); its group word "Move" read "Move1".
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("p")
        await pilot.pause()
        footer = app.screen.query_one(Footer)
        parts = [part for part in footer.children if part.region.width]
        words = [part for part in parts if type(part).__name__ == "FooterLabel"]
        assert words, "the picker's footer groups its arrows under one word"
        for word in words:
            after = parts[parts.index(word) + 1]
            assert after.region.x > word.region.right, (word.region, after.region)
