"""The Nebula status line fits its two lines at 80x24 in every phase: each text the
screen can show, for every star, space and Value token the cursor can be on, wraps at
words into 2 lines of 78 characters (the status line's width at 80x24). The Footer's
keys all show in its 80 columns in each of those phases too."""

from __future__ import annotations

import textwrap
from collections.abc import Callable

from test_nebula_snapshots import investing, placing, position, valuing
from textual.pilot import Pilot
from ui_harness import SIZE

from tui_games.engine.codec import clone
from tui_games.engine.saves import SaveStore
from tui_games.games.nebula.board import SPACE_COUNT
from tui_games.games.nebula.screen import NebulaScreen
from tui_games.games.nebula.state import NebulaState, PositionStar, TurnToChaos
from tui_games.games.nebula.status_line import rival_status
from tui_games.tui.app import GamesApp
from tui_games.tui.widgets.footer import GameFooter
from tui_games.tui.widgets.status import ERROR_MARK, StatusLine

MakeApp = Callable[..., GamesApp]
WIDTH, LINES = 78, 2


def fits(text: str, error: bool = False) -> bool:
    text = ERROR_MARK + text if error else text
    return bool(text) and len(textwrap.wrap(text, WIDTH, break_on_hyphens=False)) <= LINES


async def table(pilot: Pilot[None]) -> NebulaScreen:
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NebulaScreen)
    return screen


def footer_text(screen: NebulaScreen) -> str:
    """The keys the Footer shows now, as it spells them in words (one entry per action)."""
    keys, _palette = screen.query_one(GameFooter).shown_keys()
    return " ".join(f"{key.display} {key.description}" for key in keys if not key.disabled)


def every_key_drawn(screen: NebulaScreen) -> bool:
    """Every enabled key is on the Footer's line at 80 columns (the table's shared keys
    folded when the words do not fit), none cut off at its end."""
    footer = screen.query_one(GameFooter)
    footer.render()
    drawn = {key for entry in footer.drawn for key in entry.covers}
    keys, _palette = footer.shown_keys()
    return footer.size.width == SIZE[0] and all(
        set(key.covers) <= drawn for key in keys if not key.disabled)


def status_now(screen: NebulaScreen) -> str:
    return screen.status_text(screen.view())


def shown(screen: NebulaScreen) -> str:
    """What the status line shows now, checked against the 2 lines it has."""
    status = screen.query_one(StatusLine)
    assert status.size.width == WIDTH
    assert fits(status.text), status.text
    assert every_key_drawn(screen), footer_text(screen)  # and every key shows
    return status.text


def every_placement_text(screen: NebulaScreen) -> list[str]:
    """The status text for every reserve star with the cursor on every space."""
    view = screen.view()
    assert isinstance(view, NebulaState)
    texts = []
    for star, held in enumerate(view.reserves[screen.viewer]):
        if not held:
            continue
        screen._star = star
        for space in range(SPACE_COUNT):
            screen.galaxy.cursor = space
            texts.append(status_now(screen))
    return texts


def test_a_rivals_turn_fits_whatever_the_phase_with_a_long_name() -> None:
    for phase in ("personal", "collect", "time", "chaos", "place", "value"):
        assert fits(rival_status("Bartholomew the Great", phase))


async def test_collecting_and_placing_fit_the_status_line(
        store: SaveStore, make_app: MakeApp) -> None:
    async with make_app(store, position(investing)).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        shown(screen)                                       # collect
        await pilot.press("c")
        assert "give back" in shown(screen)                 # choosing the star for Chaos
        await pilot.press("escape", "right")
        assert "4 steps left" in shown(screen)              # time
        await pilot.press("c")                              # too late for Chaos: how back
        status = screen.query_one(StatusLine)
        assert "take your steps back" in status.text and fits(status.text)
        await pilot.press("right", "right", "right", "right")
        assert "Enter takes" in shown(screen)               # time, all points spent
        await pilot.press("right")
        assert fits(screen.query_one(StatusLine).text)      # refused: no points left
        await pilot.press("enter")
        await pilot.pause()
        assert screen.view().phase == "place"
        assert "n Names" in footer_text(screen) and "⏎ Place" in shown(screen) + footer_text(
            screen)
        texts = every_placement_text(screen)
        for _ in range(2):  # then with stars placed, up to the turn's limit
            legal = screen.rules.legal_actions(screen.session.state)
            placing_one = [a for a in legal if isinstance(a, PositionStar)]
            if placing_one:
                screen.play(placing_one[0])
                await pilot.pause()
        texts += every_placement_text(screen)
        assert all(fits(text) for text in texts), [t for t in texts if not fits(t)]


async def test_positioning_mid_game_a_chaos_draw_and_a_value_token_fit(
        store: SaveStore, make_app: MakeApp) -> None:
    async with make_app(store, position(placing)).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        texts = every_placement_text(screen)
        await pilot.press("g")
        texts.append(status_now(screen))                    # a rival's Galaxy on view
        assert all(fits(text) for text in texts), [t for t in texts if not fits(t)]

    def chaos(s: NebulaState) -> bool:
        return investing(s) and s.reserves[0][0] > 0

    async with make_app(store, position(chaos, then=[TurnToChaos(0)])).run_test(
            size=SIZE) as pilot:
        screen = await table(pilot)
        assert "Keep 2" in shown(screen)
    async with make_app(store, position(valuing)).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        shown(screen)
        texts = []
        for token in range(14):
            screen.values.cursor = token
            texts.append(status_now(screen))
        assert all(fits(text) for text in texts), [t for t in texts if not fits(t)]


async def test_choosing_a_personal_objective_and_the_end_fit(
        store: SaveStore, make_app: MakeApp) -> None:
    async with make_app(store, position(lambda s: s.phase == "personal")).run_test(
            size=SIZE) as pilot:
        screen = await table(pilot)
        assert "Personal objective" in shown(screen)
        view = clone(screen.view())
        view.phase = "over"
        assert fits(screen.status_text(view))
