"""Engine stress: invariants, hidden information and garbage actions for every game.

Pure (no textual, no rich), so the tests and ``tui-games bench --stress`` share it.

- ``problems(game_id, rules, state)``: what is wrong with a state - the generic checks
  every game keeps (someone to move has a legal action, seats in range, JSON round trip,
  clone equality, an outcome once over) and the game's own invariants (every card, star
  or piece in exactly one place, counters never negative, running scores equal the ones
  recomputed from scratch).
- ``leaks(game_id, rules, state, seat)``: what of the hidden information an observation
  shows. ``HIDDEN_FROM`` names per game what a seat may not see.
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
from collections.abc import Callable
from typing import Any

import msgspec

from tui_games.engine.codec import clone, from_json, to_json
from tui_games.engine.core import Action, IllegalAction, Rules, default_options

# An upper bound on actions per game, far above any real game and short of hanging.
MAX_ACTIONS: dict[str, int] = {"nebular_colors": 6_000, "neptune": 600, "nebula": 4_000}
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


def _negative(label: str, values: Any) -> list[str]:
    """``label`` when any number in ``values`` (nested lists) is below 0."""
    stack = [values]
    while stack:
        item = stack.pop()
        if isinstance(item, list | tuple):
            stack.extend(item)
        elif item < 0:
            return [f"{label} has a negative count: {values}"]
    return []


def _exactly_once(label: str, places: dict[str, list[int]], expected: Counter[int]) -> list[str]:
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


# ---- Nebular Colors --------------------------------------------------------------------

def _nebular_colors_problems(s: Any) -> list[str]:
    from tui_games.games.nebular_colors.melds import is_meld
    from tui_games.games.nebular_colors.state import DECK_SIZE

    places = {"deck": s.deck, "drawn": s.drawn, "taken": s.taken}
    for p in (0, 1):
        places[f"hand {p}"] = s.hands[p]
        places[f"pile {p}"] = s.piles[p]
        places[f"penalties {p}"] = s.penalties[p]
        places[f"melds {p}"] = [c for meld in s.melds[p] for c in meld]
    found = _exactly_once("cards", places, Counter(range(DECK_SIZE)))
    found += _negative("fragments", s.fragments)
    for p in (0, 1):
        for meld in s.melds[p]:
            if not is_meld(sorted(meld)):
                found.append(f"seat {p} has a meld that is not one: {meld}")
        won = sum(r.fragments for r in s.results if r.winner == p)
        if won != s.fragments[p]:
            found.append(f"seat {p} has {s.fragments[p]} fragments but the hands give {won}")
    if s.phase != "over" and s.hand_no != len(s.results) + 1:
        found.append(f"hand {s.hand_no} after {len(s.results)} finished hands")
    if s.phase == "over" and max(s.fragments) < s.target:
        found.append("the match is over before anyone reached the target")
    if s.phase == "discard" and len(s.drawn) != 2:
        found.append(f"discarding with {len(s.drawn)} drawn cards")
    if s.phase != "discard" and s.drawn:
        found.append(f"drawn cards {s.drawn} outside the discard step")
    return found


def _nebular_colors_hidden(s: Any, seat: int) -> dict[str, list[int]]:
    other = 1 - seat
    hidden = {"deck": list(s.deck), f"hand {other}": list(s.hands[other])}
    if s.current == other and s.phase != "over":
        hidden["drawn"] = list(s.drawn)
    return hidden


def _nebular_colors_shown(view: dict[str, Any], seat: int) -> dict[str, list[Any]]:
    other = 1 - seat
    return {"deck": view["deck"], f"hand {other}": view["hands"][other],
            "drawn": view["drawn"]}


# ---- Neptune -----------------------------------------------------------------------------

def _neptune_problems(s: Any) -> list[str]:
    from tui_games.games.neptune.state import IS_ASTEROID, SUIT

    places = {"removed": s.removed, "trick": s.trick}
    for p, hand in enumerate(s.hands):
        places[f"hand {p}"] = hand
    for i, pile in enumerate(s.piles):
        places[f"pile {i}"] = pile.cards
    found = _exactly_once("cards", places, Counter([*range(30), *s.specials]))
    found += _negative("scores", s.scores)
    total = [0] * s.players
    for points in s.round_scores:
        total = [max(0, t + pts) for t, pts in zip(total, points, strict=True)]
    if total != s.scores:
        found.append(f"scores {s.scores} but the rounds add up to {total}")
    rounds_scored = s.round if s.phase == "over" else s.round - 1
    if len(s.round_scores) != rounds_scored:
        found.append(f"{len(s.round_scores)} rounds scored in round {s.round}")
    for p, hand in enumerate(s.hands):
        played = 1 if (p - s.leader) % s.players < len(s.trick) else 0
        if s.phase != "over" and len(hand) != s.hand_size - s.tricks_done - played:
            found.append(f"seat {p} holds {len(hand)} cards after {s.tricks_done} tricks")
        for suit in range(3):
            if s.voids[p] >> suit & 1 and any(SUIT[c] == suit for c in hand):
                found.append(f"seat {p} is marked void in suit {suit} but holds one")
        if s.voids[p] >> 3 & 1 and any(IS_ASTEROID[c] for c in hand):
            found.append(f"seat {p} is marked void of Asteroids but holds one")
    if s.phase not in ("play", "over") and len(s.trick) != s.players:
        found.append(f"a special decision with {len(s.trick)} cards in the trick")
    return found


def _neptune_hidden(s: Any, seat: int) -> dict[str, list[int]]:
    hidden = {f"hand {p}": list(hand) for p, hand in enumerate(s.hands) if p != seat}
    hidden["removed"] = list(s.removed)
    return hidden


def _neptune_shown(view: dict[str, Any], seat: int) -> dict[str, list[Any]]:
    shown = {f"hand {p}": hand for p, hand in enumerate(view["hands"]) if p != seat}
    shown["removed"] = view["removed"]
    return shown


# ---- Nebula ------------------------------------------------------------------------------

def _nebula_problems(s: Any) -> list[str]:
    from tui_games.games.nebula.board import BLACK_ZONE_SIZE, INDICATOR_LAST, VALUE_TRACK_LAST
    from tui_games.games.nebula.state import (
        BLACK,
        BLACK_STARS_BY_PLAYERS,
        EMPTY,
        HIDDEN,
        STARS_PER_COLOUR,
    )

    found = _negative("the bag", s.bag) + _negative("a reserve", s.reserves)
    found += _negative("the chaos draw", s.drawn)
    found += _negative("Time", [s.time_left, s.keep_left, s.indicator])
    # Stars leave play for the box (returned, replaced, not kept), so no colour may have
    # more stars in play than the game began with.
    in_play = [0] * 7
    for star in (x for c in s.clusters for x in c):
        if star != EMPTY:
            in_play[star] += 1
    for seat, galaxy in enumerate(s.galaxies):
        for star in galaxy:
            if star != EMPTY:
                if not 0 <= star < BLACK:
                    found.append(f"seat {seat}'s Galaxy holds {star!r}, not a coloured star")
                    continue
                in_play[star] += 1
    for counts in (s.bag, s.drawn, *s.reserves):
        for colour, n in enumerate(counts):
            in_play[colour] += n
    in_play[BLACK] += sum(s.black_stars)
    limit = [STARS_PER_COLOUR] * 6 + [BLACK_STARS_BY_PLAYERS[s.players]]
    if any(n > cap for n, cap in zip(in_play, limit, strict=True)):
        found.append(f"more stars in play {in_play} than in the box {limit}")
    if any(not 0 <= n <= BLACK_ZONE_SIZE for n in s.black_stars):
        found.append(f"a Black Star Zone holds {s.black_stars}")
    if not 0 <= s.indicator <= INDICATOR_LAST:
        found.append(f"the Black Star indicator is at {s.indicator}")
    if any(not 0 <= v <= VALUE_TRACK_LAST for v in s.values):
        found.append(f"a Value token is off its track: {s.values}")
    if len(set(s.placed)) != len(s.placed) or len(s.placed) > 3:
        found.append(f"stars positioned this turn: {s.placed}")
    for marks in s.career_marks:
        if len(set(marks)) != len(marks):
            found.append(f"a seat marked a Career objective twice: {marks}")
    if s.mode == "full":
        dealt = [c for offer in s.personal_offer for c in offer]
        if len(set(dealt)) != len(dealt):
            found.append(f"a Personal objective dealt twice: {s.personal_offer}")
        for seat, (kept, chosen) in enumerate(zip(s.personal, s.personal_chosen, strict=True)):
            if chosen != (kept != HIDDEN) or (chosen and kept not in s.personal_offer[seat]):
                found.append(f"seat {seat} kept {kept} of {s.personal_offer[seat]}")
    return found


def _nebula_hidden(s: Any, seat: int) -> dict[str, list[int]]:
    if s.mode != "full":
        return {}
    hidden: dict[str, list[int]] = {}
    for p in range(s.players):
        if p != seat:
            hidden[f"offer {p}"] = list(s.personal_offer[p])
            if s.phase != "over":  # kept objectives are revealed at the end
                hidden[f"personal {p}"] = [s.personal[p]]
    return hidden


def _nebula_shown(view: dict[str, Any], seat: int) -> dict[str, list[Any]]:
    if view.get("mode") != "full":
        return {}
    shown: dict[str, list[Any]] = {}
    for p in range(view["players"]):
        if p != seat:
            shown[f"offer {p}"] = view["personal_offer"][p]
            if view["phase"] != "over":
                shown[f"personal {p}"] = [view["personal"][p]]
    return shown


# ---- Via Nebula --------------------------------------------------------------------------

def _via_nebula_problems(s: Any) -> list[str]:
    found = _negative("the supply", s.supply) + _negative("storage", s.storage)
    found += _negative("resources on the map", s.res_count)
    found += _negative("resources on sites", s.slot_res)
    found += _negative("meadow stacks", [*s.stacks, s.reserve])
    found += _negative("guild boards", [s.craftsmen, s.sites, s.actions_left, s.power_left])
    contracts = [*s.deck, *(c for c in s.display if c >= 0),
                 *(c for hand in s.hands for c in hand), *(c for b in s.built for c in b)]
    doubled = sorted(c for c, n in Counter(contracts).items() if n > 1)
    if doubled:
        found.append(f"contracts in two places at once: {doubled}")
    return found


def _via_nebula_hidden(s: Any, seat: int) -> dict[str, list[int]]:
    hidden = {f"hand {p}": list(hand) for p, hand in enumerate(s.hands) if p != seat}
    hidden["deck order"] = list(s.deck)
    return hidden


def _via_nebula_shown(view: dict[str, Any], seat: int) -> dict[str, list[Any]]:
    shown = {f"hand {p}": hand for p, hand in enumerate(view["hands"]) if p != seat}
    # The deck's contents follow from the table; only its order is secret, so a view
    # must not keep it: a sorted deck shows nothing, any other order is flagged.
    shown["deck order"] = view["deck"] if view["deck"] != sorted(view["deck"]) else []
    return shown


# ---- Nova Lux ----------------------------------------------------------------------------

def _nova_lux_problems(s: Any) -> list[str]:
    found = _negative("resources", s.res)
    found += _negative("hydrogen on the stars", s.hydrogen)
    if s.plunder_left < 0:
        found.append(f"plunder left is {s.plunder_left}")
    factions = [f for hand in s.hands for f in hand] + [f for fs in s.factions for f in fs]
    doubled = sorted(f for f, n in Counter(factions).items() if n > 1)
    if doubled:
        found.append(f"faction cards in two places at once: {doubled}")
    return found


def _nova_lux_hidden(s: Any, seat: int) -> dict[str, list[int]]:
    hidden = {"faces down": [f for f, up in zip(s.face, s.flipped, strict=True) if not up]}
    if s.phase == "draft":
        for p in range(s.players):
            if p != seat:
                hidden[f"hand {p}"] = list(s.hands[p])
                hidden[f"picks {p}"] = list(s.factions[p])
    return hidden


def _nova_lux_shown(view: dict[str, Any], seat: int) -> dict[str, list[Any]]:
    shown = {"faces down": [f for f, up in zip(view["face"], view["flipped"], strict=True)
                            if not up]}
    if view["phase"] == "draft":
        for p in range(view["players"]):
            if p != seat:
                shown[f"hand {p}"] = view["hands"][p]
                shown[f"picks {p}"] = view["factions"][p]
    return shown


# ---- the tables ----------------------------------------------------------------------------

Checker = Callable[[Any], list[str]]
HiddenFrom = Callable[[Any, int], dict[str, list[int]]]
Shown = Callable[[dict[str, Any], int], dict[str, list[Any]]]

INVARIANTS: dict[str, Checker] = {
    "nebular_colors": _nebular_colors_problems,
    "neptune": _neptune_problems,
    "nebula": _nebula_problems,
    "via_nebula": _via_nebula_problems,
    "nova_lux": _nova_lux_problems,
}
HIDDEN_FROM: dict[str, HiddenFrom] = {
    "nebular_colors": _nebular_colors_hidden,
    "neptune": _neptune_hidden,
    "nebula": _nebula_hidden,
    "via_nebula": _via_nebula_hidden,
    "nova_lux": _nova_lux_hidden,
}
"""Per game: what ``seat`` may not see in a true state, by place (ids or values)."""
SHOWN: dict[str, Shown] = {
    "nebular_colors": _nebular_colors_shown,
    "neptune": _neptune_shown,
    "nebula": _nebula_shown,
    "via_nebula": _via_nebula_shown,
    "nova_lux": _nova_lux_shown,
}
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
    bound = MAX_ACTIONS.get(game_id, DEFAULT_MAX_ACTIONS)
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
