"""Nebular Colors' own dialog as a fuzz target (its GameInfo.fuzz_dialogs): the summary
shown between hands, with hostile names in its title and lines."""

from __future__ import annotations

from collections.abc import Sequence

from tui_games.tools.fuzz import FuzzDialog
from tui_games.tui.app import GamesApp


def open_hand_summary(app: GamesApp, names: Sequence[str]) -> None:
    """Push a hand summary over the app."""
    from tui_games.games.nebular_colors.summary import HandSummary

    app.push_screen(HandSummary(f"Hand 1 {names[0]}", list(names) * 3))


DIALOGS = {"hand_summary": FuzzDialog("HandSummary", open_hand_summary)}
