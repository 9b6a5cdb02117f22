"""The saved games: newest first, broken files marked with their problem.

A row is named by its game, seats and turn; the save's own name comes last, an
autosave tagged as one (every game has one, and a column of "autosave" told them
apart by nothing).

Everything in a row came from a file: it is cleaned of control characters and shown as
plain text (``Text``), never parsed as markup.
"""

from __future__ import annotations

import contextlib
from datetime import datetime
from pathlib import Path

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import DataTable, Footer, Static

from tui_games.engine.saves import AUTOSAVE_NAME, SaveSummary
from tui_games.engine.text import printable
from tui_games.tui.screens.file_list import BROKEN, FileListScreen

ELLIPSIS = "…"
# Column widths at 80 columns; Name and Players take whatever a wider terminal adds.
NAME, GAME, PLAYERS, TURN, SAVED = 14, 14, 20, 4, 16
COLUMNS = (("game", "Game"), ("players", "Players"), ("turn", "Turn"), ("saved", "Saved"),
           ("name", "Save"))


UNKNOWN_DATE = "unknown date"


def when(saved_at: str) -> str:
    """An ISO time as local "YYYY-MM-DD HH:MM"; "unknown date" if it is not a date.

    A time that has no local equivalent (year 1 at +14:00 is before the calendar starts
    here) is shown in its own zone rather than failing.
    """
    try:
        stamp = datetime.fromisoformat(saved_at)
    except (ValueError, TypeError):
        return UNKNOWN_DATE
    if stamp.tzinfo is not None:
        with contextlib.suppress(OverflowError, ValueError, OSError):
            stamp = stamp.astimezone()
    # not strftime: it writes year 1 as "1" on some systems and "0001" on others
    return (f"{stamp.year:04d}-{stamp.month:02d}-{stamp.day:02d} "
            f"{stamp.hour:02d}:{stamp.minute:02d}")


def players_text(summary: SaveSummary) -> str:
    """"Ana vs Bot 2" (the seats of the save)."""
    return " vs ".join(printable(name) for name in summary.players)


def fit(text: str, width: int) -> str:
    """``text`` cut to ``width`` columns, an ellipsis marking the cut."""
    text = printable(text)
    return text if len(text) <= width else text[:max(width - 1, 0)] + ELLIPSIS


def plain(text: str, width: int | None = None, **style: str) -> Text:
    """A cell or line as plain text: cleaned, cut to ``width``, never read as markup."""
    return Text(fit(text, width) if width is not None else printable(text), **style)


def column_widths(total: int) -> dict[str, int]:
    """Widths of the columns on a screen ``total`` columns wide (80 and up).

    At 80: 68 columns of text, 10 of cell padding, 2 for the scrollbar.
    """
    spare = max(total - 80, 0)
    return {"name": NAME + spare // 2, "game": GAME, "players": PLAYERS + spare - spare // 2,
            "turn": TURN, "saved": SAVED}


def is_autosave(summary: SaveSummary) -> bool:
    """True for a game's autosave (not a save named with ctrl+s)."""
    return summary.name == AUTOSAVE_NAME


def save_tag(summary: SaveSummary, width: int) -> Text:
    """The Save column: a named save's name, or "autosave" as a tag (dim, italic)."""
    if is_autosave(summary):
        return Text(AUTOSAVE_NAME, style="dim italic")
    return plain(summary.name, width)


def describe(summary: SaveSummary) -> str:
    """The whole row in words, for the line under the table (nothing cut off there)."""
    kind = "autosave" if is_autosave(summary) else f"saved as {summary.name!r}"
    return printable(f"{summary.title} · {players_text(summary)} · "
                     f"turn {summary.turn_in_play} · saved {when(summary.saved_at)} "
                     f"· {kind}")


class LoadScreen(FileListScreen[SaveSummary]):
    """Every save of the store; enter loads the highlighted one, d deletes it."""

    BINDINGS = [
        # priority: the table's own enter binding would otherwise hide this from the Footer
        Binding("enter", "load", "Load", priority=True),
        Binding("d,delete", "delete", "Delete"),
        Binding("escape", "close", "Back"),
    ]
    TABLE_ID, DETAIL_ID = "saves", "save-detail"
    NOTHING_TO_OPEN = "There is nothing to load yet."

    def __init__(self) -> None:
        super().__init__()
        self._widths: dict[str, int] = {}

    def compose(self) -> ComposeResult:
        yield Static("Load a saved game", classes="screen-title")
        yield DataTable(id=self.TABLE_ID, cursor_type="row", zebra_stripes=True)
        yield Static("", id=self.DETAIL_ID)
        yield Footer()

    def on_resize(self) -> None:
        """Wider or narrower: the name and players columns take the difference."""
        if self.built and self._widths != column_widths(self.size.width):
            self.reload(keep=self.table.cursor_row)

    def reload(self, keep: int = 0) -> None:
        """Re-read the folder; the cursor goes to row ``keep`` (clamped)."""
        table = self.table
        table.clear(columns=True)
        self._widths = widths = column_widths(self.size.width)
        for key, label in COLUMNS:
            table.add_column(label, key=key, width=widths[key])
        self.rows = self.games_app.store.list()
        for summary in self.rows:
            if summary.error:
                table.add_row(Text(BROKEN + fit(summary.title or "?", widths["game"] - 2),
                                   style="bold"),
                              Text("broken: see below", style="italic"), "",
                              plain(when(summary.saved_at)),
                              plain(summary.name, widths["name"]), key=summary.path)
            else:
                table.add_row(plain(summary.title, widths["game"]),
                              plain(players_text(summary), widths["players"]),
                              Text(str(summary.turn_in_play), justify="right"),
                              plain(when(summary.saved_at)),
                              save_tag(summary, widths["name"]), key=summary.path)
        if self.rows:
            table.move_cursor(row=min(max(keep, 0), len(self.rows) - 1))
        self.show_detail()

    def empty_text(self) -> str:
        folder = printable(str(self.games_app.store.folder))
        return (f"No saved games in {folder}.\nStart one from the menu: games save "
                "themselves after every turn.")

    def detail_text(self, row: SaveSummary) -> str:
        return f"{describe(row)}\n{printable(row.path)}"

    def action_load(self) -> None:
        """Load the highlighted save; a broken one only explains itself."""
        self.open_selected()

    def open_row(self, row: SaveSummary) -> None:
        self.games_app.load_game(row.path)

    def delete_question(self, row: SaveSummary) -> str:
        if row.error:
            what = f"the broken file {printable(Path(row.path).name)!r}"
        else:
            kind = "its autosave" if is_autosave(row) else printable(row.name)
            what = (f"the {printable(row.title)} game {players_text(row)} "
                    f"({kind}, turn {row.turn_in_play})")
        return f"Delete {what}?\nThis cannot be undone."

    def delete_file(self, path: str) -> None:
        self.games_app.store.delete(path)
