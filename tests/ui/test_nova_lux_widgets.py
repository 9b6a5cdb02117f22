"""The Nova Lux widgets on their own: the SpaceGrid cursor and drawing, the action list
(texts in place, scrolling, choosing), the resource tracks, and the map as text (stars,
destroyed cards, Arks, colonies)."""

from __future__ import annotations

from rich.style import Style
from textual.app import App, ComposeResult
from textual.message import Message
from textual.widget import Widget

from tui_games.engine.core import Outcome
from tui_games.engine.session import Seat
from tui_games.games.nova_lux.board import CARD_CELLS, SPACE_DUST
from tui_games.games.nova_lux.resource_tracker import (
    ResourceTracker,
    ResourceTracks,
    track_text,
)
from tui_games.games.nova_lux.rules import NovaLuxRules
from tui_games.games.nova_lux.screen import NobodyWinsScreen
from tui_games.games.nova_lux.space_grid import SpaceGrid
from tui_games.games.nova_lux.state import Pick, PlaceShip
from tui_games.games.nova_lux.view import cell_text, engine_line, map_cells, short_mat
from tui_games.tui.widgets.action_list import ActionList

RULES = NovaLuxRules()


class Lab(App[None]):
    """One widget under test, every message it posts and every cell a watcher of its
    cursor (as the screen watches the map) was told of."""

    def __init__(self, widget: Widget) -> None:
        super().__init__()
        self.widget = widget
        self.messages: list[Message] = []
        self.watched: list[int] = []

    def compose(self) -> ComposeResult:
        yield self.widget

    def on_mount(self) -> None:
        self.widget.focus()
        if isinstance(self.widget, SpaceGrid):
            self.watch(self.widget, "cursor", self._watch_cursor, init=False)

    def _watch_cursor(self, cell: int) -> None:
        self.watched.append(cell)

    def on_space_grid_chosen(self, message: SpaceGrid.Chosen) -> None:
        self.messages.append(message)

    def on_action_list_selected(self, message: ActionList.Selected) -> None:
        self.messages.append(message)


def cells(width: int = 4) -> list:
    return [(((f"{c:<{width}}"[:width], ""),),) for c in range(49)]


async def test_the_grid_cursor_moves_in_four_directions_and_stops_at_the_edges() -> None:
    grid = SpaceGrid(7)
    app = Lab(grid)
    async with app.run_test(size=(60, 20)) as pilot:
        grid.show(cells(), caption="A1", legend="legend")
        await pilot.press("left", "up")
        assert grid.cursor == 0                      # the corner: nowhere to go
        await pilot.press("right", "right", "down", "l", "j")
        assert grid.cursor == 2 * 7 + 3
        await pilot.press("k", "h", "enter")
        await pilot.pause()
        assert grid.cursor == 7 + 2
        chosen = [m.cell for m in app.messages if isinstance(m, SpaceGrid.Chosen)]
        assert app.watched == [1, 2, 9, 10, 17, 10, 9] and chosen == [9]


async def test_the_grid_draws_every_cell_then_the_caption_and_legend() -> None:
    grid = SpaceGrid(7)
    app = Lab(grid)
    async with app.run_test(size=(60, 20)):
        grid.show(cells(), marked=[8], caption="B2 · move: 2 hydrogen", legend="key")
        lines = str(grid.render()).split("\n")
        assert len(lines) == 7 + 2
        assert lines[0].split() == ["0", "1", "2", "3", "4", "5", "6"]
        assert lines[-2:] == ["B2 · move: 2 hydrogen", "key"]
        assert grid.caption.startswith("B2")



async def test_the_cursor_cell_is_one_look_and_a_marked_cell_keeps_its_colours() -> None:
    """Under the cursor a cell of several colours (an Ark's letter between blanks) is one
    style run, reversed, without the path's underline (lost in the block anyway): one run
    of colour codes to the terminal, not three. A marked cell keeps its colours."""
    grid = SpaceGrid(7)
    app = Lab(grid)
    ark = (((" ", ""), ("A", "bold cyan"), ("  ", "")),)
    async with app.run_test(size=(60, 20)) as pilot:
        grid.show([ark] * 49, marked=[0, 1], caption="A1", legend="key")
        await pilot.pause()
        line = list(grid.render_line(0))
        cursor = [seg for seg in line if seg.style and seg.style.reverse]
        assert [seg.text for seg in cursor] == [" A  "]
        assert cursor[0].style is not None and not cursor[0].style.underline
        marked = {seg.text: seg.style for seg in line if seg.style and seg.style.underline
                  and not seg.style.reverse}
        assert marked["A"] is not None and marked[" "] is not None
        assert marked["A"].color != marked[" "].color  # the Ark's colour kept

def reversed_cells(grid: SpaceGrid, y: int) -> list[str]:
    """The text drawn in reverse video (the cursor) on line ``y`` of the grid."""
    return [seg.text for seg in grid.render_line(y) if seg.style and seg.style.reverse]


async def test_the_grid_draws_the_cursor_where_it_is_after_moves_and_new_cells() -> None:
    grid = SpaceGrid(7)
    app = Lab(grid)
    async with app.run_test(size=(60, 20)) as pilot:
        grid.show(cells(), caption="A1", legend="key")
        await pilot.press("right", "down")                 # cell 8: row 1
        await pilot.pause()
        assert [line for line in range(7) if reversed_cells(grid, line)] == [1]
        assert "".join(reversed_cells(grid, 1)).strip() == "8"
        await pilot.press("left", "up", "right")           # back to row 0, cell 1
        await pilot.pause()
        assert [line for line in range(7) if reversed_cells(grid, line)] == [0]
        new = cells()
        new[1] = ((("new ", ""),),)
        grid.show(new, caption="B1", legend="key")         # the cursor's cell changed
        await pilot.pause()
        assert "".join(reversed_cells(grid, 0)) == "new "
        assert grid.render_line(7).text.rstrip() == "B1"


async def test_the_action_list_replaces_texts_in_place_and_keeps_the_highlight() -> None:
    listing = ActionList()
    app = Lab(listing)
    async with app.run_test(size=(60, 10)) as pilot:
        listing.show_texts(["Place your Ark on A1", "Take 1 hydrogen"])
        await pilot.pause()
        listing.highlighted = 1
        listing.show_texts(["Place your Ark on B1", "Take 1 hydrogen"])
        await pilot.pause()
        assert listing.texts == ["Place your Ark on B1", "Take 1 hydrogen"]
        assert listing.highlighted == 1
        assert listing.render_line(0).text.rstrip() == "Place your Ark on B1"
        listing.show_texts(["Harvest 2 hydrogen"])      # another number: a new list
        await pilot.pause()
        assert listing.texts == ["Harvest 2 hydrogen"] and listing.highlighted is None
        assert listing.render_line(0).text.rstrip() == "Harvest 2 hydrogen"


async def test_a_longer_action_list_scrolls_to_the_highlight_and_wraps_long_texts() -> None:
    listing = ActionList()
    listing.styles.height = 3
    app = Lab(listing)
    async with app.run_test(size=(20, 10)) as pilot:
        listing.show_texts(["Take 1 hydrogen"])
        await pilot.pause()
        assert listing.line_count == 1 and listing.top == 0
        listing.show_texts([f"Engine star {n}" for n in range(9)] + ["Pay 1 water and get 2 "
                                                                      "artifacts"])
        await pilot.pause()
        assert listing.line_count == 11                 # the last wraps onto two lines
        listing.highlighted = 9
        await pilot.pause()
        assert listing.top == 11 - 3                    # all of the last one in view
        assert listing.render_line(1).text.rstrip() == "Pay 1 water and get"
        assert listing.render_line(2).text.rstrip() == "2 artifacts"
        await pilot.press("down")                       # from the last to the first
        assert listing.highlighted == 0 and listing.top == 0
        await pilot.press("up")                         # and back
        assert listing.highlighted == 9


async def test_a_click_or_enter_on_the_action_list_chooses_an_action() -> None:
    listing = ActionList()
    listing.styles.height = 4
    app = Lab(listing)
    async with app.run_test(size=(40, 10)) as pilot:
        listing.show_texts(["Move to A5", "Take 1 hydrogen", "Engine star 1"])
        listing.highlighted = 0
        await pilot.pause()
        await pilot.press("down", "enter")
        await pilot.click(listing, offset=(2, 2))
        await pilot.pause()
        chosen = [m.index for m in app.messages if isinstance(m, ActionList.Selected)]
        assert chosen == [1, 2] and listing.highlighted == 2


def test_a_track_shows_the_cube_on_its_value_and_bars_after_7_and_14() -> None:
    assert track_text(3) == "··■····|·······|"
    assert track_text(7) == "······■|·······|"
    assert track_text(14) == "·······|······■|"
    assert track_text(0) == "·······|·······|"


async def test_a_resource_tracker_reads_label_track_and_number() -> None:
    tracker = ResourceTracker("Water", 3, label_width=10)
    app = Lab(tracker)
    async with app.run_test(size=(60, 5)):
        assert str(tracker.render()) == "Water      ··■····|·······|  3"
        tracker.set_value(12)
        assert tracker.value == 12 and str(tracker.render()).endswith("·······|····■··| 12")


async def test_the_mat_repaints_only_the_track_whose_value_changed() -> None:
    """ResourceTracks is a LineWidget: a new value is one line repainted, its cells from
    the cube's old place to its new one, and a value seen before is drawn from the cache."""
    tracks = ResourceTracks(["Water", "Oxygen", "Hydrogen"], label_width=8)
    app = Lab(tracks)
    async with app.run_test(size=(60, 5)) as pilot:
        tracks.set_values([3, 1, 0])
        await pilot.pause()
        repaints: list[object] = []
        tracks.repainted = repaints.append  # type: ignore[method-assign,assignment]
        drawn = tracks.lines_rendered
        tracks.set_values([3, 2, 0])
        await pilot.pause()
        assert tracks.values == [3, 2, 0]
        assert str(tracks.render()).splitlines()[1] == "Oxygen   ·■·····|·······|  2"
        (regions,) = repaints
        assert [region.y for region in regions] == [1]  # the Oxygen track alone
        assert tracks.lines_rendered == drawn + 1
        tracks.set_values([3, 1, 0])  # back: its line is in the cache
        await pilot.pause()
        assert tracks.lines_rendered == drawn + 1
        tracks.set_values([3, 1, 0])  # the same values: nothing to repaint
        assert len(repaints) == 2


def test_the_map_reads_without_colour() -> None:
    s = RULES.setup(2, 4, {})
    while s.phase == "draft":
        RULES.apply(s, Pick(s.hands[RULES.to_move(s)][0]))
    RULES.apply(s, PlaceShip(CARD_CELLS[5]))
    RULES.apply(s, PlaceShip(CARD_CELLS[5]))
    k = 5
    s.flipped[6], s.face[6] = True, SPACE_DUST
    s.colony_at[k] = 1
    compact = map_cells(s, large=False)
    top, ships = ("".join(t for t, _ in line) for line in compact[CARD_CELLS[k]])
    assert top.startswith("Y") and "r" in top
    assert ships == "bAB "                                 # B's colony, both Arks
    assert "".join(t for t, _ in compact[CARD_CELLS[6]][0]) == "Dst "
    large = map_cells(s, large=True)
    assert all(len(cell) == 3 for cell in large)
    assert "".join(t for t, _ in large[CARD_CELLS[k]][0]).startswith("C3 (b)")
    text = cell_text(s, CARD_CELLS[k], ["Ann", "Bo"])
    assert text.startswith("C3: yellow star") and "Bo's colony" in text
    assert "Ann's and Bo's Arks" in text
    # Issue 31: the viewer, named "You" on the table, read "Ark of You".
    assert cell_text(s, CARD_CELLS[k], ["You", "Bo"]).endswith("your and Bo's Arks")
    assert engine_line(s, 0).startswith("Engine - · - · -")
    assert short_mat(s, 1, "Bo").startswith("B Bo  W3 A3 L3 O3 H3")


async def test_an_action_list_of_auto_height_measures_every_action_wrapped() -> None:
    """``height: auto`` (a question's answers, shown with it): each action wrapped at the
    width less the scroll bar's column, so every answer is in sight."""
    listing = ActionList()
    listing.styles.height = "auto"
    app = Lab(listing)
    async with app.run_test(size=(20, 10)) as pilot:
        listing.show_texts(["Keep it", "Pay 1 water and get 2 artifacts"])
        listing.refresh(layout=True)
        await pilot.pause()
        assert listing.line_count == 3 and listing.size.height == 3


def screen_style(app: App[None], widget: Widget, x: int, y: int) -> Style:
    """The style drawn on screen at (x, y) of ``widget`` (its scroll bar included)."""
    return app.screen.get_style_at(widget.region.x + x, widget.region.y + y)


async def test_an_action_list_without_a_track_shows_no_bar_while_all_fits() -> None:
    """Without ``track`` the scroll bar's column stays blank while every line fits (as an
    OptionList shows no scroll bar), and shows the bar once the lines overflow."""
    listing = ActionList(track=False)
    listing.styles.height = 2
    app = Lab(listing)
    async with app.run_test(size=(20, 10)) as pilot:
        listing.show_texts(["Keep it", "Take it"])
        listing.highlighted = 0
        await pilot.pause()
        first = listing.render_line(0)
        # The last column is the scroll bar's (Textual's gutter): the text stops before it.
        assert first.text == "Keep it".ljust(19) and listing.scrollable_content_region.width == 19
        highlight = listing.get_visual_style("action-list--highlighted").rich_style
        assert next(iter(first)).style.bgcolor == highlight.bgcolor
        base = listing.get_visual_style().rich_style
        bar = screen_style(app, listing, 19, 0)
        assert bar.bgcolor == base.bgcolor  # blank: all fits
        assert not listing.show_vertical_scrollbar
        listing.show_texts(["Keep it", "Take it", "Pass"])  # three lines in two rows
        await pilot.pause()
        bar = screen_style(app, listing, 19, 1)
        assert listing.line_count == 3 and bar.bgcolor != base.bgcolor  # the bar
        assert listing.show_vertical_scrollbar
        assert not ActionList().has_class("-no-track")  # Nova Lux's list: a bare track


async def test_nobody_wins_shows_a_reason_with_brackets_as_text() -> None:
    outcome = Outcome.from_scores([3, 4], reason="[/x] and [b]Bo ran out of hydrogen")
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(NobodyWinsScreen(outcome, [Seat("[/x]"), Seat("Bo")], "Nova Lux"))
        await pilot.pause()
        assert "[/x] and [b]Bo" in str(app.screen.query_one("#breakdown").render())
