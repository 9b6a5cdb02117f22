"""Text from outside (seat names typed or pasted, names and titles from save files) is
shown as typed: never read as markup, never with control characters (issue 11, items 2
and 3)."""

from __future__ import annotations

from collections.abc import Callable

from textual.events import Paste
from textual.widgets import Input, OptionList, Static
from ui_harness import SIZE, pulsar_session, settle

from tui_games.engine.core import Event, default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.game_over import Breakdown, GameOverScreen, headline
from tui_games.tui.screens.handoff import HandoffScreen
from tui_games.tui.screens.names import MAX_NAME, shown_name
from tui_games.tui.screens.new_game import NewGameScreen
from tui_games.tui.widgets.log import GameLog
from tui_games.tui.widgets.status import StatusLine

MakeApp = Callable[..., GamesApp]
MARKUP = "[/x]"
BOLD = "[bold]"
OSC_TITLE = "Eve\x1b]0;pwn\x07"
CLEAR = "Zed\x1b[2J"


def shown(widget: Static) -> str:
    """What a Static shows, as plain text."""
    return str(widget.render())


def test_a_name_from_a_save_is_shown_printable_and_cut() -> None:
    assert shown_name(OSC_TITLE) == "Eve]0;pwn"
    assert shown_name(CLEAR) == "Zed[2J"
    assert shown_name(MARKUP) == MARKUP
    assert len(shown_name("x" * 500)) <= 24


async def test_a_hand_off_to_a_markup_name_shows_it_literally(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session([Seat(MARKUP), Seat(BOLD)]))
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, HandoffScreen)
        title = app.screen.query_one(".handoff-title", Static)
        assert shown(title) == f"Pass to {MARKUP}"


async def test_status_and_log_show_names_from_a_save_plainly_and_without_escapes(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(pulsar_store, pulsar_session([Seat(CLEAR), Seat(OSC_TITLE, "easy")]))
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        screen.show_status(f"{MARKUP} Seat 2 and {BOLD}")  # names go through speak()
        await pilot.pause()
        status = screen.query_one("#status", StatusLine)
        assert shown(status) == f"{MARKUP} Eve]0;pwn and {BOLD}"
        status.update(f"Pass to {CLEAR}", error=True)
        await pilot.pause()
        assert "\x1b" not in shown(status)
        assert shown(status).endswith("Pass to Zed[2J")
        log = screen.query_one("#log", GameLog)
        log.show([Event("Seat 1 waves at Seat 2."), Event(f"odd {CLEAR} line")], 0,
                 screen.seat_names)
        assert log.shown == ["You wave at Eve]0;pwn.", "odd Zed[2J line"]


async def test_game_over_shows_markup_names_literally(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    session = pulsar_session([Seat(MARKUP), Seat(BOLD, "easy")])
    while session.to_move is not None:  # seat 1 marks twice a turn: it wins
        legal = session.rules.legal_actions(session.state)
        session.apply(legal[-1] if session.to_move == 0 else legal[0])
    app = make_app(pulsar_store, session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        assert isinstance(app.screen, GameOverScreen)
        outcome = app.screen.outcome
        winner = session.seats[outcome.winners[0]].name
        assert winner in str(app.screen.query_one("#breakdown", Breakdown).render())
        header = app.screen.query_one("#breakdown", Breakdown).lines(80)[0].plain
        assert MARKUP in header and BOLD in header
        assert headline(outcome, [Seat(OSC_TITLE), Seat(OSC_TITLE)]).count("\x1b") == 0


async def test_a_bot_bug_is_notified_with_its_markup_name_literally(
        pulsar_store: SaveStore, make_app: MakeApp) -> None:
    session = pulsar_session([Seat("You"), Seat(MARKUP, "easy")])
    app = make_app(pulsar_store, session)
    async with app.run_test(size=SIZE) as pilot:
        await settle(app, pilot)
        screen = app.screen
        assert isinstance(screen, GameScreen)

        def broken(view: object, seat: int) -> object:
            raise RuntimeError("bot bug")

        screen.bot_runner.bots[1].choose = broken  # type: ignore[method-assign]
        await pilot.press("e")  # end the turn: the broken bot is to move
        await settle(app, pilot, rounds=2)
        await pilot.pause(0.1)
        messages = [n.message for n in app._notifications]
        assert any(m.startswith(f"{MARKUP} could not choose") for m in messages)
        assert app.is_running


async def test_the_menu_shows_a_save_s_names_without_escapes(
        store: SaveStore, make_app: MakeApp) -> None:
    info = get_game("nebula")
    store.autosave(Session.new(info.rules, [Seat(OSC_TITLE), Seat(CLEAR, "normal")], 3,
                               default_options(info.rules)))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        menu = app.screen.query_one("#menu", OptionList)
        prompt = str(menu.get_option("continue").prompt)
        assert "Eve]0;pwn vs Zed[2J" in prompt
        assert "\x1b" not in prompt and "\x07" not in prompt


async def test_markup_names_are_fine_in_the_new_game_dialog(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        dialog = app.screen
        assert isinstance(dialog, NewGameScreen)
        dialog.query_one("#name-0", Input).value = MARKUP
        dialog.query_one("#name-1", Input).value = MARKUP
        await pilot.pause()
        dialog.action_start()  # the same name twice: refused, the name shown as typed
        await pilot.pause()
        status = dialog.query_one("#status", StatusLine)
        assert status.is_error and f"'{MARKUP}'" in shown(status)
        dialog.query_one("#name-1", Input).value = BOLD
        await pilot.pause()
        dialog.action_start()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.seat_names[:2] == [MARKUP, BOLD]


async def test_control_characters_in_a_typed_name_are_refused_with_a_message(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("n")
        dialog = app.screen
        assert isinstance(dialog, NewGameScreen)
        field = dialog.query_one("#name-0", Input)
        field.focus()
        field.value = ""
        field.post_message(Paste(OSC_TITLE + "x" * 30))
        await pilot.pause()
        await pilot.pause()
        assert "\x1b" not in field.value and "\x07" not in field.value
        assert field.value.startswith("Eve]0;pwn") and len(field.value) <= MAX_NAME
        status = dialog.query_one("#status", StatusLine)
        assert status.is_error and "control characters" in status.text
        dialog.action_start()
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.seats[0].name == field.value


async def test_a_prefilled_name_from_a_save_is_cleaned(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        app.new_game("nebula", [Seat(CLEAR + "y" * 40), Seat("Bot 2", "normal")])
        await pilot.pause()
        field = app.screen.query_one("#name-0", Input)
        assert field.value == ("Zed[2J" + "y" * 40)[:MAX_NAME]
