"""What every game screen gets from the GameScreen base, checked on the real games:
focus survives a too-small terminal, the log's newest line stays in sight, the log speaks
to the viewer, and a finished game can be looked at before leaving it."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from ui_harness import PULSAR, SIZE, PulsarScreen, pulsar_session, settle

from tui_games.engine.core import Event, default_options
from tui_games.engine.grammar import speak_to
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import all_games, get_game
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.choice_row import ChoiceRow
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.game_over import GameOverScreen
from tui_games.tui.widgets.log import GameLog
from tui_games.tui.widgets.status import StatusLine, fit_lines

MakeApp = Callable[..., GamesApp]
GAMES = list(all_games())


def game_session(game_id: str, seed: int = 5) -> Session:
    info = get_game(game_id)
    return Session.new(info.rules, [Seat("You"), Seat("Bot 2", "normal")], seed,
                       default_options(info.rules))


@pytest.mark.parametrize("game_id", GAMES)
async def test_focus_comes_back_after_the_terminal_was_too_small(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, game_session(game_id))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        before = screen.focused
        assert before is not None
        keys_before = set(screen.active_bindings)
        await pilot.resize_terminal(60, 20)
        await pilot.pause(0.1)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause(0.1)
        assert screen.focused is before
        assert set(screen.active_bindings) == keys_before  # the Footer's keys are back


@pytest.mark.parametrize("game_id", GAMES)
async def test_a_game_screen_is_never_left_with_nothing_focused(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, game_session(game_id))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        before = screen.focused
        screen.set_focus(None)
        await pilot.pause(0.05)
        assert screen.focused is before


@pytest.mark.parametrize("game_id", GAMES)
async def test_the_log_always_shows_its_newest_line_at_80x24(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, game_session(game_id, seed=11))
    rng = random.Random(3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        log = screen.query_one("#log", GameLog)
        for _ in range(12):
            if screen.session.to_move is None or app.screen is not screen:
                break
            legal = screen.rules.legal_actions(screen.session.state)
            screen.play(rng.choice(legal))
            await settle(app, pilot, rounds=2)
            if app.screen is not screen:  # a summary covers the table: look under it
                await pilot.pause(0.05)
            assert log.size.height >= 2, "the table pushed the log out of sight"
            assert log.newest_in_sight, f"{log.shown[-1]!r} is below the log's bottom edge"
            if app.screen is screen:  # the status grows to two lines: no new log line
                screen.show_status("x " * 70, error=True)
                await pilot.pause()
                assert log.newest_in_sight, "a two-line status hid the newest log line"
                screen.show_status("x")
                await pilot.pause()
                assert log.newest_in_sight


def test_the_log_speaks_to_its_reader() -> None:
    texts = ["Seat 1 keeps 2 cards.", "Seat 2 takes Seat 1's pile."]  # third person
    names = ["Ada", "Bo"]
    assert [speak_to(t, names, 0) for t in texts] == ["You keep 2 cards.",
                                                     "Bo takes your pile."]
    assert [speak_to(t, names, 1) for t in texts] == ["Ada keeps 2 cards.",
                                                     "You take Ada's pile."]


async def test_the_game_log_widget_names_seats_for_the_viewer(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session([Seat("Ada"), Seat("Bo", "easy")]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        log = app.screen.query_one("#log", GameLog)
        log.show([Event("Seat 2 draws a card."), Event("Seat 1 has 3 marks.")], 0,
                 ["Ada", "Bo"])
        assert log.shown == ["Bo draws a card.", "You have 3 marks."]


def test_a_long_status_wraps_at_words_and_ends_in_an_ellipsis() -> None:
    text = ("Your turn: choose a marker with the arrows, step it along its cluster with "
            "left and right, and press Enter to collect the stars it passes over; Esc "
            "goes back to choosing between Investing Time and Turning to Chaos.")
    fitted = fit_lines(text, 78)
    lines = fitted.split("\n")
    assert len(lines) == 2
    assert all(len(line) <= 78 for line in lines)
    assert lines[-1].endswith("…")
    assert text.startswith(fitted.replace("\n", " ")[:-1])  # cut at a word, not mid-word
    assert fit_lines("Draw 2 (d).", 78) == "Draw 2 (d)."


async def test_the_status_line_never_shows_a_third_line(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session([Seat("You"), Seat("Bot 2", "easy")]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        status = app.screen.query_one("#status", StatusLine)
        app.screen.show_status("word " * 60)
        await pilot.pause()
        assert status.size.height == 2
        assert str(status.render()).endswith("…")
        assert status.text == ("word " * 60)  # the whole text stays readable to tests


async def test_game_over_offers_a_look_at_the_final_table(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session([Seat("You"), Seat("Bot 2", "easy")]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(4):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.press("e")
            await settle(app, pilot, rounds=2)
        assert isinstance(app.screen, GameOverScreen)
        answers = app.screen.query_one("#answers", ChoiceRow)
        assert app.screen.focused is answers and answers.answer == "new"
        played = len(app.screen_stack[1].session.actions)
        await pilot.press("t")
        await pilot.pause()
        look = app.screen
        assert isinstance(look, PulsarScreen) and look.reviewing
        assert look.session.state.over
        assert look.query_one("#status", StatusLine).text.startswith("Looking back at")
        await pilot.press("m")  # a game key does nothing in a look back
        assert look.query_one("#status", StatusLine).is_error
        assert len(look.session.actions) == played
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("m")
        await pilot.pause()
        assert not any(isinstance(s, GameScreen) for s in app.screen_stack)


async def test_a_look_back_shows_an_earlier_moment_and_saves_nothing(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session([Seat("You"), Seat("Bot 2", "easy")]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "m")
        screen = app.screen
        assert isinstance(screen, PulsarScreen)
        seen: list[str] = []
        screen.review(1, "the first mark", then=lambda: seen.append("back"))
        await pilot.pause()
        look = app.screen
        assert isinstance(look, PulsarScreen) and look is not screen
        assert look.session.state.marks == [1, 0]
        assert look.autosave() is None
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen and seen == ["back"]
        live_keys = [b.action for bs in screen._bindings.key_to_bindings.values() for b in bs]
        assert "end_review" not in live_keys and "save" in live_keys
        assert screen.session.state.marks == [2, 0]
        assert PULSAR.id == screen.info.id
