"""GameScreen's one memo of what the viewer may decide (remember, mine, legal, why_not,
attempt), and a look back's own keys, on Pulsar Pick."""

from __future__ import annotations

from collections.abc import Callable

from ui_harness import SIZE, PulsarDraw, PulsarMark, PulsarScreen, pulsar_session, settle

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.widgets.status import StatusLine

MakeApp = Callable[..., GamesApp]


async def test_remember_keeps_a_value_until_a_move_an_undo_or_another_viewer(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session([Seat("Ann"), Seat("Bob")]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")  # the hand-off to Ann
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, PulsarScreen)
        calls: list[int] = []

        def count() -> int:
            calls.append(1)
            return len(calls)

        assert screen.remember("probe", count) == screen.remember("probe", count) == 1
        assert screen.view() is screen.view()
        assert screen.play(PulsarMark())
        assert screen.remember("probe", count) == 2  # a move: a new observation
        screen.action_undo()
        assert screen.remember("probe", count) == 3  # an undo: the state replayed anew
        screen._viewer = 1
        assert screen.remember("probe", count) == 4  # another viewer


async def test_legal_and_why_not_follow_whose_decision_it_is(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session([Seat("Ann"), Seat("Bot", "easy")]))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert screen.mine() and PulsarDraw() in screen.legal()
        assert screen.legal() is screen.legal()  # asked of the rules once per view
        assert screen.attempt(PulsarDraw())
        assert PulsarDraw() not in screen.legal()
        assert not screen.attempt(PulsarDraw())
        status = screen.query_one("#status", StatusLine)
        assert status.is_error and status.text.endswith("You already drew a card this turn.")
        screen.review(0, "the start")
        await pilot.pause()
        look = app.screen
        assert isinstance(look, PulsarScreen) and look.reviewing
        assert not look.mine() and look.legal() == []
        assert look.why_not(PulsarDraw()).startswith("This is a look back at the start")


async def test_a_look_back_offers_no_save_undo_or_menu_and_enter_goes_on(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session([Seat("Ann"), Seat("Bot", "easy")]))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.review(0, "the start")
        await pilot.pause()
        look = app.screen
        assert isinstance(look, PulsarScreen) and look is not screen
        actions = {active.binding.action for active in look.active_bindings.values()}
        assert "end_review" in actions and not actions & {"save", "undo", "menu"}
        assert {active.binding.action for active in screen.active_bindings.values()} \
            >= {"save", "undo", "menu"}
        assert type(look).__name__ == type(screen).__name__  # its stylesheet rules apply
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is screen
