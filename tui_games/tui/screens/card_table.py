"""CardTable: the base of a table whose viewer holds a hand of cards.

What every card table does the same way lives here, so a card game writes only its own:

- **Binding order** (``card_bindings``): the game's keys first, so they lead the footer,
  then GameScreen's shared keys, then Screen's own (a subclass declares
  ``inherit_bindings=False`` and lists them all).
- **Hand focus** (``focus_hand``): the hand takes the arrow keys when the table opens.
- **Hint marking** for card actions (``mark_hint``): an action of a type in
  ``HAND_ACTIONS`` is marked in the hand, its ``cards`` selected and the cursor on the
  first, or the cursor on its ``card``.
- **The cursor reset when the viewer changes** (``deal_hand``): in hot-seat and in the
  replay's seat and spectator views one Hand widget shows one viewer's cards after
  another's; the next viewer starts on their first card with nothing selected, never
  where the last one left the cursor (which would tell what they chose).
- **The cursor kept by a save** (``keep_view`` and ``restore_cursor``), under
  ``CURSOR_PREF`` in the session's ui_prefs.

``HandTable`` declares what such a screen exposes to the tools and tests that drive a
table from outside (tools/bench*, the hint tests): its viewer's ``hand``.
"""

from __future__ import annotations

from typing import Any, ClassVar, Protocol, runtime_checkable

from textual.binding import BindingType
from textual.screen import Screen

from tui_games.engine.core import Action
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.widgets.card import CardFace
from tui_games.tui.widgets.hand import Hand

__all__ = ["CardTable", "HandTable", "card_bindings"]


@runtime_checkable
class HandTable(Protocol):
    """A table whose viewer holds cards: bench and the hint tests read its ``hand`` (the
    card under its ``cursor_key``, its ``selection``) to check what a key or a hint did."""

    @property
    def hand(self) -> Hand:
        """The Hand widget that shows the viewer's cards."""
        ...


def card_bindings(*own: BindingType) -> list[BindingType]:
    """A card table's bindings: its own keys first (they lead the footer), then the keys
    every table shares, then the screen's own (ctrl+p and the like)."""
    return [*own, *GameScreen.BINDINGS, *Screen.BINDINGS]


class CardTable(GameScreen):
    """A GameScreen whose viewer holds a hand (see the module's docstring)."""

    HAND_ID: ClassVar[str]
    """The id of the viewer's Hand widget in ``compose_table``."""

    CURSOR_PREF: ClassVar[str] = "hand_cursor"
    """The ui_prefs key a save keeps the card under the hand's cursor in."""

    HAND_ACTIONS: ClassVar[tuple[type[Action], ...]] = ()
    """The action types played from the hand: a hint for one marks its card or cards."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        saved = self.saved_numbers(self.CURSOR_PREF, 1)
        self._restore_cursor: int | None = saved[0] if saved else None

    @property
    def hand(self) -> Hand:
        """The Hand widget that shows the viewer's cards (see ``HandTable``)."""
        return self.query_one(f"#{self.HAND_ID}", Hand)

    def focus_hand(self) -> None:
        """Give the hand the keys (nothing once the table is closed)."""
        if not self.closed:
            self.hand.focus()

    def deal_hand(self, faces: list[CardFace]) -> Hand:
        """Show ``faces`` in the viewer's hand. When the viewer changed since the hand was
        last drawn, the cursor starts on the first card and nothing is selected."""
        hand = self.hand
        hand.set_cards(faces, owner=self.viewer)  # another owner: the hand starts afresh
        return hand

    @property
    def restoring_cursor(self) -> bool:
        """True until ``restore_cursor`` has put back the cursor a save kept."""
        return self._restore_cursor is not None

    def restore_cursor(self) -> None:
        """The first time only: put the cursor back on the card a save kept it on."""
        if self._restore_cursor is not None:  # a resumed game: the cursor as it was saved
            self.hand.move_cursor_to(self._restore_cursor)
            self._restore_cursor = None

    def keep_view(self) -> None:
        """A save keeps the card under the hand's cursor."""
        if self.hand.cursor_key is not None:
            self.session.ui_prefs[self.CURSOR_PREF] = str(self.hand.cursor_key)

    def mark_hint(self, action: Action) -> None:
        """A hinted action played from the hand (``HAND_ACTIONS``): its ``cards`` are
        selected with the cursor on the first, or the cursor goes to its ``card``."""
        if not isinstance(action, self.HAND_ACTIONS):
            return
        cards: tuple[int, ...] | None = getattr(action, "cards", None)
        if cards is not None:
            self.hand.select(cards)
            if cards:
                self.hand.move_cursor_to(cards[0])
            return
        card: int | None = getattr(action, "card", None)
        if card is not None:
            self.hand.move_cursor_to(card)

