"""End to end over real OpenSSH: two local logins play Neptune through `tui-games join`.

A private sshd on a free loopback port (its own config, host key and authorized keys; no
PAM), two throwaway users in the host's group, a host on a socket they may use, and each
user's `ssh -t ... tui-games join` in a tmux window of 80x24. They play tricks against a bot,
each sees only their own hand, and one leaves mid-round and comes back.

The program runs from an install every login can read: a venv under /opt made from the
system python (as the README says), whose site-packages point at this environment's
dependencies and a copy of the package. Needs root (useradd, sshd); skips, saying why, where
sshd, ssh, tmux or useradd are missing or the user is not root.
"""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import socket
import stat
import subprocess
import sys
import sysconfig
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

import tui_games
from tui_games.engine.session import Seat
from tui_games.games import get_game
from tui_games.games.neptune.state import card_short
from tui_games.online.client import Connection
from tui_games.online.protocol import Created, CreateGame, GameList, ListGames
from tui_games.tui.paths import styles_dir

SSHD = "/usr/sbin/sshd"
TIMEOUT = 20.0  # seconds for any one screen to show up: generous, two cores are shared


def _why_not() -> str | None:
    if os.geteuid() != 0:
        return "not root: useradd and a private sshd need root"
    missing = [name for name in ("ssh", "ssh-keygen", "tmux", "useradd", "userdel", "groupadd")
               if shutil.which(name) is None]
    if not os.access(SSHD, os.X_OK):
        missing.insert(0, "sshd")
    if missing:
        return (f"no {', '.join(missing)}: apt-get install openssh-server openssh-client tmux "
                "(.ci/run does)")
    return None


pytestmark = pytest.mark.skipif(_why_not() is not None, reason=_why_not() or "")


def run(*args: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, check=check, capture_output=True, text=True, timeout=60)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def wait_for(condition: Callable[[], object], what: str, timeout: float = TIMEOUT,
             show: Callable[[], str] | None = None) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            detail = f"\n{show()}" if show is not None else ""
            raise AssertionError(f"timed out waiting for {what}{detail}")
        time.sleep(0.1)


def readable_by_all(path: Path) -> bool:
    """Every folder from / to ``path`` lets others in (the trap: a python under /root)."""
    return all(part.stat().st_mode & stat.S_IXOTH for part in [path, *path.parents])


@dataclass
class World:
    """What the fixture made: the shared python, the socket, the users and their keys."""

    root: Path
    python: str
    socket: Path
    port: int
    users: list[str]
    key: Path
    tmux: list[str]


def shared_install(folder: Path) -> str:
    """A venv under ``folder`` (in /opt) from the system python, readable by every login."""
    system = shutil.which("python3", path="/usr/bin:/bin")
    here = sysconfig.get_paths()["purelib"]
    version = f"{sys.version_info.major}.{sys.version_info.minor}"
    if system is None or run(system, "-c", "import sys; print(sys.version_info[:2])")\
            .stdout.strip() != str(sys.version_info[:2]):
        pytest.skip(f"no system python {version} to make a venv every user can run")
    run(system, "-m", "venv", "--without-pip", str(folder))
    site = Path(sysconfig.get_paths(vars={"base": str(folder), "platbase": str(folder)})
                ["purelib"])
    shutil.copytree(Path(tui_games.__file__).parent, site / "tui_games",
                    ignore=shutil.ignore_patterns("__pycache__"), dirs_exist_ok=True)
    shutil.copytree(styles_dir(), site / "tui_games" / "styles", dirs_exist_ok=True)  # as a wheel
    deps = Path(here)
    if not readable_by_all(deps):  # this environment is private: copy what it has
        deps = folder / "deps"
        shutil.copytree(here, deps, ignore=shutil.ignore_patterns("tui_games*", "__pycache__"))
    (site / "tui-games-deps.pth").write_text(f"{deps}\n")
    for path in [folder, *folder.rglob("*")]:
        path.chmod(path.stat().st_mode | stat.S_IROTH | (stat.S_IXOTH if path.is_dir() else 0))
    return str(folder / "bin" / "python")


@pytest.fixture(scope="module")
def world() -> Iterator[World]:
    tag = secrets.token_hex(3)
    group, users = f"tge{tag}", [f"tga{tag}", f"tgb{tag}"]
    root = Path(tempfile.mkdtemp(prefix=f"tui-games-e2e-{tag}-", dir="/opt"))
    root.chmod(0o755)
    made_users: list[str] = []
    made_group = False
    sshd: subprocess.Popen[bytes] | None = None
    host: subprocess.Popen[bytes] | None = None
    tmux = ["tmux", "-L", f"tge{tag}", "-f", "/dev/null"]
    try:
        python = shared_install(root / "venv")
        run("groupadd", group)
        made_group = True
        keys = root / "keys"
        keys.mkdir(mode=0o755)
        key = root / "id_ed25519"
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(key))
        run("ssh-keygen", "-q", "-t", "ed25519", "-N", "", "-f", str(root / "host_key"))
        for user in users:
            run("useradd", "-m", "-d", str(root / "home" / user), "-s", "/bin/sh", "-G", group,
                user)
            made_users.append(user)
            run("usermod", "-p", "*", user)  # no password, and not locked: key logins only
            (keys / user).write_text((root / "id_ed25519.pub").read_text())
            (keys / user).chmod(0o644)
        port = free_port()
        config = root / "sshd_config"
        config.write_text("\n".join([
            f"Port {port}", "ListenAddress 127.0.0.1", f"HostKey {root / 'host_key'}",
            f"AuthorizedKeysFile {keys}/%u", f"PidFile {root / 'sshd.pid'}",
            "UsePAM no", "PasswordAuthentication no", "KbdInteractiveAuthentication no",
            "StrictModes no", f"AllowUsers {' '.join(users)}", "LogLevel ERROR",
            "PrintMotd no", "PrintLastLog no", ""]))
        Path("/run/sshd").mkdir(mode=0o755, exist_ok=True)  # its privilege separation folder
        sshd = subprocess.Popen([SSHD, "-D", "-e", "-f", str(config)],
                                stderr=subprocess.PIPE)
        wait_for(lambda: _listening(port) or sshd.poll() is not None, "sshd to listen")
        assert sshd.poll() is None, f"sshd exited: {sshd.stderr.read().decode()}"  # type: ignore[union-attr]
        run_dir = root / "run"
        run_dir.mkdir(mode=0o755)
        sock = run_dir / "host.sock"
        host = subprocess.Popen(
            [python, "-m", "tui_games", "host", "--dir", str(root / "saves"), "--socket",
             str(sock), "--group", group, "--bot-delay", "0"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=root)
        wait_for(lambda: sock.exists() or host.poll() is not None, "the host to listen")
        assert host.poll() is None, f"the host exited: {host.stderr.read().decode()}"  # type: ignore[union-attr]
        yield World(root, python, sock, port, users, key, tmux)
    finally:
        run(*tmux, "kill-server", check=False)
        for proc in (host, sshd):
            if proc is not None and proc.poll() is None:
                proc.terminate()
                with contextlib.suppress(subprocess.TimeoutExpired):
                    proc.wait(timeout=10)
            if proc is not None and proc.poll() is None:
                proc.kill()
                proc.wait()
            if proc is not None and proc.stderr is not None:
                proc.stderr.close()
        for user in made_users:
            run("pkill", "-KILL", "-u", user, check=False)  # what their logins left
            run("userdel", "-r", user, check=False)
        if made_group:
            run("groupdel", group, check=False)
        shutil.rmtree(root, ignore_errors=True)


def _listening(port: int) -> bool:
    with socket.socket() as probe:
        return probe.connect_ex(("127.0.0.1", port)) == 0


def words_of(text: str) -> set[str]:
    """The words of a screen, a card's label ("[R4 (7)]" under the cursor) as "R4"."""
    for mark in "()[]·":
        text = text.replace(mark, " ")
    return set(text.split())


def pane(world: World, user: str) -> str:
    return run(*world.tmux, "capture-pane", "-p", "-t", user, check=False).stdout


def login(world: World, user: str) -> None:
    """``ssh -t user@127.0.0.1 <python> -m tui_games join`` in a tmux window of 80x24."""
    command = (f"ssh -t -p {world.port} -i {world.key} -o StrictHostKeyChecking=no "
               f"-o UserKnownHostsFile=/dev/null -o LogLevel=ERROR {user}@127.0.0.1 "
               f"TERM=xterm-256color {world.python} -m tui_games join --socket {world.socket}")
    run(*world.tmux, "new-session", "-d", "-s", user, "-x", "80", "-y", "24", command)


def keys(world: World, user: str, *names: str) -> None:
    run(*world.tmux, "send-keys", "-t", user, *names)


def host_state(world: World, game_id: str) -> tuple[int, object]:
    """The game's true state, read from the host's save (the test is root)."""
    rules = get_game("neptune").rules
    from tui_games.engine.saves import SaveStore

    for path in (world.root / "saves").rglob("*.json"):
        with contextlib.suppress(Exception):
            session = SaveStore(path.parent).load(str(path))
            if game_id in path.name or getattr(session, "save_id", None) == game_id:
                return len(session.actions), session.state
    raise AssertionError(f"no save of {game_id} under {world.root / 'saves'}: {rules.id}")


def test_two_logins_play_neptune_over_ssh_and_one_rejoins(world: World) -> None:
    ada, bob = world.users
    with Connection(world.socket) as conn:  # root sets the table up for them
        game_id = conn.request(CreateGame(game="neptune", seats=[
            Seat(ada), Seat(bob), Seat("Bot 3", "normal")]), Created).game_id
        assert any(row.id == game_id for row in conn.request(ListGames(), GameList).games)
    for user in (ada, bob):
        login(world, user)
    for user in (ada, bob):
        wait_for(lambda u=user: "Neptune" in pane(world, u) and u in pane(world, u),
                 f"{user}'s lobby", show=lambda u=user: pane(world, u))
        keys(world, user, "Enter")
        wait_for(lambda u=user: "Round 1 of" in pane(world, u), f"{user}'s table",
                 show=lambda u=user: pane(world, u))

    def own_hand_only() -> None:
        for seat, user in enumerate((ada, bob)):
            def shows_own_hand(seat: int = seat, user: str = user) -> bool:
                hands = host_state(world, game_id)[1].hands  # type: ignore[attr-defined]
                words = words_of(pane(world, user))
                other = {card_short(c) for c in hands[1 - seat] if c < 30}
                assert not words & other, (
                    f"{user} sees a card of the other player's hand:\n{pane(world, user)}")
                return {card_short(c) for c in hands[seat]} <= words

            wait_for(shows_own_hand, f"{user}'s own hand on their screen",
                     show=lambda u=user: pane(world, u))

    def turn_marker_shown() -> None:
        """Mid-trick with a login to move: both trick boxes mark them (issue 18 saw
        "bo  ·" on both screens after a human's card passed the turn to the other)."""
        state = host_state(world, game_id)[1]
        mover = get_game("neptune").rules.to_move(state)  # type: ignore[arg-type]
        if mover not in (0, 1) or state.phase != "play" or not state.trick:  # type: ignore[attr-defined]
            return
        for user in (ada, bob):
            wait_for(lambda u=user, m=mover: any(
                world.users[m] in line and "▸ to play" in line
                for line in pane(world, u).splitlines()), f"{user}'s trick box to mark the mover",
                show=lambda u=user: pane(world, u))

    def play(plays: int) -> None:
        start = host_state(world, game_id)[0]
        deadline = time.monotonic() + 240
        while host_state(world, game_id)[0] < start + plays:
            assert time.monotonic() < deadline, "the game did not move on"
            state = host_state(world, game_id)[1]
            mover = get_game("neptune").rules.to_move(state)  # type: ignore[arg-type]
            # The screen's words on one line: the status line may wrap "Enter plays".
            shown = " ".join(pane(world, world.users[mover]).split()) if mover in (0, 1) else ""
            if mover in (0, 1) and "Enter plays" in shown:
                before = host_state(world, game_id)[0]
                keys(world, world.users[mover], "Enter")
                wait_for(lambda b=before: host_state(world, game_id)[0] > b, "a card played",
                         show=lambda m=mover: pane(world, world.users[m]))
                turn_marker_shown()
            time.sleep(0.1)

    own_hand_only()
    play(4)
    own_hand_only()
    # Ada's terminal goes away mid-round; bob's table says she is not connected.
    run(*world.tmux, "kill-session", "-t", ada)
    wait_for(lambda: run("pgrep", "-u", ada, "-f", "tui_games join", check=False).returncode,
             "ada's join client to end with its terminal")
    login(world, ada)
    wait_for(lambda: "back to your seat" in pane(world, ada), "ada's lobby offering her table",
             show=lambda: pane(world, ada))
    keys(world, ada, "Enter")
    wait_for(lambda: "Round 1 of" in pane(world, ada), "ada back at her table",
             show=lambda: pane(world, ada))
    play(3)
    own_hand_only()
