"""Save files on disk: the one-line refusal, atomic writes, bounded reads, leftovers.

What a save holds is saves.py's business; this module only moves bytes safely. A write
goes to a temp file beside its target and is renamed into place, so a crash leaves the
old file or the new one. A read opens regular files only and never more than
MAX_SAVE_BYTES, so a FIFO, a device or a huge file is refused before anything is read.
"""

from __future__ import annotations

import os
import re
import stat
import tempfile
import time
from pathlib import Path

from tui_games.engine.locks import LOCK_SUFFIX, GameLock, is_locked, try_flock
from tui_games.engine.text import one_line, printable

MAX_SAVE_BYTES = 5 * 1024 * 1024  # far above any real game; refused before reading
MAX_PROBLEM = 240  # a refusal is one line a person reads, whatever the file holds
STALE_SECONDS = 60  # a temp file this old with no writer holding it was left by a crash
SAFE_ID = re.compile(r"[A-Za-z0-9_-]{1,80}")  # a game's save id: also a file name
# tempfile.mkstemp(prefix=".<stem>-", suffix=".tmp") names: 8 random [a-z0-9_]
_TEMP_NAME = re.compile(r"\.[A-Za-z0-9_-]{1,80}-[a-z0-9_]{8}\.tmp")


class SaveError(Exception):
    """A save that cannot be written or loaded; ``str(e)`` is one line: file and problem.

    ``cause`` is the short why (``Read-only file system``), for a status line.
    """

    def __init__(self, path: Path | str, problem: str, cause: str | None = None) -> None:
        self.path = printable(str(path))
        # always one short line, whatever msgspec said or the file held
        self.problem = one_line(problem, MAX_PROBLEM)
        self.cause = one_line(cause or problem, MAX_PROBLEM)
        super().__init__(f"{self.path}: {self.problem}")


def _write_all(fd: int, data: bytes) -> None:
    """Write every byte of ``data`` to ``fd`` (os.write may write less than asked)."""
    view = memoryview(data)
    while view:
        written = os.write(fd, view)
        view = view[written:]


def write_atomic(path: Path, data: bytes) -> None:
    """Replace ``path`` with ``data`` so a crash leaves either the old file or the new one."""
    fd, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.stem[:80]}-", suffix=".tmp")
    try:
        try:
            try_flock(fd)  # held while writing: the folder sweep leaves a live temp file be
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise
    try:  # make the rename itself durable; not every platform can open a directory
        dir_fd = os.open(path.parent, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(dir_fd)
    except OSError:
        pass
    finally:
        os.close(dir_fd)


def read_save_bytes(file: Path) -> bytes:
    """The bytes of a regular file of at most MAX_SAVE_BYTES; SaveError otherwise.

    Opened without blocking and checked on the open file itself, so a FIFO, a device
    (/dev/zero behind a symlink) or a file swapped in after a check is refused at once.
    """
    try:
        fd = os.open(file, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except FileNotFoundError:
        raise SaveError(file, "no such file") from None
    except IsADirectoryError:
        raise SaveError(file, "is a folder, not a save file") from None
    except OSError as exc:
        raise SaveError(file, f"cannot read the file ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise SaveError(file, "is a folder, not a save file")
        if not stat.S_ISREG(info.st_mode):
            raise SaveError(file, f"is {_file_kind(info.st_mode)}, not a save file")
        if info.st_size > MAX_SAVE_BYTES:
            raise SaveError(file, f"is too large to be a save file ({info.st_size} "
                                  f"bytes; at most {MAX_SAVE_BYTES})")
        chunks: list[bytes] = []
        size = 0
        while size <= MAX_SAVE_BYTES:  # the file may have grown since fstat
            chunk = os.read(fd, MAX_SAVE_BYTES + 1 - size)
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > MAX_SAVE_BYTES:
            raise SaveError(file, "is too large to be a save file")
        return b"".join(chunks)
    except OSError as exc:
        raise SaveError(file, f"cannot read the file ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def _file_kind(mode: int) -> str:
    """"a FIFO", "a device"...: what a non-regular file is, for the refusal."""
    if stat.S_ISFIFO(mode):
        return "a FIFO (named pipe)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def sweep(folder: Path) -> list[Path]:
    """Remove what crashed saves and windows left in ``folder``; returns what went.

    Only this app's own leftovers: temp files named like ours (``.<stem>-<8>.tmp``)
    older than a minute that no writer holds, and game lock files nobody holds.
    """
    removed: list[Path] = []
    try:
        entries = [p for p in folder.iterdir() if p.name.startswith(".")]
    except OSError:
        return removed
    now = time.time()
    for path in entries:
        try:
            if _TEMP_NAME.fullmatch(path.name):
                info = path.lstat()
                if (stat.S_ISREG(info.st_mode) and now - info.st_mtime > STALE_SECONDS
                        and not is_locked(path)):
                    path.unlink()
                    removed.append(path)
            elif path.name.endswith(LOCK_SUFFIX) and SAFE_ID.fullmatch(
                    path.name[1:-len(LOCK_SUFFIX)]):
                lock = GameLock.acquire(path)
                if lock is not None and lock.held:
                    lock.release()  # nobody had it: released, the file goes
                    removed.append(path)
        except OSError:
            continue  # gone already, or not ours to touch
    return removed
