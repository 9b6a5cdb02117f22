"""The keys every table shares: save, undo, the rules, Esc to the menu, the log's pages.

``TableKeys`` is the part of a GameScreen held as ``keys``: the bindings themselves are
GameScreen's ``BINDINGS`` (``TABLE_BINDINGS`` here) and its ``action_*`` methods are one
line each, since Textual reads bindings and actions from screen classes only; what the
actions do lives here. Esc at
the top level asks LeaveGuard first (screens/leaving.py): the second Esc leaves.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.binding import Binding

from tui_games.tui.screens import hint
from tui_games.tui.screens.decision import why_no_undo
from tui_games.tui.screens.leaving import LeaveGuard
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
    """The shared keys of one table, owned by the GameScreen as ``keys``; it holds the
    leave guard (``leaving``: whether a first Esc's notice is up). The screen's
    ``action_*`` methods hand over to these (see the module's docstring)."""

    def __init__(self, table: GameScreen) -> None:
        self.table = table
        self.leaving = LeaveGuard(table)

    def scroll_log(self, pages: int) -> None:
        """Scroll the game log a page towards older (1) or newer (-1) lines."""
        for log in self.table.query(GameLog):
            log.scroll_back(pages * max(1, log.content_size.height - 1))

    def scroll_log_to(self, end: int) -> None:
        """Scroll the game log to its oldest (1) or newest (-1) line."""
        for log in self.table.query(GameLog):
            log.scroll_to_end(oldest=end > 0)

    def undo(self) -> None:
        """Take back the viewer's last decision if the rules allow it."""
        table = self.table
        if table.reviewing:
            table.show_status("Nothing to undo in a look back: Enter or Esc to go on.",
                              error=True)
            return
        thinking = table.bots.thinking
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
        table.bots.runner.moved_on()
        table.hints.stop()
        table.refresh_view()
        if action is not None:
            what = table.rules.describe(table.session.state, action)
            table.show_status(f"Undone: {what}. {table.status_text(table.view())}")

    def rules(self) -> None:
        """Open this game's rules."""
        self.table.app.push_screen(RulesScreen(self.table.info))

    def menu(self) -> None:
        """Esc at the top level: the first shows a notice, the second (within a few
        seconds, no other key between) leaves (see screens/leaving.py)."""
        table = self.table
        if table.reviewing:
            table.dismiss(None)  # Esc ends a look back, like Enter
            return
        if self.leaving.escape():
            table.leave_table()

    def pressed(self, key: str) -> None:
        """Any key but Esc takes back the leave notice."""
        if key != "escape":
            self.leaving.cancel()

    def leave(self) -> None:
        """Save and go back to the menu (Continue resumes the game); if the game cannot
        be saved, ask first."""
        table = self.table

        def leave() -> None:
            table.bots.stop()
            table.games_app.back_to_menu(save=False)

        if table.save_on_exit():
            leave()
        else:
            table.ask_before_leaving(leave)
