"""Bot-only games, headless: `tui-games arena GAME --bots normal,easy --games N --seed S`.

Each bot sees only ``rules.observe(state, seat)``. Seats rotate from game to game (in a
2-seat game the bots swap seats every game) so no bot profits from a seat; results are
reported per bot, in the order the bots were given.

``--duplicate`` deals each game once for every seating (as in duplicate bridge): the same
shuffle and dice with the bots in each other's seats, so the luck of a deal counts for
both. A deal that one bot wins in every seating is its sweep; the sweeps are what tells
two close bots apart in a game of much luck.

``--jobs N`` plays N games at once, each in a worker process. Every game's deal and bots'
seeds are drawn before the first is played, so with ``--rate`` or ``--iterations`` a run
gives the same results with any number of jobs: a long match can use every core. The
report gives each bot's share of the decided games with a 95% interval, which says
whether a run has played enough games to tell its bots apart.

OpenSpiel's bots take seats too (``--bots hard,openspiel-ismcts``; also
``openspiel-mcts`` and ``openspiel-random``, see openspiel_bots.py; they need the
``[openspiel]`` extra). By default each OpenSpiel decision gets the time the other bots
of its game have taken so far per decision with a choice (a forced move takes no time on
either side; EQUAL_TIME_START before any has chosen): equal time, as a player would
feel it. Time here is the process's CPU time, not the wall clock: on a machine whose
other work changes while a game runs, wall seconds give whichever side searched in the
quiet moments more work done, and equal CPU time is equal thinking whatever the load.
``openspiel_seconds`` fixes its time instead, and ``openspiel_simulations`` its
simulations (so a run can give it 10 times our time).

``--shadow LEVELS`` gives every seat's observations to bots of other levels too, which
choose but are never played: the report counts how often each would have chosen
otherwise. Two levels that make the same decisions play the same games, and no number of
them tells the two apart; a shadow of the playing level itself measures its own noise.
"""

from __future__ import annotations

import inspect
import multiprocessing
import random
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import repeat
from typing import Any

from tui_games.engine.bots.base import Bot, BotFactory
from tui_games.engine.core import IllegalAction, Rules, default_options
from tui_games.games import GameInfo, get_game
from tui_games.tools.arena_report import ArenaResult, BotRecord, ShadowRecord

MAX_ACTIONS = 200_000  # a game longer than this is a bug in the rules or a bot
OPENSPIEL = "openspiel-"
EQUAL_TIME_START = 0.25
"""An equal-time OpenSpiel bot's seconds for a decision before any other bot has moved."""


class ArenaError(Exception):
    """The arena cannot run (bad bot list) or a bot broke the rules."""


class IterationClock:
    """Virtual seconds for a timed search: ``rate`` of its iterations make a second.

    Given to a bot (then ``follow``-ed), it reads the bot's running iteration count, so
    the bot searches ``rate`` iterations per second of its budget on a quiet machine or a
    busy one: an arena run plays the level as players get it, at that speed, and the
    same seed plays the same moves.
    """

    def __init__(self, rate: float) -> None:
        if rate <= 0:
            raise ValueError("rate must be positive")
        self.rate = rate
        self.bot: Any = None

    def follow(self, bot: Any) -> None:
        self.bot = bot

    def __call__(self) -> float:
        return getattr(self.bot, "searched", 0) / self.rate


def make_bot(
    info: GameInfo,
    level: str,
    rng: random.Random,
    iterations: int | None = None,
    rate: float | None = None,
    openspiel_seconds: float | None = None,
    openspiel_simulations: int | None = None,
) -> Bot:
    """A bot of ``level``; ``iterations`` (or, for a timed search, a virtual clock of
    ``rate`` iterations a second) goes to factories that take it (search bots). An
    ``openspiel-`` level is OpenSpiel's bot, with its own budget."""
    if level.startswith(OPENSPIEL):
        try:
            from tui_games.openspiel_bots import LEVELS, make_openspiel_bot
        except ImportError:
            raise ArenaError(
                f"{level} needs OpenSpiel: pip install 'tui-games[openspiel]'"
            ) from None
        if level not in LEVELS:
            raise ArenaError(f"unknown bot level {level!r} (OpenSpiel's: {', '.join(LEVELS)})")
        try:
            return make_openspiel_bot(
                info.rules,
                rng,
                level,
                seconds=openspiel_seconds or EQUAL_TIME_START,
                simulations=openspiel_simulations,
            )
        except ValueError as exc:
            raise ArenaError(f"{level}: {exc}") from None
    try:
        factory: BotFactory = info.bots[level]
    except KeyError:
        levels = ", ".join(info.bots) or "none"
        raise ArenaError(f"unknown bot level {level!r} for {info.id} (levels: {levels})") from None
    if iterations is not None and accepts_iterations(factory):
        return factory(info.rules, rng, iterations=iterations)  # type: ignore[call-arg]
    if rate is not None and accepts_iterations(factory):
        clock = IterationClock(rate)
        bot = factory(info.rules, rng, clock=clock)  # type: ignore[call-arg]
        clock.follow(bot)
        return bot
    return factory(info.rules, rng)


def accepts_iterations(factory: BotFactory) -> bool:
    """Whether the factory takes an ``iterations`` keyword (a searching bot)."""
    try:
        parameters = inspect.signature(factory).parameters.values()
    except (TypeError, ValueError):
        return False
    return any(p.name == "iterations" or p.kind is p.VAR_KEYWORD for p in parameters)


@dataclass(frozen=True)
class GamePlan:
    """One game of a run, fixed before any is played: its deal and each seat's bot."""

    game_seed: int
    bot_at: tuple[int, ...]  # bot_at[seat]: the index of the bot sitting there
    bot_seeds: tuple[int, ...]  # per seat: the seed of that bot's random stream


@dataclass(frozen=True)
class Lineup:
    """Who plays a run and how they search: the same for each of its games."""

    labels: tuple[str, ...]  # the bots' levels, by bot index
    iterations: int | None = None
    rate: float | None = None
    shadows: tuple[str, ...] = ()  # levels asked at every decision, never played
    openspiel_seconds: float | None = None  # None: equal time (see the module)
    openspiel_simulations: int | None = None

    def equal_time(self, level: str) -> bool:
        """Whether ``level`` is an OpenSpiel bot timed to the other bots' pace."""
        return (
            level.startswith(OPENSPIEL)
            and self.openspiel_seconds is None
            and self.openspiel_simulations is None
        )

    def bot(self, info: GameInfo, level: str, rng: random.Random) -> Bot:
        return make_bot(
            info,
            level,
            rng,
            self.iterations,
            self.rate,
            self.openspiel_seconds,
            self.openspiel_simulations,
        )


@dataclass
class GameRecord:
    """What one game gave each bot (by bot index, not seat)."""

    winner: int | None  # None: a tie
    scores: list[int]
    decisions: list[int]
    turns: list[int]
    thinking: list[float]
    game_turns: int
    actions: int
    # Per bot, over its decisions with a choice: how many, their seconds, and the search
    # iterations (ours) or simulations (OpenSpiel's) they ran; None for a bot that does
    # not search.
    choices: list[int] = field(default_factory=list)
    choice_thinking: list[float] = field(default_factory=list)
    searched: list[int | None] = field(default_factory=list)
    shadow_choices: list[int] = field(default_factory=list)  # per shadow level
    shadow_differs: list[int] = field(default_factory=list)


def plan_games(seats: int, games: int, seed: int, duplicate: bool) -> list[GamePlan]:
    """Every game's deal and bot seeds, drawn from ``seed`` in play order: the plan, and so
    every move, is the same whether the games are played one by one or side by side."""
    master = random.Random(seed)
    plans = []
    game_seed = 0
    for number in range(games):
        # Bot i sits at seat (i + number) % seats: every bot gets every seat in turn.
        bot_at = tuple((seat - number) % seats for seat in range(seats))
        if not duplicate or number % seats == 0:
            game_seed = master.getrandbits(63)
        bot_seeds = tuple(master.getrandbits(63) for _ in range(seats))
        plans.append(GamePlan(game_seed, bot_at, bot_seeds))
    return plans


def run_arena(
    info: GameInfo,
    labels: list[str],
    games: int,
    seed: int,
    iterations: int | None = None,
    rate: float | None = None,
    duplicate: bool = False,
    jobs: int = 1,
    shadows: list[str] | None = None,
    openspiel_seconds: float | None = None,
    openspiel_simulations: int | None = None,
    progress: Callable[[ArenaResult, int], None] | None = None,
) -> ArenaResult:
    """Play ``games`` bot-only games of ``info``; one bot per seat, labelled by level.

    ``iterations`` fixes every search's size; ``rate`` keeps the levels' time budgets but
    reads them off an IterationClock, so results do not depend on the machine's load.
    ``duplicate``: each deal is played once per seating (``games`` a multiple of the
    seats), and a deal one bot wins in every seating counts as its sweep. ``jobs``
    plays that many games at once, each in a process of its own (a registered game only):
    with ``iterations`` or ``rate`` the results are those of one job. ``shadows``: levels
    that see every observation a seat's bot sees and choose too, never played: the run
    counts how often each would have chosen otherwise (the games are those of a run
    without them). ``openspiel_seconds`` / ``openspiel_simulations``: OpenSpiel bots'
    budget (default: equal time). ``progress(result, done)`` is called after each game
    with the figures so far.
    """
    rules = info.rules
    seats = len(labels)
    if seats not in info.players:
        wanted = (
            f"{rules.min_players}"
            if rules.min_players == rules.max_players
            else f"{rules.min_players}-{rules.max_players}"
        )
        raise ArenaError(f"{info.id} is for {wanted} players, but --bots names {seats}")
    lineup = Lineup(
        tuple(labels),
        iterations,
        rate,
        tuple(shadows or ()),
        openspiel_seconds,
        openspiel_simulations,
    )
    for level in (*lineup.labels, *lineup.shadows):
        if level not in info.bots:
            lineup.bot(info, level, random.Random(0))  # raises the clear error
    if duplicate and games % seats:
        raise ArenaError(
            f"--duplicate plays each deal once per seating: --games must be a multiple of {seats}"
        )
    if jobs > 1 and get_game(info.id) is not info:
        raise ArenaError("--jobs plays registered games only: a worker finds the game by id")
    result = ArenaResult(
        game=info.id,
        seed=seed,
        games=games,
        bots=[BotRecord(label) for label in labels],
        duplicate=duplicate,
        shadows=[ShadowRecord(label) for label in lineup.shadows],
    )
    plans = plan_games(seats, games, seed, duplicate)
    started = time.perf_counter()
    records: list[GameRecord] = []

    def played(record: GameRecord) -> None:
        records.append(record)
        _add(result, record)
        if progress is not None:
            progress(result, len(records))

    if jobs > 1:
        # spawn, not fork: a worker starts clean rather than as a copy of a threaded caller.
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(min(jobs, games), mp_context=context) as pool:
            for record in pool.map(_play_registered, repeat(info.id), plans, repeat(lineup)):
                played(record)
    else:
        for plan in plans:
            played(play_game(info, plan, lineup))
    if duplicate:
        for first in range(0, games, seats):
            winners = {record.winner for record in records[first : first + seats]}
            if len(winners) == 1 and None not in winners:
                result.bots[winners.pop()].sweeps += 1
    result.seconds = time.perf_counter() - started
    return result


def _play_registered(game_id: str, plan: GamePlan, lineup: Lineup) -> GameRecord:
    """play_game in a worker process, the game found in the registry."""
    return play_game(get_game(game_id), plan, lineup)


def _add(result: ArenaResult, record: GameRecord) -> None:
    result.turns_total += record.game_turns
    result.actions_total += record.actions
    for index, bot in enumerate(result.bots):
        bot.score_total += record.scores[index]
        bot.decisions += record.decisions[index]
        bot.turns += record.turns[index]
        bot.thinking += record.thinking[index]
        if record.choices:
            bot.choices += record.choices[index]
            bot.choice_thinking += record.choice_thinking[index]
            if record.searched[index] is not None:
                bot.searched = (bot.searched or 0) + record.searched[index]
    if record.winner is None:
        result.ties += 1
    else:
        result.bots[record.winner].wins += 1
    for shadow, choices, differs in zip(
        result.shadows, record.shadow_choices, record.shadow_differs, strict=True
    ):
        shadow.choices += choices
        shadow.differs += differs


def play_game(info: GameInfo, plan: GamePlan, lineup: Lineup) -> GameRecord:
    """Play one planned game to its end; what it gave each bot."""
    rules: Rules[Any, Any] = info.rules
    seats = len(lineup.labels)
    bot_at = plan.bot_at
    bots = [
        lineup.bot(info, lineup.labels[bot_at[seat]], random.Random(plan.bot_seeds[seat]))
        for seat in range(seats)
    ]
    paced = [lineup.equal_time(lineup.labels[bot_at[seat]]) for seat in range(seats)]
    # Per bot: time and count of the decisions that had a choice (what pacing compares),
    # and the iterations its searches ran in them (None: a bot that does not search).
    chose_time, chose = [0.0] * seats, [0] * seats
    searched: list[int | None] = [None] * seats
    for seat in range(seats):
        if hasattr(bots[seat], "searched"):
            searched[bot_at[seat]] = 0
    # Each shadow's stream is split off its seat's bot seed, never from the plan's own
    # draws: a run with shadows plays the very games of one without.
    shadows = [
        [
            lineup.bot(info, level, random.Random(hash((plan.bot_seeds[seat], k))))
            for k, level in enumerate(lineup.shadows)
        ]
        for seat in range(seats)
    ]
    choices, differs = [0] * len(lineup.shadows), [0] * len(lineup.shadows)
    decisions, turns, thinking = [0] * seats, [0] * seats, [0.0] * seats
    state = rules.setup(seats, plan.game_seed, default_options(rules))
    actions = 0
    while (seat := rules.to_move(state)) is not None:
        index = bot_at[seat]
        if paced[seat]:
            bots[seat].seconds = _pace(paced, bot_at, chose_time, chose)  # type: ignore[attr-defined]
        before = getattr(bots[seat], "searched", 0)
        began, cpu_began = time.perf_counter(), time.process_time()
        action = bots[seat].choose(rules.observe(state, seat), seat)
        took = time.perf_counter() - began
        thinking[index] += took
        if len(rules.legal_actions(state)) > 1:
            chose_time[index] += time.process_time() - cpu_began
            chose[index] += 1
            if searched[index] is not None:
                searched[index] += bots[seat].searched - before  # type: ignore[attr-defined,operator]
        decisions[index] += 1
        if shadows[seat]:
            _ask_shadows(rules, state, seat, bots[seat], action, shadows[seat], choices, differs)
        turn = state.turn
        try:
            rules.apply(state, action)
        except IllegalAction as exc:
            raise ArenaError(
                f"bot {lineup.labels[index]!r} in seat {seat} chose an illegal "
                f"action in game seed {plan.game_seed}: {exc.reason}"
            ) from None
        turns[index] += state.turn != turn
        actions += 1
        if actions > MAX_ACTIONS:
            raise ArenaError(f"game seed {plan.game_seed} did not end within {MAX_ACTIONS} actions")
    outcome = rules.outcome(state)
    if outcome is None:
        raise ArenaError(f"game seed {plan.game_seed} has no one to move but no outcome")
    scores = [0] * seats
    for seat, score in enumerate(outcome.scores):
        scores[bot_at[seat]] += score
    winner = bot_at[outcome.winners[0]] if len(outcome.winners) == 1 else None
    return GameRecord(
        winner,
        scores,
        decisions,
        turns,
        thinking,
        state.turn,
        actions,
        shadow_choices=choices,
        shadow_differs=differs,
        choices=chose,
        choice_thinking=chose_time,
        searched=searched,
    )


def _pace(
    paced: list[bool], bot_at: tuple[int, ...], thinking: list[float], decisions: list[int]
) -> float:
    """The other (not paced) bots' mean CPU seconds per decision with a choice in this game
    so far (``thinking`` and ``decisions`` by bot index count those decisions only)."""
    others = {bot_at[seat] for seat, p in enumerate(paced) if not p}
    made = sum(decisions[i] for i in others)
    if not made:
        return EQUAL_TIME_START
    return max(sum(thinking[i] for i in others) / made, 1e-3)


def _ask_shadows(
    rules: Rules[Any, Any],
    state: Any,
    seat: int,
    bot: Bot,
    action: Any,
    shadows: list[Bot],
    choices: list[int],
    differs: list[int],
) -> None:
    """Each shadow chooses from the seat's observation; count the decisions it would have
    made otherwise. Twin actions (one identical card or the other) are one decision, as
    a searching bot's ``action_key`` says (the seat's bot's, else a shadow's)."""
    view = rules.observe(state, seat)
    key_of = next((k for b in (bot, *shadows) if (k := getattr(b, "action_key", None))), None)

    def key(a: Any) -> Any:
        return a if key_of is None else key_of(view, a)

    if len({key(a) for a in rules.legal_actions(view)}) < 2:
        for shadow in shadows:  # still asked: its turn's time is counted as the bot's is
            shadow.choose(rules.observe(state, seat), seat)
        return
    for k, shadow in enumerate(shadows):
        choices[k] += 1
        differs[k] += key(shadow.choose(rules.observe(state, seat), seat)) != key(action)
