"""Via Nebula played by keyboard only, against the bot, at 80x24.

A keyboard player decides as the `normal` bot would (on the screen's own view) and types
the decision as a person does: it walks the map cursor to the hex (arrows and y u b n,
or Tab to the next hex where it can act), presses Enter to open the hex's actions, ↓ to
the one it wants (the transport chain shows on the map) and Enter. The game is taken
from its start for a few turns, and from a late position to the game-over screen; a
player who leaves mid-turn finds the game exactly where it was with Continue.
"""

from __future__ import annotations

import random
from collections import deque
from collections.abc import Callable

import pytest
from textual.pilot import Pilot
from ui_harness import SIZE, leave_table

from tui_games.engine.codec import to_json
from tui_games.engine.core import Action
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.games.via_nebula.board import CELL
from tui_games.games.via_nebula.bot import NormalBot
from tui_games.games.via_nebula.hexmap import HexMap, neighbour
from tui_games.games.via_nebula.screen import ViaNebulaScreen, action_hexes
from tui_games.games.via_nebula.state import Transport, ViaNebulaState
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.game_over import GameOverScreen
from tui_games.tui.screens.menu import MenuScreen
from tui_games.tui.widgets.status import StatusLine

MakeApp = Callable[..., GamesApp]
MOVES = {"l": 0, "u": 1, "y": 2, "h": 3, "b": 4, "n": 5}
SEATS = [Seat("Ann"), Seat("Bob", "normal")]


def session_at(seed: int, human_turns_left: int | None = None) -> Session:
    """A new game (or, with ``human_turns_left``, one played by two normal bots until the
    first to build has three buildings, then ``human_turns_left`` more of Ann's turns)."""
    rules = get_game("via_nebula").rules
    if human_turns_left is None:
        return Session.new(rules, SEATS, seed, {})
    s = rules.setup(2, seed, {})
    bots = [NormalBot(rules, random.Random(seed + seat)) for seat in (0, 1)]
    actions: list[Action] = []
    while (mover := rules.to_move(s)) is not None:
        if mover == 0 and s.actions_left == 2 and max(map(len, s.built)) >= 3 and s.end_card < 0:
            return Session(rules, SEATS, seed, {}, actions=actions)
        action = bots[mover].choose(rules.observe(s, mover), mover)
        rules.apply(s, action)
        actions.append(action)
    raise AssertionError("the game ended before the late position")


async def settle(pilot: Pilot[None]) -> None:
    """Let the bot finish its turn."""
    app = pilot.app
    for _ in range(400):
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, ViaNebulaScreen):
            return
        if screen.session.to_move in (None, screen.viewer) and screen.bot_thinking is None:
            return
    raise AssertionError("the bot never gave the turn back")


def key_path(start: tuple[int, int], goal: tuple[int, int],
             places: frozenset[tuple[int, int]]) -> list[str]:
    """The fewest of h l y u b n that take the map cursor from ``start`` to ``goal``."""
    seen = {start: []}
    queue = deque([start])
    while queue:
        place = queue.popleft()
        if place == goal:
            return seen[place]
        for key, direction in MOVES.items():
            nxt = neighbour(place, direction)
            if nxt in places and nxt not in seen:
                seen[nxt] = [*seen[place], key]
                queue.append(nxt)
    raise AssertionError(f"no way from {start} to {goal}")


class KeyboardPlayer:
    """Decides like the normal bot on the screen's view, then types the decision."""

    def __init__(self, screen: ViaNebulaScreen, seed: int) -> None:
        self.bot = NormalBot(screen.rules, random.Random(seed))
        self.chains_seen = 0
        self.played = 0

    async def play_one(self, pilot: Pilot[None], screen: ViaNebulaScreen) -> None:
        view = screen.view()
        assert isinstance(view, ViaNebulaState)
        before = len(screen.session.actions)
        action = self.bot.choose(view, screen.viewer)
        hexmap = screen.query_one(HexMap)
        listing = screen.action_list
        if view.phase != "power":
            hexes = action_hexes(action)
            if hexes:
                goal = CELL[hexes[0]]
                for key in key_path(hexmap.cursor, goal, hexmap.places):
                    await pilot.press(key)
            await pilot.press("enter")
        assert listing.has_focus
        while screen.offered[listing.highlighted or 0] != action:
            await pilot.press("down")
        if isinstance(action, Transport):
            caption = hexmap.caption
            assert caption.count("chain") == 1 or action.source in hexes[:1]
            self.chains_seen += 1
        await pilot.press("enter")
        assert screen.session.actions[before] == action, action
        self.played += 1


def _app(store: SaveStore, session: Session) -> GamesApp:
    return GamesApp(store, session=session, bot_delay=0)


@pytest.mark.slow
async def test_a_late_game_is_played_to_the_end_by_keyboard(store: SaveStore) -> None:
    app = _app(store, session_at(11, human_turns_left=0))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ViaNebulaScreen)
        player = KeyboardPlayer(screen, 11)
        for _ in range(200):
            await settle(pilot)
            if not isinstance(app.screen, ViaNebulaScreen) or screen.session.to_move is None:
                break
            await player.play_one(pilot, screen)
        await pilot.pause()
        assert screen.rules.outcome(screen.session.state) is not None
        assert isinstance(app.screen, GameOverScreen)
        assert player.played >= 2, player.played


async def test_the_first_turns_by_keyboard_with_tab_and_a_refusal(store: SaveStore) -> None:
    app = _app(store, session_at(5))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ViaNebulaScreen)
        hexmap = screen.query_one(HexMap)
        await pilot.pause()
        assert hexmap.has_focus and hexmap.caption.startswith("C1: 4 wood")
        await pilot.press("enter")      # C1 holds a special token's resources: no action
        status = screen.query_one("#status", StatusLine)
        assert status.is_error and "Nothing to do at C1" in status.text
        await pilot.press("tab")
        assert hexmap.cursor != CELL[0]
        player = KeyboardPlayer(screen, 5)
        for _ in range(6):
            await settle(pilot)
            await player.play_one(pilot, screen)
        await settle(pilot)
        assert len(screen.session.actions) >= 8


async def test_leaving_mid_turn_and_continuing_finds_the_game_as_it_was(
        store: SaveStore) -> None:
    app = _app(store, session_at(7))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, ViaNebulaScreen)
        player = KeyboardPlayer(screen, 7)
        await pilot.pause()
        await player.play_one(pilot, screen)
        state = screen.session.state
        assert isinstance(state, ViaNebulaState) and state.actions_left == 1
        before = to_json(state)
        await leave_table(pilot)
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("c")
        await pilot.pause()
        resumed = app.screen
        assert isinstance(resumed, ViaNebulaScreen)
        assert to_json(resumed.session.state) == before
        assert resumed.session.to_move == 0
