"""The Nova Lux kinds no random playout reaches in reasonable time (a colony needs 7 of
every resource; the federation powers need their requirement met), played through the
lines front end on a table set up by hand from a real position."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from lines_player import play_game
from lines_positions import position

from tui_games.engine.core import default_options
from tui_games.engine.seating import HUMAN, seats_of
from tui_games.engine.session import Session
from tui_games.games import get_game
from tui_games.games.nova_lux.board import BLACK_HOLE, CARD_AT, NEIGHBOURS
from tui_games.games.nova_lux.cards import FORCE_TRADE, TELEPORT, TRACK_MAX

INFO = get_game("nova_lux")
OPTIONS = {**default_options(INFO.rules), "federations": "on"}


def colony_ready(s: Any) -> None:
    s.res[0] = [7, 7, 7, 7, 7]


def teleport_ready(s: Any) -> None:
    s.federation[0] = TELEPORT
    s.res[0] = [TRACK_MAX] * 5
    s.used[0] = False
    for cell in NEIGHBOURS[s.ships[0]]:
        card = CARD_AT[cell]
        if card >= 0:
            s.flipped[card], s.face[card] = True, BLACK_HOLE
            return


def force_trade_ready(s: Any) -> None:
    s.federation[0] = FORCE_TRADE
    s.res[0] = [TRACK_MAX] * 5
    s.used[0] = False
    s.ships[1] = s.ships[0]
    s.res[1] = [3, 3, 3, 3, 3]


@pytest.mark.parametrize(("kind", "ready"), [("FoundColony", colony_ready),
                                             ("Teleport", teleport_ready),
                                             ("ForceTrade", force_trade_ready)])
def test_a_rare_kind_is_played_in_lines(kind: str, ready: Callable[[Any], None],
                                        tmp_path: Path) -> None:
    for seed in range(20):  # the first turn of seat 0 whose table allows the kind
        start = position(INFO, seats_of([HUMAN, "easy"]), OPTIONS, seed, "MoveTo")
        state = start.state
        ready(state)
        if any(type(a).__name__ == kind for a in INFO.rules.legal_actions(state)):
            break
    else:
        pytest.fail(f"no table of the first 20 seeds allows {kind}")
    session = Session(INFO.rules, start.seats, start.seed, start.options,
                      actions=start.actions, undoable=start.undoable, state=state)
    played = play_game(INFO, [], seed, OPTIONS, tmp_path, session=session, limit=8, kind=kind)
    assert played.checks.problems == []
    assert kind in kinds_played_here(played.session, len(start.actions))


def kinds_played_here(session: Session, start: int) -> set[str]:
    """The kinds played from ``start`` on (the table was set by hand: no replay)."""
    return {type(a).__name__ for a in session.actions[start:]}


