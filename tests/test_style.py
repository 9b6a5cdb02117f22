"""The code stays ruff clean (the rule set is in pyproject.toml)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_ruff_finds_nothing_to_fix() -> None:
    result = subprocess.run([sys.executable, "-m", "ruff", "check", "tui_games", "tests"],
                            cwd=ROOT, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout + result.stderr
