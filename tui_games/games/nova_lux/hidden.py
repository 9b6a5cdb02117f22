"""What a seat cannot see in Nova Lux: the faces under the space cards not yet destroyed,
the dice to come and, during the draft, the others' faction cards. Removed for a seat's
view (``observe``), dealt again consistently for a bot's guess (``determinize``); the
decisions that show some of it (``reveals``) are where undo stops."""

from __future__ import annotations

import random
from typing import Any

from tui_games.engine.codec import clone
from tui_games.engine.core import redacted_log
from tui_games.engine.rng import Rng
from tui_games.games.nova_lux.board import CARDS, FACE_DECK
from tui_games.games.nova_lux.cards import FACTIONS
from tui_games.games.nova_lux.state import HIDDEN, NovaLuxAction, NovaLuxState, Pick


def observe(s: NovaLuxState, player: int) -> NovaLuxState:
    """A copy without the RNG, the faces of face-down cards, or (during the draft) the
    other seats' hands and picks."""
    view = clone(s)
    view.rng = Rng()
    view.face = [f if s.flipped[k] else HIDDEN for k, f in enumerate(s.face)]
    if s.phase == "draft":
        for seat in range(s.players):
            if seat != player:
                view.hands[seat] = [HIDDEN] * len(s.hands[seat])
                view.factions[seat] = [HIDDEN] * len(s.factions[seat])
    view.log = redacted_log(s.log, player)
    return view


def determinize(view: NovaLuxState, player: int, rng: random.Random) -> NovaLuxState:
    """Deal the face-down cards the faces not yet seen, and (in the draft) the other
    seats faction cards from those ``player`` has not seen."""
    full = clone(view)
    full.rng = Rng.seeded(rng.getrandbits(64))
    unseen = list(FACE_DECK)
    for k in range(CARDS):
        if view.flipped[k]:
            unseen.remove(view.face[k])
    rng.shuffle(unseen)
    full.face = [view.face[k] if view.flipped[k] else unseen.pop() for k in range(CARDS)]
    if view.phase == "draft":
        seen = set(view.hands[player]) | set(view.factions[player])
        pool = [f for f in range(len(FACTIONS)) if f not in seen]
        rng.shuffle(pool)
        for seat in range(view.players):
            if seat != player:
                full.hands[seat] = sorted(pool.pop() for _ in view.hands[seat])
                full.factions[seat] = [pool.pop() for _ in view.factions[seat]]
    return full


def reveals(rules: Any, s: NovaLuxState, a: NovaLuxAction) -> bool:
    """True when ``a`` rolls dice, turns a card up or passes draft hands."""
    after = clone(s)
    rules.apply(after, a)
    return (after.rng.state != s.rng.state or after.flipped != s.flipped
            or (isinstance(a, Pick) and s.picked.count(False) == 1))
