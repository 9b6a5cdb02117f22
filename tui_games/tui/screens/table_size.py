"""The table's two sizes: the compact table, and from ``LARGE_AT`` on the large one.

``TableSize`` is a part of GameScreen (mixed into it): it follows the terminal's size,
sets the screen's ``-large`` class (the stylesheets size the boxes by it) and ``large``
(a game draws its larger cells, maps or hands by it), and redraws the table when the
size crosses the line after the first draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.events import Resize

if TYPE_CHECKING:
    from tui_games.tui.screens.game import GameScreen


class TableSize:
    """Which of its two sizes the table is drawn at (see the module's docstring)."""

    LARGE_AT: tuple[int, int] | None = None
    """From this terminal size (width, height) on, the screen has the class ``-large`` and
    ``large`` is True: a game draws its larger table there (None: one size only)."""

    large = False
    """True while the table is drawn large (see LARGE_AT)."""

    _sized = False  # the first fit_table has been made: a later switch redraws

    @property
    def _table(self) -> GameScreen:
        return self  # type: ignore[return-value]

    def fit_table(self, width: int, height: int) -> None:
        """Switch between the compact and the large table (``LARGE_AT``) for a terminal of
        ``width`` x ``height``; redraw only when the switch happens after the first draw."""
        if self.LARGE_AT is None:
            return
        large = width >= self.LARGE_AT[0] and height >= self.LARGE_AT[1]
        table = self._table
        table.set_class(large, "-large")
        changed, self.large = large != self.large, large
        if changed and self._sized:
            table.refresh_view()
        self._sized = True

    def on_resize(self, event: Resize) -> None:
        """Follow the terminal's size (see ``fit_table``)."""
        if not self._table.closed:  # a table closed before it was built has no widgets
            self.fit_table(event.size.width, event.size.height)
