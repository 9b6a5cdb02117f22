"""CardTable (tui_games/tui/screens/card_table.py), on every card game in the registry."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from ui_harness import SIZE, settle

from tui_games.engine.core import default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo, all_games, load
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.card_table import CardTable, HandTable, card_bindings
from tui_games.tui.screens.game import GameScreen

MakeApp = Callable[..., GamesApp]

CARD_GAMES = [info for info in all_games().values()
              if issubclass(load(info.screen), CardTable)]


def test_there_are_card_tables() -> None:
    assert CARD_GAMES, "no game's screen builds on CardTable"


def test_card_bindings_put_the_games_keys_first_then_the_shared_ones() -> None:
    own = CARD_GAMES[0]
    bindings = card_bindings(*load(own.screen).BINDINGS[:1])
    assert bindings[0] is load(own.screen).BINDINGS[0]
    assert bindings[1:1 + len(GameScreen.BINDINGS)] == GameScreen.BINDINGS


@pytest.mark.parametrize("info", CARD_GAMES, ids=lambda info: info.id)
async def test_the_next_viewer_starts_on_their_first_card_with_nothing_selected(
        info: GameInfo, store: SaveStore, make_app: MakeApp) -> None:
    players = info.rules.min_players
    seats = [Seat(f"P{i + 1}") for i in range(players)]
    app = make_app(store, Session.new(info.rules, seats, 11, default_options(info.rules)))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # the hand-off to the first player
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, CardTable) and isinstance(screen, HandTable)
        first = screen.viewer
        hand = screen.hand
        assert hand.faces
        last = hand.faces[-1].key  # where the first viewer leaves the cursor
        hand.move_cursor_to(last)
        if hand.selectable:
            hand.select([last])
        assert hand.cursor_key == last
        screen._viewer = (first + 1) % players
        screen.refresh_view()
        await pilot.pause()
        assert screen.viewer != first
        assert hand.cursor_key == hand.faces[0].key
        assert hand.selection == ()
