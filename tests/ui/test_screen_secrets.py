"""What the screen shows, for every registered game (issue 33): in hot-seat, the table a
player sees after the hand-off is the one a fresh table shows them at that position, so
no cursor, selection or hidden card of the player before carries over to them; and the
table shown to a seat is the same whatever the cards it cannot see are (it is drawn from
its observation only, so it cannot name another seat's hidden card, tile or objective)."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from textual.geometry import Region
from ui_harness import SIZE, open_replay, play_out

from tui_games.engine.codec import to_json
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo, all_games
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.handoff import HandoffScreen

MakeApp = Callable[..., GamesApp]
HAND_OFFS = 3  # viewers looked at per game after a hand-off
# Keys a player presses before the move: cursor moves and selections that must not stay.
FIDGET = ("right", "right", "down", "space", "right")
OTHER_TRUTHS: list[bool] = []  # per other truth shown: whether it differed from the real one


def screen_text(app: GamesApp) -> list[str]:
    """Every visible widget's rendered lines, top to bottom."""
    lines: list[str] = []
    widgets = sorted(app.screen.query("*"), key=lambda w: (w.region.y, w.region.x))
    for widget in widgets:
        if widget.region.area == 0 or not widget.display or not widget.visible:
            continue
        width, height = widget.size
        strips = widget.render_lines(Region(0, 0, width, height))
        lines += [f"{type(widget).__name__}: {strip.text.rstrip()}" for strip in strips
                  if strip.text.strip()]
    return lines


def hot_seat(info: GameInfo, seed: int) -> Session:
    seats = [Seat(f"P{i + 1}") for i in range(info.quick_seats())]
    return Session.new(info.rules, seats, seed, info.quick_options())


async def table_after_hand_off(app: GamesApp, pilot: Any) -> GameScreen:
    """Press past a hand-off screen, if one covers the table, and return the table."""
    await pilot.pause()
    if isinstance(app.screen, HandoffScreen):
        await pilot.press("enter")
    for _ in range(3):  # the table, then its footer and the fitting of its parts
        await pilot.pause()
    screen = app.screen
    assert isinstance(screen, GameScreen), screen
    return screen


async def fresh_text(make_app: MakeApp, store: SaveStore, info: GameInfo, seed: int,
                     actions: list[Any], other_truth: bool = False) -> list[str]:
    """The table a fresh app shows the player to move after ``actions``; with
    ``other_truth``, at a state that player cannot tell from the real one (the cards
    they cannot see dealt otherwise)."""
    session = hot_seat(info, seed)
    for action in actions:
        session.apply(action)
    if other_truth:
        seat = session.to_move
        assert seat is not None
        view = info.rules.observe(session.state, seat)
        truth = session.state
        session.state = info.rules.determinize(view, seat, random.Random(len(actions)))
        assert info.rules.observe(session.state, seat) == view
        OTHER_TRUTHS.append(to_json(session.state) != to_json(truth))
    app = make_app(store, session)
    async with app.run_test(size=SIZE) as pilot:
        await table_after_hand_off(app, pilot)
        return screen_text(app)


@pytest.mark.parametrize("game_id", sorted(all_games()))
async def test_after_a_hand_off_the_table_is_the_one_a_fresh_table_shows(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    info = all_games()[game_id]
    seed = 7
    session = hot_seat(info, seed)
    rng = random.Random(seed)
    seen: list[tuple[int, list[Any], list[str]]] = []
    app = make_app(store, session)
    async with app.run_test(size=SIZE) as pilot:
        screen = await table_after_hand_off(app, pilot)
        moves = 0
        while len(seen) < HAND_OFFS and session.to_move is not None and moves < 400:
            await pilot.press(*FIDGET)
            await pilot.pause()
            if isinstance(app.screen, GameScreen) and session.to_move == screen.viewer:
                screen.play(rng.choice(info.rules.legal_actions(session.state)))
                await pilot.pause()
            if isinstance(app.screen, HandoffScreen):
                screen = await table_after_hand_off(app, pilot)
                seen.append((screen.viewer, list(session.actions), screen_text(app)))
            elif not isinstance(app.screen, GameScreen):
                await pilot.press("escape")  # a dialog a key opened
                await pilot.pause()
            moves += 1
    assert seen, "no hand-off between the players"
    OTHER_TRUTHS.clear()
    for viewer, actions, shown in seen:
        fresh = await fresh_text(make_app, store, info, seed, actions)
        changed = [line for line in shown if line not in fresh]
        assert shown == fresh, (f"P{viewer + 1}'s table after the hand-off differs from a "
                                f"fresh one: {changed}")
        other = await fresh_text(make_app, store, info, seed, actions, other_truth=True)
        told = [line for line in fresh if line not in other]
        assert fresh == other, (f"P{viewer + 1}'s table changes with the cards they cannot "
                                f"see: {told}")
    assert any(OTHER_TRUTHS), "no other truth differed: the check looked at nothing hidden"


async def test_a_hand_of_another_owner_starts_afresh() -> None:
    """The hand widget kept across viewers: player 2 never finds player 1's cursor or
    selection; the same owner's hand keeps them when its cards change."""
    from textual.app import App, ComposeResult

    from tui_games.tui.widgets.card import CardFace
    from tui_games.tui.widgets.hand import Hand

    def faces(*keys: int) -> list[CardFace]:
        return [CardFace(key, f"C{key}", rank=key) for key in keys]

    class OneHand(App[None]):
        def compose(self) -> ComposeResult:
            yield Hand([], selectable=True)

    app = OneHand()
    async with app.run_test(size=SIZE) as pilot:
        hand = app.query_one(Hand)
        hand.set_cards(faces(1, 2, 3), owner=0)
        hand.move_cursor_to(3)
        hand.select([2, 3])
        hand.set_cards(faces(2, 3, 4), owner=0)
        await pilot.pause()
        assert hand.cursor_key == 3 and hand.selection == (2, 3)
        hand.set_cards(faces(5, 6, 7), owner=1)
        await pilot.pause()
        assert hand.cursor_key == 5 and hand.selection == ()
        hand.set_cards(faces(2, 3, 4), owner=0)  # the same cards, another owner again
        assert hand.cursor_key == 2 and hand.selection == ()


@pytest.mark.parametrize("game_id", sorted(all_games()))
async def test_a_replays_seat_and_spectator_views_keep_nothing_of_the_view_before(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    """A hot-seat record replayed: at a few positions, each viewpoint (every seat, then a
    spectator) shows the same table on a second round of ``v`` as on the first, so no
    viewpoint keeps a cursor, a selection or a card of the one shown before."""
    from tui_games.engine.records import History

    info = all_games()[game_id]
    session = hot_seat(info, 5)
    play_out(session, 5)
    path = History(store).keep(session)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        view = await open_replay(app, pilot, path)
        for step in range(4):
            await pilot.press(*["right"] * (3 + 7 * step))
            rounds: list[list[tuple[object, list[str]]]] = [[], []]
            for shown in rounds:
                for _ in range(len(view.viewpoints())):
                    await pilot.press("v")
                    await pilot.pause()
                    if isinstance(app.screen, HandoffScreen):  # another person's seat
                        await pilot.press("enter")
                    await pilot.pause()
                    await pilot.pause()
                    assert app.screen is view
                    shown.append((view.seat, screen_text(app)))
            first, second = rounds
            assert {seat for seat, _ in first} >= {0, 1, None}
            for (seat, before), (_, after) in zip(first, second, strict=True):
                changed = [line for line in after if line not in before]
                assert before == after, f"at {view.at}, as {seat}: {changed}"
