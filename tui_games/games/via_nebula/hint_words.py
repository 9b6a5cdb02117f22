"""Why a Via Nebula hint plays what it plays, in the game's words
(engine.bots.hint.HintWords).

Resources are transported to building sites, and a site whose resources meet a
contract's needs lets its owner erect that building (its VP and its power). A move that
brings resources to a site is explained by the contract it gets closer to: the closest
of those the seat may erect (the display's and its own private contracts), from its
own observation only.
"""

from __future__ import annotations

from tui_games.engine.bots.hint import after_move, margin_outlook
from tui_games.engine.grammar import agree
from tui_games.games.via_nebula.board import NAME, RUINS
from tui_games.games.via_nebula.components import (
    CONTRACTS,
    END_CARD_VP,
    NORMAL_TOKENS,
    RESOURCES,
    token_type,
    token_vp,
)
from tui_games.games.via_nebula.hard import LEAD_SCALE
from tui_games.games.via_nebula.rules import ViaNebulaRules
from tui_games.games.via_nebula.state import (
    BUILDINGS_PER_SEAT,
    FREE,
    Convert,
    Discard,
    Erect,
    Explore,
    FreeExplore,
    MoveResource,
    Pass,
    PlaceCraftsman,
    PlaceSite,
    SkipPower,
    TakeFromSupply,
    Transport,
    ViaNebulaAction,
    ViaNebulaState,
    slot_ruin,
)

_RULES = ViaNebulaRules()
POWERS = {
    "convert": "its power converts resources",
    "extra": "its power: extra actions",
    "supply": "its power takes from the supply",
    "discard": "its power empties your storage",
    "tile": "its power explores for free",
    "move": "its power moves resources",
}
"""A contract's power in a few words (components.POWER_TEXT says it in full)."""


def _open_contracts(view: ViaNebulaState, seat: int) -> list[int]:
    """The contracts the seat could erect: the display's and its own hand (never hidden)."""
    return [c for c in (*view.display, *view.hands[seat]) if 0 <= c < len(CONTRACTS)]


def missing(needs: tuple[int, ...], pile: list[int]) -> list[int]:
    """Per resource, how many ``pile`` lacks of ``needs``."""
    return [max(0, n - have) for n, have in zip(needs, pile, strict=True)]


def closest(view: ViaNebulaState, seat: int, pile: list[int],
            before: list[int] | None = None) -> tuple[int, list[int]] | None:
    """The open contract ``pile`` is closest to (fewest resources short, then most VP);
    with ``before`` (the pile before a move), among those the move brought nearer, if any.
    Issue 31, played: clay carried to a stone site read "then 1 short of the Well (1
    food)", a contract the clay is no part of; the Architect's Palace was its reason."""
    options = _open_contracts(view, seat)
    if before is not None:
        nearer = [c for c in options if sum(missing(CONTRACTS[c].needs, pile))
                  < sum(missing(CONTRACTS[c].needs, before))]
        options = nearer or options
    if not options:
        return None
    card = min(options, key=lambda c: (sum(missing(CONTRACTS[c].needs, pile)), -CONTRACTS[c].vp))
    return card, missing(CONTRACTS[card].needs, pile)


def short_text(lacking: list[int]) -> str:
    """ "1 stone and 1 wheat", "1 wood, 1 stone, 1 clay and 1 food" (commas: four
    "and"s left a site's reason no room beside its move)."""
    named = [f"{n} {RESOURCES[k]}" for k, n in enumerate(lacking) if n]
    return " and ".join([", ".join(named[:-1]), named[-1]] if len(named) > 2 else named)


def _site(view: ViaNebulaState, seat: int, action: ViaNebulaAction) -> str:
    slot = action.target if isinstance(action, MoveResource) else action.slot  # type: ignore[union-attr]
    after = after_move(_RULES, view, action)
    if after is None or not 0 <= slot < len(after.slot_res):
        return ""
    found = closest(view, seat, after.slot_res[slot], view.slot_res[slot])
    if found is None:
        return ""
    card, lacking = found
    name = CONTRACTS[card].name
    if not any(lacking):
        return f"the site then holds all the {name} needs: erect it for {CONTRACTS[card].vp} VP"
    return f"the site is then {sum(lacking)} short of the {name} ({short_text(lacking)})"


def _craftsman(view: ViaNebulaState, seat: int, hex_: int) -> str:
    """A craftsman takes the token (its VP) and puts its resources on the map."""
    token = view.tokens[hex_]
    if not 0 <= token < NORMAL_TOKENS:
        return ""
    kind = token_type(token)
    wanting = [c for c in _open_contracts(view, seat) if CONTRACTS[c].needs[kind]]
    vp = token_vp(token)
    gain = (
        f"the token's {vp} VP {agree(vp, 'is', 'are')} yours"
        if vp
        else "its resources are on the map"
    )
    if not wanting:
        return gain
    mine = [c for c in wanting if c in view.hands[seat]]
    return f"{gain}; the {CONTRACTS[(mine or wanting)[0]].name} needs {RESOURCES[kind]}"


def _site_placed(view: ViaNebulaState, seat: int) -> str:
    """A new site starts empty: the open contract it is then nearest to is the cheapest."""
    found = closest(view, seat, [0] * len(RESOURCES))
    if found is None:
        return "a place for your transports to bring resources to, and to build on"
    card, lacking = found
    return (
        f"your transports can then bring it what the {CONTRACTS[card].name} needs "
        f"({short_text(lacking)}) for {CONTRACTS[card].vp} VP"
    )


def _site_hex(slot: int) -> str:
    """The building site ``slot`` by its hex alone ("E5"): which half of a shared ruin
    it is, the table marks."""
    return NAME[RUINS[slot_ruin(slot)]]


def short(view: ViaNebulaState, action: ViaNebulaAction) -> str:
    """The move in a few words, for a hint with no room for its full name: a site by its
    hex (a ruin's too), and an erected building without what goes to storage."""
    if isinstance(action, PlaceSite):
        return f"place a building site on {NAME[action.hex]}"
    if isinstance(action, Erect):
        card = CONTRACTS[action.card]
        return f"erect the {card.name} ({card.vp} VP) on {_site_hex(action.slot)}"
    if isinstance(action, Transport):
        res = view.res_kind[action.source]
        what = RESOURCES[res] if res >= 0 else "a resource"
        return f"transport 1 {what} from {NAME[action.source]} to {_site_hex(action.slot)}"
    if isinstance(action, MoveResource):
        return (
            f"move 1 {RESOURCES[action.kind]} from {_site_hex(action.source)} to "
            f"{_site_hex(action.target)}"
        )
    if isinstance(action, TakeFromSupply):
        return f"take 1 {RESOURCES[action.kind]} from the supply onto {_site_hex(action.slot)}"
    if isinstance(action, Convert):
        return (
            f"turn 1 {RESOURCES[action.old]} on {_site_hex(action.slot)} into "
            f"1 {RESOURCES[action.new]}"
        )
    return _RULES.describe(view, action)


def why(view: ViaNebulaState, seat: int, action: ViaNebulaAction) -> str:
    """What ``action`` does towards the seat's buildings."""
    if isinstance(action, PlaceCraftsman):
        return _craftsman(view, seat, action.hex)
    if isinstance(action, PlaceSite):
        return _site_placed(view, seat)
    if isinstance(action, Pass):
        # the rulebook allows a pass only when no action at all is possible
        return "ends your turn with nothing lost"
    if isinstance(action, SkipPower):
        return "the power has nothing more to do for your sites"
    if isinstance(action, Discard):
        left = sum(view.storage[seat]) - 1
        return f"frees room in your storage ({left} left in it)"
    if isinstance(action, Explore | FreeExplore):
        # transports follow "a path of empty meadow spaces": a tile opens one
        return "its meadow tile opens a path for transports to your sites"
    if isinstance(action, Transport | TakeFromSupply | Convert | MoveResource):
        return _site(view, seat, action)
    if isinstance(action, Erect):
        if len(view.built[seat]) == BUILDINGS_PER_SEAT - 1 and view.end_card == FREE:
            # The game's end is the thing to know here, more than the power: a newcomer
            # who erects a 5th building unawares sees the game end a turn later.
            return (
                f"your 5th building takes the End-of-Game card ({END_CARD_VP} VP), "
                "then each other seat plays one last turn"
            )
        contract = CONTRACTS[action.card]
        return POWERS.get(contract.power, f"scores its {contract.vp} VP")
    return ""


def outlook(view: ViaNebulaState, seat: int, rating: float) -> str:
    """The hard bot's reward is the estimated lead over the best rival, over LEAD_SCALE VP."""
    return margin_outlook(rating, LEAD_SCALE)
