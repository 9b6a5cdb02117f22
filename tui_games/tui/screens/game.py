"""GameScreen: the base every game's screen subclasses.

The base owns everything that is the same in every game: applying actions through the
session, the status line and the log, saving (ctrl+s, and an autosave after each completed
turn), undo, bots thinking in a worker thread, the hot-seat hand-off and the game-over
screen. A subclass draws its table (``compose_table``), updates it from an observation
(``refresh_table``) and says what to do now (``status_text``); it calls ``play(action)``
with what the player chose, or ``attempt(action)`` to have a refusal explained.

What a table derives from the viewer's observation (the view itself, the legal actions,
a game's own lookups) is worked out once per observation with ``remember``: kept until an
action is played or undone, or the viewer changes. ``mine()``, ``legal()`` and
``why_not()`` answer the questions every game asks (is it the keyboard's decision, what
may it do, why not that).

The log and the status line read the rules' seat references ("Seat 2 draws") as names,
and the viewer's own seat as "you" with the verb made to agree (engine/grammar.speak_to):
a subclass passes the rules' texts through unchanged (no renaming in ``view()``), and uses
``speak(text)`` for any other rules text it shows. ``review(n, title, then)`` shows the
table read-only as it was after the first n actions (summaries and game over use it).

Its parts, each in a module of its own: the seats and what the viewer may do
(screens/seats_view.py), its two sizes (screens/table_size.py), the bots
(screens/bot_runner.py), saving (screens/save_flow.py), the keys every table shares
(screens/table_keys.py), hints (screens/hint.py), leaving with Esc (screens/leaving.py)
and looking back (screens/review.py). The parts are mixed into GameScreen as plain
classes: Textual reads bindings and ``@on`` handlers from screen classes only, so the
bindings stay here and the parts' message handlers go by name (``on_bot_moved``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

import msgspec
from textual.app import ComposeResult
from textual.reactive import Reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget

from tui_games.engine.core import Action, GameState, IllegalAction, Outcome
from tui_games.engine.grammar import speak_to
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Session
from tui_games.engine.tutorial import bot_rng
from tui_games.games import GameInfo
from tui_games.tui.screens import hint
from tui_games.tui.screens import review as look_back
from tui_games.tui.screens.bot_runner import (
    PROGRESS_WIDTH,
    BotMoved,
    BotProgress,
    BotRunner,
    BotTurns,
    progress_bar,
)
from tui_games.tui.screens.decision import ObservationMemo, sentence, why_no_undo
from tui_games.tui.screens.dismiss_once import DismissOnce
from tui_games.tui.screens.game_over import GameOverChoice, GameOverScreen
from tui_games.tui.screens.handoff import HandoffScreen
from tui_games.tui.screens.leaving import LEAVE_NOTICE, LeaveGuard
from tui_games.tui.screens.save_flow import SAVE_WARNING, SaveFlow, TableSaves
from tui_games.tui.screens.seats_view import SeatsView
from tui_games.tui.screens.table_keys import TABLE_BINDINGS, TABLE_KEYS, TableKeys
from tui_games.tui.screens.table_size import TableSize
from tui_games.tui.screens.too_small import TOO_SMALL_CLASS
from tui_games.tui.widgets.boxes import Column
from tui_games.tui.widgets.footer import GameFooter
from tui_games.tui.widgets.log import GameLog
from tui_games.tui.widgets.status import StatusLine

if TYPE_CHECKING:
    from tui_games.tui.app import GamesApp
    from tui_games.tui.screens.tutorial import Guide

__all__ = ["PROGRESS_WIDTH", "SAVE_WARNING", "GameScreen", "bot_rng", "progress_bar",
           "sentence", "why_no_undo"]


class GameScreen(SeatsView, TableSize, BotTurns, TableSaves, TableKeys, DismissOnce,
                 hint.HintKeys, Screen[None]):
    """The table of one game in progress. Subclasses implement the three table methods."""

    BINDINGS = [*TABLE_BINDINGS]  # see screens/table_keys.py

    # Widgets and boxes cover the whole table: the screen's own background shows only in
    # gaps, and drawn as plain background (BLANK) it is not rendered line by line on
    # every frame that repaints any widget.
    BLANK = True

    # Textual repaints the whole screen when the focus moves; the widgets that gain and
    # lose it restyle and repaint themselves, which is all that changes on a table.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    OVER_TEXT = "The game is over."
    """Why nothing can be played once the game has ended (a match says "match")."""

    LEAVE_NOTICE = LEAVE_NOTICE
    """What the first Esc at the top level says (see screens/leaving.py)."""

    IS_LOOK_BACK = False
    """True on the classes of look backs (see screens/review.py)."""

    KEEPS_RECORDS = True
    """A finished game is kept in the history (False where the game is another's: online)."""

    BotMoved = BotMoved
    BotProgress = BotProgress

    def __init__(self, session: Session, info: GameInfo, store: SaveStore,
                 bot_delay: float = 0.6, *, review: str | None = None,
                 viewer: int | None = None, guide: Guide | None = None) -> None:
        """``review`` makes a read-only look back at ``session`` titled ``review`` (see
        ``review()``); ``viewer`` is whose view it shows; ``guide`` makes it a guided
        first game (screens/tutorial.py)."""
        super().__init__()
        self.guide = guide
        self.session = session
        self.info = info
        self.store = store
        self.bot_delay = bot_delay
        self.review_title = review
        self._viewer = self._first_viewer() if viewer is None else viewer
        bots = {} if review is not None else {
            i: info.bots[seat.bot](session.rules, bot_rng(session.seed, i))
            for i, seat in enumerate(session.seats) if seat.bot is not None}
        self.bot_runner = BotRunner(bots, self.post_message, bot_delay)
        self.saves = SaveFlow(self)
        self.leaving = LeaveGuard(self)
        self._last_focus: Widget | None = None
        self._over = False
        self._end_to_keep = (False, False)  # (keep a record, drop the autosave): see keep_the_end
        self._outcome: Outcome | None = None
        self._ready = False  # True once the table has been composed and shown
        self.bot_redraw: Timer | None = None  # a bot's move waiting to be drawn: show_bot_move
        self._memo = ObservationMemo()  # see remember
        self._status_shown: tuple[str, bool] = ("", False)  # show_status's last (text, error)
        self._autosave_due = False  # an autosave waits for the frame (see _apply)

    # ---- to implement in each game ---------------------------------------------------

    def compose_table(self) -> ComposeResult:
        """The game's widgets: board, piles, hands, scores. Whatever shows text from
        outside (seat names) is made with ``markup=False``: a name is never markup."""
        raise NotImplementedError

    def refresh_table(self, view: GameState) -> None:
        """Update the table's widgets from ``view`` (what the viewer may see)."""
        raise NotImplementedError

    def status_text(self, view: GameState) -> str:
        """Whose turn it is and what the viewer can do now."""
        raise NotImplementedError

    # ---- who sees what -----------------------------------------------------------------

    @property
    def games_app(self) -> GamesApp:
        """The app, typed."""
        return cast("GamesApp", self.app)

    @property
    def bot_thinking(self) -> int | None:
        """The bot seat whose move is being computed, if any."""
        return self.bot_runner.thinking

    def attempt(self, action: Action) -> bool:
        """Play ``action`` if it is legal now, else say why not on the status line."""
        if action in self.legal():
            return self.play(action)
        self.show_status(self.why_not(action), error=True)
        return False

    # ---- building and refreshing -----------------------------------------------------

    def compose(self) -> ComposeResult:
        # Each group in a box of its own: Textual redraws every widget whose clip (its
        # parent's region) overlaps a repaint, so a key on the table then leaves the
        # status line, the log and the footer alone (see widgets/boxes.py).
        yield from self.compose_table()
        with Column(id="game-news"):
            yield StatusLine(id="status")
            if self.guide is not None:  # its step box takes the log's room but a line
                self.add_class(self.guide.CLASS)
                yield from self.guide.compose()
            with Column(id="game-log-box"):  # a new status text leaves the log alone
                yield GameLog(id="log")
        with Column(id="game-keys"):
            # Compact: more keys fit 80 columns; ctrl+p still works without its label.
            yield GameFooter(compact=True, show_command_palette=False,
                             shrinkable=TABLE_KEYS)

    def on_mount(self) -> None:
        """Show the table, then whatever comes first: a hand-off, a bot, or the end.

        In hot-seat the table starts covered: whoever set the game up may not be the
        player whose hand would show.
        """
        if self.closed:
            return  # closed before it was built (keys typed ahead): nothing to start
        self.watch(self, "focused", self._focus_changed, init=False)
        if self.reviewing:
            self.refresh_view()
        elif len(self.humans) > 1 and not self.is_over:
            self._hand_off(self._viewer)
        else:
            self._advance()
        self._ready = True
        self.saves.table_shown()
        self.refresh_bindings()  # the Footer shows the keys that now work

    @property
    def closed(self) -> bool:
        """True once the screen is off the app's stack. Keys typed ahead can open a table
        and leave it in one burst: its on_mount handlers then find no widgets, and must
        do nothing."""
        return self not in self.app.screen_stack

    @property
    def active_bindings(self) -> dict[str, Any]:
        """The keys that work now: none before the table is built or once it is closed
        (a game's ``check_action`` may look at widgets that are not there then)."""
        if not self._ready or self not in self.app.screen_stack:
            return {}
        return super().active_bindings

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """No key acts on a table before it is built or once it is closed: a key typed
        ahead can come back from the screen it was meant for after another table took
        its place (Textual then runs it against that table's bindings). None acts while
        the too-small notice hides the table, either. A look back has
        no save, undo or menu (Enter or Esc end it). Otherwise the game decides
        (``check_table_action``)."""
        if not self._ready or self.closed:
            return False
        if self.has_class(TOO_SMALL_CLASS):
            return False  # the table is hidden behind the notice: only the app's quit works
        if self.reviewing and action in look_back.LIVE_ONLY:
            return False
        if action in hint.ACTIONS:
            return not self.reviewing and self.hint_allowed(action)
        return self.check_table_action(action, parameters)

    def check_table_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Whether ``action`` works now on a built table (overridden by games that gate
        keys by phase; False hides a key from the footer, None shows it disabled)."""
        return True

    @property
    def ready(self) -> bool:
        """True once the table is composed and filled in. Until then the app drops
        the keys typed ahead to this screen: a game's keys act on widgets that do not
        exist yet."""
        return self._ready

    # ---- focus: a game screen never sits with nothing focused ----------------------------

    def _focus_changed(self, focused: Widget | None) -> None:
        if focused is not None:
            self._last_focus = focused
        else:
            self.call_after_refresh(self._refocus)

    def give_keys(self, widget: Widget) -> None:
        """Give ``widget`` the focus now (the screen's own set_focus), not after the
        messages queued before it as ``Widget.focus`` does: the footer's keys, asked for
        in the same key, are then the new widget's (the footer is drawn once per key),
        and the Focus and Blur restyles, and the key's first frame, come a hop sooner.
        No scrolling: a table fits its screen, and asked while a layout is pending
        Textual may scroll to a widget it finds half out of view (a 30-70 ms frame).
        Nothing when it has the focus already (Textual repaints a widget focused again)."""
        if self.focused is not widget:
            self.set_focus(widget, scroll_visible=False)

    def _refocus(self) -> None:
        """Give focus back (a widget hidden or removed took it away): arrows keep working."""
        if self.focused is not None or self.has_class(TOO_SMALL_CLASS):
            return
        last = self._last_focus
        if last is not None and last.is_attached and last.focusable:
            self.set_focus(last)
        else:
            self.focus_next()

    def refresh_view(self) -> None:
        """Redraw the table, the log and the status line from a fresh observation."""
        self.cancel_bot_redraw()
        view = self.view()
        self.refresh_table(view)
        self.query_one("#log", GameLog).show(view.log, self.viewer, self.seat_names)
        mover = self.session.to_move
        if self.reviewing:
            self.show_status(look_back.looking_back_status(self.review_title or ""))
        elif mover is not None and not self.session.seats[mover].is_human:
            self.show_status(f"{self.seat_name(mover)} is thinking...")
        else:
            self.show_status(self.status_text(view))
        if self.guide is not None:
            self.guide.refresh(self)

    def show_status(self, text: str, *, error: bool = False) -> None:
        """Put ``text`` on the status line; ``error`` marks an explanation of a refusal.

        Seat references of the rules ("Seat 2") read as names, the viewer's as "you".
        """
        self._status_shown = (text, error)
        text = self.save_warning() + text  # while saves fail, every status says so
        self.query_one("#status", StatusLine).update(self.speak(text), error=error)

    # ---- looking back ------------------------------------------------------------------

    def review(self, actions_upto: int, title: str,
               then: Callable[[], None] | None = None) -> None:
        """Open the replay viewer (screens/replay.py) on this game at the moment after
        its first ``actions_upto`` actions, as the viewer saw it, read-only.

        The player looks at it (and steps through the game) until Enter or Esc; then
        ``then`` runs (show the summary again, deal on, the result...).
        """
        from tui_games.tui.screens.replay import open_replay  # it builds on this class

        open_replay(self, self.session, self.info, self.store, at=actions_upto,
                    title=title, seat=self.viewer, then=then, cls=type(self))

    def action_end_review(self) -> None:
        """Leave the look back."""
        if self.reviewing:
            self.dismiss(None)

    # ---- playing ---------------------------------------------------------------------

    def play(self, action: Action) -> bool:
        """Play the viewer's ``action``. A refused action explains itself on the status
        line and returns False; on success the table, saves, bots and hand-offs follow."""
        mover = self.session.to_move
        if self.reviewing:
            self.show_status(look_back.nothing_to_play(self.review_title or ""), error=True)
            return False
        if mover is None:
            self.show_status("The game is over.", error=True)
            return False
        if not self.session.seats[mover].is_human:
            self.show_status(f"Wait: {self.seat_name(mover)} is thinking.",
                             error=True)
            return False
        if self.guide is not None and not self.guide.take(self, action):
            return False  # not the guided step's move: refused with a sentence
        return self._apply(action)

    def _apply(self, action: Action) -> bool:
        turn_before = self.session.turn
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self.show_status(exc.reason, error=True)
            return False
        self.bot_runner.moved_on()
        self.stop_hint()
        ended = self.session.turn != turn_before and self.session.to_move is not None
        if ended and not self._autosave_due:
            # Not for the last move: the game over drops the autosave anyway. After the
            # frame: the file is synced to disk, which the player would otherwise wait for
            # before seeing the move (as the end of a game does, keep_the_end).
            self._autosave_due = True
            self.games_app.call_after_frame(self._autosave_after_frame)
        self._advance()
        return True

    def _autosave_after_frame(self) -> None:
        """The autosave of the turns just ended (one for all of them); the status line
        says so when saving starts or stops failing. Nothing once the table is left (it
        saved on the way out, save_on_exit) or the game is over (its end drops the
        autosave)."""
        self._autosave_due = False
        if self.closed or self.session.to_move is None:
            return
        warned = self.save_warning()
        self.autosave()
        if self.save_warning() != warned:
            text, error = self._status_shown
            self.show_status(text, error=error)

    def _advance(self) -> None:
        """After a change: game over, a hand-off to another human, or the next bot."""
        if self.reviewing:
            self.refresh_view()
            return
        outcome = self.rules.outcome(self.session.state)
        mover = self.session.to_move
        if outcome is not None or mover is None:
            self.refresh_view()
            if outcome is not None:
                self._game_over(outcome)
            return
        seats = self.session.seats
        if seats[mover].is_human and len(self.humans) > 1 and mover != self._viewer:
            self._hand_off(mover)
            return
        if not seats[mover].is_human and self.bot_runner.moving:
            self.show_bot_move()  # a bot's move another bot's follows: maybe with it
        else:
            self.refresh_view()
        if not seats[mover].is_human:
            self._start_bot(mover)

    def _hand_off(self, seat: int) -> None:
        """Cover the table until ``seat``'s player is ready, then show their view."""
        def ready(go_on: bool | None) -> None:
            if not go_on:
                self.leave_table()  # the hand-off's own Esc: it says "Menu" itself
                return
            self._viewer = seat
            self._advance()

        if not self.closed:  # a bot's move can land after the table was left
            self.app.push_screen(HandoffScreen(self.seat_name(seat)), ready)

    # ---- leaving (the keys are in screens/table_keys.py, saving in save_flow.py) -----

    def save_on_exit(self) -> bool:
        """Called before leaving the table: keep an unfinished game resumable. False if
        there was something to save and it could not be saved."""
        self.keep_the_end()  # a game that ended just now: its record before anything else
        if self._over or self.reviewing or self.saves.unchanged():
            return True  # nothing new: the save keeps its time
        return self.autosave() is not None or not self.session.actions

    def on_unmount(self) -> None:
        """Leaving the table any other way (a new game, quitting) also ends a search."""
        if self.bot_runner.thinking is not None:
            self._stop_bot()
        self.stop_hint()

    # ---- the end ---------------------------------------------------------------------

    def name_seats(self, text: str) -> str:
        """``text`` from the rules layer, which calls seats "Seat 1", with their names."""
        return speak_to(text, self.seat_names)

    def _game_over(self, outcome: Outcome) -> None:
        if self._over:
            return
        self._over = True
        self.bot_runner.thinking = None
        outcome = msgspec.structs.replace(outcome, reason=self.name_seats(outcome.reason))
        self.show_status(f"Game over. {outcome.reason}")
        self._end_to_keep = (self.KEEPS_RECORDS and not self.reviewing, True)
        self._outcome = outcome
        self._show_game_over()
        # The files wait for the dialog's first frame: each write syncs to disk, which
        # the player would otherwise wait for before seeing the result.
        self.app.call_after_refresh(self.keep_the_end)

    def keep_the_end(self) -> None:
        """Once per finished game: keep it in the history and drop its autosave."""
        record, drop = self._end_to_keep
        self._end_to_keep = (False, False)
        if record:
            self.saves.keep_record()  # the finished game goes to the history...
        if drop:
            self.saves.drop_autosave()  # ...and is no longer one to Continue

    def _show_game_over(self) -> None:
        if self._outcome is not None and not self.closed:
            hints = hint.hints_line(self.session.hints_used, self.seat_names, self.humans)
            self.app.push_screen(GameOverScreen(self._outcome, self.session.seats,
                                                self.info.title, hints=hints),
                                 self._after_game_over)

    def _after_game_over(self, choice: GameOverChoice | None) -> None:
        app = self.games_app
        if choice == "review":
            self.review(len(self.session.actions), "the end of the game",
                        then=self._show_game_over)
        elif choice == "new":
            app.new_game(self.info.id, self.session.seats, self.session.options)
        elif choice == "rematch":
            app.rematch(self.session)
        else:
            app.back_to_menu()
