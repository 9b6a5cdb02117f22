"""What a newcomer to Via Nebula tripped over (issue 19): token labels read as hex names,
no hex names on the map, "2 actions" meaning two options, keys listed that do nothing,
contract names and the header cut without a mark."""

from __future__ import annotations

import random
import re

import pytest
from test_via_nebula_snapshots import position

from tui_games.engine.core import Action
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.games.via_nebula.board import CELL, COLUMNS, HEX_COUNT, NAME
from tui_games.games.via_nebula.bot import NormalBot
from tui_games.games.via_nebula.components import CONTRACTS
from tui_games.games.via_nebula.contract_sheet import ContractSheet
from tui_games.games.via_nebula.hexmap import HexMap
from tui_games.games.via_nebula.network import chains
from tui_games.games.via_nebula.screen import ViaNebulaScreen, action_hexes
from tui_games.games.via_nebula.state import Transport, ViaNebulaState
from tui_games.games.via_nebula.view import contract_line, header_line, main_text
from tui_games.tui.app import GamesApp
from tui_games.tui.widgets.text_lines import TextLines

RULES = get_game("via_nebula").rules
HEX_NAME = re.compile(r"[A-I][1-9]")


def played_states(seed: int, players: int = 3) -> list[ViaNebulaState]:
    """Every state of a game the normal bots play."""
    s = RULES.setup(players, seed, {})
    bots = [NormalBot(RULES, random.Random(seed + seat)) for seat in range(players)]
    states = []
    while (mover := RULES.to_move(s)) is not None:
        states.append(RULES.observe(s, mover))
        RULES.apply(s, bots[mover].choose(RULES.observe(s, mover), mover))
    return states


def new_game() -> Session:
    return Session.new(RULES, [Seat("Ann"), Seat("Bob", "normal")], 1, {})


def screen_of(app: GamesApp) -> ViaNebulaScreen:
    screen = app.screen
    assert isinstance(screen, ViaNebulaScreen)
    return screen


def shown_actions(screen: object) -> set[str]:
    """The actions of the keys the footer shows now."""
    return {active.binding.action for active in screen.active_bindings.values()  # type: ignore[attr-defined]
            if active.binding.show and active.enabled}


def test_no_hex_on_the_map_reads_like_a_hex_name() -> None:
    """ "H4:0" was a wheat token on one hex while "Place a craftsman on H4" meant
    another: nothing drawn in a hex may look like a column letter and a row number."""
    for s in played_states(2)[::7]:
        for hex_ in range(HEX_COUNT):
            text = "".join(t for t, _ in main_text(s, hex_, frozenset()))
            assert not HEX_NAME.search(text), (NAME[hex_], text)


async def test_the_rulers_name_every_hex_and_the_caption_the_cursors(store: SaveStore) -> None:
    """Hex names show on the map: a column letter over each column and a row number
    before each row; the caption names the cursor's hex. The rulers are not lit for the
    cursor (a cursor key would write them to the terminal every time)."""
    app = GamesApp(store, session=new_game(), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hexmap = screen_of(app).query_one(HexMap)
        await pilot.press("n", "l")
        row, col = hexmap.cursor
        lines = [line.plain for line in hexmap.render_line_contents()]
        assert lines[0].split() == list(COLUMNS)
        assert [line.split()[0] for line in lines[1:10]] == [str(n) for n in range(1, 10)]
        lit = [seg.text.strip() for y in (0, row + 1) for seg in hexmap.render_line(y)
               if seg.style and seg.style.reverse and seg.text.strip()]
        assert len(lit) == 1  # the cursor's hex, no label
        assert hexmap.caption.startswith(NAME[next(h for h, c in enumerate(CELL)
                                                   if c == (row, col))])


async def test_every_hex_where_you_can_act_is_flagged(store: SaveStore) -> None:
    """Tab is not the only way to find where you can act: each such hex has the flag
    before it, and no other hex has."""
    session = position(lambda s, legal: s.turn >= 6 and s.phase != "power")
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hexmap = screen_of(app).query_one(HexMap)
        legal = RULES.legal_actions(session.state)
        acting = {CELL[h] for a in legal for h in action_hexes(a)}
        flagged = set()
        for y, line in enumerate(hexmap.render_line_contents()[1:10]):
            at = 2 + (2 if y % 2 else 0)  # the row number, the flag column, the indent
            for col in range(9):
                if line.plain[at + col * 5 - 1: at + col * 5] == "▸":
                    flagged.add((y, col))
        assert flagged == acting


async def test_the_actions_title_counts_choices_not_actions(store: SaveStore) -> None:
    """ "At G3: 2 actions" meant two options while the header said "1 action left"."""
    app = GamesApp(store, session=new_game(), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        await pilot.press("tab")
        title = str(screen.query_one("#via-actions-title").render())
        count = len(screen.offered)
        assert f"{count} choice" in title and "action" not in title


async def test_the_final_table_shows_only_keys_that_work(store: SaveStore) -> None:
    """The end-of-game look at the table listed Next and Other way, which do nothing
    there; the map's keys stay, as they still name the hex under the cursor."""
    rules = RULES
    s = rules.setup(2, 4, {})
    bots = [NormalBot(rules, random.Random(4 + seat)) for seat in (0, 1)]
    actions: list[Action] = []
    while (mover := rules.to_move(s)) is not None:
        action = bots[mover].choose(rules.observe(s, mover), mover)
        rules.apply(s, action)
        actions.append(action)
    session = Session(rules, [Seat("Ann"), Seat("Bob", "normal")], 4, {}, actions=actions)
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        await pilot.press("t")  # the game-over dialog's look at the table
        await pilot.pause()
        screen = screen_of(app)
        shown = shown_actions(screen)
        assert "next_spot" not in shown and "other_chain" not in shown
        hexmap = screen.query_one(HexMap)
        before = hexmap.caption
        await pilot.press("l")
        assert hexmap.caption != before  # Move still does something: it names the hex
        assert str(screen.query_one("#via-actions-title").render()) == "The game is over"


async def test_other_way_shows_only_for_a_transport_with_another_way(
        store: SaveStore) -> None:
    """The footer offers o only while the highlighted transport has a second chain."""
    session = position(lambda s, legal: any(
        isinstance(a, Transport) and len(chains(s, a.source, a.slot)) >= 2 for a in legal))
    transport = next(a for a in RULES.legal_actions(session.state)
                     if isinstance(a, Transport)
                     and len(chains(session.state, a.source, a.slot)) >= 2)
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        assert "other_chain" not in shown_actions(screen)
        hexmap = screen.query_one(HexMap)
        hexmap.move_to(CELL[transport.source])
        await pilot.press("enter")
        while screen.offered[screen.action_list.highlighted or 0] != transport:
            await pilot.press("down")
        await pilot.pause()
        assert "other_chain" in shown_actions(screen)


def test_the_header_keeps_the_scores_while_a_power_is_used() -> None:
    """The header hid the score while a power was used: at 80 columns (78 inside the
    padding) it always ends with every seat's score, and cuts only with "…"."""
    scores = [("R", 12), ("B", 10), ("Y", 9), ("G", 14)]
    for card in CONTRACTS:
        for who in (f"you use the {card.name}", f"Bartholomew uses the {card.name}"):
            line = header_line(23, who, " · last turns", scores, 78)
            assert len(line) <= 78, line
            assert line.rsplit(" · VP ", 1)[1].replace(" ", "") == "R12B10Y9G14", line
            assert who in line or "…" in line


def test_contract_lines_fit_and_mark_a_cut_name() -> None:
    """ "Merchant's", "Master Maso": a contract's line fits its width, and a name that
    does not fit ends with "…" (the whole of it is one key away, c)."""
    for width in (25, 30, 40):
        for card, contract in enumerate(CONTRACTS):
            line = contract_line(card, width)
            assert len(line) <= width
            assert contract.name in line or "…" in line, (width, line)


async def test_c_shows_every_contract_in_full(store: SaveStore) -> None:
    """The full text of each cut contract line is one key away."""
    app = GamesApp(store, session=new_game(), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        view = screen_of(app).view()
        assert isinstance(view, ViaNebulaState)
        await pilot.press("c")
        await pilot.pause()
        sheet = app.screen
        assert isinstance(sheet, ContractSheet)
        for card in [*view.display, *view.hands[0]]:
            assert CONTRACTS[card].name in sheet.text
        await pilot.press("escape")
        await pilot.pause()
        assert isinstance(app.screen, ViaNebulaScreen)


async def test_no_line_says_yous(store: SaveStore) -> None:
    """Possessives go through the grammar helper: "your craftsman", never "You's"."""
    session = position(lambda s, legal: s.turn >= 10, players=3)
    session.seats[0] = Seat("You")
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = screen_of(app)
        hexmap = screen.query_one(HexMap)
        texts = []
        for place in CELL:
            hexmap.move_to(place)
            texts.append(hexmap.caption)
        texts += [str(screen.query_one(f"#{name}").render())
                  for name in ("via-top", "via-boards", "via-actions-title")]
        assert not [t for t in texts if "you's" in t.lower()]


@pytest.mark.parametrize("players", [2, 4])
async def test_hand_contract_names_show_whole_at_80x24(store: SaveStore, players: int) -> None:
    """Issue 31: "Merchan…", "Explor…": each hand contract's name shows whole in the side
    column, on a second line while the log can spare the row, and the status line and
    two log rows stay on the screen."""
    seats = [Seat("Ann")] + [Seat(f"Bot {i + 1}", "easy") for i in range(1, players)]
    app = GamesApp(store, session=Session.new(RULES, seats, 3, {}), bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(3):
            await pilot.pause()
        screen = screen_of(app)
        view = screen.view()
        assert isinstance(view, ViaNebulaState)
        text = screen.query_one("#via-contracts", TextLines).text
        for card in view.hands[0]:
            assert CONTRACTS[card].name in text, text
        log = screen.query_one("#log")
        assert log.size.height >= 2 and log.region.bottom <= 23
        assert screen.query_one("#status").region.y >= screen.query_one("#via-side").region.bottom
