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
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.binding import Binding
from textual.message import Message
from textual.worker import get_current_worker

from tui_games.engine.bots.base import Bot
from tui_games.engine.bots.hint import Hint, hint_bot, hint_text, suggest
from tui_games.engine.core import GameState

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


class TableHints:
    """The hints of one table, owned by the GameScreen as ``hints``: the position a hint is
    being worked out for, the bot working on it, and the last hint shown (so asking again
    in the same position shows it again without counting it twice).

    The screen's H and Esc actions and its ``HintReady`` handler hand over to ``ask``,
    ``stop_key`` and ``ready``; the game marks a hint with its ``mark_hint`` hook.
    """

    def __init__(self, screen: GameScreen) -> None:
        self.screen = screen
        self._ticket: Ticket | None = None  # the position being thought about
        self._bot: Bot | None = None
        self._shown: tuple[Ticket, Hint] | None = None  # the last hint shown, and where

    def _position(self) -> Ticket:
        screen = self.screen
        session = screen.session
        return (screen.bots.runner.token, screen.viewer, len(session.actions),
                id(session.state))

    @property
    def thinking(self) -> bool:
        """True while the hard bot is working out a hint."""
        return self._ticket is not None

    @property
    def shown(self) -> Hint | None:
        """The last hint shown at this table (None before the first)."""
        return self._shown[1] if self._shown is not None else None

    def allowed(self, action: str) -> bool:
        """H works on the viewer's own decision; Esc stops only a hint being worked out."""
        if action == "stop_hint":
            return self.thinking
        screen = self.screen
        return HINT_LEVEL in screen.info.bots and screen.mine()

    def ask(self) -> None:
        """Ask the hard bot what it would play here, from what the viewer may see."""
        screen = self.screen
        if self.thinking:
            screen.show_status(THINKING)
            return
        ticket = self._position()
        if self._shown is not None and self._shown[0] == ticket:
            self._show(self._shown[1])  # the same position: the same hint, once
            return
        session = screen.session
        rng = random.Random(f"tui-games/hint/{session.seed}/{ticket[1]}/{ticket[2]}")
        bot = hint_bot(screen.info.bots[HINT_LEVEL], screen.rules, rng)
        self._ticket, self._bot = ticket, bot
        screen.show_status(THINKING)
        screen.refresh_bindings()  # Esc now stops the hint
        view = screen.view()  # never the true state
        screen.run_worker(partial(self._think, bot, view, screen.viewer, ticket),
                          name="_hint_think", group="hint", exclusive=True, thread=True)

    def _think(self, bot: Bot, view: GameState, seat: int, ticket: Ticket) -> None:
        """Run in the worker thread: the bot's choice, posted back to the screen."""
        screen = self.screen
        found: Hint | None
        try:
            found = suggest(bot, screen.rules, view, seat)
        except Exception:  # a bot's bug must not take the app down: the hint says so
            found = None
        if not get_current_worker().is_cancelled:
            screen.post_message(HintReady(ticket, seat, found))

    def ready(self, message: HintReady) -> None:
        """Show the hint if it is still for the position on the table."""
        message.stop()
        screen = self.screen
        if message.ticket != self._ticket or message.ticket != self._position():
            return  # late: the game moved on since it was asked for
        self._ticket = self._bot = None
        screen.refresh_bindings()
        if message.hint is None or message.hint.action not in screen.legal():
            screen.show_status("No hint this time: the hard bot could not choose a move.",
                               error=True)
            return
        screen.count_hint(message.seat)
        self._shown = (message.ticket, message.hint)
        self._show(message.hint)

    def _show(self, hint: Hint) -> None:
        screen = self.screen
        screen.mark_hint(hint.action)
        # The words are the game's (engine.bots.hint.hint_text): this only shows them.
        screen.show_status(hint_text(screen.info, screen.view(), screen.viewer, hint,
                                     screen.seat_names))

    def stop_key(self) -> None:
        """Esc while a hint is worked out: stop it, the table as it was."""
        if self.stop():
            screen = self.screen
            screen.show_status(f"Hint stopped. {screen.status_text(screen.view())}")

    def stop(self) -> bool:
        """End the hint being worked out, if any (its answer is dropped); True if there
        was one. Called whenever the game moves on or the table is left."""
        bot, ticket = self._bot, self._ticket
        self._ticket = self._bot = None
        if ticket is None:
            return False
        screen = self.screen
        screen.workers.cancel_group(screen, "hint")
        cancel: Any = getattr(bot, "cancel", None)
        if callable(cancel):
            cancel()  # a thread cannot be killed: the search itself must stop early
        if not screen.closed:
            screen.refresh_bindings()
        return True
