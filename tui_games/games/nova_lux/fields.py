"""What an action's fields may hold at all, checked before any rule looks at them (Nova Lux).

An action can arrive from a hand-edited save or a careless caller with a float, a list, a
string or a bool where a number belongs. ``False == 0`` and ``1.0 == 1`` in Python but not
in a save's JSON, so a field counts only when its type is exactly the declared one and its
value is in range; ``field_problem`` names the first field that is not, in a player's words.
"""

from __future__ import annotations

from tui_games.games.nova_lux.board import CARDS, CELLS
from tui_games.games.nova_lux.cards import FACTIONS, FACTIONS_KEPT, RESOURCES, TRACK_MAX
from tui_games.games.nova_lux.legal import ENGINE_SLOTS
from tui_games.games.nova_lux.state import (
    NONE,
    AdjustOffer,
    AnswerTrade,
    Attack,
    DropOffer,
    EndTurn,
    Escape,
    FedConvert,
    ForceTrade,
    FoundColony,
    Harvest,
    MoveTo,
    NovaLuxState,
    OfferTrade,
    Pass,
    Pick,
    PlaceShip,
    Plunder,
    SendOffer,
    StartTrade,
    StoreStar,
    TakeHydrogen,
    Teleport,
    UseAbility,
    UseEngine,
)

SEAT = -1               # a range bound meaning "the number of seats"
FLAG = None             # the kind of a yes/no field

# Per action kind, per field: (name, (low, high) with high excluded, or FLAG; a complaint).
_CELL = ((0, CELLS), "there is no such cell")
_RES = ((0, RESOURCES), "there is no such resource")
_TARGET = ((0, SEAT), "there is no such seat")
_COUNT = ((1, TRACK_MAX + 1), f"a count is from 1 to {TRACK_MAX}")
_FLAG = (FLAG, "must be yes or no")

_SPEC: dict[type, tuple[tuple[str, tuple[int, int] | None, str], ...]] = {
    Pick: (("faction", (0, len(FACTIONS)), "there is no such faction card"),),
    PlaceShip: (("cell", *_CELL),),
    Harvest: (("count", *_COUNT), ("pay", *_RES), ("gain", *_RES),
              ("federation", *_FLAG)),
    MoveTo: (("cell", *_CELL),),
    Teleport: (("cell", *_CELL),),
    UseEngine: (("slot", (0, ENGINE_SLOTS), "there is no such engine slot"),
                ("pay", *_RES), ("gain", *_RES), ("double", *_FLAG)),
    FoundColony: (),
    UseAbility: (("slot", (0, FACTIONS_KEPT), "there is no such faction slot"),
                 ("give", *_RES), ("get", *_RES)),
    FedConvert: (("give", *_RES), ("get", *_RES), ("count", *_COUNT)),
    ForceTrade: (("target", *_TARGET), ("give", *_RES), ("get", *_RES),
                 ("count", *_COUNT)),
    OfferTrade: (("target", *_TARGET), ("give", *_RES), ("give_n", *_COUNT),
                 ("get", *_RES), ("get_n", *_COUNT)),
    StartTrade: (("target", *_TARGET),),
    AdjustOffer: (("give", *_FLAG), ("res", *_RES), ("more", *_FLAG)),
    SendOffer: (),
    DropOffer: (),
    AnswerTrade: (("accept", *_FLAG),),
    Attack: (("target", *_TARGET), ("highest", *_FLAG)),
    Plunder: (("res", *_RES),),
    StoreStar: (("slot", (NONE, ENGINE_SLOTS), "there is no such engine slot"),),
    Escape: (("cell", *_CELL),),
    TakeHydrogen: (("card", (0, CARDS), "there is no such space card"),),
    EndTurn: (),
    Pass: (),
}


def field_problem(s: NovaLuxState, a: object) -> str | None:
    """Why ``a`` cannot be a Nova Lux action at all (None: every field has the right type
    and range, which says nothing yet of whether it is legal now)."""
    spec = _SPEC.get(type(a))
    if spec is None:
        return "that is not a Nova Lux action"
    # one pass, no allocation: this runs before every action of every random playout
    for name, bounds, complaint in spec:
        value = getattr(a, name)
        if bounds is None:
            if type(value) is not bool:
                return f"{name} {complaint}"
        elif type(value) is not int:
            return f"{name} must be a whole number"
        elif value < bounds[0] or value >= (bounds[1] if bounds[1] != SEAT else len(s.ships)):
            return complaint
    return None
