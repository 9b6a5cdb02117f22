"""The SSH front door: ``tui-games host --ssh PORT`` lets friends in with only an SSH key.

The host process runs an asyncssh server beside its Unix socket. A client's public key is
who it is (``ssh_keys``: the keys file, invites, ``--open``); nothing it sends names it.
Each session runs the player's own app (``tui-games join``, the same lobby and tables) in
a process of its own on a pseudo-terminal sized by the client. That process gets no
socket path to dial: it inherits one end of a socket pair whose other end the host holds
for the key's player, and every connection it asks for there is a socket pair the host
made and already serves as that player (``client.HandedDoor``, ``Host.handed``). So the
session process never vouches for who it is, and a crash or a stalled reader in it
touches only its own pty.

Only the game runs: public-key logins only; no shell but the app, no exec but ``status``
and ``lines`` (the app in plain lines, with or without a terminal),
no subsystem (sftp), no forwarding of any kind; the child's environment is made by the
host (TERM and LANG from the client, nothing else). Limits per address, per player and
in total, a login grace time and an idle timeout, each refused with a line the client
sees.
"""

from __future__ import annotations

import asyncio
import contextlib
import fcntl
import os
import re
import signal
import socket
import struct
import subprocess
import sys
import termios
import time
import warnings
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

with warnings.catch_warnings():  # asyncssh imports cryptography's DSA, deprecated there
    warnings.simplefilter("ignore")
    import asyncssh

from tui_games.online.client import HANDED_FD_ENV
from tui_games.online.ssh_keys import Identities, key_id, ssh_folder
from tui_games.online.turns import status_lines

if TYPE_CHECKING:
    from tui_games.online.server import Host

HOST_KEY_NAME = "host_key"
COMMANDS = ("status", "lines")  # what ``ssh host COMMAND`` may run
LANG_PATTERN = re.compile(r"[A-Za-z_]+(\.[A-Za-z0-9-]+)?(@[A-Za-z]+)?")
# What the client sees for each forwarding it asks for; -L, -D and -W come as channel
# opens, whose refusal OpenSSH prints with our reason ("open failed: administratively
# prohibited: ..."); the others get no word back in the protocol, so the door says it.
NO_FORWARDING = "tui-games: this host runs only the game, no forwarding (ssh -L, -D, -W)"
NO_REMOTE = "no remote forwarding (ssh -R) here: this host runs only the game"
NO_AGENT = "no agent forwarding (ssh -A) here: this host runs only the game"
NO_X11 = "no X11 forwarding (ssh -X) here: this host runs only the game"
# asyncssh has no callback for a session's agent and X11 requests (OpenSSH wants no answer
# to -A, so the refusal would be silent): the door takes these two handlers of the
# channel's (tests/test_private_names.py lists them), and says at start if asyncssh no
# longer has them: the requests are then refused silently, by asyncssh itself.
CHANNEL_REQUESTS = {
    "_process_auth_agent_req_at_openssh_dot_com_request": NO_AGENT,
    "_process_x11_req_request": NO_X11,
}
HANGUP_GRACE = 5.0  # seconds a session's app has to autosave and end after a hang-up
OUTPUT_CHUNK = 65536


@dataclass(frozen=True)
class DoorSettings:
    """How the door is opened (``tui-games host --ssh PORT`` and its options)."""

    port: int
    bind: str = "0.0.0.0"
    open_door: bool = False
    login_grace: float = 30.0  # seconds to log in
    idle_timeout: float = 3600.0  # seconds without a key pressed before a session ends
    per_ip: int = 8  # connections from one address
    per_key: int = 4  # sessions of one player
    total: int = 64  # connections at once
    python: str = sys.executable  # the sessions' interpreter


def host_key(folder: Path) -> tuple[asyncssh.SSHKey, bool]:
    """The door's host key (ed25519, mode 0600 in the host folder's ssh/), made on the
    first start and reused after; and whether it was just made."""
    path = ssh_folder(folder) / HOST_KEY_NAME
    try:
        return asyncssh.read_private_key(str(path)), False
    except FileNotFoundError:
        pass
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    key = asyncssh.generate_private_key("ssh-ed25519", comment="tui-games host")
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "wb") as out:
        out.write(key.export_private_key())
    return key, True


def child_environment(term: str, lang: str | None, saves: Path, handed_fd: int) -> dict[str, str]:
    """The session process's whole environment: made by the host, never the client's
    (only TERM and a well-formed LANG come from it)."""
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "TERM": term if re.fullmatch(r"[A-Za-z0-9._+-]{1,40}", term) else "xterm-256color",
        "TUI_GAMES_SAVES": str(saves),
        HANDED_FD_ENV: str(handed_fd),
        "HOME": str(saves),
    }
    if lang and LANG_PATTERN.fullmatch(lang):
        env["LANG"] = lang
    if os.environ.get("PYTHONPATH"):  # a checkout's host runs its sessions from it
        env["PYTHONPATH"] = os.environ["PYTHONPATH"]
    return env


def _take_terminal() -> None:
    """In the session's child, after setsid: its pty becomes the controlling terminal,
    so that a window change reaches the app as SIGWINCH and a hang-up as SIGHUP."""
    fcntl.ioctl(0, termios.TIOCSCTTY, 0)


def set_size(fd: int, columns: int, rows: int) -> None:
    """Tell the pty its size (the kernel signals the app with SIGWINCH)."""
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", max(1, rows), max(1, columns), 0, 0))


@dataclass
class Door:
    """The SSH server in front of one ``Host``: who may come in, and the sessions."""

    host: Host
    folder: Path
    settings: DoorSettings
    log: Callable[[str], None]
    identities: Identities = field(init=False)
    per_ip: Counter[str] = field(default_factory=Counter)
    per_name: Counter[str] = field(default_factory=Counter)
    total: int = 0
    sessions: set[GameSession] = field(default_factory=set)
    _server: Any = None
    _names: tuple[tuple[float, int], set[str]] | None = None

    def __post_init__(self) -> None:
        self.identities = Identities.of_folder(self.folder, open_door=self.settings.open_door)
        self.host.door_names = self.names

    def names(self) -> set[str]:
        """The players of the door, from the keys file (read again when it changed)."""
        path = self.identities.keys.path
        try:
            info = path.stat()
            stamp = (info.st_mtime, info.st_size)
        except OSError:
            return set()
        if self._names is None or self._names[0] != stamp:
            self._names = (stamp, self.identities.keys.names())
        return self._names[1]

    async def start(self) -> str:
        """Listen; the host key's fingerprint, for the log."""
        missing = [
            name
            for name in CHANNEL_REQUESTS
            if not callable(getattr(asyncssh.SSHServerChannel, name, None))
        ]
        if missing:  # a newer asyncssh: -A and -X are still refused, without a word
            self.log(f"this asyncssh has no {', '.join(missing)}: ssh -A and -X are "
                     "refused without a reason line")
        key, made = host_key(self.folder)
        self._server = await asyncssh.create_server(
            lambda: DoorConnection(self),
            self.settings.bind,
            self.settings.port,
            server_host_keys=[key],
            login_timeout=self.settings.login_grace,
            # no line editor: the app edits its own lines, and the session's channel is
            # asyncssh's own, not a wrapper (its agent and X11 requests are the door's)
            session_factory=None,
            encoding=None,
            line_editor=False,
            allow_scp=False,
            x11_forwarding=False,
            agent_forwarding=False,
            sftp_factory=None,
            keepalive_interval=60,
            keepalive_count_max=3,
            reuse_address=True,
        )
        fingerprint = key.get_fingerprint()
        opened = "; --open: any key may enter" if self.settings.open_door else ""
        self.log(
            f"SSH door on {self.settings.bind} port {self.settings.port}; host key "
            f"{fingerprint}{' (new)' if made else ''}; keys in "
            f"{self.identities.keys.path}{opened}"
        )
        return fingerprint

    def close(self) -> None:
        if self._server is not None:
            self._server.close()
            self._server = None
        for session in list(self.sessions):
            session.hang_up()

    def full(self, address: str) -> str | None:
        """Why a new connection from ``address`` is refused (None: it is let in)."""
        if self.total >= self.settings.total:
            return "the host is full (too many SSH connections): try again later"
        if self.per_ip[address] >= self.settings.per_ip:
            return (
                f"{address} has {self.per_ip[address]} connections to this host "
                "already, the most one address may have"
            )
        return None

    def status(self, name: str) -> list[str]:
        """``ssh host status``: one line per unfinished game of ``name``."""
        rows = [game.row() for game in self.host.games.values()]
        return status_lines(rows, name, time.time())


class DoorConnection(asyncssh.SSHServer):
    """One SSH connection: its address, the key it proved, and the player that is."""

    def __init__(self, door: Door) -> None:
        self.door = door
        self.address = "?"
        self.refusal: str | None = None  # why nothing may happen (shown to the client)
        self.name: str | None = None
        self._counted = False
        self._key: tuple[str, str, str] | None = None  # last accepted (id, user, comment)
        self._conn: asyncssh.SSHServerConnection | None = None
        self.games: set[GameSession] = set()  # its sessions running the app or a command
        self._bare: asyncio.TimerHandle | None = None  # ends a connection with no session

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self._conn = conn
        peer = conn.get_extra_info("peername")
        self.address = str(peer[0]) if peer else "?"
        self.refusal = self.door.full(self.address)
        if self.refusal is None:
            self._counted = True
            self.door.total += 1
            self.door.per_ip[self.address] += 1

    def connection_lost(self, exc: Exception | None) -> None:
        self.watch_bare(False)
        if self._counted:
            self._counted = False
            self.door.total -= 1
            self.door.per_ip[self.address] -= 1
            if not self.door.per_ip[self.address]:
                del self.door.per_ip[self.address]
        if self.name is not None:
            self.door.per_name[self.name] -= 1
            if not self.door.per_name[self.name]:
                del self.door.per_name[self.name]
            self.name = None

    def _banner(self, text: str) -> None:
        if self._conn is not None:
            with contextlib.suppress(OSError):
                self._conn.send_auth_banner(f"tui-games: {text}\r\n")

    def begin_auth(self, username: str) -> bool:
        if self.refusal is not None:
            self._banner(self.refusal)
        return True

    def password_auth_supported(self) -> bool:
        return False

    def kbdint_auth_supported(self) -> bool:
        return False

    def host_based_auth_supported(self) -> bool:
        return False

    def public_key_auth_supported(self) -> bool:
        return self.refusal is None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        """Would this key get in? Nothing is bound yet: the key has not proved itself
        (asyncssh checks the signature after), and binding happens in auth_completed."""
        line = key.export_public_key("openssh").decode()
        ident = key_id(line)
        if ident is None:
            self._banner("that kind of key is not taken here: use ssh-ed25519")
            return False
        try:
            name = self.door.identities.would_admit(ident, username)
        except ValueError as exc:
            self._banner(str(exc))
            return False
        if self.door.per_name[name] >= self.door.settings.per_key:
            self._banner(
                f"{name} has {self.door.per_name[name]} sessions on this host "
                "already, the most one player may have: close one first"
            )
            return False
        self._key = (ident, username, key.get_comment() or "")
        return True

    def auth_completed(self) -> None:
        """The key proved itself: bind it (an invite, --open) and count its player."""
        assert self._key is not None
        ident, username, comment = self._key
        try:
            name = self.door.identities.admit(ident, username, comment)
        except ValueError as exc:  # an invite spent meanwhile, a name taken meanwhile
            self.refusal = str(exc)
            return
        self.name = name
        self.door.per_name[name] += 1
        self.door.log(f"{name} logged in over SSH from {self.address}")
        self.watch_bare(True)

    def watch_bare(self, on: bool) -> None:
        """Time a connection with no session (``ssh -N``, or one whose game ended): it can
        press no key, so the idle timeout ends it, or it would hold its place in the
        limits for good."""
        if self._bare is not None:
            self._bare.cancel()
            self._bare = None
        if on and self._conn is not None:
            loop = asyncio.get_running_loop()
            self._bare = loop.call_later(self.door.settings.idle_timeout, self._bare_out)

    def _bare_out(self) -> None:
        self._bare = None
        if self._conn is not None and not self.games:
            seconds = self.door.settings.idle_timeout
            idle = f"{seconds:g} s" if seconds < 120 else f"{seconds / 60:g} min"
            self.door.log(f"{self.name} over SSH from {self.address}: no session for {idle}")
            self._conn.disconnect(
                asyncssh.DISC_BY_APPLICATION,
                f"tui-games: no game or command opened for {idle}: connection closed",
            )

    def session_requested(self) -> GameSession:
        self.watch_bare(False)
        return GameSession(self)

    def connection_requested(
        self, dest_host: str, dest_port: int, orig_host: str, orig_port: int
    ) -> bool:
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, NO_FORWARDING)

    def unix_connection_requested(self, dest_path: str) -> bool:
        raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, NO_FORWARDING)

    def server_requested(self, listen_host: str, listen_port: int) -> bool:
        return self._no_remote()

    def unix_server_requested(self, listen_path: str) -> bool:
        return self._no_remote()

    def _no_remote(self) -> bool:
        """ssh -R: the protocol's refusal has no words, so they go where the client reads
        them: on the stderr of a game it plays on this connection, or, before any (OpenSSH
        asks for -R first), as the reason the connection is closed, which ssh prints."""
        if self.games:
            for game in self.games:
                game.say(NO_REMOTE)
        elif self._conn is not None:
            self._conn.disconnect(asyncssh.DISC_BY_APPLICATION, f"tui-games: {NO_REMOTE}")
        return False


class GameSession(asyncssh.SSHServerSession):  # type: ignore[type-arg]
    """One session channel: the app on a pty, or the ``status`` command, or a refusal."""

    def __init__(self, link: DoorConnection) -> None:
        self.link = link
        self.door = link.door
        self.chan: Any = None
        self.term: str | None = None
        self.size = (80, 24)
        self.command: str | None = None
        self.subsystem: str | None = None
        self.process: SessionProcess | None = None
        self.lines = False  # ``ssh host lines``: the lobby and tables in plain lines
        self.refused: list[str] = []  # forwardings it asked for, said when it starts
        self._idle: asyncio.TimerHandle | None = None

    def connection_made(self, chan: Any) -> None:
        self.chan = chan
        for name, reason in CHANNEL_REQUESTS.items():
            setattr(chan, name, self._refusing(reason))

    def _refusing(self, reason: str) -> Callable[[Any], bool]:
        def refuse(packet: Any) -> bool:
            if reason not in self.refused:
                self.refused.append(reason)
            return False  # asyncssh answers "failure" if the client wants an answer

        return refuse

    def say(self, reason: str) -> None:
        """A line on the client's stderr, beside the game (a pty's screen shows it until
        the app draws; it is there again after the app leaves its screen)."""
        with contextlib.suppress(Exception):
            self.chan.write_stderr(f"tui-games: {reason}\r\n".encode())

    def pty_requested(
        self, term_type: str, term_size: tuple[int, int, int, int], term_modes: Any
    ) -> bool:
        self.term = term_type
        if term_size[0] and term_size[1]:
            self.size = (term_size[0], term_size[1])
        return True

    def shell_requested(self) -> bool:
        return True

    def exec_requested(self, command: str) -> bool:
        self.command = command
        return True  # answered in session_started: the refusal is a line, not a silence

    def subsystem_requested(self, subsystem: str) -> bool:
        self.subsystem = subsystem
        return True  # likewise

    def _refuse(self, reason: str) -> None:
        self.chan.write_stderr(f"tui-games: {reason}\r\n".encode())
        self.chan.exit(1)

    def session_started(self) -> None:
        name = self.link.name
        if self.link.refusal is not None or name is None:
            self._refuse(self.link.refusal or "not logged in")
            return
        for reason in self.refused:
            self.say(reason)
        self.link.games.add(self)
        if self.subsystem is not None:
            self._refuse(
                f"no {self.subsystem!r} here: this host runs only the game (no file transfer)"
            )
            return
        if self.command is not None:
            words = self.command.split()
            if words == ["status"]:
                lines = self.door.status(name)
                self.chan.write("".join(f"{line}\n" for line in lines).encode())
                self.chan.exit(0)
                return
            if words != ["lines"]:
                self._refuse(
                    f"no command {self.command.strip()[:40]!r} here: this host "
                    f"runs only the game (ssh HOST) and: {', '.join(COMMANDS)}"
                )
                return
            self.lines = True
        if self.term is None and not self.lines:
            self._refuse("the game needs a terminal: ssh -t HOST")
            return
        running = sum(1 for other in self.door.sessions if other.link.name == name)
        if running >= self.door.settings.per_key:  # one connection may carry several
            self._refuse(
                f"{name} has {running} sessions on this host already, the most "
                "one player may have: close one first"
            )
            return
        lang = self.chan.get_environment().get("LANG")
        # Plain lines need no terminal: without one (a script, a screen reader's pipe) the
        # app's pty neither echoes the input back nor turns newlines into CR LF.
        self.process = SessionProcess(
            self,
            name,
            self.term or "dumb",
            lang if isinstance(lang, str) else None,
            lines=self.lines,
            plain=self.term is None,
        )
        try:
            self.process.start(self.size)
        except OSError as exc:
            self.process = None
            self._refuse(f"the host cannot start a session now ({exc.strerror or exc})")
            return
        self.door.sessions.add(self)
        self._touch()

    def _touch(self) -> None:
        """Input came: the idle timer starts again."""
        if self._idle is not None:
            self._idle.cancel()
        loop = asyncio.get_running_loop()
        self._idle = loop.call_later(self.door.settings.idle_timeout, self._idle_out)

    def _idle_out(self) -> None:
        seconds = self.door.settings.idle_timeout
        idle = f"{seconds:g} s" if seconds < 120 else f"{seconds / 60:g} min"
        self.hang_up()
        with contextlib.suppress(Exception):
            self.chan.write_stderr(
                f"\r\ntui-games: no key pressed for {idle}: "
                "session ended (your games wait for you)\r\n".encode()
            )
            self.chan.exit(0)

    def data_received(self, data: bytes, datatype: Any) -> None:
        if self.process is not None:
            self.process.feed(data)
            self._touch()

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        self.size = (width, height)
        if self.process is not None:
            self.process.resize(width, height)

    def pause_writing(self) -> None:
        if self.process is not None:
            self.process.pause()

    def resume_writing(self) -> None:
        if self.process is not None:
            self.process.resume()

    def eof_received(self) -> bool:
        # the client's input ended (ssh < /dev/null): the game still shows, so the
        # channel stays open until the app ends or the connection goes; plain lines
        # read the end of input as theirs (the game is saved and the app ends)
        if self.process is not None and self.lines:
            self.process.feed(b"\x04")
        return self.process is not None

    def connection_lost(self, exc: Exception | None) -> None:
        self.hang_up()

    def hang_up(self) -> None:
        if self._idle is not None:
            self._idle.cancel()
            self._idle = None
        self.link.games.discard(self)
        self.door.sessions.discard(self)
        if not self.link.games:
            self.link.watch_bare(True)
        if self.process is not None:
            self.process.hang_up()

    def ended(self, code: int) -> None:
        """The app ended by itself (the player quit): close the channel."""
        self.link.games.discard(self)
        self.door.sessions.discard(self)
        if self._idle is not None:
            self._idle.cancel()
        with contextlib.suppress(Exception):
            self.chan.exit(code)


class SessionProcess:
    """The player's app on a pty, and the socket pair it asks the host for connections on."""

    def __init__(
        self,
        session: GameSession,
        name: str,
        term: str,
        lang: str | None,
        *,
        lines: bool = False,
        plain: bool = False,
    ) -> None:
        self.session = session
        self.lines = lines
        self.plain = plain
        self.name = name
        self.term = term
        self.lang = lang
        self.master = -1
        self.handing: Handing | None = None
        self.pid: int | None = None
        self._pending = bytearray()  # input the pty did not take yet
        self._reading = False
        self._loop = asyncio.get_running_loop()
        self._watch: asyncio.Task[None] | None = None

    def start(self, size: tuple[int, int]) -> None:
        door = self.session.door
        saves = ssh_folder(door.folder) / "sessions" / self.name
        saves.mkdir(mode=0o700, parents=True, exist_ok=True)
        master, slave = os.openpty()
        set_size(master, *size)
        if self.plain:
            attrs = termios.tcgetattr(slave)
            attrs[1] &= ~termios.ONLCR  # output flags: "\n" stays "\n"
            attrs[3] &= ~termios.ECHO  # local flags: the client's own input is not echoed
            termios.tcsetattr(slave, termios.TCSANOW, attrs)
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            env = child_environment(self.term, self.lang, saves, theirs.fileno())
            proc = subprocess.Popen(
                [
                    door.settings.python,
                    "-m",
                    "tui_games",
                    "join",
                    *(["--lines"] if self.lines else []),
                ],
                stdin=slave,
                stdout=slave,
                stderr=slave,
                env=env,
                cwd=saves,
                start_new_session=True,
                preexec_fn=_take_terminal,
                pass_fds=(theirs.fileno(),),
                close_fds=True,
            )
        except BaseException:
            os.close(master)
            ours.close()
            raise
        finally:
            os.close(slave)
            theirs.close()
        self.pid = proc.pid
        self._proc = proc
        self.master = master
        os.set_blocking(master, False)
        self.handing = Handing(ours, door.host, self.name)
        self.handing.start()
        self.resume()
        self._watch = self._loop.create_task(self._wait())

    async def _wait(self) -> None:
        """Reap the app; its end closes the channel."""
        while self._proc.poll() is None:
            await asyncio.sleep(0.2)
        self._drain()
        self._close_fds()
        self.session.ended(self._proc.returncode or 0)

    # ---- the pty --------------------------------------------------------------------

    def _readable(self) -> None:
        try:
            data = os.read(self.master, OUTPUT_CHUNK)
        except BlockingIOError:
            return
        except OSError:  # EIO: the app closed its terminal
            data = b""
        if not data:
            self.pause()
            return
        self.session.chan.write(data)

    def _drain(self) -> None:
        """What the app wrote last, before the pty goes."""
        if self.master < 0:
            return
        with contextlib.suppress(OSError):
            while data := os.read(self.master, OUTPUT_CHUNK):
                self.session.chan.write(data)

    def pause(self) -> None:
        """The client reads slowly: stop reading the pty, so that only this app waits."""
        if self._reading and self.master >= 0:
            self._loop.remove_reader(self.master)
            self._reading = False

    def resume(self) -> None:
        if not self._reading and self.master >= 0:
            self._loop.add_reader(self.master, self._readable)
            self._reading = True

    def feed(self, data: bytes) -> None:
        """Keys from the client; a pty that is full keeps a little, then drops."""
        if self.master < 0:
            return
        if len(self._pending) < 65536:
            self._pending += data
        self._write()

    def _write(self) -> None:
        with contextlib.suppress(ValueError):
            self._loop.remove_writer(self.master)
        try:
            written = os.write(self.master, self._pending)
        except BlockingIOError:
            written = 0
        except OSError:
            self._pending.clear()
            return
        del self._pending[:written]
        if self._pending:
            self._loop.add_writer(self.master, self._write)

    def resize(self, columns: int, rows: int) -> None:
        if self.master >= 0:
            with contextlib.suppress(OSError):
                set_size(self.master, columns, rows)

    # ---- the end ----------------------------------------------------------------------

    def hang_up(self) -> None:
        """The client went: the app hears SIGHUP (it autosaves and ends), and is killed
        if it has not ended after a grace time."""
        self._close_fds()
        if self.pid is not None and self._proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.pid, signal.SIGHUP)
            self._loop.call_later(HANGUP_GRACE, self._kill)

    def _kill(self) -> None:
        if self.pid is not None and self._proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.pid, signal.SIGKILL)

    def _close_fds(self) -> None:
        if self.master >= 0:
            self.pause()
            with contextlib.suppress(ValueError):
                self._loop.remove_writer(self.master)
            os.close(self.master)
            self.master = -1
        if self.handing is not None:
            self.handing.close()
            self.handing = None


class Handing:
    """The host's end of a session's socket pair. Each byte the app sends there asks for
    a connection: the host makes a socket pair, serves one end as ``name`` (who the key
    is, settled by the door) and sends the other end down (SCM_RIGHTS). The app can ask,
    never say who it is."""

    def __init__(self, control: socket.socket, host: Host, name: str) -> None:
        self.control: socket.socket | None = control
        self.host = host
        self.name = name
        self._tasks: set[asyncio.Task[None]] = set()
        self._loop = asyncio.get_running_loop()

    def start(self) -> None:
        assert self.control is not None
        self.control.setblocking(False)
        self._loop.add_reader(self.control.fileno(), self._asked)

    def _asked(self) -> None:
        if self.control is None:
            return
        try:
            data = self.control.recv(64)
        except BlockingIOError:
            return
        except OSError:
            data = b""
        if not data:  # the app ended
            self.close()
            return
        for _ in data:
            ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                socket.send_fds(self.control, [b"k"], [theirs.fileno()])
            except OSError:  # the app stopped reading its answers: it gets no more
                ours.close()
                theirs.close()
                self.close()
                return
            theirs.close()
            task = self._loop.create_task(self.host.handed(ours, self.name))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    def close(self) -> None:
        """No more connections (those handed already end with the app's ends)."""
        if self.control is not None:
            with contextlib.suppress(ValueError, OSError):
                self._loop.remove_reader(self.control.fileno())
            self.control.close()
            self.control = None
