"""Who an SSH key is on the host: the keys file, one-time invites, and player names.

The keys file (``<host folder>/ssh/keys``) has one key a line, ``name  ssh-ed25519 AAAA...
[comment]``; the host owner edits it, and the host reads it again whenever it changed, so
an edit needs no restart. A name may have several keys (one per machine of its player); a
key has one name, the first line that lists it. Invites and ``--open`` add lines to the
same file, so the file is the one record of who is who.

An invite (``tui-games host invite NAME``) is a one-time code kept in
``<host folder>/ssh/invites.json``: the first key that logs in as ``invite-CODE`` before
it expires is bound to NAME, and the code is spent.

A player name is never a login of this machine: the Unix socket knows its players by
login, and a key must never play a local login's seats (nor a login a key's).

Pure: no asyncssh here (a key is compared by its algorithm and base64 blob), so that the
rules of who is who are tested without a server.
"""

from __future__ import annotations

import contextlib
import json
import os
import pwd
import re
import secrets
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

NAME_PATTERN = re.compile(r"[a-z][a-z0-9_-]{1,19}")
INVITE_PREFIX = "invite-"
INVITE_HOURS = 24.0  # how long an invite may wait for its key
KEY_TYPES = ("ssh-ed25519", "ecdsa-sha2-nistp256", "ecdsa-sha2-nistp384",
             "ecdsa-sha2-nistp521", "ssh-rsa", "sk-ssh-ed25519@openssh.com",
             "sk-ecdsa-sha2-nistp256@openssh.com")


def ssh_folder(host_folder: Path) -> Path:
    """Where the SSH door keeps its host key, keys file and invites."""
    return host_folder / "ssh"


def key_id(openssh_line: str) -> str | None:
    """``algorithm base64`` of a public key line (the comment dropped), or None when the
    line is not a public key."""
    parts = openssh_line.split()
    if len(parts) < 2 or parts[0] not in KEY_TYPES or not re.fullmatch(r"[A-Za-z0-9+/=]+",
                                                                      parts[1]):
        return None
    return f"{parts[0]} {parts[1]}"


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be an SSH player's name (None: it can, if nobody holds it)."""
    if not NAME_PATTERN.fullmatch(name):
        return (f"{name!r} is not a player name here: 2 to 20 of a-z, 0-9, _ and -, "
                "starting with a letter")
    if name.startswith(INVITE_PREFIX.rstrip("-")):
        return f"{name!r} is kept for invites"
    if is_login(name):
        return f"{name!r} is a login of this machine, and a key never plays a login's seats"
    return None


def is_login(name: str) -> bool:
    """True when ``name`` is a login of this machine."""
    try:
        pwd.getpwnam(name)
    except (KeyError, ValueError):
        return False
    return True


@dataclass(frozen=True)
class KeysFile:
    """The names bound to keys, as the file says now."""

    path: Path

    def entries(self) -> tuple[dict[str, str], list[str]]:
        """key id -> name, and the lines that were skipped with why (for the log)."""
        bound: dict[str, str] = {}
        skipped: list[str] = []
        try:
            text = self.path.read_text(encoding="utf-8", errors="replace")
        except FileNotFoundError:
            return bound, skipped
        for number, line in enumerate(text.splitlines(), 1):
            line = line.strip()
            if not line or line.startswith("#"):
                continue
            name, _, rest = line.partition(" ")
            ident = key_id(rest)
            if ident is None:
                skipped.append(f"{self.path.name} line {number}: not 'name ssh-ed25519 AAAA...'")
                continue
            if not NAME_PATTERN.fullmatch(name):
                skipped.append(f"{self.path.name} line {number}: {name!r} is not a player name")
                continue
            if ident in bound and bound[ident] != name:
                skipped.append(f"{self.path.name} line {number}: that key is "
                               f"{bound[ident]}'s already")
                continue
            bound.setdefault(ident, name)
        return bound, skipped

    def name_of(self, ident: str) -> str | None:
        """The name bound to the key ``ident``, or None."""
        return self.entries()[0].get(ident)

    def names(self) -> set[str]:
        """Every name that has a key."""
        return set(self.entries()[0].values())

    def bind(self, name: str, ident: str, comment: str = "") -> None:
        """Add ``name``'s key (one line, appended: the owner's lines stay as they are)."""
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        existing = self.path.read_bytes() if self.path.exists() else b""
        lead = b"" if not existing or existing.endswith(b"\n") else b"\n"
        line = f"{name} {ident}{' ' + comment if comment else ''}\n".encode()
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, lead + line)
            os.fsync(fd)
        finally:
            os.close(fd)


@dataclass(frozen=True)
class Invites:
    """One-time codes that bind the first key to present them to a name."""

    path: Path

    def _read(self) -> dict[str, dict[str, object]]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError):
            return {}
        return data if isinstance(data, dict) else {}

    def _write(self, data: dict[str, dict[str, object]]) -> None:
        self.path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(dir=self.path.parent, prefix=".invites-")
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                json.dump(data, out, indent=1)
            os.replace(temp, self.path)
        except BaseException:
            with contextlib.suppress(OSError):
                os.unlink(temp)
            raise

    def make(self, name: str, hours: float = INVITE_HOURS, now: float | None = None) -> str:
        """A new code for ``name``, valid ``hours``; the caller checked the name."""
        code = secrets.token_urlsafe(9).replace("-", "x").replace("_", "y")
        data = self._read()
        data[code] = {"name": name, "expires": (now or time.time()) + hours * 3600}
        self._write(data)
        return code

    def check(self, code: str, now: float | None = None) -> str:
        """The name ``code`` would bind, or ValueError with why not (unknown, used,
        expired); nothing is spent."""
        entry = self._read().get(code)
        if entry is None:
            raise ValueError("that invite code is not one of this host's: ask its owner "
                             "for a new one")
        if entry.get("used"):
            raise ValueError("that invite code was used already: an invite binds one key; "
                             "ask the host's owner for a new one")
        expires = float(entry.get("expires", 0))  # type: ignore[arg-type]
        if (now or time.time()) > expires:
            raise ValueError(f"that invite code expired at "
                             f"{time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime(expires))}: "
                             "ask the host's owner for a new one")
        return str(entry["name"])

    def redeem(self, code: str, now: float | None = None) -> str:
        """Spend ``code``: the name it binds, or ValueError as ``check``."""
        name = self.check(code, now)
        data = self._read()
        data[code]["used"] = True
        self._write(data)
        return name


@dataclass(frozen=True)
class Identities:
    """Who a key is: the keys file, the invites, and ``--open``'s first-login names."""

    keys: KeysFile
    invites: Invites
    open: bool = False

    @classmethod
    def of_folder(cls, host_folder: Path, *, open_door: bool = False) -> Identities:
        folder = ssh_folder(host_folder)
        return cls(KeysFile(folder / "keys"), Invites(folder / "invites.json"), open_door)

    def known(self, ident: str) -> str | None:
        """The name of a key already bound (None: unknown)."""
        return self.keys.name_of(ident)

    def would_admit(self, ident: str, username: str) -> str:
        """The name the key ``ident`` logging in as ``username`` would have, binding
        nothing; ValueError with the one-line reason the client is shown otherwise."""
        return self._admit(ident, username, bind=None)

    def admit(self, ident: str, username: str, comment: str = "") -> str:
        """As ``would_admit``, and a new key is bound for good (its invite spent): call
        it once the key has proved itself."""
        return self._admit(ident, username, bind=comment)

    def _admit(self, ident: str, username: str, bind: str | None) -> str:
        name = self.keys.name_of(ident)
        if name is not None:
            if is_login(name):  # a login made after the key was bound: neither plays
                raise ValueError(f"this key's name {name!r} is now also a login of this "
                                 "machine: ask the host's owner to rename one of them")
            return name
        if username.startswith(INVITE_PREFIX):
            code = username[len(INVITE_PREFIX):]
            name = self.invites.check(code)
            problem = name_problem(name)
            if problem is not None:
                raise ValueError(problem)
            if bind is not None:
                self.invites.redeem(code)
                self.keys.bind(name, ident, bind)
            return name
        if not self.open:
            raise ValueError("this key is not known here: ask the host's owner to add it to "
                             "the keys file, or for an invite (ssh invite-CODE@host)")
        problem = name_problem(username)
        if problem is not None:
            raise ValueError(f"{problem}: log in as the name you want (ssh NAME@host)")
        if username in self.keys.names():
            raise ValueError(f"the name {username!r} is taken by another key: log in as "
                             "another name (ssh NAME@host)")
        if bind is not None:
            self.keys.bind(username, ident, bind)
        return username
