"""What the Nova Lux table repaints when the keys move between the map and the action
list (Enter opens the list, Esc goes back, a play returns to the map): the map's rows
that changed, never the whole map (a whole map is ~3,000 bytes to the terminal)."""

from __future__ import annotations

from collections.abc import Sequence

from nova_lux_first_turn import first_turn
from textual.geometry import Region
from textual.strip import Strip
from ui_harness import SIZE

from tui_games.engine.saves import SaveStore
from tui_games.games.nova_lux.board import CELL_NAMES
from tui_games.games.nova_lux.rules import NovaLuxRules
from tui_games.games.nova_lux.screen import NovaLuxScreen
from tui_games.games.nova_lux.space_grid import SpaceGrid
from tui_games.games.nova_lux.state import MoveTo, NovaLuxState
from tui_games.tui.app import GamesApp

RULES = NovaLuxRules()


def record_repaints(grid: SpaceGrid) -> list[Sequence[Region] | None]:
    """Every repaint the grid asks for from now on (None: the whole grid)."""
    repaints: list[Sequence[Region] | None] = []
    kept = grid.repainted

    def record(regions: Sequence[Region] | None) -> None:
        repaints.append(regions)
        kept(regions)

    grid.repainted = record  # type: ignore[method-assign]
    return repaints



async def test_the_keys_moving_between_map_and_list_repaint_no_whole_map(
        store: SaveStore) -> None:
    """The map draws nothing of its own for the focus (its background is the screen's):
    Enter, Esc and a play move the keys and leave the map's rows as they are."""
    session = first_turn()
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NovaLuxScreen)
        grid = screen.grid
        repaints = record_repaints(grid)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.action_list.has_focus
        await pilot.press("escape")
        await pilot.pause()
        assert grid.has_focus
        await pilot.press("enter")
        await pilot.pause()
        await pilot.press("enter")  # plays the safest line; the keys go back to the map
        await pilot.pause()
        assert grid.has_focus
        assert None not in repaints  # None: the whole map


async def test_a_cursor_key_lays_the_map_out_once(store: SaveStore) -> None:
    """The grid's own refresh for the cursor and the screen's (caption, path, list) are
    one comparison of its rows with the screen's, not two (SpaceGrid.action_step)."""
    session = first_turn()
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NovaLuxScreen)
        grid = screen.grid
        laid: list[int] = []
        kept = grid.lay_out

        def count(width: int) -> list[Strip]:
            laid.append(width)
            return kept(width)

        grid.lay_out = count  # type: ignore[method-assign]
        for key in ("right", "down", "left", "up"):
            before, cell = len(laid), grid.cursor
            await pilot.press(key)
            await pilot.pause()
            assert grid.cursor != cell
            assert len(laid) - before == 1, key


async def test_a_cursor_key_where_the_ark_cannot_fly_leaves_the_caption_as_it_is(
        store: SaveStore) -> None:
    """Once the Ark has moved this turn, the caption under the map is empty on every
    cell (the side panel names the cell, the list shows what Enter offers there): a
    cursor key repaints the two cells' rows, not the caption's (issue 17: bytes per key)."""
    session = first_turn()
    state: NovaLuxState = session.state
    session.apply(next(a for a in RULES.legal_actions(state) if isinstance(a, MoveTo)))
    assert "move" in state.did and state.current == 0
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, NovaLuxScreen)
        grid = screen.grid
        repaints = record_repaints(grid)
        for key in ("right", "down", "left", "up"):
            await pilot.press(key)
            await pilot.pause()
            assert grid.caption == "", key
            assert CELL_NAMES[grid.cursor] in screen.query_one("#nl-cell").render_lines(
                Region(0, 0, 40, 1))[0].text, key
        assert repaints and None not in repaints
        rows = {region.y + dy for regions in repaints if regions for region in regions
                for dy in range(region.height)}
        caption_row = grid.size.height - 2  # the caption, then the legend
        assert rows and max(rows) < caption_row  # the cells' rows only
