"""`tui-games bench`: how fast the rules, the bots, the saves and the app are.

Per game: random playouts (a plain legal_actions/apply loop; beside OpenSpiel's gin_rummy
when ``pyspiel`` is installed, as a ratio of actions per second by wall and by CPU time,
the median of rounds that play gin_rummy right after ours),
ISMCTS iterations per second of the `hard` level, the
time of a hint (H, median and max), bot times per level (median and p95 per decision and
per whole bot turn, over real bot games; searching levels at their real time budget, or a
tiny iteration budget with --quick), save and load time of a late-game state. For the
app (tui_games.tools.bench_app): time to first frame, CPU per key in-process, and each game
screen's script of phase-changing keys (declared by the game: GameInfo.bench_keys)
replayed through a real pseudo-terminal (tui_games.tools.bench_pty): key to first frame
(median, p95), bytes written per key, key to a dialog's frame, and opening the table
from the menu. Timings are reported, never asserted: tests only check that the report
has its keys. No game is named here.
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
from tui_games.engine.bots.hint import hint_bot, suggest
from tui_games.engine.core import Action, Rules, default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo, all_games
from tui_games.tools.arena import accepts_iterations, make_bot
from tui_games.tools.bench_app import app_figures, key_lines
from tui_games.tools.bench_pty import ms, p95


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
    phase_presses: int = 80  # phase-changing keys per game screen (in-process)
    pty_presses: int = 40  # of those, replayed through a real pty (key to frame)
    pty_cursor: int = 10  # cursor keys through the pty
    cursor_presses: int = 30  # cursor keys measured one by one like the phase keys
    menu_opens: int = 6  # game tables opened from the menu through the pty (c, then Esc)


FULL = Budget(playouts=200, decisions=2000, level_seconds=20.0, save_repeats=20, presses=100)
QUICK = Budget(playouts=5, decisions=40, level_seconds=2.0, save_repeats=2, presses=10,
               iterations=5, warm_frame=False, search_decisions=4, search_positions=2,
               search_seconds=0.05, phase_presses=8, pty_presses=8, pty_cursor=2,
               cursor_presses=4, menu_opens=2)


def random_playouts(rules: Rules[Any, Any], games: int, seed: int = 1) -> dict[str, Any]:
    """Uniformly random games at the fewest seats: games/s and actions/s."""
    rng = random.Random(seed)
    options = default_options(rules)
    actions = 0
    started, cpu = time.perf_counter(), time.process_time()
    for _ in range(games):
        state = rules.setup(rules.min_players, rng.getrandbits(63), options)
        while rules.to_move(state) is not None:
            rules.apply(state, rng.choice(rules.legal_actions(state)))
            actions += 1
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    return {"players": rules.min_players, "games": games, "actions": actions,
            "seconds": round(elapsed, 4), "cpu_seconds": round(cpu, 4),
            "games_per_s": round(games / elapsed, 2),
            "actions_per_s": round(actions / elapsed, 1)}


REFERENCE_GAME = "gin_rummy"  # OpenSpiel's: a yardstick for random playouts, if installed


def openspiel_playouts(games: int, seed: int = 1) -> dict[str, Any] | None:
    """Random playouts of OpenSpiel's gin_rummy, when ``pyspiel`` is importable (an
    optional extra, never required): games/s and actions/s; None without it."""
    try:
        import pyspiel  # type: ignore[import-not-found]
    except ImportError:
        return None
    game = pyspiel.load_game(REFERENCE_GAME)
    rng = random.Random(seed)
    actions = 0
    started, cpu = time.perf_counter(), time.process_time()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
    return {"game": REFERENCE_GAME, "games": games, "actions": actions,
            "cpu_seconds": round(cpu, 4),
            "games_per_s": round(games / elapsed, 2),
            "actions_per_s": round(actions / elapsed, 1)}


def yardstick(playouts: dict[str, Any], reference: dict[str, Any]) -> dict[str, float]:
    """Random playouts against gin_rummy's: ``vs_openspiel`` by wall-clock time and
    ``vs_openspiel_cpu`` by CPU time, both in actions per second. Actions, not games:
    games differ in length (a Nebular Colors game is three gin_rummy games long). CPU
    time too: on a busy machine the wall-clock ratio swings with whatever else ran."""
    ours_cpu = playouts["actions"] / max(playouts["cpu_seconds"], 1e-9)
    theirs_cpu = reference["actions"] / max(reference["cpu_seconds"], 1e-9)
    return {"vs_openspiel": round(playouts["actions_per_s"]
                                  / max(reference["actions_per_s"], 1e-9), 3),
            "vs_openspiel_cpu": round(ours_cpu / theirs_cpu, 3)}


PAIRED_ROUNDS = 3  # the yardstick's rounds: ours, then gin_rummy's, right after
PAIRED_SEED = 1_000  # the rounds' first seed (the main run's games start at seed 1)


def paired_yardstick(rules: Rules[Any, Any], games: int,
                     rounds: int = PAIRED_ROUNDS) -> dict[str, float] | None:
    """The yardstick measured in rounds that each play our games and then gin_rummy's at
    once, so both sides of a ratio share the machine's load of that moment; the median
    round's ratio (by wall and by CPU time). A gin_rummy figure from minutes earlier, as
    one reference for every game, swung a ratio by 0.2 on a busy machine. None without
    open_spiel."""
    each = max(1, games // rounds)
    walls: list[float] = []
    cpus: list[float] = []
    for r in range(rounds):
        # seeds of their own: games the main run played already would meet its memos
        ours = random_playouts(rules, each, seed=PAIRED_SEED + r)
        theirs = openspiel_playouts(each, seed=PAIRED_SEED + r)
        if theirs is None:
            return None
        ratio = yardstick(ours, theirs)
        walls.append(ratio["vs_openspiel"])
        cpus.append(ratio["vs_openspiel_cpu"])
    return {"vs_openspiel": statistics.median(walls),
            "vs_openspiel_cpu": statistics.median(cpus),
            "vs_openspiel_rounds": rounds}


def bot_timings(info: GameInfo, budget: Budget, seed: int = 2) -> dict[str, Any]:
    """Per level: decision time of bots playing each other (every seat that level).

    At two seats for a game that can be played alone: a whole bot turn is what a player
    waits for, and a solo game has no bot turns to wait for (its one seat's decisions in
    a row would be the whole game)."""
    rules = info.rules
    seats = min(max(rules.min_players, 2), rules.max_players)
    out: dict[str, Any] = {}
    for level in info.bots:
        rng = random.Random(seed)
        times: list[float] = []
        turns: list[float] = []  # a whole bot turn: the same seat's decisions in a row
        searches = accepts_iterations(info.bots[level])
        wanted = budget.decisions
        if searches and budget.search_decisions is not None:
            wanted = budget.search_decisions
        deadline = time.perf_counter() + budget.level_seconds
        while len(times) < wanted and time.perf_counter() < deadline:
            bots = [make_bot(info, level, random.Random(rng.getrandbits(63)), budget.iterations)
                    for _ in range(seats)]
            state = rules.setup(seats, rng.getrandbits(63), default_options(rules))
            last_seat: int | None = None
            while (seat := rules.to_move(state)) is not None and len(times) < wanted:
                view = rules.observe(state, seat)
                began = time.perf_counter()
                action = bots[seat].choose(view, seat)
                times.append(time.perf_counter() - began)
                if seat == last_seat:
                    turns[-1] += times[-1]
                else:
                    turns.append(times[-1])
                last_seat = seat
                rules.apply(state, action)
                if time.perf_counter() > deadline:
                    break
        out[level] = {"decisions": len(times), "players": seats,
                      "iterations": budget.iterations if searches else None,
                      "median_ms": ms(statistics.median(times)), "p95_ms": ms(p95(times)),
                      "max_ms": ms(max(times)), "turns": len(turns),
                      "turn_median_ms": ms(statistics.median(turns)),
                      "turn_p95_ms": ms(p95(turns))}
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


def hint_times(info: GameInfo, budget: Budget, seed: int = 5) -> dict[str, Any] | None:
    """A hint's time (what H costs at the table: the `hard` bot's HINT_SECONDS decision
    and the figures of its reason), on positions from random games with a choice to
    make; with --quick, a tiny iteration budget. None for a game without `hard`."""
    factory = info.bots.get("hard")
    if factory is None:
        return None
    rules = info.rules
    rng = random.Random(seed)
    counts = list(info.players)
    times: list[float] = []
    while len(times) < budget.search_positions:
        state = rules.setup(counts[len(times) % len(counts)], rng.getrandbits(63),
                            default_options(rules))
        for _ in range(rng.randrange(0, 120)):
            if rules.to_move(state) is None:
                break
            rules.apply(state, rng.choice(rules.legal_actions(state)))
        seat = rules.to_move(state)
        if seat is None or len(rules.legal_actions(state)) < 2:
            continue
        began = time.perf_counter()
        bot = hint_bot(factory, rules, random.Random(rng.getrandbits(63)),
                       iterations=budget.iterations)
        suggest(bot, rules, rules.observe(state, seat), seat)
        times.append(time.perf_counter() - began)
    return {"positions": len(times), "median_ms": ms(statistics.median(times)),
            "max_ms": ms(max(times))}


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
            "save_ms": ms(statistics.median(saves)), "load_ms": ms(statistics.median(loads))}


def run_bench(quick: bool = False, game_ids: list[str] | None = None) -> dict[str, Any]:
    """Every figure, as plain data: of every game, or of ``game_ids``."""
    budget = QUICK if quick else FULL
    games = [info for info in all_games().values()
             if game_ids is None or info.id in game_ids]
    report: dict[str, Any] = {
        "version": __version__, "python": platform.python_version(),
        "machine": platform.machine(), "quick": quick, "games": {}}
    reference = openspiel_playouts(budget.playouts)
    if reference is not None:
        report["openspiel"] = reference
    for info in games:
        playouts = random_playouts(info.rules, budget.playouts)
        if reference is not None:
            paired = paired_yardstick(info.rules, budget.playouts)
            playouts.update(paired if paired is not None else yardstick(playouts, reference))
        report["games"][info.id] = {
            "title": info.title,
            "random_playouts": playouts,
            "bots": bot_timings(info, budget),
            "ismcts": search_speed(info, budget),
            "hints": hint_times(info, budget),
            "saves": save_and_load(info, budget.save_repeats),
        }
    report["app"] = app_figures(budget, games)
    return report


def format_report(report: dict[str, Any]) -> list[str]:
    """The report as text lines."""
    lines = [f"tui-games {report['version']} bench (python {report['python']}, "
             f"{report['machine']}{', quick' if report['quick'] else ''})"]
    reference = report.get("openspiel")
    if reference:
        lines.append(f"OpenSpiel {reference['game']} random playouts "
                     f"{reference['games_per_s']:.1f} games/s "
                     f"{reference['actions_per_s']:.0f} actions/s (the yardstick)")
    for game_id, game in report["games"].items():
        playouts, saves = game["random_playouts"], game["saves"]
        lines += [
            f"{game['title']} ({game_id})",
            f"  random playouts  {playouts['games_per_s']:>10.1f} games/s "
            f"{playouts['actions_per_s']:>10.0f} actions/s  ({playouts['players']} players)"
            + (f"  {playouts['vs_openspiel']}x OpenSpiel's (CPU time "
               f"{playouts['vs_openspiel_cpu']}x"
               + (f", median of {playouts['vs_openspiel_rounds']} paired rounds"
                  if "vs_openspiel_rounds" in playouts else "") + ")"
               if "vs_openspiel" in playouts else ""),
        ]
        search = game.get("ismcts")
        if search:
            lines.append(f"  ISMCTS (hard)    median {search['median_per_s']:10.0f} "
                         f"iterations/s, slowest {search['min_per_s']:.0f} "
                         f"({search['positions']} positions)")
        hints = game.get("hints")
        if hints:
            lines.append(f"  hint (H)         median {hints['median_ms']:8.1f} ms  "
                         f"max {hints['max_ms']:8.1f} ms  ({hints['positions']} positions)")
        for level, t in game["bots"].items():
            lines.append(f"  bot {level:<12} median {t['median_ms']:8.3f} ms  "
                         f"p95 {t['p95_ms']:8.3f} ms  ({t['decisions']} decisions)  "
                         f"turn median {t['turn_median_ms']:.3f} p95 {t['turn_p95_ms']:.3f} ms "
                         f"({t['turns']} turns)")
        lines.append(f"  save {saves['save_ms']:.2f} ms, load {saves['load_ms']:.2f} ms, "
                     f"{saves['bytes']} bytes ({saves['actions']} actions)")
    app = report["app"]
    if not app["available"]:
        lines.append(f"app: unavailable - {app['reason']}")
        return lines
    lines.append(f"app at {app['size'][0]}x{app['size'][1]}, {app['presses']} presses "
                 f"of {app['key']!r}")
    lines.append("  (keys: UI CPU per key in-process; 'pty' = key to frame through a real "
                 "terminal, Esc sent in the kitty protocol - a bare ESC waits ESCDELAY, 100 ms)")
    for name, row in app.items():
        if not isinstance(row, dict):
            continue
        if row.get("available") is False:
            lines.append(f"  {name:<16} unavailable - {row['reason']}")
            continue
        # The ratio to an empty app is informational, not a target (issue 17).
        extra = f"  ({row['vs_empty']}x empty app)" if "vs_empty" in row else ""
        if "key_cpu_ms" in row:
            extra += f"  (key by key: {row['key_cpu_ms']:.3f} ms)"
        warm = (f" (again {row['warm_first_frame_ms']:.1f})"
                if "warm_first_frame_ms" in row else "")
        lines.append(f"  {name:<16} first frame {row['first_frame_ms']:8.1f} ms{warm}  "
                     f"CPU/key {row['cpu_ms_per_key']:7.3f} ms{extra}")
        if "keys" in row:
            lines += key_lines(row["keys"])
    return lines


SESSION_GROWTH = 0.20  # a long session's memory after its last game vs after its first


def run_stress(game_ids: list[str] | None = None, *, games: int = 10_000, keys: int = 10_000,
               session_games: int = 50, seed: int = 1) -> dict[str, Any]:
    """The long harness of issue 11: ``games`` seeded random games per game with every
    invariant, hidden-information and garbage-action check (tui_games.tools.stress), ``keys``
    random keys on every screen and dialog (tui_games.tools.fuzz), and a long bot-vs-bot session
    in one app. Failures are reported, not raised: ``ok`` says whether all held."""
    from tui_games.tools.fuzz import fuzz, targets
    from tui_games.tools.soak import long_session
    from tui_games.tools.stress import StressFailure, stress

    chosen = [g for g in all_games() if game_ids is None or g in game_ids]
    report: dict[str, Any] = {"ok": True, "engine": {}, "fuzz": {}, "session": {}}
    for game_id in chosen:
        try:
            report["engine"][game_id] = stress(game_id, games, seed)
        except StressFailure as exc:
            report["ok"] = False
            report["engine"][game_id] = {"failure": str(exc)}
    for target in targets():
        if target in all_games() and target not in chosen:
            continue
        result = asyncio.run(fuzz(target, keys=keys, seed=seed))
        report["fuzz"][target] = {"keys": result.keys, "resizes": result.resizes,
                                  "seconds": round(result.seconds, 1),
                                  "error": result.reproduction() if result.error else None}
        report["ok"] = report["ok"] and result.error is None
    soaked = next((g for g in all_games().values() if g.soak), next(iter(all_games().values())))
    session = asyncio.run(long_session(soaked.id, session_games, seed))
    report["session"] = {"game": soaked.id, "games": session.games,
                         "rss_first_mb": round(session.rss[0] / 2**20, 1) if session.rss else None,
                         "rss_last_mb": round(session.rss[-1] / 2**20, 1) if session.rss else None,
                         "growth": round(session.growth, 3), "error": session.error}
    if session.blocks:
        report["session"]["blocks_first"] = session.blocks[0]
        report["session"]["blocks_last"] = session.blocks[-1]
    # Issue 11: memory after the last game within 20% of after the first.
    report["ok"] = (report["ok"] and session.error is None
                    and session.growth <= SESSION_GROWTH)
    return report
