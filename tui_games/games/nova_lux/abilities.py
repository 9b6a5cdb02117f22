"""Faction and federation abilities in Nova Lux: the ones a seat decides to use (a faction's
conversion, the Jump Fleet, the Transmuters, the Trade Fleet), and the ones that answer by
themselves when another player gains (``gain``, the one way a resource track goes up).

Each ability is spent for the turn (``s.used``). The handlers are called by
``NovaLuxRules.apply`` with the rules object, like the others in this folder.
"""

from __future__ import annotations

from typing import Any

from tui_games.engine.core import Event
from tui_games.engine.grammar import seat_ref
from tui_games.games.nova_lux import lines, movement
from tui_games.games.nova_lux.board import CELL_NAMES
from tui_games.games.nova_lux.cards import FACTIONS, HYDROGEN, TRACK_MAX, amount, unit
from tui_games.games.nova_lux.factions import others, trigger_slot
from tui_games.games.nova_lux.state import (
    FedConvert,
    ForceTrade,
    NovaLuxState,
    Teleport,
    UseAbility,
)


def gain(rules: Any, s: NovaLuxState, seat: int, r: int, n: int, trigger: bool = True
         ) -> None:
    """``seat`` gains ``n`` of ``r`` (above 14 is lost); others' "when another player
    gains" factions answer automatically and spend their ability for the turn."""
    track = s.res[seat]
    before = track[r]
    track[r] = min(TRACK_MAX, before + n)
    if track[r] == before or not trigger or s.players == 1:
        return
    for other in others(s, seat):
        if s.used[other]:
            continue
        slot = trigger_slot(s, other, "on_gain", r)
        if slot >= 0:
            s.used[other] = True
            s.log.append(Event(f"{seat_ref(other)} gains 1 {unit(r)} "
                               f"({FACTIONS[s.factions[other][slot]].name})."))
            gain(rules, s, other, r, 1, trigger=False)


def use_ability(rules: Any, s: NovaLuxState, a: UseAbility, seat: int) -> None:
    """A faction's conversion: on one's own turn, or offered at the end of another's."""
    s.used[seat] = True
    if s.phase == "turn":
        s.open_action = ""
    else:
        s.react_queue.pop(0)
    s.res[seat][a.give] -= 1
    s.log.append(lines.ability(seat, s.factions[seat][a.slot], a.give, a.get))
    gain(rules, s, seat, a.get, 1)


def teleport(rules: Any, s: NovaLuxState, a: Teleport, me: int) -> None:
    """The Jump Fleet: to any cell for 2 hydrogen."""
    s.res[me][HYDROGEN] -= movement.TELEPORT_COST
    s.ships[me] = a.cell
    s.used[me] = True
    s.open_action = ""
    s.log.append(Event(f"{seat_ref(me)} teleports to {CELL_NAMES[a.cell]} for 2 hydrogen "
                       "(Jump Fleet)."))


def fed_convert(rules: Any, s: NovaLuxState, a: FedConvert, me: int) -> None:
    """The Transmuters: any number of one resource into another, unit for unit."""
    s.used[me] = True
    s.open_action = ""
    s.res[me][a.give] -= a.count
    s.log.append(Event(f"{seat_ref(me)} converts {amount(a.count, a.give)} into "
                       f"{amount(a.count, a.get)} (Transmuters)."))
    gain(rules, s, me, a.get, a.count)


def force_trade(rules: Any, s: NovaLuxState, a: ForceTrade, me: int) -> None:
    """The Trade Fleet: a trade the other player cannot decline."""
    s.used[me] = True
    s.open_action = ""
    s.res[me][a.give] -= a.count
    s.res[a.target][a.get] -= a.count
    s.log.append(Event(f"{seat_ref(me)} forces {seat_ref(a.target)} to trade "
                       f"{amount(a.count, a.get)} for {amount(a.count, a.give)} "
                       "(Trade Fleet)."))
    gain(rules, s, a.target, a.give, a.count)
    gain(rules, s, me, a.get, a.count)
