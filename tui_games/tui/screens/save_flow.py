"""Saving one table: the autosave after each turn, ctrl+s under a name, and what to do
when the save folder cannot be written (save a copy elsewhere, leave anyway, or stay).

``SaveFlow`` is owned by a GameScreen as ``saves``; it remembers why saves fail while they
do, so the status line can say "Not saved" and leaving the table asks first. What a save
keeps of the table's cursors is the game's: GameScreen's ``keep_view`` hook, read back with
``saved_numbers``.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from tui_games.engine.records import History
from tui_games.engine.saves import SaveError
from tui_games.tui.screens.confirm import Choice, ChoiceScreen, ConfirmScreen
from tui_games.tui.screens.save_name import SaveNameScreen, SavePathScreen

if TYPE_CHECKING:
    from tui_games.tui.screens.game import GameScreen

SAVE_WARNING = "⚠ Not saved"


class SaveFlow:
    """The saves of ``screen``'s session in ``screen.store``."""

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self.problem: str | None = None  # why saves fail, while they do
        # The session as a file already holds it (loaded, or autosaved since): leaving
        # does not write it again, so opening a game to look at it keeps its save time.
        self._on_disk: tuple[object, ...] | None = None

    def _kept(self) -> tuple[object, ...]:
        """What a save of the session keeps that playing or moving a cursor changes."""
        session = self.screen.session
        return (tuple(session.actions), tuple(session.undoable),
                tuple(sorted(session.ui_prefs.items())))

    def mark_saved(self) -> None:
        """The session is as a file holds it (it was just loaded from one)."""
        self._on_disk = self._kept()

    def table_shown(self) -> None:
        """The table is drawn: what it keeps of itself (a cursor, a sort) as it opened
        counts as saved too, so a save from before those were kept stays as it is."""
        if self._on_disk is not None and self._on_disk[:2] == self._kept()[:2]:
            self._keep_view()
            self._on_disk = self._kept()

    def unchanged(self) -> bool:
        """True when nothing was played (nor a cursor moved) since the session was
        loaded or last autosaved."""
        if self._on_disk is None:
            return False
        self._keep_view()
        return self._kept() == self._on_disk

    def _keep_view(self) -> None:
        """Let the game put its cursor in ui_prefs, if its table is shown."""
        screen = self.screen
        if screen.ready and not screen.reviewing and not screen.closed:
            screen.keep_view()

    def _failed(self, exc: SaveError, title: str = "Not saved") -> None:
        self.screen.notify(str(exc), title=title, severity="error", markup=False)

    def autosave(self) -> Path | None:
        """Write the session's autosave; never raises. A failure is notified once, and
        the status line says "Not saved" until a save works again."""
        screen = self.screen
        self._keep_view()
        try:
            path = screen.store.autosave(screen.session)
        except SaveError as exc:
            if self.problem is None:
                self._failed(exc, "Autosave failed")
            self.problem = exc.cause
            return None
        self.problem = None
        self._on_disk = self._kept()
        return path

    def warning(self) -> str:
        """The status line's lead while saves fail ("⚠ Not saved (why). "), else ""."""
        return "" if self.problem is None else f"{SAVE_WARNING} ({self.problem}). "

    def default_name(self) -> str:
        """The name offered by ctrl+s: the last name used, else the title and the time."""
        screen = self.screen
        return screen.session.name or f"{screen.info.title} {datetime.now():%Y-%m-%d %H%M}"

    def save_as(self) -> None:
        """Ask for a name and save the game under it; a name that another game's save
        already uses is only replaced after asking (this game's own is just updated)."""
        screen, store = self.screen, self.screen.store

        def save(name: str) -> None:
            self._keep_view()
            try:
                path = store.save_as(screen.session, name)
            except SaveError as exc:
                self._failed(exc)
            else:
                screen.notify(f"Saved as {path.name}", title="Saved", markup=False)

        def chosen(name: str | None) -> None:
            if not name:
                return
            try:
                other = store.replaces_other(screen.session, name)
            except SaveError as exc:
                self._failed(exc)
                return
            if other is None:
                save(name)
                return
            screen.app.push_screen(
                ConfirmScreen(f"A save named {name!r} already exists: {other}, another "
                              "game. Replace it with this one?", yes="Replace", no="Keep"),
                lambda yes: save(name) if yes else screen.notify(
                    "Not saved: choose another name with ctrl+s.", markup=False))

        screen.app.push_screen(SaveNameScreen(self.default_name(), str(store.folder)), chosen)

    def ask_before_leaving(self, leave: Callable[[], None]) -> None:
        """The game could not be saved: ask whether to save a copy elsewhere, leave
        anyway (``leave()``), or stay at the table."""
        why = self.problem or "the save folder cannot be written"

        def answered(answer: str | None) -> None:
            if answer == "leave":
                leave()
            elif answer == "elsewhere":
                self._save_elsewhere(leave)

        self.screen.app.push_screen(ChoiceScreen(
            f"This game could not be saved ({why}). If you leave now, it is lost.",
            [Choice("elsewhere", "Save elsewhere", "s"), Choice("leave", "Leave anyway", "l"),
             Choice("stay", "Stay", "t")], cancel="stay", title="Not saved"), answered)

    def _save_elsewhere(self, leave: Callable[[], None]) -> None:
        """Ask for a path, save a copy there, then ``leave()``; ask again on failure."""
        screen, store = self.screen, self.screen.store

        def chosen(target: str | None) -> None:
            if not target:
                self.ask_before_leaving(leave)
                return
            self._keep_view()
            try:
                path = store.save_to(screen.session, target)
            except SaveError as exc:
                self._failed(exc)
                self.ask_before_leaving(leave)
                return
            screen.notify(f"Saved a copy to {path}: open it with tui-games --load.",
                          title="Saved", markup=False)
            leave()

        default = f"~/{store.assign_id(screen.session)}.json"
        screen.app.push_screen(SavePathScreen(default, str(store.folder)), chosen)

    def keep_record(self) -> Path | None:
        """Keep the finished game in the history (see engine/records.py); never raises.
        A failure is notified: the game itself is over either way."""
        screen = self.screen
        try:
            return History(screen.store).keep(screen.session)
        except SaveError as exc:
            self._failed(exc, "Not kept in the history")
            return None

    def drop_autosave(self) -> None:
        """A finished game is not one to Continue: remove its autosave (named saves stay)."""
        screen = self.screen
        if screen.session.save_id is None:
            return
        try:
            screen.store.delete(screen.store.folder / f"{screen.session.save_id}.json",
                                open_here=True)
        except SaveError as exc:
            screen.notify(str(exc), severity="warning", markup=False)
