"""OwnKeys (a focused widget runs its own bindings where the key lands) and the BLANK
layout boxes (Column, Row): the same behaviour and look as Textual's, at less cost."""

from __future__ import annotations

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from tui_games.widgets.boxes import Column, Row
from tui_games.widgets.own_keys import OwnKeys


class Counter(OwnKeys, Widget, can_focus=True):
    """Counts its own key; 'x' is bound but refused while ``locked``."""

    BINDINGS = [Binding("right", "step", "Step"), Binding("x", "locked_key", "X")]
    locked = True

    def __init__(self) -> None:
        super().__init__()
        self.steps = 0
        self.x_runs = 0

    def action_step(self) -> None:
        self.steps += 1

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return not (action == "locked_key" and self.locked)

    def action_locked_key(self) -> None:
        self.x_runs += 1


class Box(Vertical):
    """An ancestor that records the keys that bubble up to it."""

    def __init__(self, *children: Widget) -> None:
        super().__init__(*children)
        self.seen: list[str] = []

    def on_key(self, event: events.Key) -> None:
        self.seen.append(event.key)


class KeysApp(App[None]):
    def compose(self) -> ComposeResult:
        yield Box(Counter())

    def on_mount(self) -> None:
        self.query_one(Counter).focus()


async def test_a_focused_widgets_own_binding_runs_without_the_key_bubbling() -> None:
    app = KeysApp()
    async with app.run_test() as pilot:
        await pilot.press("right", "right", "left")
        counter, box = app.query_one(Counter), app.query_one(Box)
        assert counter.steps == 2
        assert box.seen == ["left"]  # only the key the widget does not bind went up


async def test_a_binding_its_widget_refuses_bubbles_on_as_in_textual() -> None:
    app = KeysApp()
    async with app.run_test() as pilot:
        await pilot.press("x")
        counter, box = app.query_one(Counter), app.query_one(Box)
        assert counter.x_runs == 0 and box.seen == ["x"]
        counter.locked = False
        await pilot.press("x")
        assert counter.x_runs == 1 and box.seen == ["x"]


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
