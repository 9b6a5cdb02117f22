"""The three objective decks as data, and each card type as a predicate over a Galaxy.

A Galaxy is a list of 25 star colours (EMPTY for an empty space) indexed like
``board.SPACES``. Career and Personal cards are yes/no conditions; Advanced cards count
how many times their pattern is present.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import NamedTuple

from tui_games.games.nebula.board import (
    ADJACENT_CONSTELLATIONS,
    ADJACENT_ORBIT_TRIPLES,
    BLACK_ZONE_VP,
    CONSTELLATION_NAMES,
    CONSTELLATIONS,
    HIGHLIGHT_ORBIT_NEIGHBOURS,
    HIGHLIGHTED,
    INDIRECT_LINKS,
    INDIRECT_SPACES,
    NEIGHBOURS,
    OPPOSITE_CONSTELLATIONS,
    ORBITS,
    OUTER_HIGHLIGHTED,
)
from tui_games.games.nebula.state import (
    ADVANCED_TOKENS,
    COLOUR_TOKENS,
    COLOURS,
    CONSTELLATION_TOKENS,
    EMPTY,
    HIDDEN,
    STAR_NAMES,
    NebulaState,
)

Galaxy = Sequence[int]


class Card(NamedTuple):
    """An objective card: its type, its parameter (a colour, orbit or constellation index,
    or a colour pair packed as ``6 * a + b``; -1 for none) and, for Career cards, the
    first completer's and later completers' VP."""

    kind: str
    param: int = -1
    top: int = 0
    bottom: int = 0


# ---- the decks --------------------------------------------------------------------------

_CAREER_ORBIT_VP = ((12, 8), (14, 9), (16, 10), (14, 9), (12, 8))
CAREER_DECK: tuple[Card, ...] = (
    *(Card("constellation_3_colours", k, 16, 10) for k in range(4)),
    *(Card("orbit_3_colours", o, *_CAREER_ORBIT_VP[o]) for o in range(5)),
    Card("indirect_spaces", -1, 16, 10),
    Card("highlight_orbit_neighbours", -1, 16, 10),
)

_R, _P, _Y, _W, _B, _O = range(6)
PERSONAL_VP = 14
PERSONAL_DECK: tuple[Card, ...] = (
    *(Card("indirect_colour", c) for c in (_R, _Y, _B)),
    *(Card("highlighted_colour", c) for c in (_P, _W, _O)),
    *(Card("six_of_colour", c) for c in (_P, _W, _O)),
    *(Card("two_in_three_constellations", c) for c in (_R, _Y, _B)),
    Card("most_black"),
    Card("few_empty"),
    Card("two_of_each"),
    Card("orbit_all_different", 1),
    Card("orbit_all_different", 3),
    Card("three_adjacent_orbits"),
    Card("opposite_constellations"),
    Card("adjacent_constellations"),
)

ADVANCED_DECK: tuple[Card, ...] = (
    *(Card("colour_pair", 6 * a + b) for a, b in combinations(range(6), 2)),
    *(Card("orbits_with_colour", c) for c in range(6)),
    *(Card("colour_by_highlight", c) for c in range(6)),
    Card("most_frequent_highlighted"),
    Card("completed_careers"),
    Card("surrounded_highlighted"),
)


# ---- shared measurements ----------------------------------------------------------------


def complete(galaxy: Galaxy, spaces: Sequence[int]) -> bool:
    """Every one of ``spaces`` holds a star."""
    for s in spaces:  # noqa: SIM110 - a plain loop: this runs every turn of every playout
        if galaxy[s] == EMPTY:
            return False
    return True


def complete_constellations(galaxy: Galaxy) -> list[int]:
    """Indices of the constellations whose 6 spaces are all occupied."""
    return [k for k, spaces in enumerate(CONSTELLATIONS) if complete(galaxy, spaces)]


def colour_count(galaxy: Galaxy, colour: int) -> int:
    """Stars of ``colour`` in the Galaxy."""
    return sum(1 for star in galaxy if star == colour)


def _exactly_three_colours(galaxy: Galaxy, spaces: Sequence[int]) -> bool:
    return complete(galaxy, spaces) and len({galaxy[s] for s in spaces}) == 3


def max_pair_matching(galaxy: Galaxy, a: int, b: int) -> int:
    """The most disjoint linked (a, b) star pairs: each star is used in at most one pair."""
    a_spaces = [s for s, star in enumerate(galaxy) if star == a]
    match_of_b: dict[int, int] = {}

    def augment(s: int, seen: set[int]) -> bool:
        for n in NEIGHBOURS[s]:
            if galaxy[n] == b and n not in seen:
                seen.add(n)
                if n not in match_of_b or augment(match_of_b[n], seen):
                    match_of_b[n] = s
                    return True
        return False

    return sum(1 for s in a_spaces if augment(s, set()))


# ---- Career and Personal conditions ------------------------------------------------------


def career_done(card: Card, galaxy: Galaxy) -> bool:
    """Whether ``galaxy`` fulfils Career ``card``."""
    kind = card.kind
    if kind == "constellation_3_colours":
        return _exactly_three_colours(galaxy, CONSTELLATIONS[card.param])
    if kind == "orbit_3_colours":
        return _exactly_three_colours(galaxy, ORBITS[card.param])
    if kind == "indirect_spaces":
        return complete(galaxy, INDIRECT_SPACES)
    if kind == "highlight_orbit_neighbours":
        return complete(galaxy, HIGHLIGHT_ORBIT_NEIGHBOURS)
    raise ValueError(f"not a Career card: {card}")


def personal_done(card: Card, galaxy: Galaxy, black: int, rivals_black: Sequence[int]) -> bool:
    """Whether Personal ``card`` holds for a Galaxy with ``black`` black stars placed,
    rivals having ``rivals_black``."""
    kind, c = card.kind, card.param
    if kind == "indirect_colour":
        return all(galaxy[x] == c or galaxy[y] == c for x, y in INDIRECT_LINKS)
    if kind == "highlighted_colour":
        return sum(1 for s in HIGHLIGHTED if galaxy[s] == c) >= 4
    if kind == "six_of_colour":
        return colour_count(galaxy, c) >= 6
    if kind == "most_black":
        # A tie for first place still completes it.
        return all(black >= other for other in rivals_black)
    if kind == "few_empty":
        return sum(1 for star in galaxy if star == EMPTY) <= 4
    if kind == "two_of_each":
        return all(colour_count(galaxy, colour) >= 2 for colour in range(6))
    if kind == "orbit_all_different":
        ring = ORBITS[c]
        return complete(galaxy, ring) and len({galaxy[s] for s in ring}) == len(ring)
    if kind == "two_in_three_constellations":
        return (
            sum(1 for spaces in CONSTELLATIONS if sum(1 for s in spaces if galaxy[s] == c) >= 2)
            >= 3
        )
    if kind == "three_adjacent_orbits":
        return any(
            all(complete(galaxy, ORBITS[o]) for o in triple) for triple in ADJACENT_ORBIT_TRIPLES
        )
    if kind in ("opposite_constellations", "adjacent_constellations"):
        pairs = OPPOSITE_CONSTELLATIONS if kind.startswith("opposite") else ADJACENT_CONSTELLATIONS
        done = set(complete_constellations(galaxy))
        return any(a in done and b in done for a, b in pairs)
    raise ValueError(f"not a Personal card: {card}")


def personal_progress(
    card: Card, galaxy: Galaxy, black: int, rivals_black: Sequence[int]
) -> tuple[int, int]:
    """How far a Galaxy is towards Personal ``card``: ``(have, need)`` in the card's own
    unit (links, spaces, stars, Constellations, colours). For "most black" ``need`` is the
    most black stars any rival has."""
    kind, c = card.kind, card.param
    if kind == "indirect_colour":
        return sum(1 for x, y in INDIRECT_LINKS if c in (galaxy[x], galaxy[y])), len(INDIRECT_LINKS)
    if kind == "highlighted_colour":
        return sum(1 for s in HIGHLIGHTED if galaxy[s] == c), 4
    if kind == "six_of_colour":
        return colour_count(galaxy, c), 6
    if kind == "most_black":
        return black, max(rivals_black, default=0)
    if kind == "few_empty":
        return sum(1 for star in galaxy if star != EMPTY), len(galaxy) - 4
    if kind == "two_of_each":
        return sum(1 for colour in range(6) if colour_count(galaxy, colour) >= 2), 6
    if kind == "orbit_all_different":
        ring = ORBITS[c]
        return len({galaxy[s] for s in ring} - {EMPTY}), len(ring)
    if kind == "two_in_three_constellations":
        held = sum(
            1 for spaces in CONSTELLATIONS if sum(1 for s in spaces if galaxy[s] == c) >= 2)
        return held, 3
    if kind == "three_adjacent_orbits":
        groups = [[s for o in triple for s in ORBITS[o]] for triple in ADJACENT_ORBIT_TRIPLES]
    elif kind in ("opposite_constellations", "adjacent_constellations"):
        pairs = OPPOSITE_CONSTELLATIONS if kind.startswith("opposite") else ADJACENT_CONSTELLATIONS
        groups = [[*CONSTELLATIONS[a], *CONSTELLATIONS[b]] for a, b in pairs]
    else:
        raise ValueError(f"not a Personal card: {card}")
    # the group nearest to complete: the spaces it still lacks are what the card asks for
    best = min(groups, key=lambda spaces: sum(1 for s in spaces if galaxy[s] == EMPTY))
    return sum(1 for s in best if galaxy[s] != EMPTY), len(best)


def personal_unit(card: Card) -> str:
    """What ``personal_progress`` counts, plural: "links", "stars"..."""
    return {
        "indirect_colour": "links",
        "highlighted_colour": "spaces",
        "six_of_colour": "stars",
        "most_black": "black stars",
        "few_empty": "stars placed",
        "two_of_each": "colours",
        "orbit_all_different": "colours",
        "two_in_three_constellations": "Constellations",
    }.get(card.kind, "spaces")


def personal_colour(card: Card) -> int | None:
    """The one star colour (6 for black) a Personal card asks for, if it names one."""
    if card.kind in ("indirect_colour", "highlighted_colour", "six_of_colour",
                     "two_in_three_constellations"):
        return card.param
    return 6 if card.kind == "most_black" else None


def career_spaces(card: Card) -> tuple[int, ...]:
    """The spaces a Career card needs filled."""
    if card.kind == "constellation_3_colours":
        return CONSTELLATIONS[card.param]
    if card.kind == "orbit_3_colours":
        return ORBITS[card.param]
    return INDIRECT_SPACES if card.kind == "indirect_spaces" else HIGHLIGHT_ORBIT_NEIGHBOURS


CARD_NAME_WIDTH = 20
"""The longest Career name: the Cards pane at 80x24 puts its VP and two markers beside it."""


def career_short(card: Card) -> str:
    """A Career card's one short name, the same in the Cards pane, the hints and the score
    sheet (issue 31: a hint said "South Constellation" where the others said "South in 3
    colours"): "South in 3 colours", "Orbit 2 in 3 colours", "8 Indirect Link ends"."""
    if card.kind == "constellation_3_colours":
        return f"{CONSTELLATION_NAMES[card.param]} in 3 colours"
    if card.kind == "orbit_3_colours":
        return f"Orbit {card.param + 1} in 3 colours"
    return "8 Indirect Link ends" if card.kind == "indirect_spaces" else "8 next to highlights"


ADVANCED_NAME_WIDTH = 29
"""The longest Advanced name: the Cards pane at 80x24 puts "A1 " and a count beside it."""


def advanced_short(card: Card) -> str:
    """An Advanced card's one short name, in the Cards pane and the score sheet: "each R
    linked to a Y" ("highlights fully linked" read as shorthand: issue 31)."""
    c = card.param
    if card.kind == "colour_pair":
        second = COLOURS[c % 6]
        return f"each {COLOURS[c // 6]} linked to {'an' if second in 'RO' else 'a'} {second}"
    if card.kind == "orbits_with_colour":
        return f"each orbit with {'an' if COLOURS[c] in 'RO' else 'a'} {COLOURS[c]}"
    if card.kind == "colour_by_highlight":
        return f"each {COLOURS[c]} next to a highlight"
    if card.kind == "most_frequent_highlighted":
        return "top colour on highlights"
    if card.kind == "completed_careers":
        return "each Career completed"  # the score sheet names every player's
    return "each surrounded highlight"


def advanced_name(slot: int, card: Card) -> str:
    """The one name the log, the hints and the lines front end give the Advanced card in
    ``slot`` (1..4): the Cards pane's label and short name, "Advanced objective A4 (each
    surrounded highlight)". The log once quoted the card's full text instead (issue 31)."""
    return f"Advanced objective A{slot} ({advanced_short(card)})"


# ---- Advanced patterns -------------------------------------------------------------------


def advanced_count(card: Card, galaxy: Galaxy, careers_completed: int) -> int:
    """How many times Advanced ``card``'s pattern is present (VP come from its Value rank)."""
    kind, c = card.kind, card.param
    if kind == "colour_pair":
        return max_pair_matching(galaxy, c // 6, c % 6)
    if kind == "orbits_with_colour":
        return sum(1 for ring in ORBITS if any(galaxy[s] == c for s in ring))
    if kind == "colour_by_highlight":
        return sum(1 for s in HIGHLIGHT_ORBIT_NEIGHBOURS if galaxy[s] == c)
    if kind == "most_frequent_highlighted":
        stars = [galaxy[s] for s in HIGHLIGHTED if galaxy[s] != EMPTY]
        return max((stars.count(colour) for colour in set(stars)), default=0)
    if kind == "completed_careers":
        return careers_completed
    if kind == "surrounded_highlighted":
        # Only the linked spaces must be full; the highlighted space itself may be empty.
        return sum(1 for h in OUTER_HIGHLIGHTED if all(galaxy[n] != EMPTY for n in NEIGHBOURS[h]))
    raise ValueError(f"not an Advanced card: {card}")


# ---- card text ---------------------------------------------------------------------------


def _article(name: str) -> str:
    """``a red (R)`` / ``an orange (O)``."""
    return f"{'an' if name[:1] in 'aeiou' else 'a'} {name}"


def _colour(c: int) -> str:
    return f"{STAR_NAMES[c]} ({COLOURS[c]})"


def career_text(card: Card) -> str:
    """The Career card in words, with its VP for the first and later completers."""
    return f"{career_body(card)} ({card.top}/{card.bottom} VP)"


def career_body(card: Card) -> str:
    """What the Career card asks, without its VP."""
    kind, k = card.kind, card.param
    if kind == "constellation_3_colours":
        body = f"{CONSTELLATION_NAMES[k]} Constellation complete with exactly 3 colours"
    elif kind == "orbit_3_colours":
        body = f"Orbit {k + 1} complete with exactly 3 colours"
    elif kind == "indirect_spaces":
        body = "Occupy the 8 spaces at the ends of the Indirect Links"
    else:
        body = "Occupy the 8 spaces orbit-linked to the outer Highlighted spaces"
    return body


def personal_text(card: Card) -> str:
    """The Personal card in words."""
    kind, c = card.kind, card.param
    texts = {
        "indirect_colour": lambda: f"A {_colour(c)} star on each of the 4 Indirect Links",
        "highlighted_colour": lambda: (
            f"{_colour(c)[:1].upper()}{_colour(c)[1:]} stars on 4 Highlighted spaces"
        ),
        "six_of_colour": lambda: f"At least 6 {_colour(c)} stars in your Galaxy",
        "two_in_three_constellations": lambda: f"At least 2 {_colour(c)} stars in 3 Constellations",
        "most_black": lambda: "More black stars than every rival (a tie counts)",
        "few_empty": lambda: "4 or fewer empty spaces in your Galaxy",
        "two_of_each": lambda: "At least 2 stars of each colour in your Galaxy",
        "orbit_all_different": lambda: f"Orbit {c + 1} complete with no colour repeated",
        "three_adjacent_orbits": lambda: "3 adjacent Orbits complete",
        "opposite_constellations": lambda: "2 opposite Constellations complete",
        "adjacent_constellations": lambda: "2 adjacent Constellations complete",
    }
    return f"{texts[kind]()} ({PERSONAL_VP} VP)"


def advanced_text(card: Card) -> str:
    """The Advanced card in words (its VP per pattern depend on the Values board)."""
    kind, c = card.kind, card.param
    if kind == "colour_pair":
        return f"Each {_colour(c // 6)} star linked to {_article(_colour(c % 6))} star"
    if kind == "orbits_with_colour":
        return f"Each Orbit holding {_article(_colour(c))} star"
    if kind == "colour_by_highlight":
        return f"Each {_colour(c)} star orbit-linked to an outer Highlighted space"
    if kind == "most_frequent_highlighted":
        return "Each star of the commonest colour on the Highlighted spaces"
    if kind == "completed_careers":
        return "Each Career objective you completed"
    return "Each outer Highlighted space with no empty linked space"


# ---- the score pad ------------------------------------------------------------------------

COLOUR_RANK_VP = (3, 2, 1)  # per star of the colour ranked 1st, 2nd, 3rd
CONSTELLATION_RANK_VP = (14, 12, 10)  # per complete Constellation ranked 1st..3rd
CONSTELLATION_BASE_VP = 6
ADVANCED_RANK_VP = (4, 3, 2)  # per pattern of the card ranked 1st..3rd


def value_podium(values: Sequence[int], stamps: Sequence[int], tokens: range) -> list[int]:
    """The tokens of one Values track in 1st, 2nd, 3rd place: furthest first, the token on
    top of a shared space first; a token that never left 0 does not place."""
    moved = [t for t in tokens if values[t] > 0]
    moved.sort(key=lambda t: (values[t], stamps[t]), reverse=True)
    return moved[:3]


def token_vp(
    values: Sequence[int], stamps: Sequence[int], tokens: range, paid: Sequence[int]
) -> dict[int, int]:
    """Track position -> VP: ``{index in track: VP}`` for the podium of ``tokens``."""
    return {
        t - tokens.start: vp
        for t, vp in zip(value_podium(values, stamps, tokens), paid, strict=False)
    }


def career_vp(s: NebulaState, player: int) -> int:
    """VP from ``player``'s Career markers: top value for the first completer."""
    total = 0
    for card_id, marks in zip(s.career, s.career_marks, strict=True):
        if player in marks:
            card = CAREER_DECK[card_id]
            total += card.top if marks[0] == player else card.bottom
    return total


def personal_holds(s: NebulaState, player: int) -> bool:
    """Whether ``player``'s kept Personal objective holds now (False when hidden)."""
    card_id = s.personal[player] if s.personal else HIDDEN
    if card_id == HIDDEN:
        return False
    rivals = [b for seat, b in enumerate(s.black_stars) if seat != player]
    return personal_done(PERSONAL_DECK[card_id], s.galaxies[player], s.black_stars[player], rivals)


def score_pad(s: NebulaState, player: int) -> list[tuple[str, int]]:
    """Each line of the score pad for ``player``, in the pad's order (intro: 3 lines)."""
    galaxy = s.galaxies[player]
    done = complete_constellations(galaxy)
    careers = career_vp(s, player)
    black = BLACK_ZONE_VP[s.black_stars[player]]
    if s.mode == "intro":
        return [
            ("Career objectives", careers),
            ("Black stars", black),
            ("Constellations", CONSTELLATION_BASE_VP * len(done)),
        ]
    rank_vp = token_vp(s.values, s.value_stamps, CONSTELLATION_TOKENS, CONSTELLATION_RANK_VP)
    constellations = sum(rank_vp.get(k, CONSTELLATION_BASE_VP) for k in done)
    colour_vp = token_vp(s.values, s.value_stamps, COLOUR_TOKENS, COLOUR_RANK_VP)
    stars = sum(vp * colour_count(galaxy, c) for c, vp in colour_vp.items())
    card_vp = token_vp(s.values, s.value_stamps, ADVANCED_TOKENS, ADVANCED_RANK_VP)
    completed = sum(1 for marks in s.career_marks if player in marks)
    advanced = sum(
        vp * advanced_count(ADVANCED_DECK[s.advanced[slot]], galaxy, completed)
        for slot, vp in card_vp.items()
    )
    return [
        ("Personal objective", PERSONAL_VP if personal_holds(s, player) else 0),
        ("Career objectives", careers),
        ("Black stars", black),
        ("Constellations", constellations),
        ("Stars in the Galaxy", stars),
        ("Advanced objectives", advanced),
    ]
