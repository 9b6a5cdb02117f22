"""Statistics: per game and opponents, worked out from the history's records."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from tui_games.engine.records import RecordSummary
from tui_games.engine.stats import HEADINGS, cells, compute
from tui_games.tui.screens.dismiss_once import DismissOnce
from tui_games.tui.screens.history_reader import HistoryReader, reading_text


class StatsScreen(HistoryReader, DismissOnce, Screen[None]):
    """The figures of the history, one line per game and kind of opposition."""

    BINDINGS = [
        Binding("h", "app.history", "History"),
        Binding("escape", "close", "Back"),
    ]

    def compose(self) -> ComposeResult:
        yield Static("Statistics: your finished games", classes="screen-title")
        yield DataTable(id="stats", cursor_type="row", zebra_stripes=True)
        yield Static("", id="stats-note")
        yield Footer()

    def on_mount(self) -> None:
        """Work the figures out from the records."""
        if not self.query("#stats"):
            return
        table = self.query_one("#stats", DataTable)
        for heading in HEADINGS:
            table.add_column(heading)
        table.focus()
        self.read_history()

    def history_reading(self, count: int) -> None:
        self.query_one("#stats-note", Static).update(Text(reading_text(count)))

    def history_read(self, rows: list[RecordSummary]) -> None:
        table = self.query_one("#stats", DataTable)
        lines = compute(rows)
        for line in lines:
            table.add_row(*(Text(cell, justify="left" if i < 2 else "right")
                            for i, cell in enumerate(cells(line))))
        note = ("Best, Avg: your score. Streak: wins in a row up to your latest game; "
                "Top: your longest. Turns: average length. Against: the bot levels "
                "(people: other players)." if lines else
                "No finished games yet: the figures come from the games in History.")
        self.query_one("#stats-note", Static).update(Text(note))

    def action_close(self) -> None:
        """Back to the menu."""
        self.dismiss(None)
