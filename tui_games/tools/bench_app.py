"""`tui-games bench`, the app: first frames, CPU per key in-process, and the game screens'
phase-changing keys (each game's script, found through its GameInfo) replayed through a
real terminal (bench_pty). Textual is imported only when the figures are taken."""

from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from tui_games.engine.codec import clone
from tui_games.engine.core import Action, Rules
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Session
from tui_games.games import GameInfo, all_games, load
from tui_games.tools.bench_pty import (
    APP_SIZE,
    DIALOG_ROW,
    ms,
    pty_key_to_frame,
    pty_lines,
    pty_open_from_menu,
)
from tui_games.tools.keyscript import KeyScript, Step, human_first

if TYPE_CHECKING:
    from tui_games.tools.bench import Budget

KEY_GAP = 0.02  # seconds between keys: a fast typist, and time to repaint
NAV_KEY = "right"  # moves a selection at most: never plays, saves or leaves the screen
NAV_BACK = "left"  # and back
CURSOR_LABEL = f"{NAV_KEY}/{NAV_BACK}: cursor"  # a cursor key's row (there and back)
BOT_MOVE = "bot move shown (each)"  # the row of the bots' moves that follow a key
DIALOG_WAIT = 3.0  # s: how long a game that is over may take to show its dialog
GAME_OVER_PRESSES = 24  # script keys from the human's last turn to the game-over dialog
BENCH_BOT_DELAY = 0.1  # s: a bot's move lands after the key's own frame, as in play
QUIET_SLICE = 0.01  # seconds: the UI thread is quiet when it burns almost no CPU in one
QUIET_CPU = 0.0015  # ... (at most this many seconds of CPU), twice in a row



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


def key_script(info: GameInfo) -> KeyScript | None:
    """A fresh script of ``info``'s phase-changing keys (its GameInfo.bench_keys)."""
    return load(info.bench_keys)() if info.bench_keys else None


def _key_rows(samples: dict[str, list[float]]) -> dict[str, Any]:
    return {label: {"presses": len(times), "median_ms": ms(statistics.median(times)),
                    "max_ms": ms(max(times))} for label, times in samples.items()}


def _send(app: Any, name: str) -> None:
    """``name`` pressed: posted to the app as its driver posts a terminal's key."""
    from textual import events

    key = events.Key(name, None if len(name) > 1 else name)
    key.set_sender(app)
    app.post_message(key)


async def _phase_keys(make_app: Any, script: KeyScript | None, presses: int,
                      expect: str | None, cursor: int = 0,
                      cursor_keys: tuple[str, str] = (NAV_KEY, NAV_BACK),
                      ) -> tuple[dict[str, Any], list[Step], dict[int, str]]:
    """CPU of the UI thread per key, per label; the keys pressed; and which of them (by
    index) opened a dialog over the game (a summary, game over), with its screen's name.

    ``presses`` keys of ``script`` (phase-changing keys), then ``cursor`` presses of
    ``cursor_keys`` (there and back), measured the same way. A key is charged with what
    the app does until its UI thread is quiet; the bots' moves that follow a key that
    ends the turn (each shown ``BENCH_BOT_DELAY`` after the last, as in play) are
    measured on their own, per move, in the BOT_MOVE row (their thinking runs in a
    worker thread, not counted). The UI thread's idle CPU over the same time is
    subtracted.
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
                if pressed:  # it opened after the last key's UI went quiet
                    dialogs.setdefault(len(pressed) - 1, type(app.screen).__name__)
                _send(app, "enter")
                await _quiet(screen)
                if app.screen is not screen:
                    break  # game over, or a dialog the script does not know
                pressed.append(("enter: close a summary", "enter"))  # the pty replays it
                continue
            step = (script.next_key(screen) if script is not None and measured < presses
                    else _cursor_steps(measured + 1, cursor_keys)[-1])
            if step is None:  # game over: its dialog may open after the key went quiet
                deadline = time.perf_counter() + DIALOG_WAIT
                while app.screen is screen and time.perf_counter() < deadline:
                    await asyncio.sleep(KEY_GAP)
                if app.screen is not screen and pressed:
                    dialogs.setdefault(len(pressed) - 1, type(app.screen).__name__)
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


def _cursor_steps(presses: int, keys: tuple[str, str] = (NAV_KEY, NAV_BACK)) -> list[Step]:
    """``presses`` cursor keys, there and back, under one label (CURSOR_LABEL's form)."""
    label = f"{keys[0]}/{keys[1]}: cursor"
    return [(label, keys[i % 2]) for i in range(presses)]


def pty_steps(script: KeyScript, pressed: list[Step], dialogs: dict[int, str],
              presses: int, cursor: int) -> tuple[list[Step], dict[int, str]]:
    """The keys replayed through the pty: the first ``presses`` phase keys and ``cursor``
    cursor keys, after them or (the script's CURSOR_FIRST) before them, where the script
    starts; and the dialogs those phase keys open, by their index among the steps."""
    moves = _cursor_steps(cursor, script.CURSOR_KEYS)
    keys = pressed[:presses]
    if not script.CURSOR_FIRST:
        return keys + moves, dialogs
    # There and back: the phase keys find the game as the in-process run left it.
    return moves + keys, {index + len(moves): name for index, name in dialogs.items()}


def one_move_from_the_end(info: GameInfo, seed: int = 7, games: int = 20,
                          widest: int = 12) -> Session | None:
    """A game where the human is to move and every legal action ends it, so that
    whatever the key script's next key plays opens the game-over dialog: random games
    (as the key scripts' own) searched for such a position, with the human first to
    move, then in each later seat (a game whose last move is always the last seat's,
    as Nebula's, ends on the human's key only there); None if none was found
    (positions with more than ``widest`` legal actions are not tried, for time)."""
    rules = info.rules
    for after in range(rules.min_players):
        rng = random.Random(seed)
        for _ in range(games):
            session = human_first(info, rng.getrandbits(31), after)
            human = next(i for i, seat in enumerate(session.seats) if seat.is_human)
            while (mover := session.to_move) is not None:
                legal = rules.legal_actions(session.state)
                if mover == human and len(legal) <= widest and all(
                        _ends(rules, session.state, action) for action in legal):
                    return session
                session.apply(rng.choice(legal))
    return the_last_turn(info, seed)


def the_last_turn(info: GameInfo, seed: int = 7) -> Session | None:
    """Where the human's last turn of a random game begins: in a game no seat of the
    human's can end, the script's keys for that turn and the bots' replies lead to the
    game-over dialog (None: the human never moved)."""
    rng = random.Random(seed)
    game_seed = rng.getrandbits(31)
    session = human_first(info, game_seed)
    human, rules = session.to_move, info.rules
    start, last = None, None
    while (mover := session.to_move) is not None:
        if mover == human and last != human:
            start = len(session.actions)
        last = mover
        session.apply(rng.choice(rules.legal_actions(session.state)))
    if start is None:
        return None
    again = human_first(info, game_seed)
    for action in session.actions[:start]:
        again.apply(action)
    return again


def _ends(rules: Rules[Any, Any], state: Any, action: Action) -> bool:
    work = clone(state)
    rules.apply(work, action)
    return rules.to_move(work) is None


async def _game_over_keys(info: GameInfo, script: KeyScript, expect: str,
                          store: SaveStore) -> tuple[Session, list[Step], dict[int, str]] | None:
    """The script's keys from one move before the end until the game-over dialog opens:
    the session, the keys and the dialog's index (None: no such position or no dialog)."""
    from tui_games.tui.app import GamesApp

    ending = one_move_from_the_end(info)
    if ending is None:
        return None
    _, pressed, dialogs = await _phase_keys(
        lambda: GamesApp(store, session=ending, bot_delay=BENCH_BOT_DELAY), script,
        GAME_OVER_PRESSES, expect)
    if not dialogs:
        return None
    last = max(dialogs)
    # The app played ``ending`` to its end: the pty starts from the same position afresh.
    again = one_move_from_the_end(info)
    assert again is not None  # the search is seeded: the same position again
    return again, pressed[: last + 1], {last: dialogs[last]}


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
            from tui_games.tui.app import GamesApp

            return GamesApp(store, session=script.start(info), bot_delay=BENCH_BOT_DELAY)

        cpu, pressed, dialogs = await _phase_keys(make, script, budget.phase_presses, expect)
        # The cursor on a table of its own: the phase keys may play the game to its end.
        cursor, _, _ = await _phase_keys(make, None, 0, expect, cursor=budget.cursor_presses,
                                         cursor_keys=script.CURSOR_KEYS)
        cpu.update(cursor)
        ending = await _game_over_keys(info, key_script(info) or script, expect, store)
    for row in cpu.values():
        row["vs_empty"] = round(row["median_ms"] / max(empty_key, 1e-6), 2)
    out: dict[str, Any] = {"available": True, "cpu": cpu}
    steps, dialogs = pty_steps(script, pressed, dialogs, budget.pty_presses, budget.pty_cursor)
    try:
        out["pty"] = await asyncio.to_thread(pty_key_to_frame, script.start(info), steps,
                                             dialogs=dialogs)
    except Exception as exc:  # no pty here (e.g. not a POSIX system): say so
        out["pty"] = {"available": False, "reason": f"{type(exc).__name__}: {exc}"}
    if ending is not None and out["pty"].get("available", True):
        session, keys, opened = ending
        try:
            for _ in range(2):  # a busy machine may drop a key typed ahead: once more
                rows = await asyncio.to_thread(pty_key_to_frame, session, keys, dialogs=opened)
                dialog = {k: v for k, v in rows.items() if k.startswith(DIALOG_ROW)}
                if dialog:
                    out["pty"].update(dialog)
                    break
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

    from tui_games.tui.app import GamesApp

    figures: dict[str, Any] = {"available": True, "size": list(APP_SIZE), "key": NAV_KEY,
                               "presses": budget.presses}
    await _measure(App, 1)  # warm-up: the first app of a process pays one-off costs
    first, press, _ = await _measure(App, budget.presses)
    empty_press = press
    figures["empty_app"] = {"first_frame_ms": ms(first), "cpu_ms_per_key": ms(press)}
    one_by_one, _, _ = await _phase_keys(App, None, 0, None, cursor=budget.cursor_presses)
    empty_key = one_by_one[CURSOR_LABEL]["median_ms"]
    figures["empty_app"]["key_cpu_ms"] = empty_key
    with tempfile.TemporaryDirectory(prefix="tui-games-bench-") as folder:
        store = SaveStore(Path(folder))
        first, press, screen = await _measure(lambda: GamesApp(store, bot_delay=0),
                                              budget.presses)
        figures["menu"] = {"screen": screen, "first_frame_ms": ms(first),
                           "cpu_ms_per_key": ms(press)}
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
            row = {"screen": screen, "first_frame_ms": ms(first if cold is None else cold),
                   "cpu_ms_per_key": ms(press),
                   "vs_empty": round(press / max(empty_press, 1e-9), 2)}
            if cold is not None:
                row["warm_first_frame_ms"] = ms(first)
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


def key_lines(keys: dict[str, Any]) -> list[str]:
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
    return lines + pty_lines(pty, keys.get("from_menu"))
