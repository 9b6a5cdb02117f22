"""Nebular Colors played by keyboard only, against the bots, at 80x24: the first hand of a
match to 4 here, a whole short match in test_nebular_colors_match.py (a file of its own so
the two run in parallel).

A small keyboard player reads the table the way a person does (the screen's view and its
widgets), picks one of the legal actions, and turns it into key presses: arrows to reach
a card, space to select, m to meld, t then arrows/enter or 1/2 for a pile, d, e, S, N.
"""

from __future__ import annotations

import contextlib
import random
from collections.abc import Callable

from textual.pilot import Pilot
from textual.worker import WorkerCancelled
from ui_harness import SIZE

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.games.nebular_colors.screen import HandSummary, NebularColorsScreen
from tui_games.games.nebular_colors.state import (
    Discard,
    Draw,
    EndTurn,
    Meld,
    NCState,
    Nova,
    Stop,
    Take,
)
from tui_games.tui.app import GamesApp
from tui_games.tui.widgets.hand import Hand
from tui_games.tui.widgets.status import StatusLine

MakeApp = Callable[..., GamesApp]


def new_session(bot: str, match: str, seed: int, first: str = "0") -> Session:
    info = get_game("nebular_colors")
    return Session.new(info.rules, [Seat("Ada"), Seat("Bot", bot)], seed,
                       {"match": match, "first": first})


async def settle(pilot: Pilot[None]) -> None:
    """Let bots finish thinking and their moves land (no wait when it is already our turn)."""
    app = pilot.app
    for _ in range(200):
        screen = app.screen
        if not isinstance(screen, NebularColorsScreen):
            await pilot.pause()  # a dialog: the summary between hands, or the game over
            return
        if screen.session.to_move in (None, screen.viewer) and screen.bot_thinking is None:
            return
        await pilot.pause()
        with contextlib.suppress(WorkerCancelled):  # a newer bot move replaced it
            await app.workers.wait_for_complete()
    raise AssertionError("the bot never gave the turn back")


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

    def __init__(self, seed: int, stop_bias: float = 0.8) -> None:
        self.rng = random.Random(seed)  # decisions (replayable without the UI)
        self.keys = random.Random(seed + 1)  # which of the equivalent keys to use
        self.stop_bias = stop_bias
        self.keys_pressed = 0
        self.seen: set[str] = set()

    def choose(self, screen: NebularColorsScreen) -> object:
        view = screen.view()
        assert isinstance(view, NCState)
        legal = screen.rules.legal_actions(view)
        melds = [a for a in legal if isinstance(a, Meld)]
        if melds:
            return self.rng.choice(melds)
        takes = [a for a in legal if isinstance(a, Take)]
        if takes and self.rng.random() < 0.7:
            return self.rng.choice(takes)
        if Stop() in legal:
            return Stop() if self.rng.random() < self.stop_bias else Nova()
        for kind in (Draw, EndTurn):
            if kind() in legal:
                return kind()
        return self.rng.choice(legal)

    async def press(self, pilot: Pilot[None], *keys: str) -> None:
        self.keys_pressed += len(keys)
        await pilot.press(*keys)

    async def play_one(self, pilot: Pilot[None], screen: NebularColorsScreen) -> None:
        action = self.choose(screen)
        hand = screen.hand
        self.seen.add(type(action).__name__)
        before = len(screen.session.actions)
        if isinstance(action, Draw):
            await self.press(pilot, "d")
        elif isinstance(action, Take):
            takes = [a for a in screen.rules.legal_actions(screen.view()) if isinstance(a, Take)]
            if len(takes) == 1 or self.keys.random() < 0.3:
                await self.press(pilot, "t" if len(takes) == 1 else str(action.pile + 1))
            elif self.keys.random() < 0.5:
                await self.press(pilot, "t", str(action.pile + 1))
            else:
                await self.press(pilot, "t")
                focused = screen.focused
                if focused is not screen.pile(action.pile):
                    await self.press(pilot, "right" if action.pile else "left")
                assert screen.focused is screen.pile(action.pile)
                await self.press(pilot, "enter")
        elif isinstance(action, Discard):
            await move_cursor_to(pilot, hand, action.card)
            if self.keys.random() < 0.5:
                await self.press(pilot, str(action.pile + 1))
            else:
                await self.press(pilot, "enter")
                if screen.focused is not hand:  # both piles open: choose one
                    if screen.focused is not screen.pile(action.pile):
                        await self.press(pilot, "right" if action.pile else "left")
                    await self.press(pilot, "enter")
        elif isinstance(action, Meld):
            assert hand.selection == ()
            for card in action.cards:
                await move_cursor_to(pilot, hand, card)
                await self.press(pilot, "space")
            assert set(hand.selection) == set(action.cards)
            await self.press(pilot, "m")
        elif isinstance(action, EndTurn):
            await self.press(pilot, "e")
            if len(screen.session.actions) == before:  # unmelded pile cards: confirm
                assert "penalty" in screen.query_one(StatusLine).text
                await self.press(pilot, "e")
        elif isinstance(action, Stop):
            assert screen.query_one("#nc-prompt").display
            await self.press(pilot, "S")
        elif isinstance(action, Nova):
            await self.press(pilot, "N")
        assert len(screen.session.actions) > before, (
            f"{action} was not played by its keys: {screen.query_one(StatusLine).text}"
            f" focused={screen.focused}")


async def play_until(pilot: Pilot[None], player: KeyboardPlayer,
                     done: Callable[[GamesApp], bool], limit: int = 2000) -> list[str]:
    """Play by keyboard until ``done``; returns the titles of the hand summaries seen."""
    app = pilot.app
    summaries: list[str] = []
    for _ in range(limit):
        await settle(pilot)
        if done(app):
            return summaries
        screen = app.screen
        if isinstance(screen, HandSummary):
            summaries.append(screen._title)
            await pilot.press("enter")
            continue
        assert isinstance(screen, NebularColorsScreen), screen
        await player.play_one(pilot, screen)
    raise AssertionError("the match did not end")


async def test_hands_of_a_match_to_4_against_the_normal_bot(
        store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store, new_session("normal", "4", seed=64, first="1"))
    player = KeyboardPlayer(8, stop_bias=0.5)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, NebularColorsScreen)

        def second_hand(a: GamesApp) -> bool:
            return screen.session.state.hand_no >= 2 and isinstance(a.screen,
                                                                     NebularColorsScreen)

        summaries = await play_until(pilot, player, second_hand)
        state = screen.session.state
        assert len(summaries) == 1 and summaries[0].startswith("Hand 1 is over: ")
        assert state.hand_no == 2 and state.target == 4 and sum(state.fragments) in (1, 2)
        assert "hand 2" in str(screen.query_one("#nc-title").render())
        winner = state.results[0].winner
        tracker = screen.query_one(f"#nc-frag-{winner}")
        assert "●" in str(tracker.render())
        # the new hand starts with the loser of the last one
        assert state.first_player == 1 - winner
        # the hand's cards are all on the table again: 1 each, 2 piles
        assert len(screen.hand.faces) == len(state.hands[0]) >= 1
