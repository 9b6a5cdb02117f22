"""Small constructors for Nebular Colors test tables, written with card names.

Names are resolved to ids in one pass per table, so `P1` given three times anywhere on
the table means three different purple 1s.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tui_games.engine.rng import Rng
from tui_games.games.nebular_colors.rules import NebularColorsRules
from tui_games.games.nebular_colors.state import DECK_SIZE, NCState, card_name

RULES = NebularColorsRules()


class Cards:
    """Hands out distinct card ids by name (`P1`, `B8`), the next free copy each time."""

    def __init__(self) -> None:
        self.used: set[int] = set()

    def take(self, text: str) -> list[int]:
        """Ids for the space-separated names in ``text``."""
        out: list[int] = []
        for name in text.split():
            free = [c for c in range(DECK_SIZE) if card_name(c) == name and c not in self.used]
            if not free:
                raise ValueError(f"no {name} left")
            self.used.add(free[0])
            out.append(free[0])
        return out

    def rest(self) -> list[int]:
        """Every id not handed out yet, in id order."""
        return [c for c in range(DECK_SIZE) if c not in self.used]


def ids(text: str) -> list[int]:
    """Distinct ids for the names in ``text`` (a fresh allocation)."""
    return Cards().take(text)


def names(cards: Iterable[int]) -> str:
    """`P1 P1 B8` for a list of ids."""
    return " ".join(card_name(c) for c in cards)


def table(*, hands: Sequence[str] = ("", ""), piles: Sequence[str] = ("", ""),
          deck: str | None = None, melds: Sequence[Sequence[str]] = ((), ()),
          penalties: Sequence[str] = ("", ""), taken: str = "", drawn: str = "",
          current: int = 0, phase: str = "choose", nova: int | None = None,
          first: int | None = None, target: int = 4, fragments: Sequence[int] = (0, 0),
          hand_no: int = 1, seed: int = 7) -> NCState:
    """A state built from card names.

    ``deck`` lists cards top first; ``None`` puts every card not named elsewhere in the deck.
    """
    cards = Cards()
    meld_ids = [[sorted(cards.take(m)) for m in area] for area in melds]
    penalty_ids = [cards.take(p) for p in penalties]
    pile_ids = [cards.take(p) for p in piles]
    hand_ids = [cards.take(h) for h in hands]
    taken_ids = cards.take(taken)
    drawn_ids = cards.take(drawn)
    deck_ids = list(reversed(cards.take(deck))) if deck is not None else cards.rest()
    return NCState(
        players=2, rng=Rng.seeded(seed), target=target, deck=deck_ids, piles=pile_ids,
        hands=hand_ids, melds=meld_ids, penalties=penalty_ids, fragments=list(fragments),
        hand_no=hand_no, first_player=current if first is None else first, current=current,
        phase=phase, decider=current, drawn=drawn_ids, taken=taken_ids, nova=nova,  # type: ignore[arg-type]
    )


def play(s: NCState, *actions: object) -> NCState:
    """Apply ``actions`` in order and return the state."""
    for a in actions:
        RULES.apply(s, a)  # type: ignore[arg-type]
    return s


def last_text(s: NCState, viewer: int | None = None) -> str:
    """The newest log line as ``viewer`` reads it."""
    return s.log[-1].for_viewer(viewer)
