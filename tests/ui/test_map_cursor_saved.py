"""Via Nebula and Nova Lux keep the map cursor with the game: Continue puts it back where
it was (Nova Lux: within the same turn; a new turn starts on the player's Ark)."""

from __future__ import annotations

import random

from ui_harness import SIZE, leave_table

from tui_games.engine.core import Action, default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.games.nova_lux.space_grid import SpaceGrid
from tui_games.games.via_nebula.hexmap import HexMap
from tui_games.tui.app import GamesApp


def nova_turn() -> Session:
    """A solo Nova Lux game replayed to the player's first ordinary turn."""
    rules = get_game("nova_lux").rules
    options = default_options(rules)
    for seed in range(50):
        state = rules.setup(1, seed, options)
        pick = random.Random(seed)
        actions: list[Action] = []
        while rules.to_move(state) is not None and len(actions) < 200:
            if state.phase == "turn" and rules.to_move(state) == 0:
                return Session(rules, [Seat("Ann")], seed, options, actions=actions)
            action = pick.choice(rules.legal_actions(state))
            rules.apply(state, action)
            actions.append(action)
    raise AssertionError("no turn reached")


async def test_the_via_nebula_map_cursor_survives_a_save_and_continue(
        store: SaveStore) -> None:
    session = Session.new(get_game("via_nebula").rules,
                          [Seat("Ann"), Seat("Bob", "normal")], 1, {})
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        hexmap = app.screen.query_one(HexMap)
        start = hexmap.cursor
        await pilot.press("n", "l")
        place = hexmap.cursor
        assert place != start
        await leave_table(pilot)  # to the menu: the game is saved on the way
        await pilot.pause()
        assert not app.screen.query("HexMap")
        await pilot.press("c")
        await pilot.pause()
        assert app.screen.query_one(HexMap).cursor == place


async def test_the_nova_lux_map_cursor_survives_a_save_and_continue(
        store: SaveStore) -> None:
    app = GamesApp(store, session=nova_turn(), bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        grid = app.screen.query_one(SpaceGrid)
        ark = grid.cursor
        grid.focus()  # the map takes the arrows (the list may have the focus at a turn)
        await pilot.press("right", "down")
        cell = grid.cursor
        assert cell != ark
        await leave_table(pilot)  # to the menu: the game is saved on the way
        await pilot.pause()
        assert not app.screen.query("SpaceGrid")
        await pilot.press("c")
        await pilot.pause()
        assert app.screen.query_one(SpaceGrid).cursor == cell


async def test_a_saved_cursor_that_is_not_numbers_is_ignored(store: SaveStore) -> None:
    """An edited save's cursor that does not read as numbers puts nothing back: the map
    starts where a new game would."""
    session = Session.new(get_game("via_nebula").rules,
                          [Seat("Ann"), Seat("Bob", "normal")], 1, {})
    fresh = GamesApp(store, session=session, bot_delay=0)
    async with fresh.run_test(size=SIZE) as pilot:
        await pilot.pause()
        start = fresh.screen.query_one(HexMap).cursor
        screen = fresh.screen
        for value, count, expected in (("3,4", 2, (3, 4)), ("12", 1, (12,)),
                                       ("3:4", 2, (3, 4)), ("x,4", 2, None),
                                       ("3,4,5", 2, None), ("", 1, None), ("-1", 1, None)):
            session.ui_prefs["probe"] = value
            assert screen.saved_numbers("probe", count) == expected  # type: ignore[attr-defined]
    session.ui_prefs.clear()
    session.ui_prefs["map_cursor"] = "nine,ten"
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.screen.query_one(HexMap).cursor == start
