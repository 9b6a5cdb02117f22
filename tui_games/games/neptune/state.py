"""Neptune: the cards, the state and the actions (plain data, no rules).

Card ids: 0-29 are the system cards (suit = id // 10: Red, Green, Blue; card power
CP = id % 10 + 1), 30-38 the nine special cards. The six specials of a game are chosen
at setup; the others never enter play.
"""

from __future__ import annotations

from typing import ClassVar, Literal

import msgspec

from tui_games.engine.core import Action, GameState

SUITS = "RGB"
SUIT_NAMES = ("Red", "Green", "Blue")
HIDDEN = -1  # a card id the observer cannot see
NO_SUIT = -1

BLACK_HOLE, STATIONFALL, JUMP_GATE, SPACE_BANDIT = 30, 31, 32, 33
PROXIMITY_MINES, PLASMA_SHIELD, ASTEROID_3, ASTEROID_5, ASTEROID_7 = 34, 35, 36, 37, 38
SPECIALS = tuple(range(30, 39))
DECK_SIZE = 39

# The option's names for the specials, in card-id order.
SPECIAL_IDS: dict[str, int] = {
    "black_hole": BLACK_HOLE,
    "stationfall": STATIONFALL,
    "jump_gate": JUMP_GATE,
    "space_bandit": SPACE_BANDIT,
    "proximity_mines": PROXIMITY_MINES,
    "plasma_shield": PLASMA_SHIELD,
    "asteroid_3": ASTEROID_3,
    "asteroid_5": ASTEROID_5,
    "asteroid_7": ASTEROID_7,
}
SPECIAL_KEYS = {card: key for key, card in SPECIAL_IDS.items()}
SPECIAL_NAMES = {
    BLACK_HOLE: "Black Hole",
    STATIONFALL: "Stationfall",
    JUMP_GATE: "Jump Gate",
    SPACE_BANDIT: "Space Bandit",
    PROXIMITY_MINES: "Proximity Mines",
    PLASMA_SHIELD: "Plasma Shield",
    ASTEROID_3: "Asteroid 3",
    ASTEROID_5: "Asteroid 5",
    ASTEROID_7: "Asteroid 7",
}
# Short labels that fit on a small card face.
SPECIAL_SHORT = {
    BLACK_HOLE: "BH",
    STATIONFALL: "SF",
    JUMP_GATE: "JG",
    SPACE_BANDIT: "SB",
    PROXIMITY_MINES: "PM",
    PLASMA_SHIELD: "PS",
    ASTEROID_3: "A3",
    ASTEROID_5: "A5",
    ASTEROID_7: "A7",
}
DEFAULT_SPECIALS = (BLACK_HOLE, STATIONFALL, JUMP_GATE, SPACE_BANDIT, ASTEROID_5, ASTEROID_7)
CUTTERS = frozenset((SPACE_BANDIT, PROXIMITY_MINES, PLASMA_SHIELD))
FREE_CARDS = frozenset((BLACK_HOLE, STATIONFALL))  # playable at any time
STATIONFALL_POINTS = {2: 3, 3: 5, 4: 7}
SPACE_BANDIT_POINTS = 5
JUMP_GATE_CP = 7

# Per-card tables (index = card id) so the hot loops do list look-ups only.
SUIT: tuple[int, ...] = tuple([c // 10 for c in range(30)] + [NO_SUIT] * 9)
CP: tuple[int, ...] = tuple([c % 10 + 1 for c in range(30)] + [0] * 9)
DAMAGE: tuple[int, ...] = tuple([0] * 36 + [3, 5, 7])
IS_ASTEROID: tuple[bool, ...] = tuple(d > 0 for d in DAMAGE)
# The CP Stationfall looks at: system cards and the Jump Gate (CP 7); 0 = no CP.
PARITY_CP: tuple[int, ...] = tuple(
    CP[c] if c < 30 else (JUMP_GATE_CP if c == JUMP_GATE else 0) for c in range(DECK_SIZE)
)

# Void bits: a player is known to hold no card of a suit (bits 0-2) or no Asteroid (bit 3).
VOID_ASTEROID = 1 << 3


def trump_of(suit: int) -> int:
    """The suit that trumps ``suit``: Red trumps Green, Green Blue, Blue Red."""
    return (suit + 2) % 3


def card_value(card: int, players: int) -> int:
    """What ``card`` scores on top of a trick (before doubling)."""
    if card < 30:
        return 11 - CP[card]
    if card == STATIONFALL:
        return STATIONFALL_POINTS[players]
    if card == SPACE_BANDIT:
        return SPACE_BANDIT_POINTS
    return -DAMAGE[card]


def card_short(card: int) -> str:
    """`R6` or `BH`: the shortest unambiguous label."""
    if card == HIDDEN:
        return "??"
    if card < 30:
        return f"{SUITS[SUIT[card]]}{CP[card]}"
    return SPECIAL_SHORT[card]


class Pile(msgspec.Struct):
    """A won trick in front of its owner. Only ``top`` scores (``value``, doubled if shielded).

    ``cards`` holds every card of the pile, the tricks put under or over it included.
    A destroyed pile (Proximity Mines) lies face down and scores nothing.
    """

    owner: int
    trick_no: int
    cards: list[int]
    top: int
    value: int
    shielded: bool = False  # a Plasma Shield trick lies under it: score x2, cannot be stolen
    covered: bool = False  # a Black Hole trick lies on it: its Asteroid no longer counts
    destroyed: bool = False  # blown up by Proximity Mines
    doubled: bool = False  # an Asteroid whose damage a Jump Gate win doubled

    @property
    def score(self) -> int:
        """What the pile scores at the end of the round."""
        if self.destroyed:
            return 0
        return self.value * 2 if self.shielded else self.value


Phase = Literal["play", "top", "bandit", "shield", "cover", "over"]


class NeptuneState(GameState, kw_only=True):
    """Everything on the table. Hidden card ids are HIDDEN in an observation."""

    specials: list[int] = msgspec.field(default_factory=list)  # the six in play
    round: int = 0
    dealer: int = 0
    hand_size: int = 0  # cards dealt to each player this round
    hands: list[list[int]] = msgspec.field(default_factory=list)
    removed: list[int] = msgspec.field(default_factory=list)  # 2 players: set aside unseen
    leader: int = 0  # who led the trick in play
    current: int = 0  # whose card comes next
    trick: list[int] = msgspec.field(default_factory=list)  # cards in play order
    follow: int = NO_SUIT  # the suit to follow, once a system card is down
    phase: Phase = "play"
    winner: int = -1  # the trick's winner while a special asks them
    tricks_done: int = 0  # complete tricks this round
    piles: list[Pile] = msgspec.field(default_factory=list)  # won tricks, in won order
    voids: list[int] = msgspec.field(default_factory=list)  # known-void bits per player
    scores: list[int] = msgspec.field(default_factory=list)
    round_scores: list[list[int]] = msgspec.field(default_factory=list)  # per round, per seat
    # per round, per seat: the points by kind of top card (round_score.PARTS); empty in
    # games saved before it was kept
    round_parts: list[list[list[int]]] = msgspec.field(default_factory=list)
    KEPT_SINCE: ClassVar[tuple[str, ...]] = ("round_parts",)
    last_trick: list[int] = msgspec.field(default_factory=list)  # the last complete trick
    last_leader: int = -1
    last_winner: int = -1
    prev_piles: list[Pile] = msgspec.field(default_factory=list)  # last round's piles


# ---- actions: one decision each -------------------------------------------------------


class Play(Action, frozen=True, tag="play"):
    """Play ``card`` from the hand into the trick."""

    card: int


class OnTop(Action, frozen=True, tag="on_top"):
    """Jump Gate: put ``card`` of the won trick on top."""

    card: int


class Swap(Action, frozen=True, tag="swap"):
    """Space Bandit: swap the won trick for pile ``pile`` (an index into ``piles``)."""

    pile: int


class Shield(Action, frozen=True, tag="shield"):
    """Plasma Shield: put the won trick under pile ``pile``, doubling and protecting it."""

    pile: int


class Cover(Action, frozen=True, tag="cover"):
    """Black Hole: put the won trick on one's own Asteroid-topped pile ``pile``."""

    pile: int


class Keep(Action, frozen=True, tag="keep"):
    """Keep the won trick as its own pile (declining the special's optional ability)."""


NeptuneAction = Play | OnTop | Swap | Shield | Cover | Keep
