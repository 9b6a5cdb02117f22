"""The `hard` level for every game: Information-Set Monte Carlo Tree Search.

SO-ISMCTS (Cowling, Powley and Whitehouse 2012, "Information Set Monte Carlo Tree Search"),
written once against the Rules protocol. The bot sees only an observation. Every iteration
samples a full state consistent with it (``rules.determinize``), walks one tree whose nodes
are keyed by action, choosing only among the actions legal in that sample, expands one
untried action, plays the rest of the game (or of the hand) out, and backs up each node's
reward for the seat that chose it. Because a child is legal in some samples and not in
others, UCB1 weighs it by how often it was *available* rather than by its parent's visits.

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

from tui_games.engine.core import Action, GameState, Outcome, Rules

RolloutPolicy = Callable[[Any, random.Random], Action]
"""``policy(state, rng) -> action``: one legal action for the seat to move in ``state``."""

Evaluate = Callable[[Any, int], list[float]]
"""``evaluate(state, player_count) -> rewards``: per-seat values in [0, 1] of a cut-off state."""

RoundKey = Callable[[Any], Hashable]
"""``round_key(state) -> key``: names the current hand/round; a rollout stops when it changes."""

Progress = Callable[[float], None]
"""``progress(fraction)``: called with 0..1 at most PROGRESS_STEPS (+1) times per decision."""

EXPLORATION = 0.7
"""UCB1 exploration constant for rewards in [0, 1] (the value used by Cowling et al.)."""

PROGRESS_STEPS = 20

HARD_LEVELS: dict[str, float] = {"hard": 1.0, "hard-0.25s": 0.25, "hard-3s": 3.0}
"""The `hard` bot levels and their thinking time per decision, in seconds."""


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
    """One information set of the search tree, reached by ``action`` chosen by ``player``."""

    __slots__ = ("action", "avail", "children", "player", "total", "visits")

    def __init__(self, action: Action | None, player: int) -> None:
        self.action = action
        self.player = player  # the seat that chose ``action``; its reward is backed up here
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 1  # times the parent was visited with this action legal
        self.total = 0.0


BotMaker = Callable[..., "ISMCTSBot"]
"""``make(rules, rng, **overrides) -> ISMCTSBot``: a registry bot factory (BotFactory)."""


class ISMCTSBot:
    """Single-observer ISMCTS with availability counts; budget by iterations or seconds.

    ``rollout`` is a per-step policy (default: uniform over ``legal_actions``). A rollout
    stops at game end, after ``rollout_depth`` actions, or when ``round_key`` changes (end
    of the current hand/round); a cut-off state is scored by ``evaluate``, a finished game
    by its outcome (wins, or score margins over ``margin_scale`` when that is given).
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
        margin_scale: float | None = None,
        exploration: float = EXPLORATION,
        progress: Progress | None = None,
    ) -> None:
        if iterations is not None and iterations < 1:
            raise ValueError("iterations must be at least 1")
        if iterations is None and seconds <= 0:
            raise ValueError("seconds must be positive")
        if (rollout_depth is not None or round_key is not None) and evaluate is None:
            raise ValueError("a rollout cut (rollout_depth or round_key) needs evaluate")
        if rollout_depth is not None and rollout_depth < 0:
            raise ValueError("rollout_depth cannot be negative")
        self.rules = rules
        self.rng = rng
        self.seconds = seconds
        self.iterations = iterations
        self.rollout = rollout
        self.rollout_depth = rollout_depth
        self.evaluate = evaluate
        self.round_key = round_key
        self.margin_scale = margin_scale
        self.exploration = exploration
        self.progress = progress
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
        """The three `hard` levels a player can pick per seat, by thinking time.

        ``hard`` thinks 1 s per decision; ``hard-0.25s`` and ``hard-3s`` are the quick and
        the patient variants. Every level shares the game's search ``settings``.
        """
        return {name: cls.factory(**{**settings, "seconds": seconds})
                for name, seconds in HARD_LEVELS.items()}

    @classmethod
    def with_iterations(cls, iterations: int, **settings: Any) -> BotMaker:
        """A factory for a bot with a fixed iteration budget: reproducible moves."""
        return cls.factory(iterations=iterations, **settings)

    # ---- the decision ----------------------------------------------------------------------

    def cancel(self) -> None:
        """Cut the current search short (from another thread): ``choose`` answers at once."""
        self._cancelled = True

    def choose(self, view: GameState, player: int) -> Action:
        """The most visited root action among those legal in ``view`` (observation only)."""
        rules = self.rules
        if rules.to_move(view) != player:
            raise ValueError(f"seat {player} is not the one to move")
        legal = rules.legal_actions(view)
        started = time.perf_counter()
        if len(legal) == 1:
            self.last_stats = SearchStats()
            self._report(1.0)
            return legal[0]
        self._cancelled = False
        # Rules never read the log; every sample would copy it, so search without it.
        view = msgspec.structs.replace(view, log=[])
        root = _Node(None, player)
        done = self._search(root, view, player, started)
        self.last_stats = self._stats(root, done, time.perf_counter() - started)
        best = self._best(root, legal)
        return best if best is not None else self.rng.choice(legal)

    def _search(self, root: _Node, view: GameState, player: int, started: float) -> int:
        """Run iterations until the budget is spent; returns how many were done."""
        clock = time.perf_counter
        budget = self.iterations
        steps = PROGRESS_STEPS
        next_report = 1
        done = 0
        while True:
            self._iterate(root, view, player)
            done += 1
            fraction = (clock() - started) / self.seconds if budget is None else done / budget
            if fraction * steps >= next_report:
                next_report = min(steps, int(fraction * steps)) + 1
                self._report(min(1.0, fraction))
            if fraction >= 1.0 or self._cancelled:
                return done

    def _report(self, fraction: float) -> None:
        if self.progress is not None:
            self.progress(fraction)

    def _iterate(self, root: _Node, view: GameState, player: int) -> None:
        """One sample: determinize, select, expand, roll out, back up."""
        rules = self.rules
        rng = self.rng
        to_move = rules.to_move
        legal_actions = rules.legal_actions
        apply = rules.apply
        state = rules.determinize(view, player, rng)
        node = root
        path = [root]
        # Selection and expansion in the tree, restricted to actions legal in this sample.
        while True:
            mover = to_move(state)
            if mover is None:
                break
            legal = legal_actions(state)
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                for a in legal:
                    child = children.get(a)
                    if child is not None:
                        child.avail += 1
                action = untried[0] if len(untried) == 1 else rng.choice(untried)
                node = children[action] = _Node(action, mover)
                apply(state, action)
                path.append(node)
                break
            node = self._select(children, legal)
            apply(state, node.action)
            path.append(node)
        rewards = self._playout(state, view.players)
        for visited in path:
            visited.visits += 1
            visited.total += rewards[visited.player]

    def _select(self, children: dict[Action, _Node], legal: list[Action]) -> _Node:
        """UCB1 with availability counts over the legal children (all already expanded)."""
        log = math.log
        sqrt = math.sqrt
        c = self.exploration
        best: _Node | None = None
        best_score = -math.inf
        for a in legal:
            child = children[a]
            child.avail += 1
            visits = child.visits
            score = child.total / visits + c * sqrt(log(child.avail) / visits)
            if score > best_score:
                best_score = score
                best = child
        assert best is not None  # legal is never empty while someone is to move
        return best

    def _playout(self, state: GameState, players: int) -> list[float]:
        """Play on from ``state`` until the game ends or a cut; per-seat rewards in [0, 1]."""
        rules = self.rules
        to_move = rules.to_move
        apply = rules.apply
        policy = self.rollout
        rng = self.rng
        limit = self.rollout_depth
        round_key = self.round_key
        key = round_key(state) if round_key is not None else None
        legal_actions = rules.legal_actions
        choice = rng.choice
        depth = 0
        while to_move(state) is not None:
            if limit is not None and depth >= limit:
                break
            if round_key is not None and round_key(state) != key:
                break
            action = choice(legal_actions(state)) if policy is None else policy(state, rng)
            apply(state, action)
            depth += 1
        outcome = rules.outcome(state)
        if outcome is not None:
            if self.margin_scale is not None:
                return margin_rewards([float(s) for s in outcome.scores], self.margin_scale)
            return win_rewards(outcome, players)
        assert self.evaluate is not None  # guaranteed by the constructor's check
        return self.evaluate(state, players)

    # ---- reading the tree ------------------------------------------------------------------

    @staticmethod
    def _best(root: _Node, legal: list[Action]) -> Action | None:
        """Most visited legal child; ties go to the better mean, then to the earlier action."""
        best: _Node | None = None
        for a in legal:
            child = root.children.get(a)
            if child is None:
                continue
            if best is None or (child.visits, child.total / child.visits) > (
                best.visits, best.total / best.visits
            ):
                best = child
        return best.action if best is not None else None

    @staticmethod
    def _stats(root: _Node, iterations: int, seconds: float) -> SearchStats:
        children = [
            RootChild(c.action, c.visits, c.avail, c.total / c.visits)  # type: ignore[arg-type]
            for c in root.children.values()
            if c.visits
        ]
        children.sort(key=lambda c: -c.visits)
        return SearchStats(iterations, seconds, root.visits, children)


def hard_bot(rules: Rules[Any, Any], rng: random.Random) -> ISMCTSBot:
    """The registry's generic `hard` level: one second of plain ISMCTS per decision."""
    return ISMCTSBot(rules, rng, seconds=1.0)
