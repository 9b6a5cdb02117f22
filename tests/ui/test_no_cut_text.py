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

The positions come from seeded random games of each registered game (two or three seats):
the first positions of every phase its state names, each shown to the seat deciding there
(a human, the others bots) and drawn again after a few cursor keys; a question over the
table (a trade offer) and the result screen are checked too.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any, NamedTuple

import pytest
from rich.text import Text
from textual.content import Content
from textual.errors import NoWidget
from textual.screen import Screen
from textual.widget import Widget
from ui_harness import SIZE, settle

from tui_games.engine.core import default_options, phase_of, phases_of
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import GAMES, get_game
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.game_over import GameOverScreen
from tui_games.tui.widgets.action_list import ActionList
from tui_games.tui.widgets.line_widget import LineWidget, joined

MakeApp = Callable[..., GamesApp]
ELLIPSIS = "…"
PER_PHASE = 2  # positions shown of each phase
MOVES = 600  # random moves looked through per game for positions
SEEDS = tuple(range(19, 31))  # games played until every phase was seen
KEYS = ("right", "down", "tab", "down")  # cursor keys: no key here plays a move


class Position(NamedTuple):
    """A position to show: the game's seed and options, the actions to it, the seat
    deciding."""

    seed: int
    options: dict[str, str]
    actions: list[Any]
    seat: int


def options_for(rules: Any, game: int) -> dict[str, str]:
    """The first game with the default options, each next one with the next choice of
    every option (Neptune's Plasma Shield, and its phase, is only in some special sets)."""
    options = dict(default_options(rules))
    if game:
        for spec in rules.option_specs:
            options[spec.key] = spec.choices[game % len(spec.choices)][0]
    return options


def players(game_id: str) -> int:
    """Two or three seats: the phases between players (trades, attacks) need them."""
    rules = get_game(game_id).rules
    return max(rules.min_players, min(rules.max_players, 3))


def phases(state: Any) -> tuple[str, ...]:
    """The phases the game's state can be in (engine.core.phases_of), or one unnamed."""
    return phases_of(type(state)) or ("",)


def positions(game_id: str) -> Iterator[Position]:
    """Positions of seeded random games where a seat decides: the first of every phase
    and a few more (``PER_PHASE``), and the end."""
    rules = get_game(game_id).rules
    seen: Counter[str] = Counter()
    wanted: tuple[str, ...] = ()
    for game, seed in enumerate(SEEDS):
        options = options_for(rules, game)
        state = rules.setup(players(game_id), seed, options)
        wanted = phases(state)
        rng = random.Random(seed)
        actions: list[Any] = []
        for _ in range(MOVES):
            mover = rules.to_move(state)
            phase = phase_of(state)
            if mover is None:
                if not seen["over"]:
                    seen["over"] += 1
                    yield Position(seed, options, list(actions), 0)
                break
            if seen[phase] < PER_PHASE and (not seen[phase] or rng.random() < 0.2):
                seen[phase] += 1
                yield Position(seed, options, list(actions), mover)
            action = rng.choice(rules.legal_actions(state))
            rules.apply(state, action)
            actions.append(action)
        if all(seen[p] for p in wanted):
            return


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


def cut_lines(screen: Screen[Any], rows: list[str]) -> list[str]:
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
    faults: dict[str, str] = {}  # each fault once, with where it was seen first
    app = make_app(store)
    async with app.run_test(size=SIZE) as pilot:
        for seed, options, actions, seat in positions(game_id):
            # The seat deciding plays from the keyboard: its choices are on the table.
            seats = [Seat("Ann") if i == seat else Seat(f"Bot {i + 1}", bot)
                     for i in range(players(game_id))]
            session = Session(rules, seats, seed, options, actions=actions)
            app.back_to_menu(save=False)
            app.open_game(session)
            await pilot.pause()
            phase = str(getattr(session.state, "phase", ""))
            where = f"{phase} after {len(actions)} moves"
            if isinstance(app.screen, GameOverScreen):  # the result, over the table
                for fault in cut_lines(app.screen, screen_rows(app)):
                    faults.setdefault(fault, f"{where}, the result")
                app.pop_screen()
                await pilot.pause()
            top = app.screen  # the table, or a question over it (a trade offer)
            assert isinstance(top, GameScreen) or isinstance(app.screen_stack[-2], GameScreen)
            for step in ("", *KEYS):
                if step:
                    await pilot.press(step)
                    await pilot.pause()
                if app.screen is not top:
                    break
                for fault in cut_lines(top, screen_rows(app)):
                    faults.setdefault(fault, f"{where}, {step}")
        await settle(app, pilot)
    assert not faults, "\n".join(f"{f}   [{where}]" for f, where in faults.items())


def test_every_phase_of_every_game_is_shown() -> None:
    """The positions above reach every phase each game's state names (none is skipped
    because random play did not get there)."""
    missing = {}
    for game_id in GAMES:
        rules = get_game(game_id).rules
        state = rules.setup(players(game_id), SEEDS[0], default_options(rules))
        shown = set()
        for position in positions(game_id):
            replayed = rules.setup(players(game_id), position.seed, position.options)
            for action in position.actions:
                rules.apply(replayed, action)
            shown.add(str(getattr(replayed, "phase", "")))
        if set(phases(state)) - shown:
            missing[game_id] = sorted(set(phases(state)) - shown)
    assert not missing
