"""The Keys panel (ctrl+p, Keys): Esc closes it, and it names every key of a map."""

from __future__ import annotations

from collections.abc import Callable

from rich.console import Console
from textual.widgets import HelpPanel
from textual.widgets._key_panel import BindingsTable
from ui_harness import SIZE, settle

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.menu import MenuScreen

MakeApp = Callable[..., GamesApp]


def panel_text(app: GamesApp) -> str:
    """The Keys panel's table as plain text."""
    console = Console(width=60, record=True, color_system=None)
    console.print(app.screen.query_one(BindingsTable).render_bindings_table())
    return console.export_text()


async def test_esc_closes_the_keys_panel_and_does_nothing_else(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        app.action_show_help_panel()
        await pilot.pause()
        assert app.screen.query(HelpPanel)
        await pilot.press("escape")
        await pilot.pause()
        assert not app.screen.query(HelpPanel)
        assert isinstance(app.screen, MenuScreen)


async def test_the_keys_panel_names_west_and_north_west_on_the_via_nebula_map(
        store: SaveStore) -> None:
    session = Session.new(get_game("via_nebula").rules, [Seat("Ann"), Seat("Bob", "easy")],
                          3, {})
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot, 3)
        app.action_show_help_panel()
        await settle(app, pilot, 2)
        text = panel_text(app)
        for word in ("← h West", "→ l East", "y North-west", "u North-east", "b South-west",
                     "n South-east"):
            assert word in text, word
        await pilot.press("escape")
        await pilot.pause()
        assert not app.screen.query(HelpPanel)
        assert app.screen.is_current  # still at the table: Esc only closed the panel
