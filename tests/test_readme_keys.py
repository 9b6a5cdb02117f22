"""The README's Keys table agrees with the keys: Home / End scroll a table's log, except
where a focused hand or list binds them itself (issue 31: a newcomer read that Home/End
scroll the log, and they moved the Nebular Colors hand cursor)."""

from __future__ import annotations

from pathlib import Path

from textual.binding import Binding

from tui_games.tui.widgets.action_list import ActionList
from tui_games.tui.widgets.hand import Hand

README = Path(__file__).resolve().parent.parent / "README.md"


def keys_row(name: str) -> str:
    """The README's Keys table row that starts with ``name``."""
    rows = [line for line in README.read_text().splitlines() if line.startswith(f"| {name}")]
    assert len(rows) == 1, name
    return rows[0]


def binds(widget: type, key: str) -> bool:
    return any(key in binding.key.split(",")
               for binding in Binding.make_bindings(widget.BINDINGS))


def test_the_readme_says_which_focused_parts_keep_home_and_end() -> None:
    row = keys_row("PgUp / PgDn, Home / End")
    for widget, word in ((Hand, "hand"), (ActionList, "list")):
        if binds(widget, "home") or binds(widget, "end"):
            assert f"{word} " in row and "keeps Home / End for itself" in row, word
