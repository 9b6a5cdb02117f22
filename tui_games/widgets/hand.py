"""A player's hand: a row of face-up cards with a cursor, multi-select and sorting.

The hand knows cards only as ``CardFace`` values (label, style name, sort keys), so any
card game can use it. It wraps onto more rows when the cards do not fit the width, and a
key press touches only the cards whose marks changed, never the whole screen.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.widget import Widget

from tui_games.widgets.card import SORTS, Card, CardFace, refresh_changed, sort_faces

_SPARE = 4  # hidden Card widgets kept ready for the next cards drawn


class Hand(Widget, can_focus=True):
    """Face-up cards with a cursor (arrows or h/l), selection (space) and sorting (s)."""

    DEFAULT_CSS = """
    Hand {
        layout: grid;
        grid-size: 12;
        grid-columns: 5;
        grid-rows: 2;
        height: auto;
        min-height: 2;
    }
    """

    BINDINGS = [
        Binding("left,h", "move(-1)", "Move", key_display="←→"),
        Binding("right,l", "move(1)", "Move right", show=False),
        Binding("home", "move_to_end(0)", "First", show=False),
        Binding("end", "move_to_end(1)", "Last", show=False),
        Binding("space", "toggle", "Select"),
        Binding("s", "sort", "Sort"),
    ]

    class CursorMoved(Message):
        """The cursor moved to the card ``key`` (``None`` for an empty hand)."""

        def __init__(self, hand: Hand, key: int | None) -> None:
            super().__init__()
            self.hand = hand
            self.key = key

        @property
        def control(self) -> Hand:
            """The hand that sent the message."""
            return self.hand

    class Selected(Message):
        """The selection changed; ``keys`` are the selected cards in display order."""

        def __init__(self, hand: Hand, keys: tuple[int, ...]) -> None:
            super().__init__()
            self.hand = hand
            self.keys = keys

        @property
        def control(self) -> Hand:
            """The hand that sent the message."""
            return self.hand

    class Sorted(Message):
        """The hand was re-sorted; ``mode`` is "suit" or "number"."""

        def __init__(self, hand: Hand, mode: str) -> None:
            super().__init__()
            self.hand = hand
            self.mode = mode

        @property
        def control(self) -> Hand:
            """The hand that sent the message."""
            return self.hand

    def __init__(self, faces: Iterable[CardFace] = (), *, sort: str = "number",
                 captions: bool = True, selectable: bool = True, name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._selectable = selectable
        if sort not in SORTS:
            raise ValueError(f"sort must be one of {sorted(SORTS)}, not {sort!r}")
        self._sort = sort
        self._captions = captions
        self._faces: list[CardFace] = []
        self._order: list[CardFace] = []
        self._cursor: int | None = None
        self._selected: set[int] = set()
        self._cell = 0
        self._composed = False
        self._set_faces(list(faces))

    # ---- reading -----------------------------------------------------------------------

    @property
    def faces(self) -> tuple[CardFace, ...]:
        """The cards in display order."""
        return tuple(self._order)

    @property
    def cards(self) -> list[Card]:
        """The Card widgets showing the hand, in display order (spare ones left out)."""
        return [card for card in self.query_children(Card) if card.display]

    @property
    def cursor_key(self) -> int | None:
        """The key of the card under the cursor, ``None`` when the hand is empty."""
        return self._cursor

    @property
    def cursor_face(self) -> CardFace | None:
        """The card under the cursor."""
        return next((f for f in self._order if f.key == self._cursor), None)

    @property
    def selection(self) -> tuple[int, ...]:
        """The selected cards' keys, in display order."""
        return tuple(f.key for f in self._order if f.key in self._selected)

    @property
    def sort_mode(self) -> str:
        """How the hand is sorted: "suit" or "number"."""
        return self._sort

    @property
    def selectable(self) -> bool:
        """Whether space selects cards now (a game turns it off when choosing one card)."""
        return self._selectable

    @selectable.setter
    def selectable(self, value: bool) -> None:
        if value != self._selectable:
            self._selectable = value
            if not value:
                self.clear_selection()
            self.refresh_bindings()

    # ---- changing ----------------------------------------------------------------------

    def set_cards(self, faces: Sequence[CardFace]) -> None:
        """Show ``faces``; the cursor and selection follow their cards when still present."""
        before = (self._cursor, self.selection)
        self._set_faces(list(faces))
        self._sync()
        if self._cursor != before[0]:
            self.post_message(self.CursorMoved(self, self._cursor))
        if self.selection != before[1]:
            self.post_message(self.Selected(self, self.selection))

    def move_cursor_to(self, key: int) -> None:
        """Put the cursor on the card ``key`` (ignored when the hand does not hold it)."""
        if any(f.key == key for f in self._order) and key != self._cursor:
            self._cursor = key
            self._sync()
            self.post_message(self.CursorMoved(self, key))

    def select(self, keys: Iterable[int]) -> None:
        """Select exactly the cards ``keys`` (cards not in the hand are ignored)."""
        held = {f.key for f in self._order}
        chosen = set(keys) & held
        if chosen != self._selected:
            self._selected = chosen
            self._sync()
            self.post_message(self.Selected(self, self.selection))

    def clear_selection(self) -> None:
        """Deselect every card."""
        self.select(())

    def set_sort(self, mode: str) -> None:
        """Sort by "suit" or "number"; the cursor stays on its card."""
        if mode not in SORTS:
            raise ValueError(f"sort must be one of {sorted(SORTS)}, not {mode!r}")
        if mode != self._sort:
            self._sort = mode
            self._order = sort_faces(self._faces, mode)
            self._sync()
            self.post_message(self.Sorted(self, mode))

    # ---- actions -----------------------------------------------------------------------

    def action_move(self, step: int) -> None:
        """Move the cursor ``step`` cards left (negative) or right, stopping at the ends."""
        if not self._order:
            return
        index = self._index()
        target = min(max(index + step, 0), len(self._order) - 1)
        self.move_cursor_to(self._order[target].key)

    def action_move_to_end(self, last: int) -> None:
        """Jump to the first card (0) or the last (1)."""
        if self._order:
            self.move_cursor_to(self._order[-1 if last else 0].key)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Hide Select from the footer while the hand is not selectable."""
        if action == "toggle":
            return self._selectable
        return True

    def action_toggle(self) -> None:
        """Select or deselect the card under the cursor."""
        if self._selectable and self._cursor is not None:
            self.select(self._selected ^ {self._cursor})

    def action_sort(self) -> None:
        """Switch between sorting by suit and by number."""
        modes = list(SORTS)
        self.set_sort(modes[(modes.index(self._sort) + 1) % len(modes)])

    def on_card_pressed(self, event: Card.Pressed) -> None:
        """A click moves the cursor to the card and toggles its selection."""
        event.stop()
        self.focus()
        self.move_cursor_to(event.card.face.key)
        self.action_toggle()

    # ---- drawing -----------------------------------------------------------------------

    def _index(self) -> int:
        for i, face in enumerate(self._order):
            if face.key == self._cursor:
                return i
        return 0

    def _set_faces(self, faces: list[CardFace]) -> None:
        old_order = [f.key for f in self._order]
        old_index = self._index() if self._order else 0
        self._faces = faces
        self._order = sort_faces(faces, self._sort)
        keys = [f.key for f in self._order]
        self._selected &= set(keys)
        if self._cursor not in keys:
            # the card left the hand: stay at the same place, or the nearest card still held
            survivors = [k for k in old_order[old_index:] if k in keys]
            if survivors:
                self._cursor = survivors[0]
            else:
                self._cursor = keys[min(old_index, len(keys) - 1)] if keys else None

    def _sync(self) -> None:
        """Match the Card children to the faces, then lay them out in a grid.

        Card widgets are kept in a pool: a card leaving the hand hides its widget and a new
        card reuses one, so drawing and melding restyle a few cards instead of mounting and
        removing widgets (which would cost extra layout passes).
        """
        if not self._composed:
            return  # compose() builds the first cards
        cards = list(self.query_children(Card))
        for i, card in enumerate(cards):
            if i < len(self._order):
                face = self._order[i]
                card.show(face, cursor=face.key == self._cursor,
                          selected=face.key in self._selected)
            card.display = i < len(self._order)
        if len(cards) < len(self._order):
            spare = [Card(self._order[-1], captions=self._captions) for _ in range(_SPARE)]
            for card in spare:
                card.display = False
            new = [Card(face, captions=self._captions) for face in self._order[len(cards):]]
            for card in new:
                card.show(card.face, cursor=card.face.key == self._cursor,
                          selected=card.face.key in self._selected)
            self.mount_all([*new, *spare])
        self._layout_grid()

    def _layout_grid(self) -> None:
        widest = max((len(f.label) for f in self._order), default=2)
        cell = widest + 2
        width = self.content_size.width or self.size.width
        columns = max(1, width // cell) if width else 12
        if cell != self._cell:
            self._cell = cell
            self.styles.grid_columns = str(cell)
        if self.styles.grid_size_columns != columns:
            self.styles.grid_size_columns = columns
        self.styles.grid_rows = "2" if self._captions else "1"

    def compose(self) -> ComposeResult:
        """One Card per face, in display order."""
        self._composed = True
        for face in self._order:
            yield Card(face, captions=self._captions)
        for _ in range(_SPARE):
            spare = Card(CardFace(key=-1, label=""), captions=self._captions)
            spare.display = False
            yield spare
        self.call_after_refresh(self._sync)  # marks and grid columns, once sized

    def on_resize(self, event: events.Resize) -> None:
        """Fit as many cards per row as the new width allows."""
        self._layout_grid()

    def render(self) -> Content:
        """Nothing of its own: the Card children draw the cards."""
        return Content("")


class HiddenHand(Widget):
    """An opponent's hand seen from across the table: one ▮ per face-down card, and the count."""

    DEFAULT_CSS = """
    HiddenHand { width: auto; height: 1; }
    """

    def __init__(self, count: int = 0, *, name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._count = count

    @property
    def count(self) -> int:
        """How many cards the hand holds."""
        return self._count

    def set_count(self, count: int) -> None:
        """Show ``count`` face-down cards; repaints only on a change."""
        if count != self._count:
            before = self.render()
            self._count = count
            refresh_changed(self, before, self.render())

    def render(self) -> Content:
        """`▮▮▮▮▮ 5` (at most 20 marks, the number always exact)."""
        marks = "▮" * min(self._count, 20)
        return Content.assemble((marks, "bold"), f" {self._count}" if marks else "no cards")
