"""Engine stress: invariants, hidden information and garbage actions for every game.

Pure (no textual, no rich), so the tests and ``tui-games bench --stress`` share it.

- ``problems(game_id, rules, state)``: what is wrong with a state - the generic checks
  every game keeps (someone to move has a legal action, seats in range, JSON round trip,
  clone equality, an outcome once over) and the game's own invariants (every card, star
  or piece in exactly one place, counters never negative, running scores equal the ones
  recomputed from scratch).
- ``leaks(game_id, rules, state, seat)``: what of the hidden information an observation
  shows. ``HIDDEN_FROM`` names per game what a seat may not see.
- Each game's own invariants and hidden places are in its folder
  (``tui_games/games/<id>/checks.py``), found through its GameInfo: none is named here.
- ``garbage_action(rules, rng, pool)`` and ``garbage_problem(rules, state, action)``:
  actions that are not legal now (wrong types, out of range, another game's, another
  phase's) must be refused with IllegalAction and leave the state as it was.
- ``stress(game_id, games, seed)``: seeded random games with all of the above after every
  action; returns the figures.
"""

from __future__ import annotations

import json
import random
import time
import typing
from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import msgspec

from tui_games.engine.codec import clone, from_json, to_json
from tui_games.engine.core import Action, IllegalAction, Rules, default_options

# An upper bound on actions per game, far above any real game and short of hanging (a
# game's checks may set a tighter MAX_ACTIONS).
DEFAULT_MAX_ACTIONS = 20_000


class StressFailure(AssertionError):
    """A stressed game broke: ``where`` says which game, seed and step."""


# ---- generic checks ------------------------------------------------------------------------

def generic_problems(rules: Rules[Any, Any], state: Any, deep: bool = True) -> list[str]:
    """What any game's state must keep; ``deep`` adds the JSON round trip and clone."""
    found: list[str] = []
    seat = rules.to_move(state)
    if seat is not None:
        if type(seat) is not int or not 0 <= seat < state.players:
            found.append(f"to_move is {seat!r}, not a seat of {state.players}")
        if not rules.legal_actions(state):
            found.append(f"seat {seat} to move with no legal action")
        if rules.outcome(state) is not None:
            found.append("an outcome while someone is still to move")
    else:
        outcome = rules.outcome(state)
        if outcome is None:
            found.append("nobody to move but no outcome")
        elif not len(outcome.scores) == len(outcome.ranks) == state.players:
            found.append("the outcome does not rank every seat")
    if deep:
        data = to_json(state)
        try:
            back = from_json(data, rules.state_type)
        except (msgspec.ValidationError, msgspec.DecodeError) as error:
            found.append(f"the state does not decode from its own JSON: {error}")
        else:
            if back != state or to_json(back) != data:
                found.append("the state changes through a JSON round trip")
        try:
            copy = clone(state)
        except (msgspec.ValidationError, msgspec.DecodeError) as error:
            found.append(f"the state cannot be cloned: {error}")
        else:
            if copy != state:
                found.append("a clone differs from the state")
    return found


def negative(label: str, values: Any) -> list[str]:
    """``label`` when any number in ``values`` (nested lists) is below 0."""
    stack = [values]
    while stack:
        item = stack.pop()
        if isinstance(item, list | tuple):
            stack.extend(item)
        elif item < 0:
            return [f"{label} has a negative count: {values}"]
    return []


def exactly_once(label: str, places: dict[str, list[int]], expected: Counter[int]) -> list[str]:
    """Every id of ``expected`` in exactly one of ``places``, nothing else anywhere."""
    seen: Counter[int] = Counter()
    for ids in places.values():
        seen.update(ids)
    if seen == expected:
        return []
    missing = sorted((expected - seen).elements())
    extra = sorted((seen - expected).elements())
    where = {name: sorted(set(ids) & set(extra)) for name, ids in places.items()
             if set(ids) & set(extra)}
    return [f"{label}: missing {missing}, extra or doubled {extra} (in {where})"]


# ---- each game's own checks (tui_games/games/<id>/checks.py, named by its GameInfo) ----

Checker = Callable[[Any], list[str]]
HiddenFrom = Callable[[Any, int], dict[str, list[int]]]
Shown = Callable[[dict[str, Any], int], dict[str, list[Any]]]


def game_checks(game_id: str) -> Any | None:
    """The module of ``game_id``'s own checks (its GameInfo.checks), None if it has none."""
    from tui_games.games import all_games, load

    info = all_games().get(game_id)
    return load(info.checks) if info is not None and info.checks else None


class _PerGame(Mapping[str, Any]):
    """game id -> one function of each game's checks module, for the games that have it."""

    def __init__(self, name: str) -> None:
        self._name = name

    def _games(self) -> list[str]:
        from tui_games.games import all_games

        return [game_id for game_id, info in all_games().items() if info.checks]

    def __getitem__(self, game_id: str) -> Any:
        checks = game_checks(game_id)
        if checks is None or not hasattr(checks, self._name):
            raise KeyError(game_id)
        return getattr(checks, self._name)

    def __iter__(self) -> Iterator[str]:
        return iter(self._games())

    def __len__(self) -> int:
        return len(self._games())


INVARIANTS: Mapping[str, Checker] = _PerGame("problems")
"""Per game: its own invariants on a true state."""
HIDDEN_FROM: Mapping[str, HiddenFrom] = _PerGame("hidden_from")
"""Per game: what ``seat`` may not see in a true state, by place (ids or values). ``seat``
may be -1, the spectator (a replay's view with no seat): a game hides from it everything
private to any seat."""
SHOWN: Mapping[str, Shown] = _PerGame("shown")
"""Per game: the same places read from an observation's JSON (decoded to builtins)."""

HIDDEN_MARK = -1  # every game writes a card it hides as -1


def problems(game_id: str, rules: Rules[Any, Any], state: Any, deep: bool = True) -> list[str]:
    """Everything wrong with ``state``: the generic checks and the game's invariants."""
    found = generic_problems(rules, state, deep)
    check = INVARIANTS.get(game_id)
    if check is not None:
        found += check(state)
    return found


def leaks(game_id: str, rules: Rules[Any, Any], state: Any, seat: int) -> list[str]:
    """What ``observe(state, seat)``'s JSON shows of the information hidden from ``seat``.

    Each hidden place must read as hidden marks only (its size may show); no hidden id
    may turn up in any other place the game's ``SHOWN`` reads; the RNG is zeroed; no log
    line meant for other seats only is there.
    """
    view = rules.observe(state, seat)
    data = to_json(view)
    tree = json.loads(data)
    found: list[str] = []
    if tree["rng"]["state"] != 0:
        found.append("the view keeps an RNG state (every future draw follows from it)")
    hidden_from, shown_in = HIDDEN_FROM.get(game_id), SHOWN.get(game_id)
    if hidden_from is not None and shown_in is not None:
        hidden = hidden_from(state, seat)
        shown = shown_in(tree, seat)
        secret = Counter(x for ids in hidden.values() for x in ids if x != HIDDEN_MARK)
        for place, ids in shown.items():
            visible = [x for x in ids if x != HIDDEN_MARK]
            if visible and place in hidden:
                found.append(f"{place} shows {visible} to seat {seat}")
            elif place not in hidden and Counter(visible) & secret:
                found.append(f"{place} shows hidden {sorted(Counter(visible) & secret)}")
        for place, ids in hidden.items():
            if place not in shown:
                found.append(f"{place} is hidden from seat {seat} but not checked in the view")
            elif len(shown[place]) != len(ids) and place != "deck order":
                found.append(f"{place} has {len(ids)} items but the view {len(shown[place])}")
    private = {e.text for e in state.log if e.for_viewer(seat) != e.text}
    for line in tree.get("log", []):
        if line["text"] in private:
            found.append(f"a log line for other seats only: {line['text']!r}")
    return found


# ---- garbage actions ------------------------------------------------------------------------

def action_classes(rules: Rules[Any, Any]) -> tuple[type, ...]:
    """The Struct types of a game's actions (its ``action_type`` union)."""
    kinds = typing.get_args(rules.action_type) or (rules.action_type,)
    return tuple(k for k in kinds if isinstance(k, type) and issubclass(k, msgspec.Struct))


_ODD_VALUES: tuple[Any, ...] = (
    None, True, False, 0.0, 1.5, float("nan"), float("inf"), -1, -2, 2**31, -(2**63), 2**70,
    "", "0", "x", "draw", [], [0], [0, 1, 2], (1, 2, 3), (1, 1, 1), {}, {"a": 1}, b"\x00",
)


def garbage_value(rng: random.Random) -> Any:
    """A field value of any type, biased toward small ints that index real things."""
    roll = rng.random()
    if roll < 0.45:
        return rng.randint(-3, 70)
    if roll < 0.55:
        return tuple(rng.randint(-1, 60) for _ in range(rng.randint(0, 5)))
    return rng.choice(_ODD_VALUES)


def _typed(kind: type, rng: random.Random, union: Any) -> Any:
    """``kind`` decoded from a random dict, so every field has its declared type."""
    raw: dict[str, Any] = {"type": kind.__struct_config__.tag}
    for field in msgspec.structs.fields(kind):
        raw[field.name] = garbage_value(rng)
    try:
        return msgspec.convert(raw, type=union)
    except msgspec.ValidationError:
        return None


def garbage_action(rules: Rules[Any, Any], rng: random.Random,
                   pool: list[Any] | None = None, foreign: list[Any] | None = None) -> Any:
    """One action that is usually not legal: typed garbage, raw garbage (fields of any
    type, bypassing validation), a legal-looking action of another state (``pool``),
    another game's action (``foreign``), or not an action at all."""
    kinds = action_classes(rules)
    roll = rng.random()
    if roll < 0.35 and kinds:
        typed = _typed(rng.choice(kinds), rng, rules.action_type)
        if typed is not None:
            return typed
    if roll < 0.65 and kinds:
        kind = rng.choice(kinds)
        fields = {f.name: garbage_value(rng) for f in msgspec.structs.fields(kind)}
        return kind(**fields)  # Struct construction checks no types: hostile on purpose
    if roll < 0.85 and pool:
        action = rng.choice(pool)
        fields = msgspec.structs.fields(action)
        if fields and rng.random() < 0.5:
            name = rng.choice(fields).name
            return msgspec.structs.replace(action, **{name: garbage_value(rng)})
        return action
    if roll < 0.95 and foreign:
        return rng.choice(foreign)
    return rng.choice((None, 0, "draw", {"type": "draw"}, Action(), object(), [], ()))


def garbage_problem(rules: Rules[Any, Any], state: Any, action: Any) -> str | None:
    """What went wrong when ``action`` was applied to a copy of ``state`` (None: nothing).

    A legal action (equal to one of ``legal_actions`` down to its JSON) may be applied;
    anything else must raise IllegalAction with a reason and leave the state unchanged.
    """
    legal = rules.legal_actions(state) if rules.to_move(state) is not None else []
    try:
        key = to_json(action)
    except (TypeError, ValueError, msgspec.EncodeError):
        key = None
    is_legal = key is not None and any(
        type(a) is type(action) and to_json(a) == key for a in legal)
    work = clone(state)
    before = to_json(work)
    try:
        rules.apply(work, action)
    except IllegalAction as refusal:
        if is_legal:
            return f"refused a legal action: {refusal.reason}"
        if not refusal.reason:
            return "refused without a reason"
        if to_json(work) != before:
            return "a refused action changed the state"
        return None
    except Exception as error:  # reporting any crash, whatever its type, is the point
        return f"{type(error).__name__}: {error}"
    if not is_legal:
        return "accepted an action that is not legal"
    return None


# ---- the runner ----------------------------------------------------------------------------

def _players(rules: Rules[Any, Any], seed: int) -> int:
    return rules.min_players + seed % (rules.max_players - rules.min_players + 1)


def stress(game_id: str, games: int, seed: int = 0, *, deep_every: int = 10,
           hidden_every: int = 25, garbage_every: int = 5,
           rules: Rules[Any, Any] | None = None) -> dict[str, Any]:
    """Play ``games`` seeded random games of ``game_id`` checking after every action.

    The invariants run after every action; the JSON round trip and clone every
    ``deep_every``-th action; the hidden-information check for every seat and a garbage
    action every ``hidden_every``/``garbage_every``-th action (0: never). Raises
    StressFailure naming game, seed and step at the first broken check; else returns the
    figures (games, actions, states checked, views checked, garbage tried, longest game,
    seconds, actions per second).
    """
    if rules is None:
        from tui_games.games import get_game

        rules = get_game(game_id).rules
    options = default_options(rules)
    checks = game_checks(game_id)
    bound = getattr(checks, "MAX_ACTIONS", None) or DEFAULT_MAX_ACTIONS
    figures = {"game": game_id, "games": 0, "actions": 0, "states": 0, "views": 0,
               "garbage": 0, "longest": 0}
    pool: list[Any] = []
    started = time.perf_counter()
    for n in range(games):
        game_seed = seed + n
        rng = random.Random(game_seed)
        state = rules.setup(_players(rules, game_seed), game_seed, options)
        steps = 0
        while True:
            where = f"{game_id} seed {game_seed} step {steps}"
            found = problems(game_id, rules, state, deep_every > 0 and steps % deep_every == 0)
            figures["states"] += 1
            if hidden_every and steps % hidden_every == 0:
                for seat in range(state.players):
                    found += leaks(game_id, rules, state, seat)
                    figures["views"] += 1
            if found:
                raise StressFailure(f"{where}: " + "; ".join(found))
            if rules.to_move(state) is None:
                break
            legal = rules.legal_actions(state)
            if garbage_every and steps % garbage_every == 0:
                junk = garbage_action(rules, rng, pool)
                problem = garbage_problem(rules, state, junk)
                figures["garbage"] += 1
                if problem:
                    raise StressFailure(f"{where}: garbage {junk!r}: {problem}")
            action = rng.choice(legal)
            if len(pool) < 500:
                pool.append(action)
            else:
                pool[rng.randrange(500)] = action
            rules.apply(state, action)
            steps += 1
            if steps > bound:
                raise StressFailure(f"{where}: no end after {bound} actions")
        figures["games"] += 1
        figures["actions"] += steps
        figures["longest"] = max(figures["longest"], steps)
    seconds = time.perf_counter() - started
    figures["seconds"] = round(seconds, 2)
    figures["actions_per_second"] = round(figures["actions"] / seconds) if seconds else 0
    return figures
