"""A terminal that goes away: the app notices and ends, instead of running on unseen.

When the terminal is closed (a killed tmux pane, a dropped ssh login), the kernel sends the
session SIGHUP and the terminal reads end-of-file or EIO from then on. Python's default for
SIGHUP kills the process on the spot (no autosave), and where SIGHUP is ignored (nohup, some
launchers) Textual's input thread loops on the end-of-file forever: issue 18 measured one
such client at 56% of a core. So the app hears SIGHUP itself, and polls its terminal for a
hang-up; either way it calls ``on_hangup`` once.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import select
import signal
import sys
import threading
from collections.abc import Callable

POLL_SECONDS = 0.5  # how soon a hang-up no signal told of is noticed
EXIT_GRACE_SECONDS = 5.0  # then the process ends even if shutting down blocks on the tty
_GONE = select.POLLHUP | select.POLLERR | select.POLLNVAL


def terminal_fds() -> list[int]:
    """The app's terminal: its standard input and output, where they are terminals."""
    fds: list[int] = []
    for stream in (sys.__stdin__, sys.__stdout__):
        with contextlib.suppress(AttributeError, ValueError, OSError):
            fd = stream.fileno()  # type: ignore[union-attr]
            if os.isatty(fd) and fd not in fds:
                fds.append(fd)
    return fds


def terminal_gone(fds: list[int]) -> bool:
    """True once any of ``fds`` is hung up (the other end closed) or no longer valid.

    poll() with no events asked still reports POLLHUP/POLLERR/POLLNVAL, and reads nothing:
    the keys waiting there stay for Textual's own reader.
    """
    poller = select.poll()
    for fd in fds:
        poller.register(fd, 0)
    return any(events & _GONE for _fd, events in poller.poll(0))


def listen_for_hangup(loop: asyncio.AbstractEventLoop, on_hangup: Callable[[], None]) -> bool:
    """Call ``on_hangup`` on SIGHUP (also where it was ignored). False where signals cannot
    be heard here (not the main thread, no such signal)."""
    try:
        loop.add_signal_handler(signal.SIGHUP, on_hangup)
    except (ValueError, RuntimeError, NotImplementedError, AttributeError):
        return False
    return True


def exit_soon_regardless(code: int = 0) -> None:
    """End the process in EXIT_GRACE_SECONDS even if a clean shutdown is still blocked (its
    last writes go to a terminal that is gone)."""
    timer = threading.Timer(EXIT_GRACE_SECONDS, os._exit, (code,))
    timer.daemon = True
    timer.start()
