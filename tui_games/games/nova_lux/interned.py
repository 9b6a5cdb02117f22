"""One instance of each common Nova Lux action, built once at import (plain data).

A random playout lists a turn's options about twice per turn; building fresh action
objects for each list was a good part of its cost. Actions are frozen values, so one
shared instance stands for all equal ones, and ``apply`` recognises an action of the list
it was just given by identity (``NovaLuxRules.legal_actions``). The tables cover every
value a rules-made state can produce; the listings fall back to building an action when a
hand-made state goes past them.
"""

from __future__ import annotations

from tui_games.games.nova_lux.board import CARDS, CELLS, SIZE
from tui_games.games.nova_lux.cards import FACTIONS, FACTIONS_KEPT, RESOURCES, STARS, TRACK_MAX
from tui_games.games.nova_lux.state import (
    EndTurn,
    FoundColony,
    Harvest,
    MoveTo,
    TakeHydrogen,
    UseAbility,
    UseEngine,
)

ENGINE_SLOTS = 3

MOVE: tuple[MoveTo, ...] = tuple(MoveTo(c) for c in range(CELLS))
TAKE: tuple[TakeHydrogen, ...] = tuple(TakeHydrogen(k) for k in range(CARDS))
END = EndTurn()
FOUND = FoundColony()

HARVEST: tuple[tuple[tuple[Harvest, ...], ...], ...] = tuple(
    tuple(tuple(Harvest(n, pay, gain) for n in range(1, TRACK_MAX + 1))
          for gain in range(RESOURCES)) for pay in range(RESOURCES))
"""``HARVEST[pay][gain][:most]``: the harvests of 1..most hydrogen paying ``pay`` for
``gain`` (most up to TRACK_MAX)."""

def _runs(slot: int, star_id: int) -> tuple[tuple[int, tuple[tuple[UseEngine, ...], ...]], ...]:
    star = STARS[star_id]
    out = []
    for pay in star.cost:
        single = tuple(UseEngine(slot, pay, gain) for gain in star.reward)
        double = tuple(UseEngine(slot, pay, gain, True) for gain in star.reward)
        both = tuple(run for pair in zip(single, double, strict=True) for run in pair)
        out.append((pay, (single, double, both)))
    return tuple(out)


ENGINE: tuple[tuple[tuple[tuple[int, tuple[tuple[UseEngine, ...], ...]], ...], ...], ...] = tuple(
    tuple(_runs(slot, star_id) for star_id in range(len(STARS))) for slot in range(ENGINE_SLOTS))
"""``ENGINE[slot][star]``: per resource the star may be paid with, its runs: single,
doubled, and both (single then doubled, gain by gain)."""

ABILITY: tuple[tuple[tuple[UseAbility, ...], ...], ...] = tuple(
    tuple(tuple(UseAbility(slot, give, get) for get in range(RESOURCES))
          for give in range(RESOURCES)) for slot in range(FACTIONS_KEPT))
"""``ABILITY[slot][give][get]``."""


def _pairs(fid: int) -> tuple[tuple[int, int], ...]:
    """(give, get) of a faction's top-row trades in ``factions.exchanges``' order, each
    possible while its ``give`` is held."""
    f = FACTIONS[fid]
    if f.ability == "exchange":
        a, b = f.ability_args
        return ((a, b), (b, a))
    if f.ability == "convert":
        gives, gets = f.ability_args
        return tuple((g, t) for g in gives for t in gets if t != g)
    return ()


PAIRS: tuple[tuple[tuple[int, int], ...], ...] = tuple(_pairs(f) for f in range(len(FACTIONS)))


def _by_give(slot: int, fid: int) -> tuple[tuple[int, tuple[UseAbility, ...]], ...]:
    groups: dict[int, list[UseAbility]] = {}
    for give, get in PAIRS[fid]:        # dicts keep the first-seen order of the gives
        groups.setdefault(give, []).append(ABILITY[slot][give][get])
    return tuple((give, tuple(acts)) for give, acts in groups.items())


ABILITIES: tuple[tuple[tuple[tuple[int, tuple[UseAbility, ...]], ...], ...], ...] = tuple(
    tuple(_by_give(slot, fid) for fid in range(len(FACTIONS))) for slot in range(FACTIONS_KEPT))
"""``ABILITIES[slot][fid]``: per resource given, in order, the abilities it pays for."""

# The cells of move_targets' bit sets, a row of SIZE cells a byte (one spare bit a row):
# ROW_MOVES[row][byte] is the row's MoveTo actions for the bits of that byte (the
# spare bit is never set in a set of cells).
ROW_MOVES: tuple[tuple[tuple[MoveTo, ...], ...], ...] = tuple(
    tuple(tuple(MOVE[row * SIZE + col] for col in range(SIZE) if byte >> col & 1)
          for byte in range(1 << SIZE)) for row in range(SIZE))
