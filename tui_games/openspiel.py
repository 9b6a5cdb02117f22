"""Every registered game as an OpenSpiel game (the optional extra ``[openspiel]``).

``import tui_games.openspiel`` registers each game of the registry with pyspiel as
``tui_games_<id>``, with its seat count as the parameter ``players``::

    import pyspiel
    import tui_games.openspiel  # noqa: F401  (registers the games)
    game = pyspiel.load_game("tui_games_neptune", {"players": 4})

How the games meet OpenSpiel's model:

- **Chance.** Our rules draw from a seeded RNG that lives in the state (engine/rng.py):
  the deal and every later draw follow from the seed ``setup`` is given. A game's first
  node is therefore one explicit chance node that draws that seed, uniformly among
  ``CHANCE_SEEDS`` outcomes; the rules then draw from it where they draw. ``observe``
  removes the RNG, so no player learns a later draw from it: the game is
  ``EXPLICIT_STOCHASTIC`` with all of its chance at that first node.
- **Actions.** An action's integer is the first 64 bits of the BLAKE2b digest of its
  canonical JSON (engine/codec.py: the tagged msgspec Struct, fields in declared order),
  modulo ``ACTION_SPACE`` (2**20). The same action has the same integer in every state,
  run and machine, and no game has to list its action space by hand. Should two legal
  actions of one state share that integer, the one later in canonical-JSON order takes
  the next free integer above it: rare (no state of 6 random games of each game has
  one), and the same in every state of one information set, since a seat's legal
  actions follow from its observation. The integers are sparse, so the encoding suits
  search and tabular methods, not a dense policy head. (OpenSpiel's checks build a
  mask of ``num_distinct_actions`` entries at every step: a larger space is slower.)
- **Information.** ``information_state_string`` and ``observation_string`` are the
  canonical JSON of ``rules.observe(state, player)``: exactly what our own bots and
  front ends are given, so no hidden card leaks into them. Our observations keep the
  seat's log, which is its recall of the game.
- **Resampling.** ``resample_from_infostate`` is ``rules.determinize`` of the player's
  observation, seeded from OpenSpiel's sampler, so OpenSpiel's Python ISMCTSBot
  (open_spiel/python/algorithms/ismcts.py) searches these games. (In open-spiel 2.0.2 the
  C++ ``pyspiel.ISMCTSBot`` cannot: its Python-game bridge does not pass
  ResampleFromInfostate on to Python.)
- **Returns.** Zero-sum: with ``k`` winners among ``n`` seats each winner gets
  ``n / k - 1`` and every other seat ``-1`` (2 seats: +1 / -1, a tie 0 / 0).

Game options are their defaults. This module imports pyspiel; the rest of tui_games
never imports this module unless asked for an OpenSpiel bot.
"""

from __future__ import annotations

import hashlib
import random
from collections import Counter
from typing import Any

import pyspiel

from tui_games.engine.codec import clone, to_json
from tui_games.engine.core import Action, GameState, Rules, default_options
from tui_games.games import GameInfo, all_games, load

PREFIX = "tui_games_"
CHANCE_SEEDS = 1 << 16
"""How many deals the first chance node chooses among (a power of two: the
probabilities add up to exactly 1)."""
ACTION_SPACE = 1 << 20
"""Action integers lie in [0, ACTION_SPACE): the digest of the action's JSON, modulo this."""
DEFAULT_MAX_ACTIONS = 20_000
"""A game's length bound when its checks module names none (as tui_games.tools.stress)."""


def action_id(action: Action) -> int:
    """The action's integer (unless it collides with another legal action's, see
    number_actions): stable across states, runs and machines."""
    return _digest(to_json(action))


def _digest(text: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "big") % ACTION_SPACE


def number_actions(legal: list[Action]) -> dict[int, Action]:
    """Each legal action by its integer; a collision moves the later action (in canonical
    JSON order) to the next free integer."""
    table: dict[int, Action] = {}
    for text, action in sorted((to_json(a), a) for a in set(legal)):
        number = _digest(text)
        while number in table:
            number = (number + 1) % ACTION_SPACE
        table[number] = action
    return table


def short_name(info: GameInfo) -> str:
    """The name pyspiel.load_game knows the game by."""
    return PREFIX + info.id


def returns_of(winners: list[int], players: int) -> list[float]:
    """Zero-sum returns: winners share the pot of the losers' stakes (see module doc)."""
    if not winners:
        return [0.0] * players
    win = players / len(winners) - 1.0
    return [win if seat in winners else -1.0 for seat in range(players)]


def max_actions(info: GameInfo) -> int:
    """The longest a game of ``info`` may be, in decisions (its checks' bound)."""
    bound = getattr(load(info.checks), "MAX_ACTIONS", None) if info.checks else None
    return bound or DEFAULT_MAX_ACTIONS


def game_type(info: GameInfo) -> pyspiel.GameType:
    rules = info.rules
    default_players = max(rules.min_players, min(2, rules.max_players))
    return pyspiel.GameType(
        short_name=short_name(info),
        long_name=f"tui-games {rules.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=rules.max_players,
        min_num_players=rules.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=False,
        parameter_specification={"players": default_players},
    )


class TuiGame(pyspiel.Game):
    """One registered game at one seat count; ``register`` makes a subclass per game that
    names its ``INFO``."""

    INFO: GameInfo

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        info = self.INFO
        kind = game_type(info)
        params = dict(params or {})
        players = int(params.get("players", kind.parameter_specification["players"]))
        if players not in info.players:
            raise ValueError(
                f"{info.title} is for {info.rules.min_players}-"
                f"{info.rules.max_players} players, not {players}"
            )
        params["players"] = players
        game_info = pyspiel.GameInfo(
            num_distinct_actions=ACTION_SPACE,
            max_chance_outcomes=CHANCE_SEEDS,
            num_players=players,
            min_utility=-1.0,
            max_utility=players - 1.0,
            utility_sum=0.0,
            max_game_length=max_actions(info),
        )
        super().__init__(kind, game_info, params)
        self.info = info
        self.players = players

    def new_initial_state(self) -> TuiState:
        return TuiState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ViewObserver:
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        return ViewObserver(self.info.rules)


class TuiState(pyspiel.State):
    """A game in progress: ``None`` before the chance node has drawn the deal's seed."""

    def __init__(self, game: TuiGame) -> None:
        super().__init__(game)
        # pyspiel clones a Python state by deep-copying each attribute: only plain values
        # and the Held game state (which copies itself the fast way) are kept here; the
        # rules are found by id. (A reference to the game object would also keep
        # pyspiel's objects alive into interpreter shutdown, where it aborts.)
        self.game_id: str = game.info.id
        self.players: int = game.players
        self.held = Held()

    @property
    def rules(self) -> Rules[Any, Any]:
        return all_games()[self.game_id].rules

    @property
    def state(self) -> GameState | None:
        """Our game state; ``None`` before the chance node has drawn the deal's seed."""
        return self.held.state

    @state.setter
    def state(self, value: GameState | None) -> None:
        self.held = Held(value)

    def current_player(self) -> int:
        if self.state is None:
            return int(pyspiel.PlayerId.CHANCE)
        seat = self.rules.to_move(self.state)
        return int(pyspiel.PlayerId.TERMINAL) if seat is None else seat

    def legal_table(self) -> dict[int, Action]:
        """The legal actions now, by integer."""
        if self.held.legal is None:
            assert self.state is not None
            self.held.legal = number_actions(self.rules.legal_actions(self.state))
        return self.held.legal

    def _legal_actions(self, player: int) -> list[int]:
        if self.state is None or player != self.rules.to_move(self.state):
            return []
        return sorted(self.legal_table())

    def chance_outcomes(self) -> list[tuple[int, float]]:
        p = 1.0 / CHANCE_SEEDS
        return [(seed, p) for seed in range(CHANCE_SEEDS)]

    def _apply_action(self, action: int) -> None:
        if self.state is None:
            self.state = self.rules.setup(self.players, action, default_options(self.rules))
        else:
            try:
                chosen = self.legal_table()[action]
            except KeyError:
                raise pyspiel.SpielError(f"{action} is not a legal action now") from None
            self.rules.apply(self.state, chosen)
        self.held.legal = self.held.names = None

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"deal {action}"
        if self.state is None:
            return f"action {action}"
        return self.action_names().get(action, f"action {action}")

    def action_names(self) -> dict[int, str]:
        """Each legal action's string, by integer: worked out once per state, since
        OpenSpiel asks for every legal action's string in turn and each needs them all."""
        if self.held.names is None:
            state = self.state
            assert state is not None
            table = self.legal_table()
            texts = {number: self.rules.describe(state, action) for number, action in table.items()}
            counts = Counter(texts.values())
            # Twin actions (one of two identical cards) read the same: OpenSpiel wants
            # every legal action's string distinct, so those also name their JSON.
            self.held.names = {
                number: text if counts[text] == 1 else f"{text} {to_json(table[number]).decode()}"
                for number, text in texts.items()
            }
        return self.held.names

    def is_terminal(self) -> bool:
        return self.state is not None and self.rules.to_move(self.state) is None

    def returns(self) -> list[float]:
        outcome = None if self.state is None else self.rules.outcome(self.state)
        if outcome is None:
            return [0.0] * self.players
        return returns_of(outcome.winners, self.players)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TuiState:
        """A state ``player_id`` cannot tell from this one: our determinize of its view."""
        if self.state is None:
            return self.clone()
        rng = random.Random(int(probability_sampler() * (1 << 53)))
        view = self.rules.observe(self.state, player_id)
        sample = self.clone()
        sample.state = self.rules.determinize(view, player_id, rng)
        return sample

    def game_action(self, number: int) -> Action:
        """Our action for a legal integer (for bridges between the two APIs)."""
        return self.legal_table()[number]

    def __str__(self) -> str:
        return "" if self.state is None else to_json(self.state).decode()


class Held:
    """A TuiState's game state, its legal actions by integer and their strings (``None``:
    not yet worked out). Deep-copied with the msgpack clone, the fast exact copy of a
    state."""

    __slots__ = ("legal", "names", "state")

    def __init__(self, state: GameState | None = None) -> None:
        self.state = state
        self.legal: dict[int, Action] | None = None
        self.names: dict[int, str] | None = None

    def __deepcopy__(self, memo: dict[int, Any]) -> Held:
        copy = Held(None if self.state is None else clone(self.state))
        # Never changed in place, only replaced: safe to share.
        copy.legal, copy.names = self.legal, self.names
        return copy


class ViewObserver:
    """Both OpenSpiel observation kinds: the JSON of ``rules.observe(state, player)``."""

    def __init__(self, rules: Rules[Any, Any]) -> None:
        self.rules = rules
        self.tensor = None
        self.dict: dict[str, Any] = {}

    def set_from(self, state: TuiState, player: int) -> None:
        """No tensor is offered (provides_*_tensor is False)."""

    def string_from(self, state: TuiState, player: int) -> str:
        if state.state is None:
            return ""
        return to_json(self.rules.observe(state.state, player)).decode()


def register() -> list[str]:
    """Register every game of the registry with pyspiel (once); their short names."""
    names = []
    registered = set(pyspiel.registered_names())
    for info in all_games().values():
        name = short_name(info)
        names.append(name)
        if name not in registered:
            # A class, not a closure: pyspiel's registry outlives the interpreter, and
            # a closure freed there (without the GIL) aborts Python at exit.
            game_class = type(f"TuiGame_{info.id}", (TuiGame,), {"INFO": info})
            pyspiel.register_game(game_type(info), game_class)
    return names


GAME_NAMES = register()
