"""The game-over breakdown and deciding line of Nova Lux.

The rulebook has no points: "1st player to satisfy all of their factions, wins". The
score the game-over shows is our ranking in one number (edition notes: factions
fulfilled, then a colony, then total resources): 10 per faction fulfilled and 5 for the
colony. The breakdown says so, faction by faction; resources only break a tie, so they
are named in the deciding line, not added to the score.
"""

from __future__ import annotations

from tui_games.engine.core import DETAIL
from tui_games.engine.grammar import seat_ref
from tui_games.engine.verdict import names
from tui_games.games.nova_lux.cards import FACTIONS
from tui_games.games.nova_lux.state import NONE, NovaLuxState

FACTION_VP = 10
COLONY_VP = 5


def score(s: NovaLuxState, seat: int) -> int:
    """10 per faction fulfilled, 5 for a colony."""
    return FACTION_VP * sum(s.done[seat]) + COLONY_VP * (s.colony[seat] != NONE)


def seat_breakdown(s: NovaLuxState, seat: int) -> list[tuple[str, int]]:
    """Factions (each kept faction under it), the colony, and resources as a detail."""
    rows = [(f"Factions, {FACTION_VP} each", FACTION_VP * sum(s.done[seat]))]
    for slot, fid in enumerate(s.factions[seat]):
        if fid >= 0:
            rows.append((f"{DETAIL}{FACTIONS[fid].name}",
                         FACTION_VP if s.done[seat][slot] else 0))
    rows.append((f"Colony, {COLONY_VP}", COLONY_VP * (s.colony[seat] != NONE)))
    # not scored: the last tie-break
    rows.append((f"{DETAIL}resources held (tie-break)", sum(s.res[seat])))
    return rows


def decided(s: NovaLuxState, winners: list[int]) -> str:
    """What settled it: completing the factions first, or the ranking when nobody did."""
    if s.winners:
        need = 2 if s.players >= 5 else 3
        if s.mode == "semi" and len(s.winners) > 1:
            return f"{names(s.winners)} each fulfilled {need} factions and won"
        return f"{names(s.winners)} fulfilled {need} factions first"
    if not winners:
        return "Nobody fulfilled their factions in time"
    others = [p for p in range(s.players) if p not in winners]
    if not others:
        return f"A shared win: {names(winners)} tied on factions, colony and resources"
    best = max(others, key=lambda p: (sum(s.done[p]), s.colony[p] != NONE, sum(s.res[p])))
    top = winners[0]
    who = names(winners) if len(winners) > 1 else seat_ref(top)
    verb = "share the first place" if len(winners) > 1 else "came first"
    if sum(s.done[top]) != sum(s.done[best]):
        return f"No one fulfilled every faction; {who} {verb} with more factions"
    if (s.colony[top] != NONE) != (s.colony[best] != NONE):
        return f"No one fulfilled every faction; {who} {verb} on the tie-break: a colony"
    return (f"No one fulfilled every faction; {who} {verb} on the tie-break: more "
            f"resources ({sum(s.res[top])} against {sum(s.res[best])})")
