"""A question with many answers (Learn to play asks which of five games) fits at 80x24."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from textual.widgets import Button, Footer

from tui_games.engine.saves import SaveStore
from tui_games.games import all_games
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.confirm import Choice, ChoiceScreen


@pytest.mark.parametrize("answers", [2, 3, 5, 6])  # 6: the five games and Back
async def test_every_answer_shows_whole_inside_the_dialog_at_80x24(
        answers: int, store: SaveStore, make_app: Callable[..., GamesApp]) -> None:
    """Side by side, five buttons ran past the dialog's edge ("Via" cut, Nova Lux gone)."""
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        titles = [info.title for info in all_games().values()][:answers - 1]
        choices = [Choice(f"g{n}", title, str(n)) for n, title in enumerate(titles, start=1)]
        app.push_screen(ChoiceScreen("Which game?", [*choices, Choice("back", "Back", "b")],
                                     cancel="back", title="Learn to play"))
        await pilot.pause()
        dialog = app.screen.query_one(".dialog").content_region
        buttons = list(app.screen.query(Button))
        assert len(buttons) == answers
        for button in buttons:
            assert dialog.contains_region(button.region), str(button.label)
            assert button.region.width >= len(str(button.label)) + 2, str(button.label)
        assert app.screen.query_one(Footer).max_scroll_x == 0  # every answer's key shows
