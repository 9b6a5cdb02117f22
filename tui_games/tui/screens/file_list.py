"""A list of files from the save folder: a table, a pane that tells the highlighted row in
full, Enter opens it and d deletes it after a confirm.

The Load screen (saves) and the History screen (finished games) are this list with their
own columns, words and way of opening a file. A broken file is a row like any other: the
pane says what is wrong with it, and it can be deleted.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, ClassVar, Generic, Protocol, TypeVar, cast

from rich.text import Text
from textual import on
from textual.screen import Screen
from textual.widgets import DataTable, Static

from tui_games.engine.saves import SaveError
from tui_games.engine.text import printable
from tui_games.tui.screens.confirm import ConfirmScreen
from tui_games.tui.screens.dismiss_once import DismissOnce

if TYPE_CHECKING:
    from tui_games.tui.app import GamesApp

BROKEN = "⚠ "


class FileRow(Protocol):
    """What the list needs of a row: its file, and what is wrong with it (if anything)."""

    @property
    def path(self) -> str: ...

    @property
    def error(self) -> str | None: ...


RowT = TypeVar("RowT", bound=FileRow)


class FileListScreen(DismissOnce, Screen[None], Generic[RowT]):
    """The shared behaviour; a subclass gives the ids, the words and ``open_row``."""

    TABLE_ID: ClassVar[str]
    DETAIL_ID: ClassVar[str]
    NOTHING_TO_OPEN: ClassVar[str]  # the warning when Enter finds no row

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[RowT] = []

    @property
    def games_app(self) -> GamesApp:
        """The app, typed."""
        return cast("GamesApp", self.app)

    @property
    def table(self) -> DataTable[object]:
        """The list itself."""
        return self.query_one(f"#{self.TABLE_ID}", DataTable)

    @property
    def built(self) -> bool:
        """Whether the list is there: not yet while the screen is being made, and no more
        once it closes (its widgets go first; a resize may still reach the screen)."""
        return bool(self.query(f"#{self.TABLE_ID}"))

    def on_mount(self) -> None:
        """Fill the table, the cursor on the newest row."""
        if not self.built:
            return  # closed before it was built
        self.reload()
        self.table.focus()

    def reload(self, keep: int = 0) -> None:
        """Re-read the folder; the cursor goes to row ``keep`` (clamped)."""
        raise NotImplementedError

    # ---- what a subclass says -------------------------------------------------------------

    def empty_text(self) -> str:
        """The pane's words when the list is empty."""
        raise NotImplementedError

    def detail_text(self, row: RowT) -> str:
        """A sound row told in full."""
        raise NotImplementedError

    def open_row(self, row: RowT) -> None:
        """Enter on ``row``."""
        raise NotImplementedError

    def delete_question(self, row: RowT) -> str:
        """What deleting ``row`` would delete, for the confirm."""
        raise NotImplementedError

    def delete_file(self, path: str) -> None:
        """Delete the file (raises SaveError or OSError when it cannot)."""
        raise NotImplementedError

    # ---- the shared part -------------------------------------------------------------------

    def selected(self) -> RowT | None:
        """The row under the cursor."""
        table = self.table
        if not self.rows or table.cursor_row < 0:
            return None
        return self.rows[min(table.cursor_row, len(self.rows) - 1)]

    def show_detail(self) -> None:
        """Tell the highlighted row in the pane; a broken file says what is wrong."""
        detail = self.query_one(f"#{self.DETAIL_ID}", Static)
        row = self.selected()
        if row is None:
            detail.update(Text(self.empty_text()))
        elif row.error:
            detail.update(Text.assemble((f"{BROKEN}{printable(Path(row.path).name)}: ",
                                         "bold"), printable(row.error)))
        else:
            detail.update(Text(self.detail_text(row)))
        detail.set_class(bool(row and row.error), "-error")

    @on(DataTable.RowHighlighted)
    def _highlighted(self) -> None:
        self.show_detail()

    @on(DataTable.RowSelected)
    def _selected(self, event: DataTable.RowSelected) -> None:
        event.stop()
        self.open_selected()

    def open_selected(self) -> None:
        """Open the highlighted row; with none, say there is nothing to open (a key typed
        ahead that reaches the screen as it closes opens nothing)."""
        if not self.built:
            return
        row = self.selected()
        if row is None:
            self.notify(self.NOTHING_TO_OPEN, severity="warning")
            return
        self.open_row(row)

    def action_delete(self) -> None:
        """Ask, then delete the highlighted file."""
        if not self.built:
            return
        row = self.selected()
        if row is None:
            return
        at = self.table.cursor_row

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                self.delete_file(row.path)
            except (SaveError, OSError) as exc:
                self.notify(printable(str(exc)), severity="error", title="Not deleted",
                            markup=False)
            else:
                self.notify(f"Deleted {printable(Path(row.path).name)}", markup=False)
            self.reload(keep=at)

        self.app.push_screen(ConfirmScreen(self.delete_question(row), yes="Delete",
                                           no="Keep"), answered)

    def action_close(self) -> None:
        """Back to the menu."""
        self.dismiss(None)
