"""`tui-games bench`: how fast the rules, the bots, the saves and the app are.

Per game: random playouts (a plain legal_actions/apply loop), ISMCTS iterations per
second of the `hard` level, bot decision times per level (median and p95 over decisions
from real bot games; searching levels at their real time budget, or a tiny iteration
budget with --quick), save and load time of a late-game state. For the app: time to first
frame, and CPU time per keypress on a game screen beside an empty Textual app measured in
the same run. Timings are reported, never asserted: tests only check that the report has
its keys.
"""

from __future__ import annotations

import asyncio
import platform
import random
import statistics
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tui_games import __version__
from tui_games.arena import accepts_iterations, make_bot
from tui_games.engine.core import Action, Rules, default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo, all_games

APP_SIZE = (80, 24)
KEY_GAP = 0.02  # seconds between keys: a fast typist, and time to repaint
NAV_KEY = "right"  # moves a selection at most: never plays, saves or leaves the screen


@dataclass(frozen=True)
class Budget:
    """How much to measure: --quick makes every sample small."""

    playouts: int
    decisions: int  # per bot level
    level_seconds: float  # per bot level, a cap for slow (searching) bots
    save_repeats: int
    presses: int
    iterations: int | None = None  # for searching bots; None = the level as players get it
    warm_frame: bool = True  # also time a second opening of each game screen
    search_decisions: int | None = None  # per searching level (None: as ``decisions``)
    search_positions: int = 8  # positions the ISMCTS speed is measured on, per game
    search_seconds: float = 0.5  # ISMCTS search time per position


FULL = Budget(playouts=200, decisions=2000, level_seconds=20.0, save_repeats=20, presses=100)
QUICK = Budget(playouts=5, decisions=40, level_seconds=2.0, save_repeats=2, presses=10,
               iterations=5, warm_frame=False, search_decisions=4, search_positions=2,
               search_seconds=0.05)


def _ms(seconds: float) -> float:
    return round(1000 * seconds, 3)


def _p95(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def random_playouts(rules: Rules[Any, Any], games: int, seed: int = 1) -> dict[str, Any]:
    """Uniformly random games at the fewest seats: games/s and actions/s."""
    rng = random.Random(seed)
    options = default_options(rules)
    actions = 0
    started = time.perf_counter()
    for _ in range(games):
        state = rules.setup(rules.min_players, rng.getrandbits(63), options)
        while rules.to_move(state) is not None:
            rules.apply(state, rng.choice(rules.legal_actions(state)))
            actions += 1
    elapsed = time.perf_counter() - started
    return {"players": rules.min_players, "games": games, "actions": actions,
            "seconds": round(elapsed, 4), "games_per_s": round(games / elapsed, 2),
            "actions_per_s": round(actions / elapsed, 1)}


def bot_timings(info: GameInfo, budget: Budget, seed: int = 2) -> dict[str, Any]:
    """Per level: decision time of bots playing each other (every seat that level)."""
    rules = info.rules
    out: dict[str, Any] = {}
    for level in info.bots:
        rng = random.Random(seed)
        times: list[float] = []
        searches = accepts_iterations(info.bots[level])
        wanted = budget.decisions
        if searches and budget.search_decisions is not None:
            wanted = budget.search_decisions
        deadline = time.perf_counter() + budget.level_seconds
        while len(times) < wanted and time.perf_counter() < deadline:
            bots = [make_bot(info, level, random.Random(rng.getrandbits(63)), budget.iterations)
                    for _ in range(rules.min_players)]
            state = rules.setup(rules.min_players, rng.getrandbits(63), default_options(rules))
            while (seat := rules.to_move(state)) is not None and len(times) < wanted:
                view = rules.observe(state, seat)
                began = time.perf_counter()
                action = bots[seat].choose(view, seat)
                times.append(time.perf_counter() - began)
                rules.apply(state, action)
                if time.perf_counter() > deadline:
                    break
        out[level] = {"decisions": len(times),
                      "iterations": budget.iterations if searches else None,
                      "median_ms": _ms(statistics.median(times)), "p95_ms": _ms(_p95(times)),
                      "max_ms": _ms(max(times))}
    return out


def search_speed(info: GameInfo, budget: Budget, seed: int = 4) -> dict[str, Any] | None:
    """ISMCTS iterations per second of the `hard` level, on positions from random games.

    Every seat count is sampled, at random depths; positions with a single legal action
    (which the bot plays without searching) are skipped. None for a game without `hard`.
    """
    factory = info.bots.get("hard")
    if factory is None or not accepts_iterations(factory):
        return None
    rules = info.rules
    rng = random.Random(seed)
    counts = list(info.players)
    rates: list[float] = []
    while len(rates) < budget.search_positions:
        players = counts[len(rates) % len(counts)]
        state = rules.setup(players, rng.getrandbits(63), default_options(rules))
        for _ in range(rng.randrange(0, 120)):
            if rules.to_move(state) is None:
                break
            rules.apply(state, rng.choice(rules.legal_actions(state)))
        seat = rules.to_move(state)
        if seat is None or len(rules.legal_actions(state)) < 2:
            continue
        bot = factory(rules, random.Random(rng.getrandbits(63)),  # type: ignore[call-arg]
                      seconds=budget.search_seconds)
        bot.choose(rules.observe(state, seat), seat)
        rates.append(bot.last_stats.iterations_per_second)
    return {"positions": len(rates), "seconds_each": budget.search_seconds,
            "median_per_s": round(statistics.median(rates), 1),
            "min_per_s": round(min(rates), 1)}


def late_game(rules: Rules[Any, Any], seed: int = 3) -> Session:
    """A session 90% of the way through a random game (human seats: real undo flags)."""
    rng = random.Random(seed)
    seats = [Seat(f"Player {i + 1}") for i in range(rules.min_players)]
    options = default_options(rules)
    state = rules.setup(len(seats), seed, options)
    actions: list[Action] = []
    while rules.to_move(state) is not None:
        action = rng.choice(rules.legal_actions(state))
        rules.apply(state, action)
        actions.append(action)
    session = Session.new(rules, seats, seed, options)
    for action in actions[: int(0.9 * len(actions))]:
        session.apply(action)
    return session


def save_and_load(info: GameInfo, repeats: int) -> dict[str, Any]:
    """Autosave and load of a late-game session (load includes the full replay check)."""
    session = late_game(info.rules)
    with tempfile.TemporaryDirectory(prefix="tui-games-bench-") as folder:
        store = SaveStore(Path(folder))
        saves, loads = [], []
        for _ in range(repeats):
            began = time.perf_counter()
            path = store.autosave(session)
            saves.append(time.perf_counter() - began)
            began = time.perf_counter()
            store.load(path)
            loads.append(time.perf_counter() - began)
        size = path.stat().st_size
    return {"actions": len(session.actions), "turn": session.turn, "bytes": size,
            "save_ms": _ms(statistics.median(saves)), "load_ms": _ms(statistics.median(loads))}


# ---- the app ---------------------------------------------------------------------------

def _human_first(info: GameInfo, seed: int) -> Session:
    """A new game where the seat to move is the human and every other seat a bot."""
    rules = info.rules
    first = rules.to_move(rules.setup(rules.min_players, seed, default_options(rules)))
    level = next(iter(info.bots))
    seats = [Seat("You") if i == first else Seat(f"Bot {i}", bot=level)
             for i in range(rules.min_players)]
    return Session.new(rules, seats, seed, default_options(rules))


async def _measure(make_app: Any, presses: int,
                   expect: str | None = None) -> tuple[float, float, str]:
    """(first frame seconds, CPU seconds per keypress, name of the screen pressed on).

    Keys go in through the driver, as a terminal's would, with a pause after each for the
    app to handle it and repaint. Pilot.press is not used: it waits on every widget of the
    screen, a cost of the test harness that grows with the widget count. The CPU the app
    burns while idle for as long is measured first and subtracted.

    ``expect`` names the screen class that must be showing (else RuntimeError): a game
    whose screen failed to open must not be reported as if it were measured.
    """
    from textual import events

    started = time.perf_counter()
    app = make_app()
    async with app.run_test(size=APP_SIZE) as pilot:
        first_frame = time.perf_counter() - started
        await pilot.pause()
        await asyncio.sleep(KEY_GAP * 5)  # let start-up timers and animations settle
        screen = type(app.screen).__name__
        if expect is not None and screen != expect:
            raise RuntimeError(f"{expect} did not open ({screen} is showing)")
        cpu = time.process_time()
        await asyncio.sleep(KEY_GAP * presses)
        idle = time.process_time() - cpu
        cpu = time.process_time()
        for _ in range(presses):
            key = events.Key(NAV_KEY, None)
            key.set_sender(app)
            app._driver.send_message(key)
            await asyncio.sleep(KEY_GAP)
        per_press = max(0.0, time.process_time() - cpu - idle) / presses
        screen_after = type(app.screen).__name__
    if screen_after != screen:
        raise RuntimeError(f"pressing {NAV_KEY!r} left {screen} for {screen_after}")
    return first_frame, per_press, screen


async def _app_figures(budget: Budget) -> dict[str, Any]:
    from textual.app import App

    from tui_games.app import GamesApp

    figures: dict[str, Any] = {"available": True, "size": list(APP_SIZE), "key": NAV_KEY,
                               "presses": budget.presses}
    await _measure(App, 1)  # warm-up: the first app of a process pays one-off costs
    first, press, _ = await _measure(App, budget.presses)
    empty_press = press
    figures["empty_app"] = {"first_frame_ms": _ms(first), "cpu_ms_per_key": _ms(press)}
    with tempfile.TemporaryDirectory(prefix="tui-games-bench-") as folder:
        store = SaveStore(Path(folder))
        first, press, screen = await _measure(lambda: GamesApp(store, bot_delay=0),
                                              budget.presses)
        figures["menu"] = {"screen": screen, "first_frame_ms": _ms(first),
                           "cpu_ms_per_key": _ms(press)}
        for info in all_games().values():
            def make(info: GameInfo = info) -> Any:
                return GamesApp(store, session=_human_first(info, 5), bot_delay=0)

            expect = info.screen.rpartition(":")[2]
            try:
                # The first open pays for importing the screen's module, as a player's does.
                cold = (await _measure(make, 1, expect))[0] if budget.warm_frame else None
                first, press, screen = await _measure(make, budget.presses, expect)
            except Exception as exc:  # one broken screen must not hide the others
                figures[info.id] = {"available": False, "reason": f"{type(exc).__name__}: {exc}"}
                continue
            row = {"screen": screen, "first_frame_ms": _ms(first if cold is None else cold),
                   "cpu_ms_per_key": _ms(press),
                   "vs_empty": round(press / max(empty_press, 1e-9), 2)}
            if cold is not None:
                row["warm_first_frame_ms"] = _ms(first)
            figures[info.id] = row
    return figures


def app_figures(budget: Budget) -> dict[str, Any]:
    """The app section; ``available: False`` with the reason if it cannot run."""
    try:
        return asyncio.run(_app_figures(budget))
    except Exception as exc:  # the report must still come out: say why instead
        return {"available": False, "reason": f"{type(exc).__name__}: {exc}"}


def run_bench(quick: bool = False) -> dict[str, Any]:
    """Every figure, as plain data."""
    budget = QUICK if quick else FULL
    report: dict[str, Any] = {
        "version": __version__, "python": platform.python_version(),
        "machine": platform.machine(), "quick": quick, "games": {}}
    for info in all_games().values():
        report["games"][info.id] = {
            "title": info.title,
            "random_playouts": random_playouts(info.rules, budget.playouts),
            "bots": bot_timings(info, budget),
            "ismcts": search_speed(info, budget),
            "saves": save_and_load(info, budget.save_repeats),
        }
    report["app"] = app_figures(budget)
    return report


def format_report(report: dict[str, Any]) -> list[str]:
    """The report as text lines."""
    lines = [f"tui-games {report['version']} bench (python {report['python']}, "
             f"{report['machine']}{', quick' if report['quick'] else ''})"]
    for game_id, game in report["games"].items():
        playouts, saves = game["random_playouts"], game["saves"]
        lines += [
            f"{game['title']} ({game_id})",
            f"  random playouts  {playouts['games_per_s']:>10.1f} games/s "
            f"{playouts['actions_per_s']:>10.0f} actions/s  ({playouts['players']} players)",
        ]
        search = game.get("ismcts")
        if search:
            lines.append(f"  ISMCTS (hard)    median {search['median_per_s']:10.0f} "
                         f"iterations/s, slowest {search['min_per_s']:.0f} "
                         f"({search['positions']} positions)")
        for level, t in game["bots"].items():
            lines.append(f"  bot {level:<12} median {t['median_ms']:8.3f} ms  "
                         f"p95 {t['p95_ms']:8.3f} ms  ({t['decisions']} decisions)")
        lines.append(f"  save {saves['save_ms']:.2f} ms, load {saves['load_ms']:.2f} ms, "
                     f"{saves['bytes']} bytes ({saves['actions']} actions)")
    app = report["app"]
    if not app["available"]:
        lines.append(f"app: unavailable - {app['reason']}")
        return lines
    lines.append(f"app at {app['size'][0]}x{app['size'][1]}, {app['presses']} presses "
                 f"of {app['key']!r}")
    for name, row in app.items():
        if not isinstance(row, dict):
            continue
        if row.get("available") is False:
            lines.append(f"  {name:<16} unavailable - {row['reason']}")
            continue
        extra = f"  ({row['vs_empty']}x empty app)" if "vs_empty" in row else ""
        warm = (f" (again {row['warm_first_frame_ms']:.1f})"
                if "warm_first_frame_ms" in row else "")
        lines.append(f"  {name:<16} first frame {row['first_frame_ms']:8.1f} ms{warm}  "
                     f"CPU/key {row['cpu_ms_per_key']:7.3f} ms{extra}")
    return lines
