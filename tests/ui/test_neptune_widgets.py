"""Unit tests of the trick-taking widgets (TrickArea, TrickPiles) and the ScoreTracker.

Each widget runs in a small App of its own: the widgets never need the game or a screen.
"""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.widget import Widget

from tui_games.games.neptune.score_tracker import ScoreTracker, tracker_rows
from tui_games.games.neptune.trick import PileFace, TrickArea, TrickPiles, TrickSeat
from tui_games.tui.widgets.card import CardFace


class WidgetApp(App[None]):
    """Hosts the widgets under test."""

    def __init__(self, *widgets: Widget) -> None:
        super().__init__()
        self._widgets = widgets

    def compose(self) -> ComposeResult:
        yield from self._widgets


def face(label: str) -> CardFace:
    return CardFace(key=hash(label) % 1000, label=label)


# ---- ScoreTracker -------------------------------------------------------------------

@pytest.mark.parametrize(("score", "tens", "ones"), [
    (0, "0○○○○○", "0○○○○○○○○○"),
    (12, "○1○○○○", "○○2○○○○○○○"),
    (50, "○○○○○5", "0○○○○○○○○○"),
    (59, "○○○○○5", "○○○○○○○○○9"),
    (64, "○○○○○5+", "○○○○4○○○○○"),
])
def test_tracker_marks_the_tens_and_ones_digits_with_the_digits_themselves(
        score: int, tens: str, ones: str) -> None:
    assert tracker_rows(score) == (tens, ones)


def test_tracker_never_shows_below_zero() -> None:
    assert tracker_rows(-7) == tracker_rows(0)


async def test_score_tracker_shows_both_rows_and_the_number() -> None:
    tracker = ScoreTracker(7)
    async with WidgetApp(tracker).run_test(size=(30, 4)) as pilot:
        assert tracker.render().plain.split("\n") == ["0○○○○○  7", "○○○○○○○7○○"]
        tracker.set_score(38)
        await pilot.pause()
        assert tracker.render().plain.split("\n") == ["○○○3○○ 38", "○○○○○○○○8○"]
        assert tracker.size.height == 2


# ---- TrickArea ------------------------------------------------------------------------

async def test_trick_area_lists_seats_in_play_order_and_stars_the_winning_card() -> None:
    area = TrickArea()
    async with WidgetApp(area).run_test(size=(40, 8)) as pilot:
        area.set_trick([TrickSeat("Bob", face("R6 (5)")), TrickSeat("Sue", face("B1 (10)")),
                        TrickSeat("Ann")], title="Trick 2 of 9", follow="follow Red",
                       winning=1, next_seat=2)
        await pilot.pause()
        lines = area.text.split("\n")
        assert lines == ["Bob R6 (5)", "Sue B1 (10) ★ winning", "Ann ▸ to play"]
        assert area.border_title == "Trick 2 of 9" and area.border_subtitle == "follow Red"
        assert area.size.height == 4  # the note's line is kept: no layout pass when it comes


async def test_trick_area_shows_a_note_under_the_cards() -> None:
    area = TrickArea()
    async with WidgetApp(area).run_test(size=(40, 8)) as pilot:
        area.set_trick([TrickSeat("Bob", face("JG")), TrickSeat("Sue", face("R2 (9)"))],
                       winning=0, note="Bob won: choosing")
        await pilot.pause()
        assert area.text.split("\n")[-1] == "Bob won: choosing"
        assert area.size.height == 3


async def test_trick_area_repaints_only_the_lines_a_played_card_changes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    area = TrickArea()
    async with WidgetApp(area).run_test(size=(40, 8)) as pilot:
        area.set_trick([TrickSeat("Bob", face("R6 (5)")), TrickSeat("Sue"), TrickSeat("Ann")],
                       title="Trick 1 of 9", winning=0, next_seat=1)
        await pilot.pause()
        repainted: list[tuple[Region, ...]] = []
        real = Widget.refresh

        def spy(self: Widget, *regions: Region, **kwargs: bool) -> Widget:
            if self is area:  # what Textual is asked to repaint
                repainted.append(regions)
            return real(self, *regions, **kwargs)

        monkeypatch.setattr(Widget, "refresh", spy)
        area.set_trick([TrickSeat("Bob", face("R6 (5)")), TrickSeat("Sue", face("R2 (9)")),
                        TrickSeat("Ann")], title="Trick 1 of 9", winning=0, next_seat=2)
        await pilot.pause()
        assert [{r.y for r in regions} for regions in repainted] == [{1, 2}]
        assert area.text.split("\n") == ["Bob R6 (5) ★ winning", "Sue R2 (9)", "Ann ▸ to play"]


async def test_a_bordered_trick_area_repaints_the_lines_that_changed_on_screen() -> None:
    """As Neptune draws it, in a border: when the star moves from the first card to the
    second, the first line loses it on screen too (a stale star stayed there once)."""
    area = TrickArea()
    area.styles.border = ("round", "white")
    async with WidgetApp(area).run_test(size=(40, 8)) as pilot:
        seats = [TrickSeat("Bob", face("G3 (8)")), TrickSeat("Ann")]
        area.set_trick(seats, title="Trick 1 of 9", winning=0, next_seat=1)
        await pilot.pause()
        seats = [TrickSeat("Bob", face("G3 (8)")), TrickSeat("Ann", face("G10 (1)"))]
        area.set_trick(seats, title="Trick 1 of 9", winning=1, note="Ann won it",
                       finished=True)
        await pilot.pause()
        screen = ["".join(segment.text for segment in strip)
                  for strip in pilot.app.screen._compositor.render_strips()]
        assert screen[1].startswith("│Bob G3 (8)   ") and "★" not in screen[1]
        assert "Ann G10 (1) ★ won" in screen[2] and "Ann won it" in screen[3]


# ---- TrickPiles -----------------------------------------------------------------------

async def test_trick_piles_show_top_cards_scores_and_marks() -> None:
    piles = TrickPiles()
    async with WidgetApp(piles).run_test(size=(60, 4)) as pilot:
        assert piles.text == "no tricks"
        piles.set_piles([PileFace(face("R1"), 10), PileFace(face("A7"), -14),
                         PileFace(face("G2"), 18, note="×2"), PileFace(face("BH"), 0, "/A5"),
                         PileFace(face("PM"), 0, destroyed=True)])
        await pilot.pause()
        assert piles.text == "R1 10  A7 -14  G2×2 18  BH/A5 0  PM✗"


async def test_trick_piles_write_the_score_with_the_games_unit() -> None:
    """Issue 31: Neptune's piles read "R9 2" where the hand reads "R9 2pt": the 2 was
    taken for a strength. The unit the game gives follows every score."""
    piles = TrickPiles()
    async with WidgetApp(piles).run_test(size=(60, 4)) as pilot:
        piles.set_piles([PileFace(face("R9"), 2, unit="pt"), PileFace(face("A5"), -10, "×2",
                                                                          unit="pt"),
                         PileFace(face("PM"), 0, destroyed=True, unit="pt")])
        await pilot.pause()
        assert piles.text == "R9 2pt  A5×2 -10pt  PM✗"


async def test_trick_piles_wrap_and_fold_the_oldest_when_lines_run_out() -> None:
    piles = TrickPiles(max_lines=2)
    async with WidgetApp(piles).run_test(size=(16, 4)) as pilot:
        piles.set_piles([PileFace(face(f"R{i}"), 11 - i) for i in range(1, 9)])
        await pilot.pause()
        lines = piles.text.split("\n")
        assert len(lines) == 2 and lines[0].startswith("R")
        assert lines[-1].startswith("R8 3  (") and lines[-1].endswith(" more)")
        assert piles.size.height == 2


async def test_trick_piles_start_with_the_rounds_total_and_keep_it_when_folding() -> None:
    piles = TrickPiles(max_lines=2)
    async with WidgetApp(piles).run_test(size=(20, 4)) as pilot:
        piles.set_piles([PileFace(face(f"R{i}"), 11 - i) for i in range(1, 9)], total=44)
        await pilot.pause()
        lines = piles.text.split("\n")
        assert lines == ["round +44:  R8 3", "            (7 more)"] and piles.total == 44


async def test_wrapped_piles_hang_under_the_first_pile_not_beside_the_tracker() -> None:
    """Issue 19: at 80x24 a pile wrapped to the second row sat right after the tracker's
    `ones` row ("ones ●○○○○○○○○○ A5 -5"), reading as part of the score. A wrapped line
    starts under the first pile, the total's column left blank."""
    piles = TrickPiles(max_lines=2)
    async with WidgetApp(piles).run_test(size=(19, 4)) as pilot:
        piles.set_piles([PileFace(face("SF"), 3), PileFace(face("B10"), 1),
                         PileFace(face("A5"), -5)], total=-1)
        await pilot.pause()
        lines = piles.text.split("\n")
        indent = len("round -1:  ")
        assert lines[0].startswith("round -1:  ") and len(lines) == 2
        assert lines[1][:indent] == " " * indent and lines[1][indent] != " "
        assert all(len(line) <= 19 for line in lines)


async def test_score_tracker_legend_names_the_tens_and_ones_rows() -> None:
    tracker = ScoreTracker(27, legend=True)
    async with WidgetApp(tracker).run_test(size=(30, 4)):
        assert tracker.render().plain.split("\n") == ["tens ○○2○○○ 27", "ones ○○○○○○○7○○"]


async def test_the_more_note_follows_the_piles_it_counts_at_80x24() -> None:
    """Issue 31: at 80x24 (piles 19 columns wide, two rows) "round +3:  (4 more)" sat on
    the total's row with the piles on the row below, a note on the total, not on the
    piles. The note now comes after the newest piles shown, whatever the total's width;
    the piles carry the hand's unit ("R8 3pt", never "R8 3")."""
    piles = TrickPiles(max_lines=2)
    async with WidgetApp(piles).run_test(size=(19, 4)) as pilot:
        shown = [PileFace(face(f"R{i}"), 11 - i, unit="pt") for i in range(1, 9)]
        for total in (3, 22, -3):
            piles.set_piles(shown, total=total)
            await pilot.pause()
            lines = piles.text.split("\n")
            assert len(lines) == 2 and lines[0].startswith(f"round {total:+d}:"), lines
            assert lines[0].split(":")[1].strip().startswith("R"), lines  # a pile, no note
            assert lines[1].endswith(" more)"), lines
            hidden = int(lines[1].split("(")[1].split()[0])
            newest = [f"R{i} {11 - i}pt" for i in range(hidden + 1, 9)]
            assert " ".join(" ".join(lines).split(":")[1].split()[:-2]) == " ".join(newest)
            assert all(len(line) <= 19 for line in lines)
        piles.set_piles(shown[:1] * 12, total=3)  # a note too wide to hang: still whole
        await pilot.pause()
        lines = piles.text.split("\n")
        assert len(lines) == 2 and lines[-1].endswith("(10 more)"), lines
        assert all(len(line) <= 19 for line in lines)
