"""`tui-games bench` through a real terminal: the app in a pseudo-terminal, keys written as
a terminal sends them, frames and bytes read back (see bench_app for what is pressed)."""

from __future__ import annotations

import os
import re
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Session
from tui_games.tools.keyscript import Step

APP_SIZE = (80, 24)
DIALOG_ROW = "dialog opens: "  # + its screen: key to the dialog's first frame (see _pty_keys)
MENU_OPEN = "c: open the table from the menu"


def ms(seconds: float) -> float:
    """Seconds as milliseconds, rounded for the report."""
    return round(1000 * seconds, 3)


def p95(values: list[float]) -> float:
    """The 95th percentile (the nearest rank) of ``values``."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


# What a terminal sends for each key the scripts press. Esc as a terminal with the kitty
# keyboard protocol sends it (Textual asks every terminal for that protocol): a terminal
# without it sends a bare ESC, which Textual can tell from the start of an escape
# sequence only after waiting ESCDELAY (100 ms by default) - a wait of the protocol, not
# of the app, left as it is because a shorter one splits sequences over slow links.
KEY_BYTES = {"right": b"\x1b[C", "left": b"\x1b[D", "up": b"\x1b[A", "down": b"\x1b[B",
             "enter": b"\r", "escape": b"\x1b[27u", "space": b" ", "tab": b"\t",
             "ctrl+z": b"\x1a"}
def key_bytes(key: str) -> bytes:
    """The bytes a terminal sends for ``key`` (a Textual key name)."""
    return KEY_BYTES.get(key, key.encode())


def read_frames(fd: int, quiet: float, limit: float) -> tuple[bytes, list[float]]:
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


# label, first frame, last frame, bytes, first frame that drew the whole screen (a dialog)
PtySample = tuple[str, float | None, float | None, int, float | None]


def whole_screen_frames(data: bytes, rows: int = APP_SIZE[1]) -> list[bool]:
    """Per synchronized frame in ``data``: whether it draws every row from its first
    column, as Textual does when another screen (a dialog) opens or closes; a partial
    update starts at the changed widgets' edges."""
    drawn: list[bool] = []
    for frame in data.split(b"\x1b[?2026l")[:-1]:
        starts = {int(m.group(1)) for m in _ROW_START.finditer(frame)}
        drawn.append(starts >= set(range(1, rows + 1)))
    return drawn


_ROW_START = re.compile(rb"\x1b\[(\d+);1H")


def _pty_keys(session: Session, steps: list[Step], *, from_menu: bool = False,
              quiet: float = 0.15, settle: float = 1.0) -> list[PtySample]:
    """``steps`` typed into ``tui-games`` in a real pseudo-terminal, one sample per key.

    The app runs in a pty of APP_SIZE (bot delay 0) with a save of ``session``: opened
    at once (``--load``), or (``from_menu``) in the save folder, starting at the menu.
    Each key's bytes are written and the output read until the app is quiet: the sample
    is the time to the end of the first and of the last frame (None: no frame), the
    bytes the app wrote to the terminal, and the time to the first frame that drew the
    whole screen (a dialog that opened: None if none did). The first key waits until
    the app has drawn nothing for ``settle`` s (a key typed ahead of a screen's making
    is dropped).
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
            # A busy machine may pause for longer than ``settle`` before the first frame.
            deadline = time.perf_counter() + 30
            frames: list[float] = []
            while not frames and time.perf_counter() < deadline and process.poll() is None:
                _, frames = read_frames(master, quiet=settle,
                                        limit=max(0.1, deadline - time.perf_counter()))
            if not frames:
                raise RuntimeError("the app drew no synchronized frame in a pty")
            for label, key in steps:
                sent = time.perf_counter()
                os.write(master, key_bytes(key))
                data, frames = read_frames(master, quiet=quiet, limit=10)
                whole = [at for at, full in zip(frames, whole_screen_frames(data), strict=False)
                         if full]
                samples.append((label, frames[0] - sent if frames else None,
                                frames[-1] - sent if frames else None, len(data),
                                whole[0] - sent if whole else None))
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
        rows[label] = {"presses": len(rows_of), "first_ms": ms(statistics.median(firsts)),
                       "first_p95_ms": ms(p95(firsts)),
                       "last_ms": ms(statistics.median(lasts)), "max_last_ms": ms(max(lasts)),
                       "bytes": int(statistics.median(sizes)), "max_bytes": max(sizes)}
    return rows


def pty_key_to_frame(session: Session, steps: list[Step], quiet: float = 0.15,
                     dialogs: dict[int, str] | None = None) -> dict[str, Any]:
    """Key to frame through a real pseudo-terminal, per label of ``steps`` (see _pty_keys
    and _pty_rows). ``dialogs``: the steps (by index) known to open a dialog (a summary,
    game over), whose key to the dialog's first frame - the first that drew the whole
    screen, after the bots' moves the key let through (else the last frame the key
    caused, an upper bound) - is also reported, as a row per dialog."""
    samples = _pty_keys(session, steps, quiet=quiet)
    rows = _pty_rows(samples)
    opened = [(f"{DIALOG_ROW}{dialogs[i]}", sample[4] or sample[2], sample[4] or sample[2],
               sample[3], None)
              for i, sample in enumerate(samples) if dialogs and i in dialogs]
    rows.update(_pty_rows(opened))
    return rows


def pty_open_from_menu(session: Session, opens: int) -> dict[str, Any]:
    """Key to frame of opening a game table from the menu (c: continue the save), then
    Esc twice back to the menu, ``opens`` times: the first open pays for importing the game's
    screen, as a player's first does; ``again`` is the median of the others."""
    steps: list[Step] = []
    for _ in range(opens):
        steps += [(MENU_OPEN, "c"), ("esc: the leave notice", "escape"),
                  ("esc: back to the menu", "escape")]
    for settle in (1.0, 3.0):  # a busy machine may still be making the menu: wait longer
        # Quiet for longer after each key: a key typed before the menu (or the table) is
        # made is dropped, as the app drops keys typed ahead of a table.
        samples = [s for s in _pty_keys(session, steps, from_menu=True, settle=settle,
                                        quiet=0.5) if s[0] == MENU_OPEN]
        if samples and samples[0][1] is not None:
            break
    else:
        raise RuntimeError("c on the menu drew no frame")
    row = {"first_ms": ms(samples[0][1]), "last_ms": ms(samples[0][2] or 0.0),
           "bytes": samples[0][3]}
    again = _pty_rows(samples[1:]).get(MENU_OPEN)
    if again is not None:
        row["again"] = again
    return row


def pty_lines(pty: dict[str, Any], from_menu: dict[str, Any] | None) -> list[str]:
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
