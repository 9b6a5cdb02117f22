"""The registry is the only way to a game (issue 17): each game declares itself and its
tools in its own folder, and the shared modules name no game.

A sixth game adds its folder (tui_games/games/<id>/ with info.py), its stylesheet and one
line in tui_games.games.GAMES; nothing here or in the tools changes. ``check_game`` lists
in one message everything a game still lacks of the contracts the registry, engine/core.py
and the shared tests rely on (issue 33).
"""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, get_type_hints

import pytest

from tui_games.engine.bots.ismcts import HARD_LEVELS, ISMCTSBot
from tui_games.engine.core import phase_of, phases_of, round_of
from tui_games.games import BRIEF_HEADING, GAMES, GameInfo, all_games, load

PACKAGE = Path(__file__).resolve().parents[1] / "tui_games"


STYLES = PACKAGE.parent / "styles"
SHARED_FOLDERS = ("engine", "engine/bots", "online", "tui", "tui/screens", "tui/widgets",
                  "tools", "browser", "lines")


def shared_modules() -> list[Path]:
    """The modules every game shares: the package's top level and every folder but
    games/ (the engine, the front ends, the tools)."""
    found = sorted(PACKAGE.glob("*.py"))
    for folder in SHARED_FOLDERS:
        found += sorted((PACKAGE / folder).glob("*.py"))
    return found


def test_the_shared_folders_are_every_folder_but_the_games() -> None:
    folders = {str(p.parent.relative_to(PACKAGE)) for p in PACKAGE.glob("*/**/*.py")}
    assert {f for f in folders if f != "games" and not f.startswith("games/")} == set(
        SHARED_FOLDERS)


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


# ---- check_game: what a game still lacks ------------------------------------------------

def _attempt(lacks: list[str], what: str, check: Any) -> Any:
    """Run ``check``; an error becomes one line of what the game lacks."""
    try:
        return check()
    except Exception as error:  # any failure is a line of the report
        lacks.append(f"{what}: {type(error).__name__}: {error}")
        return None


def _identity(info: GameInfo, lacks: list[str]) -> None:
    rules = info.rules
    for name in ("id", "title", "min_players", "max_players", "state_type", "action_type",
                 "option_specs"):
        if not hasattr(rules, name):
            lacks.append(f"rules.{name}: not declared (engine.core.Rules)")
    if not re.fullmatch(r"[a-z][a-z0-9_]*", str(getattr(rules, "id", ""))):
        lacks.append("rules.id: not a folder name (lower case, digits, _)")
    if not info.blurb:
        lacks.append("blurb: empty (the menu shows one line under the title)")
    if not (STYLES / f"{info.id}.tcss").is_file():
        lacks.append(f"stylesheet: styles/{info.id}.tcss is missing")
    for spec in getattr(rules, "option_specs", ()):
        if spec.default not in {value for value, _ in spec.choices}:
            lacks.append(f"option {spec.key}: its default {spec.default!r} is no choice")
    seats = info.quick_seats()
    if seats not in info.players or seats < 2:
        lacks.append(f"quick_table: {seats} seats; the tests need two people at it")
    known = {spec.key for spec in getattr(rules, "option_specs", ())}
    if set(info.quick_table.options) - known:
        unknown = sorted(set(info.quick_table.options) - known)
        lacks.append(f"quick_table: unknown options {unknown}")


def _parts(info: GameInfo, lacks: list[str]) -> None:
    if ":" not in info.screen:
        lacks.append('screen: not a "module:Class" of the game\'s screen')
    else:
        _attempt(lacks, f"screen: cannot load {info.screen}", lambda: load(info.screen))
    missing = [level for level in ("easy", "normal", *HARD_LEVELS) if level not in info.bots]
    if missing:
        lacks.append(f"bots: no {', '.join(missing)} (the new-game dialog, hints and the "
                     "arena offer every level)")
    if "hard" in info.bots:
        hard = _attempt(lacks, "bots['hard']",
                        lambda: info.bots["hard"](info.rules, random.Random(0)))
        if hard is not None and not isinstance(hard, ISMCTSBot):
            lacks.append("bots['hard']: not an ISMCTSBot (hints read its search)")
    # Learn to play: every game is learnt from the app alone (the screen's and the lines'
    # Learn both play it), ending on what wins and what to do next turn.
    if not info.tutorial:
        lacks.append("tutorial: not declared (Learn to play: engine.tutorial.Tutorial)")
    else:
        guide = _attempt(lacks, f"tutorial: cannot load {info.tutorial}",
                         lambda: load(info.tutorial))
        if guide is not None and not ("win" in guide.farewell and "turn" in guide.farewell):
            lacks.append("tutorial.farewell: does not say what wins and what to do next turn")
    for name, attributes in (("checks", ("problems", "hidden_from", "shown", "MAX_ACTIONS")),
                             ("bench_keys", ()), ("hint_words", ("why", "outlook")),
                             ("words", ("stand", "table", "hand", "score", "place", "near",
                                        "places", "secret_names"))):
        ref = getattr(info, name)
        if not ref:
            lacks.append(f"{name}: not declared (see GameInfo)")
            continue
        part = _attempt(lacks, name, lambda ref=ref: load(ref))
        missing = [a for a in attributes if part is not None and not hasattr(part, a)]
        if missing:
            lacks.append(f"{name}: {ref} has no {', '.join(missing)}")


def _rules_text(info: GameInfo, lacks: list[str]) -> None:
    text = _attempt(lacks, "rules.md", info.rules_markdown)
    if text is None:
        return
    if not info.rules_brief():
        lacks.append(f'rules.md: does not open with "# {info.title}", a blank line and '
                     f'"{BRIEF_HEADING}" followed by its steps')


def _state(info: GameInfo, lacks: list[str]) -> None:
    rules = info.rules
    state_type = getattr(rules, "state_type", None)
    hints = _attempt(lacks, "state_type", lambda: get_type_hints(state_type)) or {}
    if "phase" in hints and not phases_of(state_type):
        lacks.append("state.phase: not a Literal of the phases (engine.core.phases_of)")
    if "round" in hints and hints["round"] is not int:
        lacks.append("state.round: not an int (engine.core.round_of)")
    seats = info.quick_seats()
    state = _attempt(lacks, "setup", lambda: rules.setup(seats, 1, info.quick_options()))
    if state is None:
        return
    rng = random.Random(1)
    checks = _attempt(lacks, "checks", lambda: load(info.checks)) if info.checks else None
    limit = getattr(checks, "MAX_ACTIONS", None) or 20_000  # None: the game sets no bound
    for _ in range(limit):
        if "phase" in hints and phase_of(state) not in phases_of(state_type):
            lacks.append(f"state.phase: {phase_of(state)!r} is not in its Literal")
            return
        if "round" in hints and round_of(state) is None:
            lacks.append("state.round: not an int in play")
            return
        if rules.to_move(state) is None:
            break
        legal = rules.legal_actions(state)
        if not legal:
            lacks.append("legal_actions: empty while a seat is to move")
            return
        rules.apply(state, rng.choice(legal))
    outcome = rules.outcome(state)
    if outcome is None:
        lacks.append(f"outcome: a random game did not end in {limit} actions")
    elif outcome.winners and not outcome.decided_by:
        lacks.append("outcome.decided_by: empty for a won game (Outcome.from_scores "
                     "words it in points)")


def check_game(info: GameInfo) -> list[str]:
    """Everything ``info``'s game still lacks, one line each ([] for a complete game)."""
    lacks: list[str] = []
    for part in (_identity, _parts, _rules_text, _state):
        _attempt(lacks, part.__name__.strip("_"), lambda part=part: part(info, lacks))
    return lacks


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_meets_every_contract(game_id: str) -> None:
    lacks = check_game(all_games()[game_id])
    assert not lacks, f"{game_id} still lacks:\n  " + "\n  ".join(lacks)


def test_an_incomplete_game_gets_the_full_list_of_what_it_lacks() -> None:
    sys.path.insert(0, str(Path(__file__).parent / "engine"))
    try:
        from toy_game import COMET
    finally:
        sys.path.pop(0)
    lacks = check_game(COMET)
    text = "\n".join(lacks)
    for wanted in ("stylesheet: styles/comet.tcss is missing", "blurb: empty",
                   "screen: cannot load tests:none", "bots: no normal, hard, ",
                   "checks: not declared",
                   "bench_keys: not declared", "hint_words: not declared",
                   "words: not declared", "tutorial: not declared", "rules.md:"):
        assert wanted in text, f"{wanted!r} not in:\n{text}"
    assert len(lacks) == 10, text  # one line each, nothing said twice
