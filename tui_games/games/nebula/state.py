"""Nebula: the stars, the state and the actions (plain data, no rules).

A star is a colour index: 0..5 for red, purple, yellow, white, blue and orange, 6 for black.
The bag and every reserve are counts per colour: the bag's composition is public
knowledge and its order does not exist, so observing the bag hides nothing but the RNG.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from tui_games.engine.core import Action, GameState

COLOURS = "RPYWBO"                     # the six colours, in the spec's order
BLACK = 6                              # the black star
STAR_LETTERS = COLOURS + "K"           # one letter per star, black included
STAR_NAMES: tuple[str, ...] = ("red", "purple", "yellow", "white", "blue", "orange", "black")
STARS_PER_COLOUR = 20
BLACK_STARS_BY_PLAYERS: dict[int, int] = {2: 30, 3: 25, 4: 20}
STARTING_RESERVE: tuple[int, ...] = (0, 1, 2, 3)      # by position in turn order
CAREER_MARKERS_TO_END: dict[int, int] = {2: 5, 3: 6, 4: 8}
CONSTELLATIONS_TO_END = 3  # a Galaxy with this many complete constellations ends the game
REFILL_AT: dict[int, int] = {2: 2, 3: 1, 4: 1}  # a cluster down to this many stars refills
EMPTY = -1                             # an empty Galaxy or cluster space
HIDDEN = -1                            # a card id the observer cannot see

# Value tokens: 0..5 colours, 6..9 constellations N E S W, 10..13 the Advanced cards in play.
COLOUR_TOKENS = range(0, 6)
CONSTELLATION_TOKENS = range(6, 10)
ADVANCED_TOKENS = range(10, 14)
VALUE_TOKENS = 14

Phase = Literal["personal", "collect", "time", "chaos", "place", "value", "over"]
Mode = Literal["intro", "full"]


def star_name(colour: int) -> str:
    """``red (R)``: a star's name with its letter, so colour is never the only signal."""
    return f"{STAR_NAMES[colour]} ({STAR_LETTERS[colour]})"


class NebulaState(GameState, kw_only=True):
    """Everything on the table.

    In an observation, other seats' Personal objectives (kept and offered) are HIDDEN and
    the RNG is zeroed; everything else is public.
    """

    mode: Mode = "full"
    bag: list[int] = msgspec.field(default_factory=lambda: [0] * 7)      # counts per star
    clusters: list[list[int]] = msgspec.field(default_factory=list)       # 3 x 8, EMPTY
    markers: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0])  # Time markers
    moons: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0])    # where they began
    boosted: int = 0                       # the boosted star's colour (never black)
    indicator: int = 0                     # Black Star indicator, 0..15
    career: list[int] = msgspec.field(default_factory=list)               # 4 card ids
    career_marks: list[list[int]] = msgspec.field(default_factory=list)   # seats, first on top
    advanced: list[int] = msgspec.field(default_factory=list)             # 4 ids (full game)
    values: list[int] = msgspec.field(default_factory=list)               # 14 token spaces
    value_stamps: list[int] = msgspec.field(default_factory=list)         # higher = on top
    stamp: int = 0
    personal_offer: list[list[int]] = msgspec.field(default_factory=list)  # 2 per seat
    personal: list[int] = msgspec.field(default_factory=list)             # kept id or HIDDEN
    personal_chosen: list[bool] = msgspec.field(default_factory=list)
    galaxies: list[list[int]] = msgspec.field(default_factory=list)       # 25 per seat
    black_stars: list[int] = msgspec.field(default_factory=list)          # Black Star Zone
    reserves: list[list[int]] = msgspec.field(default_factory=list)       # counts per star
    current: int = 0                       # whose turn it is (seat 0 holds the start token)
    phase: Phase = "collect"
    time_left: int = 5                     # movement points still to spend
    time_dirs: list[int] = msgspec.field(default_factory=lambda: [0, 0, 0])  # +1 cw, -1 ccw
    drawn: list[int] = msgspec.field(default_factory=lambda: [0] * 7)    # chaos draw, counts
    keep_left: int = 0                     # chaos stars still to keep
    placed: list[int] = msgspec.field(default_factory=list)  # stars positioned this turn
    boost_matched: bool = False            # a star matching the boosted colour was placed
    final_round: bool = False
    end_reasons: list[str] = msgspec.field(default_factory=list)


# ---- actions: one decision each --------------------------------------------------------

class KeepPersonal(Action, frozen=True, tag="keep_personal"):
    """Keep this Personal objective of the two dealt (the other is discarded face down)."""

    card: int


class StepTime(Action, frozen=True, tag="step_time"):
    """Spend one movement point: move a cluster's Time marker one space (+1 clockwise)."""

    cluster: int
    step: int


class TakeStars(Action, frozen=True, tag="take_stars"):
    """With all 5 points spent, take the star in front of each Time marker."""


class TurnToChaos(Action, frozen=True, tag="chaos"):
    """Return a reserve star to the box and draw 5 stars from the bag."""

    star: int


class KeepStar(Action, frozen=True, tag="keep_star"):
    """Keep one star of the chaos draw."""

    star: int


class PositionStar(Action, frozen=True, tag="position"):
    """Place a coloured star from the reserve on a Galaxy space."""

    star: int
    space: int


class PositionBlackStar(Action, frozen=True, tag="position_black"):
    """Place a black star from the reserve in the next slot of the Black Star Zone."""


class AdvanceValue(Action, frozen=True, tag="advance_value"):
    """Advance one of the 14 Value tokens one space (full game, after a black star)."""

    token: int


class FinishPositioning(Action, frozen=True, tag="finish"):
    """Stop positioning stars: objectives are checked, clusters refilled, the turn ends."""


NebulaAction = (
    KeepPersonal | StepTime | TakeStars | TurnToChaos | KeepStar | PositionStar
    | PositionBlackStar | AdvanceValue | FinishPositioning
)
