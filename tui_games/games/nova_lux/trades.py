"""Trade offers between Arks on one cell: composed unit by unit, then accepted or declined.

The rulebook: "Trading resources including hydrogen has no guidelines aside from no trading
for zero." So an offer may name any amounts of any resources on each side, within what each
player holds, as long as each side names something. Such offers are far too many to list,
so an offer is composed in small decisions (DESIGN.md: one decision, one action): the
player begins an offer to a seat (``StartTrade``, phase ``compose``), adds or removes one
unit at a time on either side (``AdjustOffer``) and sends it (``SendOffer``) or drops it
(``DropOffer``). Only a sent offer is the turn's one offer; the other player then answers.

A resource is named on one side only: giving water for water is no trade.
"""

from __future__ import annotations

from typing import Any

from tui_games.engine.core import Action, Event
from tui_games.engine.grammar import seat_ref
from tui_games.games.nova_lux.cards import RESOURCES, TRACK_MAX, amount, unit
from tui_games.games.nova_lux.describe import units
from tui_games.games.nova_lux.factions import sharing
from tui_games.games.nova_lux.state import (
    NO_UNITS,
    AdjustOffer,
    DropOffer,
    NovaLuxState,
    Offer,
    OfferTrade,
    SendOffer,
    StartTrade,
)

# One instance of each composing step, so the listing builds few objects.
_ADJUST = {(give, r, more): AdjustOffer(give, r, more)
           for give in (True, False) for r in range(RESOURCES) for more in (True, False)}
_SEND = SendOffer()
_DROP = DropOffer()


def can_trade(mine: list[int], theirs: list[int]) -> bool:
    """Some offer is possible: one resource of yours for another one of theirs."""
    return any(mine[g] and theirs[t] for g in range(RESOURCES) for t in range(RESOURCES)
               if g != t)


def starts(s: NovaLuxState) -> list[Action]:
    """The offers the current player may begin: one per Ark on the cell, while this
    turn's offer is not made yet."""
    me = s.current
    if s.offered:
        return []
    mine = s.res[me]
    return [StartTrade(t) for t in sharing(s, me) if can_trade(mine, s.res[t])]


def steps(s: NovaLuxState) -> list[Action]:
    """While composing: send (once both sides name something); one unit more of each
    resource, on the side still empty first; one unit less; or drop the offer. Taking
    the first step each time reaches an offer in a few steps, never a loop."""
    offer = s.offer
    assert offer is not None
    holds = {True: s.res[offer.seat], False: s.res[offer.target]}
    named = {True: offer.gives, False: offer.gets}
    out: list[Action] = []
    if any(offer.gives) and any(offer.gets):
        out.append(_SEND)
    for give in (True, False) if not any(offer.gives) else (False, True):
        side, other, held = named[give], named[not give], holds[give]
        out += [_ADJUST[give, r, True] for r in range(RESOURCES)
                if side[r] < held[r] and not other[r]]
    out += [_ADJUST[give, r, False] for give in (True, False) for r in range(RESOURCES)
            if named[give][r]]
    out.append(_DROP)
    return out


def why_not(s: NovaLuxState, a: Action) -> str:
    """Why a composing step (or another action while composing) is refused."""
    offer = s.offer
    assert offer is not None
    if isinstance(a, SendOffer):
        return "name something on each side first: no trading for nothing"
    if not isinstance(a, AdjustOffer):
        return "send or drop the trade offer you are composing first"
    other = offer.gets if a.give else offer.gives
    if not a.more:
        return f"the offer names no {unit(a.res)} on that side"
    if other[a.res]:
        return f"{unit(a.res)} is already on the other side of the offer"
    holder = offer.seat if a.give else offer.target
    who = "you have" if a.give else f"{seat_ref(holder)} has"
    return f"{who} only {amount(s.res[holder][a.res], a.res)}"


# ---- the handlers (called by NovaLuxRules.apply with the rules object) ---------------------

def start(rules: Any, s: NovaLuxState, a: StartTrade, me: int) -> None:
    """Begin an empty offer to ``a.target``; the phase turns to composing."""
    s.offer = Offer(me, a.target, NO_UNITS, NO_UNITS)


def adjust(rules: Any, s: NovaLuxState, a: AdjustOffer, me: int) -> None:
    """One unit more or less on one side of the offer."""
    offer = s.offer
    assert offer is not None
    side = list(offer.gives if a.give else offer.gets)
    side[a.res] += 1 if a.more else -1
    if a.give:
        s.offer = Offer(offer.seat, offer.target, tuple(side), offer.gets)
    else:
        s.offer = Offer(offer.seat, offer.target, offer.gives, tuple(side))


def send(rules: Any, s: NovaLuxState, a: SendOffer, me: int) -> None:
    """The offer goes to the other player: this turn's one offer is made."""
    offer = s.offer
    assert offer is not None
    s.offered = True
    s.open_action = ""
    s.log.append(Event(f"{seat_ref(me)} offers {seat_ref(offer.target)} "
                       f"{units(offer.gives)} for {units(offer.gets)}."))


def drop(rules: Any, s: NovaLuxState, a: DropOffer, me: int) -> None:
    """No offer after all; the turn goes on (and may begin another)."""
    s.offer = None


def exchange(rules: Any, s: NovaLuxState, offer: Offer) -> None:
    """An accepted offer: both sides pay, then the target gains, then the offerer (each
    gain may set off the others' "when another player gains" factions)."""
    for r in range(RESOURCES):
        s.res[offer.seat][r] -= offer.gives[r]
        s.res[offer.target][r] -= offer.gets[r]
    for r in range(RESOURCES):
        if offer.gives[r]:
            rules.gain(s, offer.target, r, offer.gives[r])
    for r in range(RESOURCES):
        if offer.gets[r]:
            rules.gain(s, offer.seat, r, offer.gets[r])


def upgrade_action(a: Action) -> list[Action]:
    """An action of an older save as the actions of today: an offer of one resource each
    side becomes its composing steps (the rules replay them to the same state)."""
    if not isinstance(a, OfferTrade) or not all(
            type(n) is int and 1 <= n <= TRACK_MAX for n in (a.give_n, a.get_n)):
        return [a]      # today's action, or an edited one: the replay judges it
    return [StartTrade(a.target),
            *[_ADJUST[True, a.give, True]] * a.give_n,
            *[_ADJUST[False, a.get, True]] * a.get_n,
            _SEND]
