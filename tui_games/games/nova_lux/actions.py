"""The four actions of a Nova Lux turn, each at most once and in any order: Harvest, Move,
Activate the Biosphere Engine and Establish the Colony.

The handlers are called by ``NovaLuxRules.apply`` with the rules object, once the action
is known to be legal.
"""

from __future__ import annotations

from typing import Any

from tui_games.engine.core import Event
from tui_games.engine.grammar import seat_ref
from tui_games.games.nova_lux import lines, movement
from tui_games.games.nova_lux.abilities import gain
from tui_games.games.nova_lux.board import CARD_AT, CELL_NAMES
from tui_games.games.nova_lux.cards import HYDROGEN, STARS, amount
from tui_games.games.nova_lux.collapse import star_emptied
from tui_games.games.nova_lux.describe import star_at, top_star
from tui_games.games.nova_lux.legal import FED_HARVEST_HYDROGEN
from tui_games.games.nova_lux.state import FoundColony, Harvest, MoveTo, NovaLuxState, UseEngine


def harvest(rules: Any, s: NovaLuxState, a: Harvest, me: int) -> None:
    """Hydrogen from the star under the Ark, paid for and rewarded per hydrogen (the
    Harvest Guild: 1 resource and 2 hydrogen, whatever the size); an emptied yellow star
    leaves its red giant to harvest on."""
    card = CARD_AT[s.ships[me]]
    star_id = top_star(s, card)
    star = STARS[star_id]
    where = star_at(s, card)
    res = s.res[me]
    if a.federation:
        res[a.pay] -= 1
        res[HYDROGEN] -= FED_HARVEST_HYDROGEN
        s.used[me] = True
        price = f"{amount(1, a.pay)} and {amount(2, HYDROGEN)} (Harvest Guild)"
    else:
        res[a.pay] -= a.count * star.cost_n
        price = amount(a.count * star.cost_n, a.pay)
    got = a.count * star.reward_n
    s.log.append(Event(f"{seat_ref(me)} harvests {amount(a.count, HYDROGEN)} from {where}, "
                       f"paying {price} for {amount(got, a.gain)}."))
    s.did.append("harvest")
    s.open_action = ""
    s.hydrogen[card] -= a.count
    gain(rules, s, me, HYDROGEN, a.count)
    gain(rules, s, me, a.gain, got)
    if not s.hydrogen[card]:
        went_on = star_emptied(s, card, me)
        if went_on:
            s.open_action = "harvest"


def move(rules: Any, s: NovaLuxState, a: MoveTo, me: int) -> None:
    """The Ark flies to ``a.cell`` by its cheapest route, paying hydrogen."""
    found = movement.route(s, s.ships[me], a.cell, s.res[me][HYDROGEN])
    assert found is not None        # apply has checked the move
    cost, path = found
    s.res[me][HYDROGEN] -= cost
    s.ships[me] = a.cell
    s.did.append("move")
    s.open_action = ""
    s.log.append(lines.move(me, cost, tuple(path), CELL_NAMES))


def activate_engine(rules: Any, s: NovaLuxState, a: UseEngine, me: int) -> None:
    """One run of a star in the Biosphere Engine (the action stays open for more runs)."""
    star = STARS[s.engine[me][a.slot]]
    if "engine" not in s.did:
        s.did.append("engine")
    s.open_action = "engine"
    if a.double and not s.engine_double:
        s.engine_double = True
        s.used[me] = True
    res = s.res[me]
    res[a.pay] -= star.cost_n
    res[HYDROGEN] -= 1
    n = star.reward_n * (2 if a.double else 1)
    s.log.append(lines.engine(me, s.engine[me][a.slot], a.pay, n, a.gain))
    gain(rules, s, me, a.gain, n)


def establish_colony(rules: Any, s: NovaLuxState, a: FoundColony, me: int) -> None:
    """The colony on the star under the Ark; the card no longer collapses while it holds."""
    card = CARD_AT[s.ships[me]]
    s.colony[me] = card
    s.colony_at[card] = me
    s.colony_kind[me] = STARS[top_star(s, card)].kind
    s.did.append("colony")
    s.open_action = ""
    s.log.append(Event(f"{seat_ref(me)} establishes a colony on {star_at(s, card)}."))
