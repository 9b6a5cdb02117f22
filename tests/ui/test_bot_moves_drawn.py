"""Bots' moves that land faster than a frame (bot delay 0) are drawn together: when the
bots end the game, the table is redrawn once, under the game-over dialog, at the end.
A random bot with no delay answers on the UI thread, with no thread to start."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from tui_games.engine.core import Action
from tui_games.engine.records import History
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Session
from tui_games.games import get_game
from tui_games.tools.keyscript import human_first
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.bot_runner import BotMoved, BotRunner
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.game_over import GameOverScreen
from tui_games.tui.widgets.log import GameLog


def after_the_humans_last_move(seed: int = 7) -> tuple[Session, list[Action]]:
    """A Nebula game just after the human's last move, and the bots' moves that end it."""
    info = get_game("nebula")
    rng = random.Random(seed)
    session = human_first(info, seed)
    human, last = session.to_move, 0
    while (mover := session.to_move) is not None:
        session.apply(rng.choice(info.rules.legal_actions(session.state)))
        if mover == human:
            last = len(session.actions)
    again = human_first(info, seed)
    for action in session.actions[:last]:
        again.apply(action)
    return again, list(session.actions[last:])


def open_table(app: GamesApp) -> GameScreen:
    screen = app.screen
    assert isinstance(screen, GameScreen)
    return screen


def redraws(screen: GameScreen) -> list[int]:
    """Counts the screen's redraws of the table (refresh_view calls)."""
    calls: list[int] = []
    redraw = screen.refresh_view

    def counted() -> None:
        calls.append(len(screen.session.actions))
        redraw()

    screen.refresh_view = counted  # type: ignore[method-assign]
    return calls


def bot_moves(screen: GameScreen, actions: list[Action]) -> None:
    """Play bots' answers as their workers would post them, with no frame in between."""
    for action in actions:
        mover = screen.session.to_move
        assert mover is not None and not screen.session.seats[mover].is_human
        screen.on_bot_moved(BotMoved(mover, action, screen.bot_runner.token))


@pytest.fixture(autouse=True)
def bots_answer_only_when_told(monkeypatch: pytest.MonkeyPatch) -> None:
    """The test plays the bots' answers itself, all before the next frame."""
    monkeypatch.setattr(BotRunner, "think", lambda self, seat, view, token: None)
    monkeypatch.setattr(BotRunner, "answer", lambda self, seat, view, token: None)


async def test_bots_that_end_the_game_redraw_the_table_once(tmp_path: Path) -> None:
    store = SaveStore(tmp_path)
    session, to_the_end = after_the_humans_last_move()
    assert len(to_the_end) > 1
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = open_table(app)
        calls = redraws(screen)
        bot_moves(screen, to_the_end)
        assert screen.session.to_move is None
        assert calls == [len(screen.session.actions)]  # only the final position
        for _ in range(50):
            await pilot.pause()
            if isinstance(app.screen, GameOverScreen):
                break
        assert isinstance(app.screen, GameOverScreen)
        assert screen.bot_redraw is None  # nothing left to draw over the final position
        assert len(calls) == 1
        # The dimmed table shows the final position: the log ends with the last move.
        final = GameLog()
        final.show(screen.view().log, screen.viewer, screen.seat_names)
        assert screen.query_one("#log", GameLog).shown == final.shown
        await pilot.pause()
        assert len(History(store).list()) == 1  # the record is kept


async def test_a_bots_move_another_bot_follows_is_drawn_at_the_next_frame(
        tmp_path: Path) -> None:
    session, to_the_end = after_the_humans_last_move()
    app = GamesApp(SaveStore(tmp_path), session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = open_table(app)
        calls = redraws(screen)
        bot_moves(screen, to_the_end[:1])
        assert screen.session.to_move is not None  # another bot's move follows
        assert calls == [] and screen.bot_redraw is not None
        for _ in range(100):
            await pilot.pause(0.02)
            if calls:
                break
        assert calls == [len(screen.session.actions)]
        assert screen.bot_redraw is None


async def test_slow_bots_moves_are_drawn_at_once(tmp_path: Path) -> None:
    session, to_the_end = after_the_humans_last_move()
    app = GamesApp(SaveStore(tmp_path), session=session, bot_delay=0.6)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = open_table(app)
        calls = redraws(screen)
        before = len(screen.session.actions)
        bot_moves(screen, to_the_end[:1])
        assert calls == [before + 1]
        assert screen.bot_redraw is None


async def test_random_bots_with_no_delay_answer_without_a_thread(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()  # the bots answer by themselves here
    threads: list[int] = []
    think = BotRunner.think

    def counted(self: BotRunner, seat: int, view: object, token: int) -> None:
        threads.append(seat)
        think(self, seat, view, token)  # type: ignore[arg-type]

    monkeypatch.setattr(BotRunner, "think", counted)
    session, _ = after_the_humans_last_move()
    moves = len(session.actions)
    app = GamesApp(SaveStore(tmp_path), session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(200):
            await pilot.pause()
            screen = open_table(app) if isinstance(app.screen, GameScreen) else None
            if screen is None or screen.session.to_move in (None, screen.viewer):
                break  # the game is over, or it is the human's turn again
        assert len(session.actions) > moves + 1  # the bots played their turn...
        assert threads == []  # ...with no thread started


async def test_an_instant_bot_answers_after_the_frame_of_the_players_own_move(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.undo()  # the bots answer by themselves here
    info = get_game("neptune")
    session = human_first(info, 3)
    app = GamesApp(SaveStore(tmp_path), session=session, bot_delay=0)
    frames: list[int] = []  # the number of moves made when each frame was drawn
    shown = app.post_display_hook

    def counted() -> None:
        frames.append(len(session.actions))
        shown()

    monkeypatch.setattr(app, "post_display_hook", counted)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = open_table(app)
        assert session.to_move == screen.viewer
        before = len(session.actions)
        frames.clear()
        screen._apply(info.rules.legal_actions(session.state)[0])
        assert len(session.actions) == before + 1  # no bot has answered yet
        for _ in range(100):
            await pilot.pause(0.01)
            if len(session.actions) > before + 1:
                break
        assert len(session.actions) > before + 1  # the bot answered...
        assert frames and frames[0] == before + 1  # ...after the player's move was drawn
