"""The host's bots think here: in worker processes, never in the host's event loop.

A hard bot searches for a second or more of pure Python; in the host's process (even in a
thread) that holds the GIL and stalls every other player's round trip. So each decision
goes to a process pool sized to the machine. A worker gets only what the bot may know, as
JSON: the game's id and bot level (the bot is rebuilt from the game registry), the seat,
its observation ``observe(state, seat)`` and the state of the bot's random stream. It sends
back the action as JSON and the stream's new state; the host decodes that action with the
game's action type and plays it through the rules in its loop, like a client's.

Workers are started with ``spawn`` (no copy of the host's sockets, locks or loop), run
niced below the host, and end with it: on close, and if the host is killed (Linux's parent
death signal), so a host never leaves searching processes behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import multiprocessing
import os
import random
import signal
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

import msgspec

from tui_games.engine.codec import to_json

MAX_WORKERS = 8  # beyond this a machine's cores are better left to the players' sessions
NICE = 10  # the bots yield the CPU to the host and to whoever plays on this machine
_PR_SET_PDEATHSIG = 1

RngState = tuple[Any, ...]
Think = Callable[[str, str, int, bytes, RngState], tuple[bytes, RngState]]


def pool_size() -> int:
    """Workers for this machine: the CPUs this process may use, at most MAX_WORKERS."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cpus = os.cpu_count() or 1
    return max(1, min(cpus, MAX_WORKERS))


def think(game: str, level: str, seat: int, view: bytes,
          rng: RngState) -> tuple[bytes, RngState]:
    """In a worker: the bot ``level`` of ``game`` chooses for ``seat`` from ``view``.

    Bots keep nothing between decisions but their random stream, so one rebuilt from the
    registry with the stream's state plays as the host's own would.
    """
    from tui_games.games import get_game

    info = get_game(game)
    rules = info.rules
    state = msgspec.json.decode(view, type=rules.state_type)
    stream = random.Random()
    stream.setstate(rng)
    action = info.bots[level](rules, stream).choose(state, seat)
    return to_json(action), stream.getstate()


def _start_worker() -> None:
    """Each worker: lower priority, dies with the host, and has the games loaded."""
    with contextlib.suppress(OSError):
        os.nice(NICE)
    with contextlib.suppress(OSError, AttributeError):
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL)
    if os.getppid() == 1:  # the host died before the signal was armed
        os._exit(0)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl+C is the host's to handle
    from tui_games.games import all_games

    all_games()


class BotPool:
    """The worker processes of one host; started on the first decision asked of them."""

    def __init__(self, workers: int | None = None, think: Think = think) -> None:
        self.workers = workers or pool_size()
        self._think = think
        self._executor: ProcessPoolExecutor | None = None
        self.closed = False  # for good: the host is stopping

    def _pool(self) -> ProcessPoolExecutor:
        if self.closed:
            raise RuntimeError("the bots' pool is closed: the host is stopping")
        if self._executor is None:
            self._executor = ProcessPoolExecutor(
                max_workers=self.workers, mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker)
        return self._executor

    async def choose(self, game: str, level: str, seat: int, view: bytes,
                     rng: random.Random) -> bytes:
        """The action (JSON) the bot chose; ``rng`` moves on as the bot drew from it.

        A pool broken by a dead worker is replaced for the next decision; this one
        raises BrokenProcessPool (the host then plays a legal move instead).
        """
        executor = self._pool()
        future: Future[tuple[bytes, RngState]] = executor.submit(
            self._think, game, level, seat, view, rng.getstate())
        try:
            action, state = await asyncio.wrap_future(future)
        except BrokenProcessPool:
            # The next decision starts new workers. Every decision that was in the broken
            # pool lands here: only the first replaces it, never a newer pool.
            if self._executor is executor:
                self._stop()
            raise
        rng.setstate(state)
        return action

    def close(self) -> None:
        """Stop the workers for good: queued decisions are dropped, a search under way is
        cut off, and every decision asked from now on raises RuntimeError."""
        self.closed = True
        self._stop()

    def _stop(self) -> None:
        executor, self._executor = self._executor, None
        if executor is None:
            return
        # A search can take seconds and nothing waits for it (the host is stopping, or
        # the pool broke): its workers are ended, only this pool's. Games are saved after
        # every move, so a search cut short loses nothing.
        workers = list(getattr(executor, "_processes", {}).values())
        executor.shutdown(wait=False, cancel_futures=True)
        for process in workers:
            with contextlib.suppress(OSError, ValueError):
                process.terminate()
        for process in workers:
            with contextlib.suppress(OSError, ValueError):
                process.join(timeout=5)
