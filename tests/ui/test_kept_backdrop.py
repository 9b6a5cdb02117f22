"""KeptBackdrop: a dialog over a game dims the table beneath once, as Textual dims it."""

from __future__ import annotations

import pytest
from textual.app import App, ComposeResult
from textual.renderables.background_screen import BackgroundScreen
from textual.screen import ModalScreen
from textual.widgets import Static

from tui_games.screens.kept_backdrop import KeptBackdrop


class Plain(ModalScreen[None]):
    """Textual's own see-through dialog."""

    def compose(self) -> ComposeResult:
        yield Static("dialog", id="box")


class Kept(KeptBackdrop, Plain):
    """The same dialog with its backdrop kept."""


class Table(App[None]):
    CSS = "#box { width: 20; height: 3; background: blue; }"

    def compose(self) -> ComposeResult:
        yield Static("the table beneath, in colour " * 20, id="table")


def screen_text(app: App[None]) -> list[tuple[str, str]]:
    """Each cell's character and style on screen."""
    return [(segment.text, str(segment.style))
            for strip in app.screen._compositor.render_strips() for segment in strip]


async def test_a_kept_backdrop_looks_as_textuals_own_and_is_dimmed_once(
        monkeypatch: pytest.MonkeyPatch) -> None:
    app = Table()
    async with app.run_test(size=(40, 10)) as pilot:
        await app.push_screen(Plain())
        await pilot.pause()
        textuals = screen_text(app)
        app.pop_screen()
        await pilot.pause()

        dimmed: list[int] = []
        process = BackgroundScreen.process_segments.__func__  # type: ignore[attr-defined]

        def counting(cls: type, segments: object, color: object) -> object:
            dimmed.append(1)
            return process(cls, segments, color)

        monkeypatch.setattr(BackgroundScreen, "process_segments", classmethod(counting))
        await app.push_screen(Kept())
        await pilot.pause()
        app.screen.refresh()  # the dialog's background drawn again: the dimming is kept
        await pilot.pause()
        await pilot.resize_terminal(40, 10)
        await pilot.pause()
        assert screen_text(app) == textuals
        assert len(dimmed) == 1
