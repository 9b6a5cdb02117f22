"""Building Neptune tables by hand for the rules tests: cards by name, hands, piles."""

from __future__ import annotations

from tui_games.engine.rng import Rng
from tui_games.games.neptune.rules import NeptuneRules
from tui_games.games.neptune.state import (
    SPECIAL_SHORT,
    SPECIALS,
    NeptuneState,
    Pile,
    Play,
    card_value,
)

RULES = NeptuneRules()
_BY_SHORT = {short: card for card, short in SPECIAL_SHORT.items()}


def card(name: str) -> int:
    """`R4` (Red, CP 4), `G10`, `B1`, or a special's short name: BH SF JG SB PM PS A3 A5 A7."""
    if name in _BY_SHORT:
        return _BY_SHORT[name]
    return "RGB".index(name[0]) * 10 + int(name[1:]) - 1


def cards(names: str) -> list[int]:
    """Space-separated card names -> ids."""
    return [card(n) for n in names.split()]


def table(hands: list[str], leader: int = 0, *, last: bool = False, tricks_done: int = 2,
          piles: list[Pile] | None = None, scores: list[int] | None = None,
          round_no: int = 1) -> NeptuneState:
    """A round in progress: ``hands`` per seat, ``leader`` to lead the next trick.

    ``last`` makes the next trick the round's final one (hands should hold one card each).
    """
    players = len(hands)
    dealt = [sorted(cards(h)) for h in hands]
    hand_size = tricks_done + (1 if last else max(len(h) for h in dealt) + 3)
    return NeptuneState(
        players=players, rng=Rng.seeded(99), specials=list(SPECIALS[:6]), round=round_no,
        dealer=(leader - 1) % players, hand_size=hand_size, hands=dealt, leader=leader,
        current=leader, tricks_done=tricks_done, piles=list(piles or []),
        voids=[0] * players, scores=list(scores or [0] * players))


def pile(owner: int, top: str, *, shielded: bool = False, players: int = 3) -> Pile:
    """An earlier won trick of ``owner`` topped by ``top``."""
    c = card(top)
    return Pile(owner=owner, trick_no=1, cards=[c], top=c, value=card_value(c, players),
                shielded=shielded)


def play(s: NeptuneState, *names: str) -> NeptuneState:
    """Play the named cards in turn order (each must be legal)."""
    for name in names:
        RULES.apply(s, Play(card(name)))
    return s


def trick_of(hands: list[str], leader: int = 0, *, last: bool = False) -> NeptuneState:
    """Each seat holds exactly the card it plays; the trick is played from ``leader``."""
    s = table(hands, leader, last=last)
    n = len(hands)
    for i in range(n):
        play(s, hands[(leader + i) % n])
    return s


def complete(s: NeptuneState) -> NeptuneState:
    """Make a hand-built table a whole deck: the cards no one holds or played are set aside.

    The specials in play become those on the table (topped up to six), so ``determinize``
    finds exactly as many unseen cards as hidden places.
    """
    on_table = [c for h in s.hands for c in h] + s.trick + [c for p in s.piles for c in p.cards]
    used = sorted({c for c in on_table if c >= 30})
    s.specials = sorted(used + [c for c in SPECIALS if c not in used][:6 - len(used)])
    s.removed = [c for c in [*range(30), *s.specials] if c not in set(on_table)]
    return s
