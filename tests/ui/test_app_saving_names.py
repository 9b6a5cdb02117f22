"""ctrl+s: a name that another game's save uses is only replaced after asking; a long
paste is cut to fit; control characters never get into a name."""

from __future__ import annotations

from collections.abc import Callable

from textual.events import Paste
from textual.widgets import Input
from ui_harness import SIZE, PulsarMark, PulsarScreen, pulsar_session

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.confirm import ConfirmScreen
from tui_games.tui.screens.save_name import MAX_NAME, SaveNameScreen

MakeApp = Callable[..., GamesApp]
SOLO = [Seat("Ana"), Seat("Bot", "easy")]


async def save_as(app: GamesApp, pilot: object, name: str) -> None:
    await pilot.press("ctrl+s")  # type: ignore[attr-defined]
    assert isinstance(app.screen, SaveNameScreen)
    app.screen.query_one("#save-name", Input).value = name
    await pilot.press("enter")  # type: ignore[attr-defined]
    await pilot.pause()  # type: ignore[attr-defined]


async def test_a_name_another_game_uses_is_replaced_only_after_asking(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    other = pulsar_session(SOLO, seed=99)
    theirs = pulsar_store.save_as(other, "Tonight")
    before = theirs.read_bytes()
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m")
        await save_as(app, pilot, "Tonight")
        assert isinstance(app.screen, ConfirmScreen)
        assert "another game" in app.screen.question
        await pilot.press("n")  # keep theirs
        assert isinstance(app.screen, PulsarScreen)
        assert theirs.read_bytes() == before
        await save_as(app, pilot, "Tonight")
        await pilot.press("y")  # replace
        await pilot.pause()
        assert isinstance(app.screen, PulsarScreen)
        assert pulsar_store.load(theirs).seed == 7
        await pilot.press("m")
        await save_as(app, pilot, "Tonight")  # now our own: no question
        assert isinstance(app.screen, PulsarScreen)
        assert pulsar_store.load(theirs).actions == [PulsarMark(), PulsarMark()]


async def test_a_long_paste_is_cut_to_fit_and_cleaned(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+s")
        field = app.screen.query_one("#save-name", Input)
        field.value = ""
        field.post_message(Paste("\x1b]0;pwn\x07" + "abcdefghij" * 10))
        await pilot.pause()
        assert field.value == ("]0;pwn" + "abcdefghij" * 10)[:MAX_NAME]
        field.post_message(Paste("more"))  # full: nothing more goes in
        await pilot.pause()
        assert len(field.value) == MAX_NAME
