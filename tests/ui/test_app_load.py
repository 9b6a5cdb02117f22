"""The load screen: the list, loading, deleting, and files that do not load."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path

from rich.text import Text
from textual.widgets import DataTable, Static
from ui_harness import SIZE, leave_table

from tui_games.engine.core import default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.confirm import ConfirmScreen
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.load import LoadScreen, when

MakeApp = Callable[..., GamesApp]


def nebular(seed: int, *names: str) -> Session:
    info = get_game("nebular_colors")
    seats = [Seat(names[0]), Seat(names[1], "easy")]
    return Session.new(info.rules, seats, seed, default_options(info.rules))


def cells(table: DataTable, row: int) -> list[str]:
    return [str(cell) for cell in table.get_row_at(row)]


async def test_saves_are_listed_newest_first_with_broken_ones_marked(
        store: SaveStore, make_app: MakeApp) -> None:
    old = store.save_as(nebular(1, "Ana", "Bot"), "first")
    os.utime(old, (1_000_000, 1_000_000))
    store.save_as(nebular(2, "Bo", "Bot"), "second")
    (store.folder / "torn.json").write_text('{"format": "tui-games-save", "vers')
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        table = screen.query_one("#saves", DataTable)
        assert table.row_count == 3
        names = [cells(table, row)[4] for row in range(3)]
        assert names.index("second") < names.index("first")
        broken = next(row for row in range(3) if "torn" in cells(table, row)[4])
        assert cells(table, broken)[0].startswith("⚠")
        row = cells(table, names.index("second"))
        assert row[:3] == ["Nebular Colors", "Bo vs Bot", "1"]  # the turn in play
        table.move_cursor(row=broken)
        await pilot.pause()
        detail = str(screen.query_one("#save-detail", Static).render())
        assert "torn.json" in detail and "truncated" in detail


async def test_enter_loads_the_highlighted_save(store: SaveStore, make_app: MakeApp) -> None:
    store.save_as(nebular(42, "Ana", "Bot"), "evening game")
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l", "enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        assert app.screen.session.seed == 42
        assert [s.name for s in app.screen.session.seats] == ["Ana", "Bot"]


async def test_a_bad_save_is_explained_and_left_untouched(
        store: SaveStore, make_app: MakeApp) -> None:
    path = store.folder / "hand-edited.json"
    path.write_text('{"format": "tui-games-save", "version": 99}')
    before = path.read_bytes()
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l", "enter")
        await pilot.pause()
        assert isinstance(app.screen, LoadScreen)
        messages = [n.message for n in app._notifications]
        assert any("hand-edited.json" in m and "version 99" in m for m in messages)
    assert path.read_bytes() == before


async def test_d_deletes_after_a_confirm(store: SaveStore, make_app: MakeApp) -> None:
    keep = store.save_as(nebular(1, "Ana", "Bot"), "keep me")
    drop = store.save_as(nebular(2, "Bo", "Bot"), "drop me")
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        table = app.screen.query_one("#saves", DataTable)
        table.move_cursor(row=[cells(table, r)[4] for r in range(2)].index("drop me"))
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmScreen)
        assert app.screen.question.startswith(
            "Delete the Nebular Colors game Bo vs Bot (drop me, turn 1)?")
        await pilot.press("enter")  # the dialog starts on "Keep": a stray enter is safe
        assert drop.exists()
        await pilot.press("d", "y")
        await pilot.pause()
        assert not drop.exists() and keep.exists()
        assert isinstance(app.screen, LoadScreen)
        assert table.row_count == 1


async def test_an_empty_folder_says_so(store: SaveStore, make_app: MakeApp) -> None:
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        detail = str(app.screen.query_one("#save-detail", Static).render())
        assert f"No saved games in {Path(store.folder)}" in detail
        await pilot.press("enter", "d")
        assert isinstance(app.screen, LoadScreen)


async def test_one_autosave_per_game_and_long_names_keep_the_time_in_view(
        store: SaveStore, make_app: MakeApp) -> None:
    session = nebular(5, "Annabel Featherstonehaugh", "Bot")
    store.autosave(session)
    long_name = "a very long evening game before the weekend"
    store.save_as(session, long_name)
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        table = app.screen.query_one("#saves", DataTable)
        table.move_cursor(row=[cells(table, r)[4][:5] for r in range(2)].index(long_name[:5]))
        await pilot.press("enter")
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        app.screen.autosave()  # play on from the named save
        await leave_table(pilot)
        await pilot.press("l")
        table = app.screen.query_one("#saves", DataTable)
        rows = [cells(table, r) for r in range(table.row_count)]
        assert sorted(row[4][:8] for row in rows) == ["a very l", "autosave"]
        named = next(row for row in rows if row[4] != "autosave")
        assert named[4].endswith("…") and long_name.startswith(named[4][:-1])
        assert named[1].endswith("…")
        saved = next(s.saved_at for s in store.list() if s.name == long_name)
        assert named[3] == when(saved) and len(named[3]) == 16
        widths = sum(column.get_render_width(table) for column in table.columns.values())
        assert widths <= SIZE[0] - 2  # every column, the time included, is on screen
        table.move_cursor(row=rows.index(named))
        await pilot.pause()
        detail = str(app.screen.query_one("#save-detail", Static).render())
        assert long_name in detail and "Annabel Featherstonehaugh vs Bot" in detail


async def test_hostile_names_and_dates_show_as_plain_clean_text(
        store: SaveStore, make_app: MakeApp) -> None:
    session = nebular(3, "[/x]Ana\x1b]0;pwn\x07", "[bold]Bot\x9b2J")
    path = store.save_as(session, "evening")
    doc = json.loads(path.read_text())
    doc["name"] = "[/x] \x1b[2J\x1b[Hwiped"
    doc["saved_at"] = "0001-01-01T00:00:00+14:00"
    path.write_text(json.dumps(doc))
    late = store.save_as(nebular(4, "Bo", "Bot"), "late")
    doc = json.loads(late.read_text())
    doc["saved_at"] = "9999-12-31T23:59:59-14:00"
    late.write_text(json.dumps(doc))
    (store.folder / "deep.json").write_text("[" * 100_000)  # once stopped the app at start
    (store.folder / "[red]x[-].json").write_text('{"format": "\x1b[2J"}')
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        table = screen.query_one("#saves", DataTable)
        rows = [cells(table, row) for row in range(table.row_count)]
        assert len(rows) == 4
        assert rows[0][4] == "late" and rows[0][3] == "9999-12-31 23:59"
        assert rows[-1][4] == "[/x] [2J[Hwip…" and rows[-1][1].startswith("[/x]Ana]0;pwn")
        assert rows[-1][3] == "0001-01-01 00:00"  # the oldest possible date: last
        assert not any("\x1b" in cell or "\x9b" in cell for row in rows for cell in row)
        for row in range(table.row_count):  # every detail line renders, markup and all
            table.move_cursor(row=row)
            await pilot.pause()
            detail = str(screen.query_one("#save-detail", Static).render())
            assert "\x1b" not in detail
        table.move_cursor(row=3)
        await pilot.pause()
        detail = str(screen.query_one("#save-detail", Static).render())
        assert "Nebular Colors · [/x]Ana]0;pwn vs [bold]Bot2J" in detail
        assert "saved as '[/x] [2J[Hwiped'" in detail


def test_when_shows_any_date_or_says_unknown() -> None:
    assert when("0001-01-01T00:00:00+14:00") == "0001-01-01 00:00"
    assert when("9999-12-31T23:59:59") == "9999-12-31 23:59"
    assert when("yesterday") == "unknown date"


async def test_opening_a_game_without_playing_keeps_its_save_time(
        store: SaveStore, make_app: MakeApp) -> None:
    """Issue 19: "Opening a game without playing changes its save time"."""
    path = store.autosave(nebular(6, "Ana", "Bot"))
    doc = json.loads(path.read_text())
    doc["saved_at"] = "2020-01-02T03:04:05+00:00"
    path.write_text(json.dumps(doc))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("c")  # Continue, look, leave
        await pilot.pause()
        assert isinstance(app.screen, GameScreen)
        await leave_table(pilot)
        assert not isinstance(app.screen, GameScreen)
        assert json.loads(path.read_text())["saved_at"] == "2020-01-02T03:04:05+00:00"
        await pilot.press("c", "d")  # a move this time: saved anew on the way out
        await pilot.pause()
        assert isinstance(app.screen, GameScreen) and app.screen.session.actions
        await leave_table(pilot)
        assert json.loads(path.read_text())["saved_at"] != "2020-01-02T03:04:05+00:00"


async def test_rows_are_named_by_game_seats_and_turn_with_autosave_as_a_tag(
        store: SaveStore, make_app: MakeApp) -> None:
    """Issue 19: "Every row is named 'autosave'"."""
    store.autosave(nebular(1, "Ana", "Bot"))
    store.autosave(nebular(2, "Bo", "Bot"))
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        table = app.screen.query_one("#saves", DataTable)
        assert [str(column.label) for column in table.columns.values()] == [
            "Game", "Players", "Turn", "Saved", "Save"]
        rows = sorted(cells(table, row) for row in range(2))
        assert [row[:3] for row in rows] == [["Nebular Colors", "Ana vs Bot", "1"],
                                             ["Nebular Colors", "Bo vs Bot", "1"]]
        assert [row[4] for row in rows] == ["autosave", "autosave"]
        tag = table.get_row_at(0)[4]
        assert isinstance(tag, Text) and "italic" in str(tag.style)
        detail = str(app.screen.query_one("#save-detail", Static).render())
        assert detail.startswith("Nebular Colors · ") and " · autosave" in detail
        await pilot.press("d")
        assert isinstance(app.screen, ConfirmScreen)
        assert "(its autosave, turn 1)" in app.screen.question


async def test_a_resize_reaching_the_load_screen_as_it_closes_asks_for_nothing(
        store: SaveStore, make_app: MakeApp) -> None:
    """Closing, the screen's widgets go before the screen does, and a resize may still
    reach it (the fuzz found it: NoMatches for '#saves'): the list is not there to redo."""
    store.save_as(nebular(1, "Ana", "Bot"), "first")
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        screen = app.screen
        assert isinstance(screen, LoadScreen) and screen.built
        await screen.query_one("#saves").remove()
        assert not screen.built
        await pilot.resize_terminal(SIZE[0] + 20, SIZE[1])  # the columns would change
        await pilot.pause()
        screen.on_resize()
        assert app.screen is screen  # nothing else happened: the screen just closes


async def test_keys_reaching_the_load_screen_as_it_closes_ask_for_nothing(
        store: SaveStore, make_app: MakeApp) -> None:
    store.save_as(nebular(1, "Ana", "Bot"), "first")
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("l")
        screen = app.screen
        assert isinstance(screen, LoadScreen)
        await screen.query_one("#saves").remove()
        said: list[str] = []
        screen.notify = lambda message, **_: said.append(message)  # type: ignore[method-assign,assignment]
        screen.action_load()
        screen.action_delete()
        await pilot.pause()
        assert app.screen is screen and said == []  # no dialog, no warning
