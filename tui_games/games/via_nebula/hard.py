"""The `hard` Via Nebula bot: ISMCTS over the deck order and the rivals' private contracts.

Each iteration deals the rivals private contracts the bot has not seen and shuffles the
deck (``determinize``), walks the tree, and plays on with a quick rule-of-thumb policy
(``quick_choice``: erect what is finished, carry what a site's contract still needs,
claim tokens whose resources are wanted) until the next seat's turn is over, so a move
that hands the next player a contract or a resource pays for it. The position is then
judged by the `normal` bot's estimate of every seat's final score, as each seat's lead over
its best rival. The `normal` bot advises at the root: its move is played unless the
search finds a clearly better one.
"""

from __future__ import annotations

import random

from tui_games.engine.bots.ismcts import ISMCTSBot, margin_rewards
from tui_games.games.via_nebula.bot import NormalBot, estimate
from tui_games.games.via_nebula.components import (
    CONTRACTS,
    token_amount,
    token_type,
    token_vp,
)
from tui_games.games.via_nebula.network import Network
from tui_games.games.via_nebula.rules import ViaNebulaRules
from tui_games.games.via_nebula.state import (
    FREE,
    HIDDEN,
    Convert,
    Discard,
    Erect,
    Explore,
    FreeExplore,
    MoveResource,
    PlaceCraftsman,
    PlaceSite,
    TakeFromSupply,
    Transport,
    ViaNebulaAction,
    ViaNebulaState,
)

LEAD_SCALE = 15.0      # an estimated lead of this many VP is as good as a win
TURNS = 2              # the search looks to the end of the next seat's turn
ROLLOUT_DEPTH = 12     # a safety cap: two turns take a handful of decisions

_RULES = ViaNebulaRules()


def evaluate(s: ViaNebulaState, players: int) -> list[float]:
    """Per seat in [0, 1]: the estimated lead over the best rival, over LEAD_SCALE."""
    net = Network(s) if s.phase != "over" else None
    return margin_rewards([estimate(s, seat, net) for seat in range(players)], LEAD_SCALE)


def round_key(s: ViaNebulaState) -> int:
    """The turn in play: a rollout stops when TURNS turns have ended."""
    return s.turn


def _wanted(s: ViaNebulaState, seat: int) -> dict[int, list[int]]:
    """Per site of ``seat``: the resources still missing for its nearest contract."""
    cards = [c for c in s.hands[seat] if c != HIDDEN] + [c for c in s.display if c != FREE]
    out: dict[int, list[int]] = {}
    for slot, owner in enumerate(s.slot_owner):
        if owner != seat or s.slot_built[slot]:
            continue
        pile = s.slot_res[slot]
        best: tuple[float, list[int]] = (-1.0, [0] * 5)
        for card in cards:
            needs = CONTRACTS[card].needs
            have = sum(min(p, n) for p, n in zip(pile, needs, strict=True))
            key = have / CONTRACTS[card].size + CONTRACTS[card].vp * 0.01
            if key > best[0]:
                best = (key, [max(0, n - p) for p, n in zip(pile, needs, strict=True)])
        out[slot] = best[1]
    return out


def quick_choice(s: ViaNebulaState, rng: random.Random) -> ViaNebulaAction:
    """A fast rule-of-thumb move for whoever decides in ``s`` (the rollout policy)."""
    legal = _RULES.legal_actions(s)
    if len(legal) == 1:
        return legal[0]
    me = s.current
    wanted = _wanted(s, me)
    any_want = [sum(w[k] for w in wanted.values()) for k in range(5)]
    best: list[ViaNebulaAction] = []
    top = float("-inf")
    for a in legal:
        kind = type(a)
        if kind is Erect:
            value = 10.0 + CONTRACTS[a.card].vp
        elif kind is Transport:
            value = 3.0 if wanted[a.slot][s.res_kind[a.source]] else -2.0
        elif kind is PlaceCraftsman:
            token = s.tokens[a.hex]
            value = (token_vp(token) + (1.5 if any_want[token_type(token)] else 0.0)
                     - 0.3 * token_amount(token, s.players))
        elif kind is PlaceSite:
            value = 1.0 if not wanted else 0.2
        elif kind is Explore or kind is FreeExplore:
            last = next((n for n in s.stacks[me] if n), 0) == 1   # reveals an explorer
            value = 0.3 + (2.0 if last else 0.0)
        elif kind is Convert:
            value = 2.0 if wanted[a.slot][a.new] and not wanted[a.slot][a.old] else -1.0
        elif kind is TakeFromSupply:
            value = 2.0 if wanted[a.slot][a.kind] else -0.5
        elif kind is Discard:
            value = 1.0
        elif kind is MoveResource:
            value = 1.0 if wanted[a.target][a.kind] and not wanted[a.source][a.kind] else -1.0
        else:
            value = 0.0
        if value > top:
            best, top = [a], value
        elif value == top:
            best.append(a)
    return rng.choice(best)


LEVELS = ISMCTSBot.levels(rollout=quick_choice, rollout_depth=ROLLOUT_DEPTH,
                          round_key=round_key, rounds=TURNS, evaluate=evaluate,
                          margin_scale=LEAD_SCALE, advisor=NormalBot)
"""The registry's `hard` levels (1 s, 0.25 s and 3 s of ISMCTS per decision)."""

HardBot = LEVELS["hard"]
