"""Pinned looks of the Neptune table at 80x24 and 120x40, with 2 and 4 players."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from tui_games.engine.core import Action
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.games.neptune.state import NeptuneState
from tui_games.tui.app import GamesApp

SIZES = [(80, 24), (120, 40)]
NAMES = ["Ann", "Bob", "Cy", "Dee"]


def position(players: int, wanted: Callable[[NeptuneState], bool]) -> Session:
    """A session replayed to the first seeded position where ``wanted`` holds."""
    rules = get_game("neptune").rules
    seats = [Seat("Ann")] + [Seat(name, "normal") for name in NAMES[1:players]]
    for seed in range(500):
        s = rules.setup(players, seed, {})
        pick = random.Random(seed)
        actions: list[Action] = []
        while rules.to_move(s) is not None:
            if wanted(s):
                return Session(rules, seats, seed, {}, actions=actions)
            action = pick.choice(rules.legal_actions(s))
            rules.apply(s, action)
            actions.append(action)
    raise AssertionError("no such position")


def mid_trick(s: NeptuneState) -> bool:
    """Ann to play into a trick of round 1, with won tricks on the table."""
    return (s.phase == "play" and s.current == 0 and len(s.trick) >= 1
            and s.tricks_done >= 3 and len(s.piles) >= 3)


def ann_decides(s: NeptuneState) -> bool:
    """Ann won a trick with a special card that asks her a question."""
    return s.phase in ("top", "bandit", "shield", "cover") and s.winner == 0 and len(
        s.piles) >= 2


async def settle(pilot: Pilot[Any]) -> None:
    await pilot.pause()
    await pilot.pause()


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_table_looks_right(players: int, size: tuple[int, int], store: SaveStore,
                               snap_compare: Callable[..., bool]) -> None:
    app = GamesApp(store, session=position(players, mid_trick), bot_delay=0)
    assert snap_compare(app, terminal_size=size, run_before=settle)


def test_a_special_cards_question_looks_right(store: SaveStore,
                                              snap_compare: Callable[..., bool]) -> None:
    app = GamesApp(store, session=position(4, ann_decides), bot_delay=0)
    assert snap_compare(app, terminal_size=(80, 24), run_before=settle)


async def test_a_questions_answers_follow_the_status_line_through_a_resize(
        store: SaveStore) -> None:
    app = GamesApp(store, session=position(4, ann_decides), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        choices, status = screen.query_one("#nep-choices"), screen.query_one("#status")
        assert choices.display and choices.region.y == status.region.bottom
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert choices.region.y == status.region.bottom
        assert choices.region.x == status.region.x + 1  # within the screen's margins
