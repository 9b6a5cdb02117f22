"""Small constructors for Nova Lux test tables, written with cell names and resource letters."""

from __future__ import annotations

import random

from tui_games.games.nova_lux.board import CARD_CELLS, CELL_NAMES, card_by_dice
from tui_games.games.nova_lux.cards import RESOURCE_LETTERS
from tui_games.games.nova_lux.rules import NovaLuxRules
from tui_games.games.nova_lux.state import NONE, NovaLuxState, Pick, PlaceShip

RULES = NovaLuxRules()


def cell(name: str) -> int:
    """The cell named ``"C3"``."""
    return CELL_NAMES.index(name)


def card(name: str) -> int:
    """The space card on the cell named ``"C3"``."""
    return CARD_CELLS.index(cell(name))


def res(text: str) -> list[int]:
    """Five tracks from ``"W3 A7 L0 O14 H5"`` (unnamed tracks are 3)."""
    out = [3] * 5
    for item in text.split():
        out[RESOURCE_LETTERS.index(item[0])] = int(item[1:])
    return out


def new(players: int = 2, seed: int = 1, mode: str = "standard", federations: str = "off",
        offers: str = "on", ships: tuple[str, ...] = (), blank: bool = False) -> NovaLuxState:
    """A game past the draft (each seat keeps its first card) and the Ark placement
    (on ``ships``, else on B2, D2, F2, ...); ``blank``: on a map cleared of stars first."""
    s = RULES.setup(players, seed, {"mode": mode, "federations": federations,
                                    "offers": offers})
    while s.phase == "draft":
        seat = RULES.to_move(s)
        RULES.apply(s, Pick(s.hands[seat][0]))
    if blank:
        clear_map(s)
    for seat in range(players):
        name = ships[seat] if seat < len(ships) else f"{'BDFBDF'[seat]}{2 if seat < 3 else 4}"
        RULES.apply(s, PlaceShip(cell(name)))
    return s


def clear_map(s: NovaLuxState) -> NovaLuxState:
    """Every card face down with no star (a blank universe for hand-made maps)."""
    for k in range(16):
        s.flipped[k] = False
        s.red[k] = s.yellow[k] = NONE
        s.hydrogen[k] = 0
    return s


def put_star(s: NovaLuxState, name: str, red: int, yellow: int = NONE,
             hydrogen: int | None = None) -> None:
    """Stars on the card at ``name``: a red giant id (0..15) and a yellow star id (16..31)."""
    from tui_games.games.nova_lux.cards import STARS
    k = card(name)
    s.flipped[k] = False
    s.red[k], s.yellow[k] = red, yellow
    top = yellow if yellow != NONE else red
    s.hydrogen[k] = STARS[top].hydrogen if hydrogen is None else hydrogen


def flip(s: NovaLuxState, name: str, face: int) -> None:
    """The card at ``name`` destroyed, showing ``face``."""
    k = card(name)
    s.flipped[k] = True
    s.face[k] = face
    s.red[k] = s.yellow[k] = NONE
    s.hydrogen[k] = 0


def dice_card(row: int, col: int) -> int:
    """The card two setup dice name."""
    return card_by_dice(row, col)


def random_playout(players: int, seed: int, options: dict[str, str] | None = None
                   ) -> NovaLuxState:
    """A game played to its end by uniformly random legal actions."""
    s = RULES.setup(players, seed, options or {})
    rng = random.Random(seed)
    while RULES.to_move(s) is not None:
        RULES.apply(s, rng.choice(RULES.legal_actions(s)))
    return s


QUIET = [[1, 4, 5], [6, 8, 9], [10, 11, 12], [13, 14, 15], [22, 23, 5], [4, 6, 8]]
"""Factions with no automatic trigger, per seat (exchanges and conversions only)."""


def quiet(s: NovaLuxState) -> NovaLuxState:
    """Every seat holds factions that never act by themselves."""
    s.factions = [list(QUIET[p]) for p in range(s.players)]
    return s


def offer(s: NovaLuxState, target: int, gives: str, gets: str) -> None:
    """Compose and send the current player's offer to ``target``: ``gives`` and ``gets``
    written as ``"W2 O1"`` (what is named, nothing else)."""
    from tui_games.games.nova_lux.state import AdjustOffer, SendOffer, StartTrade

    RULES.apply(s, StartTrade(target))
    for give, text in ((True, gives), (False, gets)):
        for item in text.split():
            for _ in range(int(item[1:])):
                RULES.apply(s, AdjustOffer(give, RESOURCE_LETTERS.index(item[0]), True))
    RULES.apply(s, SendOffer())
