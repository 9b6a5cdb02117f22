"""The universe running down in Nova Lux: stars emptied by a harvest (each goes to the
harvester's Biosphere Engine) or destroyed by the collapse dice, space cards turned over
once their last star is gone, and the decisions that forces on a seat: a full engine
(``store``) and an Ark on a collapsed neutron star (``escape``).

Every die goes through ``rules._die`` (the tests' hook for chosen dice).
"""

from __future__ import annotations

from typing import Any

from tui_games.engine.core import Event
from tui_games.engine.grammar import seat_ref
from tui_games.games.nova_lux import lines
from tui_games.games.nova_lux.board import (
    CARD_CELLS,
    CELL_NAMES,
    GRID_DIE_LIMIT,
    NEUTRON_STAR,
    card_by_dice,
)
from tui_games.games.nova_lux.cards import STARS
from tui_games.games.nova_lux.describe import top_star
from tui_games.games.nova_lux.legal import ENGINE_SLOTS
from tui_games.games.nova_lux.state import NONE, Escape, NovaLuxState, StoreStar


def roll_again(rules: Any, s: NovaLuxState, what: str, first: int) -> int:
    """A grid die showed ``first``, above 4: rolled until it names a row or column."""
    rolls = [first]
    while rolls[-1] > GRID_DIE_LIMIT:
        rolls.append(rules._die(s))
    s.log.append(lines.reroll(what, tuple(rolls)))
    return rolls[-1]


def grid_roll(rules: Any, s: NovaLuxState) -> int:
    """Two dice name a card: row then column, each rolled again above 4."""
    # Each die through _die (the tests' hook); a call more only for a re-roll (1 in 3)
    row = rules._die(s)
    if row > GRID_DIE_LIMIT:
        row = roll_again(rules, s, "row", row)
    col = rules._die(s)
    if col > GRID_DIE_LIMIT:
        col = roll_again(rules, s, "column", col)
    s.dice = [row, col]
    card = card_by_dice(row, col)
    s.log.append(lines.ROLL[card])
    return card


def collapse_roll(rules: Any, s: NovaLuxState) -> None:
    """The universe collapses a little: two dice remove the top star of a card."""
    card = grid_roll(rules, s)
    if s.flipped[card] or top_star(s, card) == NONE:
        s.log.append(lines.SAFE[card])
        return
    if s.yellow[card] != NONE:
        s.yellow[card] = NONE
        s.hydrogen[card] = STARS[s.red[card]].hydrogen
        s.log.append(lines.YELLOW_DIES[card])
        return
    s.red[card] = NONE
    s.hydrogen[card] = 0
    s.log.append(lines.RED_DIES[card])
    if s.colony_at[card] == NONE:
        flip(s, card)


def star_emptied(s: NovaLuxState, card: int, taker: int) -> bool:
    """The last hydrogen of ``card``'s top star is gone: the star goes to ``taker``'s
    engine; an emptied red giant collapses the card unless a colony holds it. True when
    a red giant is left to harvest."""
    if s.yellow[card] != NONE:
        star, s.yellow[card] = s.yellow[card], NONE
        s.hydrogen[card] = STARS[s.red[card]].hydrogen
        went_on = True
    else:
        star, s.red[card] = s.red[card], NONE
        went_on = False
    to_engine(s, taker, star)
    if not went_on and s.colony_at[card] == NONE:
        flip(s, card)
    return went_on


def to_engine(s: NovaLuxState, seat: int, star: int) -> None:
    """A star into ``seat``'s engine; a full engine makes ``seat`` choose (``store``)."""
    if len(s.engine[seat]) < ENGINE_SLOTS:
        s.engine[seat].append(star)
        s.log.append(lines.to_engine(seat, star))
    else:
        s.store_star, s.store_seat = star, seat


def flip(s: NovaLuxState, card: int) -> None:
    """The card turns over; the Arks on a neutron star must escape, in turn order."""
    s.flipped[card] = True
    face = s.face[card]
    s.log.append(lines.COLLAPSES[card][face])
    if face == NEUTRON_STAR:
        cell = CARD_CELLS[card]
        order = [(s.current + i) % s.players for i in range(s.players)]
        s.escapes = [p for p in order if s.ships[p] == cell and not s.left_game[p]]
        s.escape_card = card


# ---- the handlers (called by NovaLuxRules.apply with the rules object) ---------------------

def store(rules: Any, s: NovaLuxState, a: StoreStar, seat: int) -> None:
    """A full engine: the new star replaces one in it, or is discarded."""
    new = s.store_star
    s.store_star = s.store_seat = NONE
    if a.slot == NONE:
        s.log.append(Event(f"{seat_ref(seat)} discards the {STARS[new].kind}."))
        return
    old = s.engine[seat][a.slot]
    s.engine[seat][a.slot] = new
    s.log.append(Event(f"{seat_ref(seat)} puts the {STARS[new].kind} in the engine, "
                       f"discarding a {STARS[old].kind}."))


def escape(rules: Any, s: NovaLuxState, a: Escape, seat: int) -> None:
    """An Ark leaves the collapsed neutron star."""
    s.escapes.pop(0)
    s.ships[seat] = a.cell
    s.log.append(Event(f"{seat_ref(seat)} escapes the neutron star to "
                       f"{CELL_NAMES[a.cell]}."))
