"""The end of Nova Lux: the outcome (ranks, winners, reason), its breakdown and
deciding line.

The rulebook has no points: "1st player to satisfy all of their factions, wins". The
score the game-over shows is our ranking in one number (edition notes: factions
fulfilled, then a colony, then total resources): 10 per faction fulfilled and 5 for the
colony. The breakdown says so, faction by faction; resources only break a tie, so they
are named in the deciding line, not added to the score.
"""

from __future__ import annotations

from tui_games.engine.core import DETAIL, Outcome
from tui_games.engine.grammar import seat_ref
from tui_games.engine.verdict import names
from tui_games.games.nova_lux.cards import FACTIONS, FACTIONS_KEPT
from tui_games.games.nova_lux.state import NONE, NovaLuxState

FACTION_VP = 10
COLONY_VP = 5


def outcome(s: NovaLuxState) -> Outcome | None:
    """Winners first; then factions completed, the colony, and total resources."""
    if s.phase != "over":
        return None
    keys = [
        (seat in s.winners, sum(s.done[seat]), s.colony[seat] != NONE, sum(s.res[seat]))
        for seat in range(s.players)
    ]
    ranks = [1 + sum(1 for other in keys if other > key) for key in keys]
    if s.mode != "standard" or s.winners:
        # Solo and semi-cooperative: only those who completed their factions win.
        ranks = [1 if seat in s.winners else max(2, r) for seat, r in enumerate(ranks)]
    winners = [p for p, r in enumerate(ranks) if r == 1]
    breakdown = [seat_breakdown(s, p) for p in range(s.players)]
    scores = [score(s, p) for p in range(s.players)]
    if not winners:
        reason = f"Nobody wins: {s.end_reason}."  # a sentence: "Game over. Nobody wins: ..."
    else:
        who = " and ".join(seat_ref(p) for p in winners)
        verb = "wins" if len(winners) == 1 else "win"
        if s.end_reason.endswith(" completes their factions"):
            # said of the winner again ("you complete their factions" read wrong)
            need = 2 if s.players >= 5 else FACTIONS_KEPT
            reason = f"{who} {verb}: a colony founded, then {need} factions fulfilled."
        else:
            reason = f"{who} {verb}; {s.end_reason}."
    return Outcome(
        scores=scores,
        ranks=ranks,
        winners=winners,
        reason=reason,
        breakdown=breakdown,
        decided_by=decided(s, winners),
    )


def score(s: NovaLuxState, seat: int) -> int:
    """10 per faction fulfilled, 5 for a colony."""
    return FACTION_VP * sum(s.done[seat]) + COLONY_VP * (s.colony[seat] != NONE)


def seat_breakdown(s: NovaLuxState, seat: int) -> list[tuple[str, int]]:
    """Factions (each kept faction under it), the colony, and resources as a detail."""
    rows = [(f"Factions, {FACTION_VP} each", FACTION_VP * sum(s.done[seat]))]
    for slot, fid in enumerate(s.factions[seat]):
        if fid >= 0:
            rows.append((f"{DETAIL}{FACTIONS[fid].name}", FACTION_VP if s.done[seat][slot] else 0))
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
    return (
        f"No one fulfilled every faction; {who} {verb} on the tie-break: more "
        f"resources ({sum(s.res[top])} against {sum(s.res[best])})"
    )
