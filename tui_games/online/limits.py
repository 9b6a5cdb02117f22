"""What the host trusts and how much it gives one login: the socket's folder, the
descriptor budget, user look-ups that fail for want of a descriptor.

Another local user is the adversary here: she may make the socket's folder before the
host does, open connections without end, or create games without end. None of this
imports asyncio: the checks are plain functions the host (and its tests) call.
"""

from __future__ import annotations

import os
import pwd
import resource
import stat
from pathlib import Path

FD_RESERVE = 64  # descriptors no connection may take: saves, lookups, the bots' pipes
# asyncio accepts up to this many at once before any is refused and closed: kept well
# below FD_RESERVE, so that a burst of connections never reaches the descriptor limit
ACCEPT_BACKLOG = 24

# uid -> login name, kept: a lookup opens the user database, and a busy host must still
# know who a player is (the "uid N" of a failed lookup would not match any seat).
_LOGINS: dict[int, str] = {}


def no_such_user(name: str) -> str | None:
    """Why ``name`` cannot have a seat: no such login (None: it is one of this host)."""
    try:
        pwd.getpwnam(name)
    except ValueError:  # a NUL in the name
        return f"no user {name!r} on this host: a seat is a login name or a bot"
    except KeyError:
        pass
    else:
        return None
    # getpwnam says "not found" for every failure, a host out of descriptors included
    try:
        os.close(os.open("/", os.O_RDONLY | os.O_CLOEXEC))
    except OSError as exc:
        return f"the host cannot look up users now ({exc.strerror or exc}): try again later"
    return f"no user {name!r} on this host: a seat is a login name or a bot"


def unsafe_folder(folder: Path) -> str | None:
    """Why another user could take the socket's place in ``folder`` (None: safe).

    Whoever owns the folder, or can write to it, can move the host's socket aside and
    listen on its path: the folder must be a real one of this user (or root), that
    nobody else can write to.
    """
    try:
        info = folder.lstat()
    except FileNotFoundError:
        return "it does not exist"
    except OSError as exc:
        return f"it cannot be read ({exc.strerror or exc})"
    if stat.S_ISLNK(info.st_mode):
        return "it is a symbolic link (it could point anywhere, and be changed)"
    if not stat.S_ISDIR(info.st_mode):
        return "it is not a folder"
    if info.st_uid not in (os.getuid(), 0):
        return f"it belongs to {login_name(info.st_uid)}, not to you"
    if info.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return (f"others can write to it (mode {stat.S_IMODE(info.st_mode):04o}), so they "
                "could replace the socket")
    return None


def login_name(uid: int) -> str:
    """The login name of ``uid`` (kept once known), or ``uid N``."""
    name = _LOGINS.get(uid)
    if name is None:
        try:
            name = _LOGINS[uid] = pwd.getpwuid(uid).pw_name
        except KeyError:  # no such login, or (no descriptor left) no lookup at all
            return f"uid {uid}"
    return name


def connection_budget(reserve: int = FD_RESERVE) -> int:
    """How many client connections the host takes at once: its descriptor limit
    (RLIMIT_NOFILE) less a reserve, so that it always has some left for its own work."""
    soft, _hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft == resource.RLIM_INFINITY:
        soft = 1 << 20
    return max(1, soft - reserve)
