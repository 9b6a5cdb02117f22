"""KeptDrawing: a widget that only sits beside a repaint is not drawn again, and draws
anew once refreshed or restyled; a plain box draws its lines as Textual's styles cache
would (padding, backgrounds, the app's filters, crops) and asks only for the lines
refreshed; KeptStatic is still a Static for the stylesheet."""

from __future__ import annotations

import pytest
from rich.segment import Segment
from rich.style import Style as RichStyle
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from tui_games.widgets.kept_drawing import KeptDrawing, KeptStatic

asked: list[str] = []  # the widgets whose content lines were asked for, in order


class Line(KeptDrawing, Widget):
    """One line of text."""

    DEFAULT_CSS = "Line { height: 1; }"

    def __init__(self, text: str, **kwargs: str) -> None:
        super().__init__(**kwargs)
        self.text = text

    def render_line(self, y: int) -> Strip:
        asked.append(self.id or "")
        return Strip([Segment(self.text, RichStyle(dim=True, color="green"))])

    def show(self, text: str) -> None:
        self.text = text
        self.refresh()


class Table(App[None]):
    CSS = """
    Static { color: red; }
    .tinted { background: blue; }
    """

    def compose(self) -> ComposeResult:
        yield Line("kept", id="kept")
        yield Line("moving", id="moving")
        yield KeptStatic("label", id="label")


async def test_a_widget_beside_a_repaint_is_not_drawn_again_until_it_changes(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Textual draws every widget touched by a frame's repaint through the styles cache;
    a kept one hands back its drawing until it is refreshed or restyled."""
    drawn = asked
    drawn.clear()
    app = Table()
    async with app.run_test(size=(30, 6)) as pilot:
        kept, moving = app.query_one("#kept", Line), app.query_one("#moving", Line)
        await pilot.pause()
        assert "kept" in drawn
        drawn.clear()
        for n in range(3):
            moving.show(f"moving {n}")
            app.screen.refresh()  # a frame that repaints the whole screen
            await pilot.pause()
        assert "moving" in drawn and "kept" not in drawn
        kept.show("changed")  # refreshed: drawn again
        await pilot.pause()
        assert "kept" in drawn
        drawn.clear()
        kept.add_class("tinted")  # restyled: drawn again
        await pilot.pause()
        assert "kept" in drawn


async def test_a_kept_static_is_styled_as_a_static() -> None:
    app = Table()
    async with app.run_test(size=(30, 6)) as pilot:
        await pilot.pause()
        label = app.query_one("#label", Static)
        assert isinstance(label, KeptStatic)
        assert label.styles.color.rgb == (255, 0, 0)  # the rule for Static applies
        label.update("new text")
        await pilot.pause()
        assert "new text" in str(label.render())


class Plain(App[None]):
    """Boxes under a tinted parent: plain ones (padding, translucent background) and one
    with a border, which the styles cache still draws."""

    CSS = """
    Screen { background: #202040; }
    #padded { height: 3; padding: 1 2; background: #ff000080; }
    #bare { height: 2; }
    #boxed { height: 3; border: round green; }
    """

    def compose(self) -> ComposeResult:
        yield Line("padded text", id="padded")
        yield Line("bare", id="bare")
        yield Line("boxed", id="boxed")


def styles_cache_drawing(widget: KeptDrawing, crop: Region) -> list[Strip]:
    """What Textual's own styles cache draws for ``widget`` in ``crop``, from scratch."""
    return StylesCache().render_widget(widget, crop)


@pytest.mark.parametrize("no_color", [False, True])
async def test_a_plain_box_is_drawn_as_the_styles_cache_draws_it(
        monkeypatch: pytest.MonkeyPatch, no_color: bool) -> None:
    """Padding, the box's and its parent's backgrounds, the app's colour filters (dim
    text made true colour; NO_COLOR's monochrome) and a crop of some columns: the plain
    box's own lines equal the styles cache's, segment for segment."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    app = Plain()
    async with app.run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        for name in ("padded", "bare"):
            widget = app.query_one(f"#{name}", Line)
            assert widget._plain_look() is not None
            width, height = widget.outer_size
            for crop in (Region(0, 0, width, height), Region(3, 1, 10, height - 1)):
                widget._kept_drawing = None
                assert widget.render_lines(crop) == styles_cache_drawing(widget, crop)


async def test_a_box_with_a_border_is_drawn_by_the_styles_cache() -> None:
    app = Plain()
    async with app.run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        boxed = app.query_one("#boxed", Line)
        assert boxed._plain_look() is None
        top = boxed.render_lines(boxed.outer_size.region)[0]
        assert top.text.startswith("╭")


async def test_a_parents_new_background_reaches_a_plain_box() -> None:
    """The look is worked out once, and again when an ancestor's style changes."""
    app = Plain()
    async with app.run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        bare = app.query_one("#bare", Line)
        before = bare.render_lines(bare.outer_size.region)
        app.screen.styles.background = "darkgreen"
        await pilot.pause()
        after = bare.render_lines(bare.outer_size.region)
        assert after != before
        bare._kept_drawing = None
        assert after == styles_cache_drawing(bare, bare.outer_size.region)


async def test_a_plain_box_asks_again_only_for_the_lines_refreshed() -> None:
    app = Plain()
    async with app.run_test(size=(30, 10)) as pilot:
        await pilot.pause()
        padded = app.query_one("#padded", Line)
        asked.clear()
        padded.text = "new words"
        padded.refresh(Region(0, 0, padded.content_size.width, 1))
        await pilot.pause(0.1)  # a frame
        assert asked == ["padded"]  # its one content line, not the bare box beside it
        assert "new words" in padded.render_lines(padded.outer_size.region)[1].text


class Themed(App[None]):
    """Plain boxes coloured by the theme: one by its own rule, one only by its parent."""

    CSS = """
    Screen { background: $background; }
    #own { height: 2; background: $panel; color: $text; }
    #inherits { height: 2; }
    """

    def compose(self) -> ComposeResult:
        yield Line("own colours", id="own")
        yield Line("the screen's colours", id="inherits")


@pytest.mark.parametrize("theme", ["textual-light", "ansi-dark"])
async def test_a_new_theme_reaches_every_plain_box(theme: str) -> None:
    """A theme changes the variables every colour comes from: a plain box draws in the
    new colours, whether its own rule or only its parent's uses them (an ANSI theme also
    turns Textual's true-colour filter off)."""
    app = Themed()
    async with app.run_test(size=(30, 6)) as pilot:
        await pilot.pause()
        boxes = [app.query_one(f"#{name}", Line) for name in ("own", "inherits")]
        before = [box.render_lines(box.outer_size.region) for box in boxes]
        app.theme = theme
        await pilot.pause()
        for box, old in zip(boxes, before, strict=True):
            drawn = box.render_lines(box.outer_size.region)
            assert drawn != old
            box._kept_drawing = None
            assert drawn == styles_cache_drawing(box, box.outer_size.region)
