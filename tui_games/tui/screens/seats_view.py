"""Who sees what at a table, and what the viewer may do: the GameScreen's seats.

``SeatsView`` is mixed into GameScreen (it needs nothing of Textual): the viewer (the
human to move in hot-seat, the only human against bots), the seats' names as shown,
the rules' texts as the viewer reads them (``speak``), and what a table asks of every
observation, worked out once (``remember``): the view itself, whether the keyboard
decides now (``mine``), the legal actions and why an action is refused.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, ClassVar, TypeVar

from tui_games.engine.codec import clone
from tui_games.engine.core import Action, GameState, IllegalAction
from tui_games.engine.grammar import seat_ref, speak_to
from tui_games.engine.session import Session
from tui_games.tui.screens import review as look_back
from tui_games.tui.screens.decision import ObservationMemo, sentence
from tui_games.tui.screens.names import shown_name

T = TypeVar("T")


class SeatsView:
    """The viewer and the seats of ``session`` (see the module's docstring)."""

    OVER_TEXT: ClassVar[str]
    session: Session
    review_title: str | None
    _viewer: int
    _memo: ObservationMemo

    @property
    def reviewing(self) -> bool:
        """True for a read-only look back (GameScreen.review)."""
        return self.review_title is not None

    @property
    def rules(self) -> Any:
        """The game's rules object."""
        return self.session.rules

    @property
    def humans(self) -> list[int]:
        """The seats played from the keyboard."""
        return [i for i, seat in enumerate(self.session.seats) if seat.is_human]

    def _first_viewer(self) -> int:
        humans = self.humans
        mover = self.session.to_move
        if mover is not None and mover in humans:
            return mover
        return humans[0] if humans else 0

    @property
    def viewer(self) -> int:
        """The human seat whose private area is shown: the human to move in hot-seat,
        the only human against bots, seat 0 when every seat is a bot."""
        humans = self.humans
        if not humans:
            return 0
        if len(humans) == 1:
            return humans[0]
        return self._viewer

    def is_you(self, seat: int) -> bool:
        """True when ``seat`` is the person at this screen (marked "(you)" at the table)."""
        return seat == self.viewer and self.session.seats[seat].is_human

    @property
    def seat_names(self) -> list[str]:
        """Every seat's player name as shown (printable, cut to length), in seat order."""
        return [shown_name(seat.name) for seat in self.session.seats]

    def seat_name(self, seat: int) -> str:
        """Seat ``seat``'s player name as shown: a name from a save file may hold
        anything, and is shown cleaned (see screens/names)."""
        return shown_name(self.session.seats[seat].name)

    def speak(self, text: str) -> str:
        """A rules text ("Seat 2 draws ...") as the viewer reads it: names, and "you"."""
        return speak_to(text, self.seat_names, self.viewer)

    def view(self) -> GameState:
        """The state as the viewer may see it (one observation per position and viewer:
        the footer asks for it for every key it shows). Never modify it: clone it."""
        return self.remember("view", lambda: self.rules.observe(self.session.state,
                                                                self.viewer))

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.rules.outcome(self.session.state) is not None

    # ---- what the viewer may do, once per observation --------------------------------

    def remember(self, name: Hashable, compute: Callable[[], T]) -> T:
        """``compute()``, worked out once per observation: kept until an action is played
        or undone, or the viewer changes (a cursor key reuses it). ``name`` tells apart
        what a table keeps ("legal", ("cells", large), ...)."""
        return self._memo.get(self.session, self.viewer, name, compute)

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

