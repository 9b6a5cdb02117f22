"""`tui-games join --lines`: the host's lobby and a table as plain lines, against a real
host process (the host plays the bots and keeps the game)."""

from __future__ import annotations

import io
import re
from pathlib import Path

from online_helpers import HostProcess

from tui_games.engine.saves import SaveStore
from tui_games.lines.console import Console
from tui_games.lines.online import join_lines

NUMBERED = re.compile(r"^(\d+)\. ")


class Player(io.TextIOBase):
    """Creates a Neptune game against a bot, then plays the first choice each time."""

    def __init__(self, out: io.StringIO, opening: list[str], plays: int) -> None:
        super().__init__()
        self.out, self.script, self.plays = out, list(opening), plays

    def readable(self) -> bool:
        return True

    def readline(self, size: int | None = -1) -> str:  # type: ignore[override]
        if self.script:
            return self.script.pop(0) + "\n"
        if self.plays <= 0:
            return ""
        self.plays -= 1
        return "1\n"


def test_a_game_is_created_and_played_in_lines(host: HostProcess, tmp_path: Path) -> None:
    out = io.StringIO()
    # the lobby: Create a game (Enter), Neptune, 2 players (Enter), seat 2 the easy bot,
    # the default special cards (Enter); then `look` at the table and play on
    opening = ["", "neptune", "", "Bot: easy", "", "look", "save", "undo"]
    code = join_lines(Console(Player(out, opening, 8), out, 80), SaveStore(tmp_path),
                      str(host.socket))
    text = out.getvalue()
    assert code == 0, text
    assert "The host's games, as " in text
    assert "Neptune, in seat 1." in text
    assert "Your hand: " in text
    assert "The host saves this game after every move: join it again to go on." in text
    assert "Nothing to undo" in text
    assert "You lead " in text or "You play " in text  # our choice came back in a view
    assert "You left the table; the host keeps the game." in text
    assert all(ch == "\n" or ord(ch) >= 32 for ch in text)


def test_a_host_that_is_not_there_is_one_line(tmp_path: Path) -> None:
    out = io.StringIO()
    code = join_lines(Console(io.StringIO(""), out, 80), SaveStore(tmp_path),
                      str(tmp_path / "none.sock"))
    assert code == 2
    assert out.getvalue().startswith("no host is running here")


def test_back_while_creating_a_game_goes_one_question_back(host: HostProcess,
                                                            tmp_path: Path) -> None:
    out = io.StringIO()
    # seat 2: another login, then 'back' at its name; the easy bot; 'back' at the special
    # cards asks seat 2 again, and 'back' at seat 2 asks the player count again
    opening = ["", "neptune", "", "Another login", "back", "Bot: easy", "back", "back", "",
               "Bot: easy", "", "look"]
    code = join_lines(Console(Player(out, opening, 0), out, 80), SaveStore(tmp_path),
                      str(host.socket))
    text = out.getvalue()
    assert code == 0, text
    asked = [line for line in text.splitlines() if line.endswith("?")]
    assert asked == ["Which game?", "How many players?", "Seat 2: who plays it?",
                     "Seat 2: who plays it?", "Special cards?", "Seat 2: who plays it?",
                     "How many players?", "Seat 2: who plays it?", "Special cards?"], text
    assert "Neptune, in seat 1." in text
