"""Learn to play Nova Lux: a guided solo start on a fixed deal (seed 2), two turns in
nine decisions: place the Ark, harvest, run the biosphere engine, use a faction's
ability, move, and end each turn by taking hydrogen. The draft, the colony, trades,
attacks, escapes and federations are explained in the steps' texts: a deal that plays
them all takes some forty decisions.

``mark`` is the hint's own marking (``NovaLuxScreen.mark_hint``): the map's cursor goes to
the step's cell and the action list highlights the step's action, so Enter plays it. The
texts follow the rulebook (shared/rulebooks/nova_lux.txt) in our own words.
"""

from __future__ import annotations

from typing import Any

from tui_games.engine.core import Action
from tui_games.engine.tutorial import Step, Tutorial, only
from tui_games.games.nova_lux.state import (
    Harvest,
    MoveTo,
    PlaceShip,
    TakeHydrogen,
    UseAbility,
    UseEngine,
)

E3, C4, C5 = 18, 23, 30  # cells (board.py), by their names
C3_STAR, E3_GIANT = 5, 6  # space cards (board.py CARD_CELLS)
OLD_ONES = 2  # the faction slot whose top row trades oxygen for hydrogen


def mark(screen: Any, action: Action | None) -> None:
    """The step's cell under the cursor and its action highlighted, as a hint marks."""
    if action is not None:
        screen.mark_hint(action)


def step(action: Action, text: str) -> Step:
    return Step(f"{text} Enter plays the highlighted line.", only(action), ("enter",),
                action)


STEPS = (
    step(PlaceShip(cell=E3), "A solo game: you race the collapse of the stars. Set your "
         "Ark on the red giant E3. (With more players, each of you first must pick a faction card "
         "from a hand passed around.)"),
    step(Harvest(count=2, pay=2, gain=1), "Harvest 2 hydrogen from the star under the Ark: "
         "as its card says, each costs 1 life form and gives 2 artifacts."),
    step(UseEngine(slot=0, pay=2, gain=1), "The star in your biosphere engine runs once a "
         "turn, fed 1 hydrogen and its cost: 1 life form for 2 artifacts. A 4th engine "
         "star you store in place of one, or discard."),
    step(UseAbility(slot=OLD_ONES, give=3, get=4), "A faction's top row is an ability you "
         "may use: the Old Ones give 1 hydrogen for 1 oxygen, and moving costs hydrogen."),
    step(MoveTo(cell=C5), "Move the Ark to C5: the map draws the path, its hydrogen cost "
         "under it. If a neutron star collapses under you, you escape to a cell next to it."),
    step(TakeHydrogen(card=C3_STAR), "A turn ends by taking 1 hydrogen from any star: "
         "take it from C3. Only once no star has any left do you end the turn without."),
    step(UseAbility(slot=OLD_ONES, give=3, get=4), "Turn 2. Oxygen for hydrogen again. "
         "On a cell with another Ark you may start a trade (adjust the offer, send or "
         "drop it; they answer) or attack it, and plunder the loser."),
    step(MoveTo(cell=C4), "Move to C4. With federations on, the Jump Fleet may teleport, "
         "the Transmuters convert and the Trade Fleet force a trade."),
    step(TakeHydrogen(card=E3_GIANT), "End the turn with hydrogen from the red giant E3. "
         "The goal: 7 of every resource to found a colony on your star, then fulfil your "
         "factions. After others' turns you may use an ability or pass."),
)

TUTORIAL = Tutorial(
    seed=2,
    bots=(),
    steps=STEPS,
    intro="Nova Lux: harvest dying stars, found a colony, fulfil your factions.",
    farewell="That was the heart of a turn. Play on alone, unguided now (undo works "
             "again): Tab finds the next cell where you can act, i shows a line in full.",
    mark=mark,
    explained=("Pick", "StoreStar", "Escape", "EndTurn", "StartTrade", "AdjustOffer",
               "SendOffer", "DropOffer", "AnswerTrade", "OfferTrade", "Attack", "Plunder",
               "Teleport", "FedConvert", "ForceTrade", "FoundColony", "Pass"),
)
