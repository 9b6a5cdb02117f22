"""The bots of one table: which seat is thinking, and whether its answer still counts.

A bot thinks in a worker thread of the screen (running ``BotRunner.think``) and posts
``BotMoved`` back to the screen; a searching bot also posts ``BotProgress``. Every change
to the game (a move, an undo, leaving) bumps the runner's token, so an answer computed
for a position that is gone is dropped, never played.

``TableBots`` is the screen's side of it, the part a GameScreen holds as ``bots``:
starting and stopping a bot's turn, showing its progress and playing its answer.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any

from textual.message import Message
from textual.timer import Timer
from textual.worker import get_current_worker

from tui_games.engine.bots.base import Bot, answers_instantly
from tui_games.engine.core import Action, GameState

if TYPE_CHECKING:
    from tui_games.tui.screens.game import GameScreen

PROGRESS_WIDTH = 10
BOT_FRAME = 1 / 30  # s: bot moves quicker than this (bot delay 0) are drawn together


def progress_bar(fraction: float, width: int = PROGRESS_WIDTH) -> str:
    """``█████░░░░░  50%``: a text bar with the percentage (readable without colour)."""
    fraction = min(1.0, max(0.0, fraction))
    filled = int(fraction * width)  # full only when done
    return f"{'█' * filled}{'░' * (width - filled)} {round(100 * fraction):3d}%"


class BotMoved(Message):
    """A bot's decision, computed in the worker, to be played on the UI thread."""

    def __init__(self, seat: int, action: Action | None, token: int) -> None:
        """``action`` is None when the bot failed (its error is reported, not raised)."""
        super().__init__()
        self.seat = seat
        self.action = action
        self.token = token


class BotProgress(Message):
    """How far a searching bot has got (0..1), posted from its worker thread."""

    def __init__(self, seat: int, fraction: float, token: int) -> None:
        super().__init__()
        self.seat = seat
        self.fraction = fraction
        self.token = token


class BotRunner:
    """The bots of the seats a table does not play from the keyboard.

    ``post`` sends a message to the screen (thread-safe: Textual's ``post_message``);
    ``delay`` is the least time a move takes, so a player can follow the bots' moves.
    """

    def __init__(self, bots: dict[int, Bot], post: Callable[[Message], Any],
                 delay: float) -> None:
        self.bots = bots
        self.delay = delay
        self._post = post
        self.token = 0  # bumped whenever a pending bot move becomes stale
        self.thinking: int | None = None  # the seat whose move is being computed
        self.pending: BotMoved | None = None  # an answer kept while a dialog covers the table
        self.moving = False  # True while a bot's answer is being played on the table

    def moved_on(self) -> None:
        """The game changed: any answer under way is for a position that is gone."""
        self.token += 1

    def start(self, seat: int, view: GameState) -> int:
        """Get ready for ``seat`` to think about ``view`` (its own observation, never the
        true state); returns the token its answer must carry."""
        self.token += 1
        self.thinking = seat
        bot = self.bots[seat]
        if hasattr(bot, "progress"):  # a searching bot reports how far it has got
            token = self.token
            bot.progress = lambda fraction: self._post(BotProgress(seat, fraction, token))
        return self.token

    def answers_at_once(self, seat: int) -> bool:
        """Whether ``seat``'s bot answers on the UI thread: an instant bot with no delay to
        wait out needs no thread (starting one, on a busy machine, costs more than the
        pick; a round of such bots is a round of thread starts before the table shows)."""
        return self.delay < BOT_FRAME and answers_instantly(self.bots[seat])

    def choose(self, seat: int, view: GameState) -> Action | None:
        """The bot's choice; None when it failed (its error is reported, not raised)."""
        try:
            return self.bots[seat].choose(view, seat)
        except Exception:  # a bot's bug must not take the app down: the screen falls back
            return None

    def answer(self, seat: int, view: GameState, token: int) -> None:
        """Choose now, on the calling (UI) thread: the answer is posted, played after the
        messages already waiting (a key typed meanwhile still comes first)."""
        self._post(BotMoved(seat, self.choose(seat, view), token))

    def think(self, seat: int, view: GameState, token: int) -> None:
        """Run in the worker thread: choose, wait out the delay, post the answer."""
        started = time.monotonic()
        action = self.choose(seat, view)
        pause = self.delay - (time.monotonic() - started)
        if pause > 0:
            time.sleep(pause)
        if not get_current_worker().is_cancelled:
            self._post(BotMoved(seat, action, token))

    def stop(self) -> None:
        """Abandon the move being computed: its search ends now, its answer is dropped
        (the screen cancels the worker itself)."""
        self.token += 1
        seat, self.thinking = self.thinking, None
        cancel = getattr(self.bots.get(seat, None), "cancel", None) if seat is not None else None
        if callable(cancel):
            cancel()  # a thread cannot be killed: the search itself must stop early

    def is_current(self, message: BotMoved | BotProgress) -> bool:
        """Whether ``message`` comes from the search under way (not a late one)."""
        return message.token == self.token and self.thinking == message.seat


class TableBots:
    """The bots of one table, on the screen's side: starting and stopping a bot's turn,
    its progress on the status line, playing its answer and drawing it.

    Owned by the GameScreen as ``bots``; it holds the ``runner`` (the bots themselves and
    the token that tells a current answer from a late one) and the timer of a bot's move
    waiting to be drawn (``redraw``). The screen's message handlers hand the bots'
    messages here (Textual delivers messages to the screen, not to its parts).
    """

    def __init__(self, table: GameScreen, bots: dict[int, Bot], delay: float) -> None:
        self.table = table
        self.runner = BotRunner(bots, table.post_message, delay)
        self.redraw: Timer | None = None  # a bot's move waiting to be drawn: show_move

    @property
    def thinking(self) -> int | None:
        """The bot seat whose move is being computed, if any."""
        return self.runner.thinking

    def start(self, seat: int) -> None:
        """Let ``seat``'s bot choose its move, from its own observation."""
        table = self.table
        view = table.rules.observe(table.session.state, seat)  # never the true state
        runner = self.runner
        token = runner.start(seat, view)
        if runner.answers_at_once(seat):
            if runner.moving:  # another bot's move: the bots' moves share one redraw
                runner.answer(seat, view, token)
            else:
                # After the player's own move: its frame first, then the bots' answers
                # (answered before it, a round of bots was played and drawn before the
                # player saw their own move, doubling the key's time to its frame).
                table.games_app.call_after_frame(
                    lambda: runner.answer(seat, view, token))
        else:
            table.run_worker(partial(runner.think, seat, view, token), name="_think",
                             group="bot", description=f"_think({seat})", exclusive=True,
                             thread=True)

    def stop(self) -> None:
        """Abandon the bot move being computed: its search ends now, its answer is dropped."""
        self.table.workers.cancel_group(self.table, "bot")
        self.runner.stop()

    def progress(self, message: BotProgress) -> None:
        """Show how far the bot's search has got on the status line."""
        message.stop()
        table = self.table
        if self.runner.is_current(message):
            name = table.seat_name(message.seat)
            table.show_status(f"{name} is thinking... {progress_bar(message.fraction)}")

    def moved(self, message: BotMoved) -> None:
        """Play the bot's answer, if it is still for the position on the table."""
        message.stop()
        table = self.table
        runner = self.runner
        if message.token != runner.token or table.session.to_move != message.seat:
            return  # stale: the game moved on (undo, reload) since the bot started
        if not table.is_active:
            runner.pending = message  # play it when the player is back at the table
            return
        runner.thinking = None
        runner.moving = True
        try:
            if message.action is None or not table._apply(message.action):
                # A bot must never stall the game: report the bug and play a legal move.
                table.notify(f"{table.seat_name(message.seat)} could not choose a legal "
                             "move; playing the first legal one instead.", severity="error",
                             markup=False)
                table._apply(table.rules.legal_actions(table.session.state)[0])
        finally:
            runner.moving = False

    def show_move(self) -> None:
        """Draw the table after a bot's move that another bot's follows.

        With a bot delay under a frame the bots' moves land faster than a terminal shows
        them: each is drawn at the next frame instead, so the moves that land meanwhile
        (a whole round of bots, often to the end of the game) make one redraw, not one
        each. A slower bot's move is drawn at once, as the player follows it.
        """
        table = self.table
        if self.runner.delay >= BOT_FRAME:
            table.refresh_view()
        elif self.redraw is None:
            self.redraw = table.set_timer(BOT_FRAME, self._redraw_due)

    def _redraw_due(self) -> None:
        self.redraw = None  # fired: refresh_view has nothing to cancel
        if not self.table.closed:
            self.table.refresh_view()

    def cancel_redraw(self) -> None:
        """The table is being drawn now: a redraw waiting for the next frame is not needed."""
        timer, self.redraw = self.redraw, None
        if timer is not None:
            timer.stop()

    def resume(self) -> None:
        """Play a bot move that arrived while a dialog covered the table."""
        pending, self.runner.pending = self.runner.pending, None
        if pending is not None:
            self.table.call_after_refresh(self.moved, pending)
