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
from tui_games.tui.widgets.cell_map import CellMap


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


def lit_rows(widget: CellMap) -> list[int]:
    """The map rows (after the ruler line, if any) drawing a cell in reverse video."""
    top = 1 if widget.render_line(0).text.split() == list("ABCDEFGHI") else 0
    return [y - top for y in range(top, top + widget.rows)
            if any(seg.style and seg.style.reverse and len(seg.text.strip()) > 1
                   for seg in widget.render_line(y))]


async def test_kept_rows_follow_the_cursor_marks_and_flags() -> None:
    """Rows are kept between layouts: what they show must still follow every change."""
    hexmap = HexMap(MAP_HEIGHT, MAP_WIDTH, CELL)
    app = MapLab(hexmap)
    async with app.run_test(size=(80, 24)) as pilot:
        hexmap.set_rulers("ABCDEFGHI", [str(n) for n in range(1, 10)])
        await pilot.pause()
        hexmap.cursor = (4, 4)
        await pilot.pause()
        assert lit_rows(hexmap) == [4]
        await pilot.press("j")
        await pilot.pause()
        assert lit_rows(hexmap) == [5]
        cells = {p: (((f"{p[0]}{p[1]}".center(4), ""),),) for p in hexmap.places}
        hexmap.show(cells, marked=[(2, 4)], flagged=[(3, 3)], caption="c", legend="l")
        await pilot.pause()
        lines = [line.plain for line in hexmap.render_line_contents()]
        assert "▸ 33 " in lines[1 + 3]
        assert any(seg.style and seg.style.underline and seg.text.strip() == "24"
                   for seg in hexmap.render_line(1 + 2))
        hexmap.show(cells, caption="c", legend="l")  # marks and flags gone again
        await pilot.pause()
        assert "▸" not in "".join(line.plain for line in hexmap.render_line_contents())
        assert not any(seg.style and seg.style.underline for seg in hexmap.render_line(3))


async def test_new_cells_build_again_only_the_rows_that_read_differently(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A move changes a cell or two: the other rows keep their lines and strips (a new
    turn's map was built again row by row)."""
    grid = SpaceGrid(7)
    app = MapLab(grid)
    async with app.run_test(size=(60, 20)) as pilot:
        await pilot.pause()
        built: list[int] = []
        row_pieces = grid.row_pieces

        def counting(row: int) -> list:
            built.append(row)
            return row_pieces(row)

        monkeypatch.setattr(grid, "row_pieces", counting)
        cells = [(((f"{c:<3}", ""),),) for c in range(49)]
        cells[3 * 7 + 4] = ((("A  ", "bold"),),)  # row 3 alone reads differently
        grid.show(cells, caption="caption", legend="legend")
        await pilot.pause()
        assert built == [3]
        assert grid.render_line(3).text.split()[4] == "A"
