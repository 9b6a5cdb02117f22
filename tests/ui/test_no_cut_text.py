"""No visible line is cut mid-text without a mark (issue 19, item 4): at 80x24, every phase of
every game, each widget's lines either fit the part of the widget on screen, wrap, or end
with "…" where they are cut.

How a cut is found: each widget's own text (what it would draw with room enough: its
content lines, wrapped the way the widget wraps them at its content width) is compared
with the columns of the widget that are on screen (its content region, clipped by its
containers). A line longer than those columns is cut; it is a fault when the part beyond
the edge holds more than spaces and the row drawn on screen (found by its visible part)
does not end with "…". Rows scrolled out of sight, and lines that Textual itself ends in
an ellipsis (text-overflow), are not drawn as the plain visible part, so they pass.

The positions come from a seeded random game of each registered game: the human (seat 1,
against bots) is shown the first few positions of every phase the game passes through,
and each is drawn again after a few cursor keys.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from conftest import SIZE, settle
from rich.text import Text
from textual.content import Content
from textual.errors import NoWidget
from textual.widget import Widget

from tui_games.app import GamesApp
from tui_games.engine.core import default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import GAMES, get_game
from tui_games.screens.game import GameScreen
from tui_games.widgets.action_list import ActionList
from tui_games.widgets.line_widget import LineWidget, joined

MakeApp = Callable[..., GamesApp]
ELLIPSIS = "…"
PER_PHASE = 3  # positions shown of each phase
MOVES = 400  # random moves looked through for positions
KEYS = ("right", "down", "tab", "down")  # cursor keys: no key here plays a move


def positions(game_id: str, seed: int = 19) -> Iterator[list[Any]]:
    """Action lists leading to positions where the human (seat 0) decides, up to
    ``PER_PHASE`` of each phase, spread over a random game."""
    info = get_game(game_id)
    rules = info.rules
    players = rules.min_players
    state = rules.setup(players, seed, default_options(rules))
    rng = random.Random(seed)
    actions: list[Any] = []
    seen: dict[str, int] = {}
    for _ in range(MOVES):
        mover = rules.to_move(state)
        if mover is None:
            yield list(actions)  # the end of the game
            return
        phase = str(getattr(state, "phase", ""))
        if mover == 0 and seen.get(phase, 0) < PER_PHASE and rng.random() < 0.3:
            seen[phase] = seen.get(phase, 0) + 1
            yield list(actions)
        action = rng.choice(rules.legal_actions(state))
        rules.apply(state, action)
        actions.append(action)


def text_lines(widget: Widget, width: int) -> list[str] | None:
    """The widget's lines as it would draw them with room enough (None: not text)."""
    nowrap = widget.styles.text_wrap == "nowrap"

    def wrapped(content: Content) -> list[str]:
        if nowrap:
            return content.plain.split("\n")
        return [line.plain for line in content.wrap(width)]

    if isinstance(widget, ActionList):
        if not widget.texts:
            return []
        # Wrapped in full, or (a preview) one line each, cut to the width.
        wraps = getattr(widget, "_wrapping", True)
        return [line for text in widget.texts
                for line in (wrapped(Content(text)) if wraps else [text])]
    if isinstance(widget, LineWidget):
        lines: list[str] = []
        for line in widget.content_lines(width):
            if isinstance(line, Content):
                lines.extend(wrapped(line))
            else:  # a row of pieces is drawn side by side, never wrapped
                lines.append(joined(line).plain)
        return lines
    shown = widget.render()
    if isinstance(shown, str):
        shown = Content(shown)
    elif isinstance(shown, Text):
        shown = Content.from_rich_text(shown)
    if not isinstance(shown, Content):
        return None
    return wrapped(shown)


def cut_lines(screen: GameScreen, rows: list[str]) -> list[str]:
    """The lines cut by their box with no "…", as "Widget#id: 'visible|lost'"."""
    faults: list[str] = []
    for widget in screen.query(Widget):
        if not widget.display or (widget.is_container and not isinstance(
                widget, LineWidget | ActionList)):
            continue
        try:
            clip = screen.find_widget(widget).clip
        except NoWidget:
            continue  # not on screen
        box = widget.scrollable_content_region
        seen = box.intersection(clip)
        if not seen.width or not seen.height or seen.x != box.x:
            continue
        lines = text_lines(widget, box.width)
        if not lines:
            continue
        width = seen.width
        drawn = {rows[y][seen.x:seen.right] for y in range(seen.y, seen.bottom)
                 if y < len(rows)}
        for line in lines:
            if len(line) <= width or not line[width:].strip():
                continue
            visible = line[:width]
            if visible in drawn and not visible.rstrip().endswith(ELLIPSIS):
                name = type(widget).__name__ + (f"#{widget.id}" if widget.id else "")
                faults.append(f"{name}: {visible!r} | {line[width:].strip()!r}")
    return faults


def screen_rows(app: GamesApp) -> list[str]:
    """The screen's text, row by row."""
    return [strip.text for strip in app.screen._compositor.render_strips()]


@pytest.mark.parametrize("game_id", GAMES)
async def test_no_visible_line_is_cut_without_an_ellipsis(
        game_id: str, store: SaveStore, make_app: MakeApp) -> None:
    info = get_game(game_id)
    rules = info.rules
    bot = "normal" if "normal" in info.bots else next(iter(info.bots))
    seats = [Seat("Ann")] + [Seat(f"Bot {i + 1}", bot) for i in range(1, rules.min_players)]
    faults: dict[str, str] = {}  # each fault once, with where it was seen first
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        for actions in positions(game_id):
            session = Session(rules, seats, 19, default_options(rules), actions=actions)
            app.back_to_menu(save=False)
            app.open_game(session)
            await pilot.pause()
            screen = app.screen
            if not isinstance(screen, GameScreen):  # the result, over the table
                app.pop_screen()
                await pilot.pause()
                screen = app.screen
            assert isinstance(screen, GameScreen)
            phase = str(getattr(session.state, "phase", ""))
            for step in ("", *KEYS):
                if step:
                    await pilot.press(step)
                    await pilot.pause()
                if app.screen is not screen:
                    break
                for fault in cut_lines(screen, screen_rows(app)):
                    faults.setdefault(fault, f"{phase} after {len(actions)} moves, {step}")
        await settle(app, pilot)
    assert not faults, "\n".join(f"{f}   [{where}]" for f, where in faults.items())
