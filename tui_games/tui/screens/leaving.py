"""Leaving a table with Esc: the first Esc at the top level only warns, the second leaves.

An Esc meant to close a list often comes once too often, and the keys typed after it
then land on the menu (a Rules screen opened by accident, a game started). So at a
table's top level the first Esc puts a one-line notice on the status line; a second
Esc within ``LeaveGuard.SECONDS`` leaves, and any other key (or the time running out)
takes the notice back; whatever the table says meanwhile waits under the notice. Esc
inside a selection still backs out of it first: the games handle that before they ask
the base to leave.

``LeaveGuard`` is owned by a GameScreen, as SaveFlow is.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from tui_games.tui.widgets.status import ERROR_MARK, StatusLine

if TYPE_CHECKING:
    from textual.timer import Timer

    from tui_games.tui.screens.game import GameScreen

LEAVE_NOTICE = "Esc again to leave; the game is saved."


class LeaveGuard:
    """Whether ``screen``'s leave notice is up, and what the status line said before it."""

    SECONDS = 3.0  # long enough to read the notice, short enough to forget an old Esc

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self._timer: Timer | None = None
        self._before: tuple[str, bool] | None = None  # the status line under the notice
        self._notice = ""  # the notice as shown (after the save warning, if any)

    @property
    def armed(self) -> bool:
        """True while the notice is up: the next Esc leaves."""
        return self._timer is not None

    def escape(self) -> bool:
        """Esc at the top level: True when it is the second one (leave now), else show
        the notice and return False."""
        if self.armed:
            self.cancel(restore=False)
            return True
        status = self.screen.query_one("#status", StatusLine)
        self._before = (status.text, status.is_error)
        self.screen.show_status(self.screen.LEAVE_NOTICE)
        self._notice = status.text
        self._timer = self.screen.set_timer(self.SECONDS, self.cancel)
        return False

    def hold(self, text: str, error: bool) -> bool:
        """While the notice is up, what the table says meanwhile (a bot thinking, its
        move, the next turn's prompt) waits under it and shows when the notice goes:
        overwritten at once, the notice made the first Esc look like it did nothing, and
        the next Esc left the table unwarned. True when ``text`` (as the status line
        would show it) is held."""
        if not self.armed:
            return False
        self._before = (text, error)
        return True

    def cancel(self, restore: bool = True) -> None:
        """Take the notice back: the status line says again what it said before, unless
        something else has been written there meanwhile (a bot's progress, a refusal)."""
        timer, self._timer = self._timer, None
        if timer is None:
            return
        timer.stop()
        before, self._before = self._before, None
        if not restore or before is None or self.screen.closed:
            return
        status = self.screen.query_one("#status", StatusLine)
        if status.text == self._notice:
            text, error = before
            status.update(text.removeprefix(ERROR_MARK) if error else text, error=error)
