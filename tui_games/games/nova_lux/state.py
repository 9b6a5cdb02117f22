"""Nova Lux: the state and the actions (plain data, no rules).

The map is kept per space card (0..15): its face (hidden in a view while face down),
whether it is destroyed (flipped up), its red giant and yellow star (-1 once gone), the
hydrogen left on its top star and the seat whose colony sits on it. Ships stand on cells
(0..48). Resources are five tracks per seat in the order water, artifacts, life forms,
oxygen, hydrogen.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from tui_games.engine.core import Action, GameState

HIDDEN = -1            # a face or faction card the viewer cannot see
NONE = -1              # no star, no colony, no ship, no federation

Phase = Literal["draft", "place", "turn", "compose", "store", "escape", "answer",
                "plunder", "react", "over"]
Mode = Literal["standard", "semi", "solo"]


NO_UNITS = (0, 0, 0, 0, 0)


class Offer(msgspec.Struct, frozen=True, omit_defaults=True):
    """A trade being composed or on the table: ``seat`` gives ``gives`` (units per
    resource) to ``target`` for ``gets``.

    Saves from before any-amount trades stored one resource a side (``give``, ``give_n``,
    ``get``, ``get_n``): read, they become the same offer in units per resource, and the
    old fields go back to their defaults (so they are never written again)."""

    seat: int
    target: int
    gives: tuple[int, ...] = NO_UNITS
    gets: tuple[int, ...] = NO_UNITS
    give: int = -1
    give_n: int = 0
    get: int = -1
    get_n: int = 0

    def __post_init__(self) -> None:
        if self.give >= 0 and self.get >= 0:   # an offer stored by an older version
            gives, gets = list(NO_UNITS), list(NO_UNITS)
            gives[self.give], gets[self.get] = self.give_n, self.get_n
            for name, value in (("gives", tuple(gives)), ("gets", tuple(gets)),
                                ("give", -1), ("give_n", 0), ("get", -1), ("get_n", 0)):
                msgspec.structs.force_setattr(self, name, value)


class NovaLuxState(GameState, kw_only=True, dict=True):
    """Everything on the table and the decision in progress.

    In a view, the faces of face-down cards are HIDDEN, and during the draft so are the
    other seats' hands and picks; the RNG is zeroed. Everything else is public.

    ``dict=True`` lets the rules keep the last legal action list beside the fields
    (``legal_cache``, consumed by the next apply): never encoded, so JSON, saves and
    clones hold the fields only. A test that changes a field by hand between
    legal_actions and apply must not rely on apply refusing what the list offered.
    ``board_key`` (movement.board_key) is kept the same way, with copies of the lists
    it was made from, and is used only while they equal the state's own.
    """

    mode: Mode = "standard"
    federations_on: bool = False
    reactions_on: bool = True
    # the map, per card
    face: list[int] = msgspec.field(default_factory=list)
    flipped: list[bool] = msgspec.field(default_factory=list)
    red: list[int] = msgspec.field(default_factory=list)
    yellow: list[int] = msgspec.field(default_factory=list)
    hydrogen: list[int] = msgspec.field(default_factory=list)
    colony_at: list[int] = msgspec.field(default_factory=list)
    # per seat
    ships: list[int] = msgspec.field(default_factory=list)
    res: list[list[int]] = msgspec.field(default_factory=list)
    colony: list[int] = msgspec.field(default_factory=list)        # card or NONE
    colony_kind: list[str] = msgspec.field(default_factory=list)    # star it was founded on
    factions: list[list[int]] = msgspec.field(default_factory=list)
    done: list[list[bool]] = msgspec.field(default_factory=list)
    federation: list[int] = msgspec.field(default_factory=list)
    engine: list[list[int]] = msgspec.field(default_factory=list)  # star ids, at most 3
    used: list[bool] = msgspec.field(default_factory=list)         # ability used this turn
    left_game: list[bool] = msgspec.field(default_factory=list)    # semi-cooperative winners
    # the draft
    hands: list[list[int]] = msgspec.field(default_factory=list)
    picked: list[bool] = msgspec.field(default_factory=list)
    # the turn
    current: int = 0
    phase: Phase = "draft"
    did: list[str] = msgspec.field(default_factory=list)       # harvest/move/engine/colony
    open_action: str = ""            # "harvest" (may go on into the red giant) or "engine"
    engine_double: bool = False      # this activation doubles its output (a federation)
    attacked: bool = False
    offered: bool = False            # this turn's offer is made (composed offers are not)
    offer: Offer | None = None       # composed (phase compose) or awaiting its answer
    ending: bool = False             # the mandatory hydrogen is taken: the turn is closing
    store_star: int = NONE           # a star waiting for a place in a full engine
    store_seat: int = NONE
    escapes: list[int] = msgspec.field(default_factory=list)   # seats whose ship must escape
    escape_card: int = NONE
    plunder_seat: int = NONE
    plunder_from: int = NONE
    plunder_left: int = 0
    react_queue: list[int] = msgspec.field(default_factory=list)
    dice: list[int] = msgspec.field(default_factory=list)      # the last roll, for the screen
    winners: list[int] = msgspec.field(default_factory=list)
    end_reason: str = ""


# ---- actions: one decision each --------------------------------------------------------

class Pick(Action, frozen=True, tag="pick"):
    """Keep this faction card of the draft hand; the rest pass to the left."""

    faction: int


class PlaceShip(Action, frozen=True, tag="place"):
    """Set the Ark of Salvation on this cell."""

    cell: int


class Harvest(Action, frozen=True, tag="harvest"):
    """Take ``count`` hydrogen from the star under the ship, paying ``pay`` and gaining
    ``gain`` per hydrogen (``federation``: the Harvest Guild's flat price instead)."""

    count: int
    pay: int
    gain: int
    federation: bool = False


class MoveTo(Action, frozen=True, tag="move"):
    """Move the ship to ``cell`` along the cheapest path."""

    cell: int


class Teleport(Action, frozen=True, tag="teleport"):
    """The Jump Fleet federation: pay 2 hydrogen, appear on ``cell``."""

    cell: int


class UseEngine(Action, frozen=True, tag="engine"):
    """Run one star of the biosphere engine once: pay its cost and 1 hydrogen, gain its
    reward (``double``: the Engine Union federation doubles this activation's output)."""

    slot: int
    pay: int
    gain: int
    double: bool = False


class FoundColony(Action, frozen=True, tag="colony"):
    """Establish the colony on the star under the ship."""


class UseAbility(Action, frozen=True, tag="ability"):
    """A faction's top row: give 1 ``give``, get 1 ``get``."""

    slot: int
    give: int
    get: int


class FedConvert(Action, frozen=True, tag="fed_convert"):
    """The Transmuters federation: turn ``count`` of ``give`` into ``get``."""

    give: int
    get: int
    count: int


class ForceTrade(Action, frozen=True, tag="force_trade"):
    """The Trade Fleet federation: give ``count`` of ``give`` to ``target`` and take as
    many of ``get``."""

    target: int
    give: int
    get: int
    count: int


class OfferTrade(Action, frozen=True, tag="offer"):
    """The offer of older saves: ``give_n`` of ``give`` for ``get_n`` of ``get``. Never
    legal now: loading a save turns it into StartTrade, AdjustOffer..., SendOffer
    (``trades.upgrade_action``)."""

    target: int
    give: int
    give_n: int
    get: int
    get_n: int


class StartTrade(Action, frozen=True, tag="trade"):
    """Begin composing a trade offer to ``target`` (on the same cell)."""

    target: int


class AdjustOffer(Action, frozen=True, tag="adjust"):
    """One unit more (``more``) or less of ``res`` on one side of the offer being composed
    (``give``: what you give; else what you ask for)."""

    give: bool
    res: int
    more: bool


class SendOffer(Action, frozen=True, tag="send"):
    """Put the composed offer to the other player, who accepts or declines it."""


class DropOffer(Action, frozen=True, tag="drop"):
    """Give up the offer being composed (no offer is made; another may be begun)."""


class AnswerTrade(Action, frozen=True, tag="answer"):
    """Accept or decline the trade on the table."""

    accept: bool


class Attack(Action, frozen=True, tag="attack"):
    """Attack the ship of ``target`` on the same cell (``highest``: the War Council's
    power, adding the highest resource instead of the lowest)."""

    target: int
    highest: bool = False


class Plunder(Action, frozen=True, tag="plunder"):
    """Take 1 ``res`` from the loser of the attack."""

    res: int


class StoreStar(Action, frozen=True, tag="store"):
    """Put the star just taken into the full engine in place of ``slot`` (-1: discard it)."""

    slot: int


class Escape(Action, frozen=True, tag="escape"):
    """Leave the collapsed neutron star for this neighbouring cell."""

    cell: int


class TakeHydrogen(Action, frozen=True, tag="take"):
    """The mandatory end of a turn: take 1 hydrogen from the star on ``card``."""

    card: int


class EndTurn(Action, frozen=True, tag="end"):
    """End the turn (only when no hydrogen is left anywhere to take)."""


class Pass(Action, frozen=True, tag="pass"):
    """Let the offer of an ability at the end of another player's turn go."""


NovaLuxAction = (
    Pick | PlaceShip | Harvest | MoveTo | Teleport | UseEngine | FoundColony | UseAbility
    | FedConvert | ForceTrade | OfferTrade | StartTrade | AdjustOffer | SendOffer | DropOffer
    | AnswerTrade | Attack | Plunder | StoreStar | Escape | TakeHydrogen | EndTurn | Pass
)
