"""Learn to play Nova Lux: a guided solo start on a fixed deal (seed 2), two turns in
nine decisions: place the Ark, harvest, run the biosphere engine, use a faction's
ability, move, and end each turn by taking hydrogen. The draft (a solo deal has none; the
last step says how one is played), the colony, trades, attacks, escapes and federations
are explained in the steps' texts: a deal that plays them all takes some forty decisions.

``mark`` is the hint's own marking (``NovaLuxScreen.mark_hint``): the map's cursor goes to
the step's cell and the action list highlights the step's action, so Enter plays it. The
texts follow the rulebook (shared/rulebooks/nova_lux.txt) in our own words.
"""

from __future__ import annotations

from typing import Any

from tui_games.engine.core import Action
from tui_games.engine.tutorial import Step, Tutorial, only
from tui_games.games.nova_lux.cards import DRAFT_HAND, FACTIONS_KEPT
from tui_games.games.nova_lux.interned import ENGINE_SLOTS
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
    """The step's cell under the cursor and its action highlighted, as a hint marks.
    After the refresh: a played action hands the keys back to the map once the table is
    redrawn, and the mark must come after that."""
    if action is None:
        return

    def marked() -> None:
        screen.mark_hint(action)
        screen.action_list.focus()  # after the map's focus still queued by the last play

    screen.call_after_refresh(marked)


def step(action: Action, text: str) -> Step:
    return Step(text, only(action), ("enter",), action, press="Enter.")


# The guide's box at 80x24 holds two lines: each text stays near 120 characters.
STEPS = (
    step(PlaceShip(cell=E3), "To win: found a colony (7 of all 5 resources), then meet "
         "your 3 factions' needs. Set your Ark on E3 (others first pick factions)."),
    step(Harvest(count=2, pay=2, gain=1), "Harvest 2 hydrogen here: each costs 1 life "
         "form, gives 2 artifacts. E3's last hydrogen puts it in your engine."),
    step(UseEngine(slot=0, pay=2, gain=1), "Run that star: 1 hydrogen and 1 life form "
         f"give 2 artifacts. The engine can store {ENGINE_SLOTS} stars: a new one replaces "
         "one or is discarded."),
    # Issue 31, played: "top row" is the card's, and "Old Ones: O<>H | W8 A8 L8 O8" left
    # a newcomer to guess which part was the ability and which the needs. No "|" named:
    # the plain-lines front end shares this text and shows no bar.
    step(UseAbility(slot=OLD_ONES, give=3, get=4), "A faction's line gives its ability, "
         "then its needs: Old Ones, 1 oxygen for 1 hydrogen. Also after others' turns: use "
         "it or pass."),
    step(MoveTo(cell=C5), "Move to C5: the map shows the path and its hydrogen cost. If "
         "a neutron star under you collapses, you escape to a next cell."),
    # The clock a newcomer could not see (issue 31): the title's "hydrogen left in all stars".
    step(TakeHydrogen(card=C3_STAR), "A turn ends by taking 1 hydrogen from any star: "
         "C3's. The game is over once no star has any: win before the end."),
    step(UseAbility(slot=OLD_ONES, give=3, get=4), "Turn 2: oxygen for hydrogen again. "
         "Meeting an Ark, you may start a trade (adjust, send, drop the offer; they answer)."),
    step(MoveTo(cell=C4), "Move to C4. An Ark you meet you may also attack and plunder. "
         "Federations (if on) teleport, convert, force a trade."),
    # A real game opens on the draft this solo deal skips (issue 31): what it is, how to pick.
    step(TakeHydrogen(card=E3_GIANT), "Take E3's hydrogen. Games with others open on a "
         f"draft: keep 1 of the {DRAFT_HAND} factions listed, pass the rest left, "
         f"till you hold {FACTIONS_KEPT}."),
)

TUTORIAL = Tutorial(
    seed=2,
    bots=(),
    steps=STEPS,
    farewell="On your own now. Each turn: harvest what is below 7, move to a star that "
             "pays it. Colony at 7 of all 5, then your 3 factions: you win.",
    farewell_keys="i: in words.",
    mark=mark,
    explained=("Pick", "StoreStar", "Escape", "EndTurn", "StartTrade", "AdjustOffer",
               "SendOffer", "DropOffer", "AnswerTrade", "OfferTrade", "Attack", "Plunder",
               "Teleport", "FedConvert", "ForceTrade", "FoundColony", "Pass"),
)
