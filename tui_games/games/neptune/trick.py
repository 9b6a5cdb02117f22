"""Trick-taking table pieces: the trick in play, and each player's won tricks.

Both know cards only as ``CardFace`` values (label and style name), so any trick-taking
game can use them. Every mark is text as well as style: the winning card carries a star,
the seat to play an arrow, a destroyed pile a cross.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from textual.content import Content
from textual.geometry import Size

from tui_games.engine.text import fit
from tui_games.tui.widgets.card import CardFace, wrap_tokens
from tui_games.tui.widgets.line_widget import Line, LineWidget

WINNING = "★"
TO_PLAY = "▸"
DESTROYED = "✗"


@dataclass(frozen=True, slots=True)
class TrickSeat:
    """One seat of the trick, in play order: its name and its card (``None``: not yet)."""

    name: str
    face: CardFace | None = None


def _face(face: CardFace) -> Content:
    return Content.styled(face.label, f".{face.style}" if face.style else "")


class TrickArea(LineWidget):
    """The trick in play: each seat's card in play order, the one winning now starred.

    The border title says which trick it is, the subtitle the suit to follow; a note line
    under the cards can say what happens next ("Bob chooses the top card"). That line is
    kept even when empty, so the area keeps its height through a round (no layout pass).
    Drawn line by line from a strip cache: a card played changes one or two lines.
    """

    MERGE_LOOKS = True  # fewer bytes per key (issue 17)

    COMPONENT_CLASSES = {"trick-area--winning", "trick-area--waiting", "trick-area--note"}

    DEFAULT_CSS = """
    TrickArea { height: auto; }
    TrickArea > .trick-area--winning { text-style: bold; }
    TrickArea > .trick-area--waiting { color: $text-muted; }
    TrickArea > .trick-area--note { color: $text-muted; text-style: italic; }
    """

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._seats: tuple[TrickSeat, ...] = ()
        self._winning: int | None = None
        self._next: int | None = None
        self._note = ""
        self._finished = False

    @property
    def seats(self) -> tuple[TrickSeat, ...]:
        """The seats in play order."""
        return self._seats

    @property
    def winning(self) -> int | None:
        """The index (play order) of the card winning the trick now."""
        return self._winning

    @property
    def note(self) -> str:
        """The line under the cards."""
        return self._note

    def set_trick(self, seats: Sequence[TrickSeat], *, title: str = "", follow: str = "",
                  winning: int | None = None, next_seat: int | None = None,
                  note: str = "", finished: bool = False) -> None:
        """Show ``seats`` in play order; ``winning`` and ``next_seat`` are indexes into it.

        ``finished``: the trick is complete, so the starred card "won" rather than "winning".
        """
        # Setting a border text repaints the whole area, even to the same text.
        whole = False
        if title != self.border_title:
            self.border_title, whole = title, True
        if follow != self.border_subtitle:
            self.border_subtitle, whole = follow, True
        new = (tuple(seats), winning, next_seat, note, finished)
        if new == (self._seats, self._winning, self._next, self._note, self._finished):
            return
        resized = len(new[0]) != len(self._seats)
        self._seats, self._winning, self._next, self._note, self._finished = new
        if resized or whole:
            self.refresh(layout=resized)
            return
        self.refresh()  # a card played changes a line or two: LineWidget repaints those

    @property
    def text(self) -> str:
        """The plain text shown (tests, screen readers), without an empty note line."""
        return self.render().plain.rstrip("\n")

    def content_lines(self, width: int) -> list[Line]:
        """One line per seat: name, card, and a star on the winning card; the note."""
        width = max((len(s.name) for s in self._seats), default=0)
        lines: list[Content] = []
        for i, seat in enumerate(self._seats):
            name = fit(seat.name, 12).ljust(min(width, 12))
            if seat.face is None:
                mark = f"{TO_PLAY} to play" if i == self._next else "·"
                lines.append(Content.assemble(name, " ", (mark, ".trick-area--waiting")))
                continue
            line = Content.assemble(name, " ", _face(seat.face))
            if i == self._winning:
                mark = f" {WINNING} {'won' if self._finished else 'winning'}"
                line = Content.assemble(line, (mark, ".trick-area--winning"))
            lines.append(line)
        lines.append(Content.styled(self._note, ".trick-area--note"))
        return lines

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """One line per seat, and the note's line."""
        return len(self._seats) + 1


@dataclass(frozen=True, slots=True)
class PileFace:
    """A won trick as the table shows it: its top card, what it scores, and marks.

    ``note`` is a short text mark after the card (`×2` for a doubled pile, `/A7` for a
    covered one); a ``destroyed`` pile shows a cross and no score. ``unit`` follows the
    score (`pt`), as the game's card faces write points.
    """

    face: CardFace
    score: int = 0
    note: str = ""
    destroyed: bool = False
    unit: str = ""


PILE_GAP = "  "
MIN_HANGING = 8  # columns left under the first pile for a wrapped line to hang there


def _hanging(first: list[Content], tokens: list[Content], width: int,
             note: Content | None = None) -> Content:
    """``first`` (the round's total, or nothing), ``tokens`` and ``note`` (the older piles
    left out, after the piles shown: "round +3:  (4 more)" over the piles read as a note
    on the total, a row before the piles it counts), wrapped between tokens. Wrapped
    lines hang under the first pile, not under the total: beside Neptune's score
    tracker, a pile at the start of the second row read as part of its `ones` row
    ("ones ●○○○○○○○○○ A5 -5")."""
    if note is not None:
        tokens = [*tokens, note]
    if not first:
        return wrap_tokens(tokens, width, PILE_GAP)
    head = first[0]
    indent = head.cell_length + len(PILE_GAP)
    under = wrap_tokens([head, *tokens], width, PILE_GAP)
    if width - indent < MIN_HANGING:  # too narrow to hang: wrap under the total
        return under
    line, taken = head, 0
    for token in tokens:
        if line.cell_length + len(PILE_GAP) + token.cell_length > width and taken:
            break
        line = Content.assemble(line, PILE_GAP, token)
        taken += 1
    if taken == len(tokens):
        return line
    rest = wrap_tokens(tokens[taken:], width - indent, PILE_GAP).split("\n")
    if any(row.cell_length > width - indent for row in rest):
        return under  # a pile or note wider than the hanging column: not cut, wrapped
    return Content("\n").join([line, *(Content.assemble(" " * indent, row) for row in rest)])


class TrickPiles(LineWidget):
    """One player's won tricks this round: `R1 10pt  A7 -7pt  BH/A5 0pt  PM✗`, wrapping.

    With a ``total`` the line starts with it: `round +3:  R1 10pt  A7 -7pt`, and wrapped
    lines hang under the first pile. When the piles do not fit the lines available, the
    oldest are left out and counted after the piles shown: `R8 3pt  (3 more)`. Drawn line by
    line from a strip cache; the wrapped lines are kept per width until the piles change.
    """

    MERGE_LOOKS = True  # fewer bytes per key (issue 17)

    COMPONENT_CLASSES = {"trick-piles--score", "trick-piles--destroyed", "trick-piles--empty",
                         "trick-piles--total"}

    DEFAULT_CSS = """
    TrickPiles { height: auto; }
    TrickPiles > .trick-piles--score { text-style: bold; }
    TrickPiles > .trick-piles--destroyed { color: $text-muted; text-style: strike; }
    TrickPiles > .trick-piles--empty { color: $text-muted; }
    TrickPiles > .trick-piles--total { text-style: bold; }
    """

    def __init__(self, *, empty: str = "no tricks", max_lines: int = 0,
                 name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._piles: tuple[PileFace, ...] = ()
        self._total: int | None = None
        self._empty = empty
        self._max_lines = max_lines  # 0: as many as the piles need
        self._fitted: tuple[int, list[Content]] | None = None  # (width, lines) shown

    @property
    def piles(self) -> tuple[PileFace, ...]:
        """The piles shown, oldest first."""
        return self._piles

    @property
    def total(self) -> int | None:
        """The sum shown before the piles, if any."""
        return self._total

    def set_piles(self, piles: Sequence[PileFace], total: int | None = None) -> None:
        """Show ``piles`` (oldest first) after ``total``; repaints only on a change."""
        piles = tuple(piles)
        if (piles, total) != (self._piles, self._total):
            width = self.content_size.width
            lines = self._line_count(width)
            self._piles, self._total = piles, total
            self._fitted = None
            # A layout pass (the whole screen) only when the height may change.
            height = self.styles.height
            auto = height is None or height.is_auto
            self.refresh(layout=auto and (not width or lines != self._line_count(width)))

    @property
    def text(self) -> str:
        """The plain text shown (tests, screen readers)."""
        return self.render().plain

    @staticmethod
    def token(pile: PileFace) -> Content:
        """One pile: `R1 10pt`, `R2×2 18pt`, `PM✗`."""
        if pile.destroyed:
            return Content.styled(f"{pile.face.label}{DESTROYED}", ".trick-piles--destroyed")
        return Content.assemble(_face(pile.face), pile.note, " ",
                                (f"{pile.score}{pile.unit}", ".trick-piles--score"))

    def content_lines(self, width: int) -> list[Line]:
        """The piles, wrapped between piles; the oldest folded away if they do not fit."""
        if not self._piles:
            return [Content.styled(self._empty, ".trick-piles--empty")]
        return list(self._lines(width))

    def _lines(self, width: int) -> list[Content]:
        if self._fitted is None or self._fitted[0] != width:
            self._fitted = (width, self._fit(width).split("\n"))
        return self._fitted[1]

    def _fit(self, width: int) -> Content:
        tokens = [self.token(p) for p in self._piles]
        first = ([] if self._total is None
                 else [Content.styled(f"round {self._total:+d}:", ".trick-piles--total")])
        limit = self._max_lines
        shown = _hanging(first, tokens, width)
        hidden = 0
        while limit and len(shown.split("\n")) > limit and hidden < len(tokens) - 1:
            hidden += 1
            more = Content.styled(f"({hidden} more)", ".trick-piles--empty")
            shown = _hanging(first, tokens[hidden:], width, more)
        return shown

    def _line_count(self, width: int) -> int:
        return len(self._lines(width)) if self._piles else 1

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the wrapped piles need."""
        return self._line_count(width)
