"""Nova Lux played by keyboard only, at 80x24: a solo game placed, moved, ended; quit mid-
turn and resumed by Continue exactly where it was; the last moves of a won game; a trade
offered through the dialog and answered in the other dialog."""

from __future__ import annotations

import random

from nova_lux_first_turn import first_turn
from textual.pilot import Pilot
from ui_harness import SIZE, leave_table

from tui_games.engine.codec import to_json
from tui_games.engine.core import Action
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import all_games
from tui_games.games.nova_lux import lines
from tui_games.games.nova_lux.bot import NormalBot
from tui_games.games.nova_lux.cards import WATER
from tui_games.games.nova_lux.details import DetailsScreen
from tui_games.games.nova_lux.offer_dialog import OfferDialog
from tui_games.games.nova_lux.rules import NovaLuxRules
from tui_games.games.nova_lux.screen import NobodyWinsScreen, NovaLuxScreen
from tui_games.games.nova_lux.space_grid import SpaceGrid
from tui_games.games.nova_lux.state import (
    AnswerTrade,
    Attack,
    MoveTo,
    NovaLuxState,
    Pass,
    SendOffer,
    StartTrade,
)
from tui_games.games.nova_lux.view import (
    cell_text,
    engine_line,
    faction_line,
    folded,
    short_mat,
)
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.confirm import ConfirmScreen
from tui_games.tui.screens.game_over import GameOverScreen
from tui_games.tui.screens.menu import MenuScreen
from tui_games.tui.widgets.status import StatusLine

RULES = NovaLuxRules()
INFO = all_games()[RULES.id]



def table(app: GamesApp) -> NovaLuxScreen:
    screen = app.screen
    assert isinstance(screen, NovaLuxScreen)
    return screen


async def to_cell(pilot: Pilot[None], screen: NovaLuxScreen, cell: int) -> None:
    """Arrow keys from the cursor to ``cell`` (the map takes the focus first)."""
    if not screen.grid.has_focus:
        await pilot.press("escape")
    row, col = divmod(screen.grid.cursor, 7)
    goal_row, goal_col = divmod(cell, 7)
    keys = (["down"] * (goal_row - row) + ["up"] * (row - goal_row)
            + ["right"] * (goal_col - col) + ["left"] * (col - goal_col))
    if keys:
        await pilot.press(*keys)
    assert screen.grid.cursor == cell


async def play(pilot: Pilot[None], screen: NovaLuxScreen, action: Action) -> None:
    """Play ``action`` as a person does: cursor to its cell, Enter, arrows, Enter."""
    view = screen._nova_view()
    at = screen._at(view, action)
    if at is not None:
        await to_cell(pilot, screen, at)
    if not screen.action_list.has_focus:
        await pilot.press("enter")
    index = screen._entries.index(action)
    now = screen.action_list.highlighted or 0
    keys = ["down"] * (index - now) + ["up"] * (now - index)
    await pilot.press(*keys, "enter")
    await pilot.pause()


async def test_a_solo_game_by_keyboard_quit_mid_turn_and_continued(
        store: SaveStore) -> None:
    session = Session.new(RULES, [Seat("Ann")], 3, {})
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = table(app)
        assert screen.grid.has_focus and screen.grid.cursor == 24   # the middle: D4
        await pilot.press("enter", "enter")                          # place the Ark there
        state = screen.session.state
        assert state.ships == [24] and state.phase == "turn"
        await pilot.press("up")                                       # D3
        assert screen.grid.caption == "move here: 1 hydrogen"
        assert screen.grid._marked == {17}     # the path from D3 on: not the Ark's D4
        await play(pilot, screen, MoveTo(17))     # a paid move: never the first line
        assert state.ships == [17] and state.res[0][4] == 2
        await pilot.press("tab")                                      # a star to take from
        assert screen.grid.cursor in (0, 2, 4, 6, 14, 16, 18, 20, 28, 30, 32, 34, 42, 44,
                                      46, 48)
        await pilot.press("enter", "enter")                           # take 1 hydrogen
        assert state.turn == 1 and state.phase == "turn"
        assert lines.ROLLS & set(state.log[-4:])
        await play(pilot, screen, MoveTo(24))                         # D4 again, mid-turn
        assert state.did == ["move"] and state.ships == [24]
        await pilot.press("ctrl+z")                                   # taken back
        state = screen.session.state
        assert state.did == [] and state.ships == [17]
        await play(pilot, screen, MoveTo(24))
        assert state.did == ["move"]
        before = to_json(state)
        await leave_table(pilot)                                      # to the menu
        assert isinstance(app.screen, MenuScreen)
        await pilot.press("c")                                        # Continue
        await pilot.pause()
        resumed = table(app)
        assert to_json(resumed.session.state) == before
        assert "Your turn" in resumed.query_one("#status", StatusLine).text


def near_the_end(won: bool) -> Session:
    """A solo game the normal bot wins (or loses), two decisions before its end."""
    for seed in range(40):
        s = RULES.setup(1, seed, {})
        bot = NormalBot(RULES, random.Random(seed))
        actions: list[Action] = []
        while RULES.to_move(s) is not None:
            action = bot.choose(RULES.observe(s, 0), 0)
            RULES.apply(s, action)
            actions.append(action)
        if (RULES.outcome(s).winners == [0]) == won:
            return Session(RULES, [Seat("Ann")], seed, {}, actions=actions[:-2])
    raise AssertionError("no such solo game in 40 seeds")


async def test_a_lost_solo_game_ends_by_keyboard_with_nobody_winning(
        store: SaveStore) -> None:
    session = near_the_end(won=False)
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = table(app)
        bot = NormalBot(RULES, random.Random(0))
        while screen.session.to_move is not None:
            await play(pilot, screen, bot.choose(screen._nova_view(), 0))
        await pilot.pause()
        assert isinstance(app.screen, NobodyWinsScreen)
        assert "Nobody wins" in str(app.screen.query_one("#breakdown").render())
        await pilot.press("m")
        assert isinstance(app.screen, MenuScreen)


async def test_the_last_moves_of_a_won_solo_game_by_keyboard(store: SaveStore) -> None:
    session = near_the_end(won=True)
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = table(app)
        bot = NormalBot(RULES, random.Random(0))
        for _ in range(2):
            view = screen._nova_view()
            await play(pilot, screen, bot.choose(view, 0))
        await pilot.pause()
        assert isinstance(app.screen, GameOverScreen)
        assert "Ann wins" in str(app.screen.query_one("#breakdown").render())


async def test_a_trade_is_offered_in_the_dialog_and_answered_in_the_other(
        store: SaveStore) -> None:
    session = first_turn(bo=None)
    state: NovaLuxState = session.state
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("enter")                                    # the hand-off
        screen = table(app)
        assert isinstance(screen.focused, SpaceGrid) and screen.grid.cursor == 24
        await play(pilot, screen, StartTrade(1))                      # opens the composer
        assert isinstance(app.screen, OfferDialog)
        # all 3 water (a fourth is refused) and 1 artifact, for 1 oxygen and 1 hydrogen
        await pilot.press("+", "+", "+", "+")
        assert "You have only 3 water." in str(app.screen.query_one("#nova-offer-note").render())
        await pilot.press("a", "+", "right", "o", "+", "h", "+", "+", "-")
        await pilot.pause()
        assert state.offer.gives == (3, 1, 0, 0, 0) and state.offer.gets == (0, 0, 0, 1, 1)
        await pilot.press("enter")
        await pilot.pause()
        assert state.phase == "answer"
        await pilot.press("enter")                                    # hand-off to Bo
        await pilot.pause()
        assert isinstance(app.screen, ConfirmScreen)
        assert ("Ann offers you 3 water and 1 artifact for 1 oxygen and 1 hydrogen"
                in app.screen.question)
        await pilot.press("y")
        await pilot.pause()
        assert state.res[0][WATER] == 0 and state.res[1][WATER] == 6
        assert session.actions[-2:] == [SendOffer(), AnswerTrade(True)]


async def test_esc_in_the_composer_drops_the_offer_and_the_turn_goes_on(
        store: SaveStore) -> None:
    session = first_turn()
    state: NovaLuxState = session.state
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = table(app)
        await play(pilot, screen, StartTrade(1))
        await pilot.press("enter")                  # nothing named yet: refused, says why
        await pilot.pause()
        assert isinstance(app.screen, OfferDialog)
        assert "no trading for nothing" in str(app.screen.query_one("#nova-offer-note").render())
        await pilot.press("+", "escape")
        await pilot.pause()
        assert state.phase == "turn" and state.offer is None and not state.offered
        assert not isinstance(app.screen, OfferDialog)


def test_the_status_line_fits_two_lines_of_78_in_every_phase(store: SaveStore) -> None:
    seen = set()
    for players, seed in ((1, 1), (2, 2), (3, 3), (6, 4)):
        seats = [Seat("Annabelle")] + [Seat(f"Player {i}") for i in range(1, players)]
        session = Session.new(RULES, seats, seed, {"federations": "on"})
        screen = NovaLuxScreen(session, INFO, store)
        bots = [NormalBot(RULES, random.Random(p)) for p in range(players)]
        s = session.state
        while (mover := RULES.to_move(s)) is not None:
            if mover == 0:
                text = screen.status_text(RULES.observe(s, 0))
                assert len(text) <= 2 * 78, text
                seen.add(s.phase)
            RULES.apply(s, bots[mover].choose(RULES.observe(s, mover), mover))
    assert {"place", "turn", "react"} <= seen


async def test_the_offer_after_a_bot_turn_starts_on_pass_and_p_passes(
        store: SaveStore) -> None:
    """Issue 19: Pass was the last line (off-screen at 80x24) and had no key."""
    session = first_turn(offers="on")
    state: NovaLuxState = session.state
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = table(app)
        take = next(a for a in RULES.legal_actions(state) if a.__class__.__name__ ==
                    "TakeHydrogen")
        await play(pilot, screen, take)
        for _ in range(100):
            await pilot.pause(0.05)
            if RULES.to_move(session.state) == 0:
                break
        state = session.state
        assert state.phase == "react" and RULES.to_move(state) == 0
        assert screen._entries[0] == Pass() and screen.action_list.highlighted == 0
        assert screen.check_action("pass_offer", ()) is True
        await pilot.press("p")
        await pilot.pause()
        assert session.actions[-1] == Pass() or session.state.phase != "react"


async def test_the_list_opens_on_its_safest_line_never_an_attack(
        store: SaveStore) -> None:
    """Issue 19: after a harvest the arrows moved the list and Enter attacked; after Esc
    the list kept its old highlight. The list starts on its safest line, Esc takes the
    highlight away with the keys (the next Enter opens the list there again), and an
    attack or a paid move comes last."""
    session = first_turn()
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = table(app)
        await pilot.press("enter")                       # the list at D4, the Arks' cell
        await pilot.pause()
        entries = screen._entries
        assert screen.action_list.has_focus and screen.action_list.highlighted == 0
        assert not isinstance(entries[0], Attack) and isinstance(entries[-1], Attack)
        assert "choose in the list" in str(app.screen.query_one("#status").render())
        await pilot.press("down", "down", "escape")
        await pilot.pause()
        assert screen.grid.has_focus and screen.action_list.highlighted is None
        assert "Arrows move on the map" in str(app.screen.query_one("#status").render())
        await pilot.press("enter")                       # open again: on the safest line
        await pilot.pause()
        assert screen.action_list.has_focus and screen.action_list.highlighted == 0


async def test_no_side_line_is_cut_without_a_mark_and_i_shows_it_whole(
        store: SaveStore) -> None:
    """Issue 19: "E3: yellow star H3: 1 oxygen -> 2 water, 3 l", "Air Thieves: win attack:
    take 1O | needs", "0/3 do". At 80x24 each line of the side panel fits its width, whole
    or ended with "…", over every cell of the map; i shows the lines in full."""
    seats = [Seat("Annabelle"), Seat("Bot 2", "normal"), Seat("Bot 3", "normal")]
    session = Session.new(RULES, seats, 4, {"offers": "off"})
    bot = NormalBot(RULES, random.Random(1))
    while RULES.to_move(session.state) != 0 or session.state.phase != "turn" \
            or session.state.turn < 6:
        seat = RULES.to_move(session.state)
        session.apply(bot.choose(RULES.observe(session.state, seat), seat))
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = table(app)
        width = screen._side_width()
        cut = 0
        for cell in range(49):
            screen.grid.move_to(cell)
            await pilot.pause()
            view = screen._nova_view()
            names = screen.seat_names
            whole = {cell_text(view, cell, names), cell_text(view, cell, names, short=True),
                     *(row for k in range(3) for wide in (True, False)
                       for row in folded(faction_line(view, 0, k, wide), width)),
                     *folded(f"Colony none | {engine_line(view, 0)}", width),
                     *(short_mat(view, p, names[p]) for p in (1, 2))}
            assert len(screen._texts["nl-top"]) <= 78
            for widget in ("nl-cell", "nl-factions", "nl-engine", "nl-others"):
                for line in screen._texts.get(widget, "").split("\n"):
                    assert len(line) <= width, (widget, line)
                    assert line in whole or line.endswith("…"), (widget, line)
                    cut += line.endswith("…")
        full = screen._texts["nl-others"].split("\n")[0]
        await pilot.press("i")
        await pilot.pause()
        assert isinstance(app.screen, DetailsScreen)
        shown = str(app.screen.query_one("#nova-details-text").render())
        assert "0/3 factions · no colony · engine" in shown.replace("\n", " ") or \
            full.rstrip("…") in shown
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is screen
        assert cut, "this position has long lines to shorten"


def test_a_paid_move_comes_after_every_free_choice() -> None:
    """Issue 19: "Move to E5 (5 hydrogen)" was the first line where a hydrogen take or an
    ability was meant."""
    from tui_games.games.nova_lux.entries import safety as _safety
    from tui_games.games.nova_lux.state import MoveTo, TakeHydrogen, UseAbility, UseEngine

    entries = [Attack(1), MoveTo(3), UseAbility(0, 0, 4), UseEngine(0, 0, 1),
               TakeHydrogen(2), Pass()]
    assert sorted(entries, key=_safety) == [Pass(), TakeHydrogen(2), UseAbility(0, 0, 4),
                                            UseEngine(0, 0, 1), MoveTo(3), Attack(1)]


async def test_a_play_hands_the_keys_to_the_map_in_the_same_call(
        store: SaveStore) -> None:
    """The play's focus change is not left to a trip round the app's queue (Widget.focus):
    the map has the keys when the play returns, so its restyle and the key's first frame
    come a hop sooner (drawn with the list's bar already gone), and nothing scrolls."""
    session = Session.new(RULES, [Seat("Ann")], 3, {})
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=SIZE) as pilot:
        screen = table(app)
        await pilot.press("enter")                      # the list at D4: place the Ark
        await pilot.pause()
        assert screen.action_list.has_focus
        screen._play_and_return(screen._entries[0])
        assert screen.session.state.ships == [24]
        assert screen.focused is screen.grid             # at once, not after a message
        assert screen.action_list.highlighted is None    # the bar goes in the same frame
        await pilot.pause()
        assert screen.grid.has_focus and screen.scroll_offset == (0, 0)
        assert "Arrows move on the map" in str(screen.query_one("#status").render())
