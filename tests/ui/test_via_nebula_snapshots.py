"""Pinned looks of the Via Nebula table at 80x24 and 120x40: mid-game with the action
list open on a transport (its chain drawn on the map), a contract's power to use, and a
four-player table."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from test_via_nebula_play import key_path
from textual.pilot import Pilot

from tui_games.engine.core import Action
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.games.via_nebula.bot import NormalBot
from tui_games.games.via_nebula.state import Transport, ViaNebulaState
from tui_games.tui.app import GamesApp

SIZES = [(80, 24), (120, 40)]
Wanted = Callable[[ViaNebulaState, list[Action]], bool]


def position(wanted: Wanted, players: int = 2) -> Session:
    """Ann (a human) against normal bots, replayed to Ann's first decision where
    ``wanted(state, legal actions)`` holds, in a game everyone plays like the normal bot."""
    rules = get_game("via_nebula").rules
    seats = [Seat("Ann")] + [Seat(f"Bot {n}", "normal") for n in range(2, players + 1)]
    for seed in range(40):
        s = rules.setup(players, seed, {})
        bots = [NormalBot(rules, random.Random(seed + seat)) for seat in range(players)]
        actions: list[Action] = []
        while (mover := rules.to_move(s)) is not None:
            if mover == 0 and wanted(s, rules.legal_actions(s)):
                return Session(rules, seats, seed, {}, actions=actions)
            action = bots[mover].choose(rules.observe(s, mover), mover)
            rules.apply(s, action)
            actions.append(action)
    raise AssertionError("no such position")


def transporting(s: ViaNebulaState, legal: list[Action]) -> bool:
    """Mid-game, a transport over a chain of at least one meadow is possible."""
    from tui_games.games.via_nebula.network import chains

    return s.turn >= 12 and any(
        isinstance(a, Transport) and any(chains(s, a.source, a.slot)) for a in legal)


def powering(s: ViaNebulaState, legal: list[Action]) -> bool:
    """A contract's power waits to be used."""
    return s.phase == "power"


def shot(keys: tuple[str, ...] = ()) -> Callable[[Pilot[Any]], Any]:
    """Wait for the table, then press ``keys``."""
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        await pilot.pause()
    return run_before


def _to_transport_source(session: Session) -> tuple[str, ...]:
    """Keys that put the cursor on a transport's source and open its list."""
    from tui_games.games.via_nebula.board import CELL
    from tui_games.games.via_nebula.network import chains

    state = session.state
    rules = session.rules
    transport = next(a for a in rules.legal_actions(state) if isinstance(a, Transport)
                     and any(chains(state, a.source, a.slot)))
    start = min(CELL)
    return (*key_path(start, CELL[transport.source], frozenset(CELL)), "enter")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_transport_with_its_chain_looks_right(size: tuple[int, int], store: SaveStore,
                                                snap_compare: Callable[..., bool]) -> None:
    session = position(transporting)
    app = GamesApp(store, session=session, bot_delay=0)
    assert snap_compare(app, terminal_size=size,
                        run_before=shot(_to_transport_source(session)))


def test_using_a_power_looks_right(store: SaveStore, snap_compare: Callable[..., bool]) -> None:
    app = GamesApp(store, session=position(powering), bot_delay=0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=shot())


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_four_player_table_looks_right(size: tuple[int, int], store: SaveStore,
                                         snap_compare: Callable[..., bool]) -> None:
    def later(s: ViaNebulaState, legal: list[Action]) -> bool:
        return s.turn >= 16

    app = GamesApp(store, session=position(later, players=4), bot_delay=0)
    assert snap_compare(app, terminal_size=size, run_before=shot(("tab",)))
