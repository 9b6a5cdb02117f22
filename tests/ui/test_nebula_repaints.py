"""What the Nebula table repaints and lays out on its phase keys: the focus moving onto or
off the Galaxy repaints the rows that changed (its cursor), never the whole Galaxy, and
restyles the two boards alone; a pane swapped on the right lays out the column of panes,
not the table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pytest
from test_nebula_snapshots import investing, position
from textual.css.stylesheet import Stylesheet
from textual.dom import DOMNode
from textual.geometry import Region
from textual.pilot import Pilot
from ui_harness import SIZE

from tui_games.engine.saves import SaveStore
from tui_games.games.nebula.board import SPACES
from tui_games.games.nebula.clusters import StarClusters
from tui_games.games.nebula.galaxy import GalaxyBoard
from tui_games.games.nebula.screen import NebulaScreen
from tui_games.games.nebula.values_board import ValuesBoard
from tui_games.tui.app import GamesApp


async def table(pilot: Pilot[None]) -> NebulaScreen:
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NebulaScreen)
    return screen


async def test_the_focus_moving_onto_and_off_the_galaxy_repaints_no_whole_galaxy(
        store: SaveStore) -> None:
    """The cursor shows that the Galaxy has the keys: its look stays as it was (a focus
    tint restyled and repainted all 14 rows, 3-5 ms a phase key, and drew nothing on
    the Galaxy's transparent background)."""
    async with GamesApp(store, session=position(investing), bot_delay=0).run_test(
            size=SIZE) as pilot:
        screen = await table(pilot)
        galaxy = screen.galaxy
        await pilot.pause()
        assert not galaxy.has_focus
        repaints: list[Sequence[Region] | None] = []
        kept = galaxy.repainted

        def record(regions: Sequence[Region] | None) -> None:
            repaints.append(regions)
            kept(regions)

        galaxy.repainted = record  # type: ignore[method-assign]
        galaxy.focus()
        await pilot.pause()
        assert galaxy.has_focus and galaxy.show_cursor
        screen.clusters.focus()
        await pilot.pause()
        assert not galaxy.has_focus and not galaxy.show_cursor
        assert repaints, "the cursor showed, then went: its rows were repainted"
        assert None not in repaints  # None: the whole Galaxy


async def test_a_pane_swapped_at_80x24_lays_out_the_column_of_panes_alone(
        store: SaveStore) -> None:
    """Textual arranges again every container up from a widget shown or hidden while
    the container's height is ``auto``: the column of panes has a height of its own (its
    title line and a pane of 12 rows), so a swap stops there and the table around it
    keeps its arrangement. Every pane still fits the column whole."""
    async with GamesApp(store, session=position(investing), bot_delay=0).run_test(
            size=SIZE) as pilot:
        screen = await table(pilot)
        side = screen.side
        seen = set()
        for _ in side.cycle:
            shown = next(pane for pane in side.panes if pane.display)
            seen.add(shown.name)
            assert not side.styles.auto_dimensions
            assert side.region.height == 13 and shown.region.height == 12
            assert side.region.contains_region(shown.region)
            await pilot.press("tab")
            await pilot.pause()
        assert seen == {"clusters", "values", "cards", "players"}


async def test_a_focus_move_between_two_boards_restyles_the_two_boards_alone(
        store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The boards' component classes are the table palette's: Textual restyles a widget
    and each of its component classes when it gains or loses the focus, and a phase key
    moves the focus between two boards (the Galaxy has nine classes, the clusters
    seven): those passes over the stylesheet were most of the key's restyling."""
    async with GamesApp(store, session=position(investing), bot_delay=0).run_test(
            size=SIZE) as pilot:
        screen = await table(pilot)
        await pilot.pause()
        assert screen.clusters.has_focus
        restyled: list[DOMNode] = []
        apply = Stylesheet.apply

        def counting(self: Stylesheet, node: DOMNode, **kwargs: Any) -> None:
            restyled.append(node)
            apply(self, node, **kwargs)

        monkeypatch.setattr(Stylesheet, "apply", counting)
        for board in (screen.galaxy, screen.reserve, screen.clusters):
            board.focus()
            await pilot.pause()
            assert board.has_focus
        # Three moves, two boards each (the one that lost the focus, the one that got it).
        assert len(restyled) == 6, restyled
        assert set(restyled) == {screen.galaxy, screen.reserve, screen.clusters}


async def test_the_cursor_shown_or_hidden_builds_two_rows_of_the_galaxy_again(
        store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """The focus coming to the Galaxy shows its cursor: the row of the cursor's space and
    C's (where ``at E2b`` is written) change, and only they are built again."""
    async with GamesApp(store, session=position(investing), bot_delay=0).run_test(
            size=SIZE) as pilot:
        screen = await table(pilot)
        galaxy = screen.galaxy
        await pilot.pause()
        built: list[int] = []
        build = GalaxyBoard._build_row

        def counting(self: GalaxyBoard, y: int) -> Any:
            built.append(y)
            return build(self, y)

        monkeypatch.setattr(GalaxyBoard, "_build_row", counting)
        before = galaxy.render().plain
        galaxy.focus()
        await pilot.pause()
        assert galaxy.show_cursor
        assert 1 <= len(set(built)) <= 2, built
        assert f"at {SPACES[galaxy.cursor]}" in galaxy.render().plain
        screen.clusters.focus()
        await pilot.pause()
        assert not galaxy.show_cursor and galaxy.render().plain == before


def counted(cls: type, name: str, calls: list[str],
            monkeypatch: pytest.MonkeyPatch) -> None:
    """Each call of ``cls.name`` appends the class's name to ``calls``."""
    kept = getattr(cls, name)

    def counting(self: Any, *args: Any) -> Any:
        calls.append(cls.__name__)
        return kept(self, *args)

    monkeypatch.setattr(cls, name, counting)


async def test_a_refresh_that_changes_nothing_on_a_board_builds_none_of_its_lines(
        store: SaveStore, monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual refreshes a widget when it gains or loses the focus, and the table's
    refresh touches every board: the clusters and the Values board keep the lines they
    built while what they show is the same (the rows are still compared, from them)."""
    async with GamesApp(store, session=position(investing), bot_delay=0).run_test(
            size=SIZE) as pilot:
        screen = await table(pilot)
        await pilot.pause()
        built: list[str] = []
        laid: list[str] = []
        counted(StarClusters, "_ring_row", built, monkeypatch)  # a ring's row of a line
        counted(ValuesBoard, "_token", built, monkeypatch)  # a token's piece of a line
        for cls in (StarClusters, ValuesBoard):
            counted(cls, "lay_out", laid, monkeypatch)
        screen.galaxy.focus()
        await pilot.pause()
        screen.values.focus()
        await pilot.pause()
        screen.clusters.focus()
        await pilot.pause()
        screen.refresh_view()
        await pilot.pause()
        assert "StarClusters" in laid  # refreshed: its rows were compared with the screen's
        assert built == []
        screen.clusters.selected = 1  # a new look: the lines are built again
        await pilot.pause()
        assert set(built) == {"StarClusters"}
