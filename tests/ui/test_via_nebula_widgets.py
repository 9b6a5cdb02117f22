"""The HexMap widget on its own: six directions, straight up and down, Enter, drawing."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui_games.games.via_nebula.board import CELL, MAP_HEIGHT, MAP_WIDTH, NEIGHBOURS
from tui_games.games.via_nebula.hexmap import HexMap, neighbour
from tui_games.games.via_nebula.screen import preview
from tui_games.tui.widgets.action_list import ActionList
from tui_games.tui.widgets.text_lines import TextLines

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


class ListApp(App[None]):
    """The action list of the Via Nebula screen on its own, focused."""

    def __init__(self) -> None:
        super().__init__()
        self.chosen: list[int] = []
        self.texts = [f"Move {n} stone from the site on E5 to the site on B7"
                      for n in range(1, 7)]

    def compose(self) -> ComposeResult:
        yield ActionList(track=False, select_unfocused=False, id="via-actions")

    def on_mount(self) -> None:
        lines = self.query_one(ActionList)
        lines.styles.height = 5
        lines.show_texts(preview(self.texts, 5), wrap=False)
        lines.focus()

    def on_action_list_selected(self, event: ActionList.Selected) -> None:
        self.chosen.append(event.index)


def shown_lines(listing: ActionList) -> list[str]:
    return [listing.render_line(y).text.rstrip() for y in range(listing.size.height)]


async def test_the_action_list_wraps_scrolls_to_the_highlight_and_plays_it() -> None:
    app = ListApp()
    async with app.run_test(size=(40, 8)) as pilot:
        lines = app.query_one(ActionList)
        await pilot.pause()
        shown = shown_lines(lines)
        # Closed, a preview: one line per action, cut, the last line counting the rest.
        assert shown[0] == "Move 1 stone from the site on E5 to…"  # at a word (fit)
        assert shown[-1] == "... and 2 more"
        lines.show_texts(app.texts)  # open: the list to choose from
        lines.highlighted = 0
        await pilot.press("end")
        assert lines.highlighted == 5
        shown = shown_lines(lines)
        # Open, each action in full (wrapped), scrolled to show the highlighted one.
        assert shown[-2:] == ["Move 6 stone from the site on E5 to the", "site on B7"]
        assert not any(line.startswith("Move 1") for line in shown)
        await pilot.press("home", "down", "enter")
        assert app.chosen == [1]


async def test_a_text_line_of_fixed_height_repaints_without_a_layout() -> None:
    class TextApp(App[None]):
        def compose(self) -> ComposeResult:
            yield TextLines(id="via-top")

    app = TextApp()
    async with app.run_test(size=(40, 8)) as pilot:
        text = app.query_one(TextLines)
        text.styles.height = 2
        await pilot.pause()
        asked: list[bool] = []
        refresh = text.refresh
        text.refresh = lambda *a, **k: asked.append(bool(k.get("layout"))) or refresh(*a, **k)
        text.show("one\ntwo")
        text.show("one")
        assert asked == [False, False] and text.text == "one"
