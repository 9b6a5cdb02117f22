"""Bot-only games, headless: `tui-games arena GAME --bots normal,easy --games N --seed S`.

Each bot sees only ``rules.observe(state, seat)``. Seats rotate from game to game (in a
2-seat game the bots swap seats every game) so no bot profits from a seat; results are
reported per bot, in the order the bots were given.

``--duplicate`` deals each game once for every seating (as in duplicate bridge): the same
shuffle and dice with the bots in each other's seats, so the luck of a deal counts for
both. A deal that one bot wins in every seating is its sweep; the sweeps are what tells
two close bots apart in a game of much luck.
"""

from __future__ import annotations

import inspect
import random
import time
from dataclasses import dataclass
from typing import Any

from tui_games.engine.bots.base import Bot, BotFactory
from tui_games.engine.core import IllegalAction, Rules, default_options
from tui_games.games import GameInfo

MAX_ACTIONS = 200_000  # a game longer than this is a bug in the rules or a bot


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


def make_bot(info: GameInfo, level: str, rng: random.Random,
             iterations: int | None = None, rate: float | None = None) -> Bot:
    """A bot of ``level``; ``iterations`` (or, for a timed search, a virtual clock of
    ``rate`` iterations a second) goes to factories that take it (search bots)."""
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


@dataclass
class BotRecord:
    """One bot's results over the whole arena run."""

    label: str
    wins: int = 0
    score_total: int = 0
    decisions: int = 0
    turns: int = 0  # turns this bot finished (decisions that moved the turn counter)
    thinking: float = 0.0  # seconds spent in choose()
    sweeps: int = 0  # --duplicate: deals this bot won in every seating


@dataclass
class ArenaResult:
    """Everything an arena run measured."""

    game: str
    seed: int
    games: int
    bots: list[BotRecord]
    ties: int = 0
    turns_total: int = 0
    actions_total: int = 0
    seconds: float = 0.0
    duplicate: bool = False  # each deal played once per seating

    def summary_line(self) -> str:
        """`N games: seat0 W wins, seat1 W wins[, T ties]`."""
        parts = [f"seat{i} {bot.wins} wins" for i, bot in enumerate(self.bots)]
        if self.ties:
            parts.append(f"{self.ties} ties")
        if self.duplicate:
            deals = self.games // len(self.bots)
            parts.append(f"{deals} deals swept: "
                         + ", ".join(f"seat{i} {bot.sweeps}" for i, bot in enumerate(self.bots)))
        return f"{self.games} games: " + ", ".join(parts)

    def as_dict(self) -> dict[str, Any]:
        """The figures as plain data (for --json)."""
        n = max(self.games, 1)
        return {
            "game": self.game, "seed": self.seed, "games": self.games, "ties": self.ties,
            "duplicate": self.duplicate,
            "mean_turns": self.turns_total / n,
            "mean_actions": self.actions_total / n,
            "seconds": self.seconds,
            "games_per_second": self.games / self.seconds if self.seconds else None,
            "seats": [{
                "seat": i, "bot": bot.label, "wins": bot.wins, "win_rate": bot.wins / n,
                "mean_score": bot.score_total / n, "mean_turns": bot.turns / n,
                "mean_decisions": bot.decisions / n, "sweeps": bot.sweeps,
                "ms_per_decision": 1000 * bot.thinking / bot.decisions if bot.decisions else None,
            } for i, bot in enumerate(self.bots)],
            "summary": self.summary_line(),
        }

    def lines(self) -> list[str]:
        """The human-readable report; the last line is ``summary_line()``."""
        data = self.as_dict()
        labels = " vs ".join(bot.label for bot in self.bots)
        out = [f"arena {self.game}: {labels}, {self.games} games, seed {self.seed}"]
        width = max(len(bot.label) for bot in self.bots)
        for row in data["seats"]:
            think = row["ms_per_decision"]
            out.append(
                f"seat{row['seat']} {row['bot']:<{width}}  {row['wins']:>5} wins "
                f"({100 * row['win_rate']:5.1f}%)  mean score {row['mean_score']:7.2f}  "
                f"mean turns {row['mean_turns']:6.1f}  "
                + (f"{think:8.3f} ms/decision" if think is not None else ""))
        rate = data["games_per_second"]
        out.append(f"mean game length {data['mean_turns']:.1f} turns "
                   f"({data['mean_actions']:.1f} decisions); "
                   + (f"{rate:.1f} games/s" if rate else "no timing"))
        out.append(self.summary_line())
        return out


def run_arena(info: GameInfo, labels: list[str], games: int, seed: int,
              iterations: int | None = None, rate: float | None = None,
              duplicate: bool = False) -> ArenaResult:
    """Play ``games`` bot-only games of ``info``; one bot per seat, labelled by level.

    ``iterations`` fixes every search's size; ``rate`` keeps the levels' time budgets but
    reads them off an IterationClock, so results do not depend on the machine's load.
    ``duplicate``: each deal is played once per seating (``games`` a multiple of the
    seats), and a deal one bot wins in every seating counts as its sweep.
    """
    rules = info.rules
    seats = len(labels)
    if seats not in info.players:
        wanted = (f"{rules.min_players}" if rules.min_players == rules.max_players
                  else f"{rules.min_players}-{rules.max_players}")
        raise ArenaError(f"{info.id} is for {wanted} players, but --bots names {seats}")
    for level in labels:
        if level not in info.bots:
            make_bot(info, level, random.Random(0))  # raises the clear error
    if duplicate and games % seats:
        raise ArenaError(f"--duplicate plays each deal once per seating: --games must be a "
                         f"multiple of {seats}")
    result = ArenaResult(game=info.id, seed=seed, games=games,
                         bots=[BotRecord(label) for label in labels], duplicate=duplicate)
    master = random.Random(seed)
    started = time.perf_counter()
    game_seed = 0
    deal_winners: list[int | None] = []
    for number in range(games):
        # Bot i sits at seat (i + number) % seats: every bot gets every seat in turn.
        bot_at = [(seat - number) % seats for seat in range(seats)]
        if not duplicate or number % seats == 0:
            game_seed = master.getrandbits(63)
        bots = [make_bot(info, labels[bot_at[seat]], random.Random(master.getrandbits(63)),
                         iterations, rate) for seat in range(seats)]
        deal_winners.append(_play_one(rules, game_seed, bots, bot_at, result))
        if duplicate and len(deal_winners) == seats:
            if deal_winners[0] is not None and len(set(deal_winners)) == 1:
                result.bots[deal_winners[0]].sweeps += 1
            deal_winners.clear()
    result.seconds = time.perf_counter() - started
    return result


def _play_one(rules: Rules[Any, Any], game_seed: int, bots: list[Bot], bot_at: list[int],
              result: ArenaResult) -> int | None:
    """Play one game, adding it to ``result``; the winning bot's index (None: a tie)."""
    state = rules.setup(len(bots), game_seed, default_options(rules))
    actions = 0
    while (seat := rules.to_move(state)) is not None:
        record = result.bots[bot_at[seat]]
        began = time.perf_counter()
        action = bots[seat].choose(rules.observe(state, seat), seat)
        record.thinking += time.perf_counter() - began
        record.decisions += 1
        turn = state.turn
        try:
            rules.apply(state, action)
        except IllegalAction as exc:
            raise ArenaError(f"bot {record.label!r} in seat {seat} chose an illegal action "
                             f"in game seed {game_seed}: {exc.reason}") from None
        record.turns += state.turn != turn
        actions += 1
        if actions > MAX_ACTIONS:
            raise ArenaError(f"game seed {game_seed} did not end within {MAX_ACTIONS} actions")
    outcome = rules.outcome(state)
    if outcome is None:
        raise ArenaError(f"game seed {game_seed} has no one to move but no outcome")
    result.turns_total += state.turn
    result.actions_total += actions
    for seat, score in enumerate(outcome.scores):
        result.bots[bot_at[seat]].score_total += score
    if len(outcome.winners) == 1:
        winner = bot_at[outcome.winners[0]]
        result.bots[winner].wins += 1
        return winner
    result.ties += 1
    return None
