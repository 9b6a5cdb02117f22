"""What the Nebula widgets show, worked out from an observation (no widget here).

The Nebula screen calls these to turn the viewer's ``NebulaState`` into the plain values
its widgets display: the cards with their markers and the viewer's progress, the score
pad as it stands, the podium of each Values track, the top line. Every rule question is
answered by the rules layer (``objectives``); this module only arranges the answers.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui_games.games.nebula.board import CLUSTER_SIZE
from tui_games.games.nebula.objectives import (
    ADVANCED_DECK,
    CAREER_DECK,
    advanced_count,
    career_done,
    personal_holds,
    score_pad,
    value_podium,
)
from tui_games.games.nebula.state import (
    ADVANCED_TOKENS,
    COLOUR_TOKENS,
    CONSTELLATION_TOKENS,
    HIDDEN,
    STAR_LETTERS,
    NebulaState,
)
from tui_games.widgets.objectives import CardsShown
from tui_games.widgets.score_pad import Row

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


def value_places(view: NebulaState) -> dict[int, int]:
    """Each ranked Value token's place on its track: 0 for 1st, 1, 2."""
    places: dict[int, int] = {}
    for track in (COLOUR_TOKENS, CONSTELLATION_TOKENS, ADVANCED_TOKENS):
        for place, token in enumerate(value_podium(view.values, view.value_stamps, track)):
            places[token] = place
    return places


def top_line(view: NebulaState, who: str) -> str:
    """`Nebula · full game · round 3 · <who>` and the last-round warning."""
    mode = "full game" if view.mode == "full" else "introductory game"
    last = " · LAST ROUND" if view.final_round and view.phase != "over" else ""
    return f"Nebula · {mode} · round {view.turn // view.players + 1} · {who}{last}"


def time_status(preview: Sequence[int], left: int) -> str:
    """What to do while planning a Time investment."""
    take = " ".join(STAR_LETTERS[s] if s >= 0 else "·" for s in preview)
    if left:
        return (f"Invest Time: {left} step{'s' if left != 1 else ''} left (↑↓ marker, ←→ "
                f"step) - would take {take}; or c: Turn to Chaos.")
    return f"Enter takes {take} (←→ take steps back); or c: Turn to Chaos."


def sentence(reason: str) -> str:
    """A rules reason as a sentence: capitalised, with a full stop."""
    reason = reason.strip()
    return reason[:1].upper() + reason[1:] + ("" if reason.endswith(".") else ".")


def time_plan(view: NebulaState) -> tuple[int, ...]:
    """The Time steps taken so far this turn, per cluster (+ clockwise, - counterclockwise),
    counted from where each marker began the turn (its moon)."""
    return tuple(way * ((at - moon) * way % CLUSTER_SIZE)
                 for at, moon, way in zip(view.markers, view.moons, view.time_dirs,
                                          strict=True))
