"""Where the Nova Lux map's cursor goes as the game moves on (pure, no UI): back where a
save left it if the game resumes in the same turn, to the middle of the map to place an
Ark, onto the viewer's Ark at the start of each of their turns. Otherwise it stays where
the player put it: a view that changes under the cursor never takes it away."""

from __future__ import annotations

from tui_games.games.nova_lux.board import CELLS
from tui_games.games.nova_lux.state import NONE, NovaLuxState

MIDDLE = CELLS // 2  # D4, where an Ark is placed from


class CursorPlan:
    """What the cursor has been put on already: the save's cell (once), and the last
    turn that started with the cursor on the viewer's Ark."""

    def __init__(self, saved: tuple[int, int] | None) -> None:
        self.restore = saved  # (turn, cell) as a save kept it, until the first view
        self.turn: tuple[int, int] | None = None  # (turn, viewer) last put on the Ark

    def place(self, s: NovaLuxState, viewer: int, mine: bool, new_decision: bool,
              cursor: int) -> int:
        """The cell for the cursor now at ``cursor`` (``mine``: the keyboard decides;
        ``new_decision``: the view is a decision the table had not shown yet)."""
        restore = self.restore
        if restore is not None:  # a resumed game: the cursor where it was in this turn
            self.restore = None
            if restore[0] == s.turn:
                self.turn = (s.turn, viewer)
                if restore[1] < CELLS:  # an edited save's cell off the map is not one
                    cursor = restore[1]
        if new_decision and mine and s.phase == "place" and s.ships[viewer] == NONE \
                and cursor == 0:
            cursor = MIDDLE
        turn = (s.turn, viewer)
        if mine and s.phase == "turn" and turn != self.turn:
            self.turn = turn     # each turn starts with the cursor on your Ark
            cursor = s.ships[viewer]
        return cursor
