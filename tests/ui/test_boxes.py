"""The BLANK layout boxes (Column, Row): the same look as Textual's containers."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Horizontal, Vertical
from textual.strip import Strip
from textual.widgets import Static

from tui_games.tui.widgets.boxes import Column, Row


class BoxesApp(App[None]):
    CSS = """
    #a, #b { height: 2; background: $panel; padding: 0 1; }
    """

    def __init__(self, blank: bool) -> None:
        super().__init__()
        self.blank = blank

    def compose(self) -> ComposeResult:
        column, row = (Column, Row) if self.blank else (Vertical, Horizontal)
        with column(id="a"):
            yield Static("top")
        with row(id="b"):
            yield Static("left", classes="w")
            yield Static("right", classes="w")


async def test_the_blank_boxes_look_exactly_like_textuals_containers() -> None:
    drawn = []
    for blank in (False, True):
        app = BoxesApp(blank)
        async with app.run_test(size=(30, 6)) as pilot:
            await pilot.pause()
            drawn.append(cells(app.screen._compositor.render_strips()))
    assert drawn[0] == drawn[1]


def cells(strips: list[Strip]) -> list[tuple[str, object, object]]:
    """What a player sees of each cell: its character, background, and the colour and
    boldness of a character that is not a space."""
    seen = []
    for strip in strips:
        for segment in strip:
            style = segment.style
            for char in segment.text:
                ink = (style.color, style.bold) if style and char != " " else None
                seen.append((char, style.bgcolor if style else None, ink))
    return seen
