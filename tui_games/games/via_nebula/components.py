"""Via Nebula's pieces as data: resources, exploitation tokens, contracts and their powers.

Resources are indices 0..4 (wood, stone, clay, wheat, food); a pile of resources is a
list of five counts. Tokens are numbered 0..19 (normal, four per type) and 20..24 (the
special token of each type). Contracts are numbered 0..32 (neutral) and 33..40 (private).
"""

from __future__ import annotations

from typing import Literal, NamedTuple

RESOURCES: tuple[str, ...] = ("wood", "stone", "clay", "wheat", "food")
RESOURCE_LETTERS = "WSCHF"
WOOD, STONE, CLAY, WHEAT, FOOD = range(5)
SUPPLY_PER_TYPE = 18


def resource_name(kind: int) -> str:
    """``wheat (H)``: a resource's name with its map letter."""
    return f"{RESOURCES[kind]} ({RESOURCE_LETTERS[kind]})"


def pile_text(counts: list[int] | tuple[int, ...]) -> str:
    """``2 wood + 1 stone`` (``nothing`` for an empty pile)."""
    parts = [f"{n} {RESOURCES[k]}" for k, n in enumerate(counts) if n]
    return " + ".join(parts) or "nothing"


def pile_letters(counts: list[int] | tuple[int, ...]) -> str:
    """``WWS`` for two wood and a stone: the compact form used on boards."""
    return "".join(RESOURCE_LETTERS[k] * n for k, n in enumerate(counts))


# ---- exploitation tokens --------------------------------------------------------------

NORMAL_TOKENS = 20
SPECIAL_TOKENS = range(20, 25)
TOKEN_VARIANTS: tuple[tuple[int, int], ...] = ((3, 2), (3, 1), (4, 1), (5, 0))
"""(resources with 3-4 players, VP) of the four normal tokens of each type."""


def token_type(token: int) -> int:
    """The resource type a token produces."""
    return token - NORMAL_TOKENS if token >= NORMAL_TOKENS else token // 4


def token_amount(token: int, players: int) -> int:
    """Resources a normal token produces: one fewer with 2 players."""
    amount = TOKEN_VARIANTS[token % 4][0]
    return amount - 1 if players == 2 else amount


def token_vp(token: int) -> int:
    """The VP printed on a normal token (special tokens are never taken)."""
    return TOKEN_VARIANTS[token % 4][1]


def special_amount(players: int) -> int:
    """Resources that replace a special token: 5 with 4 players, 4 with 2 or 3."""
    return 5 if players == 4 else 4


def token_text(token: int, players: int) -> str:
    """``4 wood, 1 VP``."""
    return f"{token_amount(token, players)} {RESOURCES[token_type(token)]}, {token_vp(token)} VP"


# ---- contracts ---------------------------------------------------------------------------

Power = Literal["", "convert", "extra", "supply", "discard", "tile", "move"]

POWER_TEXT: dict[Power, tuple[str, str]] = {
    "": ("no power", "no power"),
    "convert": ("turn one resource on one of your sites into another type",
                "turn up to two resources on your sites into other types"),
    "extra": ("one extra action this turn", "two extra actions this turn"),
    "supply": ("take one resource of your choice from the supply onto one of your sites",
               "take up to two resources from the supply onto your sites"),
    "discard": ("return one resource from your storage to the supply",
                "return up to two resources from your storage to the supply"),
    "tile": ("explore one fog or forest for free", "explore up to two fogs or forests for free"),
    "move": ("move one resource from one of your sites to another",
             "move up to two resources between your sites"),
}


class Contract(NamedTuple):
    """A contract card: the building's name, the resources it asks for, its VP and power."""

    name: str
    needs: tuple[int, int, int, int, int]
    vp: int
    power: Power
    uses: int = 1          # how many times the power may be used (private contracts: 2)
    private: bool = False

    @property
    def size(self) -> int:
        """How many resources it asks for."""
        return sum(self.needs)


def _c(name: str, letters: str, power: Power, *, vp: int = 0, private: bool = False) -> Contract:
    needs = [0] * 5
    for letter in letters:
        needs[RESOURCE_LETTERS.index(letter)] += 1
    return Contract(name, (needs[0], needs[1], needs[2], needs[3], needs[4]),
                    vp or len(letters), power, 2 if private else 1, private)


NEUTRAL: tuple[Contract, ...] = (
    _c("Cabin", "WS", "convert"), _c("Workshop", "WC", "supply"), _c("Barn", "WH", "move"),
    _c("Hunting Lodge", "WF", "tile"), _c("Kiln", "SC", "discard"),
    _c("Windmill", "SH", "extra"), _c("Well", "SF", "convert"), _c("Granary", "CH", "supply"),
    _c("Pottery", "CF", "discard"), _c("Bakery", "HF", "extra"),
    _c("Carpentry", "WWS", "move"), _c("Quarry House", "SSC", "convert"),
    _c("Brickworks", "CCH", "tile"), _c("Farm", "HHF", "supply"), _c("Tavern", "WFF", "extra"),
    _c("Guild Hall", "WSC", "discard"), _c("Chapel", "SCH", "convert"),
    _c("Market", "CHF", "move"), _c("Inn", "WHF", "supply"), _c("Watchtower", "WSF", "tile"),
    _c("Stable", "WCF", "discard"), _c("Fountain", "SHF", "extra"),
    _c("Bridge", "WWSS", "convert"), _c("Rampart", "SSCC", "supply"),
    _c("Manor", "CCHH", "move"), _c("Orchard House", "HHFF", "discard"),
    _c("Longhouse", "WWFF", "tile"), _c("Town Hall", "WSCH", "extra"),
    _c("Library", "SCHF", "convert"), _c("Bathhouse", "WCHF", "supply"),
    _c("Architect's Palace", "WSCF", "", vp=5), _c("Architect's Cathedral", "WSHF", "", vp=5),
    _c("Architect's Academy", "WWSC", "", vp=5),
)
PRIVATE: tuple[Contract, ...] = (
    _c("Alchemist's House", "WSH", "convert", private=True),
    _c("Merchant's House", "SCF", "supply", private=True),
    _c("Carter's House", "WCH", "move", private=True),
    _c("Explorer's Lodge", "SHF", "tile", private=True),
    _c("Cellar", "WCF", "discard", private=True),
    _c("Courier Post", "SHF", "extra", private=True),
    _c("Master Mason's House", "WSSC", "convert", private=True),
    _c("Farmstead", "WHHF", "supply", private=True),
)
CONTRACTS: tuple[Contract, ...] = NEUTRAL + PRIVATE
NEUTRAL_IDS = range(len(NEUTRAL))
PRIVATE_IDS = range(len(NEUTRAL), len(CONTRACTS))
END_CARD_VP = 2
EXPLORER_VP = 2
PRIVATE_DEAL = 2
DISPLAY_SIZE = 4


def power_text(contract: Contract) -> str:
    """What the contract's power does, in the player's words."""
    return POWER_TEXT[contract.power][0 if contract.uses == 1 else 1]


def contract_text(card: int) -> str:
    """``Cabin (wood + stone, 2 VP): turn one resource ...``: a contract in full."""
    c = CONTRACTS[card]
    needs = " + ".join(RESOURCES[k] for k, n in enumerate(c.needs) for _ in range(n))
    return f"{c.name} ({needs}, {c.vp} VP): {power_text(c)}"


def contract_short(card: int) -> str:
    """``Cabin WS 2VP``: a contract on one short line."""
    c = CONTRACTS[card]
    return f"{c.name} {pile_letters(list(c.needs))} {c.vp}VP"


def needs_met(needs: tuple[int, ...], pile: list[int]) -> bool:
    """Whether ``pile`` holds every resource ``needs`` asks for (extra ones allowed)."""
    return (pile[0] >= needs[0] and pile[1] >= needs[1] and pile[2] >= needs[2]
            and pile[3] >= needs[3] and pile[4] >= needs[4])


_FULFILLED: dict[tuple[int, ...], frozenset[int]] = {}
FULFILLED = _FULFILLED
"""fulfils' memo, by pile: a caller may look a pile up itself, and call fulfils on a miss."""
_MOST_NEEDED = max(max(c.needs) for c in CONTRACTS)   # no contract asks for more of a type


def fulfils(pile: list[int]) -> frozenset[int]:
    """Every contract whose needs ``pile`` meets (remembered: piles repeat endlessly)."""
    key = tuple(pile)
    found = _FULFILLED.get(key)
    if found is None:
        # Counts beyond what any contract asks for change nothing: such a pile has the
        # answer of the pile capped at that, so a new pile is mostly one more look-up.
        most = _MOST_NEEDED
        capped = tuple(n if n < most else most for n in key)
        found = _FULFILLED.get(capped)
        if found is None:
            found = _FULFILLED[capped] = frozenset(
                card for card, c in enumerate(CONTRACTS) if needs_met(c.needs, capped))
        if len(_FULFILLED) < FULFILLED_LIMIT:
            _FULFILLED[key] = found
    return found


FULFILLED_LIMIT = 20_000     # piles remembered as they are (capped ones always are)
