"""Pinned looks of the Nova Lux table at 80x24 and 120x40 with 1, 2 and 6 players, a few
turns in; the path of a move under the cursor; the draft."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from tui_games.engine.core import Action
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games.nova_lux.bot import NormalBot
from tui_games.games.nova_lux.rules import NovaLuxRules
from tui_games.games.nova_lux.state import NovaLuxState
from tui_games.tui.app import GamesApp

RULES = NovaLuxRules()
SIZES = [(80, 24), (120, 40)]



def position(players: int, wanted: Callable[[NovaLuxState], bool],
             options: dict[str, str] | None = None) -> Session:
    """Ann (human) and normal bots, all played like the normal bot up to Ann's first
    decision where ``wanted`` holds."""
    options = options or {"federations": "on"}
    seats = [Seat("Ann")] + [Seat(f"Bot {i + 1}", "normal") for i in range(1, players)]
    for seed in range(30):
        s = RULES.setup(players, seed, options)
        bots = [NormalBot(RULES, random.Random(seed + p)) for p in range(players)]
        actions: list[Action] = []
        while (mover := RULES.to_move(s)) is not None:
            if mover == 0 and wanted(s):
                return Session(RULES, seats, seed, options, actions=actions)
            action = bots[mover].choose(RULES.observe(s, mover), mover)
            RULES.apply(s, action)
            actions.append(action)
    raise AssertionError("no such position")


def a_few_turns_in(s: NovaLuxState) -> bool:
    return s.phase == "turn" and s.turn >= 3 * s.players and not s.did


def shot(keys: tuple[str, ...] = ()) -> Callable[[Pilot[Any]], Any]:
    """Wait for the table, then press ``keys``."""
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        await pilot.pause()
    return run_before


@pytest.mark.parametrize("players", [1, 2, 6])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_looks_right(players: int, size: tuple[int, int], store: SaveStore,
                               snap_compare: Callable[..., bool]) -> None:
    app = GamesApp(store, session=position(players, a_few_turns_in), bot_delay=0)
    assert snap_compare(app, terminal_size=size, run_before=shot(("left", "left")))


def test_a_move_shows_its_path_and_cost(store: SaveStore,
                                        snap_compare: Callable[..., bool]) -> None:
    app = GamesApp(store, session=position(2, a_few_turns_in), bot_delay=0)
    assert snap_compare(app, terminal_size=(80, 24),
                        run_before=shot(("up", "up", "right", "right")))


def test_the_draft_looks_right(store: SaveStore,
                               snap_compare: Callable[..., bool]) -> None:
    app = GamesApp(store, session=position(3, lambda s: s.phase == "draft"), bot_delay=0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=shot(("down",)))
