"""H at the table: a hint from the hard bot, thought out in a worker from the player's own
view, marked on the table and explained on the status line; Esc stops it, a move drops it,
and each seat's count shows at game over."""

from __future__ import annotations

import asyncio
import dataclasses
import functools
import random
import re
import time
from collections.abc import Callable
from typing import Any

import pytest
from ui_harness import PULSAR, SIZE, PulsarState, pulsar_session, settle

from tui_games.engine.bots import hint as engine_hint
from tui_games.engine.bots.ismcts import ISMCTSBot
from tui_games.engine.codec import clone
from tui_games.engine.core import Action, GameState, Rules, default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo, all_games
from tui_games.tui.app import GamesApp
from tui_games.tui.screens import hint as screen_hint
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.game_over import Breakdown, GameOverScreen
from tui_games.tui.widgets.footer import GameFooter
from tui_games.tui.widgets.status import StatusLine

MakeApp = Callable[..., GamesApp]
GAMES = list(all_games())


class SpyBot(ISMCTSBot):
    """The hard bot, keeping every view it was given."""

    seen: list[GameState] = []

    def choose(self, view: GameState, player: int) -> Action:
        SpyBot.seen.append(clone(view))
        return super().choose(view, player)


def pulsar_with_hard(seconds: float) -> GameInfo:
    return dataclasses.replace(PULSAR, bots={**PULSAR.bots,
                                             "hard": SpyBot.factory(seconds=seconds)})


@pytest.fixture
def hard_pulsar(monkeypatch: pytest.MonkeyPatch,
                pulsar_store: SaveStore) -> Callable[[float], SaveStore]:
    """Pulsar Pick with a `hard` level whose search takes ``seconds`` (the hint's own
    time limit replaced by it)."""
    def make(seconds: float) -> SaveStore:
        info = pulsar_with_hard(seconds)
        games = {**all_games(), info.id: info}
        monkeypatch.setattr("tui_games.tui.app.get_game", lambda game_id: games[game_id])
        monkeypatch.setattr(screen_hint, "hint_bot", functools.partial(
            engine_hint.hint_bot, seconds=seconds))
        SpyBot.seen = []
        return SaveStore(pulsar_store.folder, games=games)
    return make


async def wait_for_hint(screen: GameScreen, limit: float = 10.0) -> None:
    began = time.perf_counter()
    while screen.hint_thinking and time.perf_counter() - began < limit:
        await asyncio.sleep(0.02)
    await asyncio.sleep(0.05)


def status(screen: GameScreen) -> str:
    return screen.query_one("#status", StatusLine).text


def footer(screen: GameScreen) -> list[str]:
    return [key.description for key in screen.query_one(GameFooter).keys]


async def test_the_hint_comes_from_the_players_own_view_and_is_counted(
        hard_pulsar: Callable[[float], SaveStore], make_app: MakeApp) -> None:
    store = hard_pulsar(0.1)
    session = pulsar_session([Seat("You"), Seat("Bot 2", "easy")])
    app = make_app(store, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        await pilot.press("d")  # a card in hand: the view hides the rival's, the truth not
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "Hint" in footer(screen)
        await pilot.press("H")
        await wait_for_hint(screen)
        assert status(screen).startswith("Hint: ")
        assert session.hints_used == [1, 0]
        truth = session.state
        assert isinstance(truth, PulsarState)
        assert SpyBot.seen == [PULSAR.rules.observe(truth, 0)]
        assert SpyBot.seen[0] != truth  # the true state was never handed over
        await pilot.press("H")  # the same position: the same hint, not counted again
        await pilot.pause()
        assert status(screen).startswith("Hint: ") and session.hints_used == [1, 0]
        assert len(SpyBot.seen) == 1


async def test_keys_work_while_the_hint_thinks_and_esc_stops_it(
        hard_pulsar: Callable[[float], SaveStore], make_app: MakeApp) -> None:
    store = hard_pulsar(30.0)  # only a stop ends it within the test
    session = pulsar_session([Seat("You"), Seat("Bot 2", "easy")])
    app = make_app(store, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("H")
        await pilot.pause()
        assert screen.hint_thinking and status(screen) == screen_hint.THINKING
        assert "Stop hint" in footer(screen) and "Menu" not in footer(screen)
        await pilot.press("m")  # the table answers while the bot thinks
        await pilot.pause()
        assert session.state.marks == [1, 0]
        assert not screen.hint_thinking  # the move dropped the hint for the old position
        await pilot.press("H")
        await pilot.pause()
        began = time.perf_counter()
        await pilot.press("escape")
        await pilot.pause()
        assert time.perf_counter() - began < 5
        assert app.screen is screen  # Esc stopped the hint, it did not leave the table
        assert not screen.hint_thinking and status(screen).startswith("Hint stopped.")
        assert "Menu" in footer(screen) and "Stop hint" not in footer(screen)
        assert session.hints_used == [0, 0]
        await pilot.press("escape", "escape")  # no hint under way: Esc twice leaves
        await pilot.pause()
        assert app.screen is not screen


async def test_no_hint_while_another_seat_decides(
        hard_pulsar: Callable[[float], SaveStore], make_app: MakeApp) -> None:
    store = hard_pulsar(30.0)  # the bot seat keeps thinking through the test
    session = pulsar_session([Seat("Bot 1", "hard"), Seat("You")])
    app = make_app(store, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen) and screen.bot_thinking == 0
        assert "Hint" not in footer(screen) and not screen.check_action("hint", ())
        await pilot.press("H")
        await pilot.pause()
        assert not screen.hint_thinking and session.hints_used == [0, 0]
        await pilot.press("escape")  # leaves the table, which stops the bot's search


async def test_game_over_shows_the_hints_each_player_used(
        hard_pulsar: Callable[[float], SaveStore], make_app: MakeApp) -> None:
    store = hard_pulsar(0.05)
    session = pulsar_session([Seat("Ada"), Seat("Bot 2", "easy")])
    app = make_app(store, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GameScreen)
        await pilot.press("H")
        await wait_for_hint(screen)
        for _ in range(6):
            if isinstance(app.screen, GameOverScreen):
                break
            await pilot.press("e")
            await settle(app, pilot, rounds=2)
        assert isinstance(app.screen, GameOverScreen)
        body = app.screen.query_one("#breakdown", Breakdown)
        assert "Hints used: Ada 1" in [line.strip() for line in str(body.render()).splitlines()]


def test_the_hints_line_names_only_the_players_at_the_keyboard() -> None:
    assert screen_hint.hints_line([2, 0, 1], ["Ada", "Bot", "Bo"], [0, 2]) == (
        "Hints used: Ada 2, Bo 1")
    assert screen_hint.hints_line([0, 0], ["Bot 1", "Bot 2"], []) == ""


# ---- every game: the hint is a legal move, marked on the table ---------------------------

def fast_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(screen_hint, "hint_bot", functools.partial(
        engine_hint.hint_bot, iterations=24))


def a_decision(rules: Rules[Any, Any], seed: int) -> Session:
    """A human-vs-bot game at the human's decision with a real choice to make."""
    pick = random.Random(seed)
    while True:
        session = Session.new(rules, [Seat("You"), Seat("Bot", "easy")], pick.getrandbits(32),
                              default_options(rules))
        for _ in range(pick.randrange(0, 30)):
            if session.to_move is None:
                break
            session.apply(pick.choice(rules.legal_actions(session.state)))
        if session.to_move == 0 and len(rules.legal_actions(session.state)) > 1:
            return session


@pytest.mark.parametrize("game_id", GAMES)
async def test_every_game_gives_a_legal_hint_and_marks_it(
        game_id: str, store: SaveStore, make_app: MakeApp,
        monkeypatch: pytest.MonkeyPatch) -> None:
    fast_hints(monkeypatch)
    info = all_games()[game_id]
    session = a_decision(info.rules, seed=GAMES.index(game_id))
    app = make_app(store, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.3)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        assert "Hint" in footer(screen)
        marked: list[Action] = []
        original = screen.mark_hint
        monkeypatch.setattr(screen, "mark_hint", lambda a: (marked.append(a), original(a)))
        await pilot.press("H")
        await wait_for_hint(screen)
        assert status(screen).startswith("Hint: "), status(screen)
        # the status line shows the game's own words for it, the same for every front end
        assert screen.hints.shown is not None
        assert status(screen) == engine_hint.hint_text(
            info, screen.view(), screen.viewer, screen.hints.shown, screen.seat_names)
        assert "/100" not in status(screen)
        assert len(marked) == 1 and marked[0] in info.rules.legal_actions(session.state)
        assert session.hints_used == [1, 0]
        assert app.screen is screen
        # Where the table shows the hint is the game's own: checked where a game says how.
        assert MARKED.get(game_id, lambda _s, _a: True)(screen, marked[0]), marked[0]


MarkCheck = Callable[[Any, Action], bool]
MARKED: dict[str, MarkCheck] = {}


def marks(game_id: str) -> Callable[[MarkCheck], MarkCheck]:
    """Register how ``game_id``'s table shows a hinted action."""
    def register(check: MarkCheck) -> MarkCheck:
        MARKED[game_id] = check
        return check
    return register


@marks("nebular_colors")
def _nebular_colors(screen: Any, action: Action) -> bool:
    from tui_games.games.nebular_colors.state import Discard, Meld
    if isinstance(action, Meld):
        return set(screen.hand.selection) == set(action.cards)
    if isinstance(action, Discard):
        return bool(screen.hand.cursor_key == action.card)
    return True  # a key of its own (d, t, e...): the status line names it


@marks("neptune")
def _neptune(screen: Any, action: Action) -> bool:
    from tui_games.games.neptune.state import Play
    return not isinstance(action, Play) or screen.hand.cursor_key == action.card


@marks("nebula")
def _nebula(screen: Any, action: Action) -> bool:
    from tui_games.games.nebula.state import KeepPersonal, PositionStar, StepTime
    if isinstance(action, PositionStar):
        return bool(screen.galaxy.cursor == action.space)
    if isinstance(action, StepTime):
        return bool(screen.clusters.selected == action.cluster)
    if isinstance(action, KeepPersonal):
        options = screen.query_one("#neb-personal")
        return bool(screen._personal_offer[options.highlighted] == action.card)
    return True


def _listed(screen: Any, action: Action, options: list[Any]) -> bool:
    highlighted = screen.action_list.highlighted
    return highlighted is not None and options[highlighted] == action


@marks("via_nebula")
def _via_nebula(screen: Any, action: Action) -> bool:
    return bool(screen.list_open) and _listed(screen, action, screen.offered)


@marks("nova_lux")
def _nova_lux(screen: Any, action: Action) -> bool:
    if action not in screen._entries:
        return True  # a trade: its entry opens the dialog where the amounts are chosen
    return bool(screen.action_list.has_focus) and _listed(screen, action, screen._entries)


@pytest.mark.parametrize("game_id", GAMES)
async def test_the_hint_key_shows_beside_save_and_undo_at_80x24(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    info = all_games()[game_id]
    session = Session.new(info.rules, [Seat("You"), Seat("Bot", "easy")], 5,
                          default_options(info.rules))
    app = make_app(store, session)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause(0.3)
        screen = app.screen
        assert isinstance(screen, GameScreen)
        footer_line = str(screen.query_one(GameFooter).render())
        # In words, or folded with the table's other shared keys when a phase is busy.
        assert re.search(r"(^| )H Hint|\^s\S*H", footer_line), footer_line
        assert re.search(r"\^s( Save)?", footer_line) and "^z" in footer_line, footer_line
