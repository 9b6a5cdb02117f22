"""The shell's own widgets: the status line and the game log."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui_games.engine.core import Event
from tui_games.widgets.log import GameLog
from tui_games.widgets.status import StatusLine


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
        assert len(log.lines) == 2
        log.show([*events, Event("Ana ended her turn")], viewer=1)
        await pilot.pause()
        assert log.shown[-1] == "Ana ended her turn" and len(log.lines) == 3
        log.show(events, viewer=0)  # another reader (hot-seat): rebuilt, not appended
        await pilot.pause()
        assert log.shown == ["Ana drew G3", "Bo passed", "secret"]
        assert len(log.lines) == 3
        log.show(events[:1], viewer=0)  # an undo shortened it
        await pilot.pause()
        assert len(log.lines) == 1
