"""GameFooter: the keys change only when the bindings shown really change."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.screen import Screen

from tui_games.widgets.footer import GameFooter


class Table(Screen[None]):
    """A screen with one key that can be switched on and off."""

    BINDINGS = [Binding("d", "draw", "Draw"), Binding("m", "menu", "Menu")]

    def __init__(self) -> None:
        super().__init__()
        self.can_draw = True

    def compose(self) -> ComposeResult:
        yield GameFooter(show_command_palette=False)  # as the game screens have it

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        return self.can_draw if action == "draw" else True

    def action_draw(self) -> None:
        """Nothing to draw in this test."""

    def action_menu(self) -> None:
        """No menu in this test."""


class FooterApp(App[None]):
    def on_mount(self) -> None:
        self.push_screen(Table())


def descriptions(footer: GameFooter) -> list[str]:
    return [key.description for key in footer.query("FooterKey")]  # type: ignore[attr-defined]


async def test_footer_rebuilds_only_when_its_bindings_change() -> None:
    app = FooterApp()
    async with app.run_test(size=(60, 5)) as pilot:
        await pilot.pause()
        table = app.screen
        assert isinstance(table, Table)
        footer = table.query_one(GameFooter)
        assert "Draw" in descriptions(footer)
        assert footer.rebuilds == 1
        keys = list(footer.children)

        table.refresh_bindings()  # nothing changed: the keys stay as they are
        await pilot.pause()
        await pilot.pause()
        assert (footer.rebuilds, footer.updates) == (1, 0)

        table.can_draw = False  # a key switched off: the footer must follow
        table.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert (footer.rebuilds, footer.updates) == (1, 1)
        assert descriptions(footer) == ["Menu"]
        assert footer.children[0] is keys[0]  # updated in place, not rebuilt

        table.can_draw = True  # and back: the missing key is added
        table.refresh_bindings()
        await pilot.pause()
        await pilot.pause()
        assert (footer.rebuilds, footer.updates) == (1, 2)
        assert descriptions(footer) == ["Draw", "Menu"]
