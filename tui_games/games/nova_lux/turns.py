"""The end of a Nova Lux turn and round: the hydrogen taken to close the turn, the
abilities offered to the others, factions fulfilled, a semi-cooperative winner leaving,
the collapse roll of the solo turn or the semi-cooperative round, the next seat, and the
end of the game.

``next_phase`` picks the phase from what is pending after every decision; with
``settle`` it is called by ``NovaLuxRules.apply`` after each handler. The handlers here
are called by apply with the rules object, like the others in this folder.
"""

from __future__ import annotations

from typing import Any

from tui_games.engine.core import Event
from tui_games.engine.grammar import seat_ref
from tui_games.games.nova_lux import legal, lines
from tui_games.games.nova_lux.abilities import gain
from tui_games.games.nova_lux.cards import FACTIONS, FACTIONS_KEPT, HYDROGEN
from tui_games.games.nova_lux.collapse import collapse_roll, star_emptied
from tui_games.games.nova_lux.factions import requirement_met
from tui_games.games.nova_lux.final_score import outcome
from tui_games.games.nova_lux.state import NONE, EndTurn, NovaLuxState, Pass, TakeHydrogen

# ---- the handlers (called by NovaLuxRules.apply with the rules object) ---------------------


def take_hydrogen(rules: Any, s: NovaLuxState, a: TakeHydrogen, me: int) -> None:
    """The turn ends by taking 1 hydrogen from any star."""
    s.open_action = ""
    card = a.card
    yellow = s.yellow[card]         # top_star, inline: a call less at every turn's end
    s.log.append(lines.take(me, yellow if yellow != NONE else s.red[card], card))
    s.hydrogen[card] -= 1
    gain(rules, s, me, HYDROGEN, 1)
    if not s.hydrogen[a.card]:
        star_emptied(s, a.card, me)
    close_turn(s)


def end_turn(rules: Any, s: NovaLuxState, a: EndTurn, me: int) -> None:
    """The turn ends without hydrogen taken (none is left anywhere to take)."""
    s.open_action = ""
    close_turn(s)


def pass_reaction(rules: Any, s: NovaLuxState, a: Pass, seat: int) -> None:
    """An ability offered at the end of another's turn, not used."""
    s.react_queue.pop(0)


# ---- the steps ---------------------------------------------------------------------------

NO_HYDROGEN = "no hydrogen is left in the universe"
"""The end that comes as a turn closes (once that turn is counted); the others come as a
faction is fulfilled, in the middle of a turn."""


def close_turn(s: NovaLuxState) -> None:
    """The turn is over once the others have had their abilities offered."""
    s.ending = True
    if s.reactions_on:
        s.react_queue = [(s.current + i) % s.players for i in range(1, s.players)
                         ] if s.players > 1 else []


def begin_turn(s: NovaLuxState) -> None:
    """A fresh turn: no action done yet, every ability unspent."""
    s.did = []
    s.open_action = ""
    s.engine_double = False
    s.attacked = s.offered = s.ending = False
    s.used = [False] * s.players


def next_turn(rules: Any, s: NovaLuxState) -> None:
    """The turn passes on (after the collapse roll of a solo turn or of a new
    semi-cooperative round), unless the game is over."""
    me = s.current
    s.ending = False
    s.react_queue = []
    s.turn += 1
    if s.mode == "solo":
        collapse_roll(rules, s)
    nxt = next_seat(s, me)
    if nxt is None:
        finish(s, "every player has completed their factions")
        return
    if s.mode == "semi" and nxt <= me:     # the starting player begins a round
        collapse_roll(rules, s)
    if not any(s.hydrogen):
        finish(s, NO_HYDROGEN)
        return
    s.current = nxt
    begin_turn(s)


def next_seat(s: NovaLuxState, me: int) -> int | None:
    """The next seat still in the game, or None when all have left."""
    for i in range(1, s.players + 1):
        seat = (me + i) % s.players
        if not s.left_game[seat]:
            return seat
    return None


def settle(s: NovaLuxState) -> None:
    """Flip every faction whose requirement holds; completing them wins."""
    if s.phase in ("draft", "place", "over"):
        return
    if s.colony.count(NONE) == len(s.colony):  # no faction is fulfilled without one
        if s.mode == "semi" and all(s.left_game):
            finish(s, "every player has completed their factions")
        return
    need = 2 if s.players >= 5 else FACTIONS_KEPT
    order = [(s.current + i) % s.players for i in range(s.players)]
    for seat in order:
        if s.left_game[seat] or s.colony[seat] == NONE:
            continue
        for slot, fid in enumerate(s.factions[seat]):
            if not s.done[seat][slot] and requirement_met(s, seat, FACTIONS[fid]):
                s.done[seat][slot] = True
                s.log.append(Event(f"{seat_ref(seat)} fulfils the {FACTIONS[fid].name}."))
        if sum(s.done[seat]) >= need:
            s.winners.append(seat)
            if s.mode != "semi":
                finish(s, f"{seat_ref(seat)} completes their factions")
                return
            leave(s, seat)
    if s.mode == "semi" and all(s.left_game):
        finish(s, "every player has completed their factions")


def leave(s: NovaLuxState, seat: int) -> None:
    """A semi-cooperative winner leaves the game, with whatever they were deciding."""
    s.left_game[seat] = True
    s.log.append(Event(f"{seat_ref(seat)} completes their factions, wins and leaves."))
    s.ships[seat] = NONE
    if s.store_seat == seat:
        s.store_star = s.store_seat = NONE
    s.escapes = [p for p in s.escapes if p != seat]
    if seat in (s.plunder_seat, s.plunder_from):
        s.plunder_seat = s.plunder_from = NONE
        s.plunder_left = 0
    if s.offer is not None and seat in (s.offer.seat, s.offer.target):
        s.offer = None
    s.react_queue = [p for p in s.react_queue if p != seat]


def next_phase(rules: Any, s: NovaLuxState) -> None:
    """Move to whatever is pending: a full engine, an escape, spoils, an answer, the
    others' reactions, the next turn, or back to the turn."""
    if s.phase in ("over", "draft", "place"):
        return
    if s.store_star != NONE:
        s.phase = "store"
    elif s.escapes:
        s.phase = "escape"
    elif s.plunder_left:
        s.phase = "plunder"
    elif s.offer is not None:        # composed by the current player, or sent
        s.phase = "answer" if s.offered else "compose"
    elif s.left_game[s.current] or s.ending:
        while s.react_queue and not legal.reactions(s, s.react_queue[0]):
            s.react_queue.pop(0)
        if s.react_queue and not s.left_game[s.current]:
            s.phase = "react"
            return
        s.phase = "turn"
        next_turn(rules, s)
        if s.phase != "over":
            next_phase(rules, s)
    else:
        s.phase = "turn"


def finish(s: NovaLuxState, reason: str) -> None:
    """The game is over: the outcome's reason closes the log."""
    s.phase = "over"
    s.end_reason = reason
    s.react_queue = []
    result = outcome(s)
    assert result is not None
    s.log.append(Event(f"Game over: {result.reason}"))
