"""The registry is the only way to a game (issue 17): each game declares itself and its
tools in its own folder, and the shared modules name no game.

A sixth game adds its folder (tui_games/games/<id>/ with info.py), its stylesheet and one
line in tui_games.games.GAMES; nothing here or in the tools changes.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tui_games.games import GAMES, all_games, load

PACKAGE = Path(__file__).resolve().parents[1] / "tui_games"


def shared_modules() -> list[Path]:
    """The modules every game shares: the package's top level, the engine, the online
    host (its bench included), screens/ and widgets/."""
    found = sorted(PACKAGE.glob("*.py"))
    for folder in ("engine", "engine/bots", "online", "screens", "widgets"):
        found += sorted((PACKAGE / folder).glob("*.py"))
    return found


def test_the_registry_lists_each_game_folder_once() -> None:
    folders = sorted(p.parent.name for p in (PACKAGE / "games").glob("*/info.py"))
    assert sorted(GAMES) == folders
    assert len(set(GAMES)) == len(GAMES)
    assert list(all_games()) == list(GAMES)  # a game's id is its folder's name


@pytest.mark.parametrize("path", shared_modules(),
                         ids=lambda p: str(p.relative_to(PACKAGE)))
def test_a_shared_module_names_no_game(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    named = [game_id for game_id in GAMES if re.search(rf"\b{game_id}\b", text)]
    assert not named, f"{path.relative_to(PACKAGE)} names {named}: declare it in the game"


def test_the_tools_find_every_game_through_its_info() -> None:
    for info in all_games().values():
        checks = load(info.checks)
        assert callable(checks.problems) and callable(checks.hidden_from)
        assert callable(checks.shown)
        assert load(info.bench_keys)().plan is not None
    assert sum(info.soak for info in all_games().values()) == 1


def test_the_stress_checks_import_without_textual() -> None:
    code = ("import sys, tui_games.tools.stress as s; from tui_games.games import all_games, load\n"
            "[load(i.checks) for i in all_games().values()]; import tui_games.tools.keyscript\n"
            "[load(i.bench_keys) for i in all_games().values()]\n"
            "assert not {'textual', 'rich'} & set(sys.modules), sorted(sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=PACKAGE.parent)
    assert done.returncode == 0, done.stderr


def test_the_host_bench_takes_its_games_from_the_registry() -> None:
    from tui_games.online.bench import BOT_GAMES, workload

    games = all_games()
    plan = workload()
    assert 2 in games[plan.pair].players
    assert games[plan.big].players.stop == max(g.players.stop for g in games.values())
    assert len(plan.bots) == BOT_GAMES
    assert all("hard" in games[game].bots and seats in games[game].players
               for game, seats in plan.bots)
    assert {game for game, _ in plan.bots} == {g.id for g in games.values() if "hard" in g.bots}


def test_every_game_explains_its_hints_without_textual() -> None:
    """Each game's hint words (GameInfo.hint_words) are a pure HintWords: the screen, the
    plain-lines front end and the host all show them."""
    code = ("import sys; from tui_games.games import all_games\n"
            "for i in all_games().values():\n"
            "    w = i.explainer()\n"
            "    assert w is not None and callable(w.why) and callable(w.outlook), i.id\n"
            "assert not {'textual', 'rich'} & set(sys.modules), sorted(sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, cwd=PACKAGE.parent)
    assert done.returncode == 0, done.stderr
