"""The history: every finished game, newest first; Enter replays it, d deletes it.

Each row is worked out from the record's replay (see engine/records.py): date, game,
seats, result, turns and the hints each seat used. Names come from files: they are
cleaned and shown as plain text, never read as markup.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, cast

from rich.text import Text
from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import Screen
from textual.widgets import DataTable, Footer, Static

from tui_games.engine.core import is_detail
from tui_games.engine.grammar import speak_to
from tui_games.engine.records import History, RecordSummary
from tui_games.engine.saves import SaveError
from tui_games.engine.text import printable
from tui_games.screens.confirm import ConfirmScreen
from tui_games.screens.dismiss_once import DismissOnce
from tui_games.screens.load import BROKEN, fit, plain, when

if TYPE_CHECKING:
    from tui_games.app import GamesApp

# Column widths at 80 columns (68 of text): the seats take what a wider terminal adds.
DATE, GAME, SEATS, RESULT, TURNS, HINTS = 16, 12, 14, 14, 5, 5


def seats_text(row: RecordSummary) -> str:
    """"Ada vs Bot (hard)"."""
    return " vs ".join(printable(seat.name) + (f" ({seat.bot})" if seat.bot else "")
                       for seat in row.seats)


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


class HistoryScreen(DismissOnce, Screen[None]):
    """The finished games of the save folder's history."""

    BINDINGS = [
        Binding("enter", "replay", "Replay", priority=True),
        Binding("d,delete", "delete", "Delete"),
        Binding("s", "app.stats", "Stats"),
        Binding("escape", "close", "Back"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[RecordSummary] = []

    @property
    def games_app(self) -> GamesApp:
        """The app, typed."""
        return cast("GamesApp", self.app)

    @property
    def history(self) -> History:
        """The app's history folder."""
        return self.games_app.history

    def compose(self) -> ComposeResult:
        yield Static("History: finished games", classes="screen-title")
        yield DataTable(id="records", cursor_type="row", zebra_stripes=True)
        yield Static("", id="record-detail")
        yield Footer()

    def on_mount(self) -> None:
        """Fill the table, the newest game first."""
        if not self.query("#records"):
            return
        self.reload()
        self.query_one("#records", DataTable).focus()

    def reload(self, keep: int = 0) -> None:
        """Re-read the history; the cursor goes to row ``keep`` (clamped)."""
        table = self.query_one("#records", DataTable)
        table.clear(columns=True)
        spare = max(self.size.width - 80, 0)
        for key, label, width in (("date", "Date", DATE), ("game", "Game", GAME),
                                  ("seats", "Seats", SEATS + spare),
                                  ("result", "Result", RESULT), ("turns", "Turns", TURNS),
                                  ("hints", "Hints", HINTS)):
            table.add_column(label, key=key, width=width)
        self.rows = self.history.list()
        for row in self.rows:
            if row.error:
                table.add_row(Text(BROKEN + fit(Path(row.path).stem, DATE - 2), style="bold"),
                              plain(row.title, GAME), Text("see below", style="italic"),
                              "", "", "", key=row.path)
            else:
                table.add_row(plain(when(row.finished_at)), plain(row.title, GAME),
                              plain(seats_text(row), SEATS + spare),
                              plain(row.result(), RESULT),
                              Text(str(row.turns), justify="right"),
                              Text(hints_text(row), justify="right"), key=row.path)
        if self.rows:
            table.move_cursor(row=min(max(keep, 0), len(self.rows) - 1))
        self._show_detail()

    def selected(self) -> RecordSummary | None:
        """The record under the cursor."""
        table = self.query_one("#records", DataTable)
        if not self.rows or table.cursor_row < 0:
            return None
        return self.rows[min(table.cursor_row, len(self.rows) - 1)]

    def _show_detail(self) -> None:
        detail = self.query_one("#record-detail", Static)
        row = self.selected()
        if row is None:
            detail.update(Text("No finished games yet: every game you finish is kept "
                               "here, to replay move by move."))
        elif row.error:
            detail.update(Text.assemble((f"{BROKEN}{printable(Path(row.path).name)}: ",
                                         "bold"), printable(row.error)))
        else:
            detail.update(Text(describe(row)))
        detail.set_class(bool(row and row.error), "-error")

    @on(DataTable.RowHighlighted)
    def _highlighted(self) -> None:
        self._show_detail()

    @on(DataTable.RowSelected)
    def _selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.action_replay()

    def action_replay(self) -> None:
        """Open the highlighted game in the replay viewer; a broken one explains itself."""
        row = self.selected()
        if row is None:
            self.notify("There is no finished game to replay yet.", severity="warning")
            return
        self.games_app.replay_file(row.path)

    def action_delete(self) -> None:
        """Ask, then delete the highlighted record."""
        row = self.selected()
        if row is None:
            return
        at = self.query_one("#records", DataTable).cursor_row

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.history.delete(row.path)
            except SaveError as exc:
                self.notify(str(exc), severity="error", title="Not deleted", markup=False)
            else:
                self.notify(f"Deleted {printable(Path(row.path).name)}", markup=False)
            self.reload(keep=at)

        what = (f"the broken record {printable(Path(row.path).name)!r}" if row.error else
                f"the {printable(row.title)} game {seats_text(row)} of "
                f"{when(row.finished_at)}")
        self.app.push_screen(ConfirmScreen(f"Delete {what} from the history?\nThis "
                                           "cannot be undone.", yes="Delete", no="Keep"),
                             answered)

    def action_close(self) -> None:
        """Back to the menu."""
        self.dismiss(None)

