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
