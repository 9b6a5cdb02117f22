"""The Nebular Colors table as pictures (pytest-textual-snapshot), at 80x24 and 120x40.

A set table (test_nebular_colors_screen.table) with melds on both sides, two piles and a
penalty, fixed seed, a fresh save folder; regenerate with `--snapshot-update` after a
deliberate change and look at the SVGs before committing them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_nebular_colors_screen import table
from textual.pilot import Pilot

from tui_games.engine.saves import SaveStore
from tui_games.tui.app import GamesApp

Snap = Callable[..., bool]


def busy_table(**fields: Any) -> Any:
    """Hand 2, Ada one fragment up, both scoring areas in use, two new cards to discard."""
    return table(
        mine=["P9", "G9", "Y10", "Y11", "B2", "P5", "P6", "B13"],
        theirs=["P13", "P12", "Y1", "B4", "Y6", "P3"],
        left=["P2", "B6", "Y12", "G10", "B10", "P10", "Y5"], right=["Y2", "P11"],
        my_melds=[["G3", "G4", "G5"], ["P1", "P1", "P1"]],
        their_melds=[["B8", "B8", "B8"], ["P7", "P7", "Y7"]],
        their_penalties=["G11", "Y3", "B11"], deck_top=["G13", "B7"],
        hand_no=2, fragments=[1, 0], **fields)


async def draw_two(pilot: Pilot[None]) -> None:
    """Ada draws (keys only); then wait until the screen is still."""
    await pilot.press("d")
    await pilot.pause()


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
def test_the_table_in_the_discard_phase(snap_compare: Snap, tmp_path: Path,
                                        size: tuple[int, int]) -> None:
    app = GamesApp(SaveStore(tmp_path), session=busy_table(), bot_delay=0)
    assert snap_compare(app, terminal_size=size, run_before=draw_two)


def test_the_stop_or_nova_prompt(snap_compare: Snap, tmp_path: Path) -> None:
    session = table(mine=["Y9", "Y10", "Y11", "Y12", "P1"], theirs=["B2", "P3"],
                    left=["P2", "B6"], right=["Y2"], my_melds=[["G3", "G4", "G5"]],
                    phase="meld")

    async def meld_yellow_run(pilot: Pilot[None]) -> None:
        await pilot.press("right")  # past P1: Y9 Y10 Y11 Y12 follow it, by number
        for _ in range(4):
            await pilot.press("space", "right")
        await pilot.press("m")
        await pilot.pause()

    app = GamesApp(SaveStore(tmp_path), session=session, bot_delay=0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=meld_yellow_run)


def test_the_summary_between_two_hands(snap_compare: Snap, tmp_path: Path) -> None:
    session = table(mine=["Y9", "Y10", "Y11", "Y12", "P1"], theirs=["B2", "P3"],
                    my_melds=[["G3", "G4", "G5"]], phase="meld")

    async def meld_and_stop(pilot: Pilot[None]) -> None:
        await pilot.press("right")  # past P1: Y9 Y10 Y11 Y12 follow it, by number
        for _ in range(4):
            await pilot.press("space", "right")
        await pilot.press("m", "S")
        await pilot.pause()

    app = GamesApp(SaveStore(tmp_path), session=session, bot_delay=0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=meld_and_stop)
