"""An option with OptionSpec.pick: the new-game dialog's "pick your own" checklist."""

from __future__ import annotations

from pathlib import Path

from textual.widgets import SelectionList

from tui_games.engine.saves import SaveStore
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.new_game import PICK_OWN, NewGameScreen
from tui_games.tui.screens.pick import TICK, PickScreen

SIX = ["black_hole", "stationfall", "plasma_shield", "asteroid_3", "asteroid_5", "asteroid_7"]


async def test_pick_your_own_specials_needs_exactly_six_and_becomes_the_option(
        tmp_path: Path) -> None:
    app = GamesApp(SaveStore(tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        dialog = app.screen
        assert isinstance(dialog, NewGameScreen)
        dialog.query_one("#game").value = "neptune"
        await pilot.pause()
        field = dialog.query_one("#opt-specials")
        field.value = PICK_OWN
        await pilot.pause()
        assert isinstance(app.screen, PickScreen)
        checklist = app.screen.query_one(SelectionList)
        checklist.select("black_hole")
        await pilot.press("enter")  # one ticked: refused, the picker stays
        assert isinstance(app.screen, PickScreen)
        for value in SIX:
            checklist.select(value)
        await pilot.pause()
        await pilot.press("enter")
        assert app.screen is dialog
        assert dialog.chosen_options() == {"specials": "+".join(SIX)}


async def test_cancelling_the_picker_keeps_the_previous_choice(tmp_path: Path) -> None:
    app = GamesApp(SaveStore(tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        dialog = app.screen
        dialog.query_one("#game").value = "neptune"
        await pilot.pause()
        dialog.query_one("#opt-specials").value = PICK_OWN
        await pilot.pause()
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is dialog
        assert dialog.chosen_options() == {"specials": "default"}


async def test_ticked_items_carry_a_mark_that_is_not_colour(tmp_path: Path) -> None:
    app = GamesApp(SaveStore(tmp_path), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("n")
        dialog = app.screen
        dialog.query_one("#game").value = "neptune"
        await pilot.pause()
        dialog.query_one("#opt-specials").value = PICK_OWN
        await pilot.pause()
        checklist = app.screen.query_one(SelectionList)
        await pilot.press("space")  # ticks the first item
        await pilot.pause()
        prompts = [str(checklist.get_option_at_index(i).prompt)
                   for i in range(checklist.option_count)]
        assert prompts[0].startswith(TICK) and checklist.selected == [SIX[0]]
        assert not any(p.startswith(TICK) for p in prompts[1:])
        await pilot.press("space")
        await pilot.pause()
        assert not str(checklist.get_option_at_index(0).prompt).startswith(TICK)
