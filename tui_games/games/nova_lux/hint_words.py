"""Why a Nova Lux hint plays what it plays, in the game's words (engine.bots.hint.HintWords).

The rulebook's objective: first the colony (7 or more of every resource at once), then
each faction card's requirement. A move is explained by what it leaves the seat short of,
worked out on the seat's own observation and only for moves that reveal nothing (no dice,
no card turned up): a hint never guesses what the seat cannot see.
"""

from __future__ import annotations

from tui_games.engine.bots.hint import after_move
from tui_games.games.nova_lux.bot import targets
from tui_games.games.nova_lux.cards import COLONY_LEVEL, FACTIONS, amount, requirement_text
from tui_games.games.nova_lux.rules import NovaLuxRules
from tui_games.games.nova_lux.state import NONE, NovaLuxAction, NovaLuxState, Pick

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


def short_text(short: list[tuple[int, int]]) -> str:
    """ "2 water and 1 oxygen" (the largest shortfalls, then "..." for the rest)."""
    named = [amount(n, r) for r, n in short[:SAID]]
    if len(short) > SAID:
        # "6 artifacts, 2 water and more": one "and", as a listener expects a list to end
        return ", ".join(named) + " and more"
    return " and ".join(named)


def why(view: NovaLuxState, seat: int, action: NovaLuxAction) -> str:
    """What ``action`` leaves the seat short of: its colony's 7s, then its factions."""
    if isinstance(action, Pick):
        # a faction is completed once its requirement is met, after the colony
        return f"to complete it later you need {requirement_text(FACTIONS[action.faction])}"
    after = after_move(_RULES, view, action)
    if after is None or seat >= len(after.res):
        return ""
    if after.colony[seat] != NONE and view.colony[seat] == NONE:
        return "founds your colony: your factions' requirements are next"
    if seat in after.winners:
        return "completes your last faction: you win"
    if after.res[seat] == view.res[seat]:
        return ""
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
    return ""  # a cost paid for what comes later (a move, a trade): its name says it


def outlook(view: NovaLuxState, seat: int, rating: float) -> str:
    """The hard bot's reward: the seat's way towards winning (colony, then factions), alone
    or as a lead over the best rival's (see hard.evaluate)."""
    if view.players == 1:
        return f"By the bot's reckoning you are then {round(100 * rating)}% of the way to winning."
    lead = round(100 * (rating - 0.5))
    if lead == 0:
        return "By the bot's reckoning you stay level with your best rival."
    side = "ahead of" if lead > 0 else "behind"
    return (
        f"By the bot's reckoning you are then {abs(lead)}% of the way to winning "
        f"{side} your best rival."
    )
