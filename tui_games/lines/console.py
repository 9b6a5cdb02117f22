"""Lines in, lines out: the only place the lines front end reads or writes.

A screen reader or a braille display follows text that arrives as whole lines and is
never redrawn, so every sentence is wrapped at the terminal's width (80 when it is not a
terminal) and cleaned of control characters: a seat name from a save file cannot steer
the terminal. Nothing here colours, moves the cursor or clears anything.
"""

from __future__ import annotations

import shutil
import textwrap
from collections.abc import Callable
from typing import TextIO

from tui_games.engine.text import printable

DEFAULT_WIDTH = 80
NARROWEST = 20  # below this a wrapped sentence is a column of stubs: wrap at this anyway


def terminal_width(stream: TextIO) -> int:
    """The width to wrap at: the terminal's when ``stream`` is one, else 80 ($COLUMNS wins,
    as for every program that asks shutil)."""
    try:
        interactive = stream.isatty()
    except (AttributeError, ValueError):
        interactive = False
    if not interactive:
        return DEFAULT_WIDTH
    return max(NARROWEST, shutil.get_terminal_size((DEFAULT_WIDTH, 24)).columns)


class Console:
    """Wrapped, clean lines to ``out``; one line at a time from ``source``."""

    def __init__(self, source: TextIO, out: TextIO, width: int | None = None) -> None:
        self.source = source
        self.out = out
        self.width = max(NARROWEST, width or terminal_width(out))
        try:
            self._prompted = source.isatty()
        except (AttributeError, ValueError):
            self._prompted = False
        self.printed = 0  # lines written so far (the figures of the note count them)
        self.source_ended = False  # the end of input was read: every part leaves
        self.gone = False  # the output cannot be written any more (then input ends too)
        # how the game at the table reads its shared texts aloud (lines.words.spoken_of)
        self.spoken: Callable[[str], str] = lambda text: text

    def say(self, text: str = "") -> None:
        """``text`` as one or more wrapped lines (a blank line for "")."""
        clean = " ".join(printable(self.spoken(text)).split())
        rows = textwrap.wrap(clean, self.width, break_on_hyphens=False) or [""]
        if self.source_ended and self.gone:
            return
        try:
            for row in rows:
                self.out.write(row + "\n")
            self.out.flush()
        except OSError:  # the reader went away (a closed pipe, a hung-up ssh): leave, saved
            self.gone = self.source_ended = True
            return
        self.printed += len(rows)

    def say_all(self, texts: list[str]) -> None:
        for text in texts:
            self.say(text)

    def read(self) -> str | None:
        """The next line typed, stripped; ``None`` at the end of input."""
        if self.gone:
            return None
        if self._prompted:  # only a person at a terminal needs a mark that input is due
            self.out.write("> ")
            self.out.flush()
        try:
            line = self.source.readline()
        except (KeyboardInterrupt, UnicodeDecodeError):
            self.source_ended = True
            return None
        if not line:
            self.source_ended = True
            if self._prompted:  # what is said next starts a line of its own
                self.out.write("\n")
            return None
        return printable(line).strip()
