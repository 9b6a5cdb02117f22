"""Hints at the table: H asks the hard bot what it would play in the viewer's place.

The bot thinks in a worker thread about the viewer's own observation (``view()``, never
the true state) and posts ``HintReady`` back; the table stays live meanwhile, and Esc
stops the search. A hint that arrives after the game moved on (a move, an undo, another
viewer) is dropped. The hint is marked on the table by the game's ``mark_hint(action)``
(its cursor or selection moves to the card, space or action) and explained on the status
line in the game's words (``hint_text``, shared by every front end); the seat's count
of hints goes up by one (``Session.hints_used``, saved). Asking
again in the same position shows the same hint again without counting it twice.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from textual import work
from textual.binding import Binding
from textual.message import Message
from textual.worker import get_current_worker

from tui_games.engine.bots.base import Bot
from tui_games.engine.bots.hint import Hint, hint_bot, hint_text, suggest
from tui_games.engine.core import Action, GameState

if TYPE_CHECKING:
    from tui_games.tui.screens.game import GameScreen

HINT_LEVEL = "hard"  # the bot level whose search gives the hints
THINKING = "Thinking about a hint... (Esc stops it)"

HINT = Binding("H,shift+h", "hint", "Hint", key_display="H")
STOP = Binding("escape", "stop_hint", "Stop hint", priority=True)
"""With priority: Esc stops a hint in every game, whatever the table binds Esc to. It is
switched off (and so passes Esc on to the table's own binding) while no hint is thinking.
GameScreen lists it after its other keys: the footer shows Esc where the table has it."""
ACTIONS = frozenset({"hint", "stop_hint"})

Ticket = tuple[int, int, int, int]
"""The position a hint is for: (bot runner token, viewer, actions played, state id)."""


class HintReady(Message):
    """The hint for the position ``ticket``, from the worker (None: the bot failed)."""

    def __init__(self, ticket: Ticket, seat: int, hint: Hint | None) -> None:
        super().__init__()
        self.ticket = ticket
        self.seat = seat
        self.hint = hint


def hints_line(hints_used: list[int], names: list[str], humans: list[int]) -> str:
    """"Hints used: Ada 2, Bo 0" for the seats played from the keyboard ("" for none)."""
    if not humans or len(hints_used) != len(names):
        return ""
    return "Hints used: " + ", ".join(f"{names[i]} {hints_used[i]}" for i in humans)


class HintKeys:
    """The hint keys of GameScreen (a part of it, as the save flow and the bot runner are)."""

    _hint_ticket: Ticket | None = None  # the position being thought about
    _hint_bot: Bot | None = None
    _hint_shown: tuple[Ticket, Hint] | None = None  # the last hint shown, and where

    def mark_hint(self, action: Action) -> None:
        """Mark ``action`` on the table (move the cursor to its card, space or button).
        Games override it; the status line names the move in any case."""

    def count_hint(self, seat: int) -> None:
        """``seat`` was shown a hint: one more in its count (an online table also tells
        the host, which keeps the game)."""
        self._hint_screen.session.count_hint(seat)

    def _hint_position(self) -> Ticket:
        screen = self._hint_screen
        session = screen.session
        return (screen.bot_runner.token, screen.viewer, len(session.actions),
                id(session.state))

    @property
    def _hint_screen(self) -> GameScreen:
        return self  # type: ignore[return-value]

    @property
    def hint_thinking(self) -> bool:
        """True while the hard bot is working out a hint."""
        return self._hint_ticket is not None

    def hint_allowed(self, action: str) -> bool:
        """H works on the viewer's own decision; Esc stops only a hint being worked out."""
        if action == "stop_hint":
            return self.hint_thinking
        screen = self._hint_screen
        return HINT_LEVEL in screen.info.bots and screen.mine()

    def action_hint(self) -> None:
        """Ask the hard bot what it would play here, from what the viewer may see."""
        screen = self._hint_screen
        if self.hint_thinking:
            screen.show_status(THINKING)
            return
        ticket = self._hint_position()
        if self._hint_shown is not None and self._hint_shown[0] == ticket:
            self._show_hint(self._hint_shown[1])  # the same position: the same hint, once
            return
        session = screen.session
        rng = random.Random(f"tui-games/hint/{session.seed}/{ticket[1]}/{ticket[2]}")
        bot = hint_bot(screen.info.bots[HINT_LEVEL], screen.rules, rng)
        self._hint_ticket, self._hint_bot = ticket, bot
        screen.show_status(THINKING)
        screen.refresh_bindings()  # Esc now stops the hint
        self._hint_think(bot, screen.view(), screen.viewer, ticket)  # never the true state

    @work(thread=True, exclusive=True, group="hint")
    def _hint_think(self, bot: Bot, view: GameState, seat: int, ticket: Ticket) -> None:
        screen = self._hint_screen
        found: Hint | None
        try:
            found = suggest(bot, screen.rules, view, seat)
        except Exception:  # a bot's bug must not take the app down: the hint says so
            found = None
        if not get_current_worker().is_cancelled:
            screen.post_message(HintReady(ticket, seat, found))

    def on_hint_ready(self, message: HintReady) -> None:
        """Show the hint if it is still for the position on the table."""
        message.stop()
        screen = self._hint_screen
        if message.ticket != self._hint_ticket or message.ticket != self._hint_position():
            return  # late: the game moved on since it was asked for
        self._hint_ticket = self._hint_bot = None
        screen.refresh_bindings()
        if message.hint is None or message.hint.action not in screen.legal():
            screen.show_status("No hint this time: the hard bot could not choose a move.",
                               error=True)
            return
        self.count_hint(message.seat)
        self._hint_shown = (message.ticket, message.hint)
        self._show_hint(message.hint)

    def _show_hint(self, hint: Hint) -> None:
        screen = self._hint_screen
        self.mark_hint(hint.action)
        # The words are the game's (engine.bots.hint.hint_text): this only shows them.
        screen.show_status(hint_text(screen.info, screen.view(), screen.viewer, hint,
                                     screen.seat_names))

    def action_stop_hint(self) -> None:
        """Esc while a hint is worked out: stop it, the table as it was."""
        if self.stop_hint():
            screen = self._hint_screen
            screen.show_status(f"Hint stopped. {screen.status_text(screen.view())}")

    def stop_hint(self) -> bool:
        """End the hint being worked out, if any (its answer is dropped); True if there
        was one. Called whenever the game moves on or the table is left."""
        bot, ticket = self._hint_bot, self._hint_ticket
        self._hint_ticket = self._hint_bot = None
        if ticket is None:
            return False
        screen = self._hint_screen
        screen.workers.cancel_group(screen, "hint")
        cancel: Any = getattr(bot, "cancel", None)
        if callable(cancel):
            cancel()  # a thread cannot be killed: the search itself must stop early
        if not screen.closed:
            screen.refresh_bindings()
        return True
