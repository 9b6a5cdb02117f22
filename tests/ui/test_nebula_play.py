"""Nebula played by keyboard only, against a bot, at 80x24.

A keyboard player decides as the `normal` bot would (on the screen's own view) and then
types the decision as a person does: ↑↓ and Enter for the Personal objective; ↑↓ to pick
a Time marker, ←→ to step it and Enter to take the stars (or c, ←→, Enter to Turn to
Chaos); ←→ Enter to keep a drawn star; space to choose the reserve star, arrows to reach a
space and Enter to position it (f to finish); arrows and Enter for a Value token. Now and
then it first tries something the rules refuse and reads the reason on the status line.
"""

from __future__ import annotations

import random
import time
from collections import deque
from collections.abc import Callable

from textual.pilot import Pilot
from ui_harness import SIZE

from tui_games.engine.codec import clone
from tui_games.engine.core import Action
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.games.nebula.board import (
    COMPACT_LAYOUT,
    LARGE_LAYOUT,
    SPACES,
    space_in_direction,
)
from tui_games.games.nebula.bot import NormalBot
from tui_games.games.nebula.reserve import StarRow
from tui_games.games.nebula.screen import NebulaScreen
from tui_games.games.nebula.state import (
    BLACK,
    AdvanceValue,
    FinishPositioning,
    KeepPersonal,
    KeepStar,
    NebulaState,
    PositionBlackStar,
    PositionStar,
    StepTime,
    TakeStars,
    TurnToChaos,
)
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.game_over import GameOverScreen
from tui_games.tui.widgets.log import GameLog
from tui_games.tui.widgets.status import StatusLine

MakeApp = Callable[..., GamesApp]
ARROWS = {"up": (-1, 0), "down": (1, 0), "left": (0, -1), "right": (0, 1)}


def new_session(seed: int, mode: str = "full") -> Session:
    info = get_game("nebula")
    return Session.new(info.rules, [Seat("Ann"), Seat("Bob", "normal")], seed, {"mode": mode})


async def settle(pilot: Pilot[None]) -> None:
    """Let the bot finish its turn."""
    app = pilot.app
    for _ in range(400):
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, NebulaScreen):
            return
        if screen.session.to_move in (None, screen.viewer) and screen.bot_thinking is None:
            return
    raise AssertionError("the bot never gave the turn back")


def arrow_path(start: int, goal: int, large: bool) -> list[str]:
    """The arrow keys that take the Galaxy cursor from ``start`` to ``goal``."""
    layout = LARGE_LAYOUT if large else COMPACT_LAYOUT
    seen: dict[int, list[str]] = {start: []}
    queue = deque([start])
    while queue:
        space = queue.popleft()
        if space == goal:
            return seen[space]
        for key, (dr, dc) in ARROWS.items():
            nxt = space_in_direction(layout, space, dr, dc)
            if nxt not in seen:
                seen[nxt] = [*seen[space], key]
                queue.append(nxt)
    raise AssertionError(f"no way from {start} to {goal}")


class KeyboardPlayer:
    """Decides like the normal bot on the screen's view, then types the decision."""

    def __init__(self, screen: NebulaScreen, rng: random.Random) -> None:
        self.rules = screen.rules
        self.bot = NormalBot(self.rules, random.Random(rng.random()))
        self.rng = rng
        self.refusals = 0
        self.chaos = 0
        self.placed = 0

    async def play_one(self, pilot: Pilot[None], screen: NebulaScreen) -> None:
        view = screen.view()
        assert isinstance(view, NebulaState)
        seat = screen.viewer
        before = len(screen.session.actions)
        action = self.bot.choose(view, seat)
        if view.phase == "personal":
            await self._personal(pilot, screen, view, action)
        elif view.phase in ("collect", "time"):
            await self._collect(pilot, screen, view, action)
            return  # several actions: checked inside
        elif view.phase == "chaos":
            assert isinstance(action, KeepStar)
            await self._star_row(pilot, screen.query_one("#neb-drawn", StarRow), action.star)
            await pilot.press("enter")
        elif view.phase == "place":
            await self._place(pilot, screen, view, action)
        elif view.phase == "value":
            assert isinstance(action, AdvanceValue)
            assert screen.focused is screen.values and screen.pane == "values"
            while screen.values.cursor != action.token:
                await pilot.press("down")
            await pilot.press("enter")
        assert screen.session.actions[before] == action, (view.phase, action)

    async def _personal(self, pilot: Pilot[None], screen: NebulaScreen, view: NebulaState,
                        action: Action) -> None:
        assert isinstance(action, KeepPersonal) and screen.pane == "personal"
        offer = view.personal_offer[screen.viewer]
        for _ in range(offer.index(action.card)):
            await pilot.press("down")
        await pilot.press("enter")

    async def _collect(self, pilot: Pilot[None], screen: NebulaScreen, view: NebulaState,
                       first: Action) -> None:
        before = len(screen.session.actions)
        chaos = [a for a in self.rules.legal_actions(view) if isinstance(a, TurnToChaos)]
        if chaos and self.rng.random() < 0.3:  # the bot seldom does: try it anyway
            first = self.rng.choice(chaos)
        if isinstance(first, TurnToChaos):
            await pilot.press("c")
            assert screen.focused is screen.reserve
            await self._star_row(pilot, screen.reserve, first.star)
            await pilot.press("enter")
            assert screen.session.actions[before:] == [first]
            self.chaos += 1
            return
        # The bot's whole investment; each arrow plays one step, Enter takes the stars.
        probe, steps = clone(view), []
        action = first
        while isinstance(action, StepTime):
            steps.append(action)
            self.rules.apply(probe, action)
            action = self.bot.choose(probe, screen.viewer)
        assert isinstance(action, TakeStars)
        clusters = screen.clusters
        assert screen.focused is clusters and clusters.points_left == 5
        assert clusters.selected == 0  # every turn starts on the top ring
        if self.rng.random() < 0.3:  # Enter too early: the rules say why
            await pilot.press("enter")
            self.refusals += self._refused(screen, "spend all 5 time steps")
        for cluster in range(3):
            moves = [s.step for s in steps if s.cluster == cluster]
            if not moves:
                continue
            while clusters.selected != cluster:
                await pilot.press(self.rng.choice(["down", "j"]))
            for step in moves:
                await pilot.press("right" if step > 0 else "left")
        assert clusters.points_left == 0
        if self.rng.random() < 0.3 and any(clusters.plan[c] == 0 for c in range(3)):
            # A sixth step is refused; the opposite arrow takes one back for free.
            idle = next(c for c in range(3) if clusters.plan[c] == 0)
            while clusters.selected != idle:
                await pilot.press("up")
            await pilot.press("right")
            self.refusals += self._refused(screen, "no time steps are left")
        expected_take = clusters.preview()
        await pilot.press("enter")
        played = screen.session.actions[before:]
        assert played[-1] == TakeStars()
        assert sorted(map(repr, played[:-1])) == sorted(map(repr, steps))
        taken = [s for s in expected_take if s >= 0]
        state = screen.session.state
        assert isinstance(state, NebulaState)
        assert sum(state.reserves[screen.viewer]) >= len(taken)

    async def _place(self, pilot: Pilot[None], screen: NebulaScreen, view: NebulaState,
                     action: Action) -> None:
        if isinstance(action, FinishPositioning):
            await pilot.press("f")
            return
        star = BLACK if isinstance(action, PositionBlackStar) else action.star  # type: ignore[attr-defined]
        for _ in range(8):
            if screen.reserve.cursor == star:
                break
            await pilot.press("space")
        assert screen.reserve.cursor == star
        if isinstance(action, PositionStar):
            legal = {a.space for a in self.rules.legal_actions(view)
                     if isinstance(a, PositionStar) and a.star == star}
            assert screen.galaxy.legal == legal
            wrong = [sp for sp in range(25) if sp not in legal]
            if wrong and self.rng.random() < 0.25:
                for key in arrow_path(screen.galaxy.cursor, self.rng.choice(wrong),
                                      screen.galaxy.large):
                    await pilot.press(key)
                await pilot.press("enter")
                self.refusals += self._refused(screen, "")
            for key in arrow_path(screen.galaxy.cursor, action.space, screen.galaxy.large):
                await pilot.press(key)
            assert screen.galaxy.cursor == action.space
            # The space is named where the player looks: on the board and the status line.
            name = SPACES[action.space]
            assert f"at {name}" in screen.galaxy.render().plain
            assert f"→ {name}" in screen.query_one(StatusLine).text
            if view.galaxies[screen.viewer][action.space] >= 0:
                await pilot.press("enter")  # replacing one of your stars asks again
        await pilot.press("enter")
        self.placed += 1
        if isinstance(action, PositionStar):
            assert f"on {SPACES[action.space]}." in screen.query_one(GameLog).shown[-1]

    async def _star_row(self, pilot: Pilot[None], row: StarRow, star: int) -> None:
        for _ in range(8):
            if row.cursor == star:
                return
            await pilot.press("right")
        assert row.cursor == star

    @staticmethod
    def _refused(screen: NebulaScreen, words: str) -> int:
        status = screen.query_one(StatusLine)
        assert status.is_error and words in status.text.lower(), status.text
        return 1


async def test_a_whole_two_player_game_by_keyboard_against_the_normal_bot(
        store: SaveStore, make_app: MakeApp) -> None:
    started = time.monotonic()
    app = make_app(store, new_session(seed=7))
    async with app.run_test(size=SIZE) as pilot:
        screen = app.screen
        assert isinstance(screen, NebulaScreen)
        player = KeyboardPlayer(screen, random.Random(5))
        for _ in range(2000):
            await settle(pilot)
            if isinstance(app.screen, GameOverScreen):
                break
            assert app.screen is screen
            await player.play_one(pilot, screen)
        else:
            raise AssertionError("the game did not end")
        over = app.screen
        assert isinstance(over, GameOverScreen)
        state = screen.session.state
        assert isinstance(state, NebulaState) and state.phase == "over"
        # the score pad's lines (the rows indented under them explain each one)
        assert [label for label, _ in over.outcome.breakdown[0]
                if not label.startswith("  ")] == [
            "Personal objective", "Career objectives", "Black stars", "Constellations",
            "Stars in the Galaxy", "Advanced objectives"]
        assert "Seat" not in over.outcome.reason
        assert any(name in over.outcome.reason for name in ("Ann", "Bob"))
        assert player.refusals > 0 and player.placed > 0 and player.chaos > 0
    assert time.monotonic() - started < 90
