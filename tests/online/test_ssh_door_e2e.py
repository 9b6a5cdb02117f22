"""End to end through the SSH door: two keys play Neptune against a bot with Debian's
``ssh`` in tmux at 80x24, each sees only their own hand, one leaves mid-round and comes
back, and ``ssh ... status`` names the player to move."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import subprocess
import tempfile
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from online_helpers import wait_for
from ssh_door_helpers import DoorHost, make_key, needs_ssh, tmux_pane

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat
from tui_games.games import get_game
from tui_games.games.neptune.state import card_short
from tui_games.online.client import Connection
from tui_games.online.protocol import Created, CreateGame

pytestmark = needs_ssh
SCREEN = 30.0  # seconds for a screen to show: two shared cores, a Textual app per session


@dataclass
class Table:
    host: DoorHost
    names: list[str]
    keys: dict[str, Path]
    tmux: list[str]
    game_id: str


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    tag = secrets.token_hex(2)
    names = [f"ka{tag}", f"kb{tag}"]
    short = Path(tempfile.mkdtemp(prefix="tge-"))
    keys = {name: make_key(tmp_path, name) for name in names}
    host = DoorHost(tmp_path / "saves", short / "h.sock")
    for name in names:
        host.add_key(name, keys[name])
    tmux = ["tmux", "-L", f"tgd{tag}", "-f", "/dev/null"]
    try:
        host.start()
        with Connection(host.socket) as conn:  # the host's owner sets the table
            game_id = conn.request(
                CreateGame(
                    game="neptune", seats=[Seat(names[0]), Seat(names[1]), Seat("", "normal")]
                ),
                Created,
            ).game_id
        yield Table(host, names, keys, tmux, game_id)
    finally:
        subprocess.run([*tmux, "kill-server"], capture_output=True, check=False)
        host.stop()
        shutil.rmtree(short, ignore_errors=True)


def login(t: Table, name: str) -> None:
    command = " ".join(t.host.ssh_args(t.keys[name], name, "-tt", "-o", "LogLevel=ERROR"))
    subprocess.run(
        [
            *t.tmux,
            "new-session",
            "-d",
            "-s",
            name,
            "-x",
            "80",
            "-y",
            "24",
            "-e",
            "TERM=xterm-256color",
            command,
        ],
        check=True,
        timeout=30,
    )


def pane(t: Table, name: str) -> str:
    return tmux_pane(t.tmux, name)


def keys(t: Table, name: str, *typed: str) -> None:
    subprocess.run([*t.tmux, "send-keys", "-t", name, *typed], check=True, timeout=30)


def host_state(t: Table) -> tuple[int, object]:
    """How many actions the game has, and its true state, from the host's save."""
    session = SaveStore(t.host.folder).load(str(t.host.folder / f"{t.game_id}.json"))
    return len(session.actions), session.state


def sessions_of(t: Table, name: str) -> list[int]:
    """The session processes of ``name`` (they run in their own folder of the host's)."""
    folder = str(t.host.folder / "ssh" / "sessions" / name)
    pids = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError):
                if os.readlink(entry / "cwd") == folder:
                    pids.append(int(entry.name))
    return pids


def words_of(text: str) -> set[str]:
    for mark in "()[]·":
        text = text.replace(mark, " ")
    return set(text.split())


def test_two_keys_play_neptune_over_ssh_and_one_rejoins_mid_round(table: Table) -> None:
    t = table
    rules = get_game("neptune").rules
    for name in t.names:
        login(t, name)
    for name in t.names:
        wait_for(
            lambda n=name: "Neptune" in pane(t, n) and f"You are {n}" in pane(t, n),
            SCREEN,
            f"{name}'s lobby:\n{pane(t, name)}",
        )
        keys(t, name, "Enter")
        wait_for(lambda n=name: "Round 1 of" in pane(t, n), SCREEN, f"{name}'s table")

    def own_hand_only() -> None:
        for seat, name in enumerate(t.names):

            def shows_own_hand(seat: int = seat, name: str = name) -> bool:
                hands = host_state(t)[1].hands  # type: ignore[attr-defined]
                words = words_of(pane(t, name))
                other = {card_short(c) for c in hands[1 - seat] if c < 30}
                assert not words & other, (
                    f"{name} sees a card of the other player's hand:\n{pane(t, name)}"
                )
                return {card_short(c) for c in hands[seat]} <= words

            wait_for(shows_own_hand, SCREEN, f"{name}'s own hand on their screen")

    def play(plays: int) -> None:
        start = host_state(t)[0]
        deadline = time.monotonic() + 240
        while host_state(t)[0] < start + plays:
            assert time.monotonic() < deadline, "the game did not move on"
            mover = rules.to_move(host_state(t)[1])  # type: ignore[arg-type]
            if mover in (0, 1) and "Enter plays" in pane(t, t.names[mover]):
                before = host_state(t)[0]
                keys(t, t.names[mover], "Enter")
                wait_for(lambda b=before: host_state(t)[0] > b, SCREEN, "a card played")
            time.sleep(0.1)

    def status_names_the_mover() -> None:
        mover = rules.to_move(host_state(t)[1])  # type: ignore[arg-type]
        assert mover is not None
        for seat, name in enumerate(t.names):
            done = t.host.ssh(t.keys[name], "status", user=name)
            assert done.returncode == 0, done.stderr
            other = t.names[1 - seat]
            expected = (
                "Your turn"
                if mover == seat
                else "A bot's turn"
                if mover == 2
                else f"{other[0].upper()}{other[1:]}'s turn"
            )
            assert done.stdout.startswith(f"{expected}: Neptune with {other} and a bot"), (
                done.stdout
            )

    own_hand_only()
    play(4)
    own_hand_only()
    status_names_the_mover()
    # The first key's connection goes away mid-round: its app ends with it.
    leaver = t.names[0]
    assert sessions_of(t, leaver)
    subprocess.run([*t.tmux, "kill-session", "-t", leaver], check=True, timeout=30)
    wait_for(lambda: not sessions_of(t, leaver), SCREEN, f"{leaver}'s session to end")
    login(t, leaver)
    wait_for(
        lambda: "back to your seat" in pane(t, leaver),
        SCREEN,
        f"{leaver}'s lobby offering the table:\n{pane(t, leaver)}",
    )
    keys(t, leaver, "Enter")
    wait_for(lambda: "Round 1 of" in pane(t, leaver), SCREEN, f"{leaver} back at the table")
    play(3)
    own_hand_only()
    status_names_the_mover()
