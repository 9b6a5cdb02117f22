"""MapFrame: blank columns behind a map put a widget edge before each cell, so a cursor key
writes the cells it changed, not the row from the map's left edge (bytes to the terminal)."""

from __future__ import annotations

from collections.abc import Callable
from itertools import accumulate

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widget import Widget

from tui_games.games.nebula.galaxy import GalaxyBoard, cut_count
from tui_games.games.nova_lux.space_grid import SpaceGrid
from tui_games.games.via_nebula.board import CELL, MAP_HEIGHT, MAP_WIDTH
from tui_games.games.via_nebula.hexmap import HexMap
from tui_games.tui.widgets.card import CardFace
from tui_games.tui.widgets.cell_map import CellMap, MapFrame
from tui_games.tui.widgets.hand import Hand
from tui_games.tui.widgets.strip_changes import changed_regions


class FrameLab(App[None]):
    """One framed map, with named cells (a different style each side of the gap)."""

    def __init__(self, widget: CellMap) -> None:
        super().__init__()
        self.widget = widget

    def compose(self) -> ComposeResult:
        yield MapFrame(self.widget)

    def on_mount(self) -> None:
        widget = self.widget
        if isinstance(widget, HexMap):
            widget.set_rulers("ABCDEFGHI", [str(n) for n in range(1, MAP_HEIGHT + 1)])
            widget.show({p: (((f"{p[0]}{p[1]}".center(4), "red"),),) for p in widget.places},
                        caption="caption", legend="legend")
        else:
            assert isinstance(widget, SpaceGrid)
            widget.show([((("·", "red"), (f"{c:<2}", "green")),) for c in range(49)],
                        caption="caption", legend="legend")
        widget.focus()


def repaints(monkeypatch: pytest.MonkeyPatch, widget: Widget) -> list[Region]:
    asked: list[Region] = []
    refresh = Widget.refresh

    def recording(self: Widget, *regions: Region, **kwargs: bool) -> Widget:
        if self is widget:
            asked.extend(regions)
        return refresh(self, *regions, **kwargs)

    monkeypatch.setattr(Widget, "refresh", recording)
    return asked


@pytest.mark.parametrize("make", [lambda: SpaceGrid(7),
                                  lambda: HexMap(MAP_HEIGHT, MAP_WIDTH, CELL)],
                         ids=["grid", "hexes"])
async def test_a_column_edge_lies_where_each_cell_of_the_unshifted_rows_begins(
        make: Callable[[], CellMap]) -> None:
    cell_map = make()
    app = FrameLab(cell_map)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        frame = app.query_one(MapFrame)
        cuts = [cut for cut in frame.children if cut is not cell_map and cut.display]
        edges = [cut.region.x - cell_map.region.x for cut in cuts][-cell_map.cols:]
        top = 1 if isinstance(cell_map, HexMap) else 0  # under the column labels
        assert len(edges) == cell_map.cols
        # Each edge is the first column of that column's cells in the unshifted rows.
        for col, x in enumerate(edges):
            rows = [row for row in range(0, cell_map.rows, 2)
                    if cell_map.key_at(row, col) is not None]
            assert rows
            for row in rows:
                key = cell_map.key_at(row, col)
                y = top + row * cell_map.cell_lines
                assert cell_map.cell_under(x, y) == key != cell_map.cell_under(x - 1, y)
        heights = {cut.region.height for cut in cuts}
        assert heights == {cell_map.cut_widths()[1]}


async def test_a_cursor_move_repaints_the_two_cells_not_the_gap_between(
        monkeypatch: pytest.MonkeyPatch) -> None:
    grid = SpaceGrid(7)
    app = FrameLab(grid)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        grid.cursor = 3
        await pilot.pause()
        asked = repaints(monkeypatch, grid)
        await pilot.press("right")
        await pilot.pause()
        cells = [region for region in asked if region.y == 0]
        # Two regions, one per cell (each written from its own column's edge); the gap
        # column between them is not among them.
        assert cells == [Region(3 * grid.stride, 0, grid.cell_width, 1),
                         Region(4 * grid.stride, 0, grid.cell_width, 1)]


async def test_unframed_a_row_keeps_one_span() -> None:
    """Without the frame there are no edges to write from: one span per row, as before."""
    grid = SpaceGrid(7)

    class Lab(FrameLab):
        def compose(self) -> ComposeResult:
            yield self.widget

    app = Lab(grid)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        old = [grid.render_line(0)]
        grid.cursor = 1
        await pilot.pause()
        assert grid.changed_regions(old, [grid.render_line(0)], grid.size.width) == [
            Region(0, 0, 2 * grid.stride - 1, 1)]


async def test_a_row_of_pieces_merges_the_runs_that_look_the_same() -> None:
    """Blank cells and the gaps between them share one style: one run, one style code
    each time the row is written (Textual writes a code per run)."""
    grid = SpaceGrid(7)
    app = FrameLab(grid)
    async with app.run_test(size=(80, 24)) as pilot:
        grid.show([(((" " * 3, ""),),)] * 49, caption="c", legend="l")
        await pilot.pause()
        grid.cursor = 48
        await pilot.pause()
        segments = [segment for segment in grid.render_line(0) if segment.text]
        assert len(segments) == 1


class HandLab(App[None]):
    """A framed hand of five cards in one row."""

    CSS = "MapFrame { width: 1fr; }"

    def compose(self) -> ComposeResult:
        hand = Hand([CardFace(key=n, label=f"B{n}", rank=n) for n in range(1, 6)],
                    captions=False, selectable=False)
        yield MapFrame(hand, columns=8)


async def test_a_framed_hand_repaints_the_two_cards_from_their_own_edges(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = HandLab()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand = app.query_one(Hand)
        hand.move_cursor_to(2)
        await pilot.pause()
        cell = hand.cut_widths()[0][0]
        frame = app.query_one(MapFrame)
        edges = [cut.region.x for cut in frame.children if cut is not hand and cut.display]
        # One edge per column of cards, as many as the frame has (8 of the 16 that fit).
        assert edges == [n * cell for n in range(8)]
        asked = repaints(monkeypatch, hand)
        hand.action_move(2)
        await pilot.pause()
        # Two regions, the old card's and the new one's, each starting at its cell's edge;
        # the card between them is not among them (unframed it would be one span).
        assert asked == [Region(cell, 0, 4, 1), Region(3 * cell, 0, 4, 1)]


class GalaxyLab(App[None]):
    """A framed Galaxy with the cursor showing."""

    def compose(self) -> ComposeResult:
        yield MapFrame(GalaxyBoard(), columns=cut_count())

    def on_mount(self) -> None:
        self.query_one(GalaxyBoard).focus()


async def test_a_framed_galaxy_repaints_the_cells_a_cursor_move_changed() -> None:
    app = GalaxyLab()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        board = app.query_one(GalaxyBoard)
        frame = app.query_one(MapFrame)
        widths, height = board.cut_widths()
        edges = list(accumulate(widths, initial=0))
        cuts = [cut.region for cut in frame.children if cut is not board and cut.display]
        assert [cut.x for cut in cuts] == edges[:-1]
        assert {cut.height for cut in cuts} == {height}
        width = board.size.width
        old = [board.render_line(y) for y in range(height)]
        board.action_move(0, 1)
        await pilot.pause()
        new = [board.render_line(y) for y in range(height)]
        regions = board.changed_regions(old, new, width)
        whole = changed_regions(old, new, width)
        # More pieces than the unframed spans, and each inside one column: written from
        # that column's edge, not from the board's left.
        assert len(regions) > len(whole)
        for region in regions:
            start = max(edge for edge in edges if edge <= region.x)
            assert region.right <= edges[edges.index(start) + 1]
        assert {region.y for region in regions} == {region.y for region in whole}
