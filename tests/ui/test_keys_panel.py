"""The Keys panel (ctrl+p, Keys): Esc closes it, and it names every key of a map."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from rich.console import Console
from textual.binding import Binding
from textual.widgets import HelpPanel
from textual.widgets._key_panel import BindingsTable
from ui_harness import SIZE, settle

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import all_games, get_game
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


def _tokens(row: str) -> set[str]:
    return {word.strip("()") for word in row.split()}


@pytest.mark.parametrize("game_id", sorted(all_games()))
async def test_the_keys_panel_names_every_active_key_of_every_game_widget(
        store: SaveStore, game_id: str) -> None:
    """Each key bound with a description, in every focusable part of every game's table,
    is named in the Keys panel beside its description: a set's summary ("←↑↓→ Move") hid
    the key of the binding it stands on (Nova Lux's "↑ k", Nebula's "↑ k" on the galaxy)."""
    info = get_game(game_id)
    players = max(2, min(info.players))
    seats = [Seat("Ann")] + [Seat(f"Bot {i + 1}", "easy") for i in range(1, players)]
    app = GamesApp(store, session=Session.new(info.rules, seats, 3, {}), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot, 3)
        table = app.screen
        parts = [w for w in table.walk_children() if w.focusable and w.display]
        assert parts
        for part in parts:
            part.focus()
            await pilot.pause()
            app.action_show_help_panel()
            await settle(app, pilot, 2)
            rows = [_tokens(row) for row in panel_text(app).splitlines()]
            for active in table.active_bindings.values():
                binding = active.binding
                if not binding.description or binding.system:
                    continue
                keys = binding.key.split(",")
                for key in keys:
                    # A key_display names a binding of one key; one standing for several
                    # keys is a summary, and the binding's own key must be named besides.
                    names = {app.get_key_display(Binding(key, binding.action))}
                    if len(keys) == 1 and binding.key_display:
                        names.add(binding.key_display)
                    assert any(names & row and binding.description.split()[0] in row
                               for row in rows), (type(part).__name__, key, binding.description)
            app.action_hide_help_panel()
            await pilot.pause()
