"""The game-over breakdown: the score pad's lines, each explained line by line.

The pad's lines (objectives.score_pad) add up to the score; under a line, detail rows
(core.DETAIL) say which Constellation, Career card, colour or Advanced card paid what.
"""

from __future__ import annotations

from tui_games.engine.core import DETAIL
from tui_games.games.nebula.board import CONSTELLATION_NAMES
from tui_games.games.nebula.objectives import (
    ADVANCED_DECK,
    ADVANCED_RANK_VP,
    CAREER_DECK,
    COLOUR_RANK_VP,
    CONSTELLATION_BASE_VP,
    CONSTELLATION_RANK_VP,
    advanced_count,
    advanced_short,
    career_short,
    colour_count,
    complete_constellations,
    score_pad,
    token_vp,
)
from tui_games.games.nebula.state import (
    ADVANCED_TOKENS,
    COLOUR_TOKENS,
    CONSTELLATION_TOKENS,
    STAR_NAMES,
    NebulaState,
)

Rows = list[tuple[str, int]]


def _careers(s: NebulaState, player: int) -> Rows:
    rows = []
    for card_id, marks in zip(s.career, s.career_marks, strict=True):
        if player in marks:
            card = CAREER_DECK[card_id]
            first = marks[0] == player
            rows.append((f"{DETAIL}{career_short(card)}{' (first)' if first else ''}",
                         card.top if first else card.bottom))
    return rows


def _constellations(s: NebulaState, player: int) -> Rows:
    done = complete_constellations(s.galaxies[player])
    paid = ({} if s.mode == "intro" else
            token_vp(s.values, s.value_stamps, CONSTELLATION_TOKENS, CONSTELLATION_RANK_VP))
    return [(f"{DETAIL}{CONSTELLATION_NAMES[k]} Constellation",
             paid.get(k, CONSTELLATION_BASE_VP)) for k in done]


def _stars(s: NebulaState, player: int) -> Rows:
    paid = token_vp(s.values, s.value_stamps, COLOUR_TOKENS, COLOUR_RANK_VP)
    rows = []
    for colour, vp in paid.items():
        count = colour_count(s.galaxies[player], colour)
        if count:
            rows.append((f"{DETAIL}{STAR_NAMES[colour]} stars, {vp} VP each", vp * count))
    return rows


def _advanced(s: NebulaState, player: int) -> Rows:
    paid = token_vp(s.values, s.value_stamps, ADVANCED_TOKENS, ADVANCED_RANK_VP)
    completed = sum(1 for marks in s.career_marks if player in marks)
    rows = []
    for slot, vp in paid.items():
        card = ADVANCED_DECK[s.advanced[slot]]
        count = advanced_count(card, s.galaxies[player], completed)
        if count:
            # "each Career completed, 4 VP each" said "each" twice
            rows.append((f"{DETAIL}{advanced_short(card)}: {vp} VP", vp * count))
    return rows


def final_breakdown(s: NebulaState, player: int, pad: Rows | None = None) -> Rows:
    """The pad's lines for ``player`` (``pad``, when already worked out), each followed
    by the details that make it up."""
    details = {
        "Career objectives": _careers,
        "Constellations": _constellations,
        "Stars in the Galaxy": _stars,
        "Advanced objectives": _advanced,
    }
    rows: Rows = []
    for label, vp in score_pad(s, player) if pad is None else pad:
        rows.append((label, vp))
        if label == "Black stars":
            # a count, not VP: the tie-break compares it
            rows.append((f"{DETAIL}Black Stars placed", s.black_stars[player]))
        elif label in details:
            rows.extend(details[label](s, player))
    return rows
