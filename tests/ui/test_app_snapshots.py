"""Pinned looks of the menu and the new-game dialog at 80x24 and 120x40."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot
from ui_harness import menu_registry

from tui_games.engine.saves import SaveStore
from tui_games.tui.app import GamesApp

SIZES = [(80, 24), (120, 40)]


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()


async def open_new_game(pilot: Pilot[Any]) -> None:
    await pilot.press("n")
    await pilot.pause()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_menu_looks_right(size: tuple[int, int], store: SaveStore,
                          snap_compare: Callable[..., bool],
                          monkeypatch: pytest.MonkeyPatch) -> None:
    """Over a fixed registry of five made-up games: adding a game changes no snapshot."""
    games = menu_registry(5)
    monkeypatch.setattr("tui_games.tui.screens.menu.all_games", lambda: games)
    assert snap_compare(GamesApp(store, bot_delay=0), terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_new_game_dialog_looks_right(size: tuple[int, int], store: SaveStore,
                                     snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(GamesApp(store, bot_delay=0), terminal_size=size,
                        run_before=open_new_game)


async def open_four_seat_nebula(pilot: Pilot[Any]) -> None:
    await pilot.press("n", "right", "right", "down", "right", "right", "down")
    await pilot.pause()


def test_new_game_dialog_with_four_seats_looks_right(store: SaveStore,
                                                     snap_compare: Callable[..., bool]) -> None:
    """Nebula, four seats, the focus in seat 1's name: every row and the hint fit 80x24."""
    assert snap_compare(GamesApp(store, bot_delay=0), terminal_size=(80, 24),
                        run_before=open_four_seat_nebula)
