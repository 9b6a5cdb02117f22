"""Save files: one JSON document per game, written atomically, validated on load.

A save holds the seed and the action list (the truth) next to the state they produce.
Loading replays the actions from the seed and refuses the file unless the replay
reproduces the stored state, so a hand-edited or damaged save is caught, never played.
Nothing is pickled or evaluated, and nothing is written outside the save folder.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import tomllib
from collections.abc import Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import msgspec
import platformdirs

from tui_games.engine.codec import to_builtins, to_json
from tui_games.engine.core import IllegalAction, Options
from tui_games.engine.locks import GameLock, is_locked, lock_path
from tui_games.engine.savefiles import (
    MAX_PROBLEM,
    MAX_SAVE_BYTES,
    SAFE_ID,
    SaveError,
    read_save_bytes,
    sweep,
    write_atomic,
)
from tui_games.engine.session import Seat, Session, new_save_id
from tui_games.engine.text import one_line, printable

if TYPE_CHECKING:
    from tui_games.games import GameInfo

FORMAT = "tui-games-save"
VERSION = 2  # 2 added "check"; version 1 files (no check) still load
READS = (1, 2)
AUTOSAVE_NAME = "autosave"
ENV_VAR = "TUI_GAMES_SAVES"
_CHECK_SALT = b"tui-games save check 1\n"

_SAFE_ID = SAFE_ID
HOST_LOCK = ".host.lock"  # held by a host for every game of its folder
_PREF_KEY = re.compile(r"[a-z][a-z0-9_]{0,39}")
MAX_PREFS = 32
MAX_PREF_VALUE = 80
MAX_HINTS = 1_000_000  # hints one seat may have used: more is an edited file

S = TypeVar("S")
A = TypeVar("A")
# Re-exported: callers import the whole save API from here.
__all__ = ["MAX_PROBLEM", "MAX_SAVE_BYTES", "SaveError", "SaveStore", "SaveSummary",
           "resolve_save_dir", "sanitise_name", "write_atomic"]


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


class RecordTag(msgspec.Struct, forbid_unknown_fields=True):
    """What marks a save as a record of a finished game (kept in the history folder).

    ``hints_used`` counts the hints each seat asked for (empty when nobody counted them).
    Everything else of a record (the result, the scores, the turns) comes from replaying
    its actions, so an edited record cannot claim a win it did not have.
    """

    finished_at: str
    hints_used: list[int] = msgspec.field(default_factory=list)


class SaveFile(msgspec.Struct, Generic[S, A], forbid_unknown_fields=True):
    """The on-disk envelope; typed by the game's state and action types when decoding."""

    format: str
    version: int
    game: str
    name: str
    saved_at: str
    save_id: str | None
    seed: int
    options: dict[str, str]
    seats: list[Seat]
    turn: int
    undoable: list[bool]
    actions: list[A]
    state: S
    ui_prefs: dict[str, str] = msgspec.field(default_factory=dict)  # optional: newer saves
    check: str | None = None  # version 2 on: see header_check(); version 1 has none
    record: RecordTag | None = None  # only in records (history/): never written as null
    # Hints asked for, per seat; saves from before hints have none (every count is 0).
    hints_used: list[int] = msgspec.field(default_factory=list)


def sanitise_name(name: str) -> str:
    """A file stem from a player's save name: ASCII letters, digits, - and _ only."""
    stem = re.sub(r"\s+", "_", name.strip())
    stem = re.sub(r"[^A-Za-z0-9_-]", "", stem).strip("_-")[:60]
    return stem


def _display_name(name: str) -> str:
    """The save name as shown in lists: printable, one line, not too long."""
    return " ".join(printable(name).split())[:60]


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


def header_check(game: str, seed: int, options: Options, seats: list[Seat]) -> str:
    """The check of what the replay cannot verify: the game, seed, options and seats.

    The replay proves the actions and the state; it cannot tell a bot seat from a human
    one, so without this a bot edited into a human would show its hand. Like the replay
    check, it catches an edited or damaged file; it is no secret.
    """
    header = {"game": game, "seed": seed, "options": dict(options),
              "seats": [to_builtins(seat) for seat in seats]}
    digest = hashlib.sha256(_CHECK_SALT + _canonical.encode(header)).hexdigest()
    return f"sha256:{digest}"


_canonical = msgspec.json.Encoder(order="sorted")


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
        self._write(path, session, _display_name(name))
        session.name = _display_name(name)
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
        self._check_prefs(path, session.ui_prefs)  # never write a file that would not load
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
            info, doc = self._decode(file, data)
            session = self._rebuild(file, info, doc)
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

    def _decode(self, file: Path, data: bytes) -> tuple[GameInfo, SaveFile[Any, Any]]:
        """Parse and type-check the document: format, version, game, then every field."""
        if not data.strip():
            raise SaveError(file, "the file is empty")
        try:
            raw = msgspec.json.decode(data)
        except msgspec.DecodeError as exc:
            if "truncated" in str(exc):
                raise SaveError(file, "the file is truncated (the JSON stops midway)") from None
            raise SaveError(file, f"not a JSON file ({exc})") from None
        except RecursionError:
            raise SaveError(file, "is nested too deeply to be a save file") from None
        if not isinstance(raw, dict) or "format" not in raw:
            raise SaveError(file, f"not a tui-games save (no \"format\": \"{FORMAT}\")")
        if raw["format"] != FORMAT:
            raise SaveError(file, f"unknown format {_short(raw['format'])} "
                                  f"(expected {FORMAT!r})")
        version = raw.get("version")
        if version not in READS or isinstance(version, bool):
            raise SaveError(file, f"unknown save version {_short(version)} (this tui-games "
                                  f"reads versions {', '.join(map(str, READS))})")
        game = raw.get("game")
        info = self._games_map().get(game) if isinstance(game, str) else None
        if info is None:
            raise SaveError(file, f"unknown game {_short(game)}")
        decoder = self._decoders.get(info.id)
        if decoder is None:
            rules = info.rules
            decoder = msgspec.json.Decoder(SaveFile[rules.state_type, rules.action_type])
            self._decoders[info.id] = decoder
        try:
            doc = decoder.decode(data)
        except msgspec.ValidationError as exc:
            raise SaveError(file, f"wrong data: {exc}") from None
        return info, doc

    def _rebuild(self, file: Path, info: GameInfo, doc: SaveFile[Any, Any]) -> Session:
        """Check the fields against each other and replay the actions from the seed."""
        rules = info.rules
        players = len(doc.seats)
        if players not in info.players:
            wanted = (f"{rules.min_players}" if rules.min_players == rules.max_players
                      else f"{rules.min_players}-{rules.max_players}")
            raise SaveError(file, f"{players} seats, but {info.title} is for {wanted} players")
        for seat in doc.seats:
            if seat.bot is not None and seat.bot not in info.bots:
                raise SaveError(file, f"unknown bot level {_short(seat.bot)} for "
                                      f"{_short(seat.name)}")
        self._check_options(file, info, doc.options)
        self._check_prefs(file, doc.ui_prefs)
        self._check_hints(file, doc.hints_used, players)
        self._check_header(file, doc)
        if len(doc.undoable) != len(doc.actions):
            raise SaveError(file, f"{len(doc.undoable)} undo flags for "
                                  f"{len(doc.actions)} actions")
        try:
            datetime.fromisoformat(doc.saved_at)
        except ValueError:
            raise SaveError(file, f"saved_at {doc.saved_at!r} is not an ISO date") from None
        try:
            session = Session.new(rules, doc.seats, doc.seed, doc.options)
        except Exception as exc:  # any failure here means a bad file
            raise SaveError(file, f"cannot set up the game from the seed and options "
                                  f"({type(exc).__name__}: {exc})") from None
        # A game whose actions changed shape may read an older action as today's actions
        # (``upgrade_action(action) -> list``), each with the old one's undo flag.
        upgrade = getattr(rules, "upgrade_action", None)
        for number, (action, flag) in enumerate(zip(doc.actions, doc.undoable, strict=True),
                                                start=1):
            try:
                for step in (upgrade(action) if upgrade is not None else (action,)):
                    session.apply(step, undoable=flag)
            except IllegalAction as exc:
                raise SaveError(file, f"action {number} of {len(doc.actions)} is illegal on "
                                      f"replay ({exc.reason}): the file was edited or is "
                                      f"corrupt") from None
            except Exception as exc:  # an edited action can break a rule
                raise SaveError(file, f"action {number} of {len(doc.actions)} cannot be "
                                      f"replayed ({type(exc).__name__}: {exc}): the file "
                                      f"was edited or is corrupt") from None
        replayed, stored = _checked_part(session.state), _checked_part(doc.state)
        # A field a newer version keeps is missing (empty) in an older file: the replay
        # fills it, and the loaded game uses the replay, so it is not compared.
        for name in getattr(type(session.state), "KEPT_SINCE", ()):
            if not stored.get(name):
                replayed.pop(name, None)
                stored.pop(name, None)
        if replayed != stored:
            raise SaveError(file, "the stored state does not match a replay of its actions "
                                  f"(differs in {_differing_fields(replayed, stored)}): "
                                  "the file was edited or is corrupt")
        if doc.turn != session.turn:
            raise SaveError(file, f"turn {doc.turn} does not match the replayed turn "
                                  f"{session.turn}")
        session.save_id = doc.save_id
        session.name = None if doc.name == AUTOSAVE_NAME else _display_name(doc.name)
        session.ui_prefs = dict(doc.ui_prefs)
        session.hints_used = list(doc.hints_used) or [0] * players
        # Names reach the screen and the log: nothing in them may steer the terminal.
        session.seats = [Seat(printable(seat.name), seat.bot) for seat in session.seats]
        return session

    @staticmethod
    def _check_header(file: Path, doc: SaveFile[Any, Any]) -> None:
        """Version 2 saves carry the check of their game, seed, options and seats."""
        if doc.check is None and doc.version == 1:
            return  # written before the check existed; the next save adds it
        expected = header_check(doc.game, doc.seed, doc.options, doc.seats)
        if doc.check is None:
            raise SaveError(file, "the check of the seats, options and seed is missing: "
                                  "the file was edited or is corrupt")
        if doc.check != expected:
            raise SaveError(file, "the seats, options or seed do not match the file's "
                                  "check: the file was edited or is corrupt")

    @staticmethod
    def _check_prefs(file: Path, prefs: dict[str, str]) -> None:
        """View preferences are small: a few lower-case keys with short one-line values."""
        if len(prefs) > MAX_PREFS:
            raise SaveError(file, f"{len(prefs)} ui_prefs (at most {MAX_PREFS})")
        for key, value in prefs.items():
            if not _PREF_KEY.fullmatch(key):
                raise SaveError(file, f"ui_prefs key {_short(key)} is not a preference name")
            if len(value) > MAX_PREF_VALUE or not value.isprintable():
                raise SaveError(file, f"ui_prefs {key!r} has a value that is too long or "
                                      "not one line of text")

    @staticmethod
    def _check_hints(file: Path, hints: list[int], players: int) -> None:
        """One count of hints per seat, none negative (an old save has no counts)."""
        if not hints:
            return
        if len(hints) != players:
            raise SaveError(file, f"{len(hints)} hint counts for {players} seats")
        if any(not 0 <= n <= MAX_HINTS for n in hints):
            raise SaveError(file, f"a hint count is not a number from 0 to {MAX_HINTS}")

    @staticmethod
    def _check_options(file: Path, info: GameInfo, options: Options) -> None:
        specs = {spec.key: spec for spec in info.rules.option_specs}
        for key, value in options.items():
            spec = specs.get(key)
            if spec is None:
                raise SaveError(file, f"unknown option {_short(key)} for {info.title}")
            if value not in {choice for choice, _ in spec.choices}:
                raise SaveError(file, f"option {key!r} cannot be {_short(value)}")

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
            path=str(file), name=_display_name(doc.name), game=session.rules.id,
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


def _short(value: object) -> str:
    """A value from a file, quoted for a message: printable and short, however long."""
    text = repr(value[:100] if isinstance(value, str) else value)
    return one_line(text, 60)


def _checked_part(state: Any) -> dict[str, Any]:
    """The state as the replay check compares it. The log's wording is left out: the
    loaded game uses the replayed log anyway, and rewording a message in a new version
    must not make every older save unloadable. The number of log lines and who may read
    each still count."""
    data = to_builtins(state)
    log = data.get("log")
    if isinstance(log, list):
        data["log"] = [event.get("seen_by") if isinstance(event, dict) else event
                       for event in log]
    return data


def _differing_fields(replayed: dict[str, Any], stored: dict[str, Any]) -> str:
    """The top-level state fields that differ, for the refusal message."""
    names = sorted(k for k in replayed.keys() | stored.keys()
                   if replayed.get(k) != stored.get(k))
    return ", ".join(names) or "field order"
