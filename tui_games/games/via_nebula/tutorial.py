"""Learn to play Via Nebula: a guided start on a fixed deal (seed 30, you first), you
against the easy bot. In nine decisions: place craftsmen, place a building site, explore
the fog, transport resources over meadows, erect a building for a contract, and use its
power once (a free exploration); the other powers, skipping a power and passing are
explained.

``mark`` puts the map's cursor on the hex of the step (for a transport, its building
site), and in an open list highlights the step's action. The texts follow the rulebook
(shared/rulebooks/via_nebula.txt) in our own words.
"""

from __future__ import annotations

from typing import Any

from tui_games.engine.core import Action
from tui_games.engine.tutorial import Step, Tutorial, only
from tui_games.games.via_nebula.board import CELL, RUINS
from tui_games.games.via_nebula.components import EXPLORER_VP
from tui_games.games.via_nebula.state import (
    BUILDINGS_PER_SEAT,
    Erect,
    Explore,
    FreeExplore,
    PlaceCraftsman,
    PlaceSite,
    Transport,
    slot_ruin,
)

C1, D1, E1, F1, C2, E7, C9 = 0, 1, 2, 3, 6, 46, 56  # hexes (board.py), by their names
HUNTING_LODGE = 3  # the contract (components.py)


def hex_of(action: Action) -> int | None:
    """The hex a step's action is chosen at (a transport: at its building site)."""
    if isinstance(action, PlaceCraftsman | PlaceSite | Explore | FreeExplore):
        return action.hex
    if isinstance(action, Transport | Erect):
        return RUINS[slot_ruin(action.slot)]
    return None


def mark(screen: Any, action: Action | None) -> None:
    """Put the map's cursor on the step's hex; in an open list, highlight its action."""
    if action is None:
        return
    place = hex_of(action)
    if place is not None:
        screen.hexmap.cursor = CELL[place]
    if screen.list_open and action in screen.offered:
        screen.action_list.highlighted = screen.offered.index(action)


def step(action: Action, text: str, downs: int = 0, *, keys_known: bool = True) -> Step:
    """A step on the map: Enter lists the marked hex's actions, Enter plays one. Once
    the first two steps have said so (``keys_known``), the keys alone: at 80x24 a step
    box of three lines left the log one row, and of the bot's two moves before steps 3
    and 7 one never showed (issue 31, played: the bot's D4 site "just appeared")."""
    keys = ("enter", *("down",) * downs, "enter")
    downs_said = f"↓ {downs}x, " if downs else ""
    how = f"Enter, {downs_said}then Enter."
    if not keys_known:
        how = "Enter lists the marked hex's actions, Enter plays it."
    return Step(text, only(action), keys, action, press=how)


STEPS = (
    step(PlaceCraftsman(hex=C1), "Each turn: 2 actions. First place a craftsman on the "
         "exploitation C1: you take its token (VP), it puts out 4 food.", keys_known=False),
    # The side's "-4 VP at end" has just appeared: said here, a newcomer need not wait
    # for the farewell to learn what it counts.
    step(PlaceSite(hex=E1), "Claim the ruin E1 as your site: resources carried there "
         "become buildings. Resources left on the map at the end cost 1 VP each (C1's 4 "
         "food: -4 VP at end).", keys_known=False),
    step(Explore(hex=D1), "Explore the fog at D1, next to your pieces: it becomes an empty "
         "meadow, and resources travel only over empty meadows."),
    # The board's "tiles 4 5 5 5" has just changed: said here, it needs no legend.
    step(Transport(source=C1, slot=0), "Now carry 1 food from C1 over D1 to your site on "
         "E1. Exploring took a tile off your board (tiles 4 5 5 5): an emptied stack "
         f"shows an explorer, {EXPLORER_VP} VP."),
    step(PlaceCraftsman(hex=C9), "Place a second craftsman, on C9 (2 stone; its token is "
         "worth 2 VP at the end)."),
    step(PlaceCraftsman(hex=E7), "And your third, on E7 (2 food, 2 VP)."),
    step(Transport(source=F1, slot=0), "Any exploitation's resources may be carried, the "
         "bot's too: bring 1 wood from F1 to your site on E1.", downs=1),
    # The side lists two kinds of contract: "hand" ones and the rest, with no word on
    # which a newcomer may erect (issue 31, played).
    step(Erect(slot=0, card=HUNTING_LODGE), "Food and wood on the site fulfil the "
         "Hunting Lodge, a contract on display (anyone may take it; those marked hand are "
         "yours alone): erect it (2 VP).", downs=2),
    Step("The building's power: explore C2 free. Other powers convert, take from the "
         "supply, discard from storage or move a resource; you may skip a power. You pass "
         "only when nothing is possible.",
         only(FreeExplore(hex=C2)), ("enter",), FreeExplore(hex=C2),
         press="It is marked: Enter."),
)

TUTORIAL = Tutorial(
    seed=30,
    options={"first": "seat1"},
    steps=STEPS,
    intro="Via Nebula: the most VP at the end wins.",
    # When the game ends and what the end costs: a newcomer's first game ended a turn
    # after their 5th building, with 6 VP lost to resources left on their exploitations.
    farewell=f"On your own (undo works again). Most VP wins. A {BUILDINGS_PER_SEAT}th building "
             "ends the game after a last turn each; then resources on your sites and "
             "exploitations cost 1 VP each. Next turn: carry resources to a site.",
    farewell_keys="Tab: next hex.",
    mark=mark,
    explained=("Convert", "TakeFromSupply", "Discard", "MoveResource", "SkipPower",
               "Pass"),
)
