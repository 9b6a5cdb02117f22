"""Nebula's table in sentences, for the lines front end (see tui_games/lines).

Built on the words the screen uses: star names (state.py), the objectives' texts
(objectives.py), the score pad's rows, the Time markers' moves (describe.py) and the
Galaxy's space names and links (board.py). Every function reads the seat's observation.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from tui_games.engine.core import SPECTATOR
from tui_games.engine.grammar import plural
from tui_games.games.nebula.board import (
    CLUSTER_NAMES,
    CLUSTER_SIZE,
    CONSTELLATION_NAMES,
    CONSTELLATIONS,
    INDEX,
    NEIGHBOURS,
    SPACES,
    link_kind,
)
from tui_games.games.nebula.describe import and_list, stars_in_front
from tui_games.games.nebula.objectives import (
    ADVANCED_DECK,
    CAREER_DECK,
    PERSONAL_DECK,
    advanced_name,
    advanced_text,
    career_body,
    personal_text,
    score_pad,
)
from tui_games.games.nebula.state import EMPTY, HIDDEN, STAR_NAMES, NebulaState, star_name

_LETTER = re.compile(r" \([A-Z]\)(?=\W|$)")  # "red (R) star": the screen's letter for it
SCORE_UNITS = ("VP", "VP")  # what the final scores count, said in the result


def spoken(text: str) -> str:
    """A text of the rules, log or objectives read aloud: the star's letter in brackets
    is how the screen's board shows that colour, and a listener hears the colour's name
    already ("a red (R) star" is "a red star"; black is K)."""
    return _LETTER.sub("", text)


PHASES = {
    "personal": "keep a Personal objective",
    "collect": "Invest Time: move the markers, then take the stars they face",
    "time": "Invest Time: move the markers, then take the stars they face",
    "chaos": "keep stars from the chaos draw",
    "place": "position your stars in your Galaxy",
    "value": "advance a Value token",
}


def _who(seat: int, viewer: int, names: Sequence[str]) -> str:
    return "you" if seat == viewer else names[seat]


def _star(colour: int) -> str:
    return "empty" if colour == EMPTY else star_name(colour)


def _faced(colour: int) -> str:
    # "faces empty" is not a sentence a listener expects; a space is what it faces.
    return "an empty space" if colour == EMPTY else star_name(colour)


def _reserve(counts: Sequence[int]) -> str:
    held = [f"{n} {STAR_NAMES[c]}" for c, n in enumerate(counts) if n]
    return and_list(held) if held else "nothing"


def _total(view: NebulaState, seat: int) -> int:
    return sum(value for _, value in score_pad(view, seat))


def _galaxy(view: NebulaState, seat: int, viewer: int, names: Sequence[str]) -> list[str]:
    galaxy = view.galaxies[seat]
    who = _who(seat, viewer, names)
    lines = [
        f"{who[:1].upper()}{who[1:]}: {_total(view, seat)} VP so far, "
        f"{plural(sum(1 for c in galaxy if c != EMPTY), 'star')} in the Galaxy, "
        f"{plural(view.black_stars[seat], 'black star')} in the Black Star Zone, "
        f"reserve {_reserve(view.reserves[seat])}."
    ]
    centre = galaxy[INDEX["C"]]
    lines.append(f"Centre C: {_star(centre)}.")
    for name, spaces in zip(CONSTELLATION_NAMES, CONSTELLATIONS, strict=True):
        filled = [f"{SPACES[i]} {STAR_NAMES[galaxy[i]]}" for i in spaces if galaxy[i] != EMPTY]
        lines.append(f"{name}: {', '.join(filled) if filled else 'empty'}.")
    return lines


def _clusters(view: NebulaState) -> str:
    facing = [
        f"the {name} marker faces {_faced(star)}"
        for name, star in zip(CLUSTER_NAMES, stars_in_front(view), strict=True)
    ]
    return f"Star clusters: {and_list(facing)}."


def _plain(colour: int) -> str:
    return "empty" if colour == EMPTY else STAR_NAMES[colour]


def _steps(ring: Sequence[int], at: int, way: int, count: int) -> str:
    return ", ".join(_plain(ring[(at + way * step) % CLUSTER_SIZE]) for step in range(1, count + 1))


def _cluster_ring(view: NebulaState, cluster: int) -> str:
    """What lies round one cluster from its marker, in the order the marker would meet it,
    so a listener can plan the Time steps: which the faced star alone never tells.
    Clockwise to halfway and counterclockwise the rest names each space once, by its
    shorter way; a marker already moved this turn can only go on its way, as far as the
    steps left."""
    ring, at = view.clusters[cluster], view.markers[cluster]
    head = f"The {CLUSTER_NAMES[cluster]} marker faces {_faced(ring[at])}"
    way = view.time_dirs[cluster] if view.phase in ("collect", "time") else 0
    if way:
        word = "clockwise" if way > 0 else "counterclockwise"
        if not view.time_left:
            return f"{head}; it moved {word} this turn."
        ahead = _steps(ring, at, way, min(view.time_left, CLUSTER_SIZE - 1))
        return f"{head}; it moves {word} this turn, step by step: {ahead}."
    half = CLUSTER_SIZE // 2
    return (
        f"{head}; clockwise, step by step: {_steps(ring, at, 1, half)}; "
        f"counterclockwise: {_steps(ring, at, -1, CLUSTER_SIZE - 1 - half)}."
    )


def _cluster_rings(view: NebulaState) -> list[str]:
    return [_cluster_ring(view, cluster) for cluster in range(len(CLUSTER_NAMES))]


def stand(view: NebulaState, seat: int, names: Sequence[str]) -> str:
    scores = ", ".join(f"{_who(p, seat, names)} {_total(view, p)}" for p in range(view.players))
    doing = PHASES.get(view.phase, "") if view.current == seat else ""
    investing = view.phase in ("collect", "time")
    steps = f", {plural(view.time_left, 'Time step')} left. {_clusters(view)}" if investing else "."
    now = f" Now: {doing}{steps}" if doing else ""
    final = " This is the final round." if view.final_round else ""
    return f"VP so far: {scores}. Your reserve: {_reserve(view.reserves[seat])}.{final}{now}"


def _career(view: NebulaState, n: int, seat: int, names: Sequence[str]) -> str:
    """One Career card: what it asks, its two VP values in words rather than "16/10 VP"
    (which a listener hears as a fraction), and who has completed it, in order."""
    card = CAREER_DECK[view.career[n]]
    marks = view.career_marks[n] if n < len(view.career_marks) else []
    done = f" Done by {and_list([_who(p, seat, names) for p in marks])}." if marks else ""
    return (
        f"Career objective {n + 1}: {career_body(card)}: {card.top} VP for the first to "
        f"complete it, {card.bottom} VP after.{done}"
    )


def _objectives(view: NebulaState, seat: int, names: Sequence[str]) -> list[str]:
    lines = [_career(view, n, seat, names) for n in range(len(view.career))]
    lines += [
        # Named as the log names it, then read in full: one name per card (issue 31).
        f"{advanced_name(n, ADVANCED_DECK[card])}: {advanced_text(ADVANCED_DECK[card])}."
        for n, card in enumerate(view.advanced, start=1)
    ]
    mine = view.personal[seat] if 0 <= seat < len(view.personal) else HIDDEN
    if mine != HIDDEN:
        lines.append(f"Your Personal objective: {personal_text(PERSONAL_DECK[mine])}.")
    return lines


def table(view: NebulaState, seat: int, names: Sequence[str]) -> list[str]:
    lines = [*_cluster_rings(view), *_objectives(view, seat, names)]
    for p in [seat, *(p for p in range(view.players) if p != seat)]:
        lines += _galaxy(view, p, seat, names)
    return lines


def public(view: NebulaState, names: Sequence[str]) -> list[str]:
    """The table as a spectator sees it: the clusters, the common objectives and every
    Galaxy, and no Personal objective."""
    lines = [_clusters(view), *_objectives(view, SPECTATOR, names)]
    for p in range(view.players):
        lines += _galaxy(view, p, SPECTATOR, names)
    return lines


def hand(view: NebulaState, seat: int, names: Sequence[str]) -> list[str]:
    lines = [f"Your reserve: {_reserve(view.reserves[seat])}."]
    mine = view.personal[seat] if 0 <= seat < len(view.personal) else HIDDEN
    if mine != HIDDEN:
        lines.append(f"Your Personal objective: {personal_text(PERSONAL_DECK[mine])}.")
    return lines


def score(view: NebulaState, seat: int, names: Sequence[str]) -> list[str]:
    lines = []
    for p in range(view.players):
        rows = ", ".join(f"{label} {value}" for label, value in score_pad(view, p))
        lines.append(
            f"{_who(p, seat, names)[:1].upper()}{_who(p, seat, names)[1:]}: "
            f"{_total(view, p)} VP ({rows})."
        )
    return lines


def places(view: NebulaState, names: Sequence[str]) -> list[str]:
    return ["a space of your Galaxy (C, N1 ... W5)", "clusters", "objectives", *names]


def _space(view: NebulaState, seat: int, name: str) -> int | None:
    for space, label in enumerate(SPACES):
        if label.lower() == name.strip().lower():
            return space
    return None


def place(view: NebulaState, seat: int, names: Sequence[str], name: str) -> list[str] | None:
    asked = name.strip().lower()
    if asked == "clusters":
        return _cluster_rings(view)
    if asked == "objectives":
        return _objectives(view, seat, names)
    for p, seat_name in enumerate(names):
        if asked == seat_name.lower() or (asked in ("me", "you") and p == seat):
            return _galaxy(view, p, seat, names)
    space = _space(view, seat, name)
    if space is None:
        return None
    return [
        f"{SPACES[space]} in your Galaxy: {_star(view.galaxies[seat][space])}.",
        *(near(view, seat, names, name) or []),
    ]


def near(view: NebulaState, seat: int, names: Sequence[str], name: str) -> list[str] | None:
    space = _space(view, seat, name)
    if space is None:
        return None
    galaxy = view.galaxies[seat]
    linked = [
        f"{SPACES[n]} ({link_kind(space, n)} link) {_star(galaxy[n])}" for n in NEIGHBOURS[space]
    ]
    return [f"Linked to {SPACES[space]}: {'; '.join(linked)}."]


def secret_names(state: NebulaState, seat: int) -> set[str]:
    """The Personal objectives ``seat`` cannot see in the true ``state`` (offered to or
    kept by a rival before the end), which no line told to the seat may name."""
    if state.mode != "full":
        return set()
    hidden = {card for p in range(state.players) if p != seat for card in state.personal_offer[p]}
    if state.phase != "over":
        hidden |= {state.personal[p] for p in range(state.players) if p != seat}
    mine = set(state.personal_offer[seat]) | {state.personal[seat]}
    return {personal_text(PERSONAL_DECK[c]) for c in hidden - mine if c >= 0}
