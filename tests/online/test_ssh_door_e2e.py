"""End to end through the SSH door: two keys play a whole Neptune game against a bot with
Debian's ``ssh`` in tmux at 80x24, each sees only their own hand, one leaves mid-round,
the game waits for their turn (``ssh ... status`` says whose it is), they come back, and
both see the result."""

from __future__ import annotations

import contextlib
import os
import secrets
import shutil
import subprocess
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from online_helpers import wait_for
from ssh_door_helpers import DoorHost, make_key, needs_ssh, tmux_pane, tmux_session

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
    tmux_session(t.tmux, name, command)


def pane(t: Table, name: str) -> str:
    return tmux_pane(t.tmux, name)


def flat_pane(t: Table, name: str) -> str:
    """The screen's words on one line, so that a sentence wrapped on two is found."""
    return " ".join(pane(t, name).split())


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


def test_two_keys_play_a_whole_neptune_game_over_ssh_and_one_rejoins_mid_round(
    table: Table,
) -> None:
    """Issue 32's "done when": with only a key and ssh, a player plays a whole Neptune game
    against another player and a bot, leaves mid-round, sees (with ``status``) the game
    wait for their turn, comes back and plays to the end; both keys see the result."""
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
    here = set(t.names)  # whose ssh is connected

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

    def step() -> bool:
        """One move of a key's player if it is theirs and their screen is ready (a
        round's summary is closed first); False once the game is over."""
        for name in here:
            if "Enter: next round" in flat_pane(t, name):
                keys(t, name, "Enter")
        count, state = host_state(t)
        if rules.outcome(state) is not None:  # type: ignore[arg-type]
            return False
        mover = rules.to_move(state)  # type: ignore[arg-type]
        if mover in (0, 1) and t.names[mover] in here:
            shown = flat_pane(t, t.names[mover])
            ready = "Enter plays" in shown if state.phase == "play" else "Enter" in shown  # type: ignore[attr-defined]
            if ready and "Enter: next round" not in shown:
                keys(t, t.names[mover], "Enter")
                with contextlib.suppress(AssertionError):  # else the next step looks again
                    wait_for(lambda: host_state(t)[0] > count, 5, "a move")
                return True
        time.sleep(0.05)
        return True

    def play_until(done: Callable[[Any], bool], what: str) -> None:
        deadline = time.monotonic() + 60
        while not done(host_state(t)[1]) and step():
            assert time.monotonic() < deadline, f"the game did not come to {what}:\n" + (
                "\n".join(f"{name}'s screen:\n{pane(t, name)}" for name in sorted(here))
            )

    def status_of(name: str) -> str:
        done = t.host.ssh(t.keys[name], "status", user=name)
        assert done.returncode == 0, done.stderr
        return done.stdout

    def turn_line(seat: int, mover: int) -> str:
        other = t.names[1 - seat]
        if mover == seat:
            return f"Your turn: Neptune with {other} and a bot"
        if mover == 2:
            return f"A bot's turn: Neptune with {other} and a bot"
        return f"{other[0].upper()}{other[1:]}'s turn: Neptune with {other} and a bot"

    own_hand_only()
    play_until(lambda s: len(s.hands[0]) <= 10, "round 1's fourth trick")
    own_hand_only()
    mover = rules.to_move(host_state(t)[1])  # type: ignore[arg-type]
    assert mover is not None
    for seat, name in enumerate(t.names):
        assert status_of(name).startswith(turn_line(seat, mover))

    # The first key's connection goes away mid-round (not on its turn): its app ends.
    leaver, stayer = t.names
    play_until(lambda s: rules.to_move(s) != 0, "a turn not the leaver's")
    subprocess.run([*t.tmux, "kill-session", "-t", leaver], check=True, timeout=30)
    here.discard(leaver)
    wait_for(lambda: not sessions_of(t, leaver), SCREEN, f"{leaver}'s session to end")
    # The others play on until it is the leaver's turn: then the game waits for them.
    play_until(lambda s: rules.to_move(s) == 0, "the leaver's turn")
    waiting = host_state(t)[0]
    wait_for(
        lambda: f"Waiting for {leaver} (not connected: the game waits for them)" in pane(t, stayer),
        SCREEN,
        f"{stayer}'s table saying it waits for {leaver}:\n{pane(t, stayer)}",
    )
    assert status_of(leaver).startswith(f"{turn_line(0, 0)}, waiting ")
    assert status_of(stayer).startswith(turn_line(1, 0))
    assert host_state(t)[0] == waiting  # nobody played the leaver's card
    login(t, leaver)
    wait_for(
        lambda: "back to your seat" in pane(t, leaver),
        SCREEN,
        f"{leaver}'s lobby offering the table:\n{pane(t, leaver)}",
    )
    assert "Your finished games here: none yet." in flat_pane(t, leaver)  # no shell command
    keys(t, leaver, "Enter")
    here.add(leaver)
    wait_for(
        lambda: "Enter plays" in " ".join(pane(t, leaver).split()),
        SCREEN,
        f"{leaver} back at the table",
    )
    own_hand_only()

    play_until(lambda s: False, "its end")
    outcome = rules.outcome(host_state(t)[1])  # type: ignore[arg-type]
    assert outcome is not None
    for seat, name in enumerate(t.names):
        won = "You win!" if outcome.winners == [seat] else None
        wait_for(
            lambda n=name: "Game over - Neptune" in pane(t, n),
            SCREEN,
            f"{name}'s result:\n{pane(t, name)}",
        )
        if won:
            assert won in pane(t, name), pane(t, name)
