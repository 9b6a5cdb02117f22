"""Nova Lux's most frequent log lines, each built once (plain data).

A turn writes a line for nearly every step, and a solo turn's end three or four (the
hydrogen taken, the collapse dice and what they hit): formatting them afresh was about a
tenth of a random playout. An Event is a frozen value, so one shared instance stands for
every equal line in every log, as the interned actions do (interned.py). The memos are
keyed by everything a line's words depend on, and their keys come from small finite sets
(seats, cards, stars, factions, resources), so they stay small. Their words are the rules'
own: the playout digests, which hash the logs, hold.
"""

from __future__ import annotations

from tui_games.engine.core import Event
from tui_games.engine.grammar import seat_ref
from tui_games.games.nova_lux.board import CARDS, FACE_PHRASES, GRID_DIE_LIMIT, card_name
from tui_games.games.nova_lux.cards import FACTIONS, HYDROGEN, RESOURCES, STARS, amount
from tui_games.games.nova_lux.state import NONE

GRID = 4  # the space cards are a 4x4 grid: card = (row die - 1) * 4 + (column die - 1)

_NTH = ("1st", "2nd", "3rd", "4th")
CARD_ROWS = "1 3 5 7"
CARD_COLUMNS = "A C E G"
"""The map rows and columns that hold the cards the dice count (board.CARD_CELLS)."""

# "The dice roll row 2, column 4: G3." read as the map's row 2 and column D (issue 31):
# the line says which of the map's rows and columns the dice count.
ROLL: tuple[Event, ...] = tuple(
    Event(
        f"The dice roll {card // GRID + 1} and {card % GRID + 1}: {_NTH[card // GRID]} of "
        f"rows {CARD_ROWS}, {_NTH[card % GRID]} of columns {CARD_COLUMNS}: "
        f"{card_name(card)}."
    )
    for card in range(CARDS)
)
"""``ROLL[card]``: the collapse dice naming ``card``."""
ROLLS: frozenset[Event] = frozenset(ROLL)
"""Every roll line, to find the last roll in a log."""

SAFE: tuple[Event, ...] = tuple(
    Event(f"{card_name(card)} has no star left: safe this time.") for card in range(CARDS)
)
YELLOW_DIES: tuple[Event, ...] = tuple(
    Event(f"The yellow star on {card_name(card)} dies; its red giant is left.")
    for card in range(CARDS)
)
RED_DIES: tuple[Event, ...] = tuple(
    Event(f"The red giant on {card_name(card)} dies.") for card in range(CARDS)
)

COLLAPSES: tuple[tuple[Event, ...], ...] = tuple(
    tuple(Event(f"{card_name(card)} collapses: {phrase}.") for phrase in FACE_PHRASES)
    for card in range(CARDS)
)
"""``COLLAPSES[card][face]``: a card turned face up by a dying red giant."""

UNITS: tuple[str, ...] = tuple(amount(1, r)[2:] for r in range(RESOURCES))

_TAKE: dict[tuple[int, int, int], Event] = {}
_ABILITY: dict[tuple[int, int, int, int], Event] = {}
_ENGINE: dict[tuple[int, int, int, int, int], Event] = {}
_MOVE: dict[tuple[int, int, tuple[int, ...]], Event] = {}
_TO_ENGINE: dict[tuple[int, int], Event] = {}
_REROLL: dict[tuple[str, tuple[int, ...]], Event] = {}
_REROLLS_KEPT = 4096
_MOVES_KEPT = 16384  # paths are many more than the other keys: a bound, as legal._LOCAL
# Values never change once made, so threads racing to fill an entry agree.


def reroll(what: str, rolls: tuple[int, ...]) -> Event:
    """The ``what`` die's rolls above 4 (all of ``rolls`` but its last, the one kept)."""
    key = (what, rolls)
    line = _REROLL.get(key)
    if line is None:
        if len(_REROLL) >= _REROLLS_KEPT:  # a long run of high rolls is a new key
            _REROLL.clear()
        # "shows 6, 5, 6, above 4" was heard as one number list with the limit in it
        high = rolls[:-1]
        each = "each " if len(high) > 1 else ""
        line = _REROLL[key] = Event(
            f"The {what} die shows {', then '.join(map(str, high))}, "
            f"{each}above {GRID_DIE_LIMIT}: rolled again, {rolls[-1]}."
        )
    return line


def to_engine(seat: int, star: int) -> Event:
    """``seat``'s biosphere engine takes ``star``."""
    key = (seat, star)
    line = _TO_ENGINE.get(key)
    if line is None:
        line = _TO_ENGINE[key] = Event(
            f"{seat_ref(seat)} adds the {STARS[star].kind} to the biosphere engine."
        )
    return line


def take(seat: int, star: int, card: int) -> Event:
    """``seat`` takes 1 hydrogen from ``star`` (NONE: the bare card) on ``card``."""
    key = (seat, star, card)
    line = _TAKE.get(key)
    if line is None:
        kind = STARS[star].kind if star != NONE else "card"  # describe.star_at's words
        line = _TAKE[key] = Event(
            f"{seat_ref(seat)} takes 1 hydrogen from the {kind} on {card_name(card)}."
        )
    return line


def ability(seat: int, faction: int, give: int, get: int) -> Event:
    """``seat`` uses ``faction``'s exchange: 1 of ``give`` for 1 of ``get``."""
    key = (seat, faction, give, get)
    line = _ABILITY.get(key)
    if line is None:
        line = _ABILITY[key] = Event(
            f"{seat_ref(seat)} uses the {FACTIONS[faction].name}: "
            f"1 {UNITS[give]} for 1 {UNITS[get]}."
        )
    return line


def engine(seat: int, star: int, pay: int, n: int, gain: int) -> Event:
    """``seat`` runs the engine's ``star``, paying ``pay`` and 1 hydrogen for ``n`` of
    ``gain``."""
    key = (seat, star, pay, n, gain)
    line = _ENGINE.get(key)
    if line is None:
        kind = STARS[star]
        line = _ENGINE[key] = Event(
            f"{seat_ref(seat)} runs the engine's {kind.kind}: "
            f"{amount(kind.cost_n, pay)} and 1 hydrogen for {amount(n, gain)}."
        )
    return line


def move(seat: int, cost: int, path: tuple[int, ...], names: tuple[str, ...]) -> Event:
    """``seat`` moves along ``path`` (start and target included) for ``cost`` hydrogen;
    ``names`` are the cells' names."""
    key = (seat, cost, path)
    line = _MOVE.get(key)
    if line is None:
        if len(_MOVE) >= _MOVES_KEPT:
            _MOVE.clear()
        via = " via " + ", ".join(names[c] for c in path[1:-1]) if len(path) > 2 else ""
        line = _MOVE[key] = Event(
            f"{seat_ref(seat)} moves to {names[path[-1]]}{via} for {amount(cost, HYDROGEN)}."
        )
    return line
