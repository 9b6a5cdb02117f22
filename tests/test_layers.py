"""The layers hold: import-linter's contracts (pyproject.toml [tool.importlinter]) are kept.

The rules layer (engine, games/*/rules, state, bot, board) never imports textual or rich;
widgets never import the app or a screen; shared widgets and screens never import a game's
package (a widget only one game uses lives in that game's folder).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
LINT_IMPORTS = Path(sys.executable).parent / "lint-imports"


def lint_imports(cwd: Path, pythonpath: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = None if pythonpath is None else {**os.environ, "PYTHONPATH": str(pythonpath)}
    return subprocess.run([str(LINT_IMPORTS), "--no-cache", "--no-logo"], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=120)


def test_the_import_contracts_are_kept() -> None:
    done = lint_imports(ROOT)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "0 broken" in done.stdout


def copy_with_leak(tmp_path: Path, leak: str, text: str) -> subprocess.CompletedProcess[str]:
    """lint-imports on a copy of the package with one bad module added at ``leak``."""
    shutil.copytree(ROOT / "tui_games", tmp_path / "tui_games",
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy(ROOT / "pyproject.toml", tmp_path / "pyproject.toml")
    (tmp_path / "tui_games" / leak).write_text(text)
    (tmp_path / "tui_games" / "app.py").touch()  # a contract names it; it may not exist yet
    return lint_imports(tmp_path, pythonpath=tmp_path)


def test_the_contracts_catch_a_rules_module_importing_textual(tmp_path: Path) -> None:
    """A copy of the package with one bad import must break the first contract."""
    done = copy_with_leak(tmp_path, "engine/leak.py", "import textual\n")
    assert done.returncode != 0
    assert "tui_games.engine.leak -> textual" in done.stdout


def test_the_contracts_catch_a_shared_widget_importing_a_game(tmp_path: Path) -> None:
    """A widget in tui_games/tui/widgets that reads one game's data belongs in that game."""
    done = copy_with_leak(tmp_path, "tui/widgets/leak.py",
                          "from tui_games.games.nebula.state import STAR_LETTERS\n")
    assert done.returncode != 0
    assert "tui_games.tui.widgets.leak -> tui_games.games.nebula.state" in done.stdout
