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

What a table is made of is in its constructor, each part an object that owns its state,
held by name: ``seats`` (who plays from here, the viewer, what was worked out from their
observation: screens/seats_view.py), ``bots`` (the bots' turns in worker threads:
screens/bot_runner.py), ``saves`` (the autosave, ctrl+s, failing saves:
screens/save_flow.py), ``hints`` (H: screens/hint.py) and ``keys`` (save, undo, rules,
Esc, the log's pages, and the leave guard: screens/table_keys.py). Textual reads
bindings, actions and message handlers from screen classes only, so the screen keeps a
one-line ``action_*`` or ``on_*`` method for each, handing over to the part.

The class reads in that order: the hooks a game implements (``compose_table``,
``refresh_table``, ``status_text``, and with defaults ``check_table_action``,
``mark_hint``, ``keep_view``, ``count_hint``), then what a game reads and calls
(``viewer``, ``view()``, ``mine()``, ``legal()``, ``why_not()``, ``remember``, ``speak``,
``play``, ``attempt``, ``show_status``, ``give_keys``, ``saved_numbers``, ``fit_table``,
``large``...), then the machinery a game leaves alone. A card table builds on
screens/card_table.py; the smallest complete table is tests/ui/reference_screen.py.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar, cast

import msgspec
from textual.app import ComposeResult
from textual.events import Resize
from textual.reactive import Reactive
from textual.screen import Screen
from textual.timer import Timer
from textual.widget import Widget

from tui_games.engine.codec import clone
from tui_games.engine.core import Action, GameState, IllegalAction, Outcome
from tui_games.engine.grammar import seat_ref, speak_to
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
    TableBots,
    progress_bar,
)
from tui_games.tui.screens.decision import sentence, why_no_undo
from tui_games.tui.screens.dismiss_once import DismissOnce
from tui_games.tui.screens.game_over import ANSWERS, GameOverChoice, GameOverScreen
from tui_games.tui.screens.handoff import HandoffScreen
from tui_games.tui.screens.leaving import LEAVE_NOTICE
from tui_games.tui.screens.save_flow import SAVE_WARNING, SaveFlow
from tui_games.tui.screens.seats_view import Seats
from tui_games.tui.screens.table_keys import TABLE_BINDINGS, TABLE_KEYS, TableKeys
from tui_games.tui.screens.too_small import TOO_SMALL_CLASS
from tui_games.tui.widgets.boxes import Column
from tui_games.tui.widgets.footer import GameFooter
from tui_games.tui.widgets.log import GameLog
from tui_games.tui.widgets.status import StatusLine

if TYPE_CHECKING:
    from tui_games.tui.app import GamesApp
    from tui_games.tui.screens.tutorial import Guide

T = TypeVar("T")

__all__ = ["PROGRESS_WIDTH", "SAVE_WARNING", "GameScreen", "bot_rng", "progress_bar",
           "sentence", "why_no_undo"]


class GameScreen(DismissOnce, Screen[None]):
    """The table of one game in progress. Subclasses implement the three table methods
    (``compose_table``, ``refresh_table``, ``status_text``); see the module's docstring."""

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

    LARGE_AT: tuple[int, int] | None = None
    """From this terminal size (width, height) on, the screen has the class ``-large`` and
    ``large`` is True: a game draws its larger table there (None: one size only)."""

    large = False
    """True while the table is drawn large (see LARGE_AT and ``fit_table``)."""

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
        self.review_title = review
        self.seats = Seats(session, viewer)  # who plays from here, and who is looking
        bots = {} if review is not None else {
            i: info.bots[seat.bot](session.rules, bot_rng(session.seed, i))
            for i, seat in enumerate(session.seats) if seat.bot is not None}
        self.bots = TableBots(self, bots, bot_delay)  # the seats no one plays here
        self.saves = SaveFlow(self)  # the autosave, ctrl+s, and what to do when saves fail
        self.hints = hint.TableHints(self)  # H: what the hard bot would play here
        self.keys = TableKeys(self)  # save, undo, rules, Esc, the log's pages
        self._last_focus: Widget | None = None
        self._over = False
        self._end_to_keep = (False, False)  # (keep a record, drop the autosave): see keep_the_end
        self._outcome: Outcome | None = None
        self._ready = False  # True once the table has been composed and shown
        self._status_shown: tuple[str, bool] = ("", False)  # show_status's last (text, error)
        self._autosave_due = False  # an autosave waits for the frame (see _apply)
        self._sized = False  # the first fit_table has been made: a later switch redraws

    # ---- the hooks a game implements (the first three it must; the rest have defaults) ---

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

    def check_table_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Whether ``action`` works now on a built table (overridden by games that gate
        keys by phase; False hides a key from the footer, None shows it disabled)."""
        return True

    def mark_hint(self, action: Action) -> None:
        """Mark ``action`` on the table (move the cursor to its card, space or button).
        Games override it; the status line names the move in any case."""

    def keep_view(self) -> None:
        """Put what a save keeps of the table (the card or place under a cursor) in the
        session's ui_prefs; called just before every save of a table that is shown, so
        a cursor key costs nothing for it. Nothing by default: games override it."""

    def count_hint(self, seat: int) -> None:
        """``seat`` was shown a hint: one more in its count (an online table also tells
        the host, which keeps the game)."""
        self.session.count_hint(seat)

    # ---- what a game reads and calls: who sees what (the seats are self.seats) -----------

    @property
    def viewer(self) -> int:
        """The human seat whose private area is shown: the human to move in hot-seat,
        the only human against bots, seat 0 when every seat is a bot."""
        return self.seats.viewer

    def view(self) -> GameState:
        """The state as the viewer may see it (one observation per position and viewer:
        the footer asks for it for every key it shows). Never modify it: clone it."""
        return self.remember("view", lambda: self.rules.observe(self.session.state,
                                                                self.viewer))

    def mine(self) -> bool:
        """Whether the keyboard decides now: the viewer is to move, plays from the keyboard,
        and this is no look back."""
        if self.reviewing:
            return False
        return self.remember("mine", lambda: (
            (mover := self.rules.to_move(self.view())) == self.viewer
            and mover is not None and self.session.seats[mover].is_human))

    def legal(self) -> list[Action]:
        """The viewer's legal actions now (none when the decision is not theirs)."""
        if not self.mine():
            return []
        return self.remember("legal", lambda: self.rules.legal_actions(self.view()))

    def why_not(self, action: Action) -> str:
        """Why ``action`` is refused now: a look back, the end, another seat's turn, or the
        rules' own reason (the action tried on a copy of the view)."""
        if self.reviewing:
            return look_back.nothing_to_play(self.review_title or "")
        view = self.view()
        mover = self.rules.to_move(view)
        if mover is None:
            return self.OVER_TEXT
        if not self.mine():
            return f"Wait: it is {seat_ref(mover)}'s turn."
        try:
            self.rules.apply(clone(view), action)
        except IllegalAction as exc:
            return sentence(exc.reason)
        return "That is not possible right now."

    def remember(self, name: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, worked out once per observation: kept until an action is played
        or undone, or the viewer changes (a cursor key reuses it). ``name`` tells apart
        what a table keeps ("legal", ("cells", large), ...)."""
        return self.seats.memo.get(self.session, self.viewer, name, compute)

    def speak(self, text: str) -> str:
        """A rules text ("Seat 2 draws ...") as the viewer reads it: names, and "you"."""
        return speak_to(text, self.seat_names, self.viewer)

    @property
    def seat_names(self) -> list[str]:
        """Every seat's player name as shown (printable, cut to length), in seat order."""
        return self.seats.names

    def seat_name(self, seat: int) -> str:
        """Seat ``seat``'s player name as shown (a name from a save file is cleaned)."""
        return self.seats.name(seat)

    @property
    def humans(self) -> list[int]:
        """The seats played from the keyboard."""
        return self.seats.humans

    def is_you(self, seat: int) -> bool:
        """True when ``seat`` is the person at this screen (marked "(you)" at the table)."""
        return seat == self.viewer and self.session.seats[seat].is_human

    @property
    def reviewing(self) -> bool:
        """True for a read-only look back (``review()``)."""
        return self.review_title is not None

    @property
    def rules(self) -> Any:
        """The game's rules object."""
        return self.session.rules

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.rules.outcome(self.session.state) is not None

    @property
    def _viewer(self) -> int:
        """The seat hot-seat shows now (``seats.turn``): tests sit a viewer down with it."""
        return self.seats.turn

    @_viewer.setter
    def _viewer(self, seat: int) -> None:
        self.seats.turn = seat

    # ---- what a game reads and calls: playing and drawing --------------------------------

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

    def attempt(self, action: Action) -> bool:
        """Play ``action`` if it is legal now, else say why not on the status line."""
        if action in self.legal():
            return self.play(action)
        self.show_status(self.why_not(action), error=True)
        return False

    def show_status(self, text: str, *, error: bool = False) -> None:
        """Put ``text`` on the status line; ``error`` marks an explanation of a refusal.

        Seat references of the rules ("Seat 2") read as names, the viewer's as "you".
        """
        self._status_shown = (text, error)
        text = self.speak(self.save_warning() + text)  # while saves fail, every status says so
        if self.keys.leaving.hold(text, error):
            return  # the leave notice stays up; this shows when it goes
        self.query_one("#status", StatusLine).update(text, error=error)

    def refresh_view(self) -> None:
        """Redraw the table, the log and the status line from a fresh observation."""
        self.bots.cancel_redraw()
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

    def saved_numbers(self, key: str, count: int) -> tuple[int, ...] | None:
        """The ``count`` numbers a save kept under ``key`` in ui_prefs ("12", "3:7",
        "2,5"), or None when there are none or the value is not that (an edited file)."""
        parts = re.split(r"[:,]", self.session.ui_prefs.get(key, ""))
        if len(parts) != count or not all(part.isdigit() for part in parts):
            return None
        return tuple(int(part) for part in parts)

    def fit_table(self, width: int, height: int) -> None:
        """Switch between the compact and the large table (``LARGE_AT``) for a terminal of
        ``width`` x ``height``: the screen's ``-large`` class (the stylesheets size the
        boxes by it) and ``large``; redraw only when the switch happens after the first
        draw."""
        if self.LARGE_AT is None:
            return
        large = width >= self.LARGE_AT[0] and height >= self.LARGE_AT[1]
        self.set_class(large, "-large")
        changed, self.large = large != self.large, large
        if changed and self._sized:
            self.refresh_view()
        self._sized = True

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

    def name_seats(self, text: str) -> str:
        """``text`` from the rules layer, which calls seats "Seat 1", with their names."""
        return speak_to(text, self.seat_names)

    @property
    def games_app(self) -> GamesApp:
        """The app, typed."""
        return cast("GamesApp", self.app)

    @property
    def closed(self) -> bool:
        """True once the screen is off the app's stack. Keys typed ahead can open a table
        and leave it in one burst: its on_mount handlers then find no widgets, and must
        do nothing."""
        return self not in self.app.screen_stack

    @property
    def ready(self) -> bool:
        """True once the table is composed and filled in. Until then the app drops
        the keys typed ahead to this screen: a game's keys act on widgets that do not
        exist yet."""
        return self._ready

    # ---- building the table --------------------------------------------------------------

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
            self._hand_off(self.seats.turn)
        else:
            self._advance()
        self._ready = True
        self.saves.table_shown()
        self.refresh_bindings()  # the Footer shows the keys that now work

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
            return not self.reviewing and self.hints.allowed(action)
        return self.check_table_action(action, parameters)

    def on_resize(self, event: Resize) -> None:
        """Follow the terminal's size (see ``fit_table``)."""
        if not self.closed:  # a table closed before it was built has no widgets
            self.fit_table(event.size.width, event.size.height)

    def _focus_changed(self, focused: Widget | None) -> None:
        if focused is not None:
            self._last_focus = focused
        else:
            self.call_after_refresh(self._refocus)

    def _refocus(self) -> None:
        """Give focus back (a widget hidden or removed took it away): arrows keep working."""
        if self.focused is not None or self.has_class(TOO_SMALL_CLASS):
            return
        last = self._last_focus
        if last is not None and last.is_attached and last.focusable:
            self.set_focus(last)
        else:
            self.focus_next()

    def action_end_review(self) -> None:
        """Leave the look back."""
        if self.reviewing:
            self.dismiss(None)

    # ---- the game going on: moves, hand-offs, the bots (self.bots, screens/bot_runner.py)

    def _apply(self, action: Action) -> bool:
        turn_before = self.session.turn
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self.show_status(exc.reason, error=True)
            return False
        self.bots.runner.moved_on()
        self.hints.stop()
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
        if seats[mover].is_human and len(self.humans) > 1 and mover != self.seats.turn:
            self._hand_off(mover)
            return
        if not seats[mover].is_human and self.bots.runner.moving:
            self.bots.show_move()  # a bot's move another bot's follows: maybe with it
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
            self.seats.turn = seat
            self._advance()

        if not self.closed:  # a bot's move can land after the table was left
            self.app.push_screen(HandoffScreen(self.seat_name(seat)), ready)

    def _start_bot(self, seat: int) -> None:
        """``seat``'s bot is to move (a table whose bots play elsewhere overrides it)."""
        self.bots.start(seat)

    @property
    def bot_thinking(self) -> int | None:
        """The bot seat whose move is being computed, if any."""
        return self.bots.thinking

    @property
    def bot_runner(self) -> BotRunner:
        """The bots themselves and the token of the answer awaited (``bots.runner``)."""
        return self.bots.runner

    @property
    def bot_redraw(self) -> Timer | None:
        """A bot's move waiting to be drawn at the next frame (``bots.redraw``)."""
        return self.bots.redraw

    def on_bot_moved(self, message: BotMoved) -> None:
        """A bot's answer, from its worker (see TableBots.moved)."""
        self.bots.moved(message)

    def on_bot_progress(self, message: BotProgress) -> None:
        """How far a bot's search has got (see TableBots.progress)."""
        self.bots.progress(message)

    def on_screen_resume(self) -> None:
        """Back at the table: a bot's move that came meanwhile is played now."""
        self.bots.resume()

    # ---- hints (self.hints, screens/hint.py) ---------------------------------------------

    @property
    def hint_thinking(self) -> bool:
        """True while the hard bot is working out a hint."""
        return self.hints.thinking

    def action_hint(self) -> None:
        """H: what the hard bot would play in the viewer's place (see TableHints.ask)."""
        self.hints.ask()

    def action_stop_hint(self) -> None:
        """Esc while a hint is worked out: stop it."""
        self.hints.stop_key()

    def on_hint_ready(self, message: hint.HintReady) -> None:
        """A hint from its worker (see TableHints.ready)."""
        self.hints.ready(message)

    # ---- the keys every table shares (self.keys, screens/table_keys.py) ------------------

    def action_scroll_log(self, pages: int) -> None:
        """Scroll the game log a page towards older (1) or newer (-1) lines."""
        self.keys.scroll_log(pages)

    def action_scroll_log_to(self, end: int) -> None:
        """Scroll the game log to its oldest (1) or newest (-1) line."""
        self.keys.scroll_log_to(end)

    def action_undo(self) -> None:
        """Take back the viewer's last decision if the rules allow it."""
        self.keys.undo()

    def action_rules(self) -> None:
        """Open this game's rules."""
        self.keys.rules()

    def action_menu(self) -> None:
        """Esc: a notice first, the second Esc leaves (see TableKeys.menu)."""
        self.keys.menu()

    def key_pressed(self, key: str) -> None:
        """Any key but Esc takes back the leave notice (the app tells every table)."""
        self.keys.pressed(key)

    def on_screen_suspend(self) -> None:
        """A dialog over the table forgets an Esc made before it."""
        self.keys.leaving.cancel()

    def leave_table(self) -> None:
        """Save and go back to the menu; if the game cannot be saved, ask first."""
        self.keys.leave()

    # ---- saving and leaving (self.saves, screens/save_flow.py) ---------------------------

    def autosave(self) -> Path | None:
        """Write the session's autosave (none in a look back); never raises. A failure is
        notified once, and the status line says "Not saved" until a save works again."""
        return None if self.reviewing else self.saves.autosave()

    def save_warning(self) -> str:
        """The status line's lead while saves fail ("⚠ Not saved (why). "), else ""."""
        return "" if self.reviewing else self.saves.warning()

    def action_save(self) -> None:
        """Ask for a name and save the game under it (see SaveFlow.save_as)."""
        if self.reviewing:
            self.show_status("Leave the look back (Enter) to save the game.", error=True)
            return
        self.saves.save_as()

    def ask_before_leaving(self, leave: Callable[[], None]) -> None:
        """The game could not be saved: ask whether to save a copy elsewhere, leave
        anyway (``leave()``), or stay at the table."""
        self.saves.ask_before_leaving(leave)

    def save_on_exit(self) -> bool:
        """Called before leaving the table: keep an unfinished game resumable. False if
        there was something to save and it could not be saved."""
        self.keep_the_end()  # a game that ended just now: its record before anything else
        if self._over or self.reviewing or self.saves.unchanged():
            return True  # nothing new: the save keeps its time
        return self.autosave() is not None or not self.session.actions

    def on_unmount(self) -> None:
        """Leaving the table any other way (a new game, quitting) also ends a search."""
        if self.bots.thinking is not None:
            self.bots.stop()
        self.hints.stop()

    # ---- the end -------------------------------------------------------------------------

    def _game_over(self, outcome: Outcome) -> None:
        if self._over:
            return
        self._over = True
        self.bots.runner.thinking = None
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
                                                self.info.title, hints=hints,
                                                answers=self.game_over_answers(),
                                                viewer=self.result_viewer()),
                                 self._after_game_over)

    def game_over_answers(self) -> tuple[tuple[GameOverChoice, str], ...]:
        """What the game-over dialog offers at this table."""
        return ANSWERS

    def result_viewer(self) -> int | None:
        """The seat the result speaks to as "you": none at a shared keyboard, where a
        player against bots is already named You and hot-seat players read it together."""
        return None

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
