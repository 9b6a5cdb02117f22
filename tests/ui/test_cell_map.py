"""CellMap, the shared base of the hex map and the space grid: one cursor moved by keys and
clicks, one drawing path that repaints only the rows a cursor move touches."""

from __future__ import annotations

from collections.abc import Hashable

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Offset, Region
from textual.widget import Widget

from tui_games.games.nova_lux.space_grid import SpaceGrid
from tui_games.games.via_nebula.board import CELL, MAP_HEIGHT, MAP_WIDTH
from tui_games.games.via_nebula.hexmap import HexMap
from tui_games.widgets.cell_map import CellMap


class MapLab(App[None]):
    """One map under test, shown with named cells, and whatever it chose."""

    def __init__(self, widget: CellMap) -> None:
        super().__init__()
        self.widget = widget
        self.chosen: list[Hashable] = []

    def compose(self) -> ComposeResult:
        yield self.widget

    def on_mount(self) -> None:
        widget = self.widget
        if isinstance(widget, HexMap):
            widget.show({p: (((f"{p[0]}{p[1]}".center(4), ""),),) for p in widget.places},
                        caption="caption", legend="legend")
        else:
            assert isinstance(widget, SpaceGrid)
            widget.show([(((f"{c:<3}", ""),),) for c in range(49)], caption="caption",
                        legend="legend")
        widget.focus()

    def on_hex_map_chosen(self, event: HexMap.Chosen) -> None:
        self.chosen.append(event.place)

    def on_space_grid_chosen(self, event: SpaceGrid.Chosen) -> None:
        self.chosen.append(event.cell)


def repaints(monkeypatch: pytest.MonkeyPatch, widget: Widget) -> list[tuple[Region, ...]]:
    asked: list[tuple[Region, ...]] = []
    refresh = Widget.refresh

    def recording(self: Widget, *regions: Region, **kwargs: bool) -> Widget:
        if self is widget:
            asked.append(regions)
        return refresh(self, *regions, **kwargs)

    monkeypatch.setattr(Widget, "refresh", recording)
    return asked


async def test_a_click_on_a_hex_moves_the_cursor_there_and_a_second_click_chooses_it() -> None:
    hexmap = HexMap(MAP_HEIGHT, MAP_WIDTH, CELL)
    app = MapLab(hexmap)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        place = (3, 2)  # an odd row: half a cell (two columns) further right
        assert place in hexmap.places
        at = Offset(2 + place[1] * 5 + 1, place[0])
        await pilot.click(hexmap, offset=at)
        assert hexmap.cursor == place and app.chosen == []
        await pilot.click(hexmap, offset=at)
        await pilot.pause()
        assert app.chosen == [place]


async def test_a_click_on_a_gap_or_the_caption_moves_nothing() -> None:
    grid = SpaceGrid(7)
    app = MapLab(grid)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        await pilot.click(grid, offset=Offset(3, 0))   # the gap after cell 0
        await pilot.click(grid, offset=Offset(1, 7))   # the caption
        assert grid.cursor == 0
        await pilot.click(grid, offset=Offset(2 * 4 + 1, 1))
        assert grid.cursor == 7 + 2


async def test_a_cursor_key_repaints_the_two_rows_it_touches(
        monkeypatch: pytest.MonkeyPatch) -> None:
    grid = SpaceGrid(7)
    app = MapLab(grid)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        asked = repaints(monkeypatch, grid)
        drawn = grid.lines_rendered
        await pilot.press("down")
        rows = {region.y for regions in asked for region in regions}
        assert rows == {0, 1} and () not in asked
        assert grid.lines_rendered == drawn + 2  # the two cells whose look changed
