"""Every key of every phase shows in the footer at 80 columns (issue 19): in a busy
phase the keys every table shares fold into one entry (see widgets/footer_fit.py)
instead of the last ones being cut. The positions are those of test_no_cut_text: the
first positions of every phase of seeded random games of each game."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from test_no_cut_text import KEYS, players, positions
from ui_harness import SIZE, settle

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import GAMES, get_game
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.game_over import GameOverScreen
from tui_games.tui.widgets.footer import GameFooter

MakeApp = Callable[..., GamesApp]


def missing_keys(footer: GameFooter) -> list[str]:
    """The enabled keys the screen shows that the footer's line leaves out."""
    footer.render()  # the line as drawn now, and where each key is on it
    drawn = {key for entry in footer.drawn for key in entry.covers}
    keys, _palette = footer.shown_keys()
    assert footer.size.width == SIZE[0]
    return [f"{entry.display} {entry.description}" for entry in keys
            if not entry.disabled and not set(entry.covers) <= drawn]


@pytest.mark.parametrize("game_id", GAMES)
async def test_every_enabled_key_of_every_phase_shows_at_80_columns(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    info = get_game(game_id)
    bot = "normal" if "normal" in info.bots else next(iter(info.bots))
    faults: dict[str, str] = {}
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        for seed, options, actions, seat in positions(game_id):
            seats = [Seat("Ann") if i == seat else Seat(f"Bot {i + 1}", bot)
                     for i in range(players(game_id))]
            session = Session(info.rules, seats, seed, options, actions=actions)
            app.back_to_menu(save=False)
            app.open_game(session)
            await pilot.pause()
            if isinstance(app.screen, GameOverScreen):
                app.pop_screen()
                await pilot.pause()
            top = app.screen
            phase = str(getattr(session.state, "phase", ""))
            for step in ("", *KEYS):
                if step:
                    await pilot.press(step)
                    await pilot.pause()
                if app.screen is not top:
                    break
                for footer in top.query(GameFooter):
                    for key in missing_keys(footer):
                        faults.setdefault(key, f"{phase} after {len(actions)} moves, {step}")
        await settle(app, pilot)
    assert not faults, faults
