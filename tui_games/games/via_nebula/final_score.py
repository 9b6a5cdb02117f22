"""The game-over breakdown of Via Nebula: the final scoring's lines, each explained.

The lines are rules.score_rows (they add up to the score); the detail rows under them
(core.DETAIL) say which tokens, which contracts and which resources in storage made
each line, in the rulebook's words.
"""

from __future__ import annotations

from collections import Counter

from tui_games.engine.core import DETAIL
from tui_games.games.via_nebula.components import CONTRACTS, EXPLORER_VP, RESOURCES, token_vp
from tui_games.games.via_nebula.state import FREE, ViaNebulaState

Rows = list[tuple[str, int]]


def _tokens(s: ViaNebulaState, seat: int) -> Rows:
    by_vp = Counter(token_vp(t) for t in s.tokens_won[seat])
    return [(f"{DETAIL}tokens worth {vp} VP", vp * n)
            for vp, n in sorted(by_vp.items(), reverse=True) if vp]


def _contracts(s: ViaNebulaState, seat: int) -> Rows:
    return [(f"{DETAIL}{CONTRACTS[c].name}", CONTRACTS[c].vp) for c in s.built[seat]]


def _explorers(s: ViaNebulaState, seat: int) -> Rows:
    n = s.explorers(seat)
    return [(f"{DETAIL}explorers revealed, {EXPLORER_VP} VP each", EXPLORER_VP * n)] if n else []


def _storage(s: ViaNebulaState, seat: int) -> Rows:
    return [(f"{DETAIL}{name}", -n) for name, n in zip(RESOURCES, s.storage[seat], strict=True)
            if n]


def leftover(s: ViaNebulaState, seat: int) -> int:
    """The resources on ``seat``'s unbuilt sites and its craftsmen's exploitations: the
    end of the game moves them to storage (rules._finish), where each costs 1 VP. The live
    score counts storage already, not these (issue 31: a newcomer lost 6 VP unseen)."""
    on_sites = sum(sum(pile) for slot, pile in enumerate(s.slot_res)
                   if s.slot_owner[slot] == seat and not s.slot_built[slot])
    worked = sum(n for hex_, n in enumerate(s.res_count) if s.craftsman[hex_] == seat != FREE)
    return on_sites + worked


def leftover_line(n: int) -> str:
    """The guild board's row for :func:`leftover` (30 columns): ``map leftovers: -6 VP at
    end``."""
    return f"map leftovers: -{n} VP at end"


def leftover_words(n: int) -> str:
    """:func:`leftover` in a sentence's words, for the plain-lines table."""
    return (f"{n} {'resource' if n == 1 else 'resources'} left on sites and exploitations "
            f"(-{n} VP at the end, in storage)")


DETAILS = {"exploitation tokens": _tokens, "contracts": _contracts,
           "explorers": _explorers, "resources in storage": _storage}


def final_breakdown(s: ViaNebulaState, seat: int, lines: Rows) -> Rows:
    """``lines`` (the seat's score rows), each followed by what made it."""
    rows: Rows = []
    for label, vp in lines:
        rows.append((label, vp))
        if label in DETAILS:
            rows.extend(DETAILS[label](s, seat))
    return rows
