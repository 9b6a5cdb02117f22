"""`tui-games bench`: how fast the rules, the bots, the saves and the app are.

Per game: random playouts (a plain legal_actions/apply loop), ISMCTS iterations per
second of the `hard` level, bot decision times per level (median and p95 over decisions
from real bot games; searching levels at their real time budget, or a tiny iteration
budget with --quick), save and load time of a late-game state. For the app: time to first
frame, and CPU time per keypress on a game screen beside an empty Textual app measured in
the same run. Per game screen, a script of the keys that change the phase (choose a pile
and back, select a card, draw, discard, play a card, plan Time, place a star...) is
pressed: the UI thread's CPU per key in-process, then the same keys through a real
pseudo-terminal (``tui-games --load`` in a pty) for the key-to-frame time. Timings are
reported, never asserted: tests only check that the report has its keys.
"""

from __future__ import annotations

import asyncio
import os
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
from tui_games.engine.codec import clone
from tui_games.engine.core import Action, Rules, default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo, all_games, load
from tui_games.keyscript import KeyScript, Step, human_first

APP_SIZE = (80, 24)
KEY_GAP = 0.02  # seconds between keys: a fast typist, and time to repaint
NAV_KEY = "right"  # moves a selection at most: never plays, saves or leaves the screen
NAV_BACK = "left"  # and back
CURSOR_LABEL = f"{NAV_KEY}/{NAV_BACK}: cursor"  # a cursor key's row (there and back)


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
    started = time.perf_counter()
    for _ in range(games):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, weights = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, weights)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
    elapsed = time.perf_counter() - started
    return {"game": REFERENCE_GAME, "games": games, "games_per_s": round(games / elapsed, 2),
            "actions_per_s": round(actions / elapsed, 1)}


def bot_timings(info: GameInfo, budget: Budget, seed: int = 2) -> dict[str, Any]:
    """Per level: decision time of bots playing each other (every seat that level)."""
    rules = info.rules
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
                    for _ in range(rules.min_players)]
            state = rules.setup(rules.min_players, rng.getrandbits(63), default_options(rules))
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
        out[level] = {"decisions": len(times),
                      "iterations": budget.iterations if searches else None,
                      "median_ms": _ms(statistics.median(times)), "p95_ms": _ms(_p95(times)),
                      "max_ms": _ms(max(times)), "turns": len(turns),
                      "turn_median_ms": _ms(statistics.median(turns)),
                      "turn_p95_ms": _ms(_p95(turns))}
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

async def _settle(app: Any, expect: str | None, limit: float = 10.0) -> None:
    """Wait for the ``expect``ed screen (a busy machine opens it late), then let start-up
    timers and animations settle."""
    deadline = time.perf_counter() + limit
    while (expect is not None and type(app.screen).__name__ != expect
           and time.perf_counter() < deadline):
        await asyncio.sleep(KEY_GAP)
    await asyncio.sleep(KEY_GAP * 5)


async def _measure(make_app: Any, presses: int,
                   expect: str | None = None) -> tuple[float, float, str]:
    """(first frame seconds, CPU seconds per keypress, name of the screen pressed on).

    Keys are posted to the app, as its driver posts a terminal's, with a pause after each
    for the app to handle it and repaint. Pilot.press is not used: it waits on every widget of the
    screen, a cost of the test harness that grows with the widget count. The CPU the app
    burns while idle for as long is measured first and subtracted.

    ``expect`` names the screen class that must be showing (else RuntimeError): a game
    whose screen failed to open must not be reported as if it were measured.
    """
    from textual import events

    started = time.perf_counter()
    app = make_app()
    async with app.run_test(size=APP_SIZE):
        first_frame = time.perf_counter() - started
        await _settle(app, expect)
        screen = type(app.screen).__name__
        if expect is not None and screen != expect:
            raise RuntimeError(f"{expect} did not open ({screen} is showing)")
        cpu = time.process_time()
        await asyncio.sleep(KEY_GAP * presses)
        idle = time.process_time() - cpu
        cpu = time.process_time()
        for press in range(presses):
            # There and back: every press moves the cursor, never against the hand's end.
            key = events.Key(NAV_KEY if press % 2 == 0 else NAV_BACK, None)
            key.set_sender(app)
            app.post_message(key)
            await asyncio.sleep(KEY_GAP)
        per_press = max(0.0, time.process_time() - cpu - idle) / presses
        screen_after = type(app.screen).__name__
    if screen_after != screen:
        raise RuntimeError(f"pressing {NAV_KEY!r} left {screen} for {screen_after}")
    return first_frame, per_press, screen


# ---- keys that change the phase ---------------------------------------------------------

# What a terminal sends for each key the scripts press. Esc as a terminal with the kitty
# keyboard protocol sends it (Textual asks every terminal for that protocol): a terminal
# without it sends a bare ESC, which Textual can tell from the start of an escape
# sequence only after waiting ESCDELAY (100 ms by default) - a wait of the protocol, not
# of the app, left as it is because a shorter one splits sequences over slow links.
KEY_BYTES = {"right": b"\x1b[C", "left": b"\x1b[D", "up": b"\x1b[A", "down": b"\x1b[B",
             "enter": b"\r", "escape": b"\x1b[27u", "space": b" ", "tab": b"\t",
             "ctrl+z": b"\x1a"}
BOT_MOVE = "bot move shown (each)"  # the row of the bots' moves that follow a key
DIALOG_ROW = "dialog opens: "  # + the dialog's screen: key to the dialog's frame
MENU_OPEN = "c: open the table from the menu"
GAME_OVER_PRESSES = 6  # script keys from one move before the end to the game-over dialog
BENCH_BOT_DELAY = 0.1  # s: a bot's move lands after the key's own frame, as in play
QUIET_SLICE = 0.01  # seconds: the UI thread is quiet when it burns almost no CPU in one
QUIET_CPU = 0.0015  # ... (at most this many seconds of CPU), twice in a row


async def _quiet(screen: Any, limit: float = 10.0, *, bots: bool = True) -> None:
    """Wait until the app has done all a key asked for: the UI thread idle for two
    slices in a row and (``bots``) no bot thinking. On a busy machine a key may wait its
    turn far longer than a fixed pause: its CPU must not be charged to the next key."""
    await asyncio.sleep(KEY_GAP)
    deadline = time.perf_counter() + limit
    quiet = 0
    while quiet < 2 and time.perf_counter() < deadline:
        cpu = time.thread_time()
        await asyncio.sleep(QUIET_SLICE)
        thinking = getattr(screen, "bot_thinking", None) if bots else None
        idle = time.thread_time() - cpu < QUIET_CPU and thinking is None
        quiet = quiet + 1 if idle else 0


def _bots_to_move(screen: Any) -> bool:
    """True while a bot's move is still to come (it thinks, or waits to be shown)."""
    session = getattr(screen, "session", None)
    if session is None:  # not a game screen (the empty app)
        return False
    mover = session.to_move
    return getattr(screen, "bot_thinking", None) is not None or (
        mover is not None and session.seats[mover].bot is not None)


def key_bytes(key: str) -> bytes:
    """The bytes a terminal sends for ``key`` (a Textual key name)."""
    return KEY_BYTES.get(key, key.encode())


def key_script(info: GameInfo) -> KeyScript | None:
    """A fresh script of ``info``'s phase-changing keys (its GameInfo.bench_keys)."""
    return load(info.bench_keys)() if info.bench_keys else None


def _key_rows(samples: dict[str, list[float]]) -> dict[str, Any]:
    return {label: {"presses": len(times), "median_ms": _ms(statistics.median(times)),
                    "max_ms": _ms(max(times))} for label, times in samples.items()}


def _send(app: Any, name: str) -> None:
    """``name`` pressed: posted to the app as its driver posts a terminal's key."""
    from textual import events

    key = events.Key(name, None if len(name) > 1 else name)
    key.set_sender(app)
    app.post_message(key)


async def _phase_keys(make_app: Any, script: KeyScript | None, presses: int,
                      expect: str | None, cursor: int = 0,
                      ) -> tuple[dict[str, Any], list[Step], dict[int, str]]:
    """CPU of the UI thread per key, per label; the keys pressed; and which of them (by
    index) opened a dialog over the game (a summary, game over), with its screen's name.

    ``presses`` keys of ``script`` (phase-changing keys), then ``cursor`` presses of
    NAV_KEY, measured the same way. A key is charged with what the app does until its
    UI thread is quiet; the bots' moves that follow a key that ends the turn (each
    shown ``BENCH_BOT_DELAY`` after the last, as in play) are measured on their own, per
    move, in the BOT_MOVE row (their thinking runs in a worker thread, not counted).
    The UI thread's idle CPU over the same time is subtracted.
    """
    app = make_app()
    pressed: list[Step] = []
    dialogs: dict[int, str] = {}
    samples: dict[str, list[float]] = {}
    async with app.run_test(size=APP_SIZE):
        await _settle(app, expect)
        screen = app.screen
        if expect is not None and type(screen).__name__ != expect:
            raise RuntimeError(f"{expect} did not open ({type(screen).__name__} is showing)")
        await _quiet(screen)
        cpu, began = time.thread_time(), time.perf_counter()
        await asyncio.sleep(KEY_GAP * 10)
        idle_rate = (time.thread_time() - cpu) / (time.perf_counter() - began)
        measured = 0
        while measured < presses + cursor:
            if app.screen is not screen:  # a summary between hands: close it, unmeasured
                _send(app, "enter")
                await _quiet(screen)
                if app.screen is not screen:
                    break  # game over, or a dialog the script does not know
                pressed.append(("enter: close a summary", "enter"))  # the pty replays it
                continue
            step = (script.next_key(screen) if script is not None and measured < presses
                    else (CURSOR_LABEL, NAV_KEY if measured % 2 == 0 else NAV_BACK))
            if step is None:
                break
            began, cpu = time.perf_counter(), time.thread_time()
            _send(app, step[1])
            await _quiet(screen, bots=False)
            spent = time.thread_time() - cpu - idle_rate * (time.perf_counter() - began)
            samples.setdefault(step[0], []).append(max(0.0, spent))
            pressed.append(step)
            measured += 1
            if app.screen is screen and _bots_to_move(screen):
                moves = len(screen.session.actions)
                began, cpu = time.perf_counter(), time.thread_time()
                await _quiet(screen)
                spent = time.thread_time() - cpu - idle_rate * (time.perf_counter() - began)
                moves = len(screen.session.actions) - moves
                if moves > 0:
                    samples.setdefault(BOT_MOVE, []).append(max(0.0, spent) / moves)
            if app.screen is not screen:  # this key (or the bots' moves after it) did
                dialogs[len(pressed) - 1] = type(app.screen).__name__
    return _key_rows(samples), pressed, dialogs


def _read_frames(fd: int, quiet: float, limit: float) -> tuple[bytes, list[float]]:
    """Read what the app writes until it is quiet for ``quiet`` s after its first bytes
    (the first may take up to ``limit`` s, as may the whole).

    Returns the bytes and the times (perf_counter) at which a synchronized frame ended.
    """
    import select

    data = bytearray()
    frames: list[float] = []
    end = time.perf_counter() + limit
    while True:
        now = time.perf_counter()
        wait = quiet if data else limit
        ready, _, _ = select.select([fd], [], [], max(0.0, min(wait, end - now)))
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        at = time.perf_counter()
        seen = len(data)
        data += chunk
        if b"\x1b[?2026$p" in data[max(0, seen - 8):]:
            os.write(fd, b"\x1b[?2026;2$y")  # "synchronized output supported": frames marked
        frames += [at] * data[max(0, seen - 7):].count(b"\x1b[?2026l")
        if at > end:
            break
    return bytes(data), frames


PtySample = tuple[str, float | None, float | None, int]  # label, first, last, bytes


def _pty_keys(session: Session, steps: list[Step], *, from_menu: bool = False,
              quiet: float = 0.15) -> list[PtySample]:
    """``steps`` typed into ``tui-games`` in a real pseudo-terminal, one sample per key.

    The app runs in a pty of APP_SIZE (bot delay 0) with a save of ``session``: opened
    at once (``--load``), or (``from_menu``) in the save folder, starting at the menu.
    Each key's bytes are written and the output read until the app is quiet: the sample
    is the time to the end of the first and of the last frame (None: no frame) and the
    bytes the app wrote to the terminal.
    """
    import fcntl
    import struct
    import subprocess
    import sys
    import termios

    samples: list[PtySample] = []
    with tempfile.TemporaryDirectory(prefix="tui-games-bench-") as folder:
        path = SaveStore(Path(folder)).save_as(session, "bench")
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", APP_SIZE[1], APP_SIZE[0], 0, 0))
        env = {**os.environ, "TERM": "xterm-256color", "COLUMNS": str(APP_SIZE[0]),
               "LINES": str(APP_SIZE[1])}
        env.pop("NO_COLOR", None)
        opening = [] if from_menu else ["--load", str(path)]
        process = subprocess.Popen(
            [sys.executable, "-m", "tui_games", "--saves", folder, *opening,
             "--bot-delay", "0"],
            stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True,
            close_fds=True)
        os.close(slave)
        try:
            _, frames = _read_frames(master, quiet=1.0, limit=30)
            if not frames:
                raise RuntimeError("the app drew no synchronized frame in a pty")
            for label, key in steps:
                sent = time.perf_counter()
                os.write(master, key_bytes(key))
                data, frames = _read_frames(master, quiet=quiet, limit=10)
                samples.append((label, frames[0] - sent if frames else None,
                                frames[-1] - sent if frames else None, len(data)))
        finally:
            process.terminate()
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            os.close(master)
    return samples


def _pty_rows(samples: list[PtySample]) -> dict[str, Any]:
    """Per label: key to first frame (median, p95), to last frame, bytes written."""
    by_label: dict[str, list[PtySample]] = {}
    for sample in samples:
        if sample[1] is not None:
            by_label.setdefault(sample[0], []).append(sample)
    rows: dict[str, Any] = {}
    for label, rows_of in by_label.items():
        firsts = [s[1] for s in rows_of if s[1] is not None]
        lasts = [s[2] for s in rows_of if s[2] is not None]
        sizes = [s[3] for s in rows_of]
        rows[label] = {"presses": len(rows_of), "first_ms": _ms(statistics.median(firsts)),
                       "first_p95_ms": _ms(_p95(firsts)),
                       "last_ms": _ms(statistics.median(lasts)), "max_last_ms": _ms(max(lasts)),
                       "bytes": int(statistics.median(sizes)), "max_bytes": max(sizes)}
    return rows


def pty_key_to_frame(session: Session, steps: list[Step], quiet: float = 0.15,
                     dialogs: dict[int, str] | None = None) -> dict[str, Any]:
    """Key to frame through a real pseudo-terminal, per label of ``steps`` (see _pty_keys
    and _pty_rows). ``dialogs``: the steps (by index) known to open a dialog (a summary,
    game over), whose key to the dialog's frame - the last frame the key caused, after
    the bots' moves it let through - is also reported, as a row per dialog."""
    samples = _pty_keys(session, steps, quiet=quiet)
    rows = _pty_rows(samples)
    opened = [(f"{DIALOG_ROW}{dialogs[i]}", sample[2], sample[2], sample[3])
              for i, sample in enumerate(samples) if dialogs and i in dialogs]
    rows.update(_pty_rows(opened))
    return rows


def pty_open_from_menu(session: Session, opens: int) -> dict[str, Any]:
    """Key to frame of opening a game table from the menu (c: continue the save), then
    Esc back to the menu, ``opens`` times: the first open pays for importing the game's
    screen, as a player's first does; ``again`` is the median of the others."""
    steps: list[Step] = []
    for _ in range(opens):
        steps += [(MENU_OPEN, "c"), ("esc: back to the menu", "escape")]
    samples = [s for s in _pty_keys(session, steps, from_menu=True) if s[0] == MENU_OPEN]
    if not samples or samples[0][1] is None:
        raise RuntimeError("c on the menu drew no frame")
    row = {"first_ms": _ms(samples[0][1]), "last_ms": _ms(samples[0][2] or 0.0),
           "bytes": samples[0][3]}
    again = _pty_rows(samples[1:]).get(MENU_OPEN)
    if again is not None:
        row["again"] = again
    return row


def _cursor_steps(presses: int) -> list[Step]:
    return [(CURSOR_LABEL, NAV_KEY if i % 2 == 0 else NAV_BACK) for i in range(presses)]


def one_move_from_the_end(info: GameInfo, seed: int = 7, games: int = 20,
                          widest: int = 12) -> Session | None:
    """A game where the human is to move and every legal action ends it, so that
    whatever the key script's next key plays opens the game-over dialog: random games
    (as the key scripts' own) searched for such a position; None if none was found
    (positions with more than ``widest`` legal actions are not tried, for time)."""
    rng = random.Random(seed)
    rules = info.rules
    for _ in range(games):
        session = human_first(info, rng.getrandbits(31))
        human = session.to_move
        while (mover := session.to_move) is not None:
            legal = rules.legal_actions(session.state)
            if mover == human and len(legal) <= widest and all(
                    _ends(rules, session.state, action) for action in legal):
                return session
            session.apply(rng.choice(legal))
    return None


def _ends(rules: Rules[Any, Any], state: Any, action: Action) -> bool:
    work = clone(state)
    rules.apply(work, action)
    return rules.to_move(work) is None


async def _game_over_keys(info: GameInfo, script: KeyScript, expect: str,
                          store: SaveStore) -> tuple[Session, list[Step], dict[int, str]] | None:
    """The script's keys from one move before the end until the game-over dialog opens:
    the session, the keys and the dialog's index (None: no such position or no dialog)."""
    from tui_games.app import GamesApp

    ending = one_move_from_the_end(info)
    if ending is None:
        return None
    _, pressed, dialogs = await _phase_keys(
        lambda: GamesApp(store, session=ending, bot_delay=BENCH_BOT_DELAY), script,
        GAME_OVER_PRESSES, expect)
    if not dialogs:
        return None
    last = max(dialogs)
    return ending, pressed[: last + 1], {last: dialogs[last]}


async def _game_keys(info: GameInfo, budget: Budget, empty_key: float) -> dict[str, Any]:
    """Phase-changing keys of one game screen, and the cursor key measured the same way:
    UI CPU per key in-process, then key to frame through a pty for the first
    ``pty_presses`` of the same keys (same game, same bots). ``empty_key``: the empty
    app's CPU ms per cursor key by the same method."""
    script = key_script(info)
    if script is None:
        return {"available": False, "reason": "no script of phase keys for this game yet"}
    expect = info.screen.rpartition(":")[2]
    with tempfile.TemporaryDirectory(prefix="tui-games-bench-") as folder:
        store = SaveStore(Path(folder))

        def make() -> Any:
            from tui_games.app import GamesApp

            return GamesApp(store, session=script.start(info), bot_delay=BENCH_BOT_DELAY)

        cpu, pressed, dialogs = await _phase_keys(make, script, budget.phase_presses, expect)
        # The cursor on a table of its own: the phase keys may play the game to its end.
        cursor, _, _ = await _phase_keys(make, None, 0, expect, cursor=budget.cursor_presses)
        cpu.update(cursor)
        ending = await _game_over_keys(info, key_script(info) or script, expect, store)
    for row in cpu.values():
        row["vs_empty"] = round(row["median_ms"] / max(empty_key, 1e-6), 2)
    out: dict[str, Any] = {"available": True, "cpu": cpu}
    steps = pressed[: budget.pty_presses] + _cursor_steps(budget.pty_cursor)
    try:
        out["pty"] = await asyncio.to_thread(pty_key_to_frame, script.start(info), steps,
                                             dialogs=dialogs)
    except Exception as exc:  # no pty here (e.g. not a POSIX system): say so
        out["pty"] = {"available": False, "reason": f"{type(exc).__name__}: {exc}"}
    if ending is not None and out["pty"].get("available", True):
        session, keys, opened = ending
        try:
            rows = await asyncio.to_thread(pty_key_to_frame, session, keys, dialogs=opened)
            out["pty"].update({k: v for k, v in rows.items() if k.startswith(DIALOG_ROW)})
        except Exception as exc:
            out["game_over"] = {"available": False, "reason": f"{type(exc).__name__}: {exc}"}
    try:
        out["from_menu"] = await asyncio.to_thread(pty_open_from_menu, script.start(info),
                                                   budget.menu_opens)
    except Exception as exc:
        out["from_menu"] = {"available": False, "reason": f"{type(exc).__name__}: {exc}"}
    return out


async def _app_figures(budget: Budget, games: list[GameInfo]) -> dict[str, Any]:
    from textual.app import App

    from tui_games.app import GamesApp

    figures: dict[str, Any] = {"available": True, "size": list(APP_SIZE), "key": NAV_KEY,
                               "presses": budget.presses}
    await _measure(App, 1)  # warm-up: the first app of a process pays one-off costs
    first, press, _ = await _measure(App, budget.presses)
    empty_press = press
    figures["empty_app"] = {"first_frame_ms": _ms(first), "cpu_ms_per_key": _ms(press)}
    one_by_one, _, _ = await _phase_keys(App, None, 0, None, cursor=budget.cursor_presses)
    empty_key = one_by_one[CURSOR_LABEL]["median_ms"]
    figures["empty_app"]["key_cpu_ms"] = empty_key
    with tempfile.TemporaryDirectory(prefix="tui-games-bench-") as folder:
        store = SaveStore(Path(folder))
        first, press, screen = await _measure(lambda: GamesApp(store, bot_delay=0),
                                              budget.presses)
        figures["menu"] = {"screen": screen, "first_frame_ms": _ms(first),
                           "cpu_ms_per_key": _ms(press)}
        for info in games:
            def make(info: GameInfo = info) -> Any:
                # The phase keys' opening when there is one: a hand of several cards.
                script = key_script(info)
                session = script.start(info) if script is not None else human_first(info, 5)
                return GamesApp(store, session=session, bot_delay=0)

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
            try:
                row["keys"] = await _game_keys(info, budget, empty_key)
            except Exception as exc:  # the cursor figures above still stand
                row["keys"] = {"available": False, "reason": f"{type(exc).__name__}: {exc}"}
            figures[info.id] = row
    return figures


def app_figures(budget: Budget, games: list[GameInfo] | None = None) -> dict[str, Any]:
    """The app section (for ``games``, default all); ``available: False`` with the reason
    if it cannot run."""
    try:
        return asyncio.run(_app_figures(budget, list(all_games().values())
                                        if games is None else games))
    except Exception as exc:  # the report must still come out: say why instead
        return {"available": False, "reason": f"{type(exc).__name__}: {exc}"}


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
            playouts["vs_openspiel"] = round(playouts["games_per_s"]
                                             / max(reference["games_per_s"], 1e-9), 3)
        report["games"][info.id] = {
            "title": info.title,
            "random_playouts": playouts,
            "bots": bot_timings(info, budget),
            "ismcts": search_speed(info, budget),
            "saves": save_and_load(info, budget.save_repeats),
        }
    report["app"] = app_figures(budget, games)
    return report


def _key_lines(keys: dict[str, Any]) -> list[str]:
    """One line per key of a game screen: UI CPU (median, max) and key to frame in a pty."""
    if not keys.get("available", True):
        return [f"    keys unavailable - {keys['reason']}"]
    pty = keys.get("pty", {})
    # n: how many presses the CPU figures are from (one press is a single, noisy sample).
    # "x empty": CPU beside an empty app's, informational only (no longer a target).
    lines = [f"    {'key':<38} {'CPU ms':>7} {'max':>7} {'x empty':>7} {'n':>4}  "
             f"{'pty first':>9} {'last':>7} ms"]
    if pty.get("available") is False:
        lines.append(f"    (no pty: {pty['reason']})")
        pty = {}
    labels = list(keys["cpu"]) + [label for label in pty if label not in keys["cpu"]]
    for label in labels:
        cpu = keys["cpu"].get(label)
        frame = pty.get(label)
        left = (f"{cpu['median_ms']:7.2f} {cpu['max_ms']:7.2f} {cpu['vs_empty']:7.2f} "
                f"{cpu['presses']:4d}" if cpu else f"{'':7} {'':7} {'':7} {'':4}")
        right = f"{frame['first_ms']:9.1f} {frame['last_ms']:7.1f}" if frame else ""
        lines.append(f"    {label:<38} {left}  {right}")
    return lines + _pty_lines(pty, keys.get("from_menu"))


def _pty_lines(pty: dict[str, Any], from_menu: dict[str, Any] | None) -> list[str]:
    """Per key through the pty: key to first frame (median, p95), bytes written to the
    terminal (median, max); the dialogs' frames; opening the table from the menu."""
    rows = {label: row for label, row in pty.items()
            if isinstance(row, dict) and "first_p95_ms" in row}
    lines: list[str] = []
    if rows:
        lines.append(f"    {'pty: key':<38} {'first':>7} {'p95':>7} {'bytes':>7} "
                     f"{'max':>7} {'n':>4}")
        for label, row in rows.items():
            lines.append(f"    {label:<38} {row['first_ms']:7.1f} {row['first_p95_ms']:7.1f} "
                         f"{row['bytes']:7d} {row['max_bytes']:7d} {row['presses']:4d}")
    if from_menu is not None:
        if from_menu.get("available") is False:
            lines.append(f"    {MENU_OPEN}: unavailable - {from_menu['reason']}")
        else:
            again = from_menu.get("again")
            more = (f", again {again['first_ms']:.1f} (p95 {again['first_p95_ms']:.1f}, "
                    f"n {again['presses']})" if again else "")
            lines.append(f"    {MENU_OPEN}: first frame {from_menu['first_ms']:.1f} ms "
                         f"(first open){more}")
    return lines


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
            + (f"  {playouts['vs_openspiel']}x OpenSpiel's"
               if "vs_openspiel" in playouts else ""),
        ]
        search = game.get("ismcts")
        if search:
            lines.append(f"  ISMCTS (hard)    median {search['median_per_s']:10.0f} "
                         f"iterations/s, slowest {search['min_per_s']:.0f} "
                         f"({search['positions']} positions)")
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
            lines += _key_lines(row["keys"])
    return lines


SESSION_GROWTH = 0.20  # a long session's memory after its last game vs after its first


def run_stress(game_ids: list[str] | None = None, *, games: int = 10_000, keys: int = 10_000,
               session_games: int = 50, seed: int = 1) -> dict[str, Any]:
    """The long harness of issue 11: ``games`` seeded random games per game with every
    invariant, hidden-information and garbage-action check (tui_games.stress), ``keys``
    random keys on every screen and dialog (tui_games.fuzz), and a long bot-vs-bot session
    in one app. Failures are reported, not raised: ``ok`` says whether all held."""
    from tui_games.fuzz import fuzz, targets
    from tui_games.soak import long_session
    from tui_games.stress import StressFailure, stress

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
