"""What the Via Nebula table repaints on its phase keys: the focus moving between the map
and the action list (Enter opens the list, Esc closes it) repaints the rows of the map
that changed, never the whole map (a whole map is ~4,500 bytes to the terminal)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from textual.geometry import Region
from textual.strip import Strip

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.games.via_nebula.hexmap import HexMap
from tui_games.games.via_nebula.screen import ViaNebulaScreen
from tui_games.tui.app import GamesApp
from tui_games.tui.widgets.strip_changes import cells


async def test_enter_and_esc_repaint_no_whole_map(store: SaveStore) -> None:
    session = Session.new(get_game("via_nebula").rules, [Seat("Ann"), Seat("Bob", "easy")],
                          3, {})
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ViaNebulaScreen)
        hexmap = screen.query_one(HexMap)
        await pilot.press("tab")  # a hex where Ann can act
        await pilot.pause()
        repaints: list[Sequence[Region] | None] = []
        kept = hexmap.repainted

        def record(regions: Sequence[Region] | None) -> None:
            repaints.append(regions)
            kept(regions)

        hexmap.repainted = record  # type: ignore[method-assign]
        await pilot.press("enter")
        await pilot.pause()
        assert screen.list_open and screen.action_list.has_focus
        await pilot.press("escape")
        await pilot.pause()
        assert not screen.list_open and hexmap.has_focus
        assert repaints, "the map's marks changed: some rows were repainted"
        assert None not in repaints  # None: the whole map


async def test_a_cursor_key_lays_the_map_out_once(store: SaveStore) -> None:
    """The map's own refresh for the cursor and the screen's (caption, marks) are one
    comparison of its rows with the screen's, not two."""
    session = Session.new(get_game("via_nebula").rules, [Seat("Ann"), Seat("Bob", "easy")],
                          3, {})
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hexmap = app.screen.query_one(HexMap)
        laid: list[int] = []
        kept = hexmap.lay_out

        def count(width: int) -> list[Strip]:
            laid.append(width)
            return kept(width)

        hexmap.lay_out = count  # type: ignore[method-assign]
        for key in ("right", "left", "n", "k"):
            before, place = len(laid), hexmap.cursor
            await pilot.press(key)
            await pilot.pause()
            assert hexmap.cursor != place
            assert len(laid) - before == 1, key


@pytest.mark.parametrize("size", [(80, 24), (120, 40)], ids=["80x24", "120x40"])
async def test_a_turn_repaints_every_cell_of_the_map_that_changed(
        store: SaveStore, size: tuple[int, int]) -> None:
    """The map finds a re-drawn row's changes piece by piece (HexMap.changed_regions): over
    whole turns (flags, marks, a placed piece, the bots' moves) every cell that reads
    differently lies inside a region repainted, and the rows are not repainted whole (at
    120x40 each hex is two lines)."""
    session = Session.new(get_game("via_nebula").rules, [Seat("Ann"), Seat("Bob", "easy")],
                          5, {})
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ViaNebulaScreen)
        hexmap = screen.query_one(HexMap)
        assert hexmap.cell_lines == (2 if size == (120, 40) else 1)
        checked: list[int] = []
        kept = hexmap.changed_regions

        def check(old: Sequence[Strip], new: Sequence[Strip], width: int) -> list[Region]:
            regions = kept(old, new, width)
            for y in range(max(len(old), len(new))):
                before = cells(old[y]) if y < len(old) else []
                after = cells(new[y]) if y < len(new) else []
                length = max(len(before), len(after))
                before += [None] * (length - len(before))
                after += [None] * (length - len(after))
                for x in range(min(length, width)):
                    if before[x] != after[x]:
                        assert any(r.contains(x, y) for r in regions), (x, y)
                        checked.append(y)
            assert all(r.width < width for r in regions if r.y < len(old) - 2)
            return regions

        hexmap.changed_regions = check  # type: ignore[method-assign]
        for _ in range(3):  # three turns: two actions each, then the bot's turn
            for key in ("tab", "enter", "enter", "tab", "enter", "enter"):
                await pilot.press(key)
                await pilot.pause()
            await pilot.pause(0.2)
        assert len(set(checked)) > 3, "the turns changed cells on several rows"
