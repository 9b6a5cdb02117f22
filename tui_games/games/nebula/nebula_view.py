"""What the Nebula widgets show, worked out from an observation (no widget here).

The Nebula screen calls these to turn the viewer's ``NebulaState`` into the plain values
its widgets display: the cards with their markers and the viewer's progress, the score
pad as it stands, the podium of each Values track, the top line. Every rule question is
answered by the rules layer (``objectives``); this module only arranges the answers.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui_games.games.nebula.board import CLUSTER_SIZE, CONSTELLATION_LETTERS
from tui_games.games.nebula.objective_cards import CardsShown
from tui_games.games.nebula.objectives import (
    ADVANCED_DECK,
    CAREER_DECK,
    CONSTELLATION_BASE_VP,
    CONSTELLATION_RANK_VP,
    advanced_count,
    career_done,
    personal_holds,
    score_pad,
    value_podium,
)
from tui_games.games.nebula.score_pad import Row
from tui_games.games.nebula.state import (
    CONSTELLATION_TOKENS,
    HIDDEN,
    NebulaState,
)
from tui_games.games.nebula.table_model import PLACES

# The score pad's lines, shortened for the narrow pane.
PAD_LABELS = {"Personal objective": "Personal", "Career objectives": "Career",
              "Stars in the Galaxy": "Galaxy stars", "Advanced objectives": "Advanced"}


def cards_shown(view: NebulaState, viewer: int, names: Sequence[str]) -> CardsShown:
    """The cards, their markers (short names, first placed first) and how the viewer's
    Galaxy stands against each."""
    galaxy = view.galaxies[viewer]
    marks = tuple(tuple(names[s][:3] for s in seats) for seats in view.career_marks)
    ready = tuple(viewer not in seats and career_done(CAREER_DECK[card], galaxy)
                  for card, seats in zip(view.career, view.career_marks, strict=True))
    done = sum(1 for seats in view.career_marks if viewer in seats)
    counts = tuple(advanced_count(ADVANCED_DECK[card], galaxy, done) for card in view.advanced)
    personal = view.personal[viewer] if view.personal else HIDDEN
    return CardsShown(career=tuple(view.career), career_marks=marks, career_ready=ready,
                      advanced=tuple(view.advanced), advanced_counts=counts,
                      personal=personal,
                      personal_holds=personal != HIDDEN and personal_holds(view, viewer))


def pad_rows(view: NebulaState) -> tuple[list[Row], list[int], str]:
    """The score pad if the game ended now: rows (a rival's secret objective reads ``?``),
    totals and a note; at the end, the final pad."""
    players = range(view.players)
    pads = [score_pad(view, s) for s in players]
    rows: list[Row] = [("In reserve", tuple(str(sum(r)) for r in view.reserves)),
                       ("Black placed", tuple(str(b) for b in view.black_stars))]
    secret = [view.mode == "full" and view.personal[s] == HIDDEN for s in players]
    for line, (label, _) in enumerate(pads[0]):
        cells = tuple("?" if label.startswith("Personal") and secret[s]
                      else str(pads[s][line][1]) for s in players)
        rows.append((PAD_LABELS.get(label, label), cells))
    totals = [sum(vp for _, vp in pad) for pad in pads]
    note = "Final score pad." if view.phase == "over" else "If the game ended now (? = secret)."
    return rows, totals, note


def constellation_values(view: NebulaState) -> tuple[str, ...]:
    """What a complete constellation is worth and why: its place among the Values board's
    constellation tokens, or the base value when unranked. Longest wording first."""
    if not view.values:
        return (f"Each complete constellation: {CONSTELLATION_BASE_VP} VP.",)
    podium = value_podium(view.values, view.value_stamps, CONSTELLATION_TOKENS)
    ranked = [(CONSTELLATION_LETTERS[token - CONSTELLATION_TOKENS.start], vp, place)
              for token, vp, place in zip(podium, CONSTELLATION_RANK_VP, PLACES, strict=False)]
    # "Const.: 6 VP each (none ranked)" and "VP: S14 1st N12 2nd E W 6 base" read as
    # shorthand (issue 31): words first, and at 80x24 each letter with its VP.
    if not ranked:
        return (f"Each complete constellation: {CONSTELLATION_BASE_VP} VP (none ranked on "
                "the Values board yet)",
                f"Each complete constellation: {CONSTELLATION_BASE_VP} VP")
    rest = " ".join(c for c in CONSTELLATION_LETTERS if c not in {r[0] for r in ranked})
    base = f"{rest} {CONSTELLATION_BASE_VP}" if rest else ""
    long = [f"{c} {vp} ({place})" for c, vp, place in ranked]
    short = [f"{c} {vp}" for c, vp, _ in ranked]
    return (
        "Constellations: " + " · ".join(long + ([f"{base} (not ranked)"] if rest else [])),
        "Complete constellation VP: " + ", ".join(short + ([base] if rest else [])),
        "Constellation VP: " + ", ".join(short + ([base] if rest else [])),
        "Constellation VP: " + " ".join([f"{c}{vp}" for c, vp, _ in ranked]
                                        + ([base] if rest else [])),
    )


def top_line(view: NebulaState, who: str) -> str:
    """`Nebula · full game · round 3 · <who>` and the last-round warning."""
    mode = "full game" if view.mode == "full" else "introductory game"
    last = " · LAST ROUND" if view.final_round and view.phase != "over" else ""
    return f"Nebula · {mode} · round {view.turn // view.players + 1} · {who}{last}"


def time_plan(view: NebulaState) -> tuple[int, ...]:
    """The Time steps taken so far this turn, per cluster (+ clockwise, - counterclockwise),
    counted from where each marker began the turn (its moon)."""
    return tuple(way * ((at - moon) * way % CLUSTER_SIZE)
                 for at, moon, way in zip(view.markers, view.moons, view.time_dirs,
                                          strict=True))
