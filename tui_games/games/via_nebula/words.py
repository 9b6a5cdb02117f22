"""Via Nebula's table in sentences, for the lines front end (see tui_games/lines).

Built on the words the screen uses: a hex's caption (view.py), resources and contracts
(components.py), the hexes the legal actions are about (offers.py), the score rows of the
rules. The map is told by what matters: where you can act, and what is on a hex and its
neighbours when asked (``look D4``, ``look near D4``). Every function reads the seat's
observation only.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui_games.engine.core import SPECTATOR
from tui_games.engine.grammar import plural, possessive
from tui_games.games.via_nebula.board import (
    DIRECTION_NAMES,
    INDEX,
    KIND,
    NAME,
    RUINS,
    STEP,
)
from tui_games.games.via_nebula.components import (
    CONTRACTS,
    RESOURCES,
    contract_text,
    token_type,
)
from tui_games.games.via_nebula.final_score import leftover, leftover_words
from tui_games.games.via_nebula.offers import by_hex
from tui_games.games.via_nebula.rules import ViaNebulaRules
from tui_games.games.via_nebula.state import (
    FREE,
    HIDDEN,
    Erect,
    Explore,
    PlaceCraftsman,
    PlaceSite,
    Transport,
    ViaNebulaState,
)
from tui_games.games.via_nebula.view import caption

_RULES = ViaNebulaRules()
SCORE_UNITS = ("VP", "VP")  # what the final scores count, said in the result
MOST_NAMED = 8  # where you stand names at most this many hexes; `look` names them all


def _who(seat: int, viewer: int, names: Sequence[str]) -> str:
    return "you" if seat == viewer else names[seat]


def _score(view: ViaNebulaState, seat: int) -> int:
    return sum(value for _, value in _RULES.score_rows(view, seat))


def _and(items: Sequence[str]) -> str:
    return " and ".join([", ".join(items[:-1]), items[-1]] if len(items) > 2 else items)


def _pile(counts: Sequence[int]) -> str:
    """``2 wood and 1 stone``: the screen's ``2 wood + 1 stone`` is heard as a sum."""
    return _and([f"{n} {RESOURCES[k]}" for k, n in enumerate(counts) if n]) or "nothing"


def _site_pile(view: ViaNebulaState, slot: int) -> str:
    return _pile(view.slot_res[slot]) if any(view.slot_res[slot]) else "empty"


def _map_order(hex_: int) -> tuple[str, int]:
    """Column letter, then row number: the order a listener walks the map in."""
    name = NAME[hex_]
    return name[0], int(name[1:])


# What the hexes a kind of action is about are called, for "where you can act".
_ACTING_KINDS: tuple[tuple[type, str], ...] = (
    (PlaceCraftsman, "a craftsman on"),
    (PlaceSite, "a building site on"),
    (Explore, "explore"),
    (Transport, "transport from or to"),
    (Erect, "erect on"),
)


def _acting(view: ViaNebulaState, seat: int) -> list[str]:
    if _RULES.to_move(view) != seat:
        return []
    return [NAME[hex_] for hex_ in sorted(by_hex(_RULES.legal_actions(view)), key=_map_order)]


def _acting_kinds(view: ViaNebulaState, seat: int) -> list[str]:
    """Where you can act, by what you can do there: forty names in one run are a list
    nobody can use by ear, a handful of runs each saying what they offer is."""
    legal = _RULES.legal_actions(view) if _RULES.to_move(view) == seat else []
    runs = []
    for kind, words in _ACTING_KINDS:
        hexes = by_hex(a for a in legal if isinstance(a, kind))
        if hexes:
            runs.append(f"{words} {', '.join(NAME[h] for h in sorted(hexes, key=_map_order))}")
    kinds = tuple(kind for kind, _ in _ACTING_KINDS)
    other = by_hex(a for a in legal if not isinstance(a, kinds))
    if other:
        runs.append(f"more at {', '.join(NAME[h] for h in sorted(other, key=_map_order))}")
    return runs


def _board(view: ViaNebulaState, seat: int, viewer: int, names: Sequence[str]) -> str:
    who = _who(seat, viewer, names)
    sites = [
        f"{NAME[RUINS[slot // 2]]} ({_site_pile(view, slot)})"
        for slot, owner in enumerate(view.slot_owner)
        if owner == seat and not view.slot_built[slot]
    ]
    built = [CONTRACTS[c].name for c in view.built[seat]]
    return (
        f"{who[:1].upper()}{who[1:]}: {_score(view, seat)} VP; "
        f"{plural(len(built), 'building')}{': ' + ', '.join(built) if built else ''}; "
        f"{plural(view.craftsmen[seat], 'craftsman', 'craftsmen')} and "
        f"{plural(view.sites[seat], 'site')} on the guild board; "
        f"{plural(view.explorers(seat), 'explorer')}; storage "
        f"{_pile(view.storage[seat])}; sites on the map: "
        f"{', '.join(sites) if sites else 'none'}"
        f"{'; ' + leftover_words(n) if (n := leftover(view, seat)) else ''}."
    )


def stand(view: ViaNebulaState, seat: int, names: Sequence[str]) -> str:
    scores = ", ".join(f"{_who(p, seat, names)} {_score(view, p)}" for p in range(view.players))
    if view.phase == "power":
        card = CONTRACTS[view.power_card]
        doing = f"the {card.name}'s power, {plural(view.power_left, 'use')} left"
    else:
        doing = f"{plural(view.actions_left, 'action')} left"
    where = _acting(view, seat)
    at = (
        f" You can act at {', '.join(where)}."
        if 0 < len(where) <= MOST_NAMED
        else f" You can act at {len(where)} hexes ('look' names them)."
        if where
        else ""
    )
    last = " The End-of-Game card is taken: these are the last turns." if view.end_card >= 0 else ""
    return f"VP: {scores}. Your turn, {doing}.{at}{last}"


def _contracts(view: ViaNebulaState, seat: int) -> list[str]:
    shown = [contract_text(c) for c in view.display if c >= 0]
    lines = [f"Contracts on display: {'; '.join(shown) if shown else 'none'}."]
    mine = [contract_text(c) for c in view.hands[seat] if c != HIDDEN]
    lines.append(f"Your private contracts: {'; '.join(mine) if mine else 'none'}.")
    return lines


def table(view: ViaNebulaState, seat: int, names: Sequence[str]) -> list[str]:
    lines = [
        _board(view, p, seat, names) for p in [seat, *(p for p in range(view.players) if p != seat)]
    ]
    lines += _contracts(view, seat)
    lines.append(
        f"Supply: {_pile(view.supply)}. {plural(view.reserve, 'meadow tile')} "
        "in the common reserve."
    )
    where = _acting(view, seat)
    if where:
        lines.append(
            f"You can act at {plural(len(where), 'hex', 'hexes')}: "
            f"{'; '.join(_acting_kinds(view, seat))}. Say 'look' and a hex for what is there."
        )
    return lines


def public(view: ViaNebulaState, names: Sequence[str]) -> list[str]:
    """The table as a spectator sees it: every player's board, the contracts on display
    and the supply, and no private contract."""
    return [
        *(_board(view, p, SPECTATOR, names) for p in range(view.players)),
        _contracts(view, SPECTATOR)[0],
        f"Supply: {_pile(view.supply)}. {plural(view.reserve, 'meadow tile')} in "
        "the common reserve.",
    ]


def _resource(view: ViaNebulaState, kind: int, seat: int, names: Sequence[str]) -> str:
    """Every hex a resource can be had from: a token that produces it, or a pile of it on
    the map, so a player hunting wood need not look at the hexes one by one."""
    found = []
    for hex_ in sorted(range(len(NAME)), key=_map_order):
        if KIND[hex_] in ("ruin", "fog", "forest"):
            continue
        token = view.tokens[hex_]
        if (token != FREE and token_type(token) == kind) or (
            view.res_count[hex_] and view.res_kind[hex_] == kind
        ):
            found.append(_hex_line(view, hex_, seat, names))
    word = RESOURCES[kind]
    if not found:
        return f"No {word} on the map: no token makes it and no pile of it lies out."
    return f"{word[:1].upper()}{word[1:]} on the map: {'; '.join(found)}."


def hand(view: ViaNebulaState, seat: int, names: Sequence[str]) -> list[str]:
    return [*_contracts(view, seat)[1:], f"Your storage: {_pile(view.storage[seat])}."]


def score(view: ViaNebulaState, seat: int, names: Sequence[str]) -> list[str]:
    lines = []
    for p in range(view.players):
        rows = ", ".join(f"{label} {value}" for label, value in _RULES.score_rows(view, p))
        who = _who(p, seat, names)
        lines.append(f"{who[:1].upper()}{who[1:]}: {_score(view, p)} VP ({rows}).")
    return lines


def places(view: ViaNebulaState, names: Sequence[str]) -> list[str]:
    return [
        "a hex by its name (A1 ... I9)",
        "a resource (wood ... food)",
        "contracts",
        "supply",
        *names,
    ]


def _hex(name: str) -> int | None:
    return INDEX.get(name.strip().upper())


def _hex_line(view: ViaNebulaState, hex_: int, seat: int, names: Sequence[str]) -> str:
    said = [n if p != seat else "you" for p, n in enumerate(names)]
    text = caption(view, hex_, said)
    craftsman = view.craftsman[hex_] if hex_ < len(view.craftsman) else FREE
    if craftsman != FREE and view.res_count[hex_] == 0:
        text += f", {possessive(said[craftsman])} craftsman"
    return text


def place(view: ViaNebulaState, seat: int, names: Sequence[str], name: str) -> list[str] | None:
    asked = name.strip().lower()
    if asked == "contracts":
        return _contracts(view, seat)
    if asked.rstrip("s") in RESOURCES or asked in RESOURCES:
        kind = RESOURCES.index(asked if asked in RESOURCES else asked.rstrip("s"))
        return [_resource(view, kind, seat, names)]
    if asked == "supply":
        return [f"Supply: {_pile(view.supply)}."]
    for p, seat_name in enumerate(names):
        if asked == seat_name.lower() or (asked in ("me", "you") and p == seat):
            return [_board(view, p, seat, names)]
    hex_ = _hex(name)
    if hex_ is None:
        return None
    lines = [f"{_hex_line(view, hex_, seat, names)}."]
    if _RULES.to_move(view) == seat:
        here = by_hex(_RULES.legal_actions(view)).get(hex_, [])
        if here:
            lines.append(f"You can: {'; '.join(_RULES.describe(view, a) for a in here)}.")
    return lines


def near(view: ViaNebulaState, seat: int, names: Sequence[str], name: str) -> list[str] | None:
    hex_ = _hex(name)
    if hex_ is None:
        return None
    lines = []
    for direction, other in enumerate(STEP[hex_]):
        if other is not None:
            lines.append(f"{DIRECTION_NAMES[direction]}: {_hex_line(view, other, seat, names)}.")
    return [f"Around {NAME[hex_]}:", *lines]


def secret_names(state: ViaNebulaState, seat: int) -> set[str]:
    """The private contracts of the rivals, which no line told to ``seat`` may name
    (unless a contract of that name is in sight)."""
    hidden = {CONTRACTS[c].name for p in range(state.players) if p != seat for c in state.hands[p]}
    seen = {
        CONTRACTS[c].name
        for c in [*state.display, *state.hands[seat], *(c for built in state.built for c in built)]
        if c >= 0
    }
    return hidden - seen
