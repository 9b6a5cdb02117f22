"""GamesApp: the menu, the global keys, the theme and the routing between screens."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable
from typing import Any

from textual.app import App
from textual.await_complete import AwaitComplete
from textual.binding import Binding
from textual.dom import NoScreen
from textual.events import AppFocus, Event, Key
from textual.screen import Screen
from textual.widgets import Button

from tui_games.engine.core import Options
from tui_games.engine.locks import GameLock
from tui_games.engine.records import History
from tui_games.engine.saves import SaveError, SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.engine.text import one_line
from tui_games.games import GameInfo, UnknownGame, get_game
from tui_games.tui.heap_tables import TableHeap
from tui_games.tui.memory import release_closed_widgets
from tui_games.tui.paths import style_files
from tui_games.tui.screens.commands import PaletteCommands
from tui_games.tui.screens.confirm import Choice, ChoiceScreen
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.history import HistoryScreen
from tui_games.tui.screens.load import LoadScreen, when
from tui_games.tui.screens.menu import MenuScreen
from tui_games.tui.screens.new_game import NewGameScreen, new_seed
from tui_games.tui.screens.replay import open_replay
from tui_games.tui.screens.rules import RulesScreen
from tui_games.tui.screens.size_watch import SizeWatch
from tui_games.tui.screens.stats import StatsScreen
from tui_games.tui.screens.too_small import TOO_SMALL_CLASS, is_too_small
from tui_games.tui.screens.tutorial import Guide, learn, learnable
from tui_games.tui.terminal_watch import TerminalWatch
from tui_games.tui.textual_private import running_pump

WARM_CLASS = "-warm-styles"  # the hidden Button that reads Button's CSS before any dialog


def screen_class(info: GameInfo) -> type[GameScreen]:
    """Import the game's screen class named by ``info.screen`` ("module:Class")."""
    module_name, _, class_name = info.screen.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    if not (isinstance(cls, type) and issubclass(cls, GameScreen)):
        raise TypeError(f"{info.screen} is not a GameScreen")
    return cls


class GamesApp(PaletteCommands, TableHeap, SizeWatch, TerminalWatch, App[None]):
    """The tui-games application.

    ``session`` opens straight into that game (``--load FILE``); ``bot_delay`` is how long
    a bot's move stays on screen before the next one (0 in tests). Its other parts are
    mixed in: the command palette (screens/commands.py), the heap's freezing around tables
    (heap_tables.py), the too-small panel (screens/size_watch.py) and the terminal going
    away (terminal_watch.py).
    """

    TITLE = "tui-games"
    CSS_PATH = [str(path) for path in style_files()]

    def __init__(self, store: SaveStore, session: Session | None = None,
                 bot_delay: float = 0.6, *, replay: str | None = None) -> None:
        """``replay`` opens that save or record in the replay viewer (`tui-games replay`)."""
        super().__init__()
        self.store = store
        self.history = History(store)
        self.bot_delay = bot_delay
        self._start_session = session
        self._start_replay = replay
        self.first_seed: int | None = None  # --seed: offered by the first new-game dialog
        self._game_lock: GameLock | None = None  # the open game's, while it is open
        self._after_frame: list[Callable[[], object]] = []  # see call_after_frame

    def call_after_frame(self, callback: Callable[[], object]) -> None:
        """Run ``callback`` once the next frame has gone to the terminal (work the player
        need not wait for, such as a file synced to disk). Textual's call_after_refresh
        runs a callback at once when the screen has not heard of its repaints yet."""
        self._after_frame.append(callback)

    def post_display_hook(self) -> None:
        """After each frame: what waits for one runs next (not inside the frame)."""
        callbacks, self._after_frame = self._after_frame, []
        for callback in callbacks:
            self.call_later(callback)

    @functools.cached_property
    def app_keys(self) -> frozenset[str]:
        """The keys the app itself binds (its classes' BINDINGS, and the command palette's
        key, which Textual binds for it), found once."""
        keys = {self.COMMAND_PALETTE_BINDING} if self.ENABLE_COMMAND_PALETTE else set()
        for cls in type(self).__mro__:
            keys.update(binding.key for binding in
                        Binding.make_bindings(cls.__dict__.get("BINDINGS", ())))
        return frozenset(keys)

    def get_default_screen(self) -> Screen[Any]:
        """The menu is the bottom of the screen stack: leaving anything returns to it."""
        return MenuScreen()

    async def on_event(self, event: Event) -> None:
        """Keys typed ahead of a game's table (it is not composed yet) are dropped: they
        were meant for the screen before, and a game's keys need its widgets. A table
        hears of every other key first (any key but Esc takes back its leave notice)."""
        if isinstance(event, Key) and not event.is_forwarded:
            if event.key == "escape" and self.screen.query("HelpPanel"):
                # Esc backs out of everything else; the Keys panel has no key of its own.
                self.action_hide_help_panel()
                return
            if self._key_too_early(event):
                return
            screen = self.screen_stack[-1] if self.screen_stack else None
            if isinstance(screen, GameScreen):
                screen.key_pressed(event.key)  # before the key acts: it may say more
        await super().on_event(event)

    def _key_too_early(self, event: Key) -> bool:
        """True for a key typed ahead of what it is meant for, to be dropped: a screen
        not built yet (not mounted, or a game table not filled in: GameScreen.ready), a
        table or a focused widget hidden by the too-small panel, or a widget not laid
        out yet. The app's own keys (ctrl+q...) always work."""
        if event.key in self.app_keys:
            return False
        if not self.screen_stack:
            return True
        screen = self.screen_stack[-1]
        if not self.is_mounted(screen) or not getattr(screen, "ready", True):
            return True
        if isinstance(screen, GameScreen) and screen.has_class(TOO_SMALL_CLASS):
            # The table is hidden: a key would play (or be refused) unseen, and its
            # answer would stand in for the turn's prompt once the table shows again.
            return True
        focused = screen.focused
        if focused is None:
            return False
        # Focused but hidden by the too-small panel, or not laid out yet: a list would
        # page through lines it has not measured.
        return screen.has_class(TOO_SMALL_CLASS) or not focused.size.area

    def pop_screen(self) -> AwaitComplete:
        """Close the screen on top, unless a screen already closed asks: a key typed
        ahead that reaches a dialog after it closed (Enter twice) must not close the
        screen under it too."""
        if self.asked_by_closed_screen():
            return AwaitComplete.nothing()
        return super().pop_screen()

    def on_mount(self) -> None:
        """Watch screen changes for the size check; open the game given on the command line."""
        self.screen_change_signal.subscribe(self, self._screen_changed)
        self.screen_change_signal.subscribe(self, self._hold_collections, immediate=True)
        self._sync_size(self.size)
        self.call_after_refresh(self._warm_dialog_styles)
        self._freeze_start_up()
        if not self.is_headless:
            self._watch_terminal()
        if self._start_session is not None:
            session, self._start_session = self._start_session, None
            self.open_game(session)
        if self._start_replay is not None:
            path, self._start_replay = self._start_replay, None
            # `tui-games replay FILE` asked for this file only: leaving it ends the app,
            # back at the shell, rather than in a menu nobody asked for.
            self.replay_file(path, then=self.exit)

    async def _warm_dialog_styles(self) -> None:
        """Mount one hidden Button after the first frame, and take it away: Textual reads a
        widget class's own CSS the first time one is mounted, which cost the first summary or
        game-over dialog of a game 8-10 ms while the player waited for it."""
        screen = self.screen
        if not screen.is_attached:
            return
        warm = Button("", classes=WARM_CLASS)
        warm.display = False
        await screen.mount(warm)
        await warm.remove()

    # ---- the screen on top ------------------------------------------------------------

    def on_app_focus(self, event: AppFocus) -> None:
        """Give the screen its first control when the keyboard comes back to nothing.

        Textual's web driver (``tui-games serve``) blurs the app as it starts, often
        before the first screen has focused anything, and then has nothing to restore:
        every key would go nowhere.
        """
        if self.screen.focused is None:
            self.screen.focus_next()

    def _screen_changed(self, screen: Screen[Any]) -> None:
        self._size_screen(screen, is_too_small(self.size))
        if self.freezes_heap:
            self._freeze_with_tables()

    # ---- routing --------------------------------------------------------------------

    def back_to_menu(self, save: bool = True) -> None:
        """Close every screen above the menu; games on the way are autosaved (unless
        ``save`` is False: the caller saved them) and let go of."""
        if save:
            for screen in self.screen_stack[1:]:
                if isinstance(screen, GameScreen):
                    screen.save_on_exit()
        while len(self.screen_stack) > 1:
            # Textual's own pop: ours ignores a request from a screen already closed, and
            # back to the menu is wanted whoever asks (else this loop would never end).
            super().pop_screen()
        self._release_game()
        # Textual keeps removed widgets (and all they drew) in caches and watcher lists: let
        # go of them whenever a game closes, or a long session grows with every game (issue 11).
        release_closed_widgets(self)

    def _release_game(self) -> None:
        lock, self._game_lock = self._game_lock, None
        if lock is not None:
            lock.release()

    def on_unmount(self) -> None:
        """However the app ends, the open game is let go of (another window may open it)."""
        self._release_game()

    def leave_games(self, then: Callable[[], None]) -> None:
        """Save the open game, then ``then()``; if it cannot be saved, its screen asks
        first (save elsewhere, leave anyway, or stay: then nothing happens)."""
        for screen in self.screen_stack:
            if isinstance(screen, GameScreen) and not screen.save_on_exit():
                screen.ask_before_leaving(then)
                return
        then()

    def asked_by_closed_screen(self) -> bool:
        """True when the code running now belongs to a screen already closed.

        Keys typed ahead ("l Enter Enter" at once) are queued to the widget that had the
        focus when they arrived: the second Enter can reach a dialog after the first one
        closed it. What such a key asks for (open the game again, start another game) is
        ignored: it was meant for the screen that is now on top.
        """
        pump = running_pump()
        if pump is None or pump is self:
            return False
        try:
            screen = pump if isinstance(pump, Screen) else pump.screen
        except NoScreen:
            return True  # a widget already taken off its screen
        return screen not in self.screen_stack

    def open_game(self, session: Session, guide: Guide | None = None) -> bool:
        """Replace whatever is open with the game screen of ``session``.

        The game is held open in this window (an advisory lock on its save); if another
        window holds it, the player may open a copy instead. False if it did not open
        now (unavailable, held elsewhere, or the game on the table asks first, or the
        request came from a screen already closed: see ``asked_by_closed_screen``).
        """
        if self.asked_by_closed_screen():
            return False
        return self._open_game(session, guide)

    def _open_game(self, session: Session, guide: Guide | None = None) -> bool:
        try:
            info = get_game(session.rules.id)
            cls = screen_class(info)
        except (UnknownGame, ImportError, AttributeError, TypeError) as exc:
            self.notify(f"Cannot open {session.rules.title}: {exc}", severity="error",
                        title="Game unavailable", markup=False)
            return False
        if any(isinstance(s, GameScreen) for s in self.screen_stack):
            opened = False

            def leave_then_open() -> None:
                nonlocal opened
                self.back_to_menu(save=False)
                opened = self._open_game(session, guide)

            self.leave_games(leave_then_open)
            return opened
        self.back_to_menu(save=False)
        lock = self.store.lock(session)
        if lock is None:
            self._offer_copy(session)
            return False
        self._game_lock = lock
        self.push_screen(cls(session=session, info=info, store=self.store,
                             bot_delay=self.bot_delay, guide=guide))
        return True

    def _offer_copy(self, session: Session) -> None:
        """The game is open in another window: offer to open a copy (a new game id, so
        neither window overwrites the other's saves)."""
        def answered(answer: str | None) -> None:
            if answer == "copy":
                session.save_id = None
                self._open_game(session)

        self.push_screen(ChoiceScreen(
            "This game is open in another window. Playing it here too would overwrite "
            "one window's moves with the other's. You can open a copy: it is saved as a "
            "separate game.",
            [Choice("copy", "Open a copy", "c"), Choice("back", "Back", "b")],
            cancel="back", title="Open in another window"), answered)

    def new_game(self, game_id: str | None = None, seats: list[Seat] | None = None,
                 options: Options | None = None) -> None:
        """The new-game dialog, prefilled with ``game_id``, ``seats`` and ``options``."""
        if self.asked_by_closed_screen():
            return
        if any(isinstance(s, GameScreen) and s.is_over for s in self.screen_stack):
            self.back_to_menu()
        self.push_screen(NewGameScreen(game_id, seats, options))

    def rematch(self, session: Session) -> None:
        """The same game, seats and options again, with a new seed."""
        again = Session.new(session.rules, session.seats, new_seed(), session.options)
        again.ui_prefs = dict(session.ui_prefs)  # the hand's sort and such carry over
        self.open_game(again)

    def load_game(self, path: str) -> bool:
        """Open the save at ``path``; a bad file is explained and left untouched."""
        if self.asked_by_closed_screen():
            return False
        try:
            session = self.store.load(path)
        except SaveError as exc:
            self.notify(str(exc), title="Cannot load this save", severity="error", timeout=10,
                        markup=False)
            return False
        if not self.open_game(session):
            return False
        table = self.screen
        if isinstance(table, GameScreen) and table.session is session:
            table.saves.mark_saved()  # leaving it unplayed keeps the file's time
        return True

    # ---- actions (menu keys and the command palette) --------------------------------

    def action_new_game(self) -> None:
        """Set up a new game."""
        self.new_game()

    def action_learn(self, game_id: str = "") -> None:
        """Learn to play: the guided first game of ``game_id``, else ask which game."""
        if self.asked_by_closed_screen():
            return
        games = learnable()
        if game_id:
            learn(self, get_game(game_id))
            return

        def chosen(answer: str | None) -> None:
            if answer and answer != "back":
                learn(self, get_game(answer))

        self.push_screen(ChoiceScreen(
            "A short guided game on a fixed deal, alone or against an easy bot: each step says "
            "what to do and why. Which game?",
            [Choice(info.id, info.title, str(n)) for n, info in enumerate(games, start=1)]
            + [Choice("back", "Back", "b")],
            cancel="back", title="Learn to play"), chosen)

    def action_continue_game(self) -> None:
        """Resume the newest save that loads."""
        latest = self.store.latest()
        if latest is None:
            self.notify("There is no saved game to continue yet.", severity="warning")
            return
        self.load_game(latest.path)

    def action_load(self) -> None:
        """Pick a saved game."""
        if not self.asked_by_closed_screen():
            self.push_screen(LoadScreen())

    def action_history(self) -> None:
        """The finished games (see screens/history.py)."""
        if not self.asked_by_closed_screen() and not isinstance(self.screen, HistoryScreen):
            self.push_screen(HistoryScreen())

    def action_stats(self) -> None:
        """The figures of the finished games (see screens/stats.py)."""
        if not self.asked_by_closed_screen() and not isinstance(self.screen, StatsScreen):
            self.push_screen(StatsScreen())

    def replay_file(self, path: str, then: Callable[[], None] | None = None) -> bool:
        """Open a record (or any save) in the replay viewer; a bad file is explained in
        one line and left untouched. ``then`` runs when the viewer is left."""
        if self.asked_by_closed_screen():
            return False
        try:
            session, tag = self.history.open(path)
            info = get_game(session.rules.id)
        except (SaveError, UnknownGame) as exc:
            self.notify(str(exc), title="Cannot replay this file", severity="error",
                        timeout=10, markup=False)
            return False
        title = (f"the game of {when(tag.finished_at)}" if tag is not None
                 else f"the save {one_line(session.name or 'autosave', 30)!r}")
        open_replay(self.screen, session, info, self.store, title=title, then=then)
        return True

    def action_rules(self) -> None:
        """The rules: of the game on the table, else of any game."""
        if self.asked_by_closed_screen():
            return
        screen = self.screen
        self.push_screen(RulesScreen(screen.info if isinstance(screen, GameScreen) else None))

    async def action_quit(self) -> None:
        """Quit; an unfinished game is autosaved first so Continue resumes it (if it
        cannot be, the game asks first)."""
        def quit_now() -> None:
            self._release_game()
            self.exit()

        self.leave_games(quit_now)
