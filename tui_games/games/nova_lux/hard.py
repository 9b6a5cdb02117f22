"""The `hard` Nova Lux bot: ISMCTS over the unseen faces of the space cards and the dice.

Each iteration deals the face-down cards the faces not yet seen (and, during the draft,
the rivals' cards) and a fresh RNG, so collapses and attack rolls differ from sample to
sample. A rollout plays to the end of the next turn the way the `normal` bot would; the
position is then judged by each seat's progress towards winning: the colony's 7s, the
colony, the factions fulfilled and the tracks their requirements ask for. With rivals,
a seat's value is its lead over the best of them; alone, its progress itself. The
`normal` bot also advises at the root, so a noisy search falls back on its choice, and
it plays the small decisions between turns (see NovaLuxSearch). A turn is a free number
of decisions: the one that ends it searches for whatever is left of the turn's time.

Only the decision now is in the tree (``tree_depth=1``); the `normal` bot plays on from
there, for every seat. A deeper tree played the first decision after each option at
random (an untried child): after a harvest the bot's own next step, after ending the turn
the rival's, so ending the turn at once looked best - the rival was the one playing badly
(issue 31). Not ``paired``: a sample played once for each of a turn's twenty-odd options
at a time overran the turn's 0.75 s (to 1.3 s).
"""

from __future__ import annotations

import random
from typing import Any

from tui_games.engine.bots.ismcts import ISMCTSBot, SearchStats
from tui_games.engine.core import Action
from tui_games.games.nova_lux.bot import NormalBot, hydrogen_to_take, targets, trade_plan
from tui_games.games.nova_lux.cards import COLONY_LEVEL, RESOURCES
from tui_games.games.nova_lux.rules import NovaLuxRules
from tui_games.games.nova_lux.state import (
    NONE,
    EndTurn,
    NovaLuxState,
    StartTrade,
    TakeHydrogen,
)

ROLLOUT_DEPTH = 40     # a safety cap: a turn takes a handful of decisions
TURNS = 2              # a rollout plays the turn in play and the next one
COLONY_SHARE = 0.35    # of a seat's progress: the colony's 7s
FOUNDED_SHARE = 0.15   # the colony itself
FACTION_SHARE = 0.5    # the factions (their tracks count towards the next one)

_RULES = NovaLuxRules()


class SearchRules:
    """The rules as the search sees them: a turn ends by taking hydrogen from one star,
    the one the `normal` bot would pick, not from any of the twenty or so on the map.
    Everything else is ``rules``'s own (its dice too).

    Each of those endings is much the same decision; as separate options they took most
    of the search's visits, and the luckiest of them, noise alone, looked best: the hard
    bot (and so the hint) ended its turns at once while a harvest or a move to one was
    open (issue 31)."""

    def __init__(self, rules: NovaLuxRules) -> None:
        self.rules = rules

    def __getattr__(self, name: str) -> Any:
        return getattr(self.rules, name)

    def legal_actions(self, s: NovaLuxState) -> list[Any]:
        """The legal actions, one of them taking the turn's last hydrogen."""
        legal = self.rules.legal_actions(s)
        takes = [a for a in legal if isinstance(a, TakeHydrogen)]
        if len(takes) < 2:
            return legal
        seat = self.rules.to_move(s)
        assert seat is not None  # someone is to move while actions are legal
        keep = hydrogen_to_take(s, seat, takes)
        return [a for a in legal if not isinstance(a, TakeHydrogen) or a is keep]


def progress(s: NovaLuxState, seat: int) -> float:
    """``seat``'s way towards winning, from 0 (nothing) to 1 (won)."""
    if seat in s.winners:
        return 1.0
    res = s.res[seat]
    if s.colony[seat] == NONE:
        return COLONY_SHARE * sum(min(r, COLONY_LEVEL) for r in res) / (
            COLONY_LEVEL * RESOURCES)
    need = 2 if s.players >= 5 else 3
    done = min(need, sum(s.done[seat]))
    want = targets(s, seat).levels
    wanted = sum(want)
    partial = sum(min(r, w) for r, w in zip(res, want, strict=True)) / wanted if wanted else 0
    return COLONY_SHARE + FOUNDED_SHARE + FACTION_SHARE * (done + 0.5 * partial) / need


def evaluate(s: NovaLuxState, players: int) -> list[float]:
    """Per seat in [0, 1]: its progress alone, or its lead over the best rival."""
    values = [progress(s, seat) for seat in range(players)]
    if players == 1:
        return values
    out = []
    for seat, own in enumerate(values):
        rival = max(v for i, v in enumerate(values) if i != seat)
        out.append(max(0.0, min(1.0, 0.5 + (own - rival))))
    return out


def round_key(s: NovaLuxState) -> int:
    """The turn in play: a rollout stops once TURNS turns have ended."""
    return s.turn


def rollout(s: NovaLuxState, rng: random.Random) -> Action:
    """The rollout policy: the normal bot's move for whichever seat decides."""
    seat = _RULES.to_move(s)
    assert seat is not None  # the search never asks for a move after the game's end
    return NormalBot(_RULES, rng).choose(s, seat)   # its ties drawn from the search's rng


def ends_turn(s: NovaLuxState, a: Action) -> bool:
    """Whether ``a`` is the turn's mandatory end: the rest of the turn's time is then the
    decision's own (a turn is a free number of decisions, often a single one)."""
    return type(a) in TURN_ENDS


TURN_ENDS = frozenset((TakeHydrogen, EndTurn))


class NovaLuxSearch(ISMCTSBot):
    """ISMCTS for the turn's own decisions; the small ones in between (the draft, the
    Ark's start, a full engine, an escape, spoils, an answer to a trade, an ability at the
    end of another's turn) are played as the `normal` bot plays them, at once: a search
    there learns little and would keep every other player waiting."""

    def __init__(self, rules: Any, rng: random.Random, **settings: Any) -> None:
        super().__init__(SearchRules(rules), rng, **settings)
        self.quick = NormalBot(rules, random.Random(rng.getrandbits(64)))

    def choose(self, view: NovaLuxState, player: int) -> Action:  # type: ignore[override]
        """Search on the player's turn; decide the small decisions at once."""
        if view.phase == "turn":
            choice = super().choose(view, player)
            if isinstance(choice, StartTrade) and trade_plan(view, player,
                                                             choice.target) is None:
                # composing has no offer to make: it would only be dropped, again and again
                return self.quick.choose(view, player)
            return choice
        self.last_stats = SearchStats()
        self._report(1.0)
        return self.quick.choose(view, player)


LEVELS = NovaLuxSearch.levels(rollout=rollout, rollout_depth=ROLLOUT_DEPTH,
                              round_key=round_key, rounds=TURNS, evaluate=evaluate,
                              advisor=NormalBot, ends_turn=ends_turn, tree_depth=1)
"""The registry's `hard` levels (ISMCTS; `hard` keeps a whole turn within a second)."""

HardBot = LEVELS["hard"]
