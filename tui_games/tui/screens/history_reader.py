"""Reading the history off the UI thread: every record is replayed the first time it is
listed (engine/records.py), which takes a second or more for a few hundred games, so a
screen that shows them reads new ones in a worker and says so meanwhile. Records already
read come from the history's cache at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual import work
from textual.message import Message

from tui_games.engine.records import History, RecordSummary

if TYPE_CHECKING:
    from tui_games.tui.app import GamesApp


def reading_text(count: int) -> str:
    """What the screen says while the worker replays ``count`` records."""
    return (f"Reading {count} finished game{'s' if count != 1 else ''} from the history "
            "(each is replayed once to check it)...")


class HistoryRead(Message):
    """The rows of the history, read by the worker."""

    def __init__(self, rows: list[RecordSummary]) -> None:
        super().__init__()
        self.rows = rows


class HistoryReader:
    """A part of a screen whose rows come from the app's history (mixed into the screens
    that list games): ``read_history()`` ends in ``history_read(rows)``, at once or from
    a worker."""

    @property
    def reader_history(self) -> History:
        """The history this screen reads (the app's)."""
        app: GamesApp = self.app  # type: ignore[attr-defined]
        return app.history

    def read_history(self) -> None:
        """The rows now if every record was read before, else from a worker."""
        history = self.reader_history
        unread = history.unread()
        if not unread:
            self.history_read(history.list())
            return
        self.history_reading(unread)
        self._read_history_rows(history)

    @work(thread=True, exclusive=True, group="history")
    def _read_history_rows(self, history: History) -> None:
        rows = history.list()
        self.post_message(HistoryRead(rows))  # type: ignore[attr-defined]

    def on_history_read(self, message: HistoryRead) -> None:
        """The worker's rows reach the screen."""
        message.stop()
        if self.is_attached:  # type: ignore[attr-defined]  # not a screen already closed
            self.history_read(message.rows)

    def history_reading(self, count: int) -> None:
        """Say that ``count`` records are being read."""
        raise NotImplementedError

    def history_read(self, rows: list[RecordSummary]) -> None:
        """Show ``rows``."""
        raise NotImplementedError
