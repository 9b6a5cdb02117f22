"""Nova Lux cards as data: resources, star cards, faction cards and federation cards.

Every card is a frozen tuple of plain values; the rules read them, the screen and the
in-app rules print them with the ``*_text`` helpers.
"""

from __future__ import annotations

from typing import NamedTuple

from tui_games.games.nova_lux.board import (
    BLACK_HOLE,
    FACE_NAMES,
    NEUTRON_STAR,
    SPACE_DUST,
    WORMHOLE,
)

WATER, ARTIFACTS, LIFE, OXYGEN, HYDROGEN = range(5)
RESOURCES = 5
TRACK_MAX = 14
TRACK_START = 3
COLONY_LEVEL = 7
RESOURCE_NAMES: tuple[str, ...] = ("water", "artifacts", "life forms", "oxygen", "hydrogen")
RESOURCE_LETTERS = "WALOH"
_SINGULAR = ("water", "artifact", "life form", "oxygen", "hydrogen")


def amount(n: int, res: int) -> str:
    """``"2 life forms"``, ``"1 artifact"``, ``"3 water"``."""
    return f"{n} {_SINGULAR[res] if n == 1 else RESOURCE_NAMES[res]}"


def unit(res: int) -> str:
    """``"life form"``: one unit of ``res``, named without its number."""
    return _SINGULAR[res]


def options_text(options: tuple[int, ...], n: int) -> str:
    """``"1 water | life form"``: a choice between resources, ``n`` units of the one chosen."""
    if len(options) == 1:
        return amount(n, options[0])
    names = [(_SINGULAR[r] if n == 1 else RESOURCE_NAMES[r]) for r in options]
    return f"{n} {' | '.join(names)}"


# ---- star cards ------------------------------------------------------------------------

RED, YELLOW = "red giant", "yellow star"


class Star(NamedTuple):
    """A star card: its hydrogen, and the harvest cost and reward paid per hydrogen taken."""

    kind: str
    hydrogen: int
    cost: tuple[int, ...]     # resources to choose from
    cost_n: int
    reward: tuple[int, ...]
    reward_n: int


W, A, L, O, H = WATER, ARTIFACTS, LIFE, OXYGEN, HYDROGEN  # noqa: E741
_REDS = [
    (6, (L,), 2, (O,), 3), (4, (W,), 1, (A,), 2), (5, (A,), 2, (L,), 3),
    (3, (O,), 1, (W,), 2), (6, (W, L), 2, (O, A), 2), (4, (A,), 1, (W,), 3),
    (5, (O,), 2, (L,), 3), (3, (L,), 1, (A, W), 2), (6, (W,), 2, (L,), 3),
    (4, (L, O), 1, (A,), 3), (5, (A,), 2, (O,), 3), (3, (W,), 1, (O, L), 2),
    (6, (O,), 2, (A,), 3), (4, (A, O), 2, (W,), 3), (5, (L,), 2, (W,), 3),
    (3, (W, A), 1, (L,), 2),
]
_YELLOWS = [
    (3, (L,), 1, (O,), 2), (2, (W,), 1, (A,), 2), (4, (A,), 1, (L,), 1),
    (3, (O,), 1, (W,), 2), (5, (W, L), 1, (O,), 1), (2, (A,), 1, (W,), 2),
    (4, (O,), 1, (L,), 2), (3, (L,), 1, (A, W), 1), (5, (W,), 1, (L,), 1),
    (2, (L, O), 1, (A,), 2), (4, (A,), 1, (O,), 2), (3, (W,), 1, (O, L), 1),
    (5, (O,), 1, (A,), 1), (2, (A, O), 1, (W,), 2), (4, (L,), 1, (W,), 1),
    (3, (W, A), 1, (L,), 2),
]
STARS: tuple[Star, ...] = tuple(Star(RED, *r) for r in _REDS) + tuple(
    Star(YELLOW, *y) for y in _YELLOWS)
"""Star ids 0..15 are the red giants, 16..31 the yellow stars."""
RED_IDS = range(0, 16)
YELLOW_IDS = range(16, 32)


def star_text(star_id: int) -> str:
    """``"red giant H6: 2 life forms -> 3 oxygen"``."""
    star = STARS[star_id]
    return (f"{star.kind} H{star.hydrogen}: {options_text(star.cost, star.cost_n)} -> "
            f"{options_text(star.reward, star.reward_n)}")


# ---- faction cards ----------------------------------------------------------------------

class Faction(NamedTuple):
    """A faction card: a top-row ability and a bottom-row requirement.

    Abilities: ``("exchange", (a, b))`` 1 a for 1 b either way; ``("convert", (gives,
    gets))`` 1 of ``gives`` into 1 of ``gets`` (tuples = a choice); ``("on_gain", (r,))``
    +1 r when another player's r goes up; ``("on_win", (r,))`` +1 r taken from the loser
    after winning an attack (``attack_any_turn``: may also attack on others' turns).

    Requirements: ``("levels", ((r, n), ...))`` each track at n or more; ``("others_below",
    (r, n))`` every other player's r below n; ``("most", (r,))`` more r than every other
    player; ``("colony_next_to", (face,))`` colony on a card next to a destroyed card of
    that face; ``("colony_on", (kind,))`` colony founded on that kind of star.
    """

    name: str
    ability: str
    ability_args: tuple
    requirement: str
    requirement_args: tuple
    attack_any_turn: bool = False


FACTIONS: tuple[Faction, ...] = (
    # The rulebook's four example cards, as printed.
    Faction("Blood Reavers", "on_win", (L,), "others_below", (L, 7), attack_any_turn=True),
    Faction("Tide Brokers", "exchange", (W, A), "levels", ((W, 14), (A, 14))),
    Faction("Neutron Smiths", "convert", ((H,), (W, A, L, O)), "colony_next_to",
            (NEUTRON_STAR,)),
    Faction("Rain Choir", "on_gain", (W,), "levels", ((W, 14),)),
    # Designed from the rulebook's symbols.
    Faction("Verdant Kin", "exchange", (L, O), "levels", ((L, 14), (O, 14))),
    Faction("Mist Gardeners", "exchange", (W, O), "levels", ((O, 12), (W, 10))),
    Faction("Relic Herders", "exchange", (A, L), "levels", ((A, 14),)),
    Faction("Swarm Mothers", "exchange", (W, L), "most", (L,)),
    Faction("Event Horizon Monks", "exchange", (A, O), "colony_next_to", (BLACK_HOLE,)),
    Faction("Ice Haulers", "exchange", (H, W), "levels", ((H, 14),)),
    Faction("Fusion Priests", "convert", ((W, A), (H,)), "levels", ((L, 14),)),
    Faction("Crimson Sowers", "convert", ((O,), (L,)), "colony_on", (RED,)),
    Faction("Archivists", "convert", ((L, O), (A,)), "levels", ((A, 12), (L, 8))),
    Faction("Gate Keepers", "convert", ((A,), (W,)), "colony_next_to", (WORMHOLE,)),
    Faction("Sun Eaters", "convert", ((H,), (O,)), "levels", ((O, 14),)),
    Faction("Balance Seekers", "convert", ((W,), (A, O)), "levels",
            ((W, 10), (A, 10), (L, 10), (O, 10), (H, 10))),
    Faction("Collectors", "on_gain", (A,), "levels", ((A, 14), (H, 14))),
    Faction("Parasite Choir", "on_gain", (L,), "others_below", (W, 7)),
    Faction("Dust Weavers", "on_gain", (O,), "colony_next_to", (SPACE_DUST,)),
    Faction("Star Misers", "on_gain", (H,), "most", (H,)),
    Faction("Tomb Raiders", "on_win", (A,), "most", (A,)),
    Faction("Air Thieves", "on_win", (O,), "others_below", (O, 7)),
    Faction("Solar Nomads", "convert", ((L,), (W, H)), "colony_on", (YELLOW,)),
    Faction("Old Ones", "exchange", (O, H), "levels", ((W, 8), (A, 8), (L, 8), (O, 8))),
)
DRAFT_HAND = 4
FACTIONS_KEPT = 3
COMPARES_PLAYERS = frozenset(i for i, f in enumerate(FACTIONS)
                             if f.requirement in ("others_below", "most"))
"""Factions whose requirement compares with other players: never dealt in a solo game."""


def ability_text(f: Faction) -> str:
    """The top row in words."""
    args = f.ability_args
    if f.ability == "exchange":
        return f"exchange 1 {_SINGULAR[args[0]]} <-> 1 {_SINGULAR[args[1]]}"
    if f.ability == "convert":
        gives = " | ".join(_SINGULAR[r] for r in args[0])
        if len(args[1]) == 4:
            return f"convert 1 {gives} -> 1 of any other resource"
        gets = " | ".join(_SINGULAR[r] for r in args[1])
        return f"convert 1 {gives} -> 1 {gets}"
    if f.ability == "on_gain":
        return f"when another player gains {RESOURCE_NAMES[args[0]]}, gain 1"
    text = f"on winning an attack, take 1 {_SINGULAR[args[0]]} from the loser"
    if f.attack_any_turn:
        text += "; may attack on others' turns"
    return text


def requirement_text(f: Faction) -> str:
    """The bottom row in words."""
    kind, args = f.requirement, f.requirement_args
    if kind == "levels":
        return ", ".join(f"{RESOURCE_NAMES[r]} {n}" for r, n in args)
    if kind == "others_below":
        return f"every other player's {RESOURCE_NAMES[args[0]]} below {args[1]}"
    if kind == "most":
        return f"more {RESOURCE_NAMES[args[0]]} than every other player"
    if kind == "colony_next_to":
        return f"colony next to a {FACE_NAMES[args[0]]}"
    return f"colony founded on a {args[0]}"


def faction_text(faction_id: int) -> str:
    """``"Tide Brokers: exchange ...; needs water 14, artifacts 14"``."""
    f = FACTIONS[faction_id]
    return f"{f.name}: {ability_text(f)}; needs {requirement_text(f)}"


# ---- federation cards (the Federations variant) -------------------------------------

class Federation(NamedTuple):
    """A federation card: a power usable only while its requirement holds."""

    name: str
    power: str
    levels: tuple[tuple[int, int], ...]
    power_text: str
    requirement_text: str


TELEPORT, FED_HARVEST, HIGH_ATTACK, DOUBLE_ENGINE, FORCE_TRADE, FED_CONVERT = range(6)
FORCE_TRADE_MAX = 7
FEDERATIONS: tuple[Federation, ...] = (
    Federation("Jump Fleet", "teleport", ((H, 14),), "pay 2 hydrogen: teleport anywhere",
               "hydrogen 14, next to a black hole"),
    Federation("Harvest Guild", "harvest", ((A, 14), (H, 10), (L, 4)),
               "a harvest costs 1 resource of your choice and 2 hydrogen",
               "artifacts 14, hydrogen 10, life forms 4"),
    Federation("War Council", "attack", ((L, 5), (O, 5), (W, 5), (A, 5)),
               "attack with your highest resource", "life forms, oxygen, water, artifacts 5"),
    Federation("Engine Union", "engine", ((O, 14), (H, 14)),
               "double output from the biosphere engine",
               "oxygen 14, hydrogen 14, on a space dust card"),
    Federation("Trade Fleet", "force_trade", (),
               "force a 1:1 trade of up to 7 resources",
               "share a cell with another player; 14 of two resources (not hydrogen)"),
    Federation("Transmuters", "convert", ((L, 14), (O, 5), (W, 5)),
               "convert any number of one resource into another",
               "life forms 14, oxygen 5, water 5"),
)


def federation_text(fed_id: int) -> str:
    """``"Jump Fleet: pay 2 hydrogen...; needs ..."``."""
    fed = FEDERATIONS[fed_id]
    return f"{fed.name}: {fed.power_text}; needs {fed.requirement_text}"
