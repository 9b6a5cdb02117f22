"""The `hard` Via Nebula bot: ISMCTS over the deck order and the rivals' private contracts.

Each iteration deals the rivals private contracts the bot has not seen and shuffles the
deck (``determinize``), walks the tree through the rest of the bot's turn and judges the
position when the turn is over by the `normal` bot's estimate of every seat's final
score, as each seat's lead over its best rival. The tree thus plans the turn's actions
together (explore then transport, erect then use the power) where the `normal` bot looks
one action ahead.
"""

from __future__ import annotations

from tui_games.engine.bots.ismcts import ISMCTSBot, margin_rewards
from tui_games.games.via_nebula.bot import estimate
from tui_games.games.via_nebula.network import Network
from tui_games.games.via_nebula.state import ViaNebulaState

LEAD_SCALE = 15.0      # an estimated lead of this many VP is as good as a win


def evaluate(s: ViaNebulaState, players: int) -> list[float]:
    """Per seat in [0, 1]: the estimated lead over the best rival, over LEAD_SCALE."""
    net = Network(s) if s.phase != "over" else None
    return margin_rewards([estimate(s, seat, net) for seat in range(players)], LEAD_SCALE)


def round_key(s: ViaNebulaState) -> int:
    """The turn in play: the search looks no further than the end of the bot's turn."""
    return s.turn


LEVELS = ISMCTSBot.levels(rollout_depth=0, round_key=round_key, rounds=1, evaluate=evaluate,
                          margin_scale=LEAD_SCALE)
"""The registry's `hard` levels (1 s, 0.25 s and 3 s of ISMCTS per decision)."""

HardBot = LEVELS["hard"]
