"""Pinned looks of the game-over dialog over the menu, at 80x24 and 120x40: a short
breakdown with a hints line, and one too tall for the dialog (its scroll bar shows)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from tui_games.engine.core import DETAIL, Outcome
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.game_over import GameOverScreen

SIZES = [(80, 24), (120, 40)]
SEATS = [Seat("Ann"), Seat("Bo"), Seat("Cy")]


def short() -> GameOverScreen:
    rows = [[("Stars in the Galaxy", 10 + i), (f"{DETAIL}3 linked, 2 VP each", 6),
             ("Objectives", 4 - i)] for i in range(3)]
    outcome = Outcome.from_scores([14, 15, 14], "Most points.", rows,
                                  decided_by="Bo had the most stars")
    return GameOverScreen(outcome, SEATS, "Nebula", hints="Hints used: Ann 2")


def tall() -> GameOverScreen:
    rows = [[(f"Round {j + 1}", (i + j) % 5) for j in range(16)] for i in range(3)]
    scores = [sum(value for _, value in seat) for seat in rows]
    # decided_by "": the look of a result recorded before the decided line
    return GameOverScreen(Outcome.from_scores(scores, "Most points.", rows, decided_by=""),
                          SEATS, "Neptune")


def opened(dialog: Callable[[], GameOverScreen]) -> Callable[[Pilot[Any]], Any]:
    async def run_before(pilot: Pilot[Any]) -> None:
        await pilot.pause()
        pilot.app.push_screen(dialog())
        await pilot.pause()
        await pilot.pause()
    return run_before


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("dialog", [short, tall], ids=["short", "tall"])
def test_game_over_looks_right(dialog: Callable[[], GameOverScreen], size: tuple[int, int],
                               store: SaveStore, snap_compare: Callable[..., bool]) -> None:
    assert snap_compare(GamesApp(store, bot_delay=0), terminal_size=size,
                        run_before=opened(dialog))


def test_the_tall_breakdown_scrolled_looks_right(store: SaveStore,
                                                 snap_compare: Callable[..., bool]) -> None:
    async def scrolled(pilot: Pilot[Any]) -> None:
        await opened(tall)(pilot)
        await pilot.press("down", "down", "down")
        await pilot.pause()

    assert snap_compare(GamesApp(store, bot_delay=0), terminal_size=(80, 24),
                        run_before=scrolled)


async def test_only_the_answers_offered_are_shown_and_their_keys_alone_work(
        store: SaveStore) -> None:
    """An online table offers no New game or Rematch (its games are made in the lobby):
    n and r do nothing there, and the row shows only what is offered."""
    app = GamesApp(store, bot_delay=0)
    chosen: list[object] = []
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        answers = (("menu", "Back to the lobby (m)"), ("review", "Table (t)"))
        dialog = GameOverScreen(short().outcome, SEATS, "Nebula", answers=answers)  # type: ignore[arg-type]
        app.push_screen(dialog, chosen.append)
        await pilot.pause()
        text = str(dialog.query_one("#answers").render())
        assert "Back to the lobby" in text and "New game" not in text and "Rematch" not in text
        await pilot.press("n", "r")
        await pilot.pause()
        assert app.screen is dialog and not chosen
        await pilot.press("enter")  # the first answer offered is Enter's
        await pilot.pause()
        assert chosen == ["menu"]


async def test_one_players_screen_says_you_win_to_them(store: SaveStore) -> None:
    """An online table is one player's screen: its result speaks to that seat ("You win!",
    "You won by ..."); a shared screen names everyone."""
    outcome = Outcome.from_scores([14, 15, 14], "Most points.", [[] for _ in SEATS],
                                  decided_by="Seat 2 had the most stars")
    for viewer, said, decided in ((1, "You win!", "You had the most stars"),
                                  (0, "Bo wins!", "Bo had the most stars"),
                                  (None, "Bo wins!", "Bo had the most stars")):
        app = GamesApp(store, bot_delay=0)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            dialog = GameOverScreen(outcome, SEATS, "Nebula", viewer=viewer)
            app.push_screen(dialog)
            await pilot.pause()
            text = str(dialog.result())
            assert said in text and decided in text, (viewer, text)
