"""The keys every table shares: save, undo, the rules, Esc to the menu, the log's pages.

``TableKeys`` is a part of GameScreen (mixed into it, as SeatsView and the hint keys are):
the bindings themselves are GameScreen's ``BINDINGS`` (``TABLE_BINDINGS`` here), since
Textual reads bindings from screen classes only; the actions they run live here. Esc at
the top level asks LeaveGuard first (screens/leaving.py): the second Esc leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding

from tui_games.tui.screens import hint
from tui_games.tui.screens.decision import why_no_undo
from tui_games.tui.screens.rules import RulesScreen
from tui_games.tui.widgets.log import GameLog

if TYPE_CHECKING:
    from tui_games.tui.screens.game import GameScreen

LOG_KEYS = Binding.Group("Log")  # PageUp/PageDown/Home/End, one footer entry
# The keys every table shares, in the order they give up their words in the footer when
# a phase has more keys than 80 columns hold (the best known first: see footer_fit).
TABLE_KEYS = ("save", "undo", "rules", "menu", "hint", "scroll_log(1)")

TABLE_BINDINGS = [
    hint.HINT,  # see screens/hint.py
    Binding("ctrl+s", "save", "Save"),
    Binding("ctrl+z", "undo", "Undo"),
    Binding("question_mark,f1", "rules", "Rules", key_display="?"),
    Binding("escape", "menu", "Menu"),
    hint.STOP,
    # The log scrolls from the keyboard too: a bot's whole turn is often more than
    # it shows. One footer entry for the four (LOG_KEYS); a focused list with page
    # keys of its own keeps them.
    Binding("pageup", "scroll_log(1)", "Older log lines", key_display="PgUp/Dn",
            group=LOG_KEYS),
    Binding("pagedown", "scroll_log(-1)", "Newer log lines", group=LOG_KEYS),
    Binding("home", "scroll_log_to(1)", "Oldest log line", group=LOG_KEYS),
    Binding("end", "scroll_log_to(-1)", "Newest log line", group=LOG_KEYS),
]
"""GameScreen's bindings (games list them after their own: ``*GameScreen.BINDINGS``)."""


class TableKeys:
    """The actions of the shared table keys (see the module's docstring)."""

    @property
    def _table(self) -> GameScreen:
        return self  # type: ignore[return-value]

    def action_scroll_log(self, pages: int) -> None:
        """Scroll the game log a page towards older (1) or newer (-1) lines."""
        for log in self._table.query(GameLog):
            log.scroll_back(pages * max(1, log.content_size.height - 1))

    def action_scroll_log_to(self, end: int) -> None:
        """Scroll the game log to its oldest (1) or newest (-1) line."""
        for log in self._table.query(GameLog):
            log.scroll_to_end(oldest=end > 0)

    def action_undo(self) -> None:
        """Take back the viewer's last decision if the rules allow it."""
        table = self._table
        if table.reviewing:
            table.show_status("Nothing to undo in a look back: Enter or Esc to go on.",
                              error=True)
            return
        thinking = table.bot_runner.thinking
        if thinking is not None:
            table.show_status(f"Wait: {table.seat_name(thinking)} is thinking.", error=True)
            return
        if table.guide is not None and table.guide.active:
            table.show_status(table.guide.NO_UNDO, error=True)
            return
        if not table.session.can_undo():
            table.show_status(why_no_undo(table.session), error=True)
            return
        action = table.session.undo()
        table.bot_runner.moved_on()
        table.stop_hint()
        table.refresh_view()
        if action is not None:
            what = table.rules.describe(table.session.state, action)
            table.show_status(f"Undone: {what}. {table.status_text(table.view())}")

    def action_rules(self) -> None:
        """Open this game's rules."""
        table = self._table
        table.app.push_screen(RulesScreen(table.info))

    def action_menu(self) -> None:
        """Esc at the top level: the first shows a notice, the second (within a few
        seconds, no other key between) leaves (see screens/leaving.py)."""
        table = self._table
        if table.reviewing:
            table.dismiss(None)  # Esc ends a look back, like Enter
            return
        if table.leaving.escape():
            table.leave_table()

    def key_pressed(self, key: str) -> None:
        """Any key but Esc takes back the leave notice (the app tells every table)."""
        if key != "escape":
            self._table.leaving.cancel()

    def on_screen_suspend(self) -> None:
        """A dialog over the table forgets an Esc made before it."""
        self._table.leaving.cancel()

    def leave_table(self) -> None:
        """Save and go back to the menu (Continue resumes the game); if the game cannot
        be saved, ask first."""
        table = self._table

        def leave() -> None:
            table._stop_bot()
            table.games_app.back_to_menu(save=False)

        if table.save_on_exit():
            leave()
        else:
            table.ask_before_leaving(leave)
