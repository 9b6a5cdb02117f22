"""The cloth bag (random draws from the per-colour counts) and shuffled card decks, all
using the state's RNG."""

from __future__ import annotations

from collections.abc import Sequence

from tui_games.engine.rng import Rng
from tui_games.games.nebula.state import BLACK, EMPTY, NebulaState


def _pick(rng: Rng, counts: Sequence[int], total: int) -> int:
    r = rng.randrange(total)
    for star, count in enumerate(counts):
        if r < count:
            return star
        r -= count
    raise AssertionError("counts changed while drawing")


def draw(s: NebulaState) -> int:
    """A random star taken from the bag (EMPTY when the bag is empty)."""
    total = sum(s.bag)
    if not total:
        return EMPTY
    star = _pick(s.rng, s.bag, total)
    s.bag[star] -= 1
    return star


def draw_boosted(s: NebulaState, previous: int | None) -> int:
    """A new boosted star taken from the bag.

    Drawing black or the previous boosted colour means returning it and drawing again,
    which is the same as picking uniformly among the bag's other coloured stars; when the
    bag holds none, the previous boosted star stays.
    """
    eligible = [0 if c == previous else n for c, n in enumerate(s.bag[:BLACK])]
    total = sum(eligible)
    if not total:
        assert previous is not None, "a new bag always holds coloured stars"
        return previous
    star = _pick(s.rng, eligible, total)
    s.bag[star] -= 1
    return star


def deal(rng: Rng, deck_size: int, count: int) -> list[int]:
    """``count`` card ids from a freshly shuffled deck of ``deck_size``."""
    cards = list(range(deck_size))
    rng.shuffle(cards)
    return cards[:count]
