"""Learn to play: a guided first game on the game's ordinary screen.

A game declares its tutorial as data (``games/<id>/tutorial.py``, named by its GameInfo's
``tutorial``; see engine/tutorial.py). ``learn(app, info)`` opens that fixed deal against
easy bots with a ``Guide`` attached to the table. The guide shows each step's text in a
box in the log's room, over the log's lines since the player's last move (the table stays
in view at 80x24, and so do all the bots' moves since yours), lets the game mark what the
step uses (its cursor), and is asked by GameScreen.play before anything is played: an
action that is legal but not the step's is refused with a sentence (an illegal one is
explained by the screen as always), so nothing is played by accident. After the last
step the game goes on as an ordinary game against the easy bot.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from textual.app import ComposeResult
from textual.widgets import Static

from tui_games.engine.core import Action
from tui_games.engine.session import Session
from tui_games.engine.tutorial import NO_UNDO, Tutorial
from tui_games.engine.tutorial import guided_session as _guided
from tui_games.games import GameInfo, all_games, load

if TYPE_CHECKING:
    from tui_games.tui.screens.game import GameScreen

GUIDED_CLASS = "-guided"  # on the game screen while the guide's box takes the log's room
SINCE_ROWS = 4  # the most log rows the guided game opens for the moves since yours


def tutorial_of(info: GameInfo) -> Tutorial | None:
    """The game's guided first game, if it declares one."""
    return load(info.tutorial) if info.tutorial else None


def learnable() -> list[GameInfo]:
    """The games that can be learnt from the menu, in menu order."""
    return [info for info in all_games().values() if info.tutorial]


def guided_session(info: GameInfo, tutorial: Tutorial) -> Session:
    """The tutorial's fixed deal: you in seat 0, the easy bots after you."""
    return _guided(info.rules, tutorial)


class Guide:
    """The steps of one guided game, as the table is played."""

    NO_UNDO = NO_UNDO
    CLASS = GUIDED_CLASS

    def __init__(self, tutorial: Tutorial) -> None:
        self.tutorial = tutorial
        self.step = 0  # the step to do next; len(steps) once the guide has handed over
        self._marked = -1  # the step whose mark was last put on the table
        self._since = 0  # the log's length when the player's last move was played

    @property
    def active(self) -> bool:
        """True while steps remain: the guide decides what may be played."""
        return self.step < len(self.tutorial.steps)

    def compose(self) -> ComposeResult:
        """The step box, put in the log's room (the log shrinks to its newest line)."""
        yield Static("", id="guide", markup=False)

    def box_text(self) -> str:
        """What the box says now: the step (counted), or the hand-over."""
        steps = self.tutorial.steps
        if not self.active:
            return self.tutorial.screen_farewell
        lead = f"Step {self.step + 1} of {len(steps)}: "
        intro = f"{self.tutorial.intro} " if self.step == 0 and self.tutorial.intro else ""
        return intro + lead + steps[self.step].text

    def refresh(self, screen: GameScreen) -> None:
        """After the table was redrawn: show the step, and mark its target once it is
        the player's decision (once per step: the player may move the cursor away)."""
        text = self.box_text()
        if self.active and not screen.mine():  # keys typed now would only be refused
            text = f"Wait for the other seat's move. Then: {text}"
        for box in screen.query("#guide").results(Static):
            box.update(text)
        # Once the table is laid out: a table that grew (a new meld) leaves less room.
        screen.call_after_refresh(self._open_log, screen, text)
        if self.active and self._marked != self.step and screen.mine():
            self._marked = self.step
            self.mark(screen)

    def _open_log(self, screen: GameScreen, text: str) -> None:
        """Give the log as many rows as the moves since the player's last one take (at
        most SINCE_ROWS, at least its newest line), from the rows the step's ``text``
        leaves: with one line, only the last of the bots' moves showed, and the other
        sites "just appeared". The step's text is never cut for them."""
        if not screen.is_attached:
            return  # the table was left before its layout came round
        view = screen.view()
        texts = [screen.speak(line) for event in view.log[self._since:]
                 if (line := event.for_viewer(screen.viewer))]
        width = max(20, screen.size.width - 2)  # the log's padding: a column each side
        wanted = sum(len(textwrap.wrap(line, width)) or 1 for line in texts)
        news = screen.query("#game-news")
        room = news.first().size.height if news else 0
        # The status line's two rows, and the step box's text.
        step_rows = self.step_rows(screen.size.width, text)
        left = room - 2 - step_rows
        # Handed over, the log has the rows the farewell leaves: at the style sheet's
        # height it took the farewell's last line ("never linked to its own colour").
        rows = max(1, min(SINCE_ROWS, wanted, left) if self.active else left)
        for part in screen.query("#game-log-box, #log"):
            part.styles.height = rows

    def step_rows(self, width: int, text: str | None = None) -> int:
        """The rows the step box's text takes on a screen ``width`` wide (its padding and
        border take three columns, and a wrap may leave one more empty)."""
        return len(textwrap.wrap(self.box_text() if text is None else text,
                                 max(20, width - 4))) or 1

    def mark(self, screen: GameScreen) -> None:
        """Put the screen's cursor on what the step uses."""
        if self.tutorial.mark is not None and self.active:
            self.tutorial.mark(screen, self.tutorial.steps[self.step].mark)

    def take(self, screen: GameScreen, action: Action) -> bool:
        """Whether ``action`` may be played now; a refusal is explained on the status
        line and the step's target marked again. An accepted step moves the guide on."""
        if not self.active:
            screen.remove_class(GUIDED_CLASS)  # the log comes back: an ordinary game
            return True
        if action not in screen.legal():
            screen.show_status(screen.why_not(action), error=True)
            return False
        if not self.tutorial.steps[self.step].accepts(action):
            what = screen.speak(screen.rules.describe(screen.view(), action))
            self.mark(screen)  # first: a game may retell its cursor's card on a move
            screen.show_status(f"Not in this step: {what[:1].lower()}{what[1:]} is allowed, "
                               "but the box below asks for another move.", error=True)
            return False
        self.step += 1
        # The player's own move and everything after it is news until their next one.
        self._since = len(screen.view().log)
        return True


def learn(app: Any, info: GameInfo) -> bool:
    """Open ``info``'s guided first game on its ordinary screen (``app`` is the GamesApp)."""
    tutorial = tutorial_of(info)
    if tutorial is None:
        return False
    return bool(app.open_game(guided_session(info, tutorial), guide=Guide(tutorial)))
