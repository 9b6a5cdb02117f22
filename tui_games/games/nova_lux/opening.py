"""The opening of a Nova Lux game: the universe laid out (space cards, the setup dice that
destroy some, stars and their hydrogen), resources, the faction draft (or the solo deal)
and federations; then the Arks placed, and the first turn.

``setup`` is ``NovaLuxRules.setup``; the handlers are called by ``NovaLuxRules.apply``
with the rules object, like the others in this folder.
"""

from __future__ import annotations

from typing import Any

from tui_games.engine.core import Event, Options
from tui_games.engine.grammar import plural, seat_ref
from tui_games.engine.rng import Rng
from tui_games.games.nova_lux.board import (
    CARDS,
    CELL_NAMES,
    DESTROYED_AT_SETUP,
    FACE_DECK,
    FACE_PHRASES,
    card_name,
)
from tui_games.games.nova_lux.cards import (
    COMPARES_PLAYERS,
    DRAFT_HAND,
    FACTIONS,
    FACTIONS_KEPT,
    FEDERATIONS,
    RED_IDS,
    RESOURCES,
    STARS,
    TRACK_START,
    YELLOW_IDS,
)
from tui_games.games.nova_lux.collapse import collapse_roll, grid_roll
from tui_games.games.nova_lux.state import NONE, NovaLuxState, Pick, PlaceShip
from tui_games.games.nova_lux.turns import begin_turn


def setup(rules: Any, players: int, seed: int, options: Options) -> NovaLuxState:
    """Space cards, the setup dice, stars, resources, factions and federations."""
    if not rules.min_players <= players <= rules.max_players:
        raise ValueError(f"Nova Lux is for 1 to 6 players, not {players}")
    mode = options.get("mode", "standard")
    if mode not in ("standard", "semi"):
        raise ValueError(f"unknown Nova Lux mode {mode!r}")
    if players == 1:
        mode = "solo"
    rng = Rng.seeded(seed)
    s = NovaLuxState(players=players, rng=rng, mode=mode,
                     federations_on=options.get("federations", "off") == "on",
                     reactions_on=options.get("offers", "on") == "on")
    faces = list(FACE_DECK)
    rng.shuffle(faces)
    s.face = faces
    s.flipped = [False] * CARDS
    s.red = [NONE] * CARDS
    s.yellow = [NONE] * CARDS
    s.hydrogen = [0] * CARDS
    s.colony_at = [NONE] * CARDS
    mode_name = {"solo": "solo", "semi": "semi-cooperative", "standard": "standard"}[mode]
    s.log.append(Event(f"A {mode_name} game for {plural(players, 'player')}."))
    for _ in range(DESTROYED_AT_SETUP[players]):
        while True:
            card = grid_roll(rules, s)
            if not s.flipped[card]:
                break
            s.log.append(Event(f"{card_name(card)} is already destroyed: roll again."))
        s.flipped[card] = True
        face = FACE_PHRASES[s.face[card]]
        s.log.append(Event(f"{card_name(card)} is destroyed: {face}."))
    reds, yellows = list(RED_IDS), list(YELLOW_IDS)
    rng.shuffle(reds)
    rng.shuffle(yellows)
    for card in range(CARDS):
        if not s.flipped[card]:
            s.red[card] = reds.pop()
            s.yellow[card] = yellows.pop()
            s.hydrogen[card] = STARS[s.yellow[card]].hydrogen
    s.ships = [NONE] * players
    s.res = [[TRACK_START] * RESOURCES for _ in range(players)]
    s.colony = [NONE] * players
    s.colony_kind = [""] * players
    s.engine = [[] for _ in range(players)]
    s.used = [False] * players
    s.left_game = [False] * players
    s.done = [[False] * FACTIONS_KEPT for _ in range(players)]
    if players == 1:
        deck = [f for f in range(len(FACTIONS)) if f not in COMPARES_PLAYERS]
        rng.shuffle(deck)
        s.factions = [sorted(deck[:FACTIONS_KEPT])]
        s.phase = "place"
    else:
        deck = list(range(len(FACTIONS)))
        rng.shuffle(deck)
        s.hands = [sorted(deck[DRAFT_HAND * p: DRAFT_HAND * (p + 1)])
                   for p in range(players)]
        s.factions = [[] for _ in range(players)]
        s.picked = [False] * players
        s.phase = "draft"
    if s.federations_on:
        feds = list(range(len(FEDERATIONS)))
        rng.shuffle(feds)
        s.federation = feds[:players]
    return s


# ---- the handlers (called by NovaLuxRules.apply with the rules object) ---------------------

def pick(rules: Any, s: NovaLuxState, a: Pick, seat: int) -> None:
    """A faction kept from the draft hand; once all have picked, the hands pass on, or
    (three kept) the draft is over."""
    s.hands[seat].remove(a.faction)
    s.factions[seat].append(a.faction)
    s.picked[seat] = True
    s.log.append(Event(f"{seat_ref(seat)} keeps the {FACTIONS[a.faction].name}.", (seat,),
                       f"{seat_ref(seat)} keeps a faction card."))
    if not all(s.picked):
        return
    if len(s.factions[0]) == FACTIONS_KEPT:
        s.hands = [[] for _ in range(s.players)]
        for p in range(s.players):
            s.factions[p].sort()
            names = ", ".join(FACTIONS[f].name for f in s.factions[p])
            s.log.append(Event(f"{seat_ref(p)}'s factions: {names}."))
        s.phase = "place"
    else:
        s.hands = [s.hands[(p - 1) % s.players] for p in range(s.players)]
        s.picked = [False] * s.players


def place(rules: Any, s: NovaLuxState, a: PlaceShip, seat: int) -> None:
    """An Ark placed; with the last one the first turn begins (semi-cooperative: after
    the round's collapse roll)."""
    s.ships[seat] = a.cell
    s.log.append(Event(f"{seat_ref(seat)} places the Ark on {CELL_NAMES[a.cell]}."))
    if NONE not in s.ships:
        s.phase = "turn"
        s.current = 0
        begin_turn(s)
        if s.mode == "semi":
            collapse_roll(rules, s)
