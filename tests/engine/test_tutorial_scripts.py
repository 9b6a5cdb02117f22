"""Each game's guided first game matches its seed (engine/tutorial.py, screens/tutorial.py).

The scripted steps are replayed through the rules with the easy bots' own random streams:
at every step exactly one legal action is the step's (so the bots answer as on the
table), and the steps together play every kind of action the game has.
"""

from __future__ import annotations

import re

import pytest

from tui_games.engine.core import Action
from tui_games.engine.tutorial import ScriptError, Step, Tutorial, only, script
from tui_games.games import GameInfo, all_games, load

GUIDED = [info for info in all_games().values() if info.tutorial]


def action_kinds(info: GameInfo) -> set[type]:
    """Every action class of the game: the Action subclasses its state module defines."""
    module = load(type(info.rules).__module__.rsplit(".", 1)[0] + ".state")
    return {value for value in vars(module).values()
            if isinstance(value, type) and issubclass(value, Action) and value is not Action
            and value.__module__ == module.__name__}


def test_the_first_games_have_a_guided_game() -> None:
    """The games are learnt in the order the brief set: Nebular Colors first."""
    assert "nebular_colors" in {info.id for info in GUIDED}


@pytest.mark.parametrize("info", GUIDED, ids=lambda info: info.id)
def test_every_step_is_one_legal_action_on_the_seed(info: GameInfo) -> None:
    """"Each tutorial's steps match its seed": replayed through the rules, each step
    accepts exactly one of the player's legal actions."""
    tutorial: Tutorial = load(info.tutorial)
    _, played = script(tutorial, info.rules, info.bots)
    assert [step for step, _ in played if step >= 0] == list(range(len(tutorial.steps)))


@pytest.mark.parametrize("info", GUIDED, ids=lambda info: info.id)
def test_every_kind_of_action_comes_up(info: GameInfo) -> None:
    """"A fixed deal chosen so that every kind of action of that game comes up."""
    tutorial: Tutorial = load(info.tutorial)
    _, played = script(tutorial, info.rules, info.bots)
    mine = {type(action) for step, action in played if step >= 0}
    missing = {kind.__name__ for kind in action_kinds(info) - mine}
    assert missing <= set(tutorial.explained), sorted(missing)
    words = set(re.findall(r"[a-z]+", " ".join(step.text for step in tutorial.steps).lower()))
    for name in tutorial.explained:  # TakeFromSupply: "take", "from" and "supply" said
        parts = [part.lower() for part in re.findall(r"[A-Z][a-z]*", name)]
        # a part may be said whole or as the word it shortens (FedConvert: "federations")
        unsaid = [part for part in parts if not any(word.startswith(part) for word in words)]
        assert not unsaid, (name, unsaid)


@pytest.mark.parametrize("info", GUIDED, ids=lambda info: info.id)
def test_every_step_says_what_and_why_with_keys(info: GameInfo) -> None:
    """Each step has its text and the keys that do it (the Pilot test presses them)."""
    tutorial: Tutorial = load(info.tutorial)
    for step in tutorial.steps:
        assert len(step.text) > 20 and step.keys, step
    assert tutorial.farewell


def test_a_step_that_fits_no_legal_action_is_caught() -> None:
    """A script that no longer matches its seed fails loudly (a rules change, say)."""
    info = all_games()["nebular_colors"]
    tutorial: Tutorial = load(info.tutorial)
    wrong = Tutorial(seed=tutorial.seed + 1, options=tutorial.options,
                     steps=tutorial.steps, farewell="x")
    with pytest.raises(ScriptError):
        script(wrong, info.rules, info.bots)
    never = Tutorial(seed=tutorial.seed, options=tutorial.options,
                     steps=(Step("nothing at all is this step", lambda a: False, ("x",)),))
    with pytest.raises(ScriptError):
        script(never, info.rules, info.bots)
    assert only(played_first(info))(played_first(info))


def played_first(info: GameInfo) -> Action:
    """The guided player's first action."""
    _, played = script(load(info.tutorial), info.rules, info.bots)
    return next(action for step, action in played if step == 0)
