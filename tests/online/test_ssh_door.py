"""The SSH door against Debian's ``ssh`` client on loopback: who gets in, what they may
run, and every refusal with the line the client sees."""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from online_helpers import ROOT, me, wait_for
from ssh_door_helpers import (
    DoorHost,
    free_port,
    listening,
    make_key,
    needs_ssh,
    tmux_pane,
    tmux_session,
)

from tui_games.engine.session import Seat
from tui_games.online.client import Connection, HostError
from tui_games.online.protocol import Created, CreateGame, GameList, ListGames
from tui_games.online.ssh_keys import Identities

pytestmark = needs_ssh


@pytest.fixture
def keys(tmp_path: Path) -> dict[str, Path]:
    folder = tmp_path / "keys"
    folder.mkdir()
    return {name: make_key(folder, name) for name in ("ada", "bob", "eve")}


@pytest.fixture
def door(tmp_path: Path) -> Iterator[Callable[..., DoorHost]]:
    """Start a door host with options of its own: ``door("--open")``."""
    made: list[DoorHost] = []
    short = Path(tempfile.mkdtemp(prefix="tgd-"))

    def make(*options: str, keys_lines: dict[str, Path] | None = None) -> DoorHost:
        host = DoorHost(tmp_path / "saves", short / f"h{len(made)}.sock", list(options))
        for name, key in (keys_lines or {}).items():
            host.add_key(name, key)
        made.append(host)
        return host.start()

    try:
        yield make
    finally:
        for host in made:
            host.stop()
        shutil.rmtree(short, ignore_errors=True)


def test_the_host_key_is_made_once_0600_and_its_fingerprint_printed(
    door: Callable[..., DoorHost],
) -> None:
    first = door()
    key_file = first.folder / "ssh" / "host_key"
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
    made = key_file.read_bytes()
    log = first.stop()
    assert "host key SHA256:" in log and "(new)" in log
    fingerprint = log.split("host key ")[1].split()[0]
    again = door()
    log = again.stop()
    assert key_file.read_bytes() == made
    assert f"host key {fingerprint}" in log and "(new)" not in log


def test_a_key_of_the_keys_file_gets_status_and_exit_code_0(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door(keys_lines={"ada": keys["ada"]})
    done = host.ssh(keys["ada"], "status")
    assert done.returncode == 0, done.stderr
    assert done.stdout == "No games of yours (ada) on this host.\n"


def test_status_lists_each_game_of_yours_with_whose_turn(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door(keys_lines={"ada": keys["ada"], "bob": keys["bob"]})
    with Connection(host.socket) as conn:  # the host's owner sets a table for the keys
        conn.request(
            CreateGame(game="neptune", seats=[Seat("ada"), Seat("bob"), Seat("", "normal")]),
            Created,
        )
    lines = {}
    for name in ("ada", "bob"):
        done = host.ssh(keys[name], "status")
        assert done.returncode == 0, done.stderr
        lines[name] = done.stdout.splitlines()
        assert len(lines[name]) == 1
    with Connection(host.socket) as conn:
        row = conn.request(ListGames(), GameList).games[0]
    mover = row.seats[row.to_move].name if row.to_move is not None else None
    for name, other in (("ada", "bob"), ("bob", "ada")):
        if mover == name:
            assert lines[name][0].startswith(f"Your turn: Neptune with {other} and a bot")
        elif mover == other:
            shown = f"{other[0].upper()}{other[1:]}"
            assert lines[name][0].startswith(f"{shown}'s turn: Neptune with {other} and a bot")


def test_the_keys_file_is_read_again_without_a_restart(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door(keys_lines={"ada": keys["ada"]})
    assert host.ssh(keys["bob"], "status").returncode == 255
    host.add_key("bob", keys["bob"])
    done = host.ssh(keys["bob"], "status")
    assert done.returncode == 0 and "(bob)" in done.stdout


def test_an_unknown_key_without_open_is_refused_with_why(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door(keys_lines={"ada": keys["ada"]})
    done = host.ssh(keys["eve"], "status")
    assert done.returncode == 255
    assert "tui-games: this key is not known here" in done.stderr
    assert "Permission denied (publickey)" in done.stderr


def test_passwords_and_keyboard_interactive_are_off(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door(keys_lines={"ada": keys["ada"]})
    for method in ("password", "keyboard-interactive"):
        done = host.ssh(keys["ada"], "status", options=("-o", f"PreferredAuthentications={method}"))
        assert done.returncode == 255
        assert "Permission denied (publickey)" in done.stderr  # the only method offered


@pytest.mark.parametrize("command", [["sh"], ["cat", "/etc/passwd"], ["scp", "-t", "/tmp"]])
def test_no_shell_and_no_exec_but_status(
    door: Callable[..., DoorHost], keys: dict[str, Path], command: list[str]
) -> None:
    host = door(keys_lines={"ada": keys["ada"]})
    done = host.ssh(keys["ada"], *command)
    assert done.returncode == 1
    assert done.stdout == ""
    assert (
        f"tui-games: no command {' '.join(command)!r} here: this host runs only the "
        "game (ssh HOST) and: status"
    ) in done.stderr


def test_sftp_is_refused_with_why(door: Callable[..., DoorHost], keys: dict[str, Path]) -> None:
    host = door(keys_lines={"ada": keys["ada"]})
    done = subprocess.run(
        host.client_args("sftp", keys["ada"], "ada"),
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
    )
    assert done.returncode != 0
    assert "tui-games: no 'sftp' here: this host runs only the game" in done.stderr


REFUSED_HERE = (
    "administratively prohibited: tui-games: this host runs only the game, no "
    "forwarding (ssh -L, -D, -W)"
)


def lines_of(text: str | bytes) -> list[str]:
    """What ssh wrote, a line each (without the CR a pty's line ends with)."""
    if isinstance(text, bytes):
        text = text.decode(errors="replace")
    return [line.rstrip("\r") for line in text.splitlines()]


def test_dash_w_is_refused_with_why(door: Callable[..., DoorHost], keys: dict[str, Path]) -> None:
    host = door(keys_lines={"ada": keys["ada"]})
    # -W asks for one forwarded connection on the spot: the same request as -L's
    done = host.ssh(keys["ada"], options=("-W", f"127.0.0.1:{host.port}"))
    assert done.returncode == 255
    assert f"channel 0: open failed: {REFUSED_HERE}" in lines_of(done.stderr)
    assert "stdio forwarding failed" in lines_of(done.stderr)


def forwarding_refused(
    host: DoorHost,
    key: Path,
    option: str,
    knock: Callable[[int], None],
) -> list[str]:
    """``ssh -N OPTION`` to the door, a connection to its local end (``knock``), and the
    lines ssh wrote."""
    local = free_port()
    forward = subprocess.Popen(
        host.ssh_args(key, "ada", "-N", option, option_value(option, local)),
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        wait_for(lambda: host.log_has("ada logged in over SSH"), 30, "ada to log in")
        wait_for(lambda: listening(local), 30, f"ssh's local end of {option}")
        knock(local)
    finally:
        forward.terminate()
        try:
            _, err = forward.communicate(timeout=30)
        except subprocess.TimeoutExpired:  # a loaded machine: what it wrote is kept
            forward.kill()
            _, err = forward.communicate()
    return lines_of(err)


def option_value(option: str, local: int) -> str:
    return f"127.0.0.1:{local}:127.0.0.1:22" if option == "-L" else f"127.0.0.1:{local}"


def test_a_dash_l_forward_is_refused_with_why(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door(keys_lines={"ada": keys["ada"]})

    def knock(local: int) -> None:
        with socket.create_connection(("127.0.0.1", local), timeout=10) as sock:
            sock.settimeout(10)
            assert sock.recv(100) == b""  # ssh closes it: the host said no

    lines = forwarding_refused(host, keys["ada"], "-L", knock)
    assert any(line.endswith(f"open failed: {REFUSED_HERE}") for line in lines), lines


def test_a_dash_d_socks_forward_is_refused_with_why(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door(keys_lines={"ada": keys["ada"]})

    def knock(local: int) -> None:  # a SOCKS5 client asks ssh for 127.0.0.1:22
        with socket.create_connection(("127.0.0.1", local), timeout=10) as sock:
            sock.settimeout(10)
            sock.sendall(b"\x05\x01\x00")
            assert sock.recv(2) == b"\x05\x00"
            sock.sendall(b"\x05\x01\x00\x01\x7f\x00\x00\x01\x00\x16")
            assert sock.recv(100)[:2] != b"\x05\x00"  # no "succeeded"

    lines = forwarding_refused(host, keys["ada"], "-D", knock)
    assert any(line.endswith(f"open failed: {REFUSED_HERE}") for line in lines), lines


NO_REMOTE = "tui-games: no remote forwarding (ssh -R) here: this host runs only the game"


@pytest.mark.parametrize(
    "options",
    [
        ("-R", "0:127.0.0.1:9"),
        ("-o", "ExitOnForwardFailure=yes", "-R", "0:127.0.0.1:9"),
        ("-R", "/tmp/tgd-nowhere.sock:127.0.0.1:9"),
    ],
)
def test_remote_forwarding_is_refused_with_why(
    door: Callable[..., DoorHost], keys: dict[str, Path], options: tuple[str, ...]
) -> None:
    """OpenSSH asks for -R before its session, and the protocol's "no" has no words: the
    door closes the connection with the reason, which ssh prints."""
    host = door(keys_lines={"ada": keys["ada"]})
    done = host.ssh(keys["ada"], "status", options=options)
    assert done.returncode == 255
    assert f"Received disconnect from 127.0.0.1 port {host.port}:11: {NO_REMOTE}" in lines_of(
        done.stderr
    ), done.stderr
    assert done.stdout == ""


def test_a_dash_n_remote_forward_is_refused_with_why(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door(keys_lines={"ada": keys["ada"]})
    done = host.ssh(keys["ada"], options=("-N", "-R", "0:127.0.0.1:9"))
    assert done.returncode == 255
    assert f"Received disconnect from 127.0.0.1 port {host.port}:11: {NO_REMOTE}" in lines_of(
        done.stderr
    )


def test_a_remote_forward_asked_during_a_game_is_refused_on_its_stderr(
    door: Callable[..., DoorHost], keys: dict[str, Path], tmp_path: Path
) -> None:
    """``ssh -O forward -R`` on a connection that plays: the game goes on, and its
    stderr says why the forward failed."""
    host = door(keys_lines={"ada": keys["ada"]})
    control = tmp_path / "ctl"
    game = subprocess.Popen(
        host.ssh_args(keys["ada"], "ada", "-tt", "-M", "-S", str(control)),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        wait_for(lambda: control.exists() and apps_of(host, "ada"), 30, "ada's game")
        asked = subprocess.run(
            [
                *host.ssh_args(
                    keys["ada"], "ada", "-S", str(control), "-O", "forward", "-R", "0:127.0.0.1:9"
                )
            ],
            capture_output=True,
            text=True,
            timeout=30,
            stdin=subprocess.DEVNULL,
        )
        assert asked.returncode != 0
        assert apps_of(host, "ada")  # the game still runs
    finally:
        game.kill()
        _, err = game.communicate(timeout=30)
    assert NO_REMOTE in lines_of(err)


def test_x11_forwarding_is_refused_with_why(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door(keys_lines={"ada": keys["ada"]})
    done = subprocess.run(
        [*host.ssh_args(keys["ada"], "ada", "-X"), "status"],
        capture_output=True,
        text=True,
        timeout=30,
        stdin=subprocess.DEVNULL,
        env={"DISPLAY": ":99", "PATH": os.environ.get("PATH", "/usr/bin:/bin")},
    )
    assert done.returncode == 0  # the command runs; the forwarding does not
    assert done.stdout == "No games of yours (ada) on this host.\n"
    lines = lines_of(done.stderr)
    assert "X11 forwarding request failed on channel 0" in lines
    assert "tui-games: no X11 forwarding (ssh -X) here: this host runs only the game" in lines


NO_AGENT = "tui-games: no agent forwarding (ssh -A) here: this host runs only the game"


def with_agent(
    run: Callable[[dict[str, str]], subprocess.CompletedProcess[str]],
) -> subprocess.CompletedProcess[str]:
    """``run`` with an ssh-agent of its own in its environment."""
    agent = subprocess.run(["ssh-agent", "-s"], capture_output=True, text=True, timeout=10)
    auth_sock = agent.stdout.split("SSH_AUTH_SOCK=")[1].split(";")[0]
    pid = agent.stdout.split("SSH_AGENT_PID=")[1].split(";")[0]
    try:
        return run({"SSH_AUTH_SOCK": auth_sock, "PATH": os.environ.get("PATH", "/usr/bin:/bin")})
    finally:
        subprocess.run(["kill", pid], check=False)


def test_agent_forwarding_is_refused_with_why(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    """OpenSSH asks for the agent without wanting a reply: the door says no on stderr,
    and never opens an agent channel back to the client."""
    host = door(keys_lines={"ada": keys["ada"]})
    done = with_agent(
        lambda env: subprocess.run(
            [*host.ssh_args(keys["ada"], "ada", "-A", "-v"), "status"],
            capture_output=True,
            text=True,
            timeout=30,
            stdin=subprocess.DEVNULL,
            env=env,
        )
    )
    assert done.returncode == 0
    assert done.stdout == "No games of yours (ada) on this host.\n"
    assert NO_AGENT in lines_of(done.stderr)
    assert "auth-agent@openssh.com" not in done.stderr


def test_agent_forwarding_in_a_game_is_refused_with_why(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    """With a terminal the line comes before the game's screen (and is there after it)."""
    host = door(keys_lines={"ada": keys["ada"]})

    def play(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
        game = subprocess.Popen(
            [*host.ssh_args(keys["ada"], "ada", "-A", "-tt")],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            env=env,
        )
        try:
            wait_for(lambda: apps_of(host, "ada"), 30, "ada's game")
        finally:
            game.kill()
            out, err = game.communicate(timeout=30)
        return subprocess.CompletedProcess(
            game.args, 0, out.decode(errors="replace"), err.decode(errors="replace")
        )

    done = with_agent(play)
    assert NO_AGENT in lines_of(done.stderr)


def test_an_invite_binds_the_first_key_once(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door()
    made = subprocess.run(
        [sys.executable, "-m", "tui_games", "host", "invite", "carol", "--dir", str(host.folder)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert made.returncode == 0, made.stderr
    login = made.stdout.split("ssh -p PORT ")[1].split("@")[0]
    done = host.ssh(keys["eve"], "status", user=login)
    assert done.returncode == 0, done.stderr
    assert "(carol)" in done.stdout
    assert host.ssh(keys["eve"], "status").stdout == done.stdout  # the key is carol now
    twice = host.ssh(keys["bob"], "status", user=login)
    assert twice.returncode == 255
    assert "tui-games: that invite code was used already" in twice.stderr


def test_an_expired_invite_is_refused(door: Callable[..., DoorHost], keys: dict[str, Path]) -> None:
    host = door()
    code = Identities.of_folder(host.folder).invites.make("carol", 1, now=time.time() - 7200)
    done = host.ssh(keys["eve"], "status", user=f"invite-{code}")
    assert done.returncode == 255
    assert "tui-games: that invite code expired at" in done.stderr
    assert json.loads((host.folder / "ssh" / "invites.json").read_text())[code].get("used") is None


def test_open_binds_a_new_key_to_its_name_and_a_second_key_cannot_take_it(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door("--open")
    first = host.ssh(keys["ada"], "status", user="dora")
    assert first.returncode == 0 and "(dora)" in first.stdout
    assert "dora ssh-ed25519 " in host.keys_file.read_text()
    taken = host.ssh(keys["bob"], "status", user="dora")
    assert taken.returncode == 255
    assert "tui-games: the name 'dora' is taken by another key" in taken.stderr
    again = host.ssh(keys["ada"], "status", user="whatever")  # a bound key keeps its name
    assert "(dora)" in again.stdout


def test_open_never_gives_a_key_a_login_of_this_machine(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door("--open")
    done = host.ssh(keys["ada"], "status", user="root")
    assert done.returncode == 255
    assert "'root' is a login of this machine, and a key never plays a login's seats" in done.stderr


def test_the_game_needs_a_terminal(door: Callable[..., DoorHost], keys: dict[str, Path]) -> None:
    host = door(keys_lines={"ada": keys["ada"]})
    done = host.ssh(keys["ada"], options=("-T",))
    assert done.returncode == 1
    assert "tui-games: the game needs a terminal: ssh -t HOST" in done.stderr


def hold(host: DoorHost, key: Path, name: str) -> subprocess.Popen[bytes]:
    """An ``ssh -N`` that holds its connection open, logged in, saying nothing."""
    held = subprocess.Popen(
        host.ssh_args(key, name, "-N"), stdin=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    wait_for(lambda: host.log_has(f"{name} logged in over SSH"), 20, f"{name} to log in")
    return held


@pytest.mark.parametrize(
    ("option", "other", "reason"),
    [
        (
            "--max-per-ip",
            "bob",
            "127.0.0.1 has 1 connections to this host already, the most one address may have",
        ),
        (
            "--max-per-key",
            "ada",
            "ada has 1 sessions on this host already, the most one player "
            "may have: close one first",
        ),
        ("--max-ssh", "bob", "the host is full (too many SSH connections): try again later"),
    ],
)
def test_limits_per_address_per_key_and_in_total_are_refused_with_why(
    door: Callable[..., DoorHost], keys: dict[str, Path], option: str, other: str, reason: str
) -> None:
    host = door(option, "1", keys_lines={"ada": keys["ada"], "bob": keys["bob"]})
    held = hold(host, keys["ada"], "ada")
    try:
        done = host.ssh(keys[other], "status")
        assert done.returncode == 255
        assert f"tui-games: {reason}" in done.stderr
    finally:
        held.terminate()
        held.wait(timeout=10)


def test_the_login_grace_time_ends_a_silent_client(door: Callable[..., DoorHost]) -> None:
    host = door("--login-grace", "1")
    with socket.create_connection(("127.0.0.1", host.port), timeout=10) as sock:
        sock.recv(256)  # the server's version line; we say nothing
        start = time.monotonic()
        while sock.recv(4096):
            pass
        assert time.monotonic() - start < 8


def test_an_idle_session_ends_and_says_why(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door("--idle-timeout", "3", keys_lines={"ada": keys["ada"]})
    session = subprocess.Popen(
        [*host.ssh_args(keys["ada"], "ada", "-tt")],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    try:
        out, err = session.communicate(timeout=60)  # nothing typed: the idle timer runs out
    finally:
        if session.poll() is None:
            session.kill()
            session.communicate()
    assert "tui-games: no key pressed for 3 s: session ended (your games wait for you)" in (
        out + err
    ).decode(errors="replace")


def test_a_connection_that_opens_no_session_ends_after_the_idle_timeout(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    """`ssh -N` can press no key: without this it would hold its place in the limits."""
    host = door("--idle-timeout", "3", keys_lines={"ada": keys["ada"]})
    done = host.ssh(keys["ada"], user="ada", options=("-N",), timeout=60)
    assert done.returncode != 0
    assert "tui-games: no game or command opened for 3 s: connection closed" in done.stderr


def test_the_session_is_sized_by_the_client_and_follows_its_window(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door(keys_lines={"ada": keys["ada"]})
    tmux = ["tmux", "-L", f"tgr{os.getpid()}", "-f", "/dev/null"]
    command = " ".join(host.ssh_args(keys["ada"], "ada", "-tt", "-o", "LogLevel=ERROR"))
    try:
        tmux_session(tmux, "ada", command)

        def widest() -> int:
            return max(
                (
                    len(line.rstrip())
                    for line in tmux_pane(tmux, "ada").splitlines()
                    if "You are ada" in tmux_pane(tmux, "ada")
                ),
                default=0,
            )

        wait_for(lambda: widest() in range(70, 81), 30, "the lobby at 80 columns")
        subprocess.run(
            [*tmux, "resize-window", "-t", "ada", "-x", "110", "-y", "30"], check=True, timeout=30
        )
        wait_for(lambda: widest() > 100, 30, "the lobby redrawn at 110 columns")
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True, check=False)


def test_a_login_that_is_also_a_keys_name_is_refused_on_the_socket(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door(keys_lines={me(): keys["ada"]})  # the owner's line names a login
    with pytest.raises(
        HostError, match=f"{me()} is the name of an SSH player of this host as well as a login here"
    ):
        Connection(host.socket)
    done = host.ssh(keys["ada"], "status")
    assert done.returncode == 255
    assert f"this key's name '{me()}' is now also a login of this machine" in done.stderr


def test_the_session_gets_no_environment_from_the_client_but_term_and_lang(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door(keys_lines={"ada": keys["ada"]})
    session = subprocess.Popen(
        host.ssh_args(
            keys["ada"],
            "ada",
            "-tt",
            "-o",
            "SetEnv=LANG=C.UTF-8 EVIL=1 PYTHONSTARTUP=/tmp/x LD_PRELOAD=/tmp/x.so",
        ),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    folder = str(host.folder / "ssh" / "sessions" / "ada")
    try:

        def app_environment() -> dict[str, str] | None:
            for entry in Path("/proc").iterdir():
                if entry.name.isdigit():
                    try:
                        if os.readlink(entry / "cwd") == folder:
                            raw = (entry / "environ").read_bytes()
                            env = dict(
                                item.split("=", 1)
                                for item in raw.decode().split("\0")
                                if "=" in item
                            )
                            # Between fork and exec the child still has the host's
                            # environment: only the app's own (its saves set) counts.
                            if "TUI_GAMES_SAVES" in env:
                                return env
                    except OSError:
                        continue
            return None

        wait_for(lambda: app_environment() is not None, 30, "ada's session app")
        env = app_environment()
        assert env is not None
        assert env["LANG"] == "C.UTF-8"
        assert env["TERM"]
        for name in ("EVIL", "PYTHONSTARTUP", "LD_PRELOAD"):
            assert name not in env
    finally:
        session.kill()
        session.wait(timeout=10)


def test_one_connection_carries_no_more_apps_than_the_per_key_limit(
    door: Callable[..., DoorHost], keys: dict[str, Path], tmp_path: Path
) -> None:
    """OpenSSH's multiplexing opens many sessions on one connection: each app counts."""
    host = door("--max-per-key", "1", keys_lines={"ada": keys["ada"]})
    control = tmp_path / "ctl"
    first = subprocess.Popen(
        host.ssh_args(keys["ada"], "ada", "-tt", "-M", "-S", str(control)),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(lambda: control.exists(), 30, "the master connection")
        wait_for(lambda: (host.folder / "ssh" / "sessions" / "ada").exists(), 30, "ada's first app")
        second = subprocess.run(
            [*host.ssh_args(keys["ada"], "ada", "-tt", "-S", str(control))],
            capture_output=True,
            text=True,
            timeout=30,
            stdin=subprocess.DEVNULL,
        )
        assert (
            "tui-games: ada has 1 sessions on this host already, the most one player "
            "may have: close one first" in second.stdout + second.stderr
        )
    finally:
        first.kill()
        first.wait(timeout=10)


def apps_of(host: DoorHost, name: str) -> list[int]:
    """The session apps of ``name`` (they run in their own folder of the host's)."""
    folder = str(host.folder / "ssh" / "sessions" / name)
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                if os.readlink(entry / "cwd") == folder:
                    pids.append(int(entry.name))
            except OSError:
                continue
    return pids


def test_a_killed_session_app_ends_its_connection_and_nothing_else(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door(keys_lines={"ada": keys["ada"], "bob": keys["bob"]})
    session = subprocess.Popen(
        host.ssh_args(keys["ada"], "ada", "-tt"),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(lambda: apps_of(host, "ada"), 30, "ada's app")
        for pid in apps_of(host, "ada"):
            os.kill(pid, signal.SIGKILL)
        assert session.wait(timeout=30) is not None  # ssh ends with its app
        done = host.ssh(keys["bob"], "status")
        assert done.returncode == 0 and "(bob)" in done.stdout
    finally:
        if session.poll() is None:
            session.kill()
            session.wait()


def test_a_killed_host_leaves_no_session_app_behind(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door(keys_lines={"ada": keys["ada"]})
    session = subprocess.Popen(
        host.ssh_args(keys["ada"], "ada", "-tt"),
        stdin=subprocess.PIPE,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_for(lambda: apps_of(host, "ada"), 30, "ada's app")
        assert host.proc is not None
        host.proc.kill()
        host.proc.wait(timeout=10)
        wait_for(lambda: not apps_of(host, "ada"), 30, "ada's app to end with the host")
        session.wait(timeout=30)
    finally:
        if session.poll() is None:
            session.kill()
            session.wait()


def test_leaving_the_lobby_ends_the_session_with_exit_code_0(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door(keys_lines={"ada": keys["ada"]})
    session = subprocess.Popen(
        host.ssh_args(keys["ada"], "ada", "-tt"),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
    )
    assert session.stdin is not None and session.stdout is not None
    try:
        seen = b""
        os.set_blocking(session.stdout.fileno(), False)

        def lobby_shown() -> bool:
            nonlocal seen
            seen += session.stdout.read() or b""  # type: ignore[union-attr]
            return b"You are ada" in seen

        wait_for(lobby_shown, 30, "ada's lobby")
        session.stdin.write(b"\x1b")
        session.stdin.flush()
        assert session.wait(timeout=30) == 0
        wait_for(lambda: not apps_of(host, "ada"), 10, "ada's app to end")
    finally:
        if session.poll() is None:
            session.kill()
            session.wait()


def test_lines_gives_the_lobby_in_plain_lines_without_a_terminal(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    """`ssh host lines`: a screen reader's or a script's way in. The lobby comes as plain
    lines (no escape, no carriage return, the input not echoed), as the key's player; the
    end of input ends the app and the session."""
    host = door(keys_lines={"ada": keys["ada"]})
    done = subprocess.run(
        [*host.ssh_args(keys["ada"], "ada", "-T"), "lines"],
        input="",
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "The host's games, as ada." in done.stdout, done.stdout
    assert not set(done.stdout) & ({chr(c) for c in range(32)} - {"\n"}), repr(done.stdout)


def test_a_command_beside_lines_is_still_refused(
    door: Callable[..., DoorHost], keys: dict[str, Path]
) -> None:
    host = door(keys_lines={"ada": keys["ada"]})
    done = host.ssh(keys["ada"], "lines", "--socket", "/tmp/x")
    assert done.returncode == 1
    assert "no command 'lines --socket /tmp/x' here" in done.stderr
