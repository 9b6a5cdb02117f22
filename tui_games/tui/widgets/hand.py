"""A player's hand: a row of face-up cards with a cursor, multi-select and sorting.

The hand knows cards only as ``CardFace`` values (label, style name, sort keys), so any
card game can use it. It draws every card itself, as text in a grid of equal cells that
wraps onto more rows when the cards do not fit the width: a key press repaints this one
widget, and asks for a layout pass only when the number of rows changes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from textual import events
from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.reactive import reactive
from textual.strip import Strip
from textual.widget import Widget

from tui_games.engine.text import fit
from tui_games.tui.widgets.card import (
    SORTS,
    CardFace,
    card_content,
    held_height,
    refresh_changed,
    sort_faces,
)
from tui_games.tui.widgets.cell_map import MapFrame, split_at_cuts
from tui_games.tui.widgets.line_widget import Line, LineWidget, joined
from tui_games.tui.widgets.strip_changes import changed_regions


class Hand(LineWidget, can_focus=True):
    """Face-up cards with a cursor (arrows or h/l), selection (space) and sorting (s).

    Marks read without colour: `[P1]` under the cursor (bold brackets), `*P1*` selected
    (also in reverse video), `{P1}` both under the cursor and selected, `·P1` for a card
    that cannot be played now (also dim), and with ``captions`` a short note under a card
    ("new", "pile").
    """

    MERGE_LOOKS = True  # fewer bytes per key (issue 17)

    # The owner follows the cursor with a watcher (``self.watch(hand, "cursor_key", ...)``):
    # it runs within the move, so what it changes is drawn in the same frame, and no
    # message climbs through every box up to the screen on each arrow key.
    cursor_key: reactive[int | None] = reactive(None, repaint=False, init=False)
    """The key of the card under the cursor, ``None`` when the hand is empty."""

    COMPONENT_CLASSES = {"card--cursor", "hand--selected", "hand--dimmed", "hand--caption"}

    DEFAULT_CSS = """
    Hand { height: auto; min-height: 1; }
    Hand > .card--cursor { text-style: bold; }
    Hand > .hand--selected { text-style: bold reverse; }
    Hand > .hand--dimmed { text-style: dim; }
    Hand > .hand--caption { text-style: italic; }
    """

    BINDINGS = [
        Binding("left,h", "move(-1)", "Move", key_display="←→", tooltip="(← h Move left)"),
        Binding("right,l", "move(1)", "Move right", show=False),
        Binding("home", "move_to_end(0)", "First", show=False),
        Binding("end", "move_to_end(1)", "Last", show=False),
        Binding("space", "toggle", "Select"),
        Binding("s", "sort", "Sort"),
    ]

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
        self._selected: set[int] = set()
        self._owner: object = None  # whose cards these are (see set_cards)
        self._rows: dict[tuple[object, ...], list[Strip]] = {}  # see render_line
        self.frame: MapFrame | None = None  # set by a MapFrame around the hand
        self._fitted: tuple[list[int], int] | None = None  # the frame's columns, as fitted
        self._fit_due = False  # a fit waits for the frame that shows the cards
        self._set_faces(list(faces))

    # ---- reading -----------------------------------------------------------------------

    @property
    def faces(self) -> tuple[CardFace, ...]:
        """The cards in display order."""
        return tuple(self._order)

    @property
    def cursor_face(self) -> CardFace | None:
        """The card under the cursor."""
        return next((f for f in self._order if f.key == self.cursor_key), None)

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

    def set_cards(self, faces: Sequence[CardFace], owner: object = None) -> None:
        """Show ``faces``, the hand of ``owner`` (a seat). The cursor and selection follow
        their cards when still present; a hand of another owner starts afresh, its cursor
        on its first card and nothing selected, so a player never finds the cursor where
        the player before left it (in hot-seat, or a replay's other seat)."""
        faces = list(faces)
        if owner != self._owner:
            self._owner = owner
            self._faces, self._order = [], []
            self._selected = set()
            self.cursor_key = None
        elif faces == self._faces:
            return
        before = self.selection
        self._changed(lambda: self._set_faces(faces))
        if self.selection != before:
            self.post_message(self.Selected(self, self.selection))

    def move_cursor_to(self, key: int) -> None:
        """Put the cursor on the card ``key`` (ignored when the hand does not hold it)."""
        if any(f.key == key for f in self._order) and key != self.cursor_key:
            rows = sorted({self._card_row(self.cursor_key), self._card_row(key)})
            before = [self.render_line(row) for row in rows]
            self.cursor_key = key
            # Only the cells of the two cards whose marks change are drawn again.
            width = self.size.width
            changed = []
            for row, old in zip(rows, before, strict=True):
                new = self.render_line(row)
                regions = changed_regions([old], [new], width, row)
                if self.frame is not None:  # one region per card, from its own edge
                    regions = split_at_cuts(regions, [old], [new], width,
                                            *self.cut_widths(), top=row)
                changed += regions
            if changed:
                self.refresh(*changed)

    def select(self, keys: Iterable[int]) -> None:
        """Select exactly the cards ``keys`` (cards not in the hand are ignored)."""
        held = {f.key for f in self._order}
        chosen = set(keys) & held
        if chosen != self._selected:
            self._selected = chosen
            self.refresh()
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
            self.refresh()
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
            return self._can_select()
        return True

    def _can_select(self) -> bool:
        # A look back (a replay, r or t) plays nothing: a selection there would do nothing.
        return self._selectable and not getattr(self.screen, "reviewing", False)

    def action_toggle(self) -> None:
        """Select or deselect the card under the cursor."""
        if self._can_select() and self.cursor_key is not None:
            self.select(self._selected ^ {self.cursor_key})

    def action_sort(self) -> None:
        """Switch between sorting by suit and by number."""
        modes = list(SORTS)
        self.set_sort(modes[(modes.index(self._sort) + 1) % len(modes)])

    def card_at(self, x: int, y: int) -> CardFace | None:
        """The card drawn at content offset (``x``, ``y``), if any."""
        cell, columns = self._grid(self.content_size.width)
        row = y // self._row_height
        column = x // cell
        index = row * columns + column
        if column >= columns or not 0 <= index < len(self._order):
            return None
        face = self._order[index]
        return face if x % cell < len(face.label) + 2 else None

    def on_click(self, event: events.Click) -> None:
        """A click moves the cursor to the card and toggles its selection."""
        offset = event.get_content_offset(self)
        face = None if offset is None else self.card_at(offset.x, offset.y)
        if face is None:
            return
        event.stop()
        self.focus()
        self.move_cursor_to(face.key)
        self.action_toggle()

    # ---- drawing -----------------------------------------------------------------------

    def _card_row(self, key: int | None) -> int:
        """The line the card ``key`` is drawn on (its label; a caption goes under it)."""
        index = next((i for i, f in enumerate(self._order) if f.key == key), 0)
        return index // self._grid(self.content_size.width)[1] * self._row_height

    @property
    def _row_height(self) -> int:
        return 2 if self._captions else 1

    def _index(self) -> int:
        for i, face in enumerate(self._order):
            if face.key == self.cursor_key:
                return i
        return 0

    def _set_faces(self, faces: list[CardFace]) -> None:
        old_order = [f.key for f in self._order]
        old_index = self._index() if self._order else 0
        self._faces = faces
        self._order = sort_faces(faces, self._sort)
        keys = [f.key for f in self._order]
        self._selected &= set(keys)
        if self.cursor_key not in keys:
            # the card left the hand: stay at the same place, or the nearest card still held
            survivors = [k for k in old_order[old_index:] if k in keys]
            if survivors:
                self.cursor_key = survivors[0]
            else:
                self.cursor_key = keys[min(old_index, len(keys) - 1)] if keys else None

    def _changed(self, change: Callable[[], None]) -> None:
        """Apply ``change``, then repaint; lay out again only when the shape changes."""
        width = self.content_size.width
        before = self._content(width)
        change()
        refresh_changed(self, before, self._content(width))
        self._fit_frame(soon=True)

    def cut_widths(self) -> tuple[list[int], int]:
        """A MapFrame's columns: one per card of a row (each cell's first column is an
        edge Textual writes from), as high as the hand is drawn."""
        width = self.content_size.width
        cell, columns = self._grid(width)
        # Not the lines' height: the hand's min-height (Neptune's keeps two rows) holds it
        # taller than a short hand's lines, and columns that changed height whenever a
        # card played empties a row would cost a layout pass of the whole screen each.
        lines = len(self.content_lines(width))
        return [cell] * columns, held_height(self, lines) - self.styles.gutter.height

    def _fit_frame(self, *, soon: bool = False) -> None:
        """Put the frame's columns where the cards now are. ``soon``: a change of the
        cards; unless it also changes the columns' height (the hand's own, whose layout
        pass moves them at no extra cost), the columns move after the frame that shows
        the cards. They are blank, under the cards, and only save bytes on a cursor key:
        a new width of card (the last ten played) must not add a layout pass of the
        whole screen to the key's first frame."""
        if self.frame is None or not self.content_size.width:
            return
        fit = self.cut_widths()
        if fit == self._fitted:
            return
        if soon and self._fitted is not None and fit[1] == self._fitted[1]:
            if not self._fit_due:
                self._fit_due = True
                self.call_after_refresh(self._fit_after_frame)
            return
        self._fitted = fit
        self.frame.fit()

    def _fit_after_frame(self) -> None:
        self._fit_due = False
        if self.is_attached:
            self._fit_frame()

    def on_resize(self, event: events.Resize) -> None:
        """The cards per row follow the width: so do the frame's columns."""
        self._fit_frame()

    def _grid(self, width: int) -> tuple[int, int]:
        """(cell width, cells per row) at ``width``: every cell fits the longest label with
        its two marks, and a column to spare so `[G13]` never touches `·B13`."""
        cell = max((len(f.label) for f in self._order), default=2) + 3
        return cell, max(1, width // cell) if width > 0 else max(1, len(self._order))

    def _content(self, width: int) -> Content:
        return Content("\n").join(joined(line).rstrip() for line in self.content_lines(width))

    def content_lines(self, width: int) -> list[Line]:
        """Every card in display order, wrapped in equal cells, captions underneath."""
        if not self._order:
            return [Content.styled("no cards", "dim italic")]
        cell, columns = self._grid(width)
        lines: list[Line] = []
        for start in range(0, len(self._order), columns):
            lines.extend(self._row_lines(self._order[start:start + columns], cell))
        return lines

    def _row_lines(self, row: Sequence[CardFace], cell: int) -> list[Line]:
        """One row of cards (each card a piece: a cursor move redraws two cards), and the
        captions under it."""
        cards: list[Content] = []
        notes: list[str] = []
        for face in row:
            cards.append(self._card(face).pad_right(cell - len(face.label) - 2))
            notes.append(fit(face.caption, len(face.label) + 2).center(len(face.label) + 2)
                         .ljust(cell))
        lines: list[Line] = [cards]
        if self._captions:
            lines.append(Content.styled("".join(notes).rstrip(), ".hand--caption"))
        return lines

    def render_line(self, y: int) -> Strip:
        """Line ``y``, from the strips of its row of cards kept by what the row shows (the
        cards and their marks): a cursor key going back and forth draws nothing new, and
        a repaint of one row does not build the others."""
        if self.text_selection is not None or not self._order:
            return super().render_line(y)
        width = self.size.width
        cell, columns = self._grid(width)
        row, sub = divmod(y, self._row_height)
        faces = self._order[row * columns:(row + 1) * columns]
        if not faces:
            return Strip.blank(width, self.visual_style.rich_style)
        cursor, selected = self.cursor_key, self._selected
        key = (tuple((f, f.key == cursor, f.key in selected) for f in faces), cell, width,
               self._captions, self.visual_style, self.app.theme)
        strips = self._rows.get(key)
        if strips is None:
            if len(self._rows) >= self.CACHE_LINES:
                self._rows.clear()
            strips = self._rows[key] = [
                strip for line in self._row_lines(faces, cell)
                for strip in self.line_strips(line, width)]
        return strips[sub] if sub < len(strips) else Strip.blank(width)

    def _card(self, face: CardFace) -> Content:
        return hand_card(face, face.key == self.cursor_key, face.key in self._selected)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many rows as the cards need at ``width``."""
        return len(self.content_lines(width))


@lru_cache(maxsize=2048)
def hand_card(face: CardFace, cursor: bool, selected: bool) -> Content:
    """A card as the hand draws it (kept: a repaint asks again for every card, though a
    cursor key changes two)."""
    content = card_content(face, cursor=cursor, selected=selected)
    if selected:
        return content.stylize(".hand--selected")
    if face.dimmed and not cursor:
        return content.stylize(".hand--dimmed")
    return content


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
