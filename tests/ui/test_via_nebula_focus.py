"""What the Via Nebula table does before a key's first frame: the footer draws its keys
once per key (for the widget that gets the focus), the map is not restyled when the focus
moves (no rule styles it by its focus), and a play's contracts and boards wait for the
frame after (except the last play's, under the game-over dialog)."""

from __future__ import annotations

import random

from test_via_nebula_play import session_at
from textual.pilot import Pilot

from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game
from tui_games.games.via_nebula.bot import NormalBot
from tui_games.games.via_nebula.hexmap import HexMap
from tui_games.games.via_nebula.screen import ViaNebulaScreen
from tui_games.games.via_nebula.state import ViaNebulaState
from tui_games.tui.app import GamesApp
from tui_games.tui.widgets.footer import GameFooter
from tui_games.tui.widgets.text_lines import TextLines


def _app(store: SaveStore) -> GamesApp:
    session = Session.new(get_game("via_nebula").rules, [Seat("Ann"), Seat("Bob", "easy")],
                          3, {})
    return GamesApp(store, session=session, bot_delay=0)


async def _settle(pilot: Pilot[None]) -> None:
    for _ in range(3):
        await pilot.pause()


async def test_enter_esc_and_a_play_draw_the_footer_once(store: SaveStore) -> None:
    app = _app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, ViaNebulaScreen)
        footer = screen.query_one(GameFooter)
        checks: list[object] = []
        kept = footer.shown_keys

        def shown_keys() -> object:
            checks.append(screen.focused)
            return kept()

        footer.shown_keys = shown_keys  # type: ignore[method-assign]
        await pilot.press("tab")  # a hex where Ann can act
        await _settle(pilot)
        for key, list_open in (("enter", True), ("escape", False), ("enter", True)):
            before = footer.updates
            checks.clear()
            await pilot.press(key)
            await _settle(pilot)
            assert screen.list_open is list_open
            assert screen.action_list.has_focus is list_open
            assert footer.updates == before + 1, key  # the keys of the new focus, at once
            # Never a check under the old focus: that is a whole footer drawn for nothing.
            wanted = screen.action_list if list_open else screen.hexmap
            assert checks and all(focused is wanted for focused in checks), (key, checks)
        keys = footer.keys
        await pilot.press("escape")
        await _settle(pilot)
        assert footer.keys != keys  # the map's keys, not the list's


async def test_no_rule_styles_the_map_by_its_focus(store: SaveStore) -> None:
    """HexMap skips Textual's restyle on a focus change: a :focus rule for the map (in
    styles/via_nebula.tcss or anywhere) would then never show, so none may exist."""
    app = _app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        hexmap = app.screen.query_one(HexMap)
        for focused in (True, False):
            if focused:
                hexmap.focus()
            else:
                app.screen.query_one("#via-actions").focus()
            await _settle(pilot)
            assert hexmap.has_focus is focused
            look = (hexmap.visual_style, hexmap.styles.background, hexmap.styles.tint,
                    hexmap.styles.background_tint, hexmap.styles.border)
            hexmap.update_node_styles(animate=False)  # what Textual's watcher would do
            await _settle(pilot)
            assert (hexmap.visual_style, hexmap.styles.background, hexmap.styles.tint,
                    hexmap.styles.background_tint, hexmap.styles.border) == look


async def test_a_play_shows_the_boards_a_frame_later(store: SaveStore) -> None:
    """The play's own frame has the map, header and list; the contracts and boards
    follow in the frame after, from the view shown then."""
    app = _app(store)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, ViaNebulaScreen)
        boards = screen.query_one("#via-boards", TextLines)
        before = boards.text
        await pilot.press("tab", "enter")
        await _settle(pilot)
        frames: list[str] = []
        kept = app.post_display_hook

        def after_frame() -> None:
            frames.append(boards.text)
            kept()

        app.post_display_hook = after_frame  # type: ignore[method-assign]
        played = len(screen.session.actions)
        await pilot.press("enter")  # plays the first action
        for _ in range(10):
            await pilot.pause(0.05)
        assert len(screen.session.actions) > played
        assert frames and frames[0] == before  # the play's own frame: the boards as they were
        assert boards.text != before  # then the played view's (a craftsman or site less)


async def test_the_last_play_shows_the_boards_in_its_own_frame(store: SaveStore) -> None:
    """At the end the game-over dialog opens over the table in the play's frame: the
    boards are drawn before it, not under it a frame later (a repaint of its backdrop)."""
    rules = get_game("via_nebula").rules
    session = session_at(11, human_turns_left=0)
    state = rules.setup(2, 11, {})
    for action in session.actions:
        rules.apply(state, action)
    bots = [NormalBot(rules, random.Random(seat)) for seat in (0, 1)]
    while (mover := rules.to_move(state)) is not None:
        rules.apply(state, bots[mover].choose(rules.observe(state, mover), mover))
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        await _settle(pilot)
        screen = app.screen
        assert isinstance(screen, ViaNebulaScreen)
        boards = screen.query_one("#via-boards", TextLines)
        before = boards.text
        final = rules.observe(state, screen.viewer)
        assert isinstance(final, ViaNebulaState)
        screen.refresh_table(final)
        assert boards.text != before  # at once: no frame after to wait for
