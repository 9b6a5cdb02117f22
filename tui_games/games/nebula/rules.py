"""Nebula's rules: setup, the four steps of a turn, the end of the game and the score.

A turn is a chain of small decisions kept in ``state.phase``:
``collect`` (first Time step, or Turning to Chaos) -> ``time`` (further steps, then take)
or ``chaos`` (keep 2 of the 5 drawn) -> ``place`` (one star per decision, a black star
in the full game adding a ``value`` decision) -> FinishPositioning, which checks Career
objectives, refills the clusters, tests the end triggers and passes the turn. In the full
game every seat first keeps one of two Personal objectives (phase ``personal``).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import msgspec

from tui_games.engine.codec import clone
from tui_games.engine.core import Event, IllegalAction, Options, OptionSpec, Outcome, redacted_log
from tui_games.engine.grammar import a_or_an
from tui_games.engine.rng import Rng
from tui_games.engine.verdict import decided_by
from tui_games.games.nebula import bag, placement
from tui_games.games.nebula.board import (
    BLACK_ZONE_SIZE,
    CLUSTER_COUNT,
    CLUSTER_NAMES,
    CLUSTER_SIZE,
    INDICATOR_BOOST_SPACES,
    INDICATOR_LAST,
    SPACE_COUNT,
    TIME_POINTS,
    VALUE_TRACK_LAST,
)
from tui_games.games.nebula.describe import and_list, describe_action, narrate, player_name
from tui_games.games.nebula.final_score import final_breakdown
from tui_games.games.nebula.objectives import (
    ADVANCED_DECK,
    CAREER_DECK,
    PERSONAL_DECK,
    career_body,
    career_done,
    complete_constellations,
    score_pad,
)
from tui_games.games.nebula.state import (
    BLACK,
    BLACK_STARS_BY_PLAYERS,
    CAREER_MARKERS_TO_END,
    CONSTELLATIONS_TO_END,
    EMPTY,
    HIDDEN,
    REFILL_AT,
    STARS_PER_COLOUR,
    STARTING_RESERVE,
    VALUE_TOKENS,
    AdvanceValue,
    FinishPositioning,
    KeepPersonal,
    KeepStar,
    NebulaAction,
    NebulaState,
    PositionBlackStar,
    PositionStar,
    StepTime,
    TakeStars,
    TurnToChaos,
    star_name,
)

CHAOS_DRAW = 5
CHAOS_KEEP = 2
PERSONAL_DEAL = 2

# One instance of every action, so legal_actions builds no objects in the hot loop.
_STEP = {(c, d): StepTime(c, d) for c in range(CLUSTER_COUNT) for d in (1, -1)}
_ALL_STEPS = list(_STEP.values())
_TAKE = TakeStars()
_CHAOS = tuple(TurnToChaos(star) for star in range(7))
_KEEP = tuple(KeepStar(star) for star in range(7))
_POSITION = tuple(tuple(PositionStar(c, sp) for sp in range(SPACE_COUNT)) for c in range(6))
_BLACK = PositionBlackStar()
_ADVANCE = tuple(AdvanceValue(t) for t in range(VALUE_TOKENS))
_FINISH = FinishPositioning()


class NebulaRules:
    """The Rules protocol for Nebula (2-4 players, introductory or full game)."""

    id: ClassVar[str] = "nebula"
    title: ClassVar[str] = "Nebula"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 4
    state_type: ClassVar[type] = NebulaState
    action_type: ClassVar[Any] = NebulaAction
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("mode", "Game", (("full", "Full game"), ("intro", "Introductory game")), "full"),
    )

    # ---- setup ---------------------------------------------------------------------------

    def setup(self, players: int, seed: int, options: Options) -> NebulaState:
        """Bag, clusters, boosted star, objectives and starting reserves, in rulebook order."""
        if not self.min_players <= players <= self.max_players:
            raise ValueError(f"Nebula is for 2 to 4 players, not {players}")
        mode = options.get("mode", "full")
        if mode not in ("intro", "full"):
            raise ValueError(f"unknown Nebula mode {mode!r}")
        rng = Rng.seeded(seed)
        s = NebulaState(
            players=players,
            rng=rng,
            mode=mode,
            bag=[STARS_PER_COLOUR] * 6 + [BLACK_STARS_BY_PLAYERS[players]],
        )
        s.clusters = [[bag.draw(s) for _ in range(CLUSTER_SIZE)] for _ in range(CLUSTER_COUNT)]
        s.boosted = bag.draw_boosted(s, previous=None)
        s.career = bag.deal(rng, len(CAREER_DECK), 4)
        s.career_marks = [[] for _ in s.career]
        s.galaxies = [[EMPTY] * SPACE_COUNT for _ in range(players)]
        s.black_stars = [0] * players
        s.reserves = [[0] * 7 for _ in range(players)]
        if mode == "full":
            s.values = [0] * VALUE_TOKENS
            s.value_stamps = [0] * VALUE_TOKENS
            s.advanced = bag.deal(rng, len(ADVANCED_DECK), 4)
            dealt = bag.deal(rng, len(PERSONAL_DECK), PERSONAL_DEAL * players)
            s.personal_offer = [
                dealt[PERSONAL_DEAL * p : PERSONAL_DEAL * (p + 1)] for p in range(players)
            ]
            s.personal = [HIDDEN] * players
            s.personal_chosen = [False] * players
            s.phase = "personal"
        for seat in range(players):
            for _ in range(STARTING_RESERVE[seat]):
                star = bag.draw(s)
                if star != EMPTY:
                    s.reserves[seat][star] += 1
        kind = "full game" if mode == "full" else "introductory game"
        s.log.append(
            Event(
                f"{a_or_an(kind).capitalize()} for {players} players; the boosted "
                f"star is {star_name(s.boosted)}."
            )
        )
        return s

    # ---- whose decision, and which ---------------------------------------------------------

    def to_move(self, s: NebulaState) -> int | None:
        """The seat deciding now: a Personal pick in seat order, else the active seat."""
        if s.phase == "over":
            return None
        if s.phase == "personal":
            return s.personal_chosen.index(False)
        return s.current

    def legal_actions(self, s: NebulaState) -> list[NebulaAction]:
        """Every legal decision now (a phase always offers at least one)."""
        phase = s.phase
        if phase == "place":
            return self._placements(s)
        if phase == "time":
            if s.time_left == 0:
                return [_TAKE]
            dirs = s.time_dirs
            return [a for a in _ALL_STEPS if dirs[a.cluster] in (0, a.step)]
        if phase == "collect":
            actions: list[NebulaAction] = list(_ALL_STEPS)
            if any(s.bag):
                reserve = s.reserves[s.current]
                actions += [_CHAOS[star] for star in range(7) if reserve[star]]
            return actions
        if phase == "chaos":
            return [_KEEP[star] for star in range(7) if s.drawn[star]]
        if phase == "value":
            return [_ADVANCE[t] for t in range(VALUE_TOKENS) if s.values[t] < VALUE_TRACK_LAST]
        if phase == "personal":
            seat = s.personal_chosen.index(False)
            return [KeepPersonal(card) for card in s.personal_offer[seat]]
        return []

    def _placements(self, s: NebulaState) -> list[NebulaAction]:
        me = s.current
        reserve = s.reserves[me]
        actions: list[NebulaAction] = []
        colours = [c for c in range(6) if reserve[c] and placement.within_limit(s, c)]
        if colours:
            allowed = placement.allowed_colours(s.galaxies[me])
            for c in colours:
                bit = 1 << c
                row = _POSITION[c]
                actions += [row[sp] for sp, mask in enumerate(allowed) if mask & bit]
        if (
            reserve[BLACK]
            and s.black_stars[me] < BLACK_ZONE_SIZE
            and placement.within_limit(s, BLACK)
        ):
            actions.append(_BLACK)
        actions.append(_FINISH)
        return actions

    # ---- apply -----------------------------------------------------------------------------

    def apply(self, s: NebulaState, a: NebulaAction) -> None:
        """Play one decision; IllegalAction(reason) when it is not legal now."""
        handler = _HANDLERS.get(type(a))
        if handler is None:
            raise IllegalAction("that is not a Nebula action")
        # Every field of a Nebula action is an index: a hand-made or decoded action holding
        # a float or a bool (True == 1) must not reach the lists it indexes.
        for value in msgspec.structs.astuple(a):
            if type(value) is not int:
                raise IllegalAction("that action names no star, space or token of this game")
        handler(self, s, a)

    def _keep_personal(self, s: NebulaState, a: KeepPersonal) -> None:
        if s.phase != "personal":
            raise IllegalAction("Personal objectives are only chosen before the first turn")
        seat = s.personal_chosen.index(False)
        if a.card not in s.personal_offer[seat]:
            raise IllegalAction("you can only keep one of the two cards you were dealt")
        s.personal[seat] = a.card
        s.personal_chosen[seat] = True
        s.log.append(
            Event(narrate(s, a, seat), (seat,), f"{player_name(seat)} keeps a Personal objective.")
        )
        if all(s.personal_chosen):
            s.phase = "collect"

    def _step_time(self, s: NebulaState, a: StepTime) -> None:
        if s.phase not in ("collect", "time") or s.time_left == 0:
            raise IllegalAction("no Time steps are left to spend")
        if a.cluster not in range(CLUSTER_COUNT) or a.step not in (1, -1):
            raise IllegalAction("a Time marker moves one space, clockwise or counterclockwise")
        if s.time_dirs[a.cluster] not in (0, a.step):
            raise IllegalAction("a Time marker never moves back against its direction")
        s.time_dirs[a.cluster] = a.step
        s.markers[a.cluster] = (s.markers[a.cluster] + a.step) % CLUSTER_SIZE
        s.time_left -= 1
        s.phase = "time"

    def _take_stars(self, s: NebulaState, a: TakeStars) -> None:
        if s.phase != "time" or s.time_left:
            raise IllegalAction("spend all 5 Time steps before taking stars")
        s.log.append(Event(narrate(s, a, s.current)))
        reserve = s.reserves[s.current]
        for cluster, at in zip(s.clusters, s.markers, strict=True):
            if cluster[at] != EMPTY:
                reserve[cluster[at]] += 1
                cluster[at] = EMPTY
        s.moons = list(s.markers)
        s.time_dirs = [0, 0, 0]
        s.phase = "place"

    def _turn_to_chaos(self, s: NebulaState, a: TurnToChaos) -> None:
        reserve = s.reserves[s.current]
        if s.phase != "collect":
            raise IllegalAction("Turning to Chaos replaces Investing Time, at the turn's start")
        if a.star not in range(7) or not reserve[a.star]:
            raise IllegalAction("you must return a star you have in your reserve")
        if not any(s.bag):
            raise IllegalAction("the bag is empty")
        reserve[a.star] -= 1
        drawn = [bag.draw(s) for _ in range(min(CHAOS_DRAW, sum(s.bag)))]
        for star in drawn:
            s.drawn[star] += 1
        s.keep_left = min(CHAOS_KEEP, len(drawn))
        s.log.append(
            Event(
                f"{narrate(s, a, s.current)[:-1]} and drawing "
                f"{and_list([star_name(d) for d in sorted(drawn)])}."
            )
        )
        if len(drawn) <= CHAOS_KEEP:  # nothing to choose: keep them all
            for star in drawn:
                reserve[star] += 1
            s.drawn = [0] * 7
            s.keep_left = 0
            s.phase = "place"
        else:
            s.phase = "chaos"

    def _keep_star(self, s: NebulaState, a: KeepStar) -> None:
        if s.phase != "chaos" or a.star not in range(7) or not s.drawn[a.star]:
            raise IllegalAction("keep one of the stars drawn by Turning to Chaos")
        s.log.append(Event(narrate(s, a, s.current)))
        s.drawn[a.star] -= 1
        s.reserves[s.current][a.star] += 1
        s.keep_left -= 1
        if s.keep_left == 0:  # the rest go back to the box
            s.drawn = [0] * 7
            s.phase = "place"

    def _position_star(self, s: NebulaState, a: PositionStar) -> None:
        me = s.current
        reason = placement.refusal(s, a.star, a.space)
        if reason:
            raise IllegalAction(reason)
        s.log.append(Event(narrate(s, a, me)))
        s.galaxies[me][a.space] = a.star
        s.reserves[me][a.star] -= 1
        s.placed.append(a.star)
        if a.star == s.boosted:
            s.boost_matched = True

    def _position_black(self, s: NebulaState, a: PositionBlackStar) -> None:
        me = s.current
        if s.phase != "place" or not s.reserves[me][BLACK]:
            raise IllegalAction("position a black star from your reserve after collecting")
        if s.black_stars[me] >= BLACK_ZONE_SIZE:
            raise IllegalAction("your Black Star Zone is full")
        if not placement.within_limit(s, BLACK):
            raise IllegalAction(placement.limit_reason(s, BLACK))
        s.log.append(Event(narrate(s, a, me)))
        s.black_stars[me] += 1
        s.reserves[me][BLACK] -= 1
        s.placed.append(BLACK)
        if s.indicator < INDICATOR_LAST:
            s.indicator += 1
            if s.indicator in INDICATOR_BOOST_SPACES:
                old = s.boosted
                s.boosted = bag.draw_boosted(s, previous=old)
                s.log.append(
                    Event(
                        f"The Black Star indicator reaches {s.indicator}: the "
                        f"boosted star {star_name(old)} is replaced by "
                        f"{star_name(s.boosted)}."
                    )
                )
        if s.mode == "full":
            s.phase = "value"

    def _advance_value(self, s: NebulaState, a: AdvanceValue) -> None:
        if s.phase != "value":
            raise IllegalAction("a Value token advances only after placing a black star")
        if a.token not in range(VALUE_TOKENS) or s.values[a.token] >= VALUE_TRACK_LAST:
            raise IllegalAction("that Value token cannot advance")
        s.log.append(Event(narrate(s, a, s.current)))
        s.values[a.token] += 1
        s.stamp += 1
        s.value_stamps[a.token] = s.stamp  # arriving last = on top of the stack
        s.phase = "place"

    def _finish(self, s: NebulaState, a: FinishPositioning) -> None:
        if s.phase != "place":
            raise IllegalAction("finish positioning once your stars are collected")
        me = s.current
        self._check_careers(s, me)
        self._refill(s)
        self._check_end(s)
        s.turn += 1
        s.placed = []
        s.boost_matched = False
        s.time_left = TIME_POINTS
        if s.final_round and me == s.players - 1:
            s.phase = "over"
            outcome = self.outcome(s)
            assert outcome is not None
            s.log.append(Event(f"Game over: {outcome.reason}"))
        else:
            s.current = (me + 1) % s.players
            s.phase = "collect"

    # ---- the end of a turn -------------------------------------------------------------------

    def _check_careers(self, s: NebulaState, me: int) -> None:
        galaxy = s.galaxies[me]
        for card_id, marks in zip(s.career, s.career_marks, strict=True):
            card = CAREER_DECK[card_id]
            if me not in marks and career_done(card, galaxy):
                vp = card.bottom if marks else card.top
                marks.append(me)
                # The card's own VP pair would be a second, unexplained number here.
                s.log.append(
                    Event(
                        f"{player_name(me)} completes a Career objective, "
                        f"{career_body(card)}: {vp} VP."
                    )
                )

    def _refill(self, s: NebulaState) -> None:
        threshold = REFILL_AT[s.players]
        for name, cluster in zip(CLUSTER_NAMES, s.clusters, strict=True):
            if sum(1 for star in cluster if star != EMPTY) > threshold or not any(s.bag):
                continue
            added = []
            for at in range(CLUSTER_SIZE):
                if cluster[at] == EMPTY and any(s.bag):
                    cluster[at] = bag.draw(s)
                    added.append(cluster[at])
            if added:
                s.log.append(
                    Event(
                        f"The {name} cluster is refilled with "
                        f"{and_list([star_name(x) for x in added])}."
                    )
                )

    def _check_end(self, s: NebulaState) -> None:
        if s.final_round:
            return
        reasons = end_triggers(s)
        if reasons:
            s.final_round = True
            s.end_reasons = reasons
            s.log.append(Event(f"Last round: {'; '.join(reasons)}."))

    # ---- hidden information ---------------------------------------------------------------

    def observe(self, s: NebulaState, player: int) -> NebulaState:
        """A copy without the RNG, rivals' Personal objectives or their private log lines."""
        view = clone(s)
        view.rng = Rng()
        if s.mode == "full":
            for seat in range(s.players):
                if seat != player:
                    view.personal_offer[seat] = [HIDDEN] * len(s.personal_offer[seat])
                    if s.phase != "over":  # kept objectives are shown at the end
                        view.personal[seat] = HIDDEN
        view.log = redacted_log(s.log, player)
        return view

    def determinize(self, view: NebulaState, player: int, rng: random.Random) -> NebulaState:
        """Deal rivals Personal objectives from the cards ``player`` has not seen (keeping
        any kept card already shown, once the game is over)."""
        full = clone(view)
        full.rng = Rng.seeded(rng.getrandbits(64))
        if view.mode == "full":
            seen = set(view.personal_offer[player]) | set(view.personal)
            unseen = [c for c in range(len(PERSONAL_DECK)) if c not in seen]
            rng.shuffle(unseen)
            for seat in range(view.players):
                if seat == player:
                    continue
                shown = view.personal[seat]
                offer = [shown] if shown != HIDDEN else []
                offer += [unseen.pop() for _ in range(len(view.personal_offer[seat]) - len(offer))]
                rng.shuffle(offer)
                full.personal_offer[seat] = offer
                if shown == HIDDEN and view.personal_chosen[seat]:
                    full.personal[seat] = rng.choice(offer)
        return full

    def reveals(self, s: NebulaState, a: NebulaAction) -> bool:
        """True when ``a`` draws from the bag (Chaos, a boosted-star swap, a refill)."""
        if isinstance(a, TurnToChaos):
            return True
        if not isinstance(a, PositionBlackStar | FinishPositioning):
            return False
        after = clone(s)
        self.apply(after, a)
        return after.bag != s.bag

    # ---- the end ------------------------------------------------------------------------

    def outcome(self, s: NebulaState) -> Outcome | None:
        """Score-pad lines per seat; ties go to the most black stars placed, then shared."""
        if s.phase != "over":
            return None
        pads = [score_pad(s, p) for p in range(s.players)]
        scores = [sum(vp for _, vp in rows) for rows in pads]
        breakdown = [final_breakdown(s, p, pads[p]) for p in range(s.players)]
        keys = [(scores[p], s.black_stars[p]) for p in range(s.players)]
        ranks = [1 + sum(1 for other in keys if other > key) for key in keys]
        winners = [p for p, r in enumerate(ranks) if r == 1]
        best = [p for p in range(s.players) if scores[p] == max(scores)]
        names = " and ".join(player_name(p) for p in winners)
        verb = "share the victory" if len(winners) > 1 else "wins"
        reason = f"{names} {verb} with {max(scores)} VP"
        if len(best) > 1 and len(winners) < len(best):
            reason += " (tie broken by black stars placed)"
        reason += f"; the game ended because {' and '.join(s.end_reasons)}."
        # The rulebook: "In case of a tie, the person who placed the most Black Stars
        # wins. If the tie persists, they share the victory."
        placed = sorted({s.black_stars[p] for p in best}, reverse=True)
        tie_break = (
            f"more Black Stars placed ({placed[0]} against {placed[1]})"
            if len(placed) > 1
            else f"more Black Stars placed ({placed[0]} each)"
        )
        decided = decided_by(scores, winners, "VP", tie_break, "VP")
        return Outcome(
            scores=scores,
            ranks=ranks,
            winners=winners,
            reason=reason,
            breakdown=breakdown,
            decided_by=decided,
        )

    def describe(self, s: NebulaState, a: NebulaAction) -> str:
        """A plain phrase for ``a`` in ``s`` (menus, hints, the log)."""
        return describe_action(s, a)


_HANDLERS: dict[type, Any] = {
    KeepPersonal: NebulaRules._keep_personal,
    StepTime: NebulaRules._step_time,
    TakeStars: NebulaRules._take_stars,
    TurnToChaos: NebulaRules._turn_to_chaos,
    KeepStar: NebulaRules._keep_star,
    PositionStar: NebulaRules._position_star,
    PositionBlackStar: NebulaRules._position_black,
    AdvanceValue: NebulaRules._advance_value,
    FinishPositioning: NebulaRules._finish,
}


def end_triggers(s: NebulaState) -> list[str]:
    """The end-of-game situations that hold now, in the rulebook's order."""
    reasons = []
    if s.indicator >= INDICATOR_LAST:
        reasons.append("the Black Star indicator reached its last space")
    for seat, galaxy in enumerate(s.galaxies):
        if len(complete_constellations(galaxy)) >= CONSTELLATIONS_TO_END:
            reasons.append(f"{player_name(seat)} completed {CONSTELLATIONS_TO_END} Constellations")
    if not any(s.bag):
        reasons.append("the bag ran out of stars")
    if sum(len(marks) for marks in s.career_marks) >= CAREER_MARKERS_TO_END[s.players]:
        reasons.append("enough Career markers were placed")
    return reasons
