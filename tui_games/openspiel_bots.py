"""OpenSpiel's own bots as seats of our arena: `--bots hard,openspiel-ismcts`.

Each sees only its seat's observation, as our bots do. It turns the observation into a
state of the wrapped game (tui_games/openspiel.py) by our ``determinize``, and asks:

- ``openspiel-ismcts``: OpenSpiel's Python ISMCTSBot (open_spiel/python/algorithms/
  ismcts.py), random rollouts, UCT c = 2, the most visited action. Every simulation
  resamples the root through ``resample_from_infostate``, so the one determinized state
  it is handed tells it nothing more than the observation.
- ``openspiel-mcts``: OpenSpiel's MCTSBot (perfect-information UCT, random rollouts) on
  that one determinized state: it searches as if the sampled hidden cards were true.
- ``openspiel-random``: OpenSpiel's uniform random bot.

A search is given either a number of simulations (``simulations``) or a time per
decision (``seconds``): OpenSpiel's Python bots count simulations, so a timed bot sets
each search's simulations from the rate of its last search (a short probe at first). Not
the rate over the whole game: a simulation costs more as the game goes on (the
information state strings that key the ISMCTS tree carry the seat's growing log), and a
game's mean rate overran the time by up to 2x. The rate is in CPU time, as the arena's
equal time is, so a change in the machine's other work between two searches does not
throw the estimate. Time per decision is equal up to that estimate; the arena's report
gives every bot's CPU milliseconds per decision with a choice.
"""

from __future__ import annotations

import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from tui_games import openspiel
from tui_games.engine.core import Action, GameState, Rules

KINDS = ("ismcts", "mcts", "random")
PREFIX = "openspiel-"
LEVELS = tuple(PREFIX + kind for kind in KINDS)
UCT_C = 2.0
"""OpenSpiel's examples' exploration constant, for returns in [-1, 1] (2 seats)."""
PROBE_SIMULATIONS = 8
"""The first timed search's size, before the bot has measured its rate."""
MIN_SIMULATIONS = 2
"""OpenSpiel's ISMCTS spends its first simulation creating the root and needs a second to
visit a child (with one it fails an assertion)."""


class OpenSpielBot:
    """One OpenSpiel bot behind our Bot contract (``choose(view, player)``)."""

    def __init__(self, rules: Rules[Any, Any], rng: random.Random, kind: str, *,
                 seconds: float | None = 1.0, simulations: int | None = None) -> None:
        if kind not in KINDS:
            raise ValueError(f"unknown OpenSpiel bot {kind!r} (kinds: {', '.join(KINDS)})")
        if simulations is None and (seconds is None or seconds <= 0):
            raise ValueError("an OpenSpiel search needs seconds > 0 or simulations")
        if simulations is not None and simulations < MIN_SIMULATIONS:
            raise ValueError(f"an OpenSpiel search needs at least {MIN_SIMULATIONS} "
                             f"simulations")
        self.rules = rules
        self.rng = rng
        self.kind = kind
        self.seconds = seconds
        self.simulations = simulations
        self.searched = 0  # simulations over the bot's life
        self.search_time = 0.0
        self.rate = 0.0  # simulations a second in the last search (0: none yet)
        self._games: dict[int, pyspiel.Game] = {}

    def game(self, players: int) -> pyspiel.Game:
        if players not in self._games:
            self._games[players] = pyspiel.load_game(f"{openspiel.PREFIX}{self.rules.id}",
                                                     {"players": players})
        return self._games[players]

    def budget(self) -> int:
        """This search's simulations: fixed, or the time budget at the measured rate."""
        if self.simulations is not None:
            return self.simulations
        assert self.seconds is not None
        if self.rate <= 0:
            return PROBE_SIMULATIONS
        return max(MIN_SIMULATIONS, round(self.seconds * self.rate))

    def choose(self, view: GameState, player: int) -> Action:
        state = self.game(view.players).new_initial_state()
        state.state = self.rules.determinize(view, player, self.rng)
        legal = state.legal_actions()
        if len(legal) == 1:
            return state.game_action(legal[0])
        seed = self.rng.getrandbits(30)  # pyspiel takes a C int
        if self.kind == "random":
            return state.game_action(pyspiel.make_uniform_random_bot(player, seed).step(state))
        count = self.budget()
        evaluator = mcts.RandomRolloutEvaluator(random_state=np.random.RandomState(seed))
        bot: Any
        if self.kind == "ismcts":
            bot = ismcts.ISMCTSBot(state.get_game(), evaluator, UCT_C, count,
                                   random_state=np.random.RandomState(seed + 1))
        else:
            bot = mcts.MCTSBot(state.get_game(), UCT_C, count, evaluator,
                               random_state=np.random.RandomState(seed + 1))
        began = time.process_time()
        number = bot.step(state)
        took = time.process_time() - began
        self.search_time += took
        self.searched += count
        self.rate = count / took if took > 0 else self.rate
        return state.game_action(number)


def make_openspiel_bot(rules: Rules[Any, Any], rng: random.Random, level: str, *,
                       seconds: float | None = 1.0,
                       simulations: int | None = None) -> OpenSpielBot:
    """The bot of an ``openspiel-<kind>`` level."""
    return OpenSpielBot(rules, rng, level.removeprefix(PREFIX), seconds=seconds,
                        simulations=simulations)
