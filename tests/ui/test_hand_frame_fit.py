"""A framed hand's columns move without a layout pass before the cards' frame: a card
played changes the hand, and its blank columns (MapFrame) must not add a reflow of the
whole screen to that key's first frame (issue 17's budget)."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.widget import Widget

from tui_games.tui.widgets.card import CardFace
from tui_games.tui.widgets.cell_map import MapFrame
from tui_games.tui.widgets.hand import Hand


def faces(labels: list[str]) -> list[CardFace]:
    return [CardFace(key=n, label=label, rank=n) for n, label in enumerate(labels)]


class HandLab(App[None]):
    """A framed hand that keeps two rows, as Neptune's does."""

    CSS = "MapFrame { width: 1fr; } Hand { width: 1fr; min-height: 2; }"

    def compose(self) -> ComposeResult:
        # At 80 columns a cell of a 3-letter label is 6 wide: 13 cards a row.
        yield MapFrame(Hand(faces([f"B{n:02d}" for n in range(14)]), captions=False,
                            selectable=False), columns=16)


def layouts_asked(monkeypatch: pytest.MonkeyPatch) -> list[Widget]:
    """The widgets that ask for a layout pass from now on."""
    asked: list[Widget] = []
    refresh = Widget.refresh

    def recording(self: Widget, *regions: object, **kwargs: bool) -> Widget:
        if kwargs.get("layout"):
            asked.append(self)
        return refresh(self, *regions, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Widget, "refresh", recording)
    return asked


def cut_shapes(frame: MapFrame, hand: Hand) -> list[tuple[int, int]]:
    return [(cut.region.width, cut.region.height) for cut in frame.children
            if cut is not hand and cut.display]


async def test_a_row_emptied_within_the_min_height_leaves_the_columns_alone(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = HandLab()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand, frame = app.query_one(Hand), app.query_one(MapFrame)
        assert hand.size.height == 2  # two rows of cards
        before = cut_shapes(frame, hand)
        assert {height for _, height in before} == {2}
        asked = layouts_asked(monkeypatch)
        hand.set_cards(faces([f"B{n:02d}" for n in range(5)]))  # one row now
        await pilot.pause()
        assert asked == []
        assert cut_shapes(frame, hand) == before
        assert hand.size.height == 2


async def test_a_new_card_width_moves_the_columns_after_the_frame(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = HandLab()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        hand, frame = app.query_one(Hand), app.query_one(MapFrame)
        before = cut_shapes(frame, hand)
        # The longer labels are gone: cells 5 wide, more of them on a row.
        asked = layouts_asked(monkeypatch)
        hand.set_cards(faces([f"B{n}" for n in range(10)]))
        assert asked == []  # the cards' frame first
        assert [cut.styles.width.cells for cut in frame.children
                if cut is not hand and cut.display] == [6] * len(before)
        await pilot.pause()
        await pilot.pause()
        cell = hand.cut_widths()[0][0]
        assert cell == 5
        assert cut_shapes(frame, hand) == [(5, 2)] * 16  # the frame's 16 columns
        edges = [cut.region.x for cut in frame.children if cut is not hand and cut.display]
        assert edges == [n * cell for n in range(16)]
