"""Save files: one JSON document per game, written atomically, validated on load.

A save holds the seed and the action list (the truth) next to the state they produce.
Loading replays the actions from the seed and refuses the file unless the replay
reproduces the stored state, so a hand-edited or damaged save is caught, never played.
Nothing is pickled or evaluated, and nothing is written outside the save folder.
Reading and checking a file is engine/save_check.py; this module writes, lists, locks and
deletes them.
"""

from __future__ import annotations

import contextlib
import os
import re
import tomllib
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
import platformdirs

from tui_games.engine.codec import to_json
from tui_games.engine.locks import GameLock, is_locked, lock_path
from tui_games.engine.save_check import (
    AUTOSAVE_NAME,
    FORMAT,
    VERSION,
    RecordTag,
    SaveFile,
    check_prefs,
    decode,
    display_name,
    header_check,
    rebuild,
)
from tui_games.engine.savefiles import (
    MAX_PROBLEM,
    MAX_SAVE_BYTES,
    SAFE_ID,
    SaveError,
    read_save_bytes,
    sweep,
    write_atomic,
)
from tui_games.engine.session import Session, new_save_id
from tui_games.engine.text import one_line, printable

if TYPE_CHECKING:
    from tui_games.games import GameInfo

ENV_VAR = "TUI_GAMES_SAVES"
_SAFE_ID = SAFE_ID
HOST_LOCK = ".host.lock"  # held by a host for every game of its folder

# Re-exported: callers import the whole save API from here.
__all__ = ["AUTOSAVE_NAME", "MAX_PROBLEM", "MAX_SAVE_BYTES", "RecordTag", "SaveError",
           "SaveStore", "SaveSummary", "resolve_save_dir", "sanitise_name", "write_atomic"]


class SaveSummary(msgspec.Struct):
    """One row of the Load screen. ``error`` is set (and the rest best effort) if broken."""

    path: str
    name: str
    game: str
    title: str
    players: list[str]
    turn: int
    saved_at: str
    error: str | None = None
    save_id: str | None = None  # the game's id (its lock), when the file could be read

    @property
    def turn_in_play(self) -> int:
        """The number of the turn being played, as the table shows it (``turn`` counts the
        turns completed)."""
        return self.turn + 1


def sanitise_name(name: str) -> str:
    """A file stem from a player's save name: ASCII letters, digits, - and _ only."""
    stem = re.sub(r"\s+", "_", name.strip())
    stem = re.sub(r"[^A-Za-z0-9_-]", "", stem).strip("_-")[:60]
    return stem


def _now_iso() -> str:
    return datetime.now().astimezone().isoformat(timespec="seconds")


_EPOCH = datetime(1970, 1, 1)


def epoch_seconds(stamp: datetime) -> float:
    """Seconds since 1970 UTC for any datetime, year 1 to 9999 in any zone, never raising.

    ``datetime.timestamp()`` and ``astimezone()`` overflow near the ends of the calendar
    (year 1 at +14:00 is before the first UTC instant); naive arithmetic never does. A
    naive stamp is taken as local time (today's offset when its own cannot be known).
    """
    offset = stamp.utcoffset()
    if offset is None:
        try:
            offset = stamp.astimezone().utcoffset()
        except (OverflowError, ValueError, OSError):
            offset = datetime.now().astimezone().utcoffset()
    naive = stamp.replace(tzinfo=None)
    return (naive - _EPOCH).total_seconds() - (offset.total_seconds() if offset else 0.0)


def _when(saved_at: str, path: Path) -> float:
    """Sort key: the recorded time, else the file's modification time."""
    try:
        return epoch_seconds(datetime.fromisoformat(saved_at))
    except (ValueError, TypeError):
        try:
            return path.stat().st_mtime
        except OSError:
            return 0.0


def _format_document(doc: SaveFile[Any, Any]) -> bytes:
    """Compact JSON, but one top-level field and one action per line, so it reads in a pager."""
    lines = []
    for field in doc.__struct_fields__:
        value = getattr(doc, field)
        if field == "record" and value is None:
            continue  # a save is not a record: its file stays as it always was
        if field == "actions" and value:
            body = b"[\n" + b",\n".join(b"    " + to_json(a) for a in value) + b"\n  ]"
        else:
            body = to_json(value)
        lines.append(b"  " + to_json(field) + b": " + body)
    return b"{\n" + b",\n".join(lines) + b"\n}\n"


def _is_checkout(folder: Path) -> bool:
    """A tui-games source checkout: pyproject.toml naming tui-games, and a saves/ folder."""
    try:
        project = tomllib.loads((folder / "pyproject.toml").read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError, UnicodeDecodeError):
        return False
    return project.get("project", {}).get("name") == "tui-games" and (folder / "saves").is_dir()


def _package_root() -> Path:
    """The folder holding the tui_games package (a checkout when installed editable)."""
    return Path(__file__).resolve().parents[2]


def resolve_save_dir(cli_dir: str | None = None) -> Path:
    """The save folder: --saves DIR, else $TUI_GAMES_SAVES, else a checkout's saves/,
    else the user data dir. The folder is created if needed (SaveError if it cannot be)."""
    if cli_dir:
        folder = Path(cli_dir).expanduser()
    elif os.environ.get(ENV_VAR):
        folder = Path(os.environ[ENV_VAR]).expanduser()
    else:
        candidates = (Path.cwd(), _package_root())
        checkout = next((c for c in candidates if _is_checkout(c)), None)
        if checkout is not None:
            folder = checkout / "saves"
        else:
            folder = Path(platformdirs.user_data_dir("tui-games", appauthor=False)) / "saves"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise SaveError(folder, f"cannot create the save folder ({exc.strerror or exc})") from exc
    if not folder.is_dir():
        raise SaveError(folder, "is not a folder")
    return folder


class SaveStore:
    """The save folder: autosaves, named saves, loading, listing and deleting."""

    def __init__(self, folder: Path, games: Mapping[str, GameInfo] | None = None) -> None:
        self.folder = Path(folder)
        self._games = games
        self._decoders: dict[str, msgspec.json.Decoder[Any]] = {}
        self._summaries: dict[Path, tuple[tuple[int, int], SaveSummary]] = {}

    # ---- writing -------------------------------------------------------------------

    def autosave(self, session: Session) -> Path:
        """Write the game's one autosave file, ``<save_id>.json`` (created, then overwritten).

        A game resumed from a named save has the same ``save_id``, so playing on replaces
        that game's autosave instead of adding a second one.
        """
        self.assign_id(session)
        path = self.folder / f"{session.save_id}.json"
        self._write(path, session, AUTOSAVE_NAME)
        return path

    def assign_id(self, session: Session) -> str:
        """Give the session a stable, safe game id if it has none yet; returns it."""
        if session.save_id is None or not _SAFE_ID.fullmatch(session.save_id):
            session.save_id = new_save_id(session.rules.id)
            while (self.folder / f"{session.save_id}.json").exists():
                session.save_id = new_save_id(session.rules.id)
        return session.save_id

    def lock(self, session: Session) -> GameLock | None:
        """Hold the game open in this window (its id assigned first if needed); None when
        another window has it open. Release the lock when the game is left."""
        save_id = self.assign_id(session)
        with contextlib.suppress(OSError):  # GameLock is a no-op where no file can be made
            self.folder.mkdir(parents=True, exist_ok=True)
        lock = GameLock.acquire(lock_path(self.folder, save_id))
        # The game's lock first, then the host's: a host that starts meanwhile sees ours
        # (it checks each game's lock after taking its own), or we see the host's.
        if lock is not None and is_locked(self.folder / HOST_LOCK):
            lock.release()
            return None
        return lock

    def host_lock(self) -> GameLock | None:
        """Hold every game of the folder for a host (``tui-games host``), with one
        descriptor however many games it has; None when another host holds them."""
        with contextlib.suppress(OSError):
            self.folder.mkdir(parents=True, exist_ok=True)
        return GameLock.acquire(self.folder / HOST_LOCK)

    def is_held_elsewhere(self, save_id: str) -> bool:
        """True if a window holds the game ``save_id`` open now (its own lock)."""
        return is_locked(lock_path(self.folder, save_id))

    def is_open(self, file: Path) -> bool:
        """True if the game saved in ``file`` is open in a window now (its lock is held)."""
        cached = self._summaries.get(file)
        summary = cached[1] if cached is not None else (
            self._summarise(file) if file.is_file() else None)
        save_id = summary.save_id if summary is not None else None
        if not save_id or not _SAFE_ID.fullmatch(save_id):
            return False
        return (is_locked(lock_path(self.folder, save_id))
                or is_locked(self.folder / HOST_LOCK))

    def named_path(self, name: str) -> Path:
        """The file a save named ``name`` goes to (SaveError if the name has no letter)."""
        stem = sanitise_name(name)
        if not stem:
            raise SaveError(self.folder, f"cannot save as {one_line(name, 60)!r}: a save "
                                         "name needs a letter or a digit")
        return self.folder / f"{stem}.json"

    def replaces_other(self, session: Session, name: str) -> str | None:
        """What saving ``session`` as ``name`` would overwrite when that file is not one
        of this game's own saves: a short description of it, else None."""
        path = self.named_path(name)
        if not path.exists() and not path.is_symlink():
            return None
        try:
            raw = msgspec.json.decode(self._read(path))
        except Exception:  # unreadable: it is still somebody's file
            return f"the file {path.name}"
        if not isinstance(raw, dict):
            return f"the file {path.name}"
        save_id = raw.get("save_id")
        if session.save_id is not None and save_id == session.save_id:
            return None
        title = raw.get("game") if isinstance(raw.get("game"), str) else "?"
        info = self._games_map().get(title)
        title = info.title if info is not None else one_line(str(title), 30)
        label = raw.get("name") if isinstance(raw.get("name"), str) else path.stem
        return f"the {title} save {one_line(label, 60)!r}"

    def save_as(self, session: Session, name: str) -> Path:
        """Write the named save ``<sanitised name>.json`` (replacing one of that name)."""
        path = self.named_path(name)
        self.assign_id(session)  # the named save carries the game's id for its autosave
        self._write(path, session, display_name(name))
        session.name = display_name(name)
        return path

    def save_to(self, session: Session, target: Path | str) -> Path:
        """Write a copy of the game anywhere the player says (a folder or a file path):
        the way out when the save folder cannot be written."""
        self.assign_id(session)
        try:
            path = Path(target).expanduser()
            if path.is_dir():
                path = path / f"{session.save_id}.json"
            elif path.suffix != ".json":
                path = path.with_name(path.name + ".json")
            folder_ok = path.parent.is_dir()
        except (OSError, ValueError, RuntimeError) as exc:  # ~nobody, a name too long
            raise SaveError(target, f"cannot save there ({exc})", str(exc)) from None
        if not folder_ok:
            raise SaveError(path, "cannot write the save (no such folder)",
                            "no such folder")
        self._write(path, session, session.name or AUTOSAVE_NAME, mkdir=False)
        return path

    def _write(self, path: Path, session: Session, name: str, *, mkdir: bool = True,
               record: RecordTag | None = None) -> None:
        check_prefs(path, session.ui_prefs)  # never write a file that would not load
        doc: SaveFile[Any, Any] = SaveFile(
            format=FORMAT, version=VERSION, game=session.rules.id, name=name,
            saved_at=_now_iso(), save_id=session.save_id, seed=session.seed,
            options=dict(session.options), seats=list(session.seats), turn=session.turn,
            undoable=list(session.undoable), actions=list(session.actions),
            state=session.state, ui_prefs=dict(session.ui_prefs),
            hints_used=list(session.hints_used),
            check=header_check(session.rules.id, session.seed, session.options,
                               session.seats), record=record)
        try:
            if mkdir:
                path.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(path, _format_document(doc))
        except OSError as exc:
            reason = exc.strerror or str(exc)
            raise SaveError(path, f"cannot write the save ({reason})", reason) from exc

    # ---- reading -------------------------------------------------------------------

    def write_record(self, session: Session, folder: Path, hints_used: list[int],
                     stem: str | None = None) -> Path:
        """Keep the finished ``session`` as a record ``<folder>/<stem>.json`` (default
        stem: its save id), in the format of a save tagged as a record, written
        atomically like a save."""
        self.assign_id(session)
        record = RecordTag(finished_at=_now_iso(), hints_used=list(hints_used))
        path = folder / f"{stem or session.save_id}.json"
        self._write(path, session, session.name or AUTOSAVE_NAME, record=record)
        return path

    def load_document(self, path: Path) -> tuple[Session, RecordTag | None]:
        """The session saved in ``path`` and its record tag (None for a plain save);
        SaveError (one line) on any problem."""
        session, doc = self._load(self._resolve(path))
        return session, doc.record

    def load(self, path: Path | str) -> Session:
        """The session saved in ``path``; SaveError (one line) on any problem.

        The file is only read. A relative path that does not exist is looked up in the
        save folder.
        """
        return self._load(self._resolve(path))[0]

    def _resolve(self, path: Path | str) -> Path:
        """``path``, or the save folder's file of that name when it is relative and is
        not there."""
        file = Path(path)
        try:
            file = file.expanduser()
            if (not file.is_absolute() and not file.exists()
                    and (self.folder / file).exists()):
                file = self.folder / file
        except (OSError, ValueError, RuntimeError):  # ~nobody/x, a NUL: _load says so
            pass
        return file

    def _load(self, file: Path) -> tuple[Session, SaveFile[Any, Any]]:
        try:
            data = self._read(file)
            info, doc = decode(file, data, self._games_map(), self._decoders)
            session = rebuild(file, info, doc)
        except SaveError:
            raise
        except RecursionError:
            raise SaveError(file, "is nested too deeply to be a save file") from None
        except MemoryError:
            raise SaveError(file, "is too large to be a save file") from None
        except Exception as exc:  # whatever a hostile file provokes, it is one line
            raise SaveError(file, f"cannot be read as a save ({type(exc).__name__}: "
                                  f"{exc})") from None
        if session.save_id is not None and not _SAFE_ID.fullmatch(session.save_id):
            session.save_id = None  # an edited id never names a file: the game gets a new one
        return session, doc

    @staticmethod
    def _read(file: Path) -> bytes:
        return read_save_bytes(file)

    def _games_map(self) -> Mapping[str, GameInfo]:
        if self._games is None:
            from tui_games.games import all_games  # lazily: the registry imports every game

            self._games = all_games()
        return self._games

    # ---- the folder ----------------------------------------------------------------

    def list(self) -> list[SaveSummary]:
        """Every save in the folder, newest first; broken files are listed with ``error``.

        Leftovers of saves killed mid-write are removed on the way (see ``clean``).
        """
        self.clean()
        try:
            files = [p for p in self.folder.glob("*.json")
                     if p.is_file() and not p.name.startswith(".")]
        except OSError:
            return []
        rows: list[tuple[float, int, SaveSummary]] = []
        for file in files:
            try:
                stat = file.stat()
            except OSError:
                continue  # deleted while we looked
            key = (stat.st_mtime_ns, stat.st_size)
            cached = self._summaries.get(file)
            if cached is None or cached[0] != key:
                cached = (key, self._summarise(file))
                self._summaries[file] = cached
            summary = cached[1]
            rows.append((_when(summary.saved_at, file), stat.st_mtime_ns, summary))
        rows.sort(key=lambda row: (row[0], row[1]), reverse=True)
        return [summary for _, _, summary in rows]

    def _summarise(self, file: Path) -> SaveSummary:
        try:
            session, doc = self._load(file)
        except SaveError as exc:
            return self._broken_summary(file, exc.problem)
        return SaveSummary(
            path=str(file), name=display_name(doc.name), game=session.rules.id,
            title=session.rules.title, players=[seat.name for seat in session.seats],
            turn=session.turn, saved_at=doc.saved_at, save_id=doc.save_id)

    def _broken_summary(self, file: Path, problem: str) -> SaveSummary:
        """What can still be read from a broken file, for the Load screen's listing."""
        try:
            mtime = datetime.fromtimestamp(file.stat().st_mtime).astimezone()
        except (OSError, OverflowError, ValueError):
            mtime = datetime.fromtimestamp(0, UTC)
        game, title = "", "?"
        try:
            raw = msgspec.json.decode(self._read(file))
            if isinstance(raw, dict) and isinstance(raw.get("game"), str):
                game = one_line(raw["game"], 40)
                info = self._games_map().get(raw["game"])
                title = info.title if info is not None else game
        except Exception:  # the problem is already known; this is best effort
            pass
        return SaveSummary(path=str(file), name=printable(file.stem), game=game, title=title,
                           players=[], turn=0, saved_at=mtime.isoformat(timespec="seconds"),
                           error=problem)

    def clean(self) -> list[Path]:
        """Remove what crashed saves and windows left behind here (see ``sweep``)."""
        return sweep(self.folder)

    def latest(self) -> SaveSummary | None:
        """The newest save that loads, or None."""
        return next((s for s in self.list() if s.error is None), None)

    def delete(self, path: Path | str, *, open_here: bool = False) -> None:
        """Delete a save of this folder (a missing file is not an error). A save of a game
        open in a window is refused, unless ``open_here``: the caller is that window."""
        file = Path(path)
        if not file.is_absolute():
            file = self.folder / file
        if file.resolve().parent != self.folder.resolve() or file.suffix != ".json":
            raise SaveError(file, "is not a save of this folder; not deleted")
        if not open_here and self.is_open(file):
            raise SaveError(file, "is a game open in another window: close it there "
                                  "first; not deleted")
        try:
            file.unlink(missing_ok=True)
        except OSError as exc:
            raise SaveError(file, f"cannot delete ({exc.strerror or exc})") from exc
        self._summaries.pop(file, None)
