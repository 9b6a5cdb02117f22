"""The `hard` level for every game: Information-Set Monte Carlo Tree Search.

SO-ISMCTS (Cowling, Powley and Whitehouse 2012, "Information Set Monte Carlo Tree Search"),
written once against the Rules protocol. The bot sees only an observation. Every iteration
samples a full state consistent with it (``rules.determinize``), walks one tree whose nodes
are keyed by action, choosing only among the actions legal in that sample, expands one
untried action, plays the rest of the game (or of the hand) out, and backs up each node's
reward for the seat that chose it. Because a child is legal in some samples and not in
others, UCB1 weighs it by how often it was *available* rather than by its parent's visits.

Options that serve the games' `hard` levels:

- ``action_key`` merges actions that are the same decision in different words (melding one
  P5 or the other identical P5) into one child, so visits are not split between twins.
- ``advisor`` (a heuristic bot) gives a second opinion at the root: its action is played
  unless the search found one whose mean reward is better by more than ``doubt`` standard
  errors, so a search too noisy to tell two moves apart falls back on the heuristic
  instead of on chance. ``advice_unseen_stands``: when the search tried the advice fewer
  than twice it cannot weigh it; by default the search's choice is played then, with this
  set the advice is (for games whose turn splits into many small decisions, each searched
  too briefly for its few visits to mean much).
- ``own_moves_only`` keeps only the searching seat's decisions in the tree; the others play
  by the rollout policy. Every sample shares the searcher's real cards, so rivals searched
  in the tree would play as if they saw them (the "clairvoyant opponent" of SO-ISMCTS).
- ``ends_turn`` (with a turn budget) lets a decision whose choice ends the seat's turn
  search on for all that is left of the turn: no later decision of the turn needs it.
- ``paired`` plays each sample once per root option, from copies of the same deal with the
  same random stream, and picks the best mean: luck common to all options cancels out.
- ``tree_depth`` caps how many decisions one walk takes in the tree (1: only the root's;
  then flat Monte Carlo): past it the rollout policy plays. With few samples per option, a
  sensible policy plays the searcher's later moves better than a tree that has barely
  begun to tell them apart (its untried moves are played at random).
- ``turn_share`` says which part of what is left of a turn's time a decision may take
  (default TURN_SHARE for every decision). A game whose turn is mostly one decision can
  give it the whole turn, and a small question before it a small part.

Randomness: the search draws from the ``random.Random`` it is given and from the RNG that
``determinize`` puts in each sample, so a fixed seed with an iteration budget always plays
the same move (tests, arena replays).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

import msgspec

from tui_games.engine.bots.base import Bot, BotFactory
from tui_games.engine.codec import clone
from tui_games.engine.core import Action, GameState, Outcome, Rules

RolloutPolicy = Callable[[Any, random.Random], Action]
"""``policy(state, rng) -> action``: one legal action for the seat to move in ``state``."""

Evaluate = Callable[[Any, int], list[float]]
"""``evaluate(state, player_count) -> rewards``: per-seat values in [0, 1] of a cut-off state."""

ActionKey = Callable[[Any, Action], Hashable]
"""``action_key(state, action) -> key``: equal keys are the same decision (one tree child)."""

EndsTurn = Callable[[Any, Action], bool]
"""``ends_turn(state, action) -> bool``: whether ``action`` ends its seat's turn."""

RoundKey = Callable[[Any], Hashable]
"""``round_key(state) -> key``: names the current hand/round; a rollout stops when it changes."""

Progress = Callable[[float], None]
"""``progress(fraction)``: called with 0..1 at most PROGRESS_STEPS (+1) times per decision."""

DOUBT = 1.0
"""Standard errors by which the search must beat the advisor's choice to overrule it."""

EXPLORATION = 0.7
"""UCB1 exploration constant for rewards in [0, 1] (the value used by Cowling et al.)."""

PROGRESS_STEPS = 20

HARD_LEVELS: dict[str, float] = {"hard": 1.0, "hard-0.25s": 0.25}
"""The `hard` bot levels and their longest thinking time per decision, in seconds."""

RETIRED_LEVELS: dict[str, str] = {"hard-3s": "hard"}
"""Levels no longer offered, and the level a save or record naming one plays now.

`hard-3s` (3 s a decision, repeating hard's search and playing the action most of the
searches chose) made hard's decision 97-99% of the time in Via Nebula and showed no
difference from hard in 22-90 games elsewhere (issue 21): a menu level that is not
stronger misleads the player who picks it."""

TURN_LEVELS: dict[str, float] = {"hard": 0.75}
"""Levels that also keep a whole turn (all of a seat's decisions in it) within a time,
in seconds: `hard` answers within a second a turn, however many decisions the game's
turn holds (each may overrun its share by an iteration and its own set-up: hence 0.75)."""

TURN_SHARE = 0.5
"""The part of what is left of a turn's time that one decision may take: the turn's
decisions get a half, a quarter, an eighth... of it, and so never go past it."""

MIN_DECISION = 0.01
"""The least time a decision searches, in seconds, however little is left of its turn."""

def win_rewards(outcome: Outcome, players: int) -> list[float]:
    """1 for the winner, a shared win split evenly, 0 for everyone else."""
    share = 1.0 / len(outcome.winners) if outcome.winners else 0.0
    rewards = [0.0] * players
    for seat in outcome.winners:
        rewards[seat] = share
    return rewards


def margin_rewards(scores: list[float], scale: float) -> list[float]:
    """Each seat's lead over its best rival, divided by ``scale``, mapped onto [0, 1].

    A seat level with the best rival gets 0.5; leading by ``scale`` or more gets 1.
    """
    rewards = []
    for seat, own in enumerate(scores):
        rival = max((s for i, s in enumerate(scores) if i != seat), default=own)
        margin = max(-1.0, min(1.0, (own - rival) / scale))
        rewards.append(0.5 + 0.5 * margin)
    return rewards


@dataclass
class RootChild:
    """One of the bot's own options after a search: how often tried, available, how good."""

    action: Action
    visits: int
    avail: int
    mean: float


@dataclass
class SearchStats:
    """What the last decision cost and found (for the UI and the bench)."""

    iterations: int = 0
    seconds: float = 0.0
    root_visits: int = 0
    children: list[RootChild] = field(default_factory=list)  # most visited first

    @property
    def iterations_per_second(self) -> float:
        """Search speed of the last decision (0 when it did not search)."""
        return self.iterations / self.seconds if self.seconds > 0 else 0.0


class _Node:
    """One information set of the search tree, reached by ``action`` chosen by ``player``.

    ``action`` is the action's key when the search merges equivalent actions.
    """

    __slots__ = ("action", "avail", "children", "player", "squares", "total", "visits")

    def __init__(self, action: Hashable, player: int) -> None:
        self.action = action
        self.player = player  # the seat that chose ``action``; its reward is backed up here
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.avail = 1  # times the parent was visited with this action legal
        self.total = 0.0
        self.squares = 0.0  # sum of squared rewards: the spread of the mean

    @property
    def mean(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def variance_of_mean(self) -> float:
        """The sampling variance of ``mean`` (infinite below two visits)."""
        n = self.visits
        if n < 2:
            return math.inf
        mean = self.total / n
        return max(0.0, self.squares / n - mean * mean) / (n - 1)


BotMaker = Callable[..., "ISMCTSBot"]
"""``make(rules, rng, **overrides) -> ISMCTSBot``: a registry bot factory (BotFactory)."""


class ISMCTSBot:
    """Single-observer ISMCTS with availability counts; budget by iterations or seconds.

    ``seconds`` caps one decision; ``turn_seconds`` (if given) caps all of a seat's
    decisions in one turn (``view.turn``): each takes TURN_SHARE (or ``turn_share(view)``)
    of what is left of it, at least MIN_DECISION; with ``ends_turn``, a decision choosing
    to end the turn may take all that is left of it. ``iterations`` replaces both:
    reproducible moves. ``clock`` is the time source (perf_counter; tests give a fake one).

    ``rollout`` is a per-step policy (default: uniform over ``legal_actions``). A rollout
    stops at game end, after ``rollout_depth`` actions, or once ``round_key`` has changed
    ``rounds`` times since the decision being searched (1: at the end of the current
    hand/round); the walk down the tree stops there too. A cut-off state is scored by
    ``evaluate``, a finished game by its outcome (wins, or score margins over
    ``margin_scale`` when that is given). ``action_key`` and ``advisor``: see the module.
    """

    def __init__(
        self,
        rules: Rules[Any, Any],
        rng: random.Random,
        *,
        seconds: float = 1.0,
        iterations: int | None = None,
        rollout: RolloutPolicy | None = None,
        rollout_depth: int | None = None,
        evaluate: Evaluate | None = None,
        round_key: RoundKey | None = None,
        rounds: int = 1,
        margin_scale: float | None = None,
        action_key: ActionKey | None = None,
        own_moves_only: bool = False,
        paired: bool = False,
        tree_depth: int | None = None,
        turn_share: Callable[[Any], float] | None = None,
        advisor: BotFactory | None = None,
        doubt: float = DOUBT,
        advice_unseen_stands: bool = False,
        exploration: float = EXPLORATION,
        progress: Progress | None = None,
        turn_seconds: float | None = None,
        ends_turn: EndsTurn | None = None,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if iterations is None and seconds <= 0:
            raise ValueError("seconds must be positive")
        if (rollout_depth is not None or round_key is not None) and evaluate is None:
            raise ValueError("a rollout cut (rollout_depth or round_key) needs evaluate")
        if rollout_depth is not None and rollout_depth < 0:
            raise ValueError("rollout_depth cannot be negative")
        if rounds < 1:
            raise ValueError("rounds must be at least 1")
        if tree_depth is not None and tree_depth < 1:
            raise ValueError("tree_depth must be at least 1")
        self.rules = rules
        self.rng = rng
        self.seconds = seconds
        self.iterations = iterations
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate
        self.round_key = round_key
        self.rounds = rounds
        self.margin_scale = margin_scale
        self.action_key = action_key
        self.own_moves_only = own_moves_only
        self.paired = paired
        self.tree_depth = tree_depth
        self.turn_share = turn_share
        # The advisor draws from its own stream, split off once: the search's draws stay
        # the same whatever the advisor does with its own.
        self.advisor: Bot | None = (
            advisor(rules, random.Random(rng.getrandbits(64))) if advisor else None)
        self.doubt = doubt
        self.advice_unseen_stands = advice_unseen_stands
        self.exploration = exploration
        self.progress = progress
        self.turn_seconds = turn_seconds
        self.ends_turn = ends_turn
        self.clock = clock  # injectable: tests of the time budget run on a fake clock
        self.searched = 0  # iterations over the bot's life (a virtual clock counts them)
        self._budget = seconds  # this decision's time (seconds, less near a turn's end)
        self._turn: tuple[int, int] | None = None  # (turn, seat) of the decisions timed
        self._turn_spent = 0.0
        self._began = 0.0  # when this decision began (its turn's time counts from there)
        self.last_stats = SearchStats()
        self._cancelled = False

    # ---- factories for the registry (BotFactory = (rules, rng) -> Bot) -------------------

    @classmethod
    def factory(cls, **settings: Any) -> BotMaker:
        """A bot factory with fixed settings, e.g. ``ISMCTSBot.factory(rollout_depth=40, ...)``.

        The factory also takes keyword overrides (``iterations=K`` from the arena turns a
        timed bot into a reproducible one); an iteration budget replaces the time budget.
        """

        def make(rules: Rules[Any, Any], rng: random.Random, **overrides: Any) -> ISMCTSBot:
            return cls(rules, rng, **{**settings, **overrides})

        return make

    @classmethod
    def levels(cls, **settings: Any) -> dict[str, BotMaker]:
        """The `hard` levels a player can pick per seat, by thinking time.

        ``hard`` thinks at most 1 s per decision and keeps a whole turn within
        TURN_LEVELS["hard"]; ``hard-0.25s`` (a quarter second per decision, no turn
        limit) is the quick variant. Every level shares the game's search ``settings``.
        An ``iterations`` override replaces every time budget. (No level thinks longer
        than `hard`: see RETIRED_LEVELS.)
        """
        return {name: cls.factory(**{**settings, "seconds": seconds,
                                     "turn_seconds": TURN_LEVELS.get(name)})
                for name, seconds in HARD_LEVELS.items()}

    @classmethod
    def with_iterations(cls, iterations: int, **settings: Any) -> BotMaker:
        """A factory for a bot with a fixed iteration budget: reproducible moves."""
        return cls.factory(iterations=iterations, **settings)

    # ---- the decision ----------------------------------------------------------------------

    def cancel(self) -> None:
        """Cut the search short (from another thread): ``choose`` answers at once.

        A cancel that arrives before the search has started (the worker thread was slow to
        begin) ends that search as soon as it starts; every ``choose`` clears it on return.
        """
        self._cancelled = True

    def choose(self, view: GameState, player: int) -> Action:
        """The best root action among those legal in ``view`` (observation only)."""
        began = self._began = self.clock()
        turn = (view.turn, player)
        if turn != self._turn:
            self._turn, self._turn_spent = turn, 0.0
        share = TURN_SHARE if self.turn_share is None else self.turn_share(view)
        self._budget = self._decision_budget(self.seconds, self.turn_seconds,
                                             self._turn_spent, share)
        try:
            return self._choose(view, player)
        finally:
            self._cancelled = False
            self._turn_spent += self.clock() - began

    @staticmethod
    def _decision_budget(seconds: float, turn_seconds: float | None, spent: float,
                         share: float) -> float:
        """A decision's time: ``share`` of what is left of the turn, within its bounds."""
        if turn_seconds is None:
            return seconds
        return min(seconds, max(MIN_DECISION, (turn_seconds - spent) * share))

    def _choose(self, view: GameState, player: int) -> Action:
        rules = self.rules
        if rules.to_move(view) != player:
            raise ValueError(f"seat {player} is not the one to move")
        legal = rules.legal_actions(view)
        started = self.clock()
        if len(legal) == 1:
            self.last_stats = SearchStats()
            self._report(1.0)
            return legal[0]
        advice = self.advisor.choose(view, player) if self.advisor is not None else None
        # Rules never read the log; every sample would copy it, so search without it.
        view = msgspec.structs.replace(view, log=[])
        options = self._options(view, legal)
        root = _Node(None, player)
        pick = self._picker(root, options, advice, view)
        done = self._search(root, view, player, started, self._budget,
                            lambda: self._rest_of_turn(view, started, pick))
        self.last_stats = self._stats(root, options, done, self.clock() - started)
        best = pick()
        return best if best is not None else self.rng.choice(legal)

    def _picker(self, root: _Node, options: dict[Hashable, Action], advice: Action | None,
                view: GameState) -> Callable[[], Action | None]:
        """The choice ``root``'s search makes now, the advisor's word weighed in."""
        def pick() -> Action | None:
            best = self._best(root, options, by_mean=self.paired)
            if advice is not None:
                best = self._second_opinion(root, options, best, advice, view)
            return best

        return pick

    def _options(self, state: GameState, legal: list[Action]) -> dict[Hashable, Action]:
        """Each decision's key and one action that makes it (the first listed)."""
        key = self.action_key
        if key is None:
            return {a: a for a in legal}
        options: dict[Hashable, Action] = {}
        for a in legal:
            options.setdefault(key(state, a), a)
        return options

    def _search(self, root: _Node, view: GameState, player: int, started: float,
                seconds: float, rest_of_turn: Callable[[], float]) -> int:
        """Run iterations for ``seconds`` from ``started`` (or the iteration budget);
        returns how many were done. ``rest_of_turn`` says, once the time is up, how long
        from ``started`` the search may go on (see _rest_of_turn). Progress is reported
        as a part of ``seconds``."""
        clock = self.clock
        budget = self.iterations
        steps = PROGRESS_STEPS
        next_report = 1
        done = 0
        extended = False
        while True:
            step = self._iterate(root, view, player)
            done += step
            self.searched += step
            now = clock()
            fraction = (now - started) / seconds if budget is None else done / budget
            if fraction * steps >= next_report:
                next_report = min(steps, int(fraction * steps)) + 1
                self._report(min(1.0, fraction))
            if fraction >= 1.0 and not extended and budget is None:
                extended = True
                rest = rest_of_turn()
                if rest > seconds:
                    seconds = rest
                    fraction = (clock() - started) / seconds
            if fraction >= 1.0 or self._cancelled:
                return done

    def _rest_of_turn(self, view: GameState, started: float,
                      pick: Callable[[], Action | None]) -> float:
        """The seconds from ``started`` that are left of the turn, when the choice now
        ends the turn (``ends_turn``); else 0. The progress bar stays full meanwhile."""
        if self.ends_turn is None or self.turn_seconds is None:
            return 0.0
        choice = pick()
        if choice is None or not self.ends_turn(view, choice):
            return 0.0
        left = self.turn_seconds - self._turn_spent - (started - self._began)
        return min(self.seconds, left)

    def _report(self, fraction: float) -> None:
        if self.progress is not None:
            self.progress(fraction)

    def _iterate(self, root: _Node, view: GameState, player: int) -> int:
        """One sample: determinize, select, expand, roll out, back up; returns iterations.

        ``paired``: the sample is played once per root option (each a separate iteration),
        every time from a copy of the same deal with the same random stream, so the
        options are compared on equal terms.
        """
        rng = self.rng
        sample = self.rules.determinize(view, player, rng)
        if not self.paired:
            self._descend(root, sample, view, player, rng, None)
            return 1
        legal = self.rules.legal_actions(sample)
        keys = list(self._options(sample, legal)) if self.action_key else legal
        seed = rng.getrandbits(64)
        for k in keys:
            state = clone(sample)
            self._descend(root, state, view, player, random.Random(seed), k)
        return len(keys)

    def _descend(self, root: _Node, state: GameState, view: GameState, player: int,
                 rng: random.Random, first: Hashable | None) -> None:
        """Walk ``state`` down the tree (taking ``first`` at the root if given), expand,
        roll out and back up."""
        rules = self.rules
        to_move = rules.to_move
        legal_actions = rules.legal_actions
        apply = rules.apply
        merge = self.action_key is not None
        round_key = self.round_key
        key = round_key(view) if round_key is not None else None
        changes = 0
        node = root
        path = [root]
        # Selection and expansion in the tree, restricted to actions legal in this sample.
        others_by_policy = self.own_moves_only
        policy = self.rollout
        depth = self.tree_depth
        while changes < self.rounds:
            mover = to_move(state)
            if mover is None:
                break
            if others_by_policy and mover != player:
                # Another seat's move, played as in a rollout: no node of its own.
                apply(state, rng.choice(legal_actions(state)) if policy is None
                      else policy(state, rng))
                if round_key is not None and (now := round_key(state)) != key:
                    key, changes = now, changes + 1
                continue
            if depth is not None and len(path) > depth:
                break  # deep enough: the rollout policy plays on from here
            legal = legal_actions(state)
            options = self._options(state, legal) if merge else None
            keys = legal if options is None else list(options)
            children = node.children
            if node is root and first is not None:
                untried = [] if first in children else [first]
                child = children.get(first)
                if child is not None:
                    child.avail += 1
            else:
                untried = [k for k in keys if k not in children]
                if untried:
                    for k in keys:
                        child = children.get(k)
                        if child is not None:
                            child.avail += 1
            if untried:
                chosen = untried[0] if len(untried) == 1 else rng.choice(untried)
                node = children[chosen] = _Node(chosen, mover)
            elif node is root and first is not None:
                node = children[first]
            else:
                node = self._select(children, keys)
            apply(state, node.action if options is None else options[node.action])
            path.append(node)
            if round_key is not None and (now := round_key(state)) != key:
                key, changes = now, changes + 1
            if untried:
                break
        rewards = self._playout(state, view.players, key, changes, rng)
        for visited in path:
            reward = rewards[visited.player]
            visited.visits += 1
            visited.total += reward
            visited.squares += reward * reward

    def _select(self, children: dict[Hashable, _Node], keys: list[Any]) -> _Node:
        """UCB1 with availability counts over the legal children (all already expanded)."""
        log = math.log
        sqrt = math.sqrt
        c = self.exploration
        best: _Node | None = None
        best_score = -math.inf
        for k in keys:
            child = children[k]
            child.avail += 1
            visits = child.visits
            score = child.total / visits + c * sqrt(log(child.avail) / visits)
            if score > best_score:
                best_score = score
                best = child
        assert best is not None  # legal is never empty while someone is to move
        return best

    def _playout(self, state: GameState, players: int, key: Hashable, changes: int,
                 rng: random.Random) -> list[float]:
        """Play on from ``state`` until the game ends or a cut; per-seat rewards in [0, 1].

        ``key`` is the round the walk down the tree ended in, ``changes`` how many round
        ends it has already crossed.
        """
        rules = self.rules
        to_move = rules.to_move
        apply = rules.apply
        policy = self.rollout
        limit = self.rollout_depth
        round_key = self.round_key
        rounds = self.rounds
        legal_actions = rules.legal_actions
        choice = rng.choice
        depth = 0
        while changes < rounds and to_move(state) is not None:
            if limit is not None and depth >= limit:
                break
            action = choice(legal_actions(state)) if policy is None else policy(state, rng)
            apply(state, action)
            depth += 1
            if round_key is not None and (now := round_key(state)) != key:
                key, changes = now, changes + 1
        outcome = rules.outcome(state)
        if outcome is not None:
            if self.margin_scale is not None:
                return margin_rewards([float(s) for s in outcome.scores], self.margin_scale)
            return win_rewards(outcome, players)
        assert self.evaluate is not None  # guaranteed by the constructor's check
        return self.evaluate(state, players)

    # ---- reading the tree ------------------------------------------------------------------

    @staticmethod
    def _best(root: _Node, options: dict[Hashable, Action],
              by_mean: bool = False) -> Action | None:
        """Most visited legal child (or, when every option was tried on the same samples,
        the best mean); ties go to the other measure, then to the earlier action."""
        best: _Node | None = None
        for k in options:
            child = root.children.get(k)
            if child is None or not child.visits:
                continue
            mine = (child.mean, child.visits) if by_mean else (child.visits, child.mean)
            if best is None or mine > ((best.mean, best.visits) if by_mean
                                       else (best.visits, best.mean)):
                best = child
        return options[best.action] if best is not None else None

    def _second_opinion(self, root: _Node, options: dict[Hashable, Action],
                        best: Action | None, advice: Action, view: GameState) -> Action:
        """The advisor's action unless the search's choice is clearly better than it."""
        advice_key = advice if self.action_key is None else self.action_key(view, advice)
        if best is None or advice_key not in options:
            return best if best is not None else advice
        best_key = best if self.action_key is None else self.action_key(view, best)
        if best_key == advice_key:
            return best
        found, advised = root.children[best_key], root.children.get(advice_key)
        if advised is None or advised.visits < 2:
            # The search saw too little of the advice to weigh it: whose word stands is
            # the game's setting.
            return options[advice_key] if self.advice_unseen_stands else best
        spread = math.sqrt(found.variance_of_mean() + advised.variance_of_mean())
        return best if found.mean - advised.mean > self.doubt * spread else options[advice_key]

    @staticmethod
    def _stats(root: _Node, options: dict[Hashable, Action], iterations: int,
               seconds: float) -> SearchStats:
        """The root's options after the decision's search, most visited first."""
        children = [RootChild(options.get(c.action, c.action), c.visits, c.avail,
                              c.total / c.visits)
                    for c in root.children.values() if c.visits]
        children.sort(key=lambda c: -c.visits)
        return SearchStats(iterations, seconds, root.visits, children)


def hard_bot(rules: Rules[Any, Any], rng: random.Random) -> ISMCTSBot:
    """The registry's generic `hard` level: plain ISMCTS, a turn within a second."""
    return ISMCTSBot(rules, rng, seconds=HARD_LEVELS["hard"], turn_seconds=TURN_LEVELS["hard"])
