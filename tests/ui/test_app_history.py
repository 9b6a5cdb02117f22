"""History and the replay viewer, by keys: a finished game is kept and listed, Enter
replays it, the viewer's keys step through every position exactly, and hands stay
hidden per seat until everything is revealed after the game."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import DataTable, Static
from ui_harness import (
    HIDDEN,
    PULSAR,
    SIZE,
    PulsarScreen,
    open_replay,
    play_out,
    pulsar_session,
    settle,
)

from tui_games.engine.codec import to_json
from tui_games.engine.core import default_options
from tui_games.engine.records import History, RecordSummary
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session, replay
from tui_games.games import get_game
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.confirm import ConfirmScreen
from tui_games.tui.screens.game_over import GameOverScreen
from tui_games.tui.screens.handoff import HandoffScreen
from tui_games.tui.screens.history import HistoryScreen, seats_column
from tui_games.tui.screens.menu import MenuScreen
from tui_games.tui.screens.replay import ReplayView, Timeline
from tui_games.tui.screens.stats import StatsScreen
from tui_games.tui.widgets.status import StatusLine

MakeApp = Callable[..., GamesApp]


def status(screen: ReplayView) -> str:
    return screen.query_one("#status", StatusLine).text


async def read(app: GamesApp, pilot: Pilot[None]) -> None:
    """Let a History or Stats screen's worker finish reading the records."""
    await pilot.pause()
    await app.workers.wait_for_complete()
    await pilot.pause()


def finished(seats: list[Seat], seed: int = 7) -> Session:
    session = pulsar_session(seats, seed)
    rng = random.Random(seed)
    while session.to_move is not None:
        session.apply(rng.choice(PULSAR.rules.legal_actions(session.state)))
    return session


def test_every_step_of_a_timeline_is_the_replayed_state() -> None:
    """"A record is the existing save format ... so a record replays exactly."""
    session = finished([Seat("Ann"), Seat("Bot", "easy")])
    line = Timeline(session)
    rules = PULSAR.rules
    for at in range(line.end + 1):
        expected = replay(rules, 2, session.seed, session.options, session.actions[:at])
        assert to_json(line.state_at(at)) == to_json(expected)
        assert line.turns[at] == expected.turn
    assert line.over and line.end == len(session.actions)


async def test_a_finished_game_goes_to_the_history_and_replays_by_keys(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    """The game over keeps the record (and drops the autosave); History lists it and
    Enter opens the viewer; left/right, Home/End and ] [ move through the game."""
    app = make_app(pulsar_store, pulsar_session([Seat("You"), Seat("Bot 2", "easy")]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(6):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.press("e")
            await settle(app, pilot, rounds=2)
        assert isinstance(app.screen, GameOverScreen)
        game = app.screen_stack[1]
        assert isinstance(game, PulsarScreen)
        played = list(game.session.actions)
        [row] = app.history.list()
        assert row.error is None and row.actions == len(played)
        assert not list(pulsar_store.folder.glob("*.json"))  # no Continue for it
        await pilot.press("m")
        await pilot.pause()
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("h")
        await read(app, pilot)
        assert isinstance(app.screen, HistoryScreen)
        await pilot.press("enter")
        await pilot.pause()
        view = app.screen
        assert isinstance(view, ReplayView) and isinstance(view, PulsarScreen)
        assert view.at == 0 and view.session.actions == []
        assert status(view).startswith("Looking back at")
        await pilot.press("right", "right")
        assert view.at == 2 and view.session.actions == played[:2]
        await pilot.press("left")
        assert view.at == 1
        await pilot.press("end")
        assert view.at == len(played) and view.session.state.over
        await pilot.press("home")
        assert view.at == 0
        await pilot.press("right_square_bracket")
        first_end = next(i for i, a in enumerate(played, 1)
                         if replay(PULSAR.rules, 2, 7, {"length": "short"},
                                   played[:i]).turn == 1)
        assert view.at == first_end
        await pilot.press("left_square_bracket")
        assert view.at == 0
        await pilot.press("e")  # a game key plays nothing in the viewer
        assert view.session.actions == []
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)


async def test_hot_seat_hands_stay_hidden_until_everything_is_revealed(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    """"In hot-seat records, hides other seats' hands until the viewer asks to reveal
    all (after the game is over)."""
    history = History(pulsar_store)
    path = history.keep(finished([Seat("Ann"), Seat("Ben"), Seat("Bot", "easy")]))
    app = make_app(pulsar_store)
    async with app.run_test(size=SIZE) as pilot:
        view = await open_replay(app, pilot, path)
        await pilot.press("end")
        hands = view.session.state.hands
        assert view.seat is None  # a spectator's view first
        assert all(card == HIDDEN for hand in view.view().hands for card in hand)
        await pilot.press("v")
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)  # Ann's hand is covered first
        await pilot.press("enter")
        await pilot.pause()
        assert view.seat == 0 and view.view().hands[0] == hands[0]
        assert all(card == HIDDEN for card in view.view().hands[1] + view.view().hands[2])
        assert view.viewpoints() == [None, 0, 1]  # the bot's hand is not offered
        await pilot.press("a")
        assert view.viewpoints() == [None, 0, 1, 2]
        await pilot.press("v", "v")
        await pilot.pause()
        assert not isinstance(app.screen, HandoffScreen)  # revealed: no cover
        assert view.seat == 2 and view.view().hands[2] == hands[2]


async def test_reveal_is_neither_offered_nor_done_while_a_game_is_not_over(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    session = pulsar_session([Seat("Ann"), Seat("Bot", "easy")])
    session.apply(PULSAR.rules.legal_actions(session.state)[1])
    path = pulsar_store.autosave(session)
    app = make_app(pulsar_store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert app.replay_file(str(path))
        await pilot.pause()
        view = app.screen
        assert isinstance(view, ReplayView) and view.seat == 0
        await pilot.press("a")  # not offered: it does nothing
        assert not view.revealed and view.viewpoints() == [None, 0]
        assert view.check_action("reveal", ()) is False


async def test_a_damaged_record_is_refused_in_one_line_and_can_be_deleted(
        pulsar_store: SaveStore, make_app: MakeApp, tmp_path: Path) -> None:
    history = History(pulsar_store)
    path = history.keep(finished([Seat("Ann"), Seat("Bot", "easy")]))
    path.write_bytes(path.read_bytes()[:-20])
    app = make_app(pulsar_store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await read(app, pilot)
        assert isinstance(app.screen, HistoryScreen)
        assert app.screen.rows[0].error is not None
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)  # refused: nothing opened
        await pilot.press("d")
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("y")
        await pilot.pause()
        assert not path.exists()


async def test_stats_screen_shows_the_figures_of_the_history(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    history = History(pulsar_store)
    for seed in (1, 2, 3):
        history.keep(finished([Seat("Ann"), Seat("Bot", "easy")], seed))
    app = make_app(pulsar_store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("s")
        await read(app, pilot)
        assert isinstance(app.screen, StatsScreen)
        table = app.screen.query_one("#stats")
        assert table.row_count == 1  # type: ignore[attr-defined]
        row = table.get_row_at(0)  # type: ignore[attr-defined]
        assert str(row[0]) == "Pulsar Pick" and str(row[1]) == "easy"
        assert str(row[2]) == "3"


async def test_no_replay_key_acts_while_the_table_is_too_small_to_show(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    path = History(pulsar_store).keep(finished([Seat("Ann"), Seat("Bot", "easy")]))
    app = make_app(pulsar_store)
    async with app.run_test(size=SIZE) as pilot:
        view = await open_replay(app, pilot, path)
        await pilot.resize_terminal(60, 20)
        await pilot.pause(0.1)
        await pilot.press("right", "end")
        assert view.at == 0
        await pilot.resize_terminal(*SIZE)
        await pilot.pause(0.1)
        await pilot.press("right")
        assert view.at == 1


async def test_the_game_over_dialog_shows_before_the_record_is_written(
        pulsar_store: SaveStore, make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """The record and the autosave's removal sync files to disk: they wait for the
    game-over dialog's first frame, so the player never waits for them to see the result.
    The record is still kept, once."""
    seen: list[tuple[str, bool]] = []
    keep = History.keep

    def watched(self: History, session: Session) -> Path | None:
        screen = app.screen  # the dialog is laid out: its score table has a place
        drawn = any(table.region.area > 0 for table in screen.query("#breakdown"))
        seen.append((type(screen).__name__, drawn))
        return keep(self, session)

    monkeypatch.setattr(History, "keep", watched)
    app = make_app(pulsar_store, pulsar_session([Seat("You"), Seat("Bot 2", "easy")]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(6):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.press("e")
            await settle(app, pilot, rounds=2)
        await pilot.pause()
        assert seen == [("GameOverScreen", True)]
        assert len(app.history.list()) == 1
        assert not list(pulsar_store.folder.glob("*.json"))


async def test_the_last_move_writes_no_autosave_the_game_over_drops(
        pulsar_store: SaveStore, make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """An autosave is for a game to Continue: the move that ends the game writes none
    (it would be synced to disk and removed again while the player waits for the result)."""
    over_saves: list[int] = []
    autosave = SaveStore.autosave

    def watched(self: SaveStore, session: Session) -> Path:
        if session.to_move is None:
            over_saves.append(len(session.actions))
        return autosave(self, session)

    monkeypatch.setattr(SaveStore, "autosave", watched)
    app = make_app(pulsar_store, pulsar_session([Seat("You"), Seat("Bot 2", "easy")]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        for _ in range(6):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.press("e")
            await settle(app, pilot, rounds=2)
        assert isinstance(app.screen, GameOverScreen)
        assert over_saves == []
        assert len(app.history.list()) == 1


async def test_history_and_stats_read_new_records_without_holding_the_keys(
        pulsar_store: SaveStore, make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each record is replayed the first time it is listed (a second or more for a few
    hundred): the screens say so and read in a worker, and the keys stay live."""
    for seed in (1, 2):
        History(pulsar_store).keep(finished([Seat("Ann"), Seat("Bot", "easy")], seed))
    gate = threading.Event()
    summarise = History.summarise

    def slow(self: History, file: Path) -> RecordSummary:
        assert gate.wait(10), "the test never opened the gate"
        return summarise(self, file)

    monkeypatch.setattr(History, "summarise", slow)
    app = make_app(pulsar_store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("h")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        detail = str(screen.query_one("#record-detail", Static).render())
        assert detail.startswith("Reading 2 finished games")
        await pilot.press("enter")  # nothing to open yet, and the app answers
        await pilot.pause()
        assert isinstance(app.screen, HistoryScreen)
        gate.set()
        await read(app, pilot)
        assert len(screen.rows) == 2 and screen.table.row_count == 2
        await pilot.press("escape", "s")  # read before: Stats has its figures at once
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        assert app.screen.query_one("#stats", DataTable).row_count == 1


def test_the_history_seats_column_shows_whole_names_never_cut() -> None:
    # "You vs Bot 2 …" was cut in the 14 columns of the History at 80 columns.
    def row(*seats: Seat) -> RecordSummary:
        return RecordSummary(path="x", game="neptune", title="Neptune", seats=list(seats),
                             finished_at="")
    two = row(Seat("You"), Seat("Bot 2", "normal"))
    assert seats_column(two, 40) == "You vs Bot 2 (normal)"
    assert seats_column(two, 14) == "You vs Bot 2"
    four = row(Seat("You"), Seat("Bot 2", "hard"), Seat("Bot 3", "easy"), Seat("Bot 4", "easy"))
    assert seats_column(four, 14) == "You + 3 more"


async def test_the_end_of_a_replay_reads_the_turn_count_of_the_history(
        store: SaveStore, make_app: MakeApp) -> None:
    # History said "Turns 30" where the replay's last step said "turn 31".
    rules = get_game("neptune").rules
    session = Session.new(rules, [Seat("You"), Seat("Bot 2", "easy")], 3, default_options(rules))
    play_out(session, 3)
    path = History(store).keep(session)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        view = await open_replay(app, pilot, path)
        await pilot.press("end")
        assert f"turn {session.turn}," in status(view)
        assert History(store).list()[0].turns == session.turn


def test_the_end_of_a_replay_reads_the_turn_the_header_showed_for_the_final_move() -> None:
    """Issue 31: the look-back said "turn 48" where the header said "turn 49": a game won
    in the middle of a turn (Nova Lux: a faction fulfilled) has not counted that turn."""
    from types import SimpleNamespace

    from tui_games.games.nova_lux.bot import NormalBot
    from tui_games.games.nova_lux.turn_lines import top_line

    rules = get_game("nova_lux").rules
    session = Session.new(rules, [Seat("You")], 2, default_options(rules))
    bot = NormalBot(rules, random.Random(2))
    while (seat := session.to_move) is not None:
        header = top_line(session.state, seat, 0, ["You"], 200).split(" · ")[1]
        session.apply(bot.choose(rules.observe(session.state, seat), seat))
    assert "completes their factions" in session.state.end_reason
    line = Timeline(session)
    shown = ReplayView.turn_number(SimpleNamespace(timeline=line, at=line.end))  # type: ignore[arg-type]
    assert header == f"turn {shown}"
