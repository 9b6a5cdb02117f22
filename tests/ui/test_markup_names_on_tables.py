"""Every game's table shows seat names as typed: a name that reads as markup ("[/x]",
which Textual would refuse to parse) is drawn literally, on every widget of the table
(each widget that draws text made from outside is built with markup=False)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.widget import Widget
from ui_harness import SIZE, settle

from tui_games.engine.core import default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import all_games, get_game
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.game import GameScreen

MakeApp = Callable[..., GamesApp]
MARKUP = "[/x]"


@pytest.mark.parametrize("game_id", list(all_games()))
async def test_a_markup_name_draws_literally_on_every_table(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    info = get_game(game_id)
    seats = [Seat(MARKUP)] + [Seat(f"{MARKUP}{i}", "easy")
                              for i in range(1, info.rules.min_players)]
    session = Session.new(info.rules, seats, 5, default_options(info.rules))
    app = make_app(store, session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        for widget in screen.query(Widget):
            widget.render()  # a str is parsed now, if it is markup: no MarkupError
        assert screen.seat_names[0] == MARKUP
