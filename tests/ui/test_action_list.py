"""ActionList: new texts repaint only the cells that read differently (bytes per cursor key)."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widget import Widget

from tui_games.tui.widgets.action_list import ActionList


class ListApp(App[None]):
    CSS = "ActionList { height: 6; width: 30; }"

    def compose(self) -> ComposeResult:
        yield ActionList(track=False)


def repaints(monkeypatch: pytest.MonkeyPatch, widget: Widget) -> list[tuple[Region, ...]]:
    asked: list[tuple[Region, ...]] = []
    refresh = Widget.refresh

    def recording(self: Widget, *regions: Region, **kwargs: bool) -> Widget:
        if self is widget:
            asked.append(regions)
        return refresh(self, *regions, **kwargs)

    monkeypatch.setattr(Widget, "refresh", recording)
    return asked


async def test_new_texts_repaint_only_the_cells_that_changed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A map cursor moving from C1 to D1 changes a word of the one action listed: the
    list's blank rows below are not sent to the terminal again."""
    app = ListApp()
    async with app.run_test(size=(40, 10)) as pilot:
        listing = app.query_one(ActionList)
        listing.show_texts(["Explore the fog C1"])
        await pilot.pause()
        asked = repaints(monkeypatch, listing)
        listing.show_texts(["Explore the fog D1"])
        assert asked == [(Region(16, 0, 1, 1),)]
        await pilot.pause()
        assert listing.render_line(0).text.startswith("Explore the fog D1")


async def test_another_number_of_actions_repaints_the_lines_that_changed(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A place with one action beside a place with none: the blank lines stay blank."""
    app = ListApp()
    async with app.run_test(size=(40, 10)) as pilot:
        listing = app.query_one(ActionList)
        listing.show_texts(["one"])
        await pilot.pause()
        asked = repaints(monkeypatch, listing)
        listing.show_texts(["one", "two"])
        assert asked == [(Region(0, 1, 3, 1),)]
        await pilot.pause()
        assert listing.render_line(1).text.startswith("two")
        listing.show_texts(["three"])
        await pilot.pause()
        assert listing.render_line(0).text.startswith("three")
        assert listing.render_line(1).text.strip() == ""


async def test_a_new_highlight_leaves_the_scroll_bar_column_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The highlight moves: the two actions' text is repainted, not the scroll bar's
    column beside them (unchanged, it would be sent to the terminal again)."""
    app = ListApp()
    async with app.run_test(size=(40, 10)) as pilot:
        listing = app.query_one(ActionList)
        listing.show_texts(["one", "two"])
        listing.highlighted = 0
        await pilot.pause()
        asked = repaints(monkeypatch, listing)
        listing.highlighted = 1
        assert asked == [(Region(0, 0, 29, 1),), (Region(0, 1, 29, 1),)]


async def test_a_highlighted_action_is_one_run_of_its_look() -> None:
    """The padding after an action's text looks as the text does: one segment, whose
    colour codes are sent once."""
    app = ListApp()
    async with app.run_test(size=(40, 10)) as pilot:
        listing = app.query_one(ActionList)
        listing.show_texts(["one"])
        listing.highlighted = 0
        await pilot.pause()
        line = listing.render_line(0)
        assert len(line) == 1 and line.cell_length == 29


class FixedApp(App[None]):
    CSS = "ActionList { height: 4; width: 30; }"

    def compose(self) -> ComposeResult:
        yield ActionList()


async def test_a_longer_list_in_a_fixed_box_asks_for_no_layout_pass(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The box and its always-there bar stay where they are: only the thumb changes, so
    the screen is not laid out again (a new turn's list cost a pass of 2 ms)."""
    app = FixedApp()
    async with app.run_test(size=(40, 10)) as pilot:
        listing = app.query_one(ActionList)
        listing.show_texts(["one"])
        await pilot.pause()
        layouts: list[bool] = []
        refresh = Widget.refresh

        def recording(self: Widget, *regions: Region, **kwargs: bool) -> Widget:
            if self is listing:
                layouts.append(bool(kwargs.get("layout")))
            return refresh(self, *regions, **kwargs)

        monkeypatch.setattr(Widget, "refresh", recording)
        listing.show_texts([f"action {i}" for i in range(9)])
        await pilot.pause()
        assert layouts and not any(layouts)
        assert listing.virtual_size.height == 9
        assert listing.vertical_scrollbar.window_virtual_size == 9
        assert listing.vertical_scrollbar.window_size == 4
        listing.highlighted = 8
        await pilot.pause()
        assert listing.top == 5  # scrolled to the last action: the new height holds
