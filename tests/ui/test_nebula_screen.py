"""The Nebula screen's behaviour around the moves: hot-seat secrets, Chaos and its
cancelling, undo of a Time investment, keys out of their phase, the rival's Galaxy, the
panes at both sizes, and key presses that repaint only the widget they concern."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager

from test_nebula_snapshots import investing, placing, position
from textual.pilot import Pilot
from textual.widget import Widget
from ui_harness import SIZE

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.games.nebula.board import SPACES
from tui_games.games.nebula.clusters import StarClusters
from tui_games.games.nebula.galaxy import GalaxyBoard
from tui_games.games.nebula.objective_cards import ObjectiveCards
from tui_games.games.nebula.reserve import StarRow
from tui_games.games.nebula.score_pad import ScorePad
from tui_games.games.nebula.screen import NebulaScreen
from tui_games.games.nebula.state import (
    KeepPersonal,
    NebulaState,
    PositionStar,
    StepTime,
    TakeStars,
    TurnToChaos,
)
from tui_games.games.nebula.values_board import ValuesBoard
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.handoff import HandoffScreen
from tui_games.tui.widgets.footer import GameFooter
from tui_games.tui.widgets.status import StatusLine

MakeApp = Callable[..., GamesApp]


async def table(pilot: Pilot[None]) -> NebulaScreen:
    await pilot.pause()
    screen = pilot.app.screen
    assert isinstance(screen, NebulaScreen)
    return screen


def state_of(screen: NebulaScreen) -> NebulaState:
    state = screen.session.state
    assert isinstance(state, NebulaState)
    return state


def status(screen: NebulaScreen) -> StatusLine:
    return screen.query_one(StatusLine)


async def test_hot_seat_players_choose_their_personal_objective_in_secret(
        store: SaveStore, make_app: MakeApp) -> None:
    rules = get_game("nebula").rules
    session = Session.new(rules, [Seat("Ann"), Seat("Cy")], 11, {"mode": "full"})
    offers = state_of_session(session).personal_offer
    async with make_app(store, session).run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)
        await pilot.press("enter")
        screen = await table(pilot)
        assert screen.viewer == 0 and screen.pane == "personal"
        await pilot.press("down", "enter")
        assert screen.session.actions == [KeepPersonal(offers[0][1])]
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)
        await pilot.press("enter")
        await pilot.pause()
        assert screen.viewer == 1 and screen.pane == "personal"
        cards = screen.query_one(ObjectiveCards)
        assert cards.shown.personal == -1  # Cy has not chosen; Ann's card stays hidden
        await pilot.press("enter")
        assert screen.session.actions[1] == KeepPersonal(offers[1][0])
        await pilot.pause()
        assert isinstance(pilot.app.screen, HandoffScreen)  # back to Ann for her turn
        await pilot.press("enter")
        await pilot.pause()
        assert screen.viewer == 0 and cards.shown.personal == offers[0][1]
        assert screen.pane == "clusters" and screen.focused is screen.clusters


def elsewhere(store: SaveStore) -> SaveStore:
    """Another save folder: the game reopened as another window would (the first
    window's lock on the game stays in its own folder)."""
    other = store.folder.parent / "elsewhere"
    other.mkdir(exist_ok=True)
    return SaveStore(other)


def state_of_session(session: Session) -> NebulaState:
    state = session.state
    assert isinstance(state, NebulaState)
    return state


async def test_turning_to_chaos_can_be_cancelled_then_draws_five_to_keep_two(
        store: SaveStore, make_app: MakeApp) -> None:
    session = position(lambda s: investing(s) and s.reserves[0][0] > 0)
    async with make_app(store, session).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        await pilot.press("c")
        assert screen.focused is screen.reserve and "give back" in status(screen).text
        assert not screen.clusters.planning
        await pilot.press("escape")
        assert screen.focused is screen.clusters and screen.clusters.planning
        assert isinstance(pilot.app.screen, NebulaScreen)  # Esc cancelled, not the menu
        await pilot.press("c", "enter")
        returned = screen.session.actions[-1]
        assert isinstance(returned, TurnToChaos)
        drawn = screen.query_one("#neb-drawn", StarRow)
        await pilot.pause()
        assert drawn.display and screen.focused is drawn
        assert drawn.counts == tuple(state_of(screen).drawn) and sum(drawn.counts) == 5
        await pilot.press("enter", "right", "enter")
        assert state_of(screen).phase == "place"


async def test_a_time_investment_is_played_on_enter_and_undone_a_step_at_a_time(
        store: SaveStore, make_app: MakeApp) -> None:
    session = position(investing)
    async with make_app(store, session).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        start = len(screen.session.actions)
        await pilot.press("left", "down", "right", "right", "right", "right")
        preview = screen.clusters.preview()
        await pilot.press("enter")
        assert screen.session.actions[start:] == [
            StepTime(0, -1), *[StepTime(1, 1)] * 4, TakeStars()]
        assert state_of(screen).phase == "place"
        await pilot.press("ctrl+z")
        assert state_of(screen).phase == "time" and screen.clusters.points_left == 0
        assert screen.clusters.preview() == preview
        await pilot.press("ctrl+z")
        assert screen.clusters.points_left == 1
        await pilot.press("right")  # the one point left, then take again
        await pilot.press("enter")
        assert screen.session.actions[-1] == TakeStars()


async def test_a_step_against_a_markers_way_takes_its_last_step_back(
        store: SaveStore, make_app: MakeApp) -> None:
    async with make_app(store, position(investing)).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        start = len(screen.session.actions)
        await pilot.press("left", "down", "right", "right", "up", "right")
        assert screen.session.actions[start:] == [StepTime(1, 1), StepTime(1, 1)]
        assert screen.clusters.plan == (0, 2, 0) and screen.clusters.points_left == 3
        await pilot.press("down", "left", "left")
        assert screen.session.actions[start:] == []
        assert state_of(screen).phase == "collect"  # back at the start: Chaos is open again


async def test_a_save_resumes_in_the_middle_of_a_time_investment(
        store: SaveStore, make_app: MakeApp) -> None:
    async with make_app(store, position(investing)).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        await pilot.press("right", "right", "down", "left")
        before = (screen.clusters.render().plain, status(screen).text,
                  screen.clusters.plan, screen.clusters.points_left)
        path = screen.autosave()
    assert path is not None and before[2] == (2, -1, 0)
    other = elsewhere(store)
    async with make_app(other, other.load(path)).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        after = (screen.clusters.render().plain, status(screen).text,
                 screen.clusters.plan, screen.clusters.points_left)
        assert after == before
        await pilot.press("down", "right", "right")  # the last 2 points: the left marker
        assert screen.clusters.plan == (2, -1, 2)
        await pilot.press("enter")
        assert state_of(screen).phase == "place"


async def test_keys_out_of_their_phase_are_explained_by_the_rules(
        store: SaveStore, make_app: MakeApp) -> None:
    async with make_app(store, position(investing)).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        before = len(screen.session.actions)
        await pilot.press("f")
        assert status(screen).is_error
        assert "Finish positioning once your stars are collected" in status(screen).text
        await pilot.press("enter")
        assert "Spend all 5 Time steps" in status(screen).text
        assert len(screen.session.actions) == before
    async with make_app(store, position(placing)).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        await pilot.press("c")
        assert "Turning to Chaos replaces Investing Time" in status(screen).text


async def test_g_shows_each_rivals_galaxy_and_reserve_then_your_own(
        store: SaveStore, make_app: MakeApp) -> None:
    async with make_app(store, position(placing)).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        state = state_of(screen)
        galaxy = screen.galaxy
        assert galaxy.title == "Your Galaxy" and galaxy.legal
        await pilot.press("g")
        assert galaxy.title == "Bob's Galaxy" and galaxy.stars == tuple(state.galaxies[1])
        assert screen.reserve.label == "Bob's reserve:" and not galaxy.legal
        assert screen.reserve.counts == tuple(state.reserves[1])
        await pilot.press("enter")  # placing goes back to your own Galaxy first
        assert galaxy.title == "Your Galaxy" and galaxy.legal
        await pilot.press("g", "g")
        assert galaxy.title == "Your Galaxy"


async def test_tab_cycles_the_panes_and_the_large_table_keeps_the_clusters_in_view(
        store: SaveStore, make_app: MakeApp) -> None:
    async with make_app(store, position(investing)).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        seen = [screen.pane]
        for _ in range(4):
            await pilot.press("tab")
            seen.append(screen.pane)
        assert seen == ["clusters", "values", "cards", "players", "clusters"]
        assert not screen.galaxy.large
        await pilot.resize_terminal(120, 40)
        await pilot.pause()
        assert screen.galaxy.large and screen.clusters.large
        assert screen.clusters.display and screen.values.display
        assert screen.clusters.region.bottom <= screen.values.region.y
        await pilot.press("tab", "tab", "tab")
        assert screen.pane == "values"
    intro = position(investing, mode="intro")
    async with make_app(store, intro).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        seen = [screen.pane]
        for _ in range(3):
            await pilot.press("tab")
            seen.append(screen.pane)
        assert seen == ["clusters", "cards", "players", "clusters"]


# What draws each widget: render(), but the Galaxy builds its rows one by one.
DRAWS = {GalaxyBoard: "_build_row", StarClusters: "content_lines"}


@contextmanager
def counting_renders(*classes: type[Widget]) -> Iterator[dict[str, int]]:
    """Count the drawing calls per widget class while the block runs (render(), or the
    Galaxy's rows)."""
    counts = {cls.__name__: 0 for cls in classes}
    originals = {cls: getattr(cls, DRAWS.get(cls, "render")) for cls in classes}

    def counted(cls: type[Widget]) -> Callable[..., object]:
        def draw(self: Widget, *args: object) -> object:
            counts[cls.__name__] += 1
            return originals[cls](self, *args)
        return draw

    for cls in classes:
        setattr(cls, DRAWS.get(cls, "render"), counted(cls))
    try:
        yield counts
    finally:
        for cls, original in originals.items():
            setattr(cls, DRAWS.get(cls, "render"), original)


async def test_a_key_press_repaints_only_the_widget_it_concerns(
        store: SaveStore, make_app: MakeApp) -> None:
    widgets = (GalaxyBoard, StarClusters, ValuesBoard, ObjectiveCards, ScorePad, StarRow)
    async with make_app(store, position(investing)).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        await pilot.pause()
        with counting_renders(*widgets) as counts:
            await pilot.press("right")
            await pilot.pause()
        assert screen.clusters.plan == (1, 0, 0) and counts["StarClusters"] >= 1
        assert {k: v for k, v in counts.items() if k != "StarClusters"} == {
            "GalaxyBoard": 0, "ValuesBoard": 0, "ObjectiveCards": 0, "ScorePad": 0,
            "StarRow": 0}
    async with make_app(store, position(placing)).run_test(size=SIZE) as pilot:
        await table(pilot)
        await pilot.pause()
        with counting_renders(*widgets) as counts:
            await pilot.press("up")
            await pilot.pause()
        # The rows of the old and the new cursor space and C's (the label), no more.
        assert 1 <= counts["GalaxyBoard"] <= 3 and counts["StarClusters"] == 0
        assert counts["ObjectiveCards"] == 0 and counts["StarRow"] == 0


async def test_the_space_under_the_cursor_is_named_and_n_shows_every_name(
        store: SaveStore, make_app: MakeApp) -> None:
    async with make_app(store, position(placing)).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        galaxy = screen.galaxy
        assert f"at {SPACES[galaxy.cursor]}" in galaxy.render().plain
        await pilot.press("up")
        assert f"at {SPACES[galaxy.cursor]}" in galaxy.render().plain
        keys = {b.key: b.description for _, b, enabled, _ in
                screen.active_bindings.values() if b.show and enabled}
        assert keys.get("n") == "Names"
        await pilot.press("n")
        board = galaxy.render().plain
        assert all(name in board for name in ("N3b", "E2b", "S3b", "W4b", "N5", "W1"))
        await pilot.press("n")
        assert "N3b" not in galaxy.render().plain


async def test_after_placing_the_cursor_moves_on_and_enter_twice_never_replaces_it(
        store: SaveStore, make_app: MakeApp) -> None:
    async with make_app(store, position(placing)).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        await pilot.press("enter")
        first = screen.session.actions[-1]
        assert isinstance(first, PositionStar)
        assert screen.galaxy.cursor != first.space
        await pilot.press("enter")
        assert state_of(screen).galaxies[0][first.space] == first.star
        last = screen.session.actions[-1]
        assert last == first or (isinstance(last, PositionStar) and last.space != first.space)


async def test_replacing_one_of_your_stars_takes_a_second_enter(
        store: SaveStore, make_app: MakeApp) -> None:
    async with make_app(store, position(placing)).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        state = state_of(screen)
        galaxy = screen.galaxy
        target = next(sp for sp in sorted(galaxy.legal) if state.galaxies[0][sp] >= 0)
        galaxy.move_cursor_to(target)
        before, star = len(screen.session.actions), screen.reserve.cursor
        assert star is not None
        await pilot.press("enter")
        assert len(screen.session.actions) == before and "Enter again" in status(screen).text
        await pilot.press("enter")
        assert screen.session.actions[before:] == [PositionStar(star, target)]


async def test_a_save_keeps_the_star_chosen_the_cursor_and_the_names_shown(
        store: SaveStore, make_app: MakeApp) -> None:
    async with make_app(store, position(placing)).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        await pilot.press("space", "up", "left", "n")
        before = (screen.reserve.cursor, screen.galaxy.cursor, screen.galaxy.names,
                  screen.status_text(screen.view()))
        assert before[2]
        path = screen.autosave()
    assert path is not None
    other = elsewhere(store)
    async with make_app(other, other.load(path)).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        after = (screen.reserve.cursor, screen.galaxy.cursor, screen.galaxy.names,
                 status(screen).text)
        assert after == before


async def test_a_save_made_while_choosing_the_star_for_chaos_resumes_there(
        store: SaveStore, make_app: MakeApp) -> None:
    session = position(lambda s: investing(s) and s.reserves[0][0] > 0)
    async with make_app(store, session).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        await pilot.press("c")
        shown = status(screen).text
        path = screen.autosave()
    assert path is not None and "give back" in shown
    other = elsewhere(store)
    async with make_app(other, other.load(path)).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        assert status(screen).text == shown and screen.focused is screen.reserve
        await pilot.press("escape")
        assert screen.focused is screen.clusters and screen.clusters.planning


def offered_keys(screen: NebulaScreen) -> set[str]:
    """The actions of the keys the Footer offers now."""
    return {binding.action for _, binding, enabled, _ in screen.active_bindings.values()
            if binding.show and enabled}


async def test_only_what_the_rules_allow_now_is_offered_while_investing_time(
        store: SaveStore, make_app: MakeApp) -> None:
    """Issue 19: "Would take B P Y" was refused with "Spend all 5 movement points", and
    "Or c: Turn to Chaos" was offered with an empty reserve. Take and Chaos are offered
    (status line and Footer) only while legal_actions holds them."""
    session = position(lambda s: s.phase == "collect" and not any(s.reserves[0]))
    async with make_app(store, session).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        legal = screen.legal()
        assert not any(isinstance(a, TurnToChaos | TakeStars) for a in legal)
        text = status(screen).text
        assert "Turn to Chaos" not in text and "take" not in text.split(").")[-1].lower()
        assert {"take", "chaos"}.isdisjoint(offered_keys(screen))
        await pilot.press("c")  # pressed anyway: the rules say why not
        assert status(screen).is_error and "reserve" in status(screen).text
        for _ in range(10):  # spend every step on the top ring
            if not screen.clusters.points_left:
                break
            assert "take" not in offered_keys(screen)
            await pilot.press("right")
        assert screen.clusters.points_left == 0
        assert "Enter takes" in status(screen).text and "take" in offered_keys(screen)
        await pilot.press("enter")
        assert screen.session.actions[-1] == TakeStars()


async def test_a_time_step_dims_chaos_in_the_footer_and_moves_no_key(
        store: SaveStore, make_app: MakeApp) -> None:
    """Issue 17: a Time step hid c Chaos (and showed it again on the step back), so every
    key after it moved and the footer was written in full on a cursor key. Chaos and
    Take now stay listed, dimmed while the rules refuse them."""
    session = position(investing)
    async with make_app(store, session).run_test(size=SIZE) as pilot:
        screen = await table(pilot)
        footer = screen.query_one(GameFooter)

        def shown() -> dict[str, bool]:
            return {key.description: key.disabled for key in footer.keys}

        before = shown()
        assert before["Chaos"] is False and before["Take"] is True  # steps left to spend
        await pilot.press("right")  # a Time step: Chaos is no longer allowed
        await pilot.pause()
        after = shown()
        assert list(after) == list(before)  # the same keys, in the same places
        assert after["Chaos"] is True
        await pilot.press("left")  # the step taken back
        await pilot.pause()
        assert shown() == before
