"""The history: every finished game, newest first; Enter replays it, d deletes it.

Each row is worked out from the record's replay (see engine/records.py): date, game,
seats, result, turns and the hints each seat used. Names come from files: they are
cleaned and shown as plain text, never read as markup.
"""

from __future__ import annotations

from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Static

from tui_games.engine.core import is_detail
from tui_games.engine.grammar import speak_to
from tui_games.engine.records import History, RecordSummary
from tui_games.engine.text import printable
from tui_games.tui.screens.file_list import BROKEN, FileListScreen
from tui_games.tui.screens.history_reader import HistoryReader, reading_text
from tui_games.tui.screens.load import fit, plain, when

# Column widths at 80 columns (68 of text): the seats take what a wider terminal adds.
DATE, GAME, SEATS, RESULT, TURNS, HINTS = 16, 12, 14, 14, 5, 5


def seats_text(row: RecordSummary) -> str:
    """"Ada vs Bot (hard)"."""
    return " vs ".join(printable(seat.name) + (f" ({seat.bot})" if seat.bot else "")
                       for seat in row.seats)


def seats_column(row: RecordSummary, width: int) -> str:
    """The seats in ``width`` columns, whole rather than cut: with the bots' levels, else
    by name only, else the first seat and how many more (the pane below names them all)."""
    names = [printable(seat.name) for seat in row.seats]
    for text in (seats_text(row), " vs ".join(names),
                 f"{names[0]} + {len(names) - 1} more" if names else ""):
        if len(text) <= width:
            return text
    return text


def hints_text(row: RecordSummary) -> str:
    """The hints each seat used, "2/0"; "-" when nobody asked for one."""
    return "/".join(map(str, row.hints_used)) if any(row.hints_used) else "-"


def describe(row: RecordSummary) -> str:
    """The whole row in words: the result, what decided it and the score lines the game
    over showed (seats by name)."""
    names = [printable(seat.name) for seat in row.seats]
    scores = []
    for i, name in enumerate(names):
        # the main rows only: the pane has a few lines, the details are the game over's
        parts = ", ".join(f"{printable(label)} {value}" for label, value in
                          (row.breakdown[i] if i < len(row.breakdown) else [])
                          if not is_detail(label))
        score = row.scores[i] if i < len(row.scores) else "?"
        scores.append(f"{name} {score}" + (f" ({parts})" if parts else ""))
    hints = ", ".join(f"{printable(seat.name)} {n}" for seat, n in
                      zip(row.seats, row.hints_used, strict=False))
    decided = f"\n{speak_to(printable(row.decided_by), names)}." if row.decided_by else ""
    return printable(f"{row.result()} · {speak_to(printable(row.reason), names)}{decided}\n"
                     f"{'; '.join(scores)}\n"
                     f"{row.turns} turns, {row.actions} moves · hints: {hints or 'none'}")


class HistoryScreen(HistoryReader, FileListScreen[RecordSummary]):
    """The finished games of the save folder's history."""

    BINDINGS = [
        Binding("enter", "replay", "Replay", priority=True),
        Binding("d,delete", "delete", "Delete"),
        Binding("s", "app.stats", "Stats"),
        Binding("escape", "close", "Back"),
    ]
    TABLE_ID, DETAIL_ID = "records", "record-detail"
    NOTHING_TO_OPEN = "There is no finished game to replay yet."
    _keep = 0  # the row the cursor goes to once the rows are read
    _reading = False

    @property
    def history(self) -> History:
        """The app's history folder."""
        return self.games_app.history

    def compose(self) -> ComposeResult:
        yield Static("History: finished games", classes="screen-title")
        yield DataTable(id=self.TABLE_ID, cursor_type="row", zebra_stripes=True)
        yield Static("", id=self.DETAIL_ID)
        yield Footer()

    def reload(self, keep: int = 0) -> None:
        """Re-read the history; the cursor goes to row ``keep`` (clamped)."""
        self._keep = keep
        self.read_history()

    def _columns(self) -> int:
        """An empty table with the columns; the seats' extra width at this size."""
        table = self.table
        table.clear(columns=True)
        spare = max(self.size.width - 80, 0)
        for key, label, width in (("date", "Date", DATE), ("game", "Game", GAME),
                                  ("seats", "Seats", SEATS + spare),
                                  ("result", "Result", RESULT), ("turns", "Turns", TURNS),
                                  ("hints", "Hints", HINTS)):
            table.add_column(label, key=key, width=width)
        return spare

    def history_reading(self, count: int) -> None:
        self._columns()
        self.rows = []
        self._reading = True
        self.query_one(f"#{self.DETAIL_ID}", Static).update(Text(reading_text(count)))

    def history_read(self, rows: list[RecordSummary]) -> None:
        self._reading = False
        table = self.table
        spare = self._columns()
        self.rows = rows
        for row in self.rows:
            if row.error:
                table.add_row(Text(BROKEN + fit(Path(row.path).stem, DATE - 2), style="bold"),
                              plain(row.title, GAME), Text("see below", style="italic"),
                              "", "", "", key=row.path)
            else:
                table.add_row(plain(when(row.finished_at)), plain(row.title, GAME),
                              plain(seats_column(row, SEATS + spare), SEATS + spare),
                              plain(row.result(), RESULT),
                              Text(str(row.turns), justify="right"),
                              Text(hints_text(row), justify="right"), key=row.path)
        if self.rows:
            table.move_cursor(row=min(max(self._keep, 0), len(self.rows) - 1))
        self.show_detail()

    def open_selected(self) -> None:
        """While the records are read there is nothing to open yet: say so."""
        if self._reading:
            self.notify("Still reading the history: a moment.", severity="warning")
            return
        super().open_selected()

    def empty_text(self) -> str:
        return ("No finished games yet: every game you finish is kept here, to replay "
                "move by move.")

    def detail_text(self, row: RecordSummary) -> str:
        return describe(row)

    def action_replay(self) -> None:
        """Open the highlighted game in the replay viewer; a broken one explains itself."""
        self.open_selected()

    def open_row(self, row: RecordSummary) -> None:
        self.games_app.replay_file(row.path)

    def delete_question(self, row: RecordSummary) -> str:
        what = (f"the broken record {printable(Path(row.path).name)!r}" if row.error else
                f"the {printable(row.title)} game {seats_text(row)} of "
                f"{when(row.finished_at)}")
        return f"Delete {what} from the history?\nThis cannot be undone."

    def delete_file(self, path: str) -> None:
        self.history.delete(path)
