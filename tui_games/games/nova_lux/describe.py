"""Plain-language phrases for Nova Lux actions (menus, hints, the log)."""

from __future__ import annotations

from tui_games.engine.grammar import seat_ref
from tui_games.games.nova_lux import movement
from tui_games.games.nova_lux.board import CARD_AT, CELL_NAMES, card_name
from tui_games.games.nova_lux.cards import (
    FACTIONS,
    HYDROGEN,
    STARS,
    TRACK_MAX,
    amount,
)
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
    NovaLuxAction,
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


def top_star(s: NovaLuxState, card: int) -> int:
    """The star on top of ``card`` (the yellow star over the red giant), or NONE."""
    return s.yellow[card] if s.yellow[card] != NONE else s.red[card]


def star_at(s: NovaLuxState, card: int) -> str:
    """``"the yellow star on C3"``."""
    star = top_star(s, card)
    kind = STARS[star].kind if star != NONE else "card"
    return f"the {kind} on {card_name(card)}"


def units(counts: tuple[int, ...]) -> str:
    """``"2 water and 1 oxygen"`` for units per resource (``"nothing"`` for none)."""
    named = [amount(n, r) for r, n in enumerate(counts) if n]
    if not named:
        return "nothing"
    return named[0] if len(named) == 1 else ", ".join(named[:-1]) + " and " + named[-1]


def lost_over_track(s: NovaLuxState, paid: dict[int, int], got: dict[int, int]) -> str:
    """`` (1 hydrogen lost: over 14)`` when what the current seat gets would
    pass a track's top, after paying ``paid`` (a gain above 14 is lost, silently on the
    board: a newcomer at 14 hydrogen harvested and saw nothing change)."""
    if not s.res or not 0 <= s.current < len(s.res):
        return ""
    track = s.res[s.current]
    over = {r: track[r] - paid.get(r, 0) + n - TRACK_MAX for r, n in got.items()}
    lost = [amount(n, r) for r, n in sorted(over.items()) if n > 0]
    if not lost:
        return ""
    return f" ({' and '.join(lost)} lost: over {TRACK_MAX})"


def _flight_cost(s: NovaLuxState, cell: int) -> int | None:
    """The hydrogen the mover's cheapest flight to ``cell`` costs, None if out of reach."""
    seat = s.current
    if not s.ships or seat >= len(s.ships) or s.ships[seat] == NONE:
        return None
    paths = movement.cheapest(s, s.ships[seat], s.res[seat][HYDROGEN])
    return paths[cell][0] if cell in paths else None


def describe_action(s: NovaLuxState, a: NovaLuxAction) -> str:
    """A plain imperative phrase for ``a`` in ``s``."""
    if isinstance(a, Harvest):
        card = CARD_AT[s.ships[s.current]] if s.ships else NONE
        star_id = top_star(s, card) if card != NONE else NONE
        star = STARS[star_id] if star_id != NONE else None
        gain = amount(a.count * (star.reward_n if star else 1), a.gain)
        if a.federation:
            price = f"{amount(1, a.pay)} and {amount(2, HYDROGEN)} (Harvest Guild)"
            paid = {a.pay: 1, HYDROGEN: 2}
        else:
            price = amount(a.count * (star.cost_n if star else 1), a.pay)
            paid = {a.pay: a.count * (star.cost_n if star else 1)}
        got = {HYDROGEN: a.count, a.gain: a.count * (star.reward_n if star else 1)}
        lost = lost_over_track(s, paid, got)
        return f"harvest {amount(a.count, HYDROGEN)}: pay {price}, get {gain}{lost}"
    if isinstance(a, MoveTo):
        # The cost, as the map's caption says it: a move can spend every hydrogen held,
        # and a listener choosing from a list has no map to show it.
        cost = _flight_cost(s, a.cell)
        return f"move to {CELL_NAMES[a.cell]}" + (
            f" ({amount(cost, HYDROGEN)})" if cost is not None else ""
        )
    if isinstance(a, Teleport):
        return f"teleport to {CELL_NAMES[a.cell]} for 2 hydrogen (Jump Fleet)"
    if isinstance(a, UseEngine):
        engine = s.engine[s.current] if s.engine else []
        if a.slot < len(engine):
            star = STARS[engine[a.slot]]
            n = star.reward_n * (2 if a.double else 1)
            twice = " (Engine Union)" if a.double else ""
            lost = lost_over_track(s, {a.pay: star.cost_n, HYDROGEN: 1}, {a.gain: n})
            return (
                f"engine star {a.slot + 1}: pay {amount(star.cost_n, a.pay)} and 1 "
                f"hydrogen, get {amount(n, a.gain)}{twice}{lost}"
            )
        return f"run engine star {a.slot + 1}"
    if isinstance(a, FoundColony):
        return "establish the colony here"
    if isinstance(a, UseAbility):
        return f"use the {_faction_name(s, a.slot)}: 1 {_unit(a.give)} for 1 {_unit(a.get)}"
    if isinstance(a, FedConvert):
        return f"convert {amount(a.count, a.give)} into {amount(a.count, a.get)} (Transmuters)"
    if isinstance(a, ForceTrade):
        return (
            f"force {seat_ref(a.target)} to trade {amount(a.count, a.get)} for "
            f"{amount(a.count, a.give)} (Trade Fleet)"
        )
    if isinstance(a, OfferTrade):
        return f"offer {seat_ref(a.target)} {amount(a.give_n, a.give)} for {amount(a.get_n, a.get)}"
    if isinstance(a, StartTrade):
        return f"offer {seat_ref(a.target)} a trade"
    if isinstance(a, AdjustOffer):
        side = "you give" if a.give else "you ask for"
        return f"{'1 more' if a.more else '1 less'} {_unit(a.res)} that {side}"
    if isinstance(a, SendOffer):
        offer = s.offer
        if offer is None:
            return "send the offer"
        return f"offer {seat_ref(offer.target)} {units(offer.gives)} for {units(offer.gets)}"
    if isinstance(a, DropOffer):
        return "drop the offer"
    if isinstance(a, AnswerTrade):
        return "accept the trade" if a.accept else "decline the trade"
    if isinstance(a, Attack):
        how = " with the highest resource (War Council)" if a.highest else ""
        return f"attack {seat_ref(a.target)}{how}"
    if isinstance(a, Plunder):
        return f"take 1 {_unit(a.res)}"
    if isinstance(a, StoreStar):
        # Which star comes and which one goes: a slot number alone tells neither.
        new = STARS[s.store_star].kind if s.store_star != NONE else "star"
        if a.slot == NONE:
            return f"discard the new {new}"
        engine = s.engine[s.store_seat] if s.store_seat != NONE else []
        old = f", replacing a {STARS[engine[a.slot]].kind}" if a.slot < len(engine) else ""
        return f"put the new {new} in engine slot {a.slot + 1}{old}"
    if isinstance(a, Escape):
        return f"escape to {CELL_NAMES[a.cell]}"
    if isinstance(a, TakeHydrogen):
        return f"take 1 hydrogen from {star_at(s, a.card)} and end the turn"
    if isinstance(a, EndTurn):
        return "end the turn"
    if isinstance(a, Pass):
        return "pass"
    if isinstance(a, Pick):
        return f"keep the {FACTIONS[a.faction].name}"
    if isinstance(a, PlaceShip):
        return f"place the Ark on {CELL_NAMES[a.cell]}"
    return repr(a)


def _unit(res: int) -> str:
    return amount(1, res)[2:]


def _faction_name(s: NovaLuxState, slot: int) -> str:
    me = s.react_queue[0] if s.phase == "react" and s.react_queue else s.current
    if s.factions and slot < len(s.factions[me]) and s.factions[me][slot] >= 0:
        return FACTIONS[s.factions[me][slot]].name
    return f"faction in slot {slot + 1}"
