"""The history: finished games kept as records in the save folder's ``history/``.

A record is a save file (seed, options, seats, actions, final state) tagged as a record,
so it replays exactly and is refused in one line when damaged, as a save is. Everything
the History and Stats screens show (result, scores, turns) is worked out from the replay,
never trusted from the file; only the hint counts are read as written.

On a shared host the records are per login: ``history/<login>/``, one copy for each
person who sat at the table, so each login's history and figures are its own.
"""

from __future__ import annotations

import re
import threading
from datetime import datetime
from pathlib import Path
from typing import Any

import msgspec

from tui_games.engine.core import Outcome
from tui_games.engine.saves import RecordTag, SaveError, SaveStore, epoch_seconds
from tui_games.engine.session import Seat, Session
from tui_games.engine.text import printable

HISTORY = "history"
_LOGIN = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}")


class RecordSummary(msgspec.Struct):
    """One row of the History screen (and one game of the statistics).

    ``error`` is set (the rest best effort) when the file is no good record.
    """

    path: str
    game: str
    title: str
    seats: list[Seat]
    finished_at: str
    turns: int = 0
    actions: int = 0
    scores: list[int] = msgspec.field(default_factory=list)
    winners: list[int] = msgspec.field(default_factory=list)
    reason: str = ""
    breakdown: list[list[tuple[str, int]]] = msgspec.field(default_factory=list)
    decided_by: str = ""  # absent from rows written before it: read as ""
    hints_used: list[int] = msgspec.field(default_factory=list)
    error: str | None = None

    @property
    def when(self) -> float:
        """Seconds since 1970 of the end of the game (0 when unknown): the sort key."""
        try:
            return epoch_seconds(datetime.fromisoformat(self.finished_at))
        except (TypeError, ValueError):
            return 0.0

    def result(self) -> str:
        """"Ada won 31-24", "Ada and Bo shared the win", "Nobody won"."""
        names = [printable(seat.name) for seat in self.seats]
        scores = "-".join(str(score) for score in sorted(self.scores, reverse=True))
        won = [names[i] for i in self.winners if 0 <= i < len(names)]
        if not won:
            return f"Nobody won {scores}".strip()
        if len(won) == 1:
            return f"{won[0]} won {scores}".strip()
        return f"{', '.join(won[:-1])} and {won[-1]} shared the win {scores}".strip()


def hints_of(session: Session) -> list[int]:
    """The hints each seat used, if the session counts them (absent: 0 each)."""
    counted = getattr(session, "hints_used", None)
    if counted is None:
        counted = getattr(session, "hints", None)
    seats = len(session.seats)
    if not isinstance(counted, list | tuple):
        return [0] * seats
    numbers = [n if isinstance(n, int) and not isinstance(n, bool) and n >= 0 else 0
               for n in list(counted)[:seats]]
    return numbers + [0] * (seats - len(numbers))


def login_folder(base: Path, login: str) -> Path | None:
    """``base/<login>`` for a login name that is also a safe folder name, else None."""
    return base / login if _LOGIN.fullmatch(login) and login not in (".", "..") else None


class History:
    """The records of one history folder: keep, list, open and delete."""

    def __init__(self, store: SaveStore, folder: Path | None = None) -> None:
        self.store = store
        self.folder = Path(folder) if folder is not None else store.folder / HISTORY
        self._rows: dict[Path, tuple[tuple[int, int], RecordSummary]] = {}
        # list() may run in a worker (History and Stats read in the background) while
        # the app keeps or deletes a record: one reader of the cache at a time
        self._lock = threading.Lock()

    def keep(self, session: Session) -> Path:
        """Write ``session`` (a finished game) as a record; SaveError if it cannot be."""
        if session.rules.outcome(session.state) is None:
            raise SaveError(self.folder, "only a finished game is kept as a record")
        save_id = self.store.assign_id(session)
        stem, number = save_id, 1
        # A game played on from a named save again ends its own way: a record of its
        # own. The same game opened again (a record loaded) is not kept twice.
        while (path := self.folder / f"{stem}.json").exists():
            try:
                kept, _ = self.open(path)
            except SaveError:
                kept = None
            if kept is not None and kept.seed == session.seed \
                    and kept.actions == session.actions:
                return path
            number += 1
            stem = f"{save_id}-{number}"
        return self.store.write_record(session, self.folder, hints_of(session), stem)

    def open(self, path: Path | str) -> tuple[Session, RecordTag | None]:
        """The game of a record (or any save) and its tag; SaveError in one line."""
        file = Path(path)
        session, tag = self.store.load_document(file)
        if tag is not None and session.rules.outcome(session.state) is None:
            raise SaveError(file, "is tagged as a record but its game is not finished: "
                                  "the file was edited or is corrupt")
        return session, tag

    def _files(self) -> list[tuple[Path, tuple[int, int]]]:
        """Every record file with its (mtime, size): what the cache is keyed on."""
        try:
            files = [p for p in self.folder.glob("*.json")
                     if p.is_file() and not p.name.startswith(".")]
        except OSError:
            return []
        found = []
        for file in files:
            try:
                stat = file.stat()
            except OSError:
                continue
            found.append((file, (stat.st_mtime_ns, stat.st_size)))
        return found

    def unread(self) -> int:
        """How many records ``list`` would have to replay (new or changed since read):
        a screen reads them in the background when there are any. It takes no lock, so
        the UI thread never waits for a worker's ``list``: a count to decide by."""
        return sum(1 for file, key in self._files()
                   if (cached := self._rows.get(file)) is None or cached[0] != key)

    def list(self) -> list[RecordSummary]:
        """Every record, newest first; a broken one is listed with its ``error``."""
        rows: list[RecordSummary] = []
        with self._lock:
            for file, key in self._files():
                cached = self._rows.get(file)
                if cached is None or cached[0] != key:
                    cached = (key, self.summarise(file))
                    self._rows[file] = cached
                rows.append(cached[1])
        rows.sort(key=lambda row: (row.when, row.path), reverse=True)
        return rows

    def summarise(self, file: Path) -> RecordSummary:
        """The History row of ``file``, worked out from its replay."""
        try:
            session, tag = self.open(file)
        except SaveError as exc:
            return RecordSummary(path=str(file), game="", title="?", seats=[],
                                 finished_at="", error=exc.problem)
        if tag is None:
            return RecordSummary(path=str(file), game=session.rules.id,
                                 title=session.rules.title, seats=session.seats,
                                 finished_at="", error="a save, not a record")
        outcome: Outcome = session.rules.outcome(session.state)
        hints = [int(n) for n in tag.hints_used[:len(session.seats)]]
        hints += [0] * (len(session.seats) - len(hints))
        return RecordSummary(
            path=str(file), game=session.rules.id, title=session.rules.title,
            seats=list(session.seats), finished_at=tag.finished_at, turns=session.turns_played(),
            actions=len(session.actions), scores=list(outcome.scores),
            winners=list(outcome.winners), reason=outcome.reason,
            breakdown=[list(rows) for rows in outcome.breakdown],
            decided_by=outcome.decided_by, hints_used=hints)

    def delete(self, path: Path | str) -> None:
        """Delete a record of this folder (a missing file is not an error)."""
        file = Path(path)
        try:
            inside = file.resolve().parent == self.folder.resolve()
        except OSError:
            inside = False
        if not inside or file.suffix != ".json":
            raise SaveError(file, "is not a record of this history; not deleted")
        try:
            file.unlink(missing_ok=True)
        except OSError as exc:
            raise SaveError(file, f"cannot delete ({exc.strerror or exc})") from exc
        with self._lock:
            self._rows.pop(file, None)


def as_dict(row: RecordSummary) -> dict[str, Any]:
    """A row as plain JSON data (for ``tui-games stats --json`` and tests)."""
    data: dict[str, Any] = msgspec.to_builtins(row)
    return data
