"""Neptune played by keyboard only, against two bots, at 80x24.

A small keyboard player reads the table as a person does (the screen's view and widgets),
picks one of the legal actions, and types it: arrows (or h/l) to reach a card, Enter or
space to play it, up/down and Enter to answer a special card's question, Enter to close
a round summary. Now and then it first tries a dimmed card to see the refusal explained.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable

from textual.pilot import Pilot
from ui_harness import SIZE

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.games.neptune.score_tracker import ScoreTracker, tracker_rows
from tui_games.games.neptune.screen import NeptuneScreen, RoundSummary
from tui_games.games.neptune.state import NeptuneState, Play
from tui_games.games.neptune.trick import TrickArea
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.game_over import GameOverScreen
from tui_games.tui.widgets.action_list import ActionList
from tui_games.tui.widgets.hand import Hand
from tui_games.tui.widgets.status import StatusLine

MakeApp = Callable[..., GamesApp]


def new_session(seed: int) -> Session:
    info = get_game("neptune")
    return Session.new(info.rules, [Seat("Ann"), Seat("Bob", "normal"), Seat("Cy", "easy")],
                       seed, {"specials": "random"})


async def settle(pilot: Pilot[None]) -> None:
    """Let the bots finish thinking and their moves land."""
    app = pilot.app
    for _ in range(300):
        await pilot.pause()
        await app.workers.wait_for_complete()
        await pilot.pause()
        screen = app.screen
        if not isinstance(screen, NeptuneScreen):
            return
        if screen.session.to_move in (None, screen.viewer) and screen.bot_thinking is None:
            return
    raise AssertionError("the bots never gave the turn back")


async def move_cursor_to(pilot: Pilot[None], hand: Hand, key: int) -> None:
    """Arrow keys (and h/l) until the hand's cursor is on the card ``key``."""
    order = [f.key for f in hand.faces]
    steps = order.index(key) - order.index(hand.cursor_key)  # type: ignore[arg-type]
    for i in range(abs(steps)):
        if steps > 0:
            await pilot.press("right" if i % 2 else "l")
        else:
            await pilot.press("left" if i % 2 else "h")
    assert hand.cursor_key == key


class KeyboardPlayer:
    """Chooses among the legal actions of the view it reads, then types them."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.refusals = 0
        self.questions = 0

    async def play_one(self, pilot: Pilot[None], screen: NeptuneScreen) -> None:
        view = screen.view()
        assert isinstance(view, NeptuneState)
        legal = screen.rules.legal_actions(view)
        before = len(screen.session.actions)
        hand = screen.hand
        if view.phase == "play":
            cards = [a.card for a in legal]
            dimmed = [f.key for f in hand.faces if f.dimmed]
            assert sorted(dimmed) == sorted(set(view.hands[screen.viewer]) - set(cards))
            if dimmed and self.rng.random() < 0.3:
                await move_cursor_to(pilot, hand, self.rng.choice(dimmed))
                await pilot.press("enter")
                status = screen.query_one(StatusLine)
                assert status.is_error and "can't be played" in status.text
                assert len(screen.session.actions) == before
                self.refusals += 1
            card = self.rng.choice(cards)
            await move_cursor_to(pilot, hand, card)
            await pilot.press(self.rng.choice(["enter", "space"]))
            assert Play(card) == screen.session.actions[before]
        else:
            choices = screen.query_one("#nep-choices", ActionList)
            assert choices.display and screen.focused is choices
            assert len(choices.texts) == len(legal)
            # Every answer in sight, or as many as neptune.tcss allows (max-height 8 less
            # the border); more scroll.
            assert choices.size.height == min(choices.line_count, 6)
            # The answers lie over the log, just under the status line that asks: the
            # table, the hand and the status line stay where they were.
            status = screen.query_one(StatusLine)
            assert choices.region.y == status.region.bottom
            assert status.region.y == hand.region.bottom
            pick = self.rng.randrange(len(legal))
            for _ in range(pick):
                await pilot.press("down")
            await pilot.press("enter")
            assert screen.session.actions[before] == legal[pick]
            assert not choices.display
            self.questions += 1


async def test_a_whole_three_player_game_by_keyboard_against_two_bots(
        store: SaveStore, make_app: MakeApp) -> None:
    started = time.monotonic()
    app = make_app(store, new_session(seed=4))
    player = KeyboardPlayer(random.Random(2))
    summaries: list[str] = []
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(1000):
            await settle(pilot)
            screen = app.screen
            if isinstance(screen, GameOverScreen):
                break
            if isinstance(screen, RoundSummary):
                summaries.append(screen.title_text)
                await pilot.press("enter")
                continue
            assert isinstance(screen, NeptuneScreen), screen
            await player.play_one(pilot, screen)
        else:
            raise AssertionError("the game did not end")
        table = app.screen_stack[-2]
        assert isinstance(table, NeptuneScreen)
        state = table.session.state
        assert isinstance(state, NeptuneState)
        assert state.phase == "over"
        assert summaries == [f"Round {r} of 5 is over" for r in range(1, state.round)]
        for seat in range(3):
            tracker = table.query_one(f"#nep-score-{seat}", ScoreTracker)
            assert tracker.score == state.scores[seat]
            assert tracker_rows(state.scores[seat])[1] in tracker.render().plain
        assert player.refusals > 0 and player.questions > 0
    assert time.monotonic() - started < 60


async def test_the_trick_shows_each_card_in_play_order_and_the_winning_one(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, new_session(seed=9))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NeptuneScreen)
        state = screen.session.state
        assert isinstance(state, NeptuneState)
        trick = screen.query_one(TrickArea)
        assert trick.border_title == "Trick 1 of 12"
        assert len(trick.seats) == 3
        assert trick.seats[0].name == "Ann" and trick.seats[0].face is None
        assert "▸ to play" in trick.text
        legal = screen.rules.legal_actions(state)
        await move_cursor_to(pilot, screen.hand, legal[0].card)
        await pilot.press("enter")
        await settle(pilot)
        state = screen.session.state
        if state.tricks_done == 0:
            assert trick.seats[0].face is not None
            assert trick.winning is not None and "★" in trick.text
        else:  # the bots finished the trick: it shows until the next card is played
            assert "won it" in trick.text or trick.seats[0].face is not None
