"""The Via Nebula table's behaviour: the chain shown before Enter (and another way with
o), a power taking the focus, Esc from the list, the hex under the cursor always named,
the status line within two lines of 78, the large map from 120x40."""

from __future__ import annotations

import random

from test_via_nebula_play import key_path
from test_via_nebula_snapshots import position

from tui_games.engine.core import Action
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.games.via_nebula.board import CELL, NAME
from tui_games.games.via_nebula.bot import NormalBot
from tui_games.games.via_nebula.hexmap import HexMap
from tui_games.games.via_nebula.network import chains
from tui_games.games.via_nebula.screen import ViaNebulaScreen
from tui_games.games.via_nebula.state import SkipPower, Transport, ViaNebulaState
from tui_games.tui.app import GamesApp
from tui_games.tui.widgets.status import fit_lines
from tui_games.tui.widgets.text_lines import TextLines


def two_ways(s: ViaNebulaState, legal: list[Action]) -> bool:
    return any(isinstance(a, Transport) and len(chains(s, a.source, a.slot)) >= 2
               for a in legal)


def _screen(app: GamesApp) -> ViaNebulaScreen:
    screen = app.screen
    assert isinstance(screen, ViaNebulaScreen)
    return screen


async def test_the_chain_shows_before_enter_and_o_shows_another_way(store: SaveStore) -> None:
    session = position(two_ways)
    transport = next(a for a in session.rules.legal_actions(session.state)
                     if isinstance(a, Transport) and len(chains(session.state, a.source,
                                                                a.slot)) >= 2)
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        hexmap = screen.query_one(HexMap)
        await pilot.pause()
        await pilot.press(*key_path(hexmap.cursor, CELL[transport.source], hexmap.places))
        await pilot.press("enter")
        listing = screen.action_list
        while screen.offered[listing.highlighted or 0] != transport:
            await pilot.press("down")
        ways = chains(session.state, transport.source, transport.slot)
        first = hexmap.caption
        assert f"chain {'-'.join(NAME[h] for h in ways[0])}" in first
        assert "**" in "".join(t for line in hexmap.render_line_contents()
                               for t in [line.plain])
        await pilot.press("o")
        assert hexmap.caption != first and "chain" in hexmap.caption
        assert session.actions == [] or len(session.actions) == len(screen.session.actions)
        before = len(screen.session.actions)
        await pilot.press("enter")
        assert screen.session.actions[before] == transport
        assert hexmap.has_focus


async def test_o_without_a_transport_is_not_offered_and_does_nothing(store: SaveStore) -> None:
    app = GamesApp(store, session=Session.new(get_game("via_nebula").rules,
                                              [Seat("Ann"), Seat("Bob", "normal")], 1, {}),
                   bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = _screen(app)
        status = screen.query_one("#status")
        before = str(status.render())
        assert not screen.check_action("other_chain", ())
        await pilot.press("o")
        assert str(status.render()) == before


async def test_a_power_takes_the_focus_and_its_last_line_stops_it(store: SaveStore) -> None:
    session = position(lambda s, legal: s.phase == "power")
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await pilot.pause()
        listing = screen.action_list
        assert listing.has_focus and screen.offered[-1] == SkipPower()
        await pilot.press("end", "enter")
        assert screen.session.actions[-1] == SkipPower()


async def test_escape_from_the_list_goes_back_to_the_map(store: SaveStore) -> None:
    app = GamesApp(store, session=Session.new(get_game("via_nebula").rules,
                                              [Seat("Ann"), Seat("Bob", "normal")], 1, {}),
                   bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await pilot.pause()
        await pilot.press("tab", "enter")
        assert screen.list_open and screen.query_one("#via-actions").has_focus
        await pilot.press("escape")
        assert not screen.list_open and screen.query_one(HexMap).has_focus
        assert app.screen is screen


async def test_the_hex_under_the_cursor_is_always_named(store: SaveStore) -> None:
    app = GamesApp(store, session=Session.new(get_game("via_nebula").rules,
                                              [Seat("Ann"), Seat("Bob", "normal")], 1, {}),
                   bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        hexmap = _screen(app).query_one(HexMap)
        await pilot.pause()
        for key in ("n", "n", "l", "b", "j", "u", "tab"):
            await pilot.press(key)
            row, col = hexmap.cursor
            name = NAME[CELL.index((row, col))]
            assert hexmap.caption.startswith(name + " ") or hexmap.caption.startswith(
                name + ":")


async def test_the_map_is_large_from_120x40_and_compact_at_80x24(store: SaveStore) -> None:
    app = GamesApp(store, session=Session.new(get_game("via_nebula").rules,
                                              [Seat("Ann"), Seat("Bob", "normal")], 1, {}),
                   bot_delay=0)
    async with app.run_test(size=(120, 40)) as pilot:
        hexmap = _screen(app).query_one(HexMap)
        await pilot.pause()
        assert (hexmap.cell_width, hexmap.cell_lines) == (7, 2)
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert (hexmap.cell_width, hexmap.cell_lines) == (4, 1)
        assert hexmap.region.right <= 80


def test_the_status_line_fits_two_lines_of_78_in_every_situation(store: SaveStore) -> None:
    rules = get_game("via_nebula").rules
    seen = 0
    for seed in range(4):
        s = rules.setup(2 + seed % 3, seed, {})
        seats = [Seat(name) for name in ("Ann", "Bob", "Cyd", "Dee")[: s.players]]
        screen = ViaNebulaScreen(session=Session.new(rules, seats, seed, {}),
                                 info=get_game("via_nebula"), store=store)
        bots = [NormalBot(rules, random.Random(seat)) for seat in range(s.players)]
        while (mover := rules.to_move(s)) is not None:
            screen._viewer = mover  # look at the table from the mover's seat
            text = screen.speak(screen.status_text(rules.observe(s, mover)))
            assert "…" not in fit_lines(text, 78) and len(fit_lines(text, 78).split("\n")) <= 2
            seen += 1
            rules.apply(s, bots[mover].choose(rules.observe(s, mover), mover))
    assert seen > 100


async def test_a_click_on_the_preview_opens_the_list_and_a_click_plays(store: SaveStore) -> None:
    app = GamesApp(store, session=Session.new(get_game("via_nebula").rules,
                                              [Seat("Ann"), Seat("Bob", "normal")], 1, {}),
                   bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = _screen(app)
        await pilot.pause()
        await pilot.press("tab")
        offered = screen.offered
        await pilot.click("#via-actions", offset=(2, 3))
        assert screen.list_open and screen.action_list.has_focus
        before = len(screen.session.actions)
        await pilot.click("#via-actions", offset=(2, 0))  # its first action (the title is above)
        await pilot.pause()
        assert screen.session.actions[before] == offered[0]


def _sites_cut(s: ViaNebulaState, legal: list[Action]) -> bool:
    """Ann's sites listed with their resources after her leftovers' VP pass 30 columns."""
    from tui_games.games.via_nebula.final_score import leftover

    sites = [slot for slot, owner in enumerate(s.slot_owner)
             if owner == 0 and not s.slot_built[slot]]
    return bool(leftover(s, 0)) and len(sites) >= 2 and any(s.slot_res[slot] for slot in sites)


async def test_the_leftovers_line_reads_whole_at_80x24(store: SaveStore) -> None:
    """Issue 31: "-13 VP at end · sites…" cut the very sites it spoke of. At 80x24 with
    four boards the line names the sites (by hex, or how many) whole within the column."""
    session = position(_sites_cut, players=4)
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = _screen(app)
        boards = screen.query_one("#via-boards", TextLines)
        for _ in range(10):
            if boards.text:
                break
            await pilot.pause(0.05)
        rows = boards.text.split("\n")
        mine = next(row for row in rows if "VP at end · " in row)
        assert "…" not in boards.text, boards.text
        assert all(len(row) <= boards.size.width for row in rows), rows
        assert mine.strip().split(" · ")[1].startswith(("sites ", "2 sites", "3 sites"))
