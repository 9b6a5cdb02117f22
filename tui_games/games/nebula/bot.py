"""The `normal` Nebula bot: a greedy player that reads only its observation.

Every decision is scored with one smooth estimate of the bot's final score (``_Estimate``):
the real score-pad lines under the current Values board, plus partial credit for
constellations, Career and Personal objectives on their way to completion. Placements
take the best gain; Time investments enumerate every way to spend the remaining
movement points and follow the best; Chaos is taken when its sampled worth beats Time.
"""

from __future__ import annotations

import random
from itertools import product
from typing import Any

from tui_games.engine.core import Rules
from tui_games.games.nebula import placement
from tui_games.games.nebula.board import (
    ADJACENT_CONSTELLATIONS,
    ADJACENT_ORBIT_TRIPLES,
    BLACK_ZONE_SIZE,
    BLACK_ZONE_VP,
    CLUSTER_COUNT,
    CLUSTER_SIZE,
    CONSTELLATIONS,
    HIGHLIGHT_ORBIT_NEIGHBOURS,
    HIGHLIGHTED,
    INDIRECT_LINKS,
    INDIRECT_SPACES,
    OPPOSITE_CONSTELLATIONS,
    ORBITS,
)
from tui_games.games.nebula.objectives import (
    ADVANCED_DECK,
    ADVANCED_RANK_VP,
    CAREER_DECK,
    COLOUR_RANK_VP,
    CONSTELLATION_BASE_VP,
    CONSTELLATION_RANK_VP,
    PERSONAL_DECK,
    PERSONAL_VP,
    Card,
    advanced_count,
    career_done,
    personal_done,
    token_vp,
)
from tui_games.games.nebula.state import (
    ADVANCED_TOKENS,
    BLACK,
    COLOUR_TOKENS,
    CONSTELLATION_TOKENS,
    EMPTY,
    HIDDEN,
    AdvanceValue,
    FinishPositioning,
    NebulaAction,
    NebulaState,
    PositionBlackStar,
    PositionStar,
    StepTime,
    TakeStars,
    TurnToChaos,
)

_STAR_BASE = 0.3          # a placed star's worth beyond the score pad (it fills the Galaxy)
_PARTIAL = 0.55           # share of an objective's VP credited along the way (squared)
_SPARE_COPY = 0.35        # a second star of a colour already in reserve is worth less
_BOOST_EDGE = 0.8         # holding the boosted colour allows a third placement
_VALUE_STEP_WORTH = 1.5   # what the Value-token step of a black star is worth to us
_CHAOS_SAMPLES = 12
# How readily each Personal objective type is fulfilled by a Galaxy built for points.
_PERSONAL_EASE = {
    "adjacent_constellations": 0.9, "two_of_each": 0.85, "opposite_constellations": 0.8,
    "six_of_colour": 0.7, "indirect_colour": 0.65, "most_black": 0.6,
    "highlighted_colour": 0.6, "two_in_three_constellations": 0.6, "few_empty": 0.5,
    "orbit_all_different": 0.45, "three_adjacent_orbits": 0.4,
}


def _filled(galaxy: list[int], spaces: tuple[int, ...]) -> int:
    return sum(1 for sp in spaces if galaxy[sp] != EMPTY)


def _career_progress(card: Card, galaxy: list[int]) -> float:
    """0..1 towards a Career card; 0 once it can no longer be met."""
    if card.kind in ("constellation_3_colours", "orbit_3_colours"):
        spaces = (CONSTELLATIONS if card.kind[0] == "c" else ORBITS)[card.param]
        colours = {galaxy[sp] for sp in spaces} - {EMPTY}
        return 0.0 if len(colours) > 3 else _filled(galaxy, spaces) / len(spaces)
    spaces = INDIRECT_SPACES if card.kind == "indirect_spaces" else HIGHLIGHT_ORBIT_NEIGHBOURS
    return _filled(galaxy, spaces) / len(spaces)


def _personal_progress(card: Card, galaxy: list[int], black: int, rival_black: int) -> float:
    """0..1 towards a Personal card (a rough measure, for shaping only)."""
    kind, c = card.kind, card.param
    if kind == "indirect_colour":
        return sum(1 for x, y in INDIRECT_LINKS if c in (galaxy[x], galaxy[y])) / 4
    if kind == "highlighted_colour":
        return min(4, sum(1 for sp in HIGHLIGHTED if galaxy[sp] == c)) / 4
    if kind == "six_of_colour":
        return min(6, galaxy.count(c)) / 6
    if kind == "most_black":
        return min(1.0, black / (rival_black + 1))
    if kind == "few_empty":
        return min(1.0, (25 - galaxy.count(EMPTY)) / 21)
    if kind == "two_of_each":
        return sum(min(2, galaxy.count(colour)) for colour in range(6)) / 12
    if kind == "orbit_all_different":
        ring = ORBITS[c]
        stars = [galaxy[sp] for sp in ring if galaxy[sp] != EMPTY]
        return 0.0 if len(set(stars)) < len(stars) else len(stars) / len(ring)
    if kind == "two_in_three_constellations":
        best = sorted(min(2, sum(1 for sp in k if galaxy[sp] == c)) for k in CONSTELLATIONS)
        return sum(best[1:]) / 6
    if kind == "three_adjacent_orbits":
        return max(sum(_filled(galaxy, ORBITS[o]) for o in t) /
                   sum(len(ORBITS[o]) for o in t) for t in ADJACENT_ORBIT_TRIPLES)
    pairs = OPPOSITE_CONSTELLATIONS if kind.startswith("opposite") else ADJACENT_CONSTELLATIONS
    return max(_filled(galaxy, CONSTELLATIONS[a]) + _filled(galaxy, CONSTELLATIONS[b])
               for a, b in pairs) / 12


class _Estimate:
    """A smooth estimate of one seat's final score from what the observation shows."""

    def __init__(self, view: NebulaState, seat: int,
                 values: list[int] | None = None, stamps: list[int] | None = None) -> None:
        full = view.mode == "full"
        values = view.values if values is None else values
        stamps = view.value_stamps if stamps is None else stamps
        colour = token_vp(values, stamps, COLOUR_TOKENS, COLOUR_RANK_VP) if full else {}
        self.star_vp = [colour.get(c, 0) + _STAR_BASE for c in range(6)]
        ranked = (token_vp(values, stamps, CONSTELLATION_TOKENS, CONSTELLATION_RANK_VP)
                  if full else {})
        self.constellation_vp = [ranked.get(k, CONSTELLATION_BASE_VP) for k in range(4)]
        card_vp = token_vp(values, stamps, ADVANCED_TOKENS, ADVANCED_RANK_VP) if full else {}
        # An unranked card may still climb the Values board: a little credit for it.
        self.advanced = [(ADVANCED_DECK[card], card_vp.get(slot, 0.5))
                         for slot, card in enumerate(view.advanced)]
        self.careers: list[tuple[Card, int]] = []
        self.marked = 0
        for card_id, marks in zip(view.career, view.career_marks, strict=True):
            card = CAREER_DECK[card_id]
            if seat in marks:
                self.marked += card.top if marks[0] == seat else card.bottom
            else:
                self.careers.append((card, card.bottom if marks else card.top))
        self.careers_marked = sum(1 for marks in view.career_marks if seat in marks)
        mine = view.personal[seat] if view.personal else HIDDEN
        self.personal = PERSONAL_DECK[mine] if mine != HIDDEN else None
        self.rivals_black = [b for s, b in enumerate(view.black_stars) if s != seat]

    def value(self, galaxy: list[int], black: int) -> float:
        """Estimated final VP of ``galaxy`` with ``black`` black stars placed."""
        total = float(self.marked + BLACK_ZONE_VP[black])
        for k, spaces in enumerate(CONSTELLATIONS):
            filled = _filled(galaxy, spaces)
            vp = self.constellation_vp[k]
            total += vp if filled == 6 else _PARTIAL * vp * (filled / 6) ** 2
        star_vp = self.star_vp
        total += sum(star_vp[star] for star in galaxy if star != EMPTY)
        completed = self.careers_marked
        for card, vp in self.careers:
            if career_done(card, galaxy):
                total += vp
                completed += 1
            else:
                total += _PARTIAL * vp * _career_progress(card, galaxy) ** 2
        for card, vp in self.advanced:
            total += vp * advanced_count(card, galaxy, completed)
        if self.personal is not None:
            if personal_done(self.personal, galaxy, black, self.rivals_black):
                total += PERSONAL_VP
            else:
                rival = max(self.rivals_black, default=0)
                progress = _personal_progress(self.personal, galaxy, black, rival)
                total += _PARTIAL * PERSONAL_VP * progress ** 2
        return total


class NormalBot:
    """Greedy: best placement gain, best Time plan, Chaos when it pays, best Value token."""

    def __init__(self, rules: Rules[Any, Any], rng: random.Random) -> None:
        self.rules = rules
        self.rng = rng
        self._cache_key: tuple[Any, ...] | None = None
        self._worths: list[float] = []

    def choose(self, view: NebulaState, player: int) -> NebulaAction:
        """One of ``rules.legal_actions(view)``."""
        actions = self.rules.legal_actions(view)
        if len(actions) == 1:
            return actions[0]
        phase = view.phase
        if phase == "personal":
            return max(actions, key=lambda a: _PERSONAL_EASE[PERSONAL_DECK[a.card].kind])
        if phase == "value":
            return self._best_token(view, player, actions)
        if phase == "place":
            return self._best_placement(view, player, actions)
        worths = self._star_worths(view, player)
        if phase == "chaos":
            reserve = view.reserves[player]
            return max(actions, key=lambda a: self._gain(worths, reserve, [a.star], view))
        return self._collect(view, player, actions, worths)

    # ---- collecting ------------------------------------------------------------------

    def _star_worths(self, view: NebulaState, me: int) -> list[float]:
        """What one more star of each colour (and black) is worth to us now."""
        galaxy = view.galaxies[me]
        key = (view.turn, me, tuple(galaxy), view.boosted, tuple(view.values))
        if key == self._cache_key:
            return self._worths
        est = _Estimate(view, me)
        black = view.black_stars[me]
        base = est.value(galaxy, black)
        allowed = placement.allowed_colours(galaxy)
        worths = [0.0] * 7
        for sp, mask in enumerate(allowed):
            for c in range(6):
                if mask >> c & 1:
                    trial = list(galaxy)
                    trial[sp] = c
                    worths[c] = max(worths[c], est.value(trial, black) - base)
        if black < BLACK_ZONE_SIZE:
            worths[BLACK] = est.value(galaxy, black + 1) - base
            if view.mode == "full":
                worths[BLACK] += _VALUE_STEP_WORTH
        self._cache_key, self._worths = key, worths
        return worths

    @staticmethod
    def _gain(worths: list[float], reserve: list[int], stars: list[int],
              view: NebulaState) -> float:
        """Worth of adding ``stars`` to ``reserve``: spare copies count for less."""
        have = list(reserve)
        total = 0.0
        for star in sorted(stars, key=lambda x: -worths[x]):
            if star == BLACK:
                room = BLACK_ZONE_SIZE - view.black_stars[view.current] - have[BLACK]
                total += worths[BLACK] if room > 0 else 0.0
            else:
                total += worths[star] * (1.0 if have[star] == 0 else _SPARE_COPY)
            have[star] += 1
        if view.boosted in stars and reserve[view.boosted] == 0:
            total += _BOOST_EDGE
        return total

    def _time_plans(self, view: NebulaState, worths: list[float],
                    reserve: list[int]) -> tuple[float, tuple[int, ...], StepTime | None]:
        """The best way to spend the remaining points: (worth, end positions, first step)."""
        best: tuple[float, tuple[int, ...], StepTime | None] | None = None
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
                    first = next((StepTime(i, dirs[i]) for i in range(CLUSTER_COUNT)
                                  if ks[i]), None)
                    if best is None or (worth, ends) > (best[0], best[1]):
                        best = (worth, ends, first)
        assert best is not None
        return best

    def _collect(self, view: NebulaState, me: int, actions: list[NebulaAction],
                 worths: list[float]) -> NebulaAction:
        reserve = view.reserves[me]
        worth, _, first = self._time_plans(view, worths, reserve)
        chaos = [a for a in actions if isinstance(a, TurnToChaos)]
        if chaos:
            give_up = min(chaos, key=lambda a: worths[a.star])
            if self._chaos_worth(view, worths, reserve, give_up.star) > worth + 0.5:
                return give_up
        if first is None:
            return next(a for a in actions if isinstance(a, TakeStars))
        return first

    def _chaos_worth(self, view: NebulaState, worths: list[float], reserve: list[int],
                     returned: int) -> float:
        bag = [star for star, n in enumerate(view.bag) for _ in range(n)]
        if len(bag) < 5:
            return 0.0
        after = list(reserve)
        after[returned] -= 1
        total = 0.0
        for _ in range(_CHAOS_SAMPLES):
            drawn = self.rng.sample(bag, 5)
            best = sorted((self._gain(worths, after, [x], view) for x in drawn), reverse=True)
            total += best[0] + best[1]
        loss = worths[returned] if after[returned] == 0 else worths[returned] * _SPARE_COPY
        return total / _CHAOS_SAMPLES - loss

    # ---- positioning and the Values board ----------------------------------------------

    def _best_placement(self, view: NebulaState, me: int,
                        actions: list[NebulaAction]) -> NebulaAction:
        est = _Estimate(view, me)
        galaxy = view.galaxies[me]
        black = view.black_stars[me]
        base = est.value(galaxy, black)
        unlock = not view.boost_matched and len(view.placed) < 2
        best: NebulaAction = FinishPositioning()
        best_gain = 0.0
        for a in actions:
            if isinstance(a, PositionStar):
                trial = list(galaxy)
                trial[a.space] = a.star
                gain = est.value(trial, black) - base
                if unlock and a.star == view.boosted:
                    gain += _BOOST_EDGE
            elif isinstance(a, PositionBlackStar):
                gain = est.value(galaxy, black + 1) - base
                if view.mode == "full":
                    gain += _VALUE_STEP_WORTH
            else:
                continue
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    def _best_token(self, view: NebulaState, me: int,
                    actions: list[NebulaAction]) -> NebulaAction:
        def edge(a: AdvanceValue) -> float:
            values = list(view.values)
            stamps = list(view.value_stamps)
            values[a.token] += 1
            stamps[a.token] = view.stamp + 1
            worth = []
            for seat in range(view.players):
                est = _Estimate(view, seat, values, stamps)
                worth.append(est.value(view.galaxies[seat], view.black_stars[seat]))
            return worth[me] - max(w for s, w in enumerate(worth) if s != me)

        tokens = [a for a in actions if isinstance(a, AdvanceValue)]
        return max(tokens, key=edge)

