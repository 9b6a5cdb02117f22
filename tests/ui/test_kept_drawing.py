"""KeptDrawing: a widget that only sits beside a repaint is not drawn again, and draws
anew once refreshed or restyled; KeptStatic is still a Static for the stylesheet."""

from __future__ import annotations

import pytest
from textual._styles_cache import StylesCache
from textual.app import App, ComposeResult
from textual.geometry import Region
from textual.strip import Strip
from textual.widget import Widget
from textual.widgets import Static

from tui_games.widgets.kept_drawing import KeptDrawing, KeptStatic


class Line(KeptDrawing, Widget):
    """One line of text."""

    DEFAULT_CSS = "Line { height: 1; }"

    def __init__(self, text: str, **kwargs: str) -> None:
        super().__init__(**kwargs)
        self.text = text

    def render_line(self, y: int) -> Strip:
        return Strip.blank(self.size.width)

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
    drawn: list[str] = []
    render_widget = StylesCache.render_widget

    def spy(self: StylesCache, widget: Widget, crop: Region) -> list[Strip]:
        drawn.append(widget.id or "")
        return render_widget(self, widget, crop)

    monkeypatch.setattr(StylesCache, "render_widget", spy)
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
