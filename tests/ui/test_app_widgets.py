"""The shell's own widgets: the status line and the game log."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui_games.engine.core import Event
from tui_games.tui.widgets.log import GameLog
from tui_games.tui.widgets.status import StatusLine


class Host(App[None]):
    """A status line above a log."""

    def compose(self) -> ComposeResult:
        yield StatusLine(id="status")
        yield GameLog(id="log")


async def test_status_line_marks_errors_with_a_class_and_a_cross() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)):
        status = app.query_one(StatusLine)
        status.update("Your turn: draw (d).")
        assert status.text == "Your turn: draw (d)." and not status.is_error
        status.update("You cannot take that pile.", error=True)
        assert status.text == "✗ You cannot take that pile."
        assert status.has_class("-error")
        status.update("Your turn.")
        assert not status.has_class("-error")


async def test_log_appends_new_lines_and_hides_what_the_viewer_may_not_read() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(GameLog)
        events = [Event("Ana drew G3", (0,), "Ana drew a card"), Event("Bo passed"),
                  Event("secret", (0,))]
        log.show(events, viewer=1)
        await pilot.pause()
        assert log.shown == ["Ana drew a card", "Bo passed"]
        assert len(log.shown) == 2
        log.show([*events, Event("Ana ended her turn")], viewer=1)
        await pilot.pause()
        assert log.shown[-1] == "Ana ended her turn" and len(log.shown) == 3
        log.show(events, viewer=0)  # another reader (hot-seat): rebuilt, not appended
        await pilot.pause()
        assert log.shown == ["Ana drew G3", "Bo passed", "secret"]
        assert len(log.shown) == 3
        log.show(events[:1], viewer=0)  # an undo shortened it
        await pilot.pause()
        assert len(log.shown) == 1


async def test_the_log_shows_its_newest_rows_and_scrolls_back_with_the_wheel() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(GameLog)
        log.styles.height = 3
        log.show([Event(f"line {i}") for i in range(10)])
        await pilot.pause()
        assert log.visible_rows() == ["line 7", "line 8", "line 9"]
        assert log.newest_in_sight
        log.scroll_back(2)  # what two turns of the mouse wheel do
        await pilot.pause()
        assert log.visible_rows()[:2] == ["line 5", "line 6"] and not log.newest_in_sight
        assert "newer lines below" in str(log.render())
        log.show([Event(f"line {i}") for i in range(11)])  # news brings the view back
        await pilot.pause()
        assert log.visible_rows() == ["line 8", "line 9", "line 10"]


async def test_a_new_log_line_repaints_the_log_without_a_layout_pass() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(GameLog)
        log.show([Event("first")])
        await pilot.pause()
        layouts: list[bool] = []
        original = log.refresh

        def spy(*args: object, layout: bool = False, **kwargs: object) -> object:
            layouts.append(layout)
            return original(*args, layout=layout, **kwargs)  # type: ignore[arg-type]

        log.refresh = spy  # type: ignore[method-assign]
        log.show([Event("first"), Event("second, long enough to wrap " * 4)])
        await pilot.pause()
        assert layouts and not any(layouts)
        assert "second" in " ".join(log.visible_rows())


async def test_a_new_log_line_draws_only_the_new_row() -> None:
    """The rows on screen shift up one: each was drawn before and is kept (LineWidget)."""
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(GameLog)
        events = [Event(f"event {n}") for n in range(6)]
        log.show(events)
        await pilot.pause(0.1)
        drawn = log.lines_rendered
        log.show([*events, Event("the newest")])
        await pilot.pause(0.1)
        assert log.lines_rendered == drawn + 1
        assert log.visible_rows()[-1] == "the newest"


async def test_a_status_line_of_fixed_height_never_asks_for_a_layout_pass() -> None:
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        status = app.query_one(StatusLine)
        status.styles.height = 2
        await pilot.pause()
        layouts: list[bool] = []
        original = status.refresh

        def spy(*args: object, layout: bool = False, **kwargs: object) -> object:
            layouts.append(layout)
            return original(*args, layout=layout, **kwargs)  # type: ignore[arg-type]

        status.refresh = spy  # type: ignore[method-assign]
        status.update("one line")
        status.update("two lines " * 12)
        status.update("one again")
        await pilot.pause()
        assert layouts and not any(layouts)


async def test_a_newest_line_taller_than_the_log_shows_from_its_start_cut_with_an_ellipsis(
        ) -> None:
    # Issue 31: Learn's one log row at 80x24 showed " guild board.", a wrapped line's tail.
    app = Host()
    async with app.run_test(size=(80, 24)) as pilot:
        log = app.query_one(GameLog)
        log.styles.height = 1
        long = ("Bot 2 places a craftsman on C1 (4 wood, 2 VP); the craftsman comes from "
                "Bot 2's guild board.")
        log.show([Event("line 0"), Event(long)])
        await pilot.pause()
        width = log.content_size.width
        assert len(long) > width
        [row] = log.visible_rows()
        assert long.startswith(row[:-1]) and row.endswith("…") and len(row) <= width
        log.styles.height = 3  # room enough: the whole line, and the one before it
        await pilot.pause()
        assert log.visible_rows()[0] == "line 0"
        assert " ".join(log.visible_rows()[1:]) == long
