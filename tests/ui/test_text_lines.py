"""TextLines shows its text as it is: a used faction's "[x]" mark (Nova Lux) or a seat
name with brackets is never read as markup."""

from __future__ import annotations

from textual.app import App, ComposeResult

from tui_games.tui.widgets.text_lines import TextLines


class LinesApp(App[None]):
    def compose(self) -> ComposeResult:
        yield TextLines(id="lines")


async def test_brackets_are_drawn_as_text_never_as_markup() -> None:
    app = LinesApp()
    async with app.run_test(size=(40, 4)) as pilot:
        lines = app.query_one(TextLines)
        lines.show("[x] Tide Brokers: done\n[bold]Eve[/] [ ] Ark")
        await pilot.pause()
        drawn = [strip.text.rstrip() for strip in app.screen._compositor.render_strips()]
        assert drawn[:2] == ["[x] Tide Brokers: done", "[bold]Eve[/] [ ] Ark"]
