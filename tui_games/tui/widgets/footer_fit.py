"""How a footer's keys fit one line: the screen's own keys in words, the keys every
table shares folded step by step when the line is too short for all of them.

At 80 columns a busy phase of a game has more keys than words fit (issue 19): cutting
the last ones hid "? Rules" or the log's keys. Instead, the shared keys (save, undo,
menu, hint, log: ``shrinkable``, in the order they give up their words, the best known
first) fold one at a time into one entry at the end of the line, their keys run
together: "... ? Rules H Hint PgUp/Dn Log ^s^z", and in the busiest phase of all
(Via Nebula's turn) "... esc Back ^s^z?H PgUp/Dn". Every key is still on the line, the
ones a newcomer needs most keep their words longest, and the command palette's Keys
panel spells each one out. A screen's own keys always keep their words.

A legend of the folded keys' words ("^s^z save·undo") was tried: it takes as many
columns as the words it replaces, so it never let one more key keep its words.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from rich.style import Style
from rich.text import Text


class Entry(NamedTuple):
    """One entry of the footer: a key, or a group of keys shown as one."""

    key: str  # the key a click presses (a group's first)
    display: str
    description: str
    disabled: bool
    covers: tuple[str, ...] = ()  # every key of the entry (a group's several)
    action: str = ""  # the binding's action (a group's first): what ``shrinkable`` names


Span = tuple[int, int, Entry]  # the columns of one key drawn, and its entry


class Fitted(NamedTuple):
    """A line of keys and where each key is on it."""

    line: Text
    spans: list[Span]
    folded: int  # how many shared keys gave up their words (0: all in words)


def fold_order(keys: Sequence[Entry], shrinkable: Sequence[str]) -> list[Entry]:
    """The entries that may give up their words, in the order they do."""
    rank = {action: at for at, action in enumerate(shrinkable)}
    return sorted((entry for entry in keys if entry.action in rank),
                  key=lambda entry: rank[entry.action])


def caps_text(caps: Sequence[Entry]) -> list[tuple[str, Entry | None]]:
    """The folded keys as pieces: one- and two-character keys run together ("^s^z?H"),
    a longer one stands apart ("esc", "PgUp/Dn") so that it reads as one key."""
    pieces: list[tuple[str, Entry | None]] = []
    for at, entry in enumerate(caps):
        if at and (len(entry.display) > 2 or len(caps[at - 1].display) > 2):
            pieces.append((" ", None))
        pieces.append((entry.display, entry))
    return pieces


def fit(keys: Sequence[Entry], width: int, *, shrinkable: Sequence[str] = (),
        compact: bool = True, key_style: Style | None = None,
        description_style: Style | None = None) -> Fitted:
    """The line of ``keys`` for ``width`` columns: in words if they fit, else with as
    few shared keys folded as needed; what still does not fit is cut at the end."""
    order = fold_order(keys, shrinkable)
    fitted = None
    for count in range(len(order) + 1):
        fitted = draw(keys, order[:count], width, compact, key_style, description_style)
        if fitted.line.cell_len <= width and len(fitted.spans) == len(keys):
            return fitted
    assert fitted is not None
    return fitted


def draw(keys: Sequence[Entry], folded: Sequence[Entry], width: int, compact: bool,
         key_style: Style | None, description_style: Style | None) -> Fitted:
    """One try: the entries not folded in words, then the folded keys run together;
    an entry that would pass ``width`` and all after it are left out."""
    pad = "" if compact else " "
    line = Text(no_wrap=True, overflow="crop", end="")
    spans: list[Span] = []
    overflow = False

    def gap() -> int:
        return 1 if line.cell_len and compact else 0

    for entry in keys:
        if entry in folded:
            continue
        # Textual's Footer: " key " + "label " apart; compact: "key label" + a space.
        label = f" {entry.description}" if compact else f"{entry.description} "
        piece = Text.assemble((f"{pad}{entry.display}{pad}", key_style or ""),
                              (label if entry.description else "", description_style or ""))
        if entry.disabled:
            piece.stylize("dim")
        if line.cell_len + gap() + piece.cell_len > width:
            overflow = True
            break
        line.append(" " * gap())
        start = line.cell_len
        line.append_text(piece)
        spans.append((start, line.cell_len, entry))
    if folded and not overflow:
        piece = Text(pad)
        at: list[tuple[int, int, Entry]] = []
        for text, entry in caps_text(folded):
            start = piece.cell_len
            piece.append(text, (key_style or "") if entry else "")
            if entry is not None:
                if entry.disabled:
                    piece.stylize("dim", start, piece.cell_len)
                at.append((start, piece.cell_len, entry))
        piece.append(pad)
        if line.cell_len + gap() + piece.cell_len <= width:
            line.append(" " * gap())
            offset = line.cell_len
            line.append_text(piece)
            spans.extend((offset + start, offset + end, entry) for start, end, entry in at)
        else:
            line.append(" " * gap())
            line.append_text(piece)  # too long: the caller tries the next step
    return Fitted(line, spans, len(folded))
