"""tui_games.tui.memory: what Textual keeps of removed widgets is let go of when a game closes
(issue 11, a long session must not grow with every game)."""

from __future__ import annotations

import gc
import weakref

from textual.app import App, ComposeResult
from textual.containers import Vertical
from textual.widgets import Footer, Label

from tui_games.tui.memory import WATCHERS, release_closed_widgets


class Board(App[None]):
    """A Footer over a box of labels, rebuilt as a game's table would be."""

    BINDINGS = [("x", "bell", "Ring")]

    def compose(self) -> ComposeResult:
        yield Vertical(Label("first"), id="box")
        yield Footer()


async def test_a_removed_widgets_drawing_is_let_go() -> None:
    app = Board()
    async with app.run_test(size=(40, 10)) as pilot:
        await pilot.pause()
        box = app.query_one("#box")
        label = box.query_one(Label)  # the box's query cache holds it now
        gone = weakref.ref(label._styles_cache)  # holds every strip the label drew
        await label.remove()
        await box.mount(Label("second"))
        del label
        await pilot.pause()
        release_closed_widgets(app)
        gc.collect()
        assert gone() is None


async def test_a_footers_old_keys_are_let_go() -> None:
    app = Board()
    async with app.run_test(size=(40, 10)) as pilot:
        footer = app.query_one(Footer)
        for _ in range(3):  # what each change of the screen's keys does
            footer.call_later(footer.recompose)
            await pilot.pause()
        bound = [key for key in footer.children if not key.has_class("-command-palette")]
        assert bound
        entries = vars(footer)[WATCHERS]["compact"]
        assert len(entries) > len(bound)  # Textual keeps the keys of every recompose
        release_closed_widgets(app)
        assert [watcher for watcher, _ in entries] == bound  # only the keys shown now
