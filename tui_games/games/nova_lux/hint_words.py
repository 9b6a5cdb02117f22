"""Why a Nova Lux hint plays what it plays, in the game's words (engine.bots.hint.HintWords).

The rulebook's objective: first the colony (7 or more of every resource at once), then
each faction card's requirement. A move is explained by what it leaves the seat short of,
worked out on the seat's own observation and only for moves that reveal nothing (no dice,
no card turned up): a hint never guesses what the seat cannot see.
"""

from __future__ import annotations

import copy

from tui_games.engine.bots.hint import after_move, fits, in_ten
from tui_games.engine.grammar import seat_ref
from tui_games.games.nova_lux import movement
from tui_games.games.nova_lux.board import CARD_AT, CELL_NAMES, DIE_FACES
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
from tui_games.games.nova_lux.interned import ENGINE_SLOTS
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
    UseAbility,
)
from tui_games.games.nova_lux.view import spoken

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


def _holding(view: NovaLuxState, seat: int, res: list[int]) -> NovaLuxState:
    """``view`` with the seat holding ``res`` (shallow: only the resources differ)."""
    held = copy.copy(view)
    held.res = [res if p == seat else have for p, have in enumerate(view.res)]
    return held


def _said_fits(view: NovaLuxState, action: NovaLuxAction, *texts: str) -> str:
    """The first of ``texts`` (the fullest first) that the hint line has room for beside
    the move's own name (and "the only move there is", when it is); the last one
    whatever its length. Names may be longer than "Seat 2": a little room is kept."""
    what = _RULES.describe(view, action)
    only = "; the only move there is" if len(_RULES.legal_actions(view)) == 1 else ""
    for text in texts[:-1]:
        if fits(f"Hint: {what}: {text}{only}.{'-' * _NAME_ROOM}"):
            return text
    return texts[-1]


_FULL_ENGINE = " (full: you choose what goes)"
_NAME_ROOM = 6  # a seat's name of 12 letters where the rules say "Seat 2"


def _emptied(view: NovaLuxState, seat: int, card: int, count: int) -> str:
    """What taking ``count`` hydrogen does to the star on ``card`` when that is its last
    (the rulebook: the star goes to the taker's engine; an emptied red giant's card
    collapses unless a colony stands on it); "" when some hydrogen is left."""
    if view.hydrogen[card] > count:
        return ""
    kind = STARS[top_star(view, card)].kind
    full = _FULL_ENGINE if len(view.engine[seat]) >= ENGINE_SLOTS else ""
    if view.yellow[card] != NONE or view.colony_at[card] != NONE:
        return f"empties the {kind} into your engine{full}"
    return f"empties the {kind} into your engine{full}; its card collapses"


def _harvested(view: NovaLuxState, seat: int, action: Harvest) -> list[int]:
    """The seat's resources once ``action`` is harvested: known even where the harvest
    collapses a card (only the card's face is hidden, never the price or the reward)."""
    res = list(view.res[seat])
    star = STARS[top_star(view, CARD_AT[view.ships[seat]])]
    if action.federation:  # the Harvest Guild's flat price
        res[action.pay] -= 1
        res[HYDROGEN] -= 2
    else:
        res[action.pay] -= action.count * star.cost_n
    for r, n in ((HYDROGEN, action.count), (action.gain, action.count * star.reward_n)):
        res[r] = min(TRACK_MAX, res[r] + n)
    return res


def _harvest(view: NovaLuxState, seat: int, action: Harvest) -> str:
    after = _holding(view, seat, _harvested(view, seat, action))
    progress = _leaves(view, seat, after)
    emptied = _emptied(view, seat, CARD_AT[view.ships[seat]], action.count)
    if not emptied:
        return progress
    brief = progress.replace(f" ({COLONY_LEVEL} of each)", "").replace(" and more", "")
    return _said_fits(view, action, f"{progress}; {emptied}", f"{brief}; {emptied}",
                      emptied)


def _take(view: NovaLuxState, seat: int, action: TakeHydrogen) -> str:
    """The turn's closing hydrogen: it adds 1 hydrogen (lost at 14) and may empty a star."""
    emptied = _emptied(view, seat, action.card, 1)
    if emptied:
        return emptied
    if view.res[seat][HYDROGEN] >= TRACK_MAX:
        return f"changes nothing for you: your hydrogen is at {TRACK_MAX} already"
    if view.colony[seat] == NONE and not shortfall(view, seat):
        return _colony_place(view, seat)
    res = list(view.res[seat])
    res[HYDROGEN] += 1
    return _leaves(view, seat, _holding(view, seat, res))


def _colony_place(view: NovaLuxState, seat: int) -> str:
    """Holding 7 of each already, what the colony still waits for: a free star under the
    Ark, reached with 7 hydrogen left (a colony is founded holding 7 of every resource).
    Ending the turn read "you then hold 7 of every resource: found your colony", which
    taking hydrogen does not do."""
    ship, spare = view.ships[seat], view.res[seat][HYDROGEN] - COLONY_LEVEL
    reach = movement.cheapest(view, ship, spare) if ship != NONE and spare >= 0 else {}
    free = [c for c in reach if c != ship and _free_star(view, CARD_AT[c])]
    if ship != NONE and (free or _free_star(view, CARD_AT[ship])):
        return (f"you hold {COLONY_LEVEL} of each already: your colony needs a free star "
                "under your Ark")
    return (f"you hold {COLONY_LEVEL} of each, but no free star is in reach with "
            f"{COLONY_LEVEL} hydrogen left")


def _free_star(view: NovaLuxState, card: int) -> bool:
    """A star stands on ``card`` and no colony does."""
    return card >= 0 and top_star(view, card) != NONE and view.colony_at[card] == NONE


def _ability(view: NovaLuxState, seat: int, action: UseAbility) -> NovaLuxState:
    """``view`` once the seat's faction turns 1 ``give`` into 1 ``get`` (worked out, not
    played: the last ability of a round may bring the semi-cooperative collapse roll)."""
    res = list(view.res[seat])
    res[action.give] -= 1
    res[action.get] = min(TRACK_MAX, res[action.get] + 1)
    return _holding(view, seat, res)


def _run(star_id: int) -> str:
    """One engine run of a star, in words: ``1 oxygen for 2 water``, ``1 water for 2
    oxygen or life forms`` (the cards' ``->`` and ``|`` are the panel's shorthand)."""
    star = STARS[star_id]
    return spoken(f"{options_text(star.cost, star.cost_n)} for "
                  f"{options_text(star.reward, star.reward_n)}")


def _store(view: NovaLuxState, seat: int, action: StoreStar) -> str:
    """A full engine: the new star in place of one of its three, or discarded."""
    new = view.store_star
    if new == NONE or seat >= len(view.engine):
        return ""
    if action.slot == NONE:
        return _said_fits(
            view, action,
            f"keeps your engine's three stars; the {STARS[new].kind} ({_run(new)}) is discarded",
            "keeps your engine's three stars as they are")
    old = view.engine[seat][action.slot]
    return _said_fits(
        view, action,
        f"stores the {STARS[new].kind} ({_run(new)} a run) in place of its "
        f"{STARS[old].kind} ({_run(old)})",
        f"stores the {STARS[new].kind} for your engine ({_run(new)} a run)",
        f"stores the {STARS[new].kind} for your engine in place of its {STARS[old].kind}")


def _attack(view: NovaLuxState, seat: int, action: Attack) -> str:
    """The rulebook's attack: each rolls a die and adds their lowest resource (the War
    Council: the attacker's highest); the higher total wins the dice's difference."""
    mine = max(view.res[seat]) if action.highest else min(view.res[seat])
    theirs = min(view.res[action.target])
    faces = range(1, DIE_FACES + 1)
    wins = sum(1 for a in faces for d in faces if a + mine > d + theirs)
    which = "highest" if action.highest else "lowest"
    chance = in_ten(wins / DIE_FACES ** 2)
    return _said_fits(
        view, action,
        f"your die + {mine} ({which}) to their die + {theirs}: you win {chance}; the "
        "winner takes the dice's difference in resources",
        f"your die + {mine} ({which}) to their die + {theirs}: you win {chance}")


def _pass(view: NovaLuxState, seat: int) -> str:
    """Letting an offered ability go: nothing changes; say whether any use of it would
    have brought the seat's goal closer."""
    missing = sum(n for _, n in shortfall(view, seat))
    goal = _goal(view, seat, short=True)
    for other in _RULES.legal_actions(view):
        if (isinstance(other, UseAbility)
                and sum(n for _, n in shortfall(_ability(view, seat, other), seat)) < missing):
            break
    else:
        return f"changes nothing, and no ability offered brings {goal} closer"
    return f"changes nothing: {goal} still lacks {short_text(shortfall(view, seat))}"


def why(view: NovaLuxState, seat: int, action: NovaLuxAction) -> str:
    """What ``action`` leaves the seat short of: its colony's 7s, then its factions; the
    asides a long move name leaves no room for are dropped, never the reason itself."""
    text = _why(view, seat, action)
    if not text:
        return text
    shorter = text.replace(_FULL_ENGINE, "")
    shortest = shorter.replace(f" ({COLONY_LEVEL} of each)", "").replace(" and more", "")
    return _said_fits(view, action, text, shorter, shortest)


def _why(view: NovaLuxState, seat: int, action: NovaLuxAction) -> str:
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
    if isinstance(action, Pass):
        return _pass(view, seat)
    if isinstance(action, StoreStar):
        return _store(view, seat, action)
    if isinstance(action, TakeHydrogen):
        return _take(view, seat, action)
    if isinstance(action, Harvest) and seat < len(view.res):
        return _harvest(view, seat, action)
    after = after_move(_RULES, view, action)
    if after is None and isinstance(action, UseAbility) and seat < len(view.res):
        return _leaves(view, seat, _ability(view, seat, action), traded=True)
    if after is None or seat >= len(after.res):
        return ""
    if after.colony[seat] != NONE and view.colony[seat] == NONE:
        return "founds your colony: your factions' requirements are next"
    if seat in after.winners:
        return "completes your last faction: you win"
    if after.res[seat] == view.res[seat]:
        return ""
    return _leaves(view, seat, after, traded=True)


def _leaves(view: NovaLuxState, seat: int, after: NovaLuxState, traded: bool = False) -> str:
    """What ``after`` (the seat's resources once a move is made) leaves its goal short of."""
    before, now = shortfall(view, seat), shortfall(after, seat)
    goal = (
        f"your colony ({COLONY_LEVEL} of each)"
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
        return f"{goal} then lacks {short_text(now)}"
    # A cost paid for what comes later (its name says what goes and comes): the goal.
    lacks = f"{_goal(after, seat, short=True)} still lacks {short_text(now)}"
    if traded and after.res[seat][HYDROGEN] > view.res[seat][HYDROGEN]:
        # Issue 31, played: "1 oxygen for 1 hydrogen: your colony still lacks … 7 oxygen"
        # read as a loss with no gain; the hydrogen is the gain: it pays the Ark's moves.
        # Said of a trade only: a harvest's hydrogen comes with its own gain, named.
        return f"hydrogen pays the Ark's moves; {lacks}"
    return lacks


def outlook(view: NovaLuxState, seat: int, rating: float) -> str:
    """The hard bot's reward (hard.evaluate) in the game's own counts: alone, how far the
    seat gets by the end of next turn (resources towards the colony's 7s, then factions
    completed); with rivals, whether it is then ahead of the best of them, and by how much
    as a player would put it. Short, as the other games' outlooks are: at 70 to 115
    characters it never found room beside a move and its reason."""
    if view.players == 1:
        return f"By next turn's end: {_progress_words(view, rating)}."
    lead = rating - 0.5
    if abs(lead) < 0.03:
        return "Expect to stay level with your best rival."
    side = "ahead of" if lead > 0 else "behind"
    much = "a little" if abs(lead) < 0.1 else "well"
    return f"Expect to be {much} {side} your best rival."


def _progress_words(view: NovaLuxState, rating: float) -> str:
    """hard.progress read back: below the colony's share, units of resource towards its
    7s; past it, factions completed (a half for the tracks towards the next one)."""
    need_units = COLONY_LEVEL * RESOURCES
    founded = COLONY_SHARE + FOUNDED_SHARE
    if rating < founded - FOUNDED_SHARE / 2:
        units_held = round(min(rating, COLONY_SHARE) / COLONY_SHARE * need_units)
        return f"about {units_held} of the {need_units} resources your colony needs"
    need = 2 if view.players >= 5 else 3
    factions = max(0.0, rating - founded) / FACTION_SHARE * need
    done = min(need, int(factions + 0.25))
    return f"your colony, and about {done} of the {need} factions done"
