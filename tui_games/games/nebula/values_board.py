"""ValuesBoard: Nebula's Values board - three tracks of Value tokens, with a cursor.

One column per track: the six colour tokens, the four constellation tokens and the four
tokens of the Advanced objectives in play (``A1``..``A4``). Each token shows its space
(0..10) - with a bar in the large form - and its place on the podium (``1st`` ``2nd``
``3rd``, as the screen computes it from the rules). While the player chooses a token to
advance, arrows move the cursor (``▸`` and reverse video) through the tokens; tokens the
screen marks ``blocked`` are dimmed. The screen watches ``cursor``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import ClassVar

from textual.binding import Binding
from textual.content import Content, Span
from textual.geometry import Size
from textual.reactive import reactive

from tui_games.engine.text import fit
from tui_games.games.nebula.board import VALUE_TRACK_LAST
from tui_games.games.nebula.star_colours import star_style
from tui_games.games.nebula.state import (
    ADVANCED_TOKENS,
    COLOUR_TOKENS,
    CONSTELLATION_TOKENS,
    VALUE_TOKENS,
)
from tui_games.games.nebula.table_model import PLACES, VALUES_KEY, token_label
from tui_games.tui.widgets.line_widget import Line, LineWidget

TRACKS: tuple[range, ...] = (COLOUR_TOKENS, CONSTELLATION_TOKENS, ADVANCED_TOKENS)
TRACK_TITLES = ("Colours", "Constellations", "Advanced")
TRACK_PAY = ("1st/2nd/3rd: 3/2/1 VP per star", "1st/2nd/3rd: 14/12/10 VP each",
             "1st/2nd/3rd: 4/3/2 VP per pattern")
# The compact columns, 34 in all as the pane has at 80x24. The colour column is as narrow
# as "▸R 10 1st" so that the middle one's title reads "Constellations" whole, where
# "Constell." was shorthand to a newcomer (issue 31).
_WIDTHS = (9, 15, 10)
COMPONENT_RULES = {
    "values--title": "text-style: bold;",
    "values--place": "color: $text-warning; text-style: bold;",
    "values--blocked": "text-style: dim strike;",
    "values--bar": "color: $text-accent;",
    "values--note": "color: $text-muted;",
}
"""The component classes its spans name, and their rules: held by the table's
palette (palette.py), not by the ValuesBoard, so that a focus move restyles the board
alone and not each of its classes as well (issue 17)."""


class ValuesBoard(LineWidget, can_focus=True):
    """Three columns of Value tokens; ``cursor`` is the token chosen (0..13)."""

    MERGE_LOOKS = True  # fewer bytes per key (issue 17)

    ALLOW_SELECT: ClassVar[bool] = False  # a board drawing, not text to copy

    DEFAULT_CSS = """
    ValuesBoard { width: auto; height: auto; }
    """

    BINDINGS = [
        Binding("up,k", "move(-1, 0)", "Token", key_display="↑↓←→", tooltip="(↑ k Up)"),
        Binding("down,j", "move(1, 0)", "Down", show=False),
        Binding("left,h", "move(0, -1)", "Left", show=False),
        Binding("right,l", "move(0, 1)", "Right", show=False),
    ]

    values: reactive[tuple[int, ...]] = reactive((0,) * VALUE_TOKENS)
    places: reactive[tuple[tuple[int, int], ...]] = reactive(())
    blocked: reactive[frozenset[int]] = reactive(frozenset())
    cursor: reactive[int] = reactive(0)
    choosing: reactive[bool] = reactive(False)
    large: reactive[bool] = reactive(False, layout=True)

    def __init__(self, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        # The lines last built and what they showed (see content_lines); set before
        # Widget's __init__, which may restyle the widget already.
        self._lines_key: tuple[object, ...] | None = None
        self._lines: list[Line] = []
        super().__init__(name=name, id=id, classes=classes)

    def show_values(self, values: Sequence[int], places: Mapping[int, int],
                    blocked: Iterable[int] = ()) -> None:
        """Token spaces, the podium (``{token: 0 for 1st, 1, 2}``) and tokens that can't move."""
        self.values = tuple(values)
        self.places = tuple(sorted(places.items()))
        self.blocked = frozenset(blocked)

    def move_cursor_to(self, token: int) -> None:
        """Put the cursor on ``token``."""
        if 0 <= token < VALUE_TOKENS:
            self.cursor = token

    def action_move(self, d_row: int, d_col: int) -> None:
        """Up/down within a track (wrapping into the next one), left/right across tracks."""
        track = next(i for i, t in enumerate(TRACKS) if self.cursor in t)
        row = self.cursor - TRACKS[track].start
        if d_col:
            track = (track + d_col) % len(TRACKS)
            row = min(row, len(TRACKS[track]) - 1)
            self.move_cursor_to(TRACKS[track].start + row)
        else:
            self.move_cursor_to((self.cursor + d_row) % VALUE_TOKENS)

    # ---- drawing -----------------------------------------------------------------------

    def get_content_width(self, container: Size, viewport: Size) -> int:
        """Three columns side by side, or (large) one line per token."""
        return 48 if self.large else sum(_WIDTHS)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """Compact: titles, six rows, the lines saying what places pay; large: a title
        per track and a line per token."""
        return (len(TRACKS) + VALUE_TOKENS if self.large
                else 1 + len(COLOUR_TOKENS) + len(VALUES_KEY))

    def content_lines(self, width: int) -> list[Line]:
        """The tokens of the three tracks with their places, and what the places pay
        (each token a piece: a cursor move draws the two tokens it changes); built again
        only when what they show changed (a refresh for the focus coming or going reads
        the same lines)."""
        key = (self.values, self.places, self.blocked, self.cursor, self.choosing,
               self.large)
        if key != self._lines_key:
            self._lines_key = key
            self._lines = self._render_large() if self.large else self._render_compact()
        return self._lines

    def _render_compact(self) -> list[Line]:
        places = dict(self.places)
        rows: list[Line] = [Content("").join(
            Content.styled(title.ljust(w), ".values--title")
            for title, w in zip(TRACK_TITLES, _WIDTHS, strict=True))]
        for row in range(len(COLOUR_TOKENS)):
            cells = []
            for track, width in zip(TRACKS, _WIDTHS, strict=True):
                token = track.start + row
                cells.append(self._token(token, places.get(token), width, bar=False)
                             if token in track else Content(" " * width))
            rows.append(cells)
        rows += [Content.styled(line, ".values--note") for line in VALUES_KEY]
        return rows

    def _render_large(self) -> list[Line]:
        places = dict(self.places)
        rows: list[Line] = []
        for track, title, pay in zip(TRACKS, TRACK_TITLES, TRACK_PAY, strict=True):
            rows.append(Content.assemble((title, ".values--title"), (f"  {pay}", ".values--note")))
            rows += [self._token(token, places.get(token), 30, bar=True) for token in track]
        return rows

    def _token(self, token: int, place: int | None, width: int, *, bar: bool) -> Content:
        value = self.values[token]
        cursor = self.choosing and token == self.cursor
        label = token_label(token)
        pad = 6 if bar else 5 if token in CONSTELLATION_TOKENS else len(label)
        text = ("▸" if cursor else " ") + label.ljust(pad)
        spans: list[Span] = []
        if token in COLOUR_TOKENS:
            spans.append(Span(1, 1 + len(label), star_style(token)))
        if bar:
            marks = "▮" * value + "·" * (VALUE_TRACK_LAST - value)
            spans.append(Span(len(text), len(text) + len(marks), ".values--bar"))
            text += marks
        text += f"{value:>3}"
        if place is not None:
            spans.append(Span(len(text) + 1, len(text) + 4, ".values--place"))
            text += " " + PLACES[place]
        text = fit(text, width).ljust(width)
        if token in self.blocked:
            spans.append(Span(1, len(text.rstrip()), ".values--blocked"))
        if cursor:
            spans.append(Span(0, len(text.rstrip()), "bold reverse"))
        return Content(text, spans)
