"""Opening the first dialog of a game does no work that could be done before it."""

from __future__ import annotations

from collections.abc import Callable

from textual.widgets import Button

from tui_games.engine.saves import SaveStore
from tui_games.tui.app import WARM_CLASS, GamesApp


def button_css_read(app: GamesApp) -> bool:
    """Whether the app's stylesheet already holds Button's own CSS."""
    return any(source.content == Button.DEFAULT_CSS for source in app.stylesheet.source.values())


async def test_button_css_is_read_before_the_first_dialog(
        store: SaveStore, make_app: Callable[..., GamesApp]) -> None:
    """The game-over and summary dialogs' buttons must not parse Button's CSS while the
    player waits for the dialog: the app reads it once, after its first frame."""
    app = make_app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.pause()
        assert button_css_read(app)
        assert not app.screen.query(f".{WARM_CLASS}"), "the warm-up Button is gone again"
