"""The end-of-game and summary dialogs are light: few widgets, no Footer, the answers on
one ChoiceRow and the breakdown drawn as lines that fit the dialog."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from textual.app import App
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Footer

from tui_games.engine.core import DETAIL, Outcome
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat
from tui_games.games.nebular_colors.summary import HandSummary
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.choice_row import ChoiceRow
from tui_games.tui.screens.game_over import (
    WINNER_MARK,
    Breakdown,
    GameOverScreen,
    breakdown_grid,
    breakdown_lines,
    natural_width,
)

LONG = f"{DETAIL}each white linked to orange, 3 VP each"


def outcome(players: int = 2) -> Outcome:
    rows = [[("Stars in the Galaxy", 10 + i), (LONG, 3)] for i in range(players)]
    return Outcome.from_scores([10 + i for i in range(players)], "Most points.", rows)


def test_the_breakdown_lines_align_numbers_right_and_mark_the_winner() -> None:
    grid = breakdown_grid(outcome(), [Seat("Ann"), Seat("Bo")])
    lines = [line.plain for line in breakdown_lines(grid, 70)]
    assert lines[0].endswith(f"Ann    {WINNER_MARK} Bo")
    # Score and place first, under the names: at 80x24 a long breakdown scrolls.
    assert lines[1].startswith("Score") and lines[1].endswith("10      11")
    assert lines[2].startswith("Place") and lines[2].endswith("2nd     1st")
    assert lines[3].startswith("Stars in the Galaxy") and lines[3].endswith("10      11")
    assert len({len(line) for line in lines}) == 1  # one block, every line as wide


def test_a_breakdown_too_wide_wraps_its_labels_under_their_start() -> None:
    grid = breakdown_grid(outcome(6), [Seat(f"Player {i}") for i in range(6)])
    lines = [line.plain for line in breakdown_lines(grid, 70)]
    assert max(len(line) for line in lines) <= 70
    at = next(i for i, line in enumerate(lines) if line.startswith("  each white"))
    assert lines[at].rstrip().endswith("3")  # the numbers stay on the label's first line
    labels = [line[:12].strip() for line in lines[at:at + 4]]  # the label column
    assert " ".join(labels) == LONG.strip()
    assert all(line.startswith("  ") and line[2] != " " for line in lines[at:at + 4])


def test_names_too_long_for_the_dialog_end_in_an_ellipsis() -> None:
    grid = breakdown_grid(outcome(6), [Seat(f"A very long name {i}") for i in range(6)])
    lines = [line.plain for line in breakdown_lines(grid, 70)]
    assert max(len(line) for line in lines) <= 70
    assert "…" in lines[0]


async def test_game_over_has_few_widgets_and_no_footer() -> None:
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameOverScreen(outcome(), [Seat("Ann"), Seat("Bo")], "Nebula"))
        await pilot.pause()
        screen = app.screen
        assert not screen.query(Footer)
        # 24 with Buttons, Statics and a Footer; 7 with Statics and a VerticalScroll
        # around the table: now the box, its body and the answers
        assert len(screen.query(Widget)) == 3
        breakdown = screen.query_one("#breakdown", Breakdown)
        assert breakdown.block_width(breakdown.size.width) <= 70
        assert isinstance(screen.focused, ChoiceRow)


async def test_the_answers_move_with_the_arrows_and_enter_presses_one() -> None:
    app: App[None] = App()
    chosen: list[str | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameOverScreen(outcome(), [Seat("Ann"), Seat("Bo")]), chosen.append)
        await pilot.pause()
        row = app.screen.query_one("#answers", ChoiceRow)
        assert row.answer == "new"
        await pilot.press("right", "right")
        assert row.answer == "review"
        await pilot.press("left", "left", "left")  # round from the first to the last
        assert row.answer == "menu"
        await pilot.press("enter")
        await pilot.pause()
    assert chosen == ["menu"]


async def test_a_click_on_an_answer_presses_it() -> None:
    app: App[None] = App()
    chosen: list[str | None] = []
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(GameOverScreen(outcome(), [Seat("Ann"), Seat("Bo")]), chosen.append)
        await pilot.pause()
        row = app.screen.query_one("#answers", ChoiceRow)
        text = row.render().plain
        await pilot.click(row, offset=(text.index("Rematch") + 2, 0))
        await pilot.pause()
    assert chosen == ["rematch"]


async def test_the_hand_summary_has_no_footer_and_names_its_keys() -> None:
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        app.push_screen(HandSummary("Hand 1 is over", ["[b]Ann[/b] scored 7."]))
        await pilot.pause()
        screen = app.screen
        assert not screen.query(Footer)
        shown = " ".join(str(widget.render()) for widget in screen.query("Static"))
        assert "[b]Ann[/b] scored 7." in shown  # text, never markup
        assert "Enter" in shown and "r: look" in shown


async def test_opening_a_dialog_lays_out_nothing_twice_and_a_resize_still_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: Textual sent a new dialog a Resize to the size it had just been laid
    out at, and its handler laid the dialog and every screen under it out again (a
    second whole-screen frame). A real resize still lays the dialog out anew."""
    layouts: list[Screen[object]] = []
    laid_out = Screen._refresh_layout  # Textual's: counted, not changed

    def counted(screen: Screen[object], *args: object, **kwargs: object) -> None:
        layouts.append(screen)
        laid_out(screen, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    app: App[None] = App()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        beneath = app.screen
        for dialog in (GameOverScreen(outcome(), [Seat("Ann"), Seat("Bo")]),
                       HandSummary("Hand 1 is over", ["Ann scored 7."])):
            layouts.clear()
            app.push_screen(dialog)
            await pilot.pause()
            await pilot.pause()
            assert beneath not in layouts  # the screen under it stays as it was laid out
            assert layouts.count(dialog) <= 2  # shown, then its new widgets' sizes
            await pilot.resize_terminal(100, 30)
            await pilot.pause()
            assert dialog.outer_size == (100, 30)
            assert beneath in layouts
            await pilot.resize_terminal(80, 24)
            await pilot.pause()
            app.pop_screen()
            await pilot.pause()


@pytest.mark.parametrize(("size", "rows"), [((80, 24), 3), ((80, 24), 9), ((80, 24), 14),
                                            ((120, 40), 9), ((120, 40), 10)])
async def test_the_scores_scroll_bar_is_there_from_the_first_layout(
        monkeypatch: pytest.MonkeyPatch, size: tuple[int, int], rows: int) -> None:
    """Issue 17: left to Textual, a breakdown taller than its box was laid out and
    drawn without its scroll bar, then laid out and drawn again with it. The dialog
    works out beforehand whether it needs one, and is right about it."""
    layouts: list[Screen[object]] = []
    laid_out = Screen._refresh_layout  # Textual's: counted, not changed

    def counted(screen: Screen[object], *args: object, **kwargs: object) -> None:
        layouts.append(screen)
        laid_out(screen, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Screen, "_refresh_layout", counted)
    scores = [[(f"Row {j}", j) for j in range(rows)] for _ in range(2)]
    app = GamesApp(SaveStore(Path(tempfile.mkdtemp())))
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        dialog = GameOverScreen(Outcome.from_scores([1, 2], "Most points.", scores),
                                [Seat("Ann"), Seat("Bo")], "Nebula", hints="Hints used: 0")
        layouts.clear()
        app.push_screen(dialog)
        for _ in range(3):
            await pilot.pause()
        box = dialog.query_one("#breakdown", Breakdown)
        taller = box.virtual_size.height > box.size.height
        assert box.show_vertical_scrollbar == taller
        assert taller == (rows >= 9 if size == (80, 24) else rows >= 10)
        assert layouts.count(dialog) <= 2  # shown, then its new widgets' sizes


@pytest.mark.parametrize("players", [1, 2, 6])
def test_the_natural_width_is_the_width_of_the_lines_nothing_wrapped(players: int) -> None:
    """The dialog sizes the table's block by natural_width, without laying it out."""
    grid = breakdown_grid(outcome(players), [Seat(f"Player {i}") for i in range(players)])
    assert natural_width(grid) == max(line.cell_length
                                      for line in breakdown_lines(grid, 10_000))


async def test_a_long_hints_line_wraps_in_the_dialog_and_is_not_cut() -> None:
    """The hints line is a row of the dialog's body: wider than the body, it wraps (as
    the Static it was did) and every name still shows."""
    names = [f"Player number {i}" for i in range(6)]
    hints = "Hints used: " + ", ".join(f"{name} {i}" for i, name in enumerate(names))
    app = GamesApp(SaveStore(Path(tempfile.mkdtemp())))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(GameOverScreen(outcome(), [Seat("Ann"), Seat("Bo")], "Nebula",
                                       hints=hints))
        await pilot.pause()
        await pilot.pause()
        body = app.screen.query_one("#breakdown", Breakdown)
        room = body.scrollable_content_region.width
        drawn = [body.render_line(y).text.rstrip()
                 for y in range(body.size.height)]
        note = [line.strip() for line in drawn if "Player number" in line]
        assert all(len(line) <= room for line in drawn)
        assert " ".join(note) == hints


async def test_the_body_s_text_is_its_rows_as_drawn() -> None:
    """A mouse selection copies from, and is drawn over, the body's text (render): it is
    row for row what the body draws, blank rows and centring included."""
    app = GamesApp(SaveStore(Path(tempfile.mkdtemp())))
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        app.push_screen(GameOverScreen(outcome(), [Seat("Ann"), Seat("Bo")], "Nebula",
                                       hints="Hints used: Ann 1"))
        await pilot.pause()
        await pilot.pause()
        body = app.screen.query_one("#breakdown", Breakdown)
        drawn = [body.render_line(y).text for y in range(body.size.height)]
        assert body.render().plain.split("\n") == drawn
        at = [row.strip() for row in drawn].index("Hints used: Ann 1")
        assert at < body.pinned(body.scrollable_content_region.width)  # never scrolled
        assert not drawn[-1].strip()  # the table's box, blank below
