"""Small constructors for Via Nebula test tables, written with hex names and letters."""

from __future__ import annotations

import random

from tui_games.engine.codec import clone
from tui_games.games.via_nebula.board import EXPLOITATIONS, INDEX, RUIN_NUMBER
from tui_games.games.via_nebula.components import CONTRACTS, RESOURCE_LETTERS
from tui_games.games.via_nebula.rules import ViaNebulaRules
from tui_games.games.via_nebula.state import FREE, ViaNebulaState

RULES = ViaNebulaRules()


def kind(letter: str) -> int:
    """A resource index from its letter: W S C H F."""
    return RESOURCE_LETTERS.index(letter)


def pile(letters: str) -> list[int]:
    """Five counts from ``"WWS"``."""
    out = [0] * 5
    for letter in letters:
        out[kind(letter)] += 1
    return out


def card(name: str) -> int:
    """A contract id by its building's name."""
    return next(i for i, c in enumerate(CONTRACTS) if c.name == name)


def hx(name: str) -> int:
    """A hex index by its name (``"E5"``)."""
    return INDEX[name]


def slot(name: str, half: int = 0) -> int:
    """The building slot of ruin ``name`` (half 0 or 1)."""
    return 2 * RUIN_NUMBER[INDEX[name]] + half


def quiet(players: int = 2, seed: int = 0) -> ViaNebulaState:
    """A new game whose exploitation meadows all hold a token (none is empty yet)."""
    s = RULES.setup(players, seed, {})
    for h in EXPLOITATIONS:
        if s.tokens[h] == FREE:          # a special token's resources: make it a token
            s.supply[s.res_kind[h]] += s.res_count[h]
            s.res_kind[h], s.res_count[h] = FREE, 0
            s.tokens[h] = 0
    s.log.clear()
    return s


def work(s: ViaNebulaState, name: str, letter: str, count: int, owner: int = FREE) -> None:
    """Put ``count`` resources of type ``letter`` on exploitation ``name`` (worked by
    ``owner``'s craftsman unless FREE); its token is gone."""
    h = hx(name)
    s.tokens[h] = FREE
    s.res_kind[h], s.res_count[h] = kind(letter), count
    s.craftsman[h] = owner
    if owner != FREE:
        s.craftsmen[owner] -= 1


def empty(s: ViaNebulaState, *names: str) -> None:
    """Make exploitation meadows empty (no token, no resources)."""
    for name in names:
        h = hx(name)
        s.tokens[h], s.res_kind[h], s.res_count[h], s.craftsman[h] = FREE, FREE, 0, FREE


def explore(s: ViaNebulaState, *names: str) -> None:
    """Cover fogs or forests with meadow tiles (no tile is taken from anyone)."""
    for name in names:
        s.explored[hx(name)] = True


def site(s: ViaNebulaState, name: str, seat: int, letters: str = "", half: int = 0) -> int:
    """Give ``seat`` a building site on ruin ``name`` holding ``letters``; its slot."""
    at = slot(name, half)
    s.slot_owner[at] = seat
    s.slot_res[at] = pile(letters)
    s.sites[seat] -= 1
    return at


def play(s: ViaNebulaState, *actions: object) -> ViaNebulaState:
    """Apply ``actions`` in order and return ``s``."""
    for a in actions:
        RULES.apply(s, a)  # type: ignore[arg-type]
    return s


def random_states(seed: int, players: int, every: int = 1) -> list[ViaNebulaState]:
    """Copies of the states met along a seeded random playout (every ``every``-th)."""
    s = RULES.setup(players, seed, {})
    rng = random.Random(seed)
    seen = []
    step = 0
    while RULES.to_move(s) is not None:
        if step % every == 0:
            seen.append(clone(s))
        RULES.apply(s, rng.choice(RULES.legal_actions(s)))
        step += 1
    seen.append(s)
    return seen
