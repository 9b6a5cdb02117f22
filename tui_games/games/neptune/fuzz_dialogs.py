"""Neptune's own dialog as a fuzz target (its GameInfo.fuzz_dialogs): the summary shown
between rounds, with hostile names in its title and lines."""

from __future__ import annotations

from collections.abc import Sequence

from tui_games.tools.fuzz import FuzzDialog
from tui_games.tui.app import GamesApp


def open_round_summary(app: GamesApp, names: Sequence[str]) -> None:
    """Push a round summary over the app."""
    from tui_games.games.neptune.screen import RoundSummary

    app.push_screen(RoundSummary(f"Round 1 {names[1]}", list(names) * 3))


DIALOGS = {"round_summary": FuzzDialog("RoundSummary", open_round_summary)}
