"""Via Nebula: the state and the actions (plain data, no rules).

Per-hex facts are lists indexed by hex (see board.py). Building slots are numbered per
ruin: ruin ``n`` (``board.RUINS[n]``) holds slots ``2n`` (the first half) and ``2n + 1``
(the second half, unused with 2 players, where a site covers the whole ruin).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from tui_games.engine.core import Action, GameState

FREE = -1           # a free building slot, an empty hex, no token, no craftsman
UNUSED = -2         # the second half of a ruin with 2 players
HIDDEN = -1         # a contract the observer cannot see
SITES_PER_SEAT = 3
BUILDINGS_PER_SEAT = 5
STACKS = 4
TILES = 60
ACTIONS_PER_TURN = 2
CRAFTSMEN_BY_PLAYERS: dict[int, int] = {2: 3, 3: 2, 4: 2}
TILES_PER_STACK: dict[int, int] = {2: 5, 3: 4, 4: 3}

Phase = Literal["act", "power", "over"]


def slot_ruin(slot: int) -> int:
    """The ruin number holding building slot ``slot``."""
    return slot // 2


class ViaNebulaState(GameState, kw_only=True, dict=True):
    """Everything on the table.

    In an observation the RNG is zeroed, rivals' private contracts are HIDDEN and the
    contract deck is sorted (its order is unknown, its contents follow from the table).

    ``dict=True`` lets the rules keep the last legal action list beside the fields
    (``legal_cache``): never encoded, so JSON, saves and clones hold the fields only. A
    test that changes a field by hand between legal_actions and apply must not rely on
    apply refusing what the list offered.
    """

    current: int = 0
    phase: Phase = "act"
    actions_left: int = ACTIONS_PER_TURN
    power_card: int = FREE              # the contract whose power is being used
    power_left: int = 0
    explored: list[bool] = msgspec.field(default_factory=list)     # per hex: a tile on it
    tokens: list[int] = msgspec.field(default_factory=list)        # per hex: token or FREE
    res_kind: list[int] = msgspec.field(default_factory=list)      # per hex: type or FREE
    res_count: list[int] = msgspec.field(default_factory=list)     # per hex
    craftsman: list[int] = msgspec.field(default_factory=list)     # per hex: seat or FREE
    slot_owner: list[int] = msgspec.field(default_factory=list)    # seat, FREE or UNUSED
    slot_built: list[bool] = msgspec.field(default_factory=list)   # a building, not a site
    slot_res: list[list[int]] = msgspec.field(default_factory=list)  # 5 counts per slot
    supply: list[int] = msgspec.field(default_factory=list)        # 5 counts
    storage: list[list[int]] = msgspec.field(default_factory=list)   # 5 counts per seat
    craftsmen: list[int] = msgspec.field(default_factory=list)     # on each guild board
    sites: list[int] = msgspec.field(default_factory=list)         # on each guild board
    stacks: list[list[int]] = msgspec.field(default_factory=list)  # 4 meadow stacks per seat
    reserve: int = 0                                               # common meadow tiles
    tokens_won: list[list[int]] = msgspec.field(default_factory=list)
    hands: list[list[int]] = msgspec.field(default_factory=list)   # private contracts
    display: list[int] = msgspec.field(default_factory=list)       # 4 neutral, FREE if gone
    deck: list[int] = msgspec.field(default_factory=list)          # top is the last item
    built: list[list[int]] = msgspec.field(default_factory=list)   # contracts fulfilled
    end_card: int = FREE                # who holds the End-of-Game card
    last_turns: int = 0                 # turns still to play once the End card is taken
    passes: int = 0                     # turns in a row ended by Pass
    ended_by: str = ""

    def buildings_left(self, seat: int) -> int:
        """Buildings still on ``seat``'s guild board."""
        return BUILDINGS_PER_SEAT - len(self.built[seat])

    def sites_on_board(self, seat: int) -> int:
        """``seat``'s building sites on the map."""
        return SITES_PER_SEAT - self.sites[seat]

    def explorers(self, seat: int) -> int:
        """Explorers revealed by ``seat``'s emptied meadow stacks."""
        return sum(1 for n in self.stacks[seat] if n == 0)


# ---- actions: one decision each --------------------------------------------------------

class PlaceCraftsman(Action, frozen=True, tag="craftsman"):
    """Place a craftsman on an exploitation meadow: take its token, put out its resources."""

    hex: int


class PlaceSite(Action, frozen=True, tag="site"):
    """Place a building site on a free half (with 2 players: the whole) of a ruin."""

    hex: int


class Explore(Action, frozen=True, tag="explore"):
    """Cover a fog (1 action) or a petrified forest (2 actions) with a meadow tile."""

    hex: int


class Transport(Action, frozen=True, tag="transport"):
    """Move one resource from an exploitation hex to one of your building sites."""

    source: int
    slot: int


class Erect(Action, frozen=True, tag="erect"):
    """Erect a building on one of your sites by fulfilling a contract."""

    slot: int
    card: int


class Convert(Action, frozen=True, tag="convert"):
    """Power: turn one resource on one of your sites into another type."""

    slot: int
    old: int
    new: int


class TakeFromSupply(Action, frozen=True, tag="supply"):
    """Power: take one resource from the supply onto one of your sites."""

    slot: int
    kind: int


class Discard(Action, frozen=True, tag="discard"):
    """Power: return one resource from your storage to the supply."""

    kind: int


class FreeExplore(Action, frozen=True, tag="free_explore"):
    """Power: cover a fog or a petrified forest with a meadow tile, for no action."""

    hex: int


class MoveResource(Action, frozen=True, tag="move"):
    """Power: move one resource from one of your sites to another."""

    source: int
    target: int
    kind: int


class SkipPower(Action, frozen=True, tag="skip_power"):
    """Use the contract's power no more."""


class Pass(Action, frozen=True, tag="pass"):
    """End the turn: only when no action at all is possible."""


ViaNebulaAction = (
    PlaceCraftsman | PlaceSite | Explore | Transport | Erect | Convert | TakeFromSupply
    | Discard | FreeExplore | MoveResource | SkipPower | Pass
)
POWER_ACTIONS = (Convert, TakeFromSupply, Discard, FreeExplore, MoveResource, SkipPower)
