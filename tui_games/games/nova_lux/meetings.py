"""Meetings of Arks in Nova Lux: a sent trade offer answered, an attack and its spoils.

(A trade offer is composed in trades.py.) The handlers are called by
``NovaLuxRules.apply`` with the rules object; the attack's dice go through ``rules._die``
(the tests' hook for chosen dice).
"""

from __future__ import annotations

from typing import Any

from tui_games.engine.core import Event
from tui_games.engine.grammar import plural, seat_ref
from tui_games.games.nova_lux import trades
from tui_games.games.nova_lux.abilities import gain
from tui_games.games.nova_lux.cards import FACTIONS, unit
from tui_games.games.nova_lux.state import NONE, AnswerTrade, Attack, NovaLuxState, Plunder


def answer(rules: Any, s: NovaLuxState, a: AnswerTrade, seat: int) -> None:
    """The target of the offer accepts it (both sides pay, then gain) or declines it."""
    offer = s.offer
    assert offer is not None
    s.offer = None
    if not a.accept:
        s.log.append(Event(f"{seat_ref(seat)} declines the trade."))
        return
    s.log.append(Event(f"{seat_ref(seat)} accepts the trade."))
    trades.exchange(rules, s, offer)


def attack(rules: Any, s: NovaLuxState, a: Attack, seat: int) -> None:
    """The turn's one attack, or one at the end of another player's turn (a faction that
    attacks on any turn)."""
    if s.phase == "react":
        # An attack on another player's turn and the card's gain for winning it are one
        # use of the card: mark it used only once the attack (and its gain) is resolved.
        s.react_queue.pop(0)
        resolve_attack(rules, s, seat, a.target, a.highest)
        s.used[seat] = True
        return
    s.attacked = True
    s.open_action = ""
    if a.highest:
        s.used[seat] = True
    resolve_attack(rules, s, seat, a.target, a.highest)


def resolve_attack(rules: Any, s: NovaLuxState, attacker: int, defender: int,
                   highest: bool = False) -> None:
    """Each rolls a die and adds their lowest resource (the War Council: highest); the
    higher total wins resources equal to the difference of the dice."""
    da, dd = rules._die(s), rules._die(s)
    s.dice = [da, dd]
    va = max(s.res[attacker]) if highest else min(s.res[attacker])
    vd = min(s.res[defender])
    ta, td = da + va, dd + vd
    text = (f"{seat_ref(attacker)} attacks {seat_ref(defender)}: {seat_ref(attacker)} "
            f"rolls {da} + {va} = {ta}, {seat_ref(defender)} rolls {dd} + {vd} = {td}")
    if ta == td:
        s.log.append(Event(f"{text}; a tie, nothing happens."))
        return
    winner, loser = (attacker, defender) if ta > td else (defender, attacker)
    spoils = abs(da - dd)
    s.log.append(Event(f"{text}; {seat_ref(winner)} wins "
                       f"{plural(spoils, 'resource')}."))
    if not s.used[winner]:
        for slot, fid in enumerate(s.factions[winner]):
            f = FACTIONS[fid]
            r = f.ability_args[0]
            if f.ability == "on_win" and not s.done[winner][slot] and s.res[loser][r]:
                s.used[winner] = True
                s.res[loser][r] -= 1
                s.log.append(Event(f"{seat_ref(winner)} takes 1 {unit(r)} from "
                                   f"{seat_ref(loser)} ({f.name})."))
                gain(rules, s, winner, r, 1)
                break
    if spoils and any(s.res[loser]):
        s.plunder_seat, s.plunder_from, s.plunder_left = winner, loser, spoils


def plunder(rules: Any, s: NovaLuxState, a: Plunder, seat: int) -> None:
    """The winner of an attack takes the spoils one resource at a time."""
    s.res[s.plunder_from][a.res] -= 1
    s.log.append(Event(f"{seat_ref(seat)} takes 1 {unit(a.res)} from "
                       f"{seat_ref(s.plunder_from)}."))
    gain(rules, s, seat, a.res, 1)
    s.plunder_left -= 1
    if not s.plunder_left or not any(s.res[s.plunder_from]):
        s.plunder_seat = s.plunder_from = NONE
        s.plunder_left = 0
