"""One face-up card, drawn as its label, for any card game.

A card widget knows nothing about a game: it shows a ``CardFace`` - a label (`P1`, `R6 (5)`)
and a style name. The style name is a *component class* that an ancestor declares (the
game's screen lists its suits in ``COMPONENT_CLASSES`` and colours them in its .tcss), so
the widgets stay generic and every colour lives in the stylesheets. The label always names
the card in text too, so colour is never the only signal.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from rich.cells import cell_len
from textual.content import Content
from textual.message import Message
from textual.widget import Widget

from tui_games.engine.text import fit


@dataclass(frozen=True, slots=True)
class CardFace:
    """What a card widget shows: a label, a style name, and keys to sort by.

    ``key`` identifies the card (two identical cards have different keys); ``style`` is a
    component class looked up on an ancestor ("suit-g"); ``group`` (suit order) and ``rank``
    (number) sort a hand; ``caption`` is a short note under the card in a hand ("new");
    ``dimmed`` shows a card that cannot be played now.
    """

    key: int
    label: str
    style: str = ""
    group: int = 0
    rank: int = 0
    caption: str = ""
    dimmed: bool = False


SORTS: dict[str, str] = {"suit": "by suit", "number": "by number"}


def sort_faces(faces: Iterable[CardFace], mode: str) -> list[CardFace]:
    """``faces`` in display order: by suit then number, or by number then suit."""
    if mode == "number":
        return sorted(faces, key=lambda f: (f.rank, f.group, f.key))
    return sorted(faces, key=lambda f: (f.group, f.rank, f.key))


UNPLAYABLE = "·"  # marks a dimmed card in text, for terminals without colour (NO_COLOR)


def card_content(face: CardFace, *, cursor: bool = False, selected: bool = False) -> Content:
    """A face as one line: `[P1]` under the cursor, `*P1*` when selected, `{P1}` under the
    cursor and selected, `·P1 ` when it cannot be played now (dimmed), ` P1 ` otherwise.
    The marks are text, so they read without colour; the cursor's marks are bold
    (component class ``card--cursor``). A selected card under the cursor needs marks of
    its own: with the cursor's brackets alone, space on a card seemed to do nothing."""
    if cursor:
        left, right = ("{", "}") if selected else ("[", "]")
        return Content.assemble((left, CURSOR_STYLE), (face.label, _style(face)),
                                (right, CURSOR_STYLE))
    if selected:
        left, right = "*", "*"
    elif face.dimmed:
        left, right = UNPLAYABLE, " "
    else:
        left = right = " "
    return Content.assemble(left, (face.label, _style(face)), right)


CURSOR_STYLE = ".card--cursor"


def _style(face: CardFace) -> str:
    return f".{face.style}" if face.style else ""


def faces_content(faces: Sequence[CardFace], sep: str = " ") -> Content:
    """Several faces on one line, each in its style (for piles, melds, tricks)."""
    parts: list[str | tuple[str, str]] = []
    for i, face in enumerate(faces):
        if i:
            parts.append(sep)
        parts.append((face.label, f".{face.style}" if face.style else ""))
    return Content.assemble(*parts)


def wrap_tokens(tokens: Sequence[Content], width: int, sep: str = " ") -> Content:
    """Join ``tokens`` with ``sep``, breaking lines between tokens to fit ``width``."""
    lines: list[Content] = []
    line = Content("")
    for token in tokens:
        if not line.plain:
            line = token
        elif width > 0 and line.cell_length + len(sep) + token.cell_length > width:
            lines.append(line)
            line = token
        else:
            line = Content.assemble(line, sep, token)
    lines.append(line)
    return Content("\n").join(lines)


def content_shape(content: Content) -> tuple[int, int]:
    """Lines and widest line of ``content``."""
    lines = content.plain.split("\n")
    return len(lines), max(cell_len(line) for line in lines)


def refresh_changed(widget: Widget, before: Content, after: Content) -> None:
    """Repaint ``widget``, asking for a layout pass only when its size may change.

    A layout pass arranges the whole screen; most updates (a count, a card added to a line
    that has room) keep the shape, and then a repaint of the widget alone is enough.
    """
    lines_before, width_before = content_shape(before)
    lines_after, width_after = content_shape(after)
    width = widget.styles.width
    auto_width = width is not None and width.is_auto
    widget.refresh(layout=held_height(widget, lines_before) != held_height(widget, lines_after)
                   or (auto_width and width_before != width_after))


def held_height(widget: Widget, lines: int) -> int:
    """The height ``widget`` takes for ``lines`` of content, within the min-height and
    max-height the stylesheet gives it in cells: a change of lines inside those bounds
    (a hand's caption row within the two rows it always has) moves nothing."""
    styles = widget.styles
    height = lines + styles.gutter.height
    low, high = styles.min_height, styles.max_height
    if low is not None and low.is_cells:
        height = max(height, int(low.value))
    if high is not None and high.is_cells:
        height = min(height, int(high.value))
    return height


class Card(Widget):
    """A face-up card: its label in its style, with cursor and selection marks.

    Classes set on the widget: ``-selected`` and ``-dimmed``, so the stylesheet can add
    reverse video or dimming on top of the text marks. The cursor is drawn by ``render``
    alone (bold brackets, component class ``card--cursor``): a class change restyles the
    widget through the stylesheet, too slow for a key that only moves the cursor. With
    ``captions`` the card is two lines tall and shows its face's caption under the label.
    """

    COMPONENT_CLASSES = {"card--cursor"}

    DEFAULT_CSS = """
    Card { width: auto; height: auto; }
    """

    class Pressed(Message):
        """The card was clicked."""

        def __init__(self, card: Card) -> None:
            super().__init__()
            self.card = card

    def __init__(self, face: CardFace, *, captions: bool = False, name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._face = face
        self._cursor = False
        self._selected = False
        self._captions = captions
        self.set_class(face.dimmed, "-dimmed")

    @property
    def face(self) -> CardFace:
        """The face shown."""
        return self._face

    @property
    def cursor(self) -> bool:
        """Whether the hand's cursor is on this card."""
        return self._cursor

    @property
    def selected(self) -> bool:
        """Whether this card is selected."""
        return self._selected

    def show(self, face: CardFace, *, cursor: bool = False, selected: bool = False) -> None:
        """Show ``face`` with these marks; repaints only when something changed."""
        if (face, cursor, selected) == (self._face, self._cursor, self._selected):
            return
        resized = len(face.label) != len(self._face.label)
        self._face, self._cursor, self._selected = face, cursor, selected
        if self.has_class("-selected") != selected:
            self.set_class(selected, "-selected")
        if self.has_class("-dimmed") != face.dimmed:
            self.set_class(face.dimmed, "-dimmed")
        self.refresh(layout=resized)

    def render(self) -> Content:
        """The label line, and the caption line when captions are on."""
        line = card_content(self._face, cursor=self._cursor, selected=self._selected)
        if not self._captions:
            return line
        width = len(self._face.label) + 2
        caption = fit(self._face.caption, width).center(width)
        return Content.assemble(line, "\n", (caption, "italic"))

    def on_click(self) -> None:
        """Clicking a card tells its container (a hand moves its cursor there)."""
        self.post_message(self.Pressed(self))
