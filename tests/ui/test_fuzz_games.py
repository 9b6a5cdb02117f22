"""Seeded random keys on every registered game's table and on the dialogs shown over a
game (issue 11, the harness): see test_fuzz_screens.py for what each run does and
checks."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_fuzz_screens import OVER_A_GAME, cases, run_fuzz

from tui_games.games import all_games


@pytest.mark.parametrize(("target", "seed"), cases(list(all_games())))
async def test_random_keys_on_a_game_never_crash_and_leave_the_app_answering(
        target: str, seed: int, tmp_path: Path) -> None:
    await run_fuzz(target, seed, tmp_path)


@pytest.mark.parametrize(("target", "seed"), cases(OVER_A_GAME))
async def test_random_keys_on_a_dialog_over_a_game_never_crash_and_leave_the_app_answering(
        target: str, seed: int, tmp_path: Path) -> None:
    await run_fuzz(target, seed, tmp_path)
