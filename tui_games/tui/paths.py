"""Where the app's stylesheets live, installed or run from a checkout.

A wheel carries the ``styles`` folder inside the package (pyproject force-includes it as
``tui_games/styles``); a source checkout keeps it at the top level, beside the package.
"""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parents[1]  # tui_games/, above this tui/ folder
# The shell's sheets load first so a game's own sheet wins any tie of specificity.
_BASE_SHEETS = ("app.tcss", "screens.tcss")


def styles_dir() -> Path:
    """The folder holding every ``.tcss`` file of the app."""
    installed = _PACKAGE / "styles"
    if installed.is_dir():
        return installed
    return _PACKAGE.parent / "styles"


def style_files() -> list[Path]:
    """Every stylesheet of the app: the shell's first, then the rest alphabetically."""
    files = sorted(styles_dir().glob("*.tcss"))
    rank = {name: i for i, name in enumerate(_BASE_SHEETS)}
    return sorted(files, key=lambda p: (rank.get(p.name, len(rank)), p.name))
