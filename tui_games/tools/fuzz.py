"""The UI harness: seeded random keys on every screen, and long bot-vs-bot sessions.

``fuzz(target, keys, seed)`` opens one screen (a game's table or a dialog) in a headless
app and throws seeded random keys at it: arrows, enter, space, esc, tab, letters, digits
and ctrl keys, sent in bursts the way a fast typist's keys arrive (several queued before
the app has handled the first), with terminal resizes from 40x12 to 250x80 in between,
while bots think with a small delay. Whenever a key leaves the screen (esc to the menu, a
new game...), the target is opened again, so the keys land where they are meant to.
Afterwards the app must still answer and every game played must still pass the rules'
own checks. A step the app never finishes (an endless loop) is an error too. Long
bot-vs-bot sessions are in tui_games.tools.soak.

What a key costs is the app's frames (a layout and a render of the whole screen, up to
250x80): the run draws at most ``FUZZ_FPS`` frames a second (a real terminal draws a
burst of typed-ahead keys in one frame; a loaded test machine handles keys several times
slower than a player's, so at 60 frames a second it would draw nearly every key apart).

The test suite runs short versions (tests/ui/test_fuzz_*.py); ``tui-games bench
--stress`` runs long ones. Nothing here is needed to play.
"""

from __future__ import annotations

import asyncio
import random
import signal
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual import events
from textual.geometry import Size
from textual.pilot import Pilot
from textual.screen import Screen

from tui_games.engine.codec import from_json, to_json
from tui_games.engine.core import GameState, default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo, all_games, load
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.confirm import ConfirmScreen
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.game_over import GameOverScreen
from tui_games.tui.screens.handoff import HandoffScreen
from tui_games.tui.screens.history import HistoryScreen
from tui_games.tui.screens.load import LoadScreen
from tui_games.tui.screens.menu import MenuScreen
from tui_games.tui.screens.new_game import NewGameScreen
from tui_games.tui.screens.replay import ReplayView
from tui_games.tui.screens.rules import RulesScreen
from tui_games.tui.screens.save_name import SaveNameScreen
from tui_games.tui.screens.stats import StatsScreen
from tui_games.tui.textual_private import frames_per_second

# Text that must never be read as markup or reach the terminal raw: names and saves of
# the fuzzed games carry it, so every screen that shows them is tried with it.
HOSTILE_NAMES = ("[/x]Ann\x1b[2J", "[bold]Eve\x1b]0;pwn\x07", "[red]Zed[/", "Bo\x9b2J[/]")

ARROWS = ("up", "down", "left", "right")
LETTERS = tuple("abcdefghijklmnopqrstuvwxyz")
DIGITS = tuple("0123456789")
# ctrl+q quits and ctrl+c copies: left out, the fuzz is about staying in the app.
CTRL = tuple(f"ctrl+{c}" for c in "abdefghijklmnoprstuvwxyz")
OTHER = ("enter", "space", "escape", "tab", "shift+tab", "backspace", "question_mark",
         "left_square_bracket", "right_square_bracket", "pageup", "pagedown", "home",
         "end", "f1")
# Weighted: the keys a player presses most come up most, so games really get played.
KEY_POOL: tuple[tuple[tuple[str, ...], int], ...] = (
    (ARROWS, 30), (("enter",), 14), (("space",), 10), (("escape",), 3), (("tab",), 4),
    (LETTERS, 18), (DIGITS, 6), (CTRL, 5), (OTHER, 10))
CHARS = {"space": " ", "enter": "\r", "tab": "\t", "escape": "\x1b", "backspace": "\x7f",
         "question_mark": "?", "left_square_bracket": "[", "right_square_bracket": "]"}

MIN_SIZE = (40, 12)
MAX_SIZE = (250, 80)
BASE_SIZE = (100, 30)
# The extremes every run visits (a third of the resizes), the rest are random sizes.
CORNERS = (MIN_SIZE, MAX_SIZE, (MIN_SIZE[0], MAX_SIZE[1]), (MAX_SIZE[0], MIN_SIZE[1]))
FUZZ_FPS = 15
# CPU seconds one step (a burst, a resize, an opening) may take before it counts as an
# endless loop: a step takes well under one; the loop it catches allocates fast.
HANG_CPU_SECONDS = 5.0
# Fresh apps a run may start after known crashes before it gives up.
MAX_RESTARTS = 20
# The dialogs every game shares; a game's own (a summary between hands...) are declared in
# its folder (GameInfo.fuzz_dialogs) and found by game_dialogs().
DIALOGS = ("menu", "new_game", "load", "rules", "save_name", "confirm", "handoff",
           "game_over", "history", "stats", "replay")


@dataclass(frozen=True)
class FuzzDialog:
    """A game's own dialog as a fuzz target: the class name of its screen (to tell it is
    on top) and how to open it over the app with the fuzz's hostile names."""

    screen: str
    open: Callable[[GamesApp, Sequence[str]], None]


def game_dialogs() -> dict[str, FuzzDialog]:
    """The games' own dialogs by target name (each game's ``fuzz_dialogs`` module)."""
    found: dict[str, FuzzDialog] = {}
    for info in all_games().values():
        if info.fuzz_dialogs:
            found.update(load(info.fuzz_dialogs).DIALOGS)
    return found


def dialogs() -> list[str]:
    """Every dialog the fuzz can aim at: the shared ones, then the games' own."""
    return [*DIALOGS, *game_dialogs()]


def targets() -> list[str]:
    """Every screen the fuzz can aim at: each registered game's table, then the dialogs."""
    return [*all_games(), *dialogs()]


def random_key(rng: random.Random) -> str:
    """One key from the pool, by weight."""
    groups = [group for group, _ in KEY_POOL]
    weights = [weight for _, weight in KEY_POOL]
    return rng.choice(rng.choices(groups, weights)[0])


def key_event(key: str) -> events.Key:
    """The Key event a terminal would send for ``key``."""
    if key in CHARS:
        char: str | None = CHARS[key]
    elif len(key) == 1:
        char = key
    elif key.startswith("ctrl+") and len(key) == 6:
        char = chr(ord(key[-1]) - 96)
    else:
        char = None
    return events.Key(key, char)


def type_ahead(app: GamesApp, keys: list[str]) -> None:
    """Queue ``keys`` as the terminal would: all at once, none waiting for the one before
    to be handled (Pilot.press waits after each key, which hides type-ahead bugs). Each
    is posted to the app, as its driver posts a terminal's keys."""
    for key in keys:
        event = key_event(key)
        event.set_sender(app)
        app.post_message(event)


class FuzzHang(Exception):
    """The app did not finish a step of the fuzz (an endless loop)."""


class Watchdog:
    """Ends an endless loop in the app: when one step of the fuzz takes more than
    ``seconds`` of CPU, FuzzHang is raised in whatever code is running (an endless loop
    never gives the event loop back, so no asyncio timeout can end it; and it may eat
    memory fast). ``where`` keeps the stack it interrupted. Outside the main thread (no
    signals there) it does nothing."""

    def __init__(self, seconds: float = HANG_CPU_SECONDS) -> None:
        self.seconds = seconds
        self.where: str | None = None
        self.armed = threading.current_thread() is threading.main_thread() and \
            hasattr(signal, "setitimer")

    def step(self) -> None:
        """A new step starts: its clock starts again."""
        if self.armed:
            signal.setitimer(signal.ITIMER_PROF, self.seconds)

    def _alarm(self, signum: int, frame: Any) -> None:
        self.where = "".join(traceback.format_stack(frame, limit=12))
        raise FuzzHang(f"the app did not finish a step within {self.seconds:g} s of CPU")

    @contextmanager
    def watching(self) -> Iterator[Watchdog]:
        """Armed inside the block, disarmed (and the old handler back) after it."""
        if not self.armed:
            yield self
            return
        previous = signal.signal(signal.SIGPROF, self._alarm)
        try:
            self.step()
            yield self
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, previous)


def check_state(info: GameInfo, state: GameState) -> str | None:
    """The rules' own checks on ``state``: a move exists while someone is to move, and
    the state survives a JSON round trip. None when it passes, else what failed."""
    rules = info.rules
    if rules.to_move(state) is not None and not rules.legal_actions(state):
        return f"{info.id}: no legal action while seat {rules.to_move(state)} is to move"
    data = to_json(state)
    if to_json(from_json(data, rules.state_type)) != data:
        return f"{info.id}: the state does not survive a JSON round trip"
    return None


class FuzzApp(GamesApp):
    """A GamesApp that stays open: quitting (q, Quit) is counted, not done, so the keys
    after it still test something. An error still ends it (Textual does not call exit)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.quits = 0

    def exit(self, *args: Any, **kwargs: Any) -> None:
        """Count the request to quit; stay open."""
        self.quits += 1


@dataclass
class FuzzResult:
    """What one fuzz run did and found."""

    target: str
    seed: int
    keys: int = 0
    bursts: int = 0
    resizes: int = 0
    reopened: int = 0
    quits: int = 0
    games_checked: int = 0
    seconds: float = 0.0
    error: str | None = None
    steps: list[str] = field(default_factory=list)  # what was done, for a reproduction
    # Known crashes met on the way (the run went on in a fresh app), each with the
    # steps before it.
    known: list[str] = field(default_factory=list)

    def reproduction(self, last: int = 12) -> str:
        """The seed, the target and the last steps before the error."""
        return (f"fuzz({self.target!r}, seed={self.seed}): ... "
                + " | ".join(self.steps[-last:]))


def players_for(info: GameInfo) -> int:
    """The smallest table the game allows (the quickest to fuzz)."""
    return info.rules.min_players


def bot_level(info: GameInfo) -> str:
    """A bot level that answers quickly: "normal" if the game has it, else its first."""
    return "normal" if "normal" in info.bots else next(iter(info.bots))


def new_session(info: GameInfo, seed: int, humans: int = 1) -> Session:
    """A new game of ``info``: ``humans`` human seats (hostile names), the rest bots."""
    seats = []
    for i in range(players_for(info)):
        name = HOSTILE_NAMES[i % len(HOSTILE_NAMES)]
        seats.append(Seat(name) if i < humans else Seat(f"{name} bot", bot_level(info)))
    return Session.new(info.rules, seats, seed, default_options(info.rules))


def finished_session(info: GameInfo, seed: int) -> Session:
    """A game of ``info`` played to its end by random legal moves."""
    session = new_session(info, seed)
    rng = random.Random(seed)
    while session.to_move is not None:
        session.apply(rng.choice(session.rules.legal_actions(session.state)))
    return session


class Target:
    """How to open a fuzz target and tell whether it is on top."""

    def __init__(self, name: str, app: GamesApp, seed: int) -> None:
        self.name = name
        self.app = app
        self.seed = seed
        self.sessions: list[tuple[GameInfo, Session]] = []
        games = all_games()
        self.info = games.get(name) or min(games.values(), key=lambda g: g.fuzz_host_rank)
        self.dialog = game_dialogs().get(name)

    def _screen_type(self) -> type[Screen[Any]] | None:
        return {"menu": MenuScreen, "new_game": NewGameScreen, "load": LoadScreen,
                "rules": RulesScreen, "save_name": SaveNameScreen, "confirm": ConfirmScreen,
                "handoff": HandoffScreen, "game_over": GameOverScreen,
                "history": HistoryScreen, "stats": StatsScreen,
                "replay": ReplayView}.get(self.name)

    def on_top(self) -> bool:
        """True while the target screen is the one the keys reach."""
        screen = self.app.screen
        if self.name in all_games():
            return isinstance(screen, GameScreen) and screen.info.id == self.name \
                and not screen.reviewing
        if self.dialog is not None:
            return type(screen).__name__ == self.dialog.screen
        wanted = self._screen_type()
        return wanted is not None and isinstance(screen, wanted)

    def _session(self, humans: int = 1) -> Session:
        """The target's game: the last one again while it is not over, else a new one."""
        if self.sessions:
            _, last = self.sessions[-1]
            if last.to_move is not None and last.rules.id == self.info.id and \
                    sum(s.is_human for s in last.seats) == humans:
                return last
        self.seed += 1
        session = new_session(self.info, self.seed, humans)
        self.sessions.append((self.info, session))
        return session

    def open(self) -> None:
        """Back to the menu, then open the target."""
        app = self.app
        app.back_to_menu()
        name = self.name
        if name in all_games():
            app.open_game(self._session())
        elif name == "new_game":
            app.new_game(self.info.id, [Seat(n) for n in HOSTILE_NAMES[:2]])
        elif name == "load":
            app.push_screen(LoadScreen())
        elif name == "rules":
            app.push_screen(RulesScreen(self.info))
        elif name == "save_name":
            app.push_screen(SaveNameScreen(HOSTILE_NAMES[self.seed % 4], str(app.store.folder)))
        elif name == "confirm":
            app.push_screen(ConfirmScreen(f"Replace {HOSTILE_NAMES[0]!r}?", yes="Replace",
                                          no="Keep"))
        elif name == "handoff":
            app.open_game(self._session(humans=2))
        elif name == "game_over":
            self.seed += 1
            session = finished_session(self.info, self.seed)
            self.sessions.append((self.info, session))
            app.open_game(session)
        elif name in ("history", "stats", "replay"):
            self.seed += 1  # a finished game of hostile names in the history, to list
            path = app.history.keep(finished_session(self.info, self.seed))
            if name == "replay":
                app.replay_file(str(path))
            else:
                app.push_screen(HistoryScreen() if name == "history" else StatsScreen())
        elif self.dialog is not None:
            self.dialog.open(app, HOSTILE_NAMES)
        elif name != "menu":
            raise ValueError(f"unknown fuzz target {name!r}")

    def note_games(self) -> None:
        """Remember every game on the screen stack (to check its state afterwards)."""
        for screen in self.app.screen_stack:
            if isinstance(screen, GameScreen) and not screen.reviewing:
                pair = (screen.info, screen.session)
                if all(pair[1] is not s for _, s in self.sessions):
                    self.sessions.append(pair)


def make_store(folder: Path | None) -> SaveStore:
    """A save folder for the run (a temporary one unless given)."""
    if folder is None:
        folder = Path(tempfile.mkdtemp(prefix="tui-games-fuzz-"))
    folder.mkdir(parents=True, exist_ok=True)
    return SaveStore(folder)


def _seed_saves(store: SaveStore, seed: int) -> None:
    """A couple of saves with hostile names, so the menu and Load show them."""
    games = all_games()
    for i, game_id in enumerate(list(games)[:2]):
        session = new_session(games[game_id], seed + i)
        store.autosave(session)


async def fuzz(target: str, keys: int = 1000, seed: int = 0, *, bot_delay: float = 0.02,
               folder: Path | None = None, burst: int = 16, resize_every: int = 12,
               reopen_every: int = 250,
               known: Sequence[tuple[str, ...]] = ()) -> FuzzResult:
    """Throw ``keys`` seeded random keys at ``target`` (a game id or one of ``DIALOGS``).

    Keys go in bursts of 1..``burst`` typed ahead; about every ``resize_every`` bursts the
    terminal takes a new size; the target is opened again when the keys have left it
    (and every ``reopen_every`` keys regardless, so it starts fresh now and then). The
    result says what was done and the first error, with the steps that led to it. An
    error whose text (with its traceback) holds all the parts of one of ``known``
    (crashes already reported) is noted in ``result.known`` and the keys go on in a
    fresh app.
    """
    result = FuzzResult(target, seed)
    rng = random.Random(f"fuzz/{target}/{seed}")
    store = make_store(folder)
    _seed_saves(store, seed)
    started = time.monotonic()
    game_seed = seed * 1000
    dog = Watchdog()
    with frames_per_second(FUZZ_FPS), dog.watching():
        while result.error is None:
            app = FuzzApp(store, bot_delay=bot_delay)
            aim = Target(target, app, game_seed)
            error = await _run_app(app, aim, rng, result, dog, keys, burst, resize_every,
                                   reopen_every)
            game_seed = aim.seed
            result.quits += app.quits
            if error is None:
                break
            for info, session in aim.sessions:  # the games of the app that crashed
                problem = check_state(info, session.state)
                result.games_checked += 1
                if problem:
                    result.error = problem
                    result.steps.append(error)
            if result.error is not None:
                break
            if len(result.known) < MAX_RESTARTS and \
                    any(all(part in error for part in parts) for parts in known):
                result.known.append(f"{error}\n{result.reproduction()}")
                result.steps.append("(known crash: a fresh app)")
                continue
            result.error = error.splitlines()[0]
            result.steps.append(error)
    result.seconds = time.monotonic() - started
    return result


async def _run_app(app: FuzzApp, aim: Target, rng: random.Random, result: FuzzResult,
                   dog: Watchdog, keys: int, burst: int, resize_every: int,
                   reopen_every: int) -> str | None:
    """Keys at ``aim`` in ``app`` until ``keys`` are sent, then the checks. The app's
    error (the line saying what, then the traceback) or None."""
    dog.where = None
    try:
        async with app.run_test(size=BASE_SIZE) as pilot:
            await _fuzz_keys(app, pilot, aim, rng, result, dog, keys, burst, resize_every,
                             reopen_every)
            if app.return_code is None:  # set (to 1) by an error; FuzzApp never exits
                dog.step()
                problem = await _check_answers(app, pilot, aim, result)
                if problem:
                    return problem
    except Exception as exc:  # the app's own error is re-raised here by run_test
        if dog.where is not None:  # the hang, not what Textual's report of it raised
            return (f"FuzzHang: the app did not finish a step within {dog.seconds:g} s "
                    f"of CPU; it was in:\n{dog.where}")
        return "".join(traceback.format_exception_only(exc)).strip() + "\n" + \
            traceback.format_exc(limit=-6)
    return None


async def settle(app: GamesApp, limit: float = 1.0) -> None:
    """Let the app handle what is queued: a callback queued behind the app's messages,
    then behind the top screen's, then behind the focused widget's (where the app
    forwards keys) has run (at most ``limit`` seconds). Cheaper than Pilot.pause(),
    which waits for the whole process to idle (never, while a bot thinks)."""
    done = asyncio.Event()

    def behind(pump: Any, then: Callable[[], None]) -> None:
        if pump is None or not pump.call_later(then):  # a closed pump runs nothing
            then()

    def on_screen() -> None:
        behind(app.screen.focused, done.set)

    behind(app, lambda: behind(app.screen, on_screen))
    with suppress(TimeoutError):
        await asyncio.wait_for(done.wait(), limit)
    await asyncio.sleep(0)


async def until_ready(app: GamesApp, limit: float = 30.0) -> None:
    """Wait until the screen on top is built (see GameScreen.ready): the harness itself
    closes screens, and must not close one before it has been put together."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline and not all(
            app.is_mounted(screen) and getattr(screen, "ready", True)
            for screen in app.screen_stack):
        await settle(app)


async def resize(app: GamesApp, size: tuple[int, int]) -> None:
    """Give the terminal ``size``, as a window resize does (the app takes its size from
    the Resize event; the headless driver reports a size only when it starts)."""
    app.post_message(events.Resize(Size(*size), Size(*size)))
    await settle(app)


def _new_size(rng: random.Random) -> tuple[int, int]:
    """A size for the terminal: one of the corners (a third of the time), else random."""
    if rng.randrange(3) == 0:
        return rng.choice(CORNERS)
    return rng.randint(MIN_SIZE[0], MAX_SIZE[0]), rng.randint(MIN_SIZE[1], MAX_SIZE[1])


async def _fuzz_keys(app: FuzzApp, pilot: Pilot[None], aim: Target, rng: random.Random,
                     result: FuzzResult, dog: Watchdog, keys: int, burst: int,
                     resize_every: int, reopen_every: int) -> None:
    since_open = reopen_every
    while result.keys < keys and app.return_code is None:
        dog.step()
        if since_open >= reopen_every or not aim.on_top():
            await until_ready(app)
            aim.note_games()
            aim.open()
            result.reopened += 1
            result.steps.append(f"open {aim.name}")
            since_open = 0
            await settle(app)
            continue
        if rng.randrange(resize_every) == 0:
            size = _new_size(rng)
            result.steps.append(f"resize {size[0]}x{size[1]}")
            await resize(app, size)
            result.resizes += 1
        batch = [random_key(rng) for _ in range(rng.randint(1, burst))]
        batch = batch[: keys - result.keys]
        result.steps.append(" ".join(batch))
        type_ahead(app, batch)
        result.keys += len(batch)
        result.bursts += 1
        since_open += len(batch)
        await settle(app)
        if rng.randrange(4) == 0:
            await asyncio.sleep(0.01)  # a bot's move may land between two bursts
    aim.note_games()


async def _check_answers(app: FuzzApp, pilot: Pilot[None], aim: Target,
                         result: FuzzResult) -> str | None:
    """The app still answers (the menu opens New game on n) and every game seen still
    passes the rules' checks: None, else what is wrong."""
    await pilot.resize_terminal(*BASE_SIZE)
    app.back_to_menu()
    await pilot.pause()
    if not isinstance(app.screen, MenuScreen) or len(app.screen_stack) != 1:
        return f"the screen stack is not sane: {app.screen_stack}"
    await pilot.press("n")
    if not isinstance(app.screen, NewGameScreen):
        return f"n on the menu opened {app.screen!r}, not the new-game dialog"
    for info, session in aim.sessions:
        problem = check_state(info, session.state)
        result.games_checked += 1
        if problem:
            return problem
    return None
