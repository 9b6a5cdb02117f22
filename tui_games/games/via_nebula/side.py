"""The Via Nebula table's right column: what can be done at the cursor's hex (a title line
over the action list), then the contracts on display and in hand, then every guild board.

The column only holds and shows: the screen decides what the list offers, whether it is
open and when the contracts and boards are drawn (a play draws them in the frame after
the map's).
"""

from __future__ import annotations

from tui_games.games.via_nebula.state import ViaNebulaState
from tui_games.games.via_nebula.view import boards_text, contracts_text, leftover_rows
from tui_games.tui.widgets.action_list import ActionList
from tui_games.tui.widgets.boxes import Column
from tui_games.tui.widgets.text_lines import TextLines


class ViaSide(Column):
    """The right column, a blank box (widgets/boxes.py) like the boxes around it."""

    def __init__(self) -> None:
        # The title over the actions; the list is a preview (each action cut to a line)
        # until it opens to be chosen from (each wrapped in full, highlighted).
        # Lines, not a Static: a cursor key that changes the hex's name repaints that word,
        # not the line (bytes to the terminal).
        title = TextLines(id="via-actions-title")
        listing = ActionList(track=False, select_unfocused=False, id="via-actions")
        contracts, boards = TextLines(id="via-contracts"), TextLines(id="via-boards")
        super().__init__(Column(title, listing, id="via-actions-box"), contracts, boards,
                         id="via-side")
        self.actions_title, self.action_list = title, listing
        self.contracts, self.boards = contracts, boards
        self.name_rows = 0  # the spare rows taken now: leftovers' lines, the hand's names

    def width_for(self, large: bool, app_width: int) -> int:
        """The column's width (known before the first layout too)."""
        width = self.size.width
        if width:
            return width
        rulers = 2  # the row numbers and the flag column before the first cells
        map_width = (9 * 8 + 4 + 3 if large else 9 * 5 + 2 + 1) + rulers
        return max(24, app_width - map_width)

    def show_offer(self, title: str, texts: list[str], chosen_from: bool, anew: bool) -> None:
        """The title line, then the actions, each wrapped in full: the open list
        (``chosen_from``) highlights the first when ``anew`` (or while none is); the
        preview (``texts`` as offers.preview chose them to fit) is unhighlighted."""
        self.actions_title.show(title)  # one line, whatever it says
        listing = self.action_list
        listing.show_texts(texts)
        if chosen_from and (anew or listing.highlighted is None):
            listing.highlighted = 0 if texts else None

    def show_boards(self, view: ViaNebulaState, viewer: int, names: list[str],
                    scores: list[int], large: bool, width: int, spare: int = 0) -> None:
        """The contracts and the guild boards (each repaints only the lines that changed);
        ``spare`` rows may go to hand contracts whose names need a second line."""
        # The leftovers' VP first (a newcomer lost 6 VP unseen), then the names.
        used = len(leftover_rows(view, viewer, large, spare))
        boards = boards_text(view, viewer, names, scores, large, width, spare)
        text = contracts_text(view, viewer, width, spare - used)
        self.name_rows = used + text.count("\n") + 1 - len(view.display) - len(
            view.hands[viewer])
        self.contracts.show(text)
        self.boards.show(boards)
