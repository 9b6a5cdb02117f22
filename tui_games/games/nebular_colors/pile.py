"""Face-up cards laid on the table: a splayed discard pile, and groups of cards (melds).

Both draw their cards as text in one widget, wrapping between cards (never inside one),
so every card of a long pile stays readable at 80 columns. Cards are ``CardFace`` values:
the widgets know labels and style names, not any game.
"""

from __future__ import annotations

from collections.abc import Sequence

from textual.binding import Binding
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget

from tui_games.engine.grammar import plural
from tui_games.tui.widgets.card import CardFace, faces_content, refresh_changed, wrap_tokens
from tui_games.tui.widgets.line_widget import Line, LineWidget


class SplayedPile(LineWidget, can_focus=True):
    """A discard pile splayed so every card shows, oldest first; focus it to choose it.

    Enter (or a click) posts ``SplayedPile.Chosen``; left/right move to the neighbouring
    pile; escape posts ``SplayedPile.Cancelled``. The border title names the pile and its
    size; ``set_hint`` puts a short note in the bottom border (say, what taking it allows).
    """

    DEFAULT_CSS = """
    SplayedPile { height: auto; min-height: 3; border: round $foreground 40%; padding: 0 1; }
    SplayedPile:focus { border: heavy $accent; }
    """

    BINDINGS = [
        Binding("enter", "choose", "Choose pile"),
        Binding("left,h", "step(-1)", "Other pile", show=False),
        Binding("right,l", "step(1)", "Other pile", show=False),
        Binding("escape", "cancel", "Back"),
    ]

    class Chosen(Message):
        """The player chose this pile (enter or click)."""

        def __init__(self, pile: SplayedPile) -> None:
            super().__init__()
            self.pile = pile

        @property
        def control(self) -> SplayedPile:
            """The pile that was chosen."""
            return self.pile

    class Cancelled(Message):
        """The player backed out of choosing a pile."""

        def __init__(self, pile: SplayedPile) -> None:
            super().__init__()
            self.pile = pile

        @property
        def control(self) -> SplayedPile:
            """The pile that had focus."""
            return self.pile

    def __init__(self, title: str, faces: Sequence[CardFace] = (), *, name: str | None = None,
                 id: str | None = None, classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._title = title
        self._faces: tuple[CardFace, ...] = tuple(faces)
        self._hint = ""
        self._update_titles()

    @property
    def faces(self) -> tuple[CardFace, ...]:
        """The cards, oldest first."""
        return self._faces

    @property
    def title(self) -> str:
        """The pile's name ("left pile")."""
        return self._title

    def set_cards(self, faces: Sequence[CardFace]) -> None:
        """Show ``faces`` (oldest first); repaints only when they changed."""
        faces = tuple(faces)
        if faces != self._faces:
            before = self._content(self.content_size.width)
            self._faces = faces
            self._update_titles()
            refresh_changed(self, before, self._content(self.content_size.width))

    def set_hint(self, hint: str) -> None:
        """A short note in the bottom border ("" for none)."""
        if hint != self._hint:
            self._hint = hint
            self._update_titles()

    def _update_titles(self) -> None:
        self.border_title = f"{self._title} · {plural(len(self._faces), 'card')}"
        self.border_subtitle = self._hint

    def _content(self, width: int) -> Content:
        if not self._faces:
            return Content.styled("(empty)", "dim italic")
        return wrap_tokens([faces_content([face]) for face in self._faces], width)

    def content_lines(self, width: int) -> list[Line]:
        """Every card's label, oldest to newest, wrapped between cards (a new card on the
        pile changes its last line alone: the others are drawn from the cache)."""
        return self._content(width).split("\n")

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the wrapped cards need at ``width``."""
        return len(self._content(width).plain.split("\n"))

    def action_choose(self) -> None:
        """Choose this pile."""
        self.post_message(self.Chosen(self))

    def action_step(self, step: int) -> None:
        """Move the focus to the previous or next focusable pile."""
        piles = [p for p in self.screen.query(SplayedPile) if p.focusable]
        if self in piles and len(piles) > 1:
            piles[(piles.index(self) + step) % len(piles)].focus()

    def action_cancel(self) -> None:
        """Back out of choosing a pile."""
        self.post_message(self.Cancelled(self))

    def on_click(self) -> None:
        """A click chooses the pile, when it may be chosen."""
        if self.focusable:
            self.focus()
            self.post_message(self.Chosen(self))


class CardGroups(Widget):
    """Groups of cards on one or more lines: `[Y10 Y11 Y12] [P4 Y4 B4]` (melds, tricks)."""

    DEFAULT_CSS = """
    CardGroups { height: auto; }
    """

    def __init__(self, groups: Sequence[Sequence[CardFace]] = (), *, empty: str = "",
                 name: str | None = None, id: str | None = None,
                 classes: str | None = None) -> None:
        super().__init__(name=name, id=id, classes=classes)
        self._groups: tuple[tuple[CardFace, ...], ...] = tuple(tuple(g) for g in groups)
        self._empty = empty

    @property
    def groups(self) -> tuple[tuple[CardFace, ...], ...]:
        """The groups shown."""
        return self._groups

    def set_groups(self, groups: Sequence[Sequence[CardFace]]) -> None:
        """Show ``groups``; repaints only when they changed."""
        new = tuple(tuple(g) for g in groups)
        if new != self._groups:
            before = self._content(self.content_size.width)
            self._groups = new
            refresh_changed(self, before, self._content(self.content_size.width))

    def render(self) -> Content:
        """Each group in brackets, wrapping between groups (or between cards if one is long)."""
        return self._content(self.content_size.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        """As many lines as the wrapped groups need at ``width``."""
        return len(self._content(width).plain.split("\n"))

    def _content(self, width: int) -> Content:
        if not self._groups:
            return Content.styled(self._empty, "dim italic")
        tokens: list[Content] = []
        for group in self._groups:
            whole = Content.assemble("[", faces_content(group), "]")
            if not width or whole.cell_length <= width:
                tokens.append(whole)
                continue
            for i, face in enumerate(group):  # too long for one line: split between cards
                tokens.append(Content.assemble("[" if i == 0 else "", faces_content([face]),
                                               "]" if i == len(group) - 1 else ""))
        return wrap_tokens(tokens, width)
