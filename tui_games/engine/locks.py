"""Advisory locks: one game open in one window at a time.

A game's autosave is replaced by a rename at every save, so the lock cannot live on the
save itself (a lock belongs to a file, and each save is a new file). It lives on a
small hidden file beside it, ``.<save id>.lock``, held with ``fcntl.flock`` for as long
as the game is open. The operating system drops the lock when its holder exits, even
when killed, so a crash never leaves a game locked. Where ``fcntl`` does not exist
(Windows) locking is a no-op and always succeeds.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]

LOCK_SUFFIX = ".lock"


def lock_path(folder: Path, save_id: str) -> Path:
    """The lock file of the game ``save_id`` in ``folder``."""
    return folder / f".{save_id}{LOCK_SUFFIX}"


def try_flock(fd: int) -> bool:
    """Take an exclusive lock on ``fd`` without waiting; False if another holder has it."""
    if fcntl is None:
        return True
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        return False
    return True


class GameLock:
    """An exclusive advisory lock on one game, held until ``release()``.

    ``GameLock.acquire`` returns None when another window (another process, or another
    open in this one) holds the game.
    """

    def __init__(self, path: Path, fd: int | None) -> None:
        self.path = path
        self._fd = fd

    @classmethod
    def acquire(cls, path: Path) -> GameLock | None:
        """Lock ``path`` (created if needed); None if someone else holds it.

        If the lock file cannot be created (a read-only folder), the lock is a no-op:
        nothing can be saved there anyway, so no window can overwrite another's game.
        """
        if fcntl is None:
            return cls(path, None)
        for _ in range(8):  # a holder may delete the file between our open and our lock
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_NOFOLLOW | os.O_CLOEXEC,
                             0o600)
            except OSError:
                return cls(path, None)
            if not try_flock(fd):
                os.close(fd)
                return None
            if _same_file(fd, path):
                return cls(path, fd)
            os.close(fd)  # we locked a file that was just unlinked: try the new one
        return None

    @property
    def held(self) -> bool:
        """True while this object holds a real lock (False once released, or a no-op)."""
        return self._fd is not None

    def release(self) -> None:
        """Let go of the game (the lock file is removed while still held, so nobody
        locks a file that is about to vanish). Releasing twice is harmless."""
        fd, self._fd = self._fd, None
        if fd is None:
            return
        with contextlib.suppress(OSError):
            if _same_file(fd, self.path):
                self.path.unlink()
        os.close(fd)

    def __del__(self) -> None:
        if self._fd is not None:
            with contextlib.suppress(OSError):
                os.close(self._fd)


def _same_file(fd: int, path: Path) -> bool:
    """True if ``path`` still names the file open as ``fd``."""
    try:
        opened, named = os.fstat(fd), os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (opened.st_dev, opened.st_ino) == (named.st_dev, named.st_ino)


def is_locked(path: Path) -> bool:
    """True if someone holds a lock on ``path`` now (a missing file is not locked)."""
    if fcntl is None:
        return False
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC | os.O_NONBLOCK)
    except OSError:
        return False
    try:
        return not try_flock(fd)
    finally:
        os.close(fd)  # closing drops the lock we may just have taken
