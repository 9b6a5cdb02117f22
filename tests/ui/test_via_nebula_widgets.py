"""The HexMap widget on its own: six directions, straight up and down, Enter, drawing."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui_games.games.via_nebula.board import CELL, MAP_HEIGHT, MAP_WIDTH, NEIGHBOURS
from tui_games.widgets.hexmap import HexMap, neighbour

PLACES = frozenset(CELL)


class MapApp(App[None]):
    """Just a hex map of the Via Nebula board, cells named by their place."""

    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[tuple[int, int]] = []
        self.moves = 0

    def compose(self) -> ComposeResult:
        yield HexMap(MAP_HEIGHT, MAP_WIDTH, PLACES)

    def on_mount(self) -> None:
        hexmap = self.query_one(HexMap)
        cells = {p: (((f"{p[0]}{p[1]}".center(4), ""),),) for p in PLACES}
        hexmap.show(cells, caption="caption", legend="legend")
        hexmap.focus()
        self.watch(hexmap, "cursor", self.moved, init=False)

    def on_hex_map_chosen(self, event: HexMap.Chosen) -> None:
        self.chosen.append(event.place)

    def moved(self, place: tuple[int, int]) -> None:
        self.moves += 1


def test_neighbour_steps_are_the_maps_six_neighbours() -> None:
    index = {place: h for h, place in enumerate(CELL)}
    for h, place in enumerate(CELL):
        around = {index[n] for d in range(6) if (n := neighbour(place, d)) in index}
        assert around == set(NEIGHBOURS[h])


def test_opposite_directions_undo_each_other() -> None:
    for place in CELL:
        for d in range(6):
            assert neighbour(neighbour(place, d), (d + 3) % 6) == place


async def test_six_direction_keys_move_and_the_edge_stops_the_cursor() -> None:
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        hexmap = app.query_one(HexMap)
        hexmap.cursor = (4, 4)
        for key, direction in (("l", 0), ("u", 1), ("y", 2), ("h", 3), ("b", 4), ("n", 5),
                               ("right", 0), ("left", 3)):
            before = hexmap.cursor
            await pilot.press(key)
            assert hexmap.cursor == neighbour(before, direction), key
        hexmap.cursor = (4, 0)
        await pilot.press("h")
        assert hexmap.cursor == (4, 0)


async def test_up_and_down_twice_keep_the_column() -> None:
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        hexmap = app.query_one(HexMap)
        hexmap.cursor = (4, 4)
        await pilot.press("up", "up")
        assert hexmap.cursor == (2, 4)
        await pilot.press("down", "j")
        assert hexmap.cursor == (4, 4)


async def test_enter_tells_the_place_and_moves_are_reported() -> None:
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        hexmap = app.query_one(HexMap)
        hexmap.cursor = (3, 3)
        await pilot.press("enter")
        await pilot.pause()
        assert app.chosen == [(3, 3)] and app.moves >= 1


async def test_cells_are_drawn_offset_with_the_caption_and_legend_under_them() -> None:
    app = MapApp()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hexmap = app.query_one(HexMap)
        lines = [line.plain for line in hexmap.render_line_contents()]
        assert len(lines) == MAP_HEIGHT + 2 and lines[-2:] == ["caption", "legend"]
        # Row 4 starts at column 0; row 3, an odd row, half a cell further right.
        assert lines[4].startswith(" 40 ") and lines[3].startswith("   30 ")
        assert hexmap.size.width == MAP_WIDTH * 5 + 2
