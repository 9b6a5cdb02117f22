"""The `hard` Nebula bot: ISMCTS over the bag and the rivals' secret objectives.

Each iteration gives every rival a Personal objective from the cards the bot has not seen
and a fresh RNG, so the bag (whose composition is public) draws differently in every
sample. A rollout plays the rest of the turn in play and the next seat's turn the way the
`normal` bot would (its answers remembered across samples, see RolloutPlayer), so a choice
that leaves good stars to the next player pays for it. The position is then judged by the
`normal` bot's estimate of each seat's final score, stars waiting in reserve included, as
each seat's lead over its best rival.

This module leans on the `normal` bot's internals (its estimate and its decision steps):
the two are one family of players, tuned together.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from itertools import product
from typing import Any

import msgspec

from tui_games.engine.bots.ismcts import ISMCTSBot, margin_rewards
from tui_games.games.nebula import placement
from tui_games.games.nebula.board import (
    BLACK_ZONE_SIZE,
    CLUSTER_COUNT,
    CLUSTER_SIZE,
    TIME_POINTS,
)
from tui_games.games.nebula.bot import _BOOST_EDGE, _VALUE_STEP_WORTH, NormalBot, _Estimate
from tui_games.games.nebula.rules import NebulaRules
from tui_games.games.nebula.state import (
    BLACK,
    EMPTY,
    HIDDEN,
    FinishPositioning,
    NebulaAction,
    NebulaState,
    PositionBlackStar,
    PositionStar,
    StepTime,
    TakeStars,
)

ROLLOUT_DEPTH = 40     # a safety cap: two turns take about twenty decisions
TURNS = 2              # a rollout plays the turn in play and the next seat's turn
LEAD_SCALE = 20.0      # an estimated lead of this many VP is as good as a win
RESERVE_STAR = 0.8     # what a coloured star in reserve is worth: it is a placement to come
RESERVE_CAP = 4        # stars beyond these wait too long to count
BLACK_RESERVE = 1.2    # a black star in reserve: Black Star Zone VP and a Value step ahead
MEMO_SIZE = 20_000     # remembered rollout answers (about 2 kB each) before starting afresh

_RULES = NebulaRules()


def seat_value(s: NebulaState, seat: int) -> float:
    """``seat``'s estimated final VP: the normal bot's estimate plus the reserve's promise."""
    estimate = _Estimate(s, seat).value(s.galaxies[seat], s.black_stars[seat])
    reserve = s.reserves[seat]
    coloured = min(RESERVE_CAP, sum(reserve[:BLACK]))
    black = min(reserve[BLACK], BLACK_ZONE_SIZE - s.black_stars[seat])
    return estimate + RESERVE_STAR * coloured + BLACK_RESERVE * black


def evaluate(s: NebulaState, players: int) -> list[float]:
    """Per seat in [0, 1]: the estimated lead over the best rival, over LEAD_SCALE."""
    return margin_rewards([seat_value(s, seat) for seat in range(players)], LEAD_SCALE)


def round_key(s: NebulaState) -> int:
    """The turn in play: a rollout stops when TURNS turns have ended."""
    return s.turn


def _board_key(s: NebulaState, seat: int) -> tuple[Any, ...]:
    """Everything the normal bot's estimate of ``seat`` reads."""
    return (seat, tuple(s.galaxies[seat]), tuple(s.black_stars), tuple(s.values),
            tuple(s.value_stamps), tuple(map(tuple, s.career_marks)), tuple(s.career),
            tuple(s.advanced), s.personal[seat] if s.personal else HIDDEN, s.mode)


class RolloutPlayer(NormalBot):
    """The normal bot's play, remembered and trimmed for speed, without Turning to Chaos.

    Every sample of one search shares the bot's own Galaxy and most of the table, so the
    same questions come back again and again: each answer is kept, keyed by everything it
    depends on. One table of gains per Galaxy (every star on every space it may take)
    answers both "what is a star worth" and "where does it go". A Time plan is kept for
    the whole turn. Chaos (which needs sampling) is left to the tree, and a Value token
    goes to the colour the seat has most of (the full comparison costs dozens of
    estimates).
    """

    def __init__(self) -> None:
        super().__init__(_RULES, random.Random(0))
        self.memo: dict[tuple[Any, ...], Any] = {}
        self.searcher: int | None = None

    def start(self, searcher: int) -> None:
        """A new decision of ``searcher``: only its Personal objective is real."""
        self.searcher = searcher
        if len(self.memo) >= MEMO_SIZE // 2:
            self.memo.clear()

    def rollout(self, s: NebulaState, rng: random.Random) -> NebulaAction:
        """The rollout policy: the normal bot's move for whichever seat decides."""
        seat = _RULES.to_move(s)
        assert seat is not None  # the search never asks for a move after the game's end
        if s.mode == "full" and seat != self.searcher and s.personal[seat] != HIDDEN:
            s = msgspec.structs.replace(s, personal=[
                p if i != seat else HIDDEN for i, p in enumerate(s.personal)])
        return self.choose(s, seat)

    def _remember(self, key: tuple[Any, ...], compute: Callable[[], Any]) -> Any:
        memo = self.memo
        found = memo.get(key, memo)
        if found is memo:
            if len(memo) >= MEMO_SIZE:
                memo.clear()
            found = memo[key] = compute()
        return found

    def _gains(self, view: NebulaState, me: int) -> tuple[dict[tuple[int, int], float], float]:
        """(gain of each (colour, space) placement allowed, gain of a black star)."""
        def table() -> tuple[dict[tuple[int, int], float], float]:
            est = _Estimate(view, me)
            galaxy = view.galaxies[me]
            black = view.black_stars[me]
            base = est.value(galaxy, black)
            gains: dict[tuple[int, int], float] = {}
            for space, mask in enumerate(placement.allowed_colours(galaxy)):
                for colour in range(BLACK):
                    if mask >> colour & 1:
                        trial = list(galaxy)
                        trial[space] = colour
                        gains[colour, space] = est.value(trial, black) - base
            black_gain = 0.0
            if black < BLACK_ZONE_SIZE:
                black_gain = est.value(galaxy, black + 1) - base
                if view.mode == "full":
                    black_gain += _VALUE_STEP_WORTH
            return gains, black_gain

        return self._remember(("gains", *_board_key(view, me)), table)

    def _star_worths(self, view: NebulaState, me: int) -> list[float]:
        def worths() -> list[float]:
            gains, black_gain = self._gains(view, me)
            best = [0.0] * (BLACK + 1)
            for (colour, _), gain in gains.items():
                best[colour] = max(best[colour], gain)
            best[BLACK] = black_gain
            return best

        return self._remember(("worths", *_board_key(view, me)), worths)

    def _best_placement(self, view: NebulaState, me: int,
                        actions: list[NebulaAction]) -> NebulaAction:
        gains, black_gain = self._gains(view, me)
        unlock = not view.boost_matched and len(view.placed) < 2
        best: NebulaAction = _FINISH
        best_gain = 0.0
        for a in actions:
            if type(a) is PositionStar:
                gain = gains[a.star, a.space]
                if unlock and a.star == view.boosted:
                    gain += _BOOST_EDGE
            elif type(a) is PositionBlackStar:
                gain = black_gain
            else:
                continue
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    def _best_token(self, view: NebulaState, me: int,
                    actions: list[NebulaAction]) -> NebulaAction:
        galaxy = view.galaxies[me]
        return max(actions, key=lambda a: (a.token < BLACK and galaxy.count(a.token),
                                           -a.token))

    def _collect(self, view: NebulaState, me: int, actions: list[NebulaAction],
                 worths: list[float]) -> NebulaAction:
        reserve = view.reserves[me]
        # ``moons`` marks where the markers stood when the turn began: with the clusters
        # and what the seat wants, it names the turn's plan.
        turn = ("plan", tuple(worths), tuple(reserve), tuple(view.moons),
                tuple(map(tuple, view.clusters)), view.boosted, view.black_stars[me])
        if view.time_left == TIME_POINTS:
            return self._remember(turn, lambda: self._plan(view, worths, reserve))[0]
        plan = self.memo.get(turn)
        step = _next_step(view, plan[1]) if plan is not None else None
        if step is None:  # the tree took steps of its own: plan from here
            key = (*turn, tuple(view.markers), view.time_left, tuple(view.time_dirs))
            step = self._remember(key, lambda: self._plan(view, worths, reserve))[0]
        return step

    def _plan(self, view: NebulaState, worths: list[float],
              reserve: list[int]) -> tuple[NebulaAction, tuple[int, ...]]:
        """(first step, steps per cluster signed by direction) of the best Time plan.

        The normal bot's enumeration of every way to spend the points left, keeping the
        steps themselves so later decisions of the turn can follow the same plan.
        """
        best: tuple[float, tuple[int, ...], tuple[int, ...], tuple[int, ...]] | None = None
        left = view.time_left
        for k0 in range(left + 1):
            for k1 in range(left - k0 + 1):
                ks = (k0, k1, left - k0 - k1)
                ways = [((view.time_dirs[i] or 1,) if not ks[i] or view.time_dirs[i]
                         else (1, -1)) for i in range(CLUSTER_COUNT)]
                for dirs in product(*ways):
                    ends = tuple((view.markers[i] + dirs[i] * ks[i]) % CLUSTER_SIZE
                                 for i in range(CLUSTER_COUNT))
                    stars = [view.clusters[i][e] for i, e in enumerate(ends)
                             if view.clusters[i][e] != EMPTY]
                    worth = self._gain(worths, reserve, stars, view)
                    if best is None or (worth, ends) > (best[0], best[1]):
                        best = (worth, ends, ks, dirs)
        assert best is not None
        _, _, ks, dirs = best
        # Steps already taken this turn count towards the plan followed from now on.
        planned = tuple(dirs[i] * (ks[i] + _taken(view, i, dirs[i]))
                        for i in range(CLUSTER_COUNT))
        step = _next_step(view, planned)
        return (_TAKE if step is None else step), planned


def _taken(view: NebulaState, cluster: int, direction: int) -> int:
    """Steps a marker has moved this turn in ``direction`` (0 if it has not moved)."""
    if not view.time_dirs[cluster]:
        return 0
    return ((view.markers[cluster] - view.moons[cluster]) * direction) % CLUSTER_SIZE


def _next_step(view: NebulaState, planned: tuple[int, ...]) -> NebulaAction | None:
    """The next step of ``planned`` (signed steps per cluster for the whole turn); None
    when the turn has left the plan."""
    step: NebulaAction | None = None
    for i, signed in enumerate(planned):
        direction = 1 if signed > 0 else -1 if signed < 0 else view.time_dirs[i]
        if view.time_dirs[i] not in (0, direction):
            return None
        taken = _taken(view, i, direction or 1)
        if taken > abs(signed):
            return None
        if taken < abs(signed) and step is None:
            step = _STEPS[i, direction]
    if step is None:
        return _TAKE if view.time_left == 0 else None
    return step


_STEPS = {(c, d): StepTime(c, d) for c in range(CLUSTER_COUNT) for d in (1, -1)}
_TAKE = TakeStars()
_FINISH = FinishPositioning()


class NebulaSearch(ISMCTSBot):
    """ISMCTS whose rollouts are played by a RolloutPlayer of its own.

    The player learns, at each decision, which seat is searching: the rivals' Personal
    objectives are only samples, so rollouts play the rivals without them (which also
    lets one remembered answer serve every sample).
    """

    def __init__(self, rules: Any, rng: random.Random, **settings: Any) -> None:
        super().__init__(rules, rng, **settings)
        self.player = RolloutPlayer()
        if self.rollout is None:
            self.rollout = self.player.rollout

    def choose(self, view: Any, player: int) -> Any:
        """Search for ``player``; the rollouts keep that seat's own objective in mind."""
        self.player.start(player)
        return super().choose(view, player)


# A turn is about nine decisions sharing one budget, so its later ones are searched a few
# dozen times: the normal bot's choice stands unless the search has weighed it and found
# better (see ISMCTSBot's advisor).
LEVELS = NebulaSearch.levels(rollout_depth=ROLLOUT_DEPTH, round_key=round_key, rounds=TURNS,
                             evaluate=evaluate, advisor=NormalBot, advice_unseen_stands=True)
"""The registry's `hard` levels (ISMCTS; `hard` keeps a whole turn within a second)."""

HardBot = LEVELS["hard"]
