"""Learn to play, by keys at 80x24: every guided game played through, and wrong keys at
every step refused with a sentence while nothing is played (screens/tutorial.py)."""

from __future__ import annotations

import contextlib
import textwrap
from collections.abc import Callable, Sequence

import pytest
from textual.pilot import Pilot
from textual.widgets import Static
from textual.worker import WorkerCancelled
from ui_harness import SIZE

from tui_games.engine.saves import SaveStore
from tui_games.engine.tutorial import Step
from tui_games.games import GameInfo, all_games
from tui_games.games.nebula.state import StepTime
from tui_games.games.neptune.state import Play
from tui_games.games.nova_lux.state import PlaceShip as NovaPlace
from tui_games.games.nova_lux.state import TakeHydrogen as NovaTake
from tui_games.games.via_nebula.state import FreeExplore
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.tutorial import GUIDED_CLASS, SINCE_ROWS, Guide
from tui_games.tui.widgets.log import GameLog
from tui_games.tui.widgets.status import StatusLine

MakeApp = Callable[..., GamesApp]
GUIDED = [info for info in all_games().values() if info.tutorial]

# Each game's action keys: at a step, every one that is not the step's is a wrong key.
ACTION_KEYS = {
    "nebular_colors": ("d", "t", "1", "2", "m", "e", "S", "N", "enter"),
}


def wrong_keys(game: str, step: Step) -> list[tuple[str, ...]]:
    """Key sequences that are not the step's: another game key, or (where Enter does
    every step) another card or answer, then Enter."""
    if game == "nebula":
        keys = [("f",), ("enter",)]
        if isinstance(step.mark, StepTime):  # the other way: a wrong step, or a take back
            keys.append(("left",) if step.mark.step > 0 else ("right",))
        return [k for k in keys if k != step.keys]
    if game == "via_nebula":
        if isinstance(step.mark, FreeExplore):  # the power's list is open: another line
            return [("down", "enter"), ("up", "enter")]
        return [("tab", "tab", "enter", "enter"), ("tab", "enter", "enter")]
    if game == "nova_lux":  # the step's line is highlighted: another line, or (placing the
        # Ark or taking hydrogen, a cell's only line) another cell's
        if isinstance(step.mark, NovaPlace | NovaTake):
            return [("escape", "tab", "enter", "enter")]
        return [("down", "enter"), ("up", "enter")]
    if game == "neptune":
        if isinstance(step.mark, Play):
            return [("right", "enter"), ("left", "enter")]
        return [("down", "enter"), ("up", "enter")]
    if game not in ACTION_KEYS and step.keys == ("enter",) and isinstance(
            getattr(step.mark, "card", None), int):  # a card of the hand: another card
        return [("right", "enter"), ("left", "enter")]
    return [(key,) for key in ACTION_KEYS[game] if key not in step.keys]


def table(app: GamesApp) -> GameScreen:
    screen = next(s for s in reversed(app.screen_stack) if isinstance(s, GameScreen))
    return screen


async def my_turn(pilot: Pilot[None]) -> GameScreen:
    """Let the bots move until the guided player decides (the table on top)."""
    app = pilot.app
    assert isinstance(app, GamesApp)
    for _ in range(300):
        screen = app.screen
        if isinstance(screen, GameScreen) and screen.mine() and screen.bot_thinking is None:
            return screen
        await pilot.pause()
        with contextlib.suppress(WorkerCancelled):
            await app.workers.wait_for_complete()
    raise AssertionError("the bots never gave the turn back")


def guide_of(screen: GameScreen) -> Guide:
    assert screen.guide is not None
    return screen.guide


async def start(pilot: Pilot[None], info: GameInfo) -> GameScreen:
    """From the menu: p, then the game's number in the Learn to play dialog."""
    number = [g.id for g in GUIDED].index(info.id) + 1
    await pilot.press("p")
    await pilot.pause()
    await pilot.press(str(number))
    await pilot.pause()
    screen = await my_turn(pilot)
    assert screen.info.id == info.id and screen.has_class(GUIDED_CLASS)
    return screen


@pytest.mark.parametrize("info", GUIDED, ids=lambda info: info.id)
async def test_every_guided_game_plays_through_by_its_keys(
        info: GameInfo, store: SaveStore, make_app: MakeApp) -> None:
    """Each step's keys do the step; after the last one the game is handed over."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, info)
        guide = guide_of(screen)
        box = screen.query_one("#guide", Static)
        for number, step in enumerate(guide.tutorial.steps):
            screen = await my_turn(pilot)
            assert guide.step == number
            text = str(box.render())
            assert f"Step {number + 1} of" in text
            width, height = box.content_size
            assert len(textwrap.wrap(text, width)) <= height, (number, "the box cuts it")
            log = screen.query_one("#log")
            # Issue 31: the bots' moves stay in view, the log's newest lines under the box.
            assert log.display and 1 <= log.size.height <= SINCE_ROWS and \
                log.region.bottom <= screen.query_one("#game-keys").region.y, number
            await pilot.press(*step.keys)
            await pilot.pause()
            assert guide.step == number + 1, (number, step.text,
                                             str(screen.query_one("#status").render()))
        assert not guide.active
        assert guide.tutorial.screen_farewell in str(box.render())
        # Issue 31: the guided game ends with what wins and what to do next turn, whole.
        width, height = box.content_size
        assert len(textwrap.wrap(guide.tutorial.screen_farewell, width)) <= height, \
            "farewell cut"
        assert "win" in guide.tutorial.farewell and "turn" in guide.tutorial.farewell


@pytest.mark.parametrize("info", GUIDED, ids=lambda info: info.id)
async def test_the_farewell_stays_whole_as_the_game_goes_on_after_the_hand_over(
        info: GameInfo, store: SaveStore, make_app: MakeApp) -> None:
    """Issue 31, played: Nebula's farewell lost its last line ("and place each next to
    one of yours, never linked to its own colour") at the first move after Learn, when
    the log went back to its own height; the log now takes the rows the farewell leaves."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, info)
        guide = guide_of(screen)
        for step in guide.tutorial.steps:
            await my_turn(pilot)
            await pilot.press(*step.keys)
            await pilot.pause()
        box = screen.query_one("#guide", Static)
        for _ in range(4):  # moves of the player's own, and the bots' answers
            for _ in range(300):  # until the player decides again, or a dialog (a round's end)
                if app.screen is not screen or (screen.mine() and screen.bot_thinking is None):
                    break
                await pilot.pause()
            if app.screen is not screen:
                break
            width, height = box.content_size
            assert len(textwrap.wrap(guide.tutorial.screen_farewell, width)) <= height, \
                "farewell cut"
            assert screen.query_one("#log").size.height >= 1
            assert screen.play(screen.legal()[0])
            await pilot.pause()


@pytest.mark.parametrize("info", GUIDED, ids=lambda info: info.id)
async def test_wrong_keys_at_every_step_play_nothing_and_say_why(
        info: GameInfo, store: SaveStore, make_app: MakeApp) -> None:
    """A legal key that is not the step's is refused with a sentence, an illegal one
    too: no action is played, and the step's own keys still work afterwards."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, info)
        guide = guide_of(screen)
        status = screen.query_one("#status", StatusLine)
        for number, step in enumerate(guide.tutorial.steps):
            screen = await my_turn(pilot)
            refused = 0
            hand = getattr(screen, "hand", None)
            alone = len(screen.legal()) == 1 and (hand is None or len(hand.faces) == 1)
            for keys in wrong_keys(info.id, step):
                played = len(screen.session.actions)
                await pilot.press(*keys)
                await pilot.pause()
                if len(screen.session.actions) != played:
                    # Another key for the step's own move (2 takes the right pile, as t;
                    # → stays on the last card)
                    assert step.accepts(screen.session.actions[played]), (number, keys)
                    assert guide.step == number + 1
                    break
                assert app.screen is screen, (number, keys)  # no dialog opened either
                refused += status.has_class("-error")
                assert guide.step == number
                if getattr(screen, "list_open", False) and screen.view().phase != "power":
                    await pilot.press("escape")  # Via Nebula: the refused list closes
                    await pilot.pause()
            else:
                await pilot.press(*step.keys)
                await pilot.pause()
            # (with one card in hand, no key plays anything else)
            assert refused or alone, (number, step.text)
            assert guide.step == number + 1, (number, step.text)


async def test_undo_is_refused_while_guided(store: SaveStore, make_app: MakeApp) -> None:
    """Undo would take the guide out of step: it says so instead."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, GUIDED[0])
        step = guide_of(screen).tutorial.steps[0]
        await pilot.press(*step.keys)
        await pilot.pause()
        await pilot.press("ctrl+z")
        await pilot.pause()
        assert len(screen.session.actions) >= 1
        assert "no undo" in str(screen.query_one("#status").render())


async def test_the_command_palette_offers_learn_to_play_per_game(
        store: SaveStore, make_app: MakeApp) -> None:
    """"Learn to play" in the command palette, for each game that has a guided game."""
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("ctrl+p")
        await pilot.pause(0.3)
        await pilot.press(*f"learn to play: {GUIDED[0].title.lower()}")
        await pilot.pause(0.3)
        await pilot.press("enter")
        screen = await my_turn(pilot)
        assert screen.info.id == GUIDED[0].id and screen.guide is not None


async def play_step(pilot: Pilot[None], keys: Sequence[str]) -> tuple[list[str], str]:
    """Press a step's keys at the player's turn: the log lines since (the player's move
    and each bot's after it, as the table speaks them) and the log's visible rows."""
    screen = await my_turn(pilot)
    before = len(screen.view().log)
    await pilot.press(*keys)
    screen = await my_turn(pilot)
    await pilot.pause()
    said = [screen.speak(text) for event in screen.view().log[before:]
            if (text := event.for_viewer(screen.viewer))]
    return said, " ".join(screen.query_one("#log", GameLog).visible_rows())


@pytest.mark.parametrize("game", ["neptune", "nebular_colors"])
async def test_learn_shows_every_move_since_yours_not_only_the_last(
        game: str, store: SaveStore, make_app: MakeApp) -> None:
    """Issue 31: the step box took the log's room but one line, so of the bots' moves
    only the last showed. Where the step's text leaves the rows, the log shows every line
    since the player's last move: their own, and each bot move after it."""
    info = next(i for i in GUIDED if i.id == game)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, info)
        guide = guide_of(screen)
        seen_more = False
        for step in guide.tutorial.steps[:6]:
            since, rows = await play_step(pilot, step.keys)
            assert [line for line in since if line not in rows] == [], (since, rows)
            seen_more = seen_more or len(since) > 1
        assert seen_more  # a step whose moves took more than the one line the log had


async def test_via_nebula_learn_shows_each_bot_move_since_yours(
        store: SaveStore, make_app: MakeApp) -> None:
    """Issue 31, played at 80x24: before steps 3 and 7 the bot made two moves, and with a
    step box of three lines the log had one row: the bot's D4 site, its F9 craftsman
    "just appeared". The map leaves Via Nebula's box and log six rows with the status
    line: every bot move shows (the player's own, just made, may scroll off)."""
    info = next(i for i in GUIDED if i.id == "via_nebula")
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        screen = await start(pilot, info)
        guide = guide_of(screen)
        most = 0
        for step in guide.tutorial.steps[:-1]:
            said, rows = await play_step(pilot, step.keys)
            bots = [line for line in said if line.startswith("Bot 2 ")]
            assert [line for line in bots if line not in rows] == [], (bots, rows)
            most = max(most, len(bots))
        assert most == 2  # the turns where one line hid a move
