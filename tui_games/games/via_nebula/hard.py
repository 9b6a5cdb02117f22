"""The `hard` Via Nebula bot: ISMCTS over the deck order and the rivals' private contracts.

Each sample deals the rivals private contracts the bot has not seen and shuffles the deck
(``determinize``); every one of the bot's options is tried on the same sample (paired),
the rest of its turn is played greedily on a quick estimate (bot.rollout_estimate, the
first `normal` bot's; remembered across samples: that choice reads nothing hidden), and
the position is judged by that estimate of every seat's final score, as each seat's lead
over its best rival. So the bot plans its two actions together (explore then carry, place
a site then fill it), counts what its move takes from its rivals, and never trusts a
sample's hidden cards.
"""

from __future__ import annotations

import random
from typing import Any

from tui_games.engine.bots.ismcts import ISMCTSBot, margin_rewards
from tui_games.games.via_nebula.bot import RolloutBot, rollout_estimate
from tui_games.games.via_nebula.network import Network
from tui_games.games.via_nebula.rules import ViaNebulaRules
from tui_games.games.via_nebula.state import ViaNebulaAction, ViaNebulaState

LEAD_SCALE = 15.0      # an estimated lead of this many VP is as good as a win
ROLLOUT_DEPTH = 12     # a safety cap on the decisions left in one turn

_RULES = ViaNebulaRules()


def evaluate(s: ViaNebulaState, players: int) -> list[float]:
    """Per seat in [0, 1]: the estimated lead over the best rival, over LEAD_SCALE."""
    net = Network(s) if s.phase != "over" else None
    return margin_rewards([rollout_estimate(s, seat, net) for seat in range(players)],
                          LEAD_SCALE)


def decision_key(s: ViaNebulaState) -> tuple[int, int, str, int]:
    """Changes with every decision: the tree holds the bot's next action only."""
    return s.turn, s.actions_left, s.phase, s.power_left


def _public_key(s: ViaNebulaState, seat: int) -> tuple[Any, ...]:
    """Everything the rollout policy's choice for ``seat`` reads (not rivals' hands or the
    deck order, which differ between samples)."""
    return (s.turn, s.actions_left, s.phase, s.power_card, s.power_left, tuple(s.tokens),
            tuple(s.res_kind), tuple(s.res_count), tuple(s.craftsman), tuple(s.explored),
            tuple(s.slot_owner), tuple(s.slot_built), tuple(map(tuple, s.slot_res)),
            tuple(s.display), tuple(s.hands[seat]), tuple(s.supply),
            tuple(s.storage[seat]), tuple(s.stacks[seat]), s.reserve, s.craftsmen[seat],
            s.sites[seat], len(s.built[seat]), s.end_card)


class ViaNebulaSearch(ISMCTSBot):
    """ISMCTS over the bot's next action, each sample judged after the rest of its turn.

    Every root option is tried on the same samples (``paired``); a sample is finished by
    the rollout policy's choices for the rest of the turn (remembered across samples: they
    read nothing hidden), then every seat's estimated final score gives the rewards.
    """

    def __init__(self, rules: Any, rng: random.Random, **settings: Any) -> None:
        super().__init__(rules, rng, **settings)
        self.evaluate = self._finish_turn_and_evaluate
        self.rollout = self.greedy_move
        self.greedy = RolloutBot(rules, random.Random(0))
        self.memo: dict[tuple[Any, ...], ViaNebulaAction] = {}
        self.root_turn = -1
        self.searcher = -1

    def greedy_move(self, s: ViaNebulaState, rng: random.Random) -> ViaNebulaAction:
        """The rollout policy's move for whoever decides in ``s``, remembered by what it reads
        (the rollout policy; ``rng`` is not needed: the choice is kept per position)."""
        seat = s.current
        key = (seat, *_public_key(s, seat))
        action = self.memo.get(key)
        if action is None:
            action = self.memo[key] = self.greedy.choose(s, seat)
        return action

    def choose(self, view: Any, player: int) -> Any:
        """Search for ``player``'s next action, this turn's rest played greedily."""
        self.root_turn, self.searcher = view.turn, player
        if len(self.memo) > MEMO_SIZE:
            self.memo.clear()
        return super().choose(view, player)

    def _finish_turn_and_evaluate(self, s: ViaNebulaState, players: int) -> list[float]:
        for _ in range(ROLLOUT_DEPTH):
            if s.phase == "over" or s.turn != self.root_turn or s.current != self.searcher:
                break
            _RULES.apply(s, self.greedy_move(s, self.rng))
        return evaluate(s, players)


MEMO_SIZE = 50_000     # remembered greedy choices before starting afresh

# The walk stops after the root's action anyway (decision_key changes with it): the
# search is flat (tree_depth=1), one node per root option.
LEVELS = ViaNebulaSearch.levels(rollout_depth=0, round_key=decision_key, rounds=1,
                                evaluate=evaluate, margin_scale=LEAD_SCALE, paired=True,
                                tree_depth=1)
"""The registry's `hard` levels (ISMCTS; `hard` keeps a whole turn within a second)."""

HardBot = LEVELS["hard"]
