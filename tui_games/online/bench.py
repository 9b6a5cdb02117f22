"""Host figures: how fast an action reaches the other players, and what a busy host costs.

    python -m tui_games.online.bench [--actions N] [--json]

Starts a real ``tui-games host`` on a temporary socket and folder, then:

- latency: two clients seated at one two-player game take turns; for every action, the
  time from sending it to the moment the *other* client has read the view that shows it
  (the host plays it through the rules, saves it with fsync, and sends both views);
- load: 20 games at once on the one host, one of them with every seat of the game that
  seats the most taken plus two spectators, the others two-player games; every game is
  played on for a while, then the host's resident memory (VmRSS, and its peak VmHWM) is
  read from /proc, with the action latency measured while all of it runs;
- bots: 8 more games played by hard bots only (every game, 2-3 bots each), and the
  action latency of a pair of players measured while those bots think, with the CPU the
  host's own process used meanwhile (its bots think in worker processes).

The games come from the registry (see ``workload``): a new game joins the figures without
a line here.
"""

from __future__ import annotations

import argparse
import json
import os
import pwd
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec

from tui_games.engine.session import Seat
from tui_games.games import all_games, get_game
from tui_games.online import available
from tui_games.online.client import Connection
from tui_games.online.protocol import Created, CreateGame, Join, Joined, View


def _rss_kib(pid: int) -> dict[str, int]:
    fields: dict[str, int] = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0])
    return fields


def _view_at(conn: Connection, actions: int) -> View:
    while True:
        message = conn.recv(timeout=30)
        if isinstance(message, View) and message.actions >= actions:
            return message


class Table:
    """One game and its clients (seats first, then spectators)."""

    def __init__(self, socket: Path, game: str, seats: int, spectators: int = 0,
                 seed: int = 0) -> None:
        user = pwd.getpwuid(os.getuid()).pw_name
        self.rules = get_game(game).rules
        self.rng = random.Random(seed)
        with Connection(socket) as conn:
            self.game_id = conn.request(
                CreateGame(game=game, seats=[Seat(user)] * seats), Created).game_id
        self.players = [Connection(socket) for _ in range(seats)]
        for seat, conn in enumerate(self.players):
            conn.request(Join(game_id=self.game_id, seat=seat), Joined)
        self.spectators = [Connection(socket) for _ in range(spectators)]
        for conn in self.spectators:
            conn.request(Join(game_id=self.game_id, spectate=True), Joined)
        self.views = [conn.request_view() for conn in self.players]
        self.done = self.views[0].actions

    def step(self) -> float | None:
        """Play one random legal action; the seconds until another client saw it
        (None once the game is over)."""
        mover = self.views[0].to_move
        if mover is None:
            return None
        state = msgspec.json.decode(self.views[mover].state, type=self.rules.state_type)
        action = self.rng.choice(self.rules.legal_actions(state))
        watcher = (mover + 1) % len(self.players)
        started = time.perf_counter()
        self.players[mover].act(action, seen=self.done)
        self.views[watcher] = _view_at(self.players[watcher], self.done + 1)
        took = time.perf_counter() - started
        self.done += 1
        for seat, conn in enumerate(self.players):
            if seat != watcher:
                self.views[seat] = _view_at(conn, self.done)
        for conn in self.spectators:
            _view_at(conn, self.done)
        return took

    def close(self) -> None:
        """Hang up every client."""
        for conn in self.players + self.spectators:
            conn.close()


async def _screen_latency(socket: Path, game: str, actions: int) -> list[float]:
    """Seconds from one client's action to the other player's table having drawn it: a
    real join app (headless, 80x24) plays seat 2 of ``game``; this process plays seat 1."""
    from tui_games.engine.saves import SaveStore
    from tui_games.online.screens import LobbyScreen
    from tui_games.online.table import OnlineTable
    from tui_games.tui.app import GamesApp

    user = pwd.getpwuid(os.getuid()).pw_name
    rules = get_game(game).rules
    drawn: list[tuple[int, float]] = []  # (actions shown, when the frame was drawn)
    show = OnlineTable._online_show

    def timed_show(table: OnlineTable, view: View) -> None:
        show(table, view)
        table.call_after_refresh(lambda: drawn.append((view.actions, time.perf_counter())))

    class BenchApp(GamesApp):
        def get_default_screen(self) -> LobbyScreen:
            return LobbyScreen(socket)

    samples: list[float] = []
    rng = random.Random(1)
    OnlineTable._online_show = timed_show  # type: ignore[method-assign]
    try:
        while len(samples) < actions:
            with Connection(socket) as conn:
                game_id = conn.request(CreateGame(game=game,
                                                  seats=[Seat(user), Seat(user)]),
                                       Created).game_id
                conn.request(Join(game_id=game_id, seat=0), Joined)
                view = conn.request_view()
                app = BenchApp(SaveStore(socket.parent), bot_delay=0)
                async with app.run_test(size=(80, 24)) as pilot:
                    lobby = app.screen
                    assert isinstance(lobby, LobbyScreen)
                    while not any(row.id == game_id for row in lobby._rows):
                        await pilot.pause(0.01)
                    ids = [row.id for row in lobby._rows]
                    lobby.query_one("#lobby-games").highlighted = ids.index(game_id)  # type: ignore[attr-defined]
                    await pilot.press("enter")
                    while not isinstance(app.screen, OnlineTable):
                        await pilot.pause(0.01)
                    table = app.screen
                    while view.to_move is not None and len(samples) < actions:
                        if view.to_move == 0:
                            state = msgspec.json.decode(view.state, type=rules.state_type)
                            started = time.perf_counter()
                            conn.act(rng.choice(rules.legal_actions(state)), seen=view.actions)
                            target = view.actions + 1
                            while not any(n >= target for n, _ in drawn):
                                await pilot.pause(0.001)
                            samples.append(next(t for n, t in drawn if n >= target) - started)
                        else:
                            count = len(table.session.actions)
                            while table._online_sent_at is not None:
                                await pilot.pause(0.001)
                            table.play(rules.legal_actions(table.view())[0])
                            while len(table.session.actions) == count:
                                await pilot.pause(0.001)
                        view = _view_at(conn, len(table.session.actions))
                        drawn.clear()
    finally:
        OnlineTable._online_show = show  # type: ignore[method-assign]
    return samples


BOT_GAMES = 8  # the bot-only games of the "bots" phase


@dataclass(frozen=True)
class Workload:
    """What the figures play: ``pair`` is the two-player game of the timed pairs, ``big``
    the game whose every seat is taken at the big table, ``bots`` the (game, hard bots)
    of the bot-only games."""

    pair: str
    big: str
    bots: list[tuple[str, int]]


def workload() -> Workload:
    """From the registry, in menu order: the first game that seats two is the pairs', the
    one that seats the most is the big table's, and every game with a hard bot plays bots
    only at two seats, then at three where it seats three, BOT_GAMES in all."""
    games = list(all_games().values())
    pair = next(g.id for g in games if 2 in g.players)
    big = max(games, key=lambda g: g.players.stop).id
    hard = [g for g in games if "hard" in g.bots]
    bots = [(g.id, n) for n in (2, 3) for g in hard if n in g.players][:BOT_GAMES]
    return Workload(pair, big, bots)


def _cpu_seconds(pid: int) -> float:
    """User plus system CPU time of process ``pid`` (not of its children)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _bot_load(socket: Path, host_pid: int, work: Workload,
              actions: int) -> dict[str, Any]:
    """Latency of a pair of players while the all-hard-bot games play on the same host."""
    with Connection(socket) as conn:
        for game, bots in work.bots:
            conn.request(CreateGame(game=game, seats=[Seat(f"Bot {i + 1}", "hard")
                                                      for i in range(bots)]), Created)
    pair = Table(socket, work.pair, 2, seed=100)
    tables = [pair]
    samples: list[float] = []
    started, cpu = time.perf_counter(), _cpu_seconds(host_pid)
    try:
        while len(samples) < actions:
            took = pair.step()
            if took is None:
                pair = Table(socket, work.pair, 2, seed=100 + len(tables))
                tables.append(pair)
                continue
            samples.append(took)
            time.sleep(0.02)  # a player's pace: the bots get to think in between
        used = (_cpu_seconds(host_pid) - cpu) / (time.perf_counter() - started)
    finally:
        for table in tables:
            table.close()
    return {"latency": _figures(samples), "host_cpu_percent": round(100 * used, 1)}


def _figures(samples: list[float]) -> dict[str, float]:
    ordered = sorted(samples)
    return {"n": len(ordered), "median_ms": round(1000 * statistics.median(ordered), 2),
            "p95_ms": round(1000 * ordered[int(0.95 * (len(ordered) - 1))], 2),
            "max_ms": round(1000 * ordered[-1], 2)}


def run(actions: int = 200) -> dict[str, Any]:
    """Start a host, measure, stop it; the figures."""
    plan = workload()
    work = Path(tempfile.mkdtemp(prefix="tg-bench-"))
    socket = work / "host.sock"
    host = subprocess.Popen(
        [sys.executable, "-m", "tui_games", "host", "--dir", str(work / "saves"),
         "--socket", str(socket), "--bot-delay", "0",
         # one login plays every seat here: lift the per-login caps a shared host keeps
         "--max-connections", "400", "--max-games", "100"], stderr=subprocess.DEVNULL)
    tables: list[Table] = []
    try:
        deadline = time.monotonic() + 30
        while not available(socket):
            if host.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the host did not start")
            time.sleep(0.02)
        idle = _rss_kib(host.pid)
        import asyncio

        screen = asyncio.run(_screen_latency(socket, plan.pair, max(20, actions // 4)))
        pair = Table(socket, plan.pair, 2)
        tables.append(pair)
        quiet: list[float] = []
        while len(quiet) < actions:
            took = pair.step()
            if took is None:
                pair = Table(socket, plan.pair, 2, seed=len(tables))
                tables.append(pair)
                continue
            quiet.append(took)
        big = Table(socket, plan.big, get_game(plan.big).players.stop - 1, spectators=2)
        tables.append(big)
        while len(tables) < 21:  # the quiet pair's games, the big one and 19 more
            tables.append(Table(socket, plan.pair, 2, seed=len(tables)))
        live = tables[-20:]
        busy: list[float] = []
        for _ in range(max(1, actions // 20)):
            for table in live:
                took = table.step()
                if took is not None:
                    busy.append(took)
        memory = _rss_kib(host.pid)
        bots = _bot_load(socket, host.pid, plan, max(20, actions // 2))
        return {
            "latency_one_game": _figures(quiet),
            "latency_20_games": _figures(busy),
            "latency_to_screen": _figures(screen),
            "games_on_host": len(tables),
            "clients_on_big_game": len(big.players) + len(big.spectators),
            "clients_connected": sum(len(t.players) + len(t.spectators) for t in live),
            "host_rss_idle_mib": round(idle["VmRSS"] / 1024, 1),
            "host_rss_mib": round(memory["VmRSS"] / 1024, 1),
            "host_rss_peak_mib": round(memory["VmHWM"] / 1024, 1),
            "latency_8_hard_bot_games": bots["latency"],
            "host_cpu_percent_8_hard_bot_games": bots["host_cpu_percent"],
        }
    finally:
        for table in tables:
            table.close()
        host.terminate()  # the host stops its bots' workers on the way out
        try:
            host.wait(timeout=10)
        except subprocess.TimeoutExpired:
            host.kill()
            host.wait()
        shutil.rmtree(work, ignore_errors=True)


def main() -> int:
    """The command line."""
    parser = argparse.ArgumentParser(prog="python -m tui_games.online.bench")
    parser.add_argument("--actions", type=int, default=200, help="actions timed per phase")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = run(args.actions)
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        for key, value in figures.items():
            print(f"{key:24} {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
