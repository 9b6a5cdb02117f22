"""A question with many answers (Learn to play asks which of five games) fits at 80x24."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.widgets import Button

from tui_games.app import GamesApp
from tui_games.engine.saves import SaveStore
from tui_games.screens.confirm import Choice, ChoiceScreen


@pytest.mark.parametrize("answers", [2, 3, 5, 6])
async def test_every_answer_shows_whole_inside_the_dialog_at_80x24(
        answers: int, store: SaveStore, make_app: Callable[..., GamesApp]) -> None:
    """Side by side, five buttons ran past the dialog's edge ("Via" cut, Nova Lux gone)."""
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        choices = [Choice(f"g{n}", f"Game number {n}", str(n)) for n in range(answers - 1)]
        app.push_screen(ChoiceScreen("Which game?", [*choices, Choice("back", "Back", "b")],
                                     cancel="back", title="Learn to play"))
        await pilot.pause()
        dialog = app.screen.query_one(".dialog").content_region
        buttons = list(app.screen.query(Button))
        assert len(buttons) == answers
        for button in buttons:
            assert dialog.contains_region(button.region), str(button.label)
            assert button.region.width >= len(str(button.label)) + 2, str(button.label)
