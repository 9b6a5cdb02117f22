"""The three objective decks, and every card type as a predicate over a Galaxy."""

from __future__ import annotations

from collections import Counter

import pytest
from nebula_helpers import galaxy, star

from tui_games.games.nebula.board import SPACES
from tui_games.games.nebula.objectives import (
    ADVANCED_DECK,
    CAREER_DECK,
    PERSONAL_DECK,
    Card,
    advanced_count,
    advanced_text,
    career_done,
    career_text,
    max_pair_matching,
    personal_done,
    personal_text,
)

NORTH = "N1=R N2=P N3=Y N3b=R N4=P N5=Y"            # 3 colours
NORTH_4 = "N1=R N2=P N3=Y N3b=R N4=W N5=Y"          # 4 colours
EAST = "E1=R E2=P E2b=Y E3=R E4=Y E5=P"
SOUTH = "S1=W S2=B S3=O S3b=W S4=B S5=O"
WEST = "W1=W W2=B W3=O W4=W W4b=B W5=O"
ORBIT3 = "N3=R N3b=P E3=Y S3=R S3b=P W3=Y"


# ---- the decks -------------------------------------------------------------------------

def test_career_deck_is_the_appendix_types_over_their_parameters() -> None:
    kinds = Counter(card.kind for card in CAREER_DECK)
    assert kinds == {"constellation_3_colours": 4, "orbit_3_colours": 5,
                     "indirect_spaces": 1, "highlight_orbit_neighbours": 1}
    orbit_vp = [(c.top, c.bottom) for c in CAREER_DECK if c.kind == "orbit_3_colours"]
    assert orbit_vp == [(12, 8), (14, 9), (16, 10), (14, 9), (12, 8)]
    assert all((c.top, c.bottom) == (16, 10) for c in CAREER_DECK
               if c.kind != "orbit_3_colours")


def test_personal_deck_has_20_cards_covering_every_type_with_colours_spread_evenly() -> None:
    assert len(PERSONAL_DECK) == 20 == len(set(PERSONAL_DECK))
    assert {c.kind for c in PERSONAL_DECK} == {
        "indirect_colour", "highlighted_colour", "six_of_colour", "most_black",
        "few_empty", "two_of_each", "orbit_all_different", "two_in_three_constellations",
        "three_adjacent_orbits", "opposite_constellations", "adjacent_constellations"}
    colour_kinds = ("indirect_colour", "highlighted_colour", "six_of_colour",
                    "two_in_three_constellations")
    colours = Counter(c.param for c in PERSONAL_DECK if c.kind in colour_kinds)
    assert set(colours) == set(range(6)) and len(set(colours.values())) == 1


def test_advanced_deck_is_the_30_appendix_cards() -> None:
    kinds = Counter(card.kind for card in ADVANCED_DECK)
    assert len(ADVANCED_DECK) == 30 == len(set(ADVANCED_DECK))
    assert kinds == {"colour_pair": 15, "orbits_with_colour": 6, "colour_by_highlight": 6,
                     "most_frequent_highlighted": 1, "completed_careers": 1,
                     "surrounded_highlighted": 1}
    pairs = {(c.param // 6, c.param % 6) for c in ADVANCED_DECK if c.kind == "colour_pair"}
    assert all(a < b for a, b in pairs) and len(pairs) == 15


def test_every_card_has_text() -> None:
    texts = ([career_text(c) for c in CAREER_DECK] + [personal_text(c) for c in PERSONAL_DECK]
             + [advanced_text(c) for c in ADVANCED_DECK])
    assert all(texts) and len(set(texts)) == len(texts)


# ---- Career -----------------------------------------------------------------------------

def test_career_constellation_complete_with_exactly_3_colours() -> None:
    north = Card("constellation_3_colours", 0)
    assert career_done(north, galaxy(NORTH))
    assert not career_done(north, galaxy(NORTH_4))
    assert not career_done(north, galaxy("N1=R N2=P N3=Y N3b=R N4=P"))      # incomplete
    assert not career_done(north, galaxy("N1=R N2=P N3=R N3b=P N4=P N5=R"))  # 2 colours
    assert not career_done(Card("constellation_3_colours", 1), galaxy(NORTH))


def test_career_orbit_complete_with_exactly_3_colours() -> None:
    assert career_done(Card("orbit_3_colours", 2), galaxy(ORBIT3))
    assert not career_done(Card("orbit_3_colours", 2), galaxy(ORBIT3 + " W3=W"))
    assert career_done(Card("orbit_3_colours", 0), galaxy("N1=R E1=P S1=R W1=Y"))
    assert not career_done(Card("orbit_3_colours", 0), galaxy("N1=R E1=P S1=R"))


def test_career_occupy_the_8_indirect_link_spaces() -> None:
    card = Card("indirect_spaces")
    full = "N1=R N5=P E2=R E4=P S1=R S5=P W2=R W5=P"
    assert career_done(card, galaxy(full))
    assert not career_done(card, galaxy(full.replace(" W5=P", "")))


def test_career_occupy_the_8_orbit_neighbours_of_the_highlighted_spaces() -> None:
    card = Card("highlight_orbit_neighbours")
    full = "N3b=R W3=P E3=R S3b=P E2=R S2=P W4=R N4=P"
    assert career_done(card, galaxy(full))
    assert not career_done(card, galaxy(full.replace("N4=P", "N3=P")))   # centre irrelevant


# ---- Personal ---------------------------------------------------------------------------

def _personal(kind: str, param: int, text: str, black: int = 0,
              rivals: tuple[int, ...] = (0,)) -> bool:
    return personal_done(Card(kind, param), galaxy(text), black, rivals)


def test_personal_colour_on_each_of_the_4_indirect_links_either_end() -> None:
    r = star("R")
    assert _personal("indirect_colour", r, "N1=R E4=R S5=R W2=R")
    assert not _personal("indirect_colour", r, "N1=R N5=R E4=R S5=R")     # W link missing


def test_personal_at_least_4_highlighted_spaces_of_a_colour_centre_included() -> None:
    w = star("W")
    assert _personal("highlighted_colour", w, "C=W N3=W S3=W E2b=W W4b=P")
    assert not _personal("highlighted_colour", w, "C=P N3=W S3=W E2b=W W4b=P")


def test_personal_at_least_6_stars_of_a_colour() -> None:
    o = star("O")
    assert _personal("six_of_colour", o, "C=O N2=O N4=O E2=O E5=O S3=O")
    assert not _personal("six_of_colour", o, "C=O N2=O N4=O E2=O E5=O")


def test_personal_more_black_stars_than_rivals_a_tie_counts() -> None:
    assert _personal("most_black", -1, "", black=3, rivals=(2, 3))
    assert not _personal("most_black", -1, "", black=2, rivals=(3, 0))


def test_personal_4_or_fewer_empty_spaces() -> None:
    full = [f"{name}=R" for name in SPACES[:21]]
    assert _personal("few_empty", -1, " ".join(full))             # 4 empty
    assert not _personal("few_empty", -1, " ".join(full[:-1]))     # 5 empty


def test_personal_at_least_2_stars_of_each_colour() -> None:
    text = "C=R N1=R N2=P N3=P N4=Y N5=Y E1=W E2=W E3=B E4=B E5=O S1=O"
    assert _personal("two_of_each", -1, text)
    assert not _personal("two_of_each", -1, text.replace("S1=O", "S1=R"))


def test_personal_orbit_complete_with_no_repeated_colour() -> None:
    assert _personal("orbit_all_different", 1, "N2=R E2=P E2b=Y S2=W W2=B")
    assert not _personal("orbit_all_different", 1, "N2=R E2=P E2b=Y S2=W W2=R")
    assert not _personal("orbit_all_different", 1, "N2=R E2=P E2b=Y S2=W")


def test_personal_2_stars_of_a_colour_in_3_constellations() -> None:
    b = star("B")
    assert _personal("two_in_three_constellations", b, "N1=B N5=B E1=B E5=B S1=B S5=B")
    assert not _personal("two_in_three_constellations", b, "N1=B N5=B E1=B E5=B S1=B W5=B")


def test_personal_3_adjacent_complete_orbits() -> None:
    o1 = "N1=R E1=P S1=R W1=P"
    o2 = "N2=Y E2=W E2b=Y S2=W W2=B"
    o3 = "N3=R N3b=P E3=R S3=P S3b=R W3=P"
    o4 = "N4=Y E4=W S4=Y W4=W W4b=B"
    o5 = "N5=R E5=P S5=R W5=P"
    assert _personal("three_adjacent_orbits", -1, f"{o1} {o2} {o3}")
    assert _personal("three_adjacent_orbits", -1, f"{o3} {o4} {o5}")
    assert not _personal("three_adjacent_orbits", -1, f"{o1} {o2} {o4} {o5}")


def test_personal_2_opposite_complete_constellations() -> None:
    assert _personal("opposite_constellations", -1, f"{NORTH} {SOUTH}")
    assert not _personal("opposite_constellations", -1, f"{NORTH} {EAST}")


def test_personal_2_adjacent_complete_constellations() -> None:
    assert _personal("adjacent_constellations", -1, f"{WEST} {NORTH}")
    assert not _personal("adjacent_constellations", -1, f"{NORTH} {SOUTH}")


# ---- Advanced ---------------------------------------------------------------------------

def _count(kind: str, param: int, text: str, careers: int = 0) -> int:
    return advanced_count(Card(kind, param), galaxy(text), careers)


def test_colour_pair_counts_linked_pairs_each_star_used_once() -> None:
    pair = 6 * star("R") + star("W")
    assert _count("colour_pair", pair, "C=W N1=R") == 1
    assert _count("colour_pair", pair, "C=W N1=R E1=R S1=R") == 1   # one white, 3 links
    assert _count("colour_pair", pair, "C=W N1=R N2=W") == 1
    assert _count("colour_pair", pair, "C=W N1=R N5=W S1=R") == 2   # indirect link too


def test_colour_pair_is_a_maximum_matching_not_a_greedy_one() -> None:
    # Links: N1-C, N1-N2, S1-C. Greedy N1-C strands S1; the best is N1-N2 and S1-C.
    g = galaxy("N1=R C=W N2=W S1=R")
    assert max_pair_matching(g, star("R"), star("W")) == 2
    assert max_pair_matching(g, star("W"), star("R")) == 2


def test_each_orbit_with_a_star_of_the_colour() -> None:
    assert _count("orbits_with_colour", star("Y"), "N1=Y E1=Y N3=Y W5=Y C=Y") == 3


def test_each_star_of_a_colour_orbit_linked_to_an_outer_highlighted_space() -> None:
    assert _count("colour_by_highlight", star("B"), "N3b=B W3=B E3=P C=B N1=B") == 2


def test_each_star_of_the_commonest_colour_on_highlighted_spaces() -> None:
    assert _count("most_frequent_highlighted", -1, "C=R N3=R S3=W E2b=W W4b=R") == 3
    assert _count("most_frequent_highlighted", -1, "") == 0


def test_each_completed_career_objective() -> None:
    assert _count("completed_careers", -1, "", careers=3) == 3


def test_each_outer_highlighted_space_with_no_empty_linked_space() -> None:
    # N3 links: N2, N4 (direct), N3b, W3 (orbit 3).
    around_n3 = "N2=R N4=P N3b=Y W3=W"
    assert _count("surrounded_highlighted", -1, around_n3) == 1
    assert _count("surrounded_highlighted", -1, around_n3 + " N3=B") == 1
    assert _count("surrounded_highlighted", -1, "N2=R N4=P N3b=Y") == 0
    # C does not count even when every space linked to it is full.
    assert _count("surrounded_highlighted", -1, "N1=R E1=P S1=R W1=P") == 0


@pytest.mark.parametrize("card", ADVANCED_DECK)
def test_every_advanced_card_counts_zero_on_an_empty_galaxy(card: Card) -> None:
    assert advanced_count(card, galaxy(""), 0) == 0


def test_personal_progress_counts_towards_what_the_card_asks() -> None:
    """Issue 31: a hint says how far the seat is towards its Personal objective; the count
    reaches the card's need exactly when the card holds."""
    from tui_games.games.nebula.objectives import personal_progress

    def progress(kind: str, colour: int, board: str) -> tuple[int, int]:
        card = next(c for c in PERSONAL_DECK if c.kind == kind and c.param == colour)
        return personal_progress(card, galaxy(board), 0, [0])

    p = star("P")
    assert progress("six_of_colour", p, "C=P N1=P N2=R") == (2, 6)
    assert progress("highlighted_colour", p, "C=P N3=P S3=W") == (2, 4)
    assert progress("few_empty", -1, "C=P N1=R") == (2, 21)
    assert progress("two_of_each", -1, "C=P N1=P N2=R") == (1, 6)
    # the nearer pair of opposite Constellations: North has 2 of its 12 with South
    assert progress("opposite_constellations", -1, "N1=P N2=R E1=W") == (2, 12)
    for card in PERSONAL_DECK:
        if card.kind == "most_black":
            continue
        board = galaxy(" ".join(f"{name}=P" for name in SPACES))
        have, need = personal_progress(card, board, 0, [0])
        assert (have >= need) == personal_done(card, board, 0, [0]), card
