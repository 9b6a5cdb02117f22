"""Pinned looks of the Nebula table at 80x24 and 120x40, in the moments that matter:
placing stars, planning a Time investment, a Chaos draw, choosing a Value token, the
other panes, a rival's Galaxy and the introductory game."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any

import pytest
from textual.pilot import Pilot

from tui_games.engine.core import Action
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.games.nebula.bot import NormalBot
from tui_games.games.nebula.state import EMPTY, NebulaState, TurnToChaos
from tui_games.tui.app import GamesApp

SIZES = [(80, 24), (120, 40)]
Wanted = Callable[[NebulaState], bool]


def position(wanted: Wanted, mode: str = "full", then: Iterable[Action] = ()) -> Session:
    """Ann (a human) against Bob (normal bot), replayed to the first position where
    ``wanted`` holds in a game both play like the normal bot; ``then`` is played after."""
    rules = get_game("nebula").rules
    seats = [Seat("Ann"), Seat("Bob", "normal")]
    for seed in range(50):
        s = rules.setup(2, seed, {"mode": mode})
        bots = [NormalBot(rules, random.Random(seed + seat)) for seat in (0, 1)]
        actions: list[Action] = []
        while (mover := rules.to_move(s)) is not None:
            if mover == 0 and wanted(s):
                for action in then:
                    rules.apply(s, action)
                    actions.append(action)
                return Session(rules, seats, seed, {"mode": mode}, actions=actions)
            action = bots[mover].choose(rules.observe(s, mover), mover)
            rules.apply(s, action)
            actions.append(action)
    raise AssertionError("no such position")


def stars(s: NebulaState, seat: int = 0) -> int:
    return sum(1 for star in s.galaxies[seat] if star != EMPTY)


def placing(s: NebulaState) -> bool:
    """Ann positions her stars, mid-game, with a black star already in her zone."""
    return (s.phase == "place" and not s.placed and stars(s) >= 6 and s.black_stars[0] >= 1
            and sum(s.reserves[0]) >= 2)


def investing(s: NebulaState) -> bool:
    """The start of Ann's turn, a few rounds in, with stars in reserve."""
    return s.phase == "collect" and stars(s) >= 4 and sum(s.reserves[0]) >= 2


def valuing(s: NebulaState) -> bool:
    """Ann placed a black star and advances a Value token, with tokens already moved."""
    return s.phase == "value" and sum(s.values) >= 3


def shot(keys: tuple[str, ...] = ()) -> Callable[[Pilot[Any]], Any]:
    """Wait for the table, then press ``keys``."""
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        for key in keys:
            await pilot.press(key)
        await pilot.pause()
        await pilot.pause()
    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_placing_stars_looks_right(size: tuple[int, int], store: SaveStore,
                                   snap_compare: Callable[..., bool]) -> None:
    app = GamesApp(store, session=position(placing), bot_delay=0)
    assert snap_compare(app, terminal_size=size, run_before=shot(("left", "up")))


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_planning_time_looks_right(size: tuple[int, int], store: SaveStore,
                                   snap_compare: Callable[..., bool]) -> None:
    app = GamesApp(store, session=position(investing), bot_delay=0)
    keys = ("right", "right", "down", "left", "left")
    assert snap_compare(app, terminal_size=size, run_before=shot(keys))


def test_a_chaos_draw_looks_right(store: SaveStore, snap_compare: Callable[..., bool]) -> None:
    def chaos(s: NebulaState) -> bool:
        return investing(s) and s.reserves[0][0] > 0

    app = GamesApp(store, session=position(chaos, then=[TurnToChaos(0)]), bot_delay=0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=shot(("right",)))


def test_choosing_a_value_token_looks_right(store: SaveStore,
                                            snap_compare: Callable[..., bool]) -> None:
    app = GamesApp(store, session=position(valuing), bot_delay=0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=shot(("down", "right")))


@pytest.mark.parametrize("pane", ["cards", "scores"])
def test_the_cards_and_scores_panes_look_right(pane: str, store: SaveStore,
                                               snap_compare: Callable[..., bool]) -> None:
    app = GamesApp(store, session=position(placing), bot_delay=0)
    presses = ("tab",) * (2 if pane == "cards" else 3)
    assert snap_compare(app, terminal_size=(80, 24), run_before=shot(presses))


def test_a_rivals_galaxy_looks_right(store: SaveStore,
                                     snap_compare: Callable[..., bool]) -> None:
    app = GamesApp(store, session=position(placing), bot_delay=0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=shot(("g",)))


def test_the_introductory_game_looks_right(store: SaveStore,
                                           snap_compare: Callable[..., bool]) -> None:
    app = GamesApp(store, session=position(investing, mode="intro"), bot_delay=0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=shot(("tab",)))
