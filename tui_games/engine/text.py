"""Cleaning text that came from outside (a save file, a paste) before it is shown.

A terminal obeys control characters: an ESC in a save name could set the window title or
clear the screen. ``printable`` keeps what can be shown and nothing that steers the
terminal or the reading order. It knows nothing of Rich or Textual: showing the result
as plain text (never as markup) is the caller's part.
"""

from __future__ import annotations

import unicodedata

# Bidirectional embeddings, overrides and isolates reorder what follows them on screen.
_BIDI = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f")
# Characters that end a line: shown as one space, so the text stays on its line.
_BREAKS = frozenset("\t\n\v\f\r\x1c\x1d\x1e\x85\u2028\u2029")


def printable(text: str) -> str:
    """``text`` without control characters: C0, DEL and C1 (ESC among them) are dropped,
    line and tab characters become a space, bidirectional controls are dropped. Every
    other character, accents and emoji included, is kept as it is."""
    if text.isprintable():  # the common case, in C
        return text
    kept: list[str] = []
    for ch in text:
        if ch in _BREAKS:
            kept.append(" ")
        elif ch in _BIDI or unicodedata.category(ch) in ("Cc", "Cs"):
            continue
        else:
            kept.append(ch)
    return "".join(kept)


ELLIPSIS = "…"
# A cut backs up to the last space when that keeps at least this share of the room: "Master
# Mason's…" reads better than "Master Mason's Gui…", and a long word is still cut.
WORD_SHARE = 0.6


def fit(text: str, width: int) -> str:
    """``text`` as it is if it fits ``width`` characters, else cut to ``width`` with an
    ellipsis as its last character, never a silent cut. The cut falls after a whole word
    when one ends near the edge (a lone separator before it goes: "take 1O | needs"
    becomes "take 1O…"), else mid-word with the ellipsis. The full text is the
    caller's to keep one key away (an info line, the log, the rules)."""
    if len(text) <= width:
        return text
    if width <= 1:
        return ELLIPSIS[:max(width, 0)]
    room = width - len(ELLIPSIS)
    kept = text[:room]
    if text[room] != " ":  # the edge falls inside a word: back up to its start
        words = kept.rsplit(" ", 1)[0] if " " in kept else ""
        if len(words.rstrip()) >= room * WORD_SHARE:
            kept = words
    return kept.rstrip(" ,;:|·") + ELLIPSIS


def one_line(text: str, limit: int) -> str:
    """``printable(text)`` on one line with runs of spaces collapsed, cut to ``limit``
    characters (an ellipsis marks the cut)."""
    line = " ".join(printable(text).split())
    return line if len(line) <= limit else line[:max(limit - 1, 0)] + ELLIPSIS
