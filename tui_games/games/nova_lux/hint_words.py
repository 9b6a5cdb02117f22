"""Why a Nova Lux hint plays what it plays, in the game's words (engine.bots.hint.HintWords).

The rulebook's objective: first the colony (7 or more of every resource at once), then
each faction card's requirement. A move is explained by what it leaves the seat short of,
worked out on the seat's own observation and only for moves that reveal nothing (no dice,
no card turned up): a hint never guesses what the seat cannot see.
"""

from __future__ import annotations

import copy

from tui_games.engine.bots.hint import after_move, fits
from tui_games.engine.grammar import seat_ref
from tui_games.games.nova_lux.board import CARD_AT, CELL_NAMES
from tui_games.games.nova_lux.bot import targets
from tui_games.games.nova_lux.cards import (
    COLONY_LEVEL,
    FACTIONS,
    HYDROGEN,
    RESOURCES,
    STARS,
    TRACK_MAX,
    amount,
    options_text,
    requirement_text,
)
from tui_games.games.nova_lux.describe import star_at, top_star, units
from tui_games.games.nova_lux.hard import COLONY_SHARE, FACTION_SHARE, FOUNDED_SHARE
from tui_games.games.nova_lux.rules import NovaLuxRules
from tui_games.games.nova_lux.state import (
    NONE,
    AdjustOffer,
    AnswerTrade,
    Attack,
    DropOffer,
    Escape,
    ForceTrade,
    Harvest,
    MoveTo,
    NovaLuxAction,
    NovaLuxState,
    Pass,
    Pick,
    PlaceShip,
    SendOffer,
    StartTrade,
    StoreStar,
    TakeHydrogen,
    Teleport,
)

_RULES = NovaLuxRules()
SAID = 2  # resources named in a shortfall: the status line has room for two


def shortfall(s: NovaLuxState, seat: int) -> list[tuple[int, int]]:
    """(resource, units missing) towards the seat's next goal, the largest first: the
    colony's 7 of each, then what its factions ask."""
    founded = s.colony[seat] != NONE
    want = targets(s, seat).levels if founded else [COLONY_LEVEL] * len(s.res[seat])
    short = [
        (r, w - have) for r, (w, have) in enumerate(zip(want, s.res[seat], strict=True)) if w > have
    ]
    return sorted(short, key=lambda rn: -rn[1])


def short_text(short: list[tuple[int, int]], said: int = SAID) -> str:
    """ "2 water and 1 oxygen" (the ``said`` largest shortfalls, then "and more")."""
    named = [amount(n, r) for r, n in short[:said]]
    if len(short) > said:
        # "6 artifacts, 2 water and more": one "and", as a listener expects a list to end
        return ", ".join(named) + " and more"
    return " and ".join(named)


def _goal(s: NovaLuxState, seat: int, *, short: bool = False) -> str:
    if s.colony[seat] != NONE:
        return "your next faction"
    return "your colony" if short else f"your colony ({COLONY_LEVEL} of each)"


def _arrive(view: NovaLuxState, seat: int, cell: int) -> str:
    """Where the Ark goes: the star there, and whether its harvest pays what the seat's
    goal lacks (a harvest takes its hydrogen and pays its reward per hydrogen)."""
    card = CARD_AT[cell]
    star = top_star(view, card) if card != NONE else NONE
    if star == NONE:
        return f"takes the Ark to {CELL_NAMES[cell]} (no star to harvest there)"
    there = STARS[star]
    where = f"takes the Ark to {star_at(view, card)}"
    lacking = {r for r, _ in shortfall(view, seat)}
    wanted = [r for r in there.reward if r in lacking]
    if wanted:
        return (f"{where}: its harvest pays {amount(there.reward_n, wanted[0])} a hydrogen, "
                f"which {_goal(view, seat, short=True)} lacks")
    return f"{where}: {amount(there.hydrogen, HYDROGEN)} to harvest"


def _traded(view: NovaLuxState, seat: int, gives: tuple[int, ...], gets: tuple[int, ...],
            when: str) -> str:
    """What a trade leaves the seat short of, once made (``when``: "if accepted")."""
    after = [have - give + get for have, give, get in zip(view.res[seat], gives, gets,
                                                           strict=True)]
    before = shortfall(view, seat)
    traded = copy.copy(view)  # shallow: shortfall reads the resources, replaced here
    traded.res = [after if p == seat else have for p, have in enumerate(view.res)]
    now = shortfall(traded, seat)
    goal = _goal(view, seat, short=True)
    if not now:
        return f"{when}, you then hold what {goal} asks"
    if sum(n for _, n in now) < sum(n for _, n in before):
        return f"{when}, {goal} then lacks only {short_text(now)}"
    return f"{when}, you give {units(gives)} for {units(gets)}"


def _trade(view: NovaLuxState, seat: int, action: NovaLuxAction) -> str:
    """A trade step in the game's words: what it offers, and what it leaves to gain."""
    if isinstance(action, StartTrade):
        lacking = [r for r, _ in shortfall(view, seat)]
        held = [r for r in lacking if view.res[action.target][r] > 0]
        if held:
            return (f"opens an offer to {seat_ref(action.target)}, who holds "
                    f"{amount(view.res[action.target][held[0]], held[0])} that "
                    f"{_goal(view, seat, short=True)} lacks")
        return f"opens an offer to {seat_ref(action.target)}"
    offer = view.offer
    if isinstance(action, AdjustOffer) and offer is not None:
        gives, gets = list(offer.gives), list(offer.gets)
        side = gives if action.give else gets
        side[action.res] = max(0, side[action.res] + (1 if action.more else -1))
        return f"the offer then gives {units(tuple(gives))} for {units(tuple(gets))}"
    if isinstance(action, SendOffer) and offer is not None:
        return _traded(view, seat, offer.gives, offer.gets, "if accepted")
    if isinstance(action, DropOffer):
        return "keeps what you hold: no offer is made"
    if isinstance(action, AnswerTrade) and offer is not None:
        if not action.accept:
            return "keeps what you hold"
        # the offer's gives are what its maker gives: this seat receives them
        return _traded(view, seat, offer.gets, offer.gives, "accepted")
    if isinstance(action, ForceTrade):
        kinds = range(len(view.res[seat]))
        gives = tuple(action.count if r == action.give else 0 for r in kinds)
        gets = tuple(action.count if r == action.get else 0 for r in kinds)
        return _traded(view, seat, gives, gets, "traded")
    return ""


def why(view: NovaLuxState, seat: int, action: NovaLuxAction) -> str:
    """What ``action`` leaves the seat short of: its colony's 7s, then its factions; said
    more briefly where the move's own long name leaves the hint too little room (a reason
    that does not fit is left out, and a hint without one teaches nothing)."""
    text = _why(view, seat, action)
    if text and not fits(f"Hint: {_RULES.describe(view, action)}: {text}."):
        return _why(view, seat, action, compact=True)
    return text


def _why(view: NovaLuxState, seat: int, action: NovaLuxAction, compact: bool = False) -> str:
    if isinstance(action, Pick):
        # a faction is completed once its requirement is met, after the colony
        return f"to complete it later you need {requirement_text(FACTIONS[action.faction])}"
    if isinstance(action, MoveTo | Teleport | Escape | PlaceShip):
        return _arrive(view, seat, action.cell)
    if isinstance(action, StartTrade | AdjustOffer | SendOffer | DropOffer | AnswerTrade
                  | ForceTrade):
        return _trade(view, seat, action)
    if isinstance(action, Attack):
        return _attack(view, seat, action)
    if isinstance(action, StoreStar):
        return _store(view, seat, action, compact)
    if isinstance(action, Pass):
        return "keeps what you hold: the ability goes unused this time"
    after = after_move(_RULES, view, action)
    if after is None:
        after = _stated(view, seat, action)
    if after is None or seat >= len(after.res):
        return ""
    if after.colony[seat] != NONE and view.colony[seat] == NONE:
        return "founds your colony: your factions' requirements are next"
    if seat in after.winners:
        return "completes your last faction: you win"
    if after.res[seat] == view.res[seat]:
        if isinstance(action, TakeHydrogen):
            return f"ends your turn (your hydrogen is full at {TRACK_MAX})"
        return ""
    before, now = shortfall(view, seat), shortfall(after, seat)
    said = 1 if compact else SAID
    goal = (
        f"your colony ({COLONY_LEVEL} of each)"
        if after.colony[seat] == NONE and not compact
        else "your colony"
        if after.colony[seat] == NONE
        else "your next faction"
    )
    if not now:
        return (
            f"you then hold {COLONY_LEVEL} of every resource: found your colony"
            if after.colony[seat] == NONE
            else f"you then hold what {goal} asks"
        )
    missing = sum(n for _, n in now)
    if missing < sum(n for _, n in before):
        return f"{goal} then lacks {short_text(now, said)}"
    # A cost paid for what comes later (its name says what goes and comes): the goal.
    return f"{_goal(after, seat, short=True)} still lacks {short_text(now, said)}"


def _stated(view: NovaLuxState, seat: int, action: NovaLuxAction) -> NovaLuxState | None:
    """``view`` with the seat's resources once ``action`` is played, for the moves whose
    price and gain are known though what follows is not (a harvest or the turn's hydrogen
    that empties a star, whose collapse turns a card up): what the seat pays and gets is
    in the move itself."""
    res = list(view.res[seat])
    if isinstance(action, TakeHydrogen):
        res[HYDROGEN] += 1
    elif isinstance(action, Harvest):
        card = CARD_AT[view.ships[seat]]
        star = top_star(view, card) if card != NONE else NONE
        if star == NONE:
            return None
        if action.federation:
            res[action.pay] -= 1
            res[HYDROGEN] -= 2
        else:
            res[action.pay] -= action.count * STARS[star].cost_n
        res[HYDROGEN] += action.count
        res[action.gain] += action.count * STARS[star].reward_n
    else:
        return None
    stated = copy.copy(view)  # shallow: shortfall reads the resources, replaced here
    stated.res = [[min(TRACK_MAX, n) for n in res] if p == seat else have
                  for p, have in enumerate(view.res)]
    return stated


def _attack(view: NovaLuxState, seat: int, action: Attack) -> str:
    """An attack's odds as the rulebook rolls them: a die each, plus the attacker's lowest
    resource (the War Council: highest) against the defender's lowest."""
    mine = max(view.res[seat]) if action.highest else min(view.res[seat])
    theirs = min(view.res[action.target])
    which = "highest" if action.highest else "lowest"
    return (f"a die each plus your {which} resource ({mine}) against their lowest "
            f"({theirs}): the higher total takes resources from the other")


def _store(view: NovaLuxState, seat: int, action: StoreStar, compact: bool = False) -> str:
    """What the engine then runs: the new star's conversion, and whether its output is
    what the seat's goal lacks."""
    if action.slot == NONE or view.store_star == NONE:
        return "keeps your engine's stars as they are"
    star = STARS[view.store_star]
    runs = (f"{'it' if compact else 'your engine'} can then turn "
            f"{options_text(star.cost, star.cost_n)} and 1 hydrogen into "
            f"{options_text(star.reward, star.reward_n)}")
    lacking = {r for r, _ in shortfall(view, seat)}
    if lacking & set(star.reward) and not compact:
        return f"{runs}, which {_goal(view, seat, short=True)} lacks"
    return runs


def outlook(view: NovaLuxState, seat: int, rating: float) -> str:
    """The hard bot's reward (hard.evaluate) in the game's own counts: alone, how far the
    seat gets by the end of next turn (resources towards the colony's 7s, then factions
    completed); with rivals, whether it is then ahead of the best of them, and by how much
    as a player would put it."""
    if view.players == 1:
        return f"By the bot's reckoning, by the end of next turn {_progress_words(view, rating)}."
    lead = rating - 0.5
    if abs(lead) < 0.03:
        return "By the bot's reckoning you then stay about level with your best rival."
    side = "ahead of" if lead > 0 else "behind"
    much = "a little" if abs(lead) < 0.1 else "well"
    return f"By the bot's reckoning you are then {much} {side} your best rival."


def _progress_words(view: NovaLuxState, rating: float) -> str:
    """hard.progress read back: below the colony's share, units of resource towards its
    7s; past it, factions completed (a half for the tracks towards the next one)."""
    need_units = COLONY_LEVEL * RESOURCES
    founded = COLONY_SHARE + FOUNDED_SHARE
    if rating < founded - FOUNDED_SHARE / 2:
        units_held = round(min(rating, COLONY_SHARE) / COLONY_SHARE * need_units)
        return (f"you hold about {units_held} of the {need_units} resources your colony "
                f"needs ({COLONY_LEVEL} of each)")
    need = 2 if view.players >= 5 else 3
    factions = max(0.0, rating - founded) / FACTION_SHARE * need
    done = min(need, int(factions + 0.25))
    return f"you have your colony and about {done} of the {need} factions you must complete"
