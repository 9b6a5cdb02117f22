"""Under NO_COLOR every cell of a table is grey: no background keeps its colour (issue 31:
the Nebular Colors header row kept a dark blue background between its grey parts)."""

from __future__ import annotations

import pytest
from textual.geometry import Region
from textual.widget import Widget
from ui_harness import SIZE, settle

from tui_games.engine.core import default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import all_games, get_game
from tui_games.tui.app import GamesApp


def coloured_cells(widget: Widget) -> set[str]:
    """The colours (not greys) in the widget's lines as the app draws them."""
    width, height = widget.region.size
    found: set[str] = set()
    if not width or not height:
        return found
    for strip in widget.render_lines(Region(0, 0, width, height)):
        for segment in strip:
            style = segment.style
            for colour in (style.color, style.bgcolor) if style else ():
                if colour is None or colour.triplet is None:
                    continue
                red, green, blue = colour.triplet
                if not red == green == blue:
                    found.add(colour.triplet.hex)
    return found


@pytest.mark.parametrize("game_id", all_games())
async def test_under_no_color_every_background_of_a_table_is_grey(
        game_id: str, store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    rules = get_game(game_id).rules
    seats = [Seat("You")] + [Seat(f"Bot {n}", "easy") for n in range(2, rules.min_players + 1)]
    session = Session.new(rules, seats, 5, default_options(rules))
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot, 3)
        screen = app.screen
        leaks = {type(widget).__name__: found for widget in [screen, *screen.query("*")]
                 if widget.BLANK and (found := coloured_cells(widget))}
        assert not leaks
