"""What the Nebula table repaints and lays out on its phase keys: the focus moving onto or
off the Galaxy repaints the rows that changed (its cursor), never the whole Galaxy; a
pane swapped on the right lays out the column of panes, not the table."""

from __future__ import annotations

from collections.abc import Sequence

from conftest import SIZE
from test_nebula_snapshots import investing, position
from textual.geometry import Region
from textual.pilot import Pilot

from tui_games.app import GamesApp
from tui_games.engine.saves import SaveStore
from tui_games.games.nebula.screen import NebulaScreen


async def table(pilot: Pilot[None]) -> NebulaScreen:
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NebulaScreen)
    return screen


async def test_the_focus_moving_onto_and_off_the_galaxy_repaints_no_whole_galaxy(
        store: SaveStore) -> None:
    """The cursor shows that the Galaxy has the keys: its look stays as it was (a focus
    tint restyled and repainted all 14 rows, 3-5 ms a phase key, and drew nothing on
    the Galaxy's transparent background)."""
    async with GamesApp(store, session=position(investing), bot_delay=0).run_test(
            size=SIZE) as pilot:
        screen = await table(pilot)
        galaxy = screen.galaxy
        await pilot.pause()
        assert not galaxy.has_focus
        repaints: list[Sequence[Region] | None] = []
        kept = galaxy.repainted

        def record(regions: Sequence[Region] | None) -> None:
            repaints.append(regions)
            kept(regions)

        galaxy.repainted = record  # type: ignore[method-assign]
        galaxy.focus()
        await pilot.pause()
        assert galaxy.has_focus and galaxy.show_cursor
        screen.clusters.focus()
        await pilot.pause()
        assert not galaxy.has_focus and not galaxy.show_cursor
        assert repaints, "the cursor showed, then went: its rows were repainted"
        assert None not in repaints  # None: the whole Galaxy


async def test_a_pane_swapped_at_80x24_lays_out_the_column_of_panes_alone(
        store: SaveStore) -> None:
    """Textual arranges again every container up from a widget shown or hidden while
    the container's height is ``auto``: the column of panes has a height of its own (its
    title line and a pane of 12 rows), so a swap stops there and the table around it
    keeps its arrangement. Every pane still fits the column whole."""
    async with GamesApp(store, session=position(investing), bot_delay=0).run_test(
            size=SIZE) as pilot:
        screen = await table(pilot)
        side = screen.side
        seen = set()
        for _ in side.cycle:
            shown = next(pane for pane in side.panes if pane.display)
            seen.add(shown.name)
            assert not side.styles.auto_dimensions
            assert side.region.height == 13 and shown.region.height == 12
            assert side.region.contains_region(shown.region)
            await pilot.press("tab")
            await pilot.pause()
        assert seen == {"clusters", "values", "cards", "players"}
