"""Who sits at a table and who is looking: the GameScreen's seats.

``Seats`` is owned by a GameScreen as ``seats`` (it needs nothing of Textual): the seats
played from the keyboard, their names as shown, the viewer (the human to move in
hot-seat, the only human against bots), and what a table worked out from the viewer's
observation (``memo``: kept until an action is played or undone, or the viewer changes).
The questions a game asks of it (``view()``, ``mine()``, ``legal()``, ``remember``...) are
GameScreen's, where a game reads them.
"""

from __future__ import annotations

from tui_games.engine.session import Session
from tui_games.tui.screens.decision import ObservationMemo
from tui_games.tui.screens.names import shown_name


class Seats:
    """The seats of ``session`` and the viewer among them (see the module's docstring)."""

    def __init__(self, session: Session, viewer: int | None = None) -> None:
        """``viewer`` is whose view is shown first (None: the human to move, else the
        first human)."""
        self.session = session
        self.memo = ObservationMemo()
        self.turn = self._first_viewer() if viewer is None else viewer
        """The seat whose view hot-seat shows now (a hand-off changes it)."""

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
        return self.turn

    @property
    def names(self) -> list[str]:
        """Every seat's player name as shown (printable, cut to length), in seat order."""
        return [shown_name(seat.name) for seat in self.session.seats]

    def name(self, seat: int) -> str:
        """Seat ``seat``'s player name as shown: a name from a save file may hold
        anything, and is shown cleaned (see screens/names)."""
        return shown_name(self.session.seats[seat].name)

    def forget(self) -> None:
        """Drop what was worked out from the last observation (a new viewer sits down)."""
        self.memo = ObservationMemo()
