"""SSH door figures: what a session costs, and how soon a key shows through SSH.

    python -m tui_games.online.ssh_bench [--sessions 20] [--keys 30] [--json]
    python -m tui_games.online.ssh_bench --active 0,32,64 [--every 1.0] [--keys 60]

Starts a real ``tui-games host --ssh`` on loopback with a temporary folder and keys, then:

- key to frame, through SSH (an asyncssh client on a pty of 80x24) and in a local
  terminal (``tui-games join`` on a pty of this process, the same app on the same host's
  socket), median and p95: "move", Down and Up in the lobby's list of three games, from
  the key to the first bytes of the frame that moves the highlight; "dialog", ``n`` to
  the frame that shows the new-game dialog (Esc closes it again);
- memory: each session's app (resident memory of its process) and the host's own
  process, with ``--sessions`` sessions open in the lobby; the key to frame again then;
- noise: 200 connections from one address that never log in, and one session whose
  client stops reading, while the key to frame is measured once more.

``--active N,...`` measures instead how many players pressing keys one machine serves:
the light key of one session while N other sessions (in processes of their own) each
press Down or Up in their lobby about every ``--every`` seconds, with the load average
and the CPU the host and its apps used meanwhile. Each measurement waits for its screen
to be quiet first, so that a key is never timed by the end of the frame before it.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import warnings
from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import asyncssh

from tui_games.engine.session import Seat
from tui_games.games import all_games, get_game
from tui_games.online import available
from tui_games.online.client import Connection
from tui_games.online.protocol import Created, CreateGame

OPENED = b"New online game"  # the dialog's title: the frame that answers the key
LOBBY = b"You are "  # the lobby's status line: the session is up
ESC_GAP = 0.5  # seconds between Esc and the next key


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _rss_kib(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


def _children(pid: int) -> list[int]:
    """The direct children of ``pid`` (the host's session apps and bot workers)."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                if int(fields[1]) == pid:
                    found.append(int(entry.name))
    return found


def _cpu_seconds(host_pid: int) -> float:
    """CPU time of the host process and its session apps so far (user and system)."""
    total = 0
    for pid in [host_pid, *_children(host_pid)]:
        with contextlib.suppress(OSError, IndexError, ValueError):
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])  # utime, stime: fields 14 and 15
    return total / os.sysconf("SC_CLK_TCK")


def _is_session(pid: int) -> bool:
    with contextlib.suppress(OSError):
        return b"join" in Path(f"/proc/{pid}/cmdline").read_bytes()
    return False


class Screen:
    """A terminal's output as it arrives, to wait for a piece of a frame."""

    def __init__(self) -> None:
        self.buffer = bytearray()
        self.dropped = 0  # bytes cut from the front (the lobby repaints every 2 s)
        self.changed = asyncio.Event()

    def feed(self, data: bytes) -> None:
        self.buffer += data
        if len(self.buffer) > 400_000:
            cut = len(self.buffer) - 200_000
            del self.buffer[:cut]
            self.dropped += cut
        self.changed.set()

    async def wait_for(self, text: bytes, since: int, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while text not in self.buffer[max(0, since - self.dropped - len(text)) :]:
            self.changed.clear()
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no {text!r} on the screen")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.changed.wait(), left)

    def mark(self) -> int:
        return self.dropped + len(self.buffer)

    async def quiet(self, seconds: float) -> None:
        """Wait until nothing has come for ``seconds``: what comes after a key is then
        that key's frame, not the end of the one before (the first key right after the
        lobby showed was "answered" in a millisecond by the lobby's own last bytes)."""
        while True:
            self.changed.clear()
            try:
                await asyncio.wait_for(self.changed.wait(), seconds)
            except TimeoutError:
                return


async def _key_to_frame(send: Callable[[bytes], None], screen: Screen, keys: int) -> list[float]:
    """Send ``n`` and time the dialog's frame; Esc back; ``keys`` times."""
    samples = []
    await screen.quiet(0.5)
    for _ in range(keys):
        await screen.quiet(0.05)
        mark = screen.mark()
        start = time.perf_counter()
        send(b"n")
        await screen.wait_for(OPENED, mark)
        samples.append((time.perf_counter() - start) * 1000)
        send(b"\x1b")
        # an Esc and a key close together read as alt+key: the next n waits a while
        await asyncio.sleep(ESC_GAP)
    return samples


async def _key_to_output(send: Callable[[bytes], None], screen: Screen, keys: int) -> list[float]:
    """Down and Up in the lobby's list of games: the time from the key to the first
    bytes of the frame that moves the highlight (a light key: no screen is made)."""
    samples = []
    await screen.quiet(0.5)
    for i in range(keys):
        await screen.quiet(0.05)
        mark = screen.mark()
        start = time.perf_counter()
        send(b"\x1b[B" if i % 2 == 0 else b"\x1b[A")
        while screen.mark() == mark:
            screen.changed.clear()
            await asyncio.wait_for(screen.changed.wait(), 30)
        samples.append((time.perf_counter() - start) * 1000)
        await asyncio.sleep(0.1)
    return samples


async def _both(
    send: Callable[[bytes], None], screen: Screen, keys: int, what: str
) -> dict[str, Any]:
    print(f"ssh bench: {what}...", file=sys.stderr, flush=True)
    return {
        "move": _figures(await _key_to_output(send, screen, keys)),
        "dialog": _figures(await _key_to_frame(send, screen, keys)),
    }


def _figures(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {
        "median_ms": round(statistics.median(ordered), 1),
        "p95_ms": round(ordered[min(len(ordered) - 1, math.ceil(len(ordered) * 0.95) - 1)], 1),
        "samples": len(ordered),
    }


class SSHSession:
    """An asyncssh client on a pty of 80x24, its output kept in a Screen."""

    def __init__(self) -> None:
        self.screen = Screen()
        self.conn: Any = None
        self.stdin: Any = None
        self._reader: asyncio.Task[None] | None = None

    async def open(
        self, port: int, key: asyncssh.SSHKey, name: str, *, read: bool = True
    ) -> SSHSession:
        self.conn = await asyncssh.connect(
            "127.0.0.1",
            port,
            username=name,
            client_keys=[key],
            known_hosts=None,
            agent_path=None,
            config=None,
        )
        self.stdin, stdout, _stderr = await self.conn.open_session(
            term_type="xterm-256color", term_size=(80, 24), encoding=None
        )
        if read:
            self._reader = asyncio.get_running_loop().create_task(self._read(stdout))
        return self

    async def _read(self, stdout: Any) -> None:
        while data := await stdout.read(65536):
            self.screen.feed(data)

    def send(self, data: bytes) -> None:
        self.stdin.write(data)

    def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
        if self.conn is not None:
            self.conn.close()


class LocalSession:
    """``tui-games join`` on a pty of this process: the same app in a local terminal."""

    def __init__(self, socket_path: Path, env: dict[str, str]) -> None:
        self.screen = Screen()
        master, slave = os.openpty()
        import fcntl
        import struct
        import termios

        fcntl.ioctl(master, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "tui_games", "join", "--socket", str(socket_path)],
            stdin=slave,
            stdout=slave,
            stderr=slave,
            env=env,
            start_new_session=True,
        )
        os.close(slave)
        self.master = master
        os.set_blocking(master, False)
        asyncio.get_running_loop().add_reader(master, self._readable)

    def _readable(self) -> None:
        with contextlib.suppress(BlockingIOError, OSError):
            self.screen.feed(os.read(self.master, 65536))

    def send(self, data: bytes) -> None:
        os.write(self.master, data)

    def close(self) -> None:
        asyncio.get_running_loop().remove_reader(self.master)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.proc.pid, signal.SIGTERM)
        self.proc.wait(timeout=10)
        os.close(self.master)


def _start_host(
    folder: Path, sock: Path, port: int, names: list[str]
) -> tuple[subprocess.Popen[bytes], dict[str, asyncssh.SSHKey]]:
    """``tui-games host --ssh`` in ``folder`` with a key for each name."""
    client_keys = {name: asyncssh.generate_private_key("ssh-ed25519") for name in names}
    (folder / "ssh").mkdir(parents=True)
    (folder / "ssh" / "keys").write_text(
        "".join(f"{name} {key.export_public_key().decode()}" for name, key in client_keys.items())
    )
    env = {**os.environ, "TERM": "xterm-256color"}
    host = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tui_games",
            "host",
            "--dir",
            str(folder),
            "--socket",
            str(sock),
            "--ssh",
            str(port),
            "--ssh-bind",
            "127.0.0.1",
            "--max-per-ip",
            "400",
            "--max-ssh",
            "400",
            "--max-per-key",
            "4",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        env=env,
    )
    return host, client_keys


async def _ready(host: subprocess.Popen[bytes], sock: Path, names: list[str]) -> None:
    """Wait for the host; then three games of the first two names, for the measured
    player's list to move in."""
    deadline = time.monotonic() + 30
    while not available(sock):
        if time.monotonic() > deadline or host.poll() is not None:
            raise SystemExit("the host did not start")
        await asyncio.sleep(0.1)
    game = next(g for g in all_games() if 3 in get_game(g).players)
    bot = next(iter(get_game(game).bots))
    with Connection(sock) as conn:
        for _ in range(3):
            conn.request(
                CreateGame(game=game, seats=[Seat(names[0]), Seat(names[1]), Seat("", bot)]),
                Created,
            )


def _stop_host(host: subprocess.Popen[bytes], root: Path) -> None:
    host.send_signal(signal.SIGTERM)
    try:
        host.wait(timeout=20)
    except subprocess.TimeoutExpired:
        host.kill()
        host.wait()
    shutil.rmtree(root, ignore_errors=True)


@contextlib.asynccontextmanager
async def _door_host(
    names: list[str],
) -> AsyncIterator[tuple[int, dict[str, asyncssh.SSHKey], int]]:
    """A door host on a free port, ready: its port, the names' keys and its pid."""
    root = Path(tempfile.mkdtemp(prefix="tg-sshbench-"))
    port = _free_port()
    host, client_keys = _start_host(root / "saves", root / "host.sock", port, names)
    try:
        await _ready(host, root / "host.sock", names)
        yield port, client_keys, host.pid
    finally:
        _stop_host(host, root)


async def _run(sessions: int, keys: int) -> dict[str, Any]:
    root = Path(tempfile.mkdtemp(prefix="tg-sshbench-"))
    port = _free_port()
    folder, sock = root / "saves", root / "host.sock"
    names = [f"p{i:02d}" for i in range(sessions + 2)]
    host, client_keys = _start_host(folder, sock, port, names)
    env = {**os.environ, "TERM": "xterm-256color"}
    opened: list[SSHSession] = []
    idle: list[socket.socket] = []
    report: dict[str, Any] = {"sessions": sessions}
    try:
        await _ready(host, sock, names)
        host_idle = _rss_kib(host.pid)

        local = LocalSession(sock, env)
        await local.screen.wait_for(LOBBY, 0, 60)
        report["local"] = await _both(local.send, local.screen, keys, "local keys")
        local.close()

        measured = await SSHSession().open(port, client_keys[names[0]], names[0])
        opened.append(measured)
        await measured.screen.wait_for(LOBBY, 0, 60)
        report["ssh_one_session"] = await _both(measured.send, measured.screen, keys, "ssh keys")

        for name in names[1:sessions]:
            session = await SSHSession().open(port, client_keys[name], name)
            opened.append(session)
            await session.screen.wait_for(LOBBY, 0, 120)
        apps = [pid for pid in _children(host.pid) if _is_session(pid)]
        app_rss = [_rss_kib(pid) for pid in apps]
        report["memory_kib"] = {
            "host_alone": host_idle,
            "host_process_with_sessions": _rss_kib(host.pid),
            "per_session_app_median": int(statistics.median(app_rss)) if app_rss else 0,
            "all_session_apps": sum(app_rss),
            "session_apps": len(apps),
        }
        report[f"ssh_with_{sessions}_sessions"] = await _both(
            measured.send, measured.screen, keys, f"ssh keys beside {sessions} sessions"
        )

        stalled = await SSHSession().open(
            port, client_keys[names[-1]], names[-1], read=False
        )  # never reads a byte
        opened.append(stalled)
        for _ in range(200):
            idle.append(socket.create_connection(("127.0.0.1", port), timeout=10))
        report["ssh_with_200_idle_and_a_stalled_reader"] = await _both(
            measured.send,
            measured.screen,
            keys,
            "ssh keys beside 200 idle connections and a stalled reader",
        )
        return report
    finally:
        for conn in idle:
            conn.close()
        for session in opened:
            session.close()
        _stop_host(host, root)


async def _press_on(session: SSHSession, every: float, stop: asyncio.Event, seed: int) -> None:
    """An active player: Down or Up in their lobby about every ``every`` seconds (the
    times spread, so that the sessions do not press together)."""
    pace = random.Random(seed)
    await asyncio.sleep(pace.uniform(0, every))
    down = True
    while not stop.is_set():
        session.send(b"\x1b[B" if down else b"\x1b[A")
        down = not down
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(stop.wait(), pace.uniform(0.5 * every, 1.5 * every))


async def _press_many(port: int, every: float, logins: list[tuple[str, Path]]) -> None:
    """The active players of one ``--press`` process: each logs in, waits for the lobby
    and presses on until the process is ended."""
    stop = asyncio.Event()
    players = []
    for name, key_file in logins:
        player = await SSHSession().open(port, asyncssh.read_private_key(str(key_file)), name)
        await player.screen.wait_for(LOBBY, 0, 120)
        players.append(player)
    tasks = [
        asyncio.get_running_loop().create_task(_press_on(player, every, stop, i))
        for i, player in enumerate(players)
    ]
    print("ready", flush=True)
    await asyncio.gather(*tasks)


async def _run_active(counts: list[int], keys: int, every: float) -> dict[str, Any]:
    """The light key's time to its frame in one session while ``count`` other sessions
    each press a key about every ``every`` seconds, for each count; and the load average
    of the machine meanwhile (other work shares it). The active players run in processes
    of their own, so that this one's loop only times the measured session's keys."""
    most = max(counts)
    names = [f"p{i:02d}" for i in range(max(2, most + 1))]
    report: dict[str, Any] = {"every_s": every, "active": {}}
    async with _door_host(names) as (port, client_keys, host_pid):
        keys_dir = Path(tempfile.mkdtemp(prefix="tg-sshbench-keys-"))
        for name, key in client_keys.items():
            key.write_private_key(str(keys_dir / name))
        measured = await SSHSession().open(port, client_keys[names[0]], names[0])
        pressers: list[subprocess.Popen[bytes]] = []
        active = 0
        try:
            await measured.screen.wait_for(LOBBY, 0, 60)
            for count in sorted(counts):
                if count > active:
                    logins = [f"{name}:{keys_dir / name}" for name in names[active + 1 : count + 1]]
                    presser = subprocess.Popen(
                        [
                            sys.executable,
                            "-m",
                            "tui_games.online.ssh_bench",
                            "--press",
                            str(port),
                            "--every",
                            str(every),
                            *logins,
                        ],
                        stdout=subprocess.PIPE,
                    )
                    pressers.append(presser)
                    assert presser.stdout is not None
                    ready = await asyncio.to_thread(presser.stdout.readline)
                    if ready.strip() != b"ready":  # what was measured so far still counts
                        report["stopped"] = f"{count} sessions did not all start"
                        print(f"ssh bench: {report['stopped']}", file=sys.stderr, flush=True)
                        break
                    active = count
                await asyncio.sleep(2 * every)  # every player pressing before we measure
                print(
                    f"ssh bench: light keys beside {count} active sessions...",
                    file=sys.stderr,
                    flush=True,
                )
                before = os.getloadavg()[0]
                cpu, start = _cpu_seconds(host_pid), time.monotonic()
                samples = await _key_to_output(measured.send, measured.screen, keys)
                figures = _figures(samples)
                figures["load_1min"] = [round(before, 2), round(os.getloadavg()[0], 2)]
                # the host and its session apps: how much of a core the players cost
                used = _cpu_seconds(host_pid) - cpu
                figures["host_cpu_cores"] = round(used / (time.monotonic() - start), 2)
                report["active"][str(count)] = figures
                print(
                    f"ssh bench: {_active_line(str(count), figures)}", file=sys.stderr, flush=True
                )
        finally:
            for presser in pressers:
                presser.terminate()
                presser.wait(timeout=30)
            measured.close()
            shutil.rmtree(keys_dir, ignore_errors=True)
    return report


def _active_line(count: str, figures: dict[str, Any]) -> str:
    load = figures["load_1min"]
    return (
        f"{'light key beside ' + count + ' active sessions':40} median "
        f"{figures['median_ms']} ms, p95 {figures['p95_ms']} ms ({figures['samples']} keys;"
        f" load {load[0]} to {load[1]}; host and apps {figures['host_cpu_cores']} cores)"
    )


def format_report(report: dict[str, Any]) -> list[str]:
    lines = []
    for key, value in report.items():
        if isinstance(value, dict) and "move" in value:
            for kind, figures in value.items():
                lines.append(
                    f"{key:40} {kind:6} key to frame median {figures['median_ms']}"
                    f" ms, p95 {figures['p95_ms']} ms ({figures['samples']} keys)"
                )
    lines.extend(
        _active_line(count, figures) for count, figures in report.get("active", {}).items()
    )
    if "stopped" in report:
        lines.append(f"{'stopped':40} {report['stopped']}")
    memory = report.get("memory_kib", {})
    if memory:
        lines.append(
            f"{'memory':40} a session's app {memory['per_session_app_median'] // 1024}"
            f" MiB; host process {memory['host_alone'] // 1024} MiB alone, "
            f"{memory['host_process_with_sessions'] // 1024} MiB with "
            f"{memory['session_apps']} sessions "
            f"(+{memory['all_session_apps'] // 1024} MiB in their apps)"
        )
    return lines


def main() -> int:
    parser = argparse.ArgumentParser(prog="python -m tui_games.online.ssh_bench")
    parser.add_argument("--sessions", type=int, default=20)
    parser.add_argument("--keys", type=int, default=30)
    parser.add_argument("--json", action="store_true")
    parser.add_argument(
        "--active",
        metavar="N,N,...",
        help="instead: the light key beside N sessions that each press a key about every "
        "--every seconds, for each N",
    )
    parser.add_argument("--every", type=float, default=1.0)
    parser.add_argument("--press", type=int, metavar="PORT", help=argparse.SUPPRESS)
    parser.add_argument("logins", nargs="*", help=argparse.SUPPRESS)  # NAME:KEY_FILE
    args = parser.parse_args()
    if args.press:  # the active players of --active, in a process of their own
        logins = [(login.split(":", 1)[0], Path(login.split(":", 1)[1])) for login in args.logins]
        asyncio.run(_press_many(args.press, args.every, logins))
        return 0
    if args.active:
        counts = [int(n) for n in args.active.split(",")]
        report = asyncio.run(_run_active(counts, args.keys, args.every))
    else:
        report = asyncio.run(_run(args.sessions, args.keys))
    print(json.dumps(report, indent=2) if args.json else "\n".join(format_report(report)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
