"""The GameScreen base, driven through Pulsar Pick (tests/ui/pulsar.py): playing,
refusals, undo, bots in a worker, autosave, ctrl+s, hand-off and the game-over screen."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from textual.widgets import Input, OptionList
from ui_harness import (
    PULSAR,
    SIZE,
    PulsarEnd,
    PulsarScreen,
    leave_table,
    pulsar_session,
    settle,
)

from tui_games.engine.core import Action, Event, GameState
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.game_over import GameOverScreen
from tui_games.tui.screens.handoff import HandoffScreen
from tui_games.tui.screens.leaving import LeaveGuard
from tui_games.tui.screens.menu import MenuScreen
from tui_games.tui.screens.rules import RulesScreen
from tui_games.tui.screens.save_name import SaveNameScreen
from tui_games.tui.widgets.footer import GameFooter
from tui_games.tui.widgets.log import GameLog
from tui_games.tui.widgets.status import StatusLine

MakeApp = Callable[..., GamesApp]
SOLO = [Seat("You"), Seat("Bot 2", "easy")]
HOT_SEAT = [Seat("Ana"), Seat("Bo")]


def status(app: GamesApp) -> StatusLine:
    return app.screen.query_one("#status", StatusLine)


async def test_play_shows_the_move_in_the_log_and_status(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PulsarScreen)
        assert status(app).text == "You: d draw, m mark, e end turn"
        await pilot.press("m")
        assert app.screen.query_one(GameLog).shown[-1] == "seat 0 made a mark"
        assert not status(app).is_error


async def test_an_illegal_choice_is_explained_on_the_status_line(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "d")
        assert status(app).is_error
        assert status(app).text == "✗ You already drew a card this turn."
        assert len(app.screen.session.actions) == 1


async def test_undo_takes_back_a_mark_but_not_a_draw(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, PulsarScreen)
        await pilot.press("ctrl+z")
        assert status(app).text == "✗ Nothing to undo yet."
        await pilot.press("m", "ctrl+z")
        assert screen.session.actions == []
        assert status(app).text.startswith("Undone: make a mark.")
        await pilot.press("d", "ctrl+z")
        assert len(screen.session.actions) == 1
        assert "revealed new cards" in status(app).text
        assert status(app).is_error


async def test_the_bot_plays_in_a_worker_and_its_turn_is_autosaved(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    session = pulsar_session(SOLO)
    app = make_app(pulsar_store, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("e")  # the human ends turn 1: autosave, then the bot plays
        await settle(app, pilot)
        assert session.turn == 2
        assert session.to_move == 0
        [summary] = pulsar_store.list()
        assert summary.turn >= 1 and summary.error is None


async def test_the_autosave_waits_for_the_moves_frame(
        pulsar_store: SaveStore, make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """Writing the autosave syncs a file to disk: the move that ends a turn is drawn
    first, and the save follows (one for the turns completed meanwhile). An instant
    bot answers after the player's move is drawn, so its turn gets a save of its own."""
    saved: list[int] = []
    autosave = SaveStore.autosave

    def watched(self: SaveStore, session: Session) -> Path:
        saved.append(len(session.actions))
        return autosave(self, session)

    monkeypatch.setattr(SaveStore, "autosave", watched)
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PulsarScreen)
        assert screen.play(PulsarEnd())  # the human ends turn 1
        assert saved == []  # not while the move waits to be drawn
        await settle(app, pilot)
        assert saved == [1, len(screen.session.actions)]  # the human's turn, the bot's
        [summary] = pulsar_store.list()
        assert summary.turn >= 1 and summary.error is None


async def test_a_turns_autosave_waits_for_the_frame_that_shows_the_move(
        pulsar_store: SaveStore, make_app: MakeApp, monkeypatch: pytest.MonkeyPatch) -> None:
    """The autosave syncs its file to disk: the player sees the move first (the write
    follows a frame drawn after the key), and the file then holds the turn."""
    frames: list[int] = [0]
    at_save: list[int] = []
    app = make_app(pulsar_store, pulsar_session(SOLO))
    shown = app.post_display_hook

    def counted() -> None:
        frames[0] += 1
        shown()

    app.post_display_hook = counted  # type: ignore[method-assign]
    autosave = SaveStore.autosave

    def watched(self: SaveStore, session: Session) -> Path:
        at_save.append(frames[0])
        return autosave(self, session)

    monkeypatch.setattr(SaveStore, "autosave", watched)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        before = frames[0]
        await pilot.press("e")  # the human ends turn 1
        await settle(app, pilot)
        assert at_save and at_save[0] > before
        [summary] = pulsar_store.list()
        assert summary.turn >= 1 and summary.error is None


async def test_keys_on_a_bot_turn_are_refused_while_it_thinks(
        pulsar_store: SaveStore, make_app: MakeApp,
        pulsar_games: dict[str, GameInfo]) -> None:
    gate = threading.Event()

    class GatedBot:
        """Ends its turn once the test opens the gate."""

        def __init__(self, rules: object, rng: random.Random) -> None:
            pass

        def choose(self, view: GameState, player: int) -> Action:
            gate.wait(5)
            return PulsarEnd()

    pulsar_games["pulsar"] = GameInfo(rules=PULSAR.rules, screen=PULSAR.screen,
                                      bots={"easy": GatedBot})
    session = pulsar_session([Seat("Bot 1", "easy"), Seat("You")])
    app = make_app(pulsar_store, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert status(app).text == "Bot 1 is thinking..."
        await pilot.press("m")
        assert status(app).text == "✗ Wait: Bot 1 is thinking."
        assert session.actions == []
        gate.set()
        await settle(app, pilot)
        assert session.actions == [PulsarEnd()]
        assert status(app).text == "You: d draw, m mark, e end turn"


async def test_escape_autosaves_and_continue_resumes(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await leave_table(pilot, "m")
        assert isinstance(app.screen, MenuScreen)
        [summary] = pulsar_store.list()
        assert summary.title == "Pulsar Pick"
        await pilot.press("c")
        await pilot.pause()
        assert isinstance(app.screen, PulsarScreen)
        assert app.screen.session.state.marks == [1, 0]


async def test_a_first_escape_at_the_top_level_only_warns_and_a_second_leaves(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    """Issue 19: an Esc too many (closing a list) left the table, and the keys after it
    landed on the menu. The first Esc says so on the status line; the second leaves."""
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        assert isinstance(app.screen, PulsarScreen)
        assert status(app).text == "Esc again to leave; the game is saved."
        await pilot.press("escape")
        assert isinstance(app.screen, MenuScreen)


async def test_any_other_key_takes_back_the_leave_notice(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape", "x")  # x: no key of the table
        assert status(app).text == "You: d draw, m mark, e end turn"
        await pilot.press("escape", "m", "escape")  # a key that plays: its own status
        assert isinstance(app.screen, PulsarScreen)
        assert status(app).text == "Esc again to leave; the game is saved."
        assert app.screen.session.state.marks == [1, 0]


async def test_the_leave_notice_goes_after_a_few_seconds(
        pulsar_store: SaveStore, make_app: MakeApp,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(LeaveGuard, "SECONDS", 0.05)
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("escape")
        await pilot.pause(0.3)
        assert status(app).text == "You: d draw, m mark, e end turn"
        await pilot.press("escape")  # a first Esc again, long after the other
        assert isinstance(app.screen, PulsarScreen)


async def test_the_leave_notice_stays_up_while_a_bot_plays_and_what_it_said_follows(
        pulsar_store: SaveStore, make_app: MakeApp,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 31 (Nebular Colors in tmux): an Esc as the turn passed showed the notice,
    at once replaced by "Bot 2 is thinking...": the Esc seemed to do nothing, and the
    next one left the table unwarned. The notice stays while it counts; what the table
    said meanwhile shows when it goes."""
    monkeypatch.setattr(LeaveGuard, "SECONDS", 0.3)
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, PulsarScreen)
        await pilot.press("escape")
        screen.show_status("Bot 2 is thinking...")  # what the bot runner says
        await pilot.pause()
        assert status(app).text == "Esc again to leave; the game is saved."
        await pilot.pause(0.6)
        assert status(app).text == "Bot 2 is thinking..."
        await pilot.press("escape")
        screen.show_status("You: d draw, m mark, e end turn")
        await pilot.press("x")  # any other key: the notice goes, the latest status shows
        assert status(app).text == "You: d draw, m mark, e end turn"
        assert isinstance(app.screen, PulsarScreen)


async def test_ctrl_s_saves_under_the_name_typed(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "ctrl+s")
        assert isinstance(app.screen, SaveNameScreen)
        field = app.screen.query_one("#save-name", Input)
        assert field.value.startswith("Pulsar Pick ")
        field.value = "my move"
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, PulsarScreen)
        assert (Path(pulsar_store.folder) / "my_move.json").exists()
        await pilot.press("ctrl+s")
        assert app.screen.query_one("#save-name", Input).value == "my move"
        await pilot.press("escape")
        assert isinstance(app.screen, PulsarScreen)


async def test_question_mark_opens_the_rules_of_this_game(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("question_mark")
        assert isinstance(app.screen, RulesScreen)
        assert app.screen.info is not None and app.screen.info.id == "pulsar"
        await pilot.press("escape")
        await pilot.press("f1")
        assert isinstance(app.screen, RulesScreen)


async def test_hot_seat_hands_off_between_humans(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    session = pulsar_session(HOT_SEAT)
    app = make_app(pulsar_store, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        assert app.screen.player == "Ana"
        await pilot.press("enter")
        screen = app.screen
        assert isinstance(screen, PulsarScreen)
        await pilot.press("d", "e")
        assert isinstance(app.screen, HandoffScreen)
        assert app.screen.player == "Bo"
        assert screen.viewer == 0  # Ana's view until Bo says he is ready
        await pilot.press("enter")
        assert screen.viewer == 1
        # Bo sees that Ana drew, not what she drew.
        assert screen.query_one(GameLog).shown[0] == "seat 0 drew a card"


async def test_game_over_shows_the_breakdown_and_rematch_starts_again(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    session = pulsar_session(SOLO)
    app = make_app(pulsar_store, session)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(2):
            await pilot.press("m", "m", "e")
            await settle(app, pilot)
        assert isinstance(app.screen, GameOverScreen)
        text = str(app.screen.query_one("#breakdown").render())
        assert "wins" in text or "share" in text
        assert pulsar_store.list() == []  # a finished game is not left to Continue
        await pilot.press("r")
        await pilot.pause()
        assert isinstance(app.screen, PulsarScreen)
        assert app.screen.session is not session
        assert app.screen.session.seats == session.seats
        assert [type(s).__name__ for s in app.screen_stack] == ["MenuScreen", "PulsarScreen"]


async def test_game_over_menu_goes_back_to_the_menu(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    session = pulsar_session([Seat("Bot 1", "easy"), Seat("Bot 2", "normal")])
    app = make_app(pulsar_store, session)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(100):
            await settle(app, pilot)
            if isinstance(app.screen, GameOverScreen):
                break
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("m")
        assert isinstance(app.screen, MenuScreen)


async def test_quitting_mid_game_autosaves_it(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("m", "ctrl+q")
        await pilot.pause()
    [summary] = pulsar_store.list()
    assert pulsar_store.load(summary.path).state.marks == [1, 0]


async def test_hot_seat_starts_covered_even_when_a_bot_moves_first(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    session = pulsar_session([Seat("Bot 1", "easy"), Seat("Ana"), Seat("Bo")])
    app = make_app(pulsar_store, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen) and app.screen.player == "Ana"
        assert session.actions == []  # nothing moves while the table is covered
        await pilot.press("enter")
        await settle(app, pilot, rounds=5)
        assert session.actions  # then the bot plays


async def test_a_failing_bot_is_reported_and_the_game_goes_on(
        pulsar_store: SaveStore, make_app: MakeApp,
        pulsar_games: dict[str, GameInfo]) -> None:
    class BrokenBot:
        """Raises instead of choosing."""

        def __init__(self, rules: object, rng: random.Random) -> None:
            pass

        def choose(self, view: GameState, player: int) -> Action:
            raise RuntimeError("bot bug")

    pulsar_games["pulsar"] = GameInfo(rules=PULSAR.rules, screen=PULSAR.screen,
                                      bots={"easy": BrokenBot})
    session = pulsar_session([Seat("Bot 1", "easy"), Seat("You")])
    app = make_app(pulsar_store, session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot, rounds=2)
        assert session.actions  # a legal move was played for the bot
        assert any("could not choose" in n.message for n in app._notifications)
        assert app.is_running


async def test_the_command_palette_saves_the_game_on_the_table(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p", *"save game")
        await pilot.pause(0.3)
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, SaveNameScreen)


async def test_the_command_palette_offers_only_what_a_player_can_use(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    """Issue 19: it listed Textual's "Maximize the focused widget" and "Screenshot"."""
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        results = app.screen.query_one("CommandList", OptionList)
        shown = " | ".join(str(option.prompt) for option in results.options)
        for wanted in ("Save game", "Rules: Pulsar Pick", "Theme", "Keys", "Quit"):
            assert wanted in shown, shown
        for unwanted in ("Maximize", "Minimize", "Screenshot", "as soon as possible"):
            assert unwanted not in shown, shown


async def test_no_table_key_acts_behind_the_too_small_notice(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, PulsarScreen)
        await pilot.resize_terminal(60, 20)
        await pilot.pause()
        await pilot.press("m", "d", "tab", "question_mark")
        await pilot.pause()
        assert app.screen.session.actions == [] and isinstance(app.screen, PulsarScreen)
        await pilot.resize_terminal(*SIZE)
        await pilot.pause()
        await pilot.press("m")
        assert len(app.screen.session.actions) == 1


async def test_page_keys_scroll_the_log_and_end_comes_back_to_the_newest(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    """Issue 19: "PageUp does nothing, so most of a bot's last turn is gone"."""
    app = make_app(pulsar_store, pulsar_session(SOLO))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        log = app.screen.query_one(GameLog)
        log.show([Event(f"line {n}") for n in range(30)])  # a long bot turn, say
        await pilot.pause()
        assert len(log.shown) > log.content_size.height and log.newest_in_sight
        await pilot.press("pageup")
        assert not log.newest_in_sight
        assert log.visible_rows()[-1] == "line 26"  # a page back (the last row says so)
        await pilot.press("pagedown")
        assert log.newest_in_sight
        await pilot.press("home")
        assert log.visible_rows()[0] == "line 0"
        await pilot.press("end")
        assert log.newest_in_sight
        footer = app.screen.query_one(GameFooter)
        [entry] = [key for key in footer.drawn if key.description == "Log"]
        assert entry.display == "PgUp/Dn"
        assert entry.covers == ("pageup", "pagedown", "home", "end")
