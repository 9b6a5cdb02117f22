"""The host keeps each finished game in the history of every login at its table."""

from __future__ import annotations

import random
from pathlib import Path

from online_helpers import me

from tui_games.engine.records import History
from tui_games.engine.session import Seat
from tui_games.online.protocol import CreateGame
from tui_games.online.server import Host, HostedGame
from tui_games.stats import compute


def test_a_finished_host_game_is_a_record_in_the_logins_history(tmp_path: Path) -> None:
    """"On a shared host, per login": the record goes to history/<login>/."""
    host = Host(tmp_path / "host", tmp_path / "host.sock")
    game = host.create(me(), CreateGame(game="nebular_colors",
                                        seats=[Seat(me()), Seat("Bot", "easy")]))
    assert isinstance(game, HostedGame)
    session = game.session
    rng = random.Random(1)
    while (mover := session.to_move) is not None:
        action = rng.choice(session.rules.legal_actions(session.state))
        assert host.play(game, mover, action) is None
    folder = tmp_path / "host" / "history" / me()
    [row] = History(host.store, folder).list()
    assert row.error is None and row.actions == len(session.actions)
    [line] = compute([row], login=me())
    assert line.games == 1 and line.opponents == "easy"
    assert History(host.store).list() == []  # nothing in the host user's own history
