"""II. Position Stars: the colour limit, the laws of placement, black stars, Values."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nebula_helpers import RULES, counts, galaxy, new, placing, star

from tui_games.engine.core import IllegalAction
from tui_games.games.nebula.board import CENTRE, INDEX, LINKS, NEIGHBOURS, SPACE_COUNT, SPACES
from tui_games.games.nebula.placement import allowed_colours, why_not
from tui_games.games.nebula.state import (
    EMPTY,
    AdvanceValue,
    FinishPositioning,
    PositionBlackStar,
    PositionStar,
)


def put(s, letter: str, space: str) -> None:
    RULES.apply(s, PositionStar(star(letter), INDEX[space]))


def spaces_for(s, letter: str) -> set[str]:
    return {SPACES[a.space] for a in RULES.legal_actions(s)
            if isinstance(a, PositionStar) and a.star == star(letter)}


def test_the_first_star_goes_on_the_central_highlighted_space() -> None:
    s = placing(new(2, "intro"), "R P")
    assert spaces_for(s, "R") == {"C"}
    with pytest.raises(IllegalAction, match="central space"):
        put(s, "R", "N1")
    put(s, "R", "C")
    assert s.galaxies[0][CENTRE] == star("R")


def test_later_stars_go_on_a_space_linked_to_a_placed_star() -> None:
    s = placing(new(2, "intro"), "P", "C=R N1=W")
    # N1 links: C, N2 (direct), N5 (indirect), E1 and W1 (orbit 1); C and N1 themselves
    # may be replaced.
    assert spaces_for(s, "P") == {"E1", "S1", "W1", "N2", "N5", "C", "N1"}
    with pytest.raises(IllegalAction, match="linked"):
        put(s, "P", "N4")


def test_never_linked_to_a_star_of_the_same_colour_direct_indirect_or_orbit() -> None:
    s = placing(new(2, "intro"), "W", "C=R N1=W")
    assert spaces_for(s, "W") == {"S1", "N1"}      # N1: replacing its own white star
    for space in ("N2", "N5", "W1", "E1", "C"):     # direct, indirect, orbit x2, direct
        with pytest.raises(IllegalAction, match="colour"):
            put(s, "W", space)


def test_placing_on_an_occupied_space_replaces_its_star() -> None:
    s = placing(new(2, "intro"), "P", "C=R N1=W N2=Y")
    put(s, "P", "N2")
    assert s.galaxies[0][INDEX["N2"]] == star("P")
    assert s.reserves[0] == counts()


def test_a_replacement_still_follows_the_colour_rule() -> None:
    s = placing(new(2, "intro"), "W", "C=R N1=W N2=Y")
    with pytest.raises(IllegalAction, match="colour"):
        put(s, "W", "N2")                           # N2 is linked to the white N1
    assert s.galaxies[0][INDEX["N2"]] == star("Y")


def test_replacing_a_star_with_one_of_its_own_colour_is_legal() -> None:
    # "You must still follow the two rules above" - and nothing forbids the same colour.
    s = placing(new(2, "intro"), "Y", "C=R N1=W N2=Y")
    assert "N2" in spaces_for(s, "Y")
    put(s, "Y", "N2")
    assert s.galaxies[0][INDEX["N2"]] == star("Y")
    assert s.reserves[0] == counts() and s.placed == [star("Y")]


def test_a_same_colour_replacement_still_follows_the_colour_rule() -> None:
    s = placing(new(2, "intro"), "W", "C=R N1=W N2=W")   # N2 = W is linked to N1 = W
    with pytest.raises(IllegalAction, match="colour"):
        put(s, "W", "N2")


def test_replacing_a_boosted_star_by_its_own_colour_unlocks_a_third_star() -> None:
    s = placing(new(2, "intro"), "Y W P", "C=R N1=W N2=Y", boosted="Y")
    put(s, "Y", "N2")                                 # same colour, boosted: 3 allowed
    put(s, "W", "S1")
    put(s, "P", "E1")
    assert s.placed == [star("Y"), star("W"), star("P")]
    assert s.galaxies[0][INDEX["E1"]] == star("P")


def test_the_lone_centre_star_may_be_replaced() -> None:
    s = placing(new(2, "intro"), "P", "C=R")
    assert "C" in spaces_for(s, "P")
    put(s, "P", "C")
    assert s.galaxies[0][CENTRE] == star("P")


def test_all_stars_positioned_in_a_turn_are_of_different_colours() -> None:
    s = placing(new(2, "intro"), "W W", "C=R")
    put(s, "W", "N1")
    assert spaces_for(s, "W") == set()
    with pytest.raises(IllegalAction, match="different colour"):
        put(s, "W", "S1")


def test_up_to_2_stars_without_the_boosted_colour() -> None:
    s = placing(new(2, "intro"), "W P O", "C=R", boosted="Y")
    put(s, "W", "N1")
    put(s, "P", "E1")
    assert RULES.legal_actions(s) == [FinishPositioning()]
    with pytest.raises(IllegalAction, match="boosted"):
        put(s, "O", "S1")


@pytest.mark.parametrize("order", [("Y", "W", "P"), ("W", "P", "Y"), ("W", "Y", "P")])
def test_up_to_3_stars_when_one_matches_the_boosted_star(order: tuple[str, ...]) -> None:
    s = placing(new(2, "intro"), "W P Y", "C=R", boosted="Y")
    for letter, space in zip(order, ("N1", "E1", "S1"), strict=True):
        put(s, letter, space)
    assert s.placed == [star(x) for x in order]
    assert RULES.legal_actions(s) == [FinishPositioning()]


def test_black_counts_as_a_colour_for_the_limit() -> None:
    s = placing(new(2, "intro"), "W P K", "C=R", boosted="Y")
    put(s, "W", "N1")
    RULES.apply(s, PositionBlackStar())
    assert spaces_for(s, "P") == set()
    assert PositionBlackStar() not in RULES.legal_actions(s)


def test_positioning_is_optional() -> None:
    s = placing(new(2, "intro"), "W P", "C=R")
    RULES.apply(s, FinishPositioning())
    assert s.reserves[0] == counts("W P") and s.current == 1


def test_black_stars_fill_the_black_star_zone_left_to_right_and_move_the_indicator() -> None:
    s = placing(new(2, "intro"), "K", "")
    s.indicator = 1
    RULES.apply(s, PositionBlackStar())
    assert s.black_stars[0] == 1 and s.indicator == 2
    assert s.galaxies[0] == galaxy("")              # never in the Constellations
    assert s.phase == "place"                       # intro game: no Value token step


def test_a_full_black_star_zone_takes_no_more_black_stars() -> None:
    s = placing(new(2, "intro"), "K", "")
    s.black_stars[0] = 8
    assert PositionBlackStar() not in RULES.legal_actions(s)
    with pytest.raises(IllegalAction, match="full"):
        RULES.apply(s, PositionBlackStar())


def test_jose_places_white_indirectly_by_red_and_black_replacing_the_boosted_star() -> None:
    s = placing(new(2, "full"), "W:2 P:2 K", "C=B N1=R", boosted="Y")
    s.black_stars[0] = 2
    s.indicator = 5
    s.bag = counts("Y:5 O K:3")         # a yellow or black draw would go back
    put(s, "W", "N5")                   # N1-N5 is an Indirect Link
    RULES.apply(s, PositionBlackStar())
    assert s.black_stars[0] == 3 and s.indicator == 6
    assert s.boosted == star("O") and s.bag == counts("Y:5 K:3")
    assert s.phase == "value"
    RULES.apply(s, AdvanceValue(star("W")))         # the white colour token
    assert s.values[star("W")] == 1
    # White and black placed, neither matched the boosted star: no third star.
    assert RULES.legal_actions(s) == [FinishPositioning()]


def test_boosted_star_stays_when_the_bag_has_no_other_colour() -> None:
    s = placing(new(2, "intro"), "K", "", boosted="Y")
    s.indicator = 2
    s.bag = counts("Y:2 K")
    RULES.apply(s, PositionBlackStar())
    assert s.boosted == star("Y") and s.bag == counts("Y:2 K")


@pytest.mark.parametrize("space", [3, 6, 9, 12])
def test_indicator_reaching_a_highlighted_space_replaces_the_boosted_star(space: int) -> None:
    s = placing(new(2, "intro"), "K", "", boosted="Y")
    s.indicator = space - 1
    s.bag = counts("R")
    RULES.apply(s, PositionBlackStar())
    assert s.boosted == star("R") and s.bag == counts()


def test_indicator_elsewhere_keeps_the_boosted_star() -> None:
    s = placing(new(2, "intro"), "K", "", boosted="Y")
    s.indicator = 3
    before = list(s.bag)
    RULES.apply(s, PositionBlackStar())
    assert s.boosted == star("Y") and s.bag == before


def test_the_indicator_stops_on_its_last_space() -> None:
    s = placing(new(2, "intro"), "K", "")
    s.indicator = 15
    RULES.apply(s, PositionBlackStar())
    assert s.indicator == 15 and s.black_stars[0] == 1


def test_boosted_match_counts_even_if_the_boosted_star_changes_later_that_turn() -> None:
    s = placing(new(2, "full"), "Y K P", "C=R", boosted="Y")
    s.indicator = 2
    s.bag = counts("O")
    put(s, "Y", "N1")
    RULES.apply(s, PositionBlackStar())
    RULES.apply(s, AdvanceValue(0))
    assert s.boosted == star("O")
    put(s, "P", "E1")                                # still the third star
    assert len(s.placed) == 3


def test_each_black_star_advances_one_value_token_which_stacks_on_top() -> None:
    s = placing(new(2, "full"), "K", "")
    s.values[star("R")] = 1
    RULES.apply(s, PositionBlackStar())
    assert RULES.legal_actions(s) == [AdvanceValue(t) for t in range(14)]
    RULES.apply(s, AdvanceValue(star("P")))
    assert s.values[star("P")] == 1
    assert s.value_stamps[star("P")] > s.value_stamps[star("R")]


def test_a_value_token_on_the_last_space_cannot_advance() -> None:
    s = placing(new(2, "full"), "K", "")
    north_token = 6
    s.values[north_token] = 10
    RULES.apply(s, PositionBlackStar())
    assert AdvanceValue(north_token) not in RULES.legal_actions(s)
    with pytest.raises(IllegalAction):
        RULES.apply(s, AdvanceValue(north_token))


def test_the_value_token_step_cannot_be_skipped() -> None:
    s = placing(new(2, "full"), "K W", "C=R")
    RULES.apply(s, PositionBlackStar())
    assert FinishPositioning() not in RULES.legal_actions(s)
    with pytest.raises(IllegalAction):
        RULES.apply(s, FinishPositioning())
    with pytest.raises(IllegalAction):
        put(s, "W", "N1")


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 5), st.integers(0, 24)), max_size=60))
def test_placements_keep_every_link_between_different_colours(
        tries: list[tuple[int, int]]) -> None:
    g = galaxy("")
    for colour, space in tries:
        allowed = allowed_colours(g)
        assert bool(allowed[space] >> colour & 1) == (why_not(g, colour, space) == "")
        if allowed[space] >> colour & 1:
            g[space] = colour
    for a, b in LINKS:
        assert g[a] == EMPTY or g[a] != g[b]
    occupied = [sp for sp in range(SPACE_COUNT) if g[sp] != EMPTY]
    assert not occupied or g[CENTRE] != EMPTY
    for sp in occupied:
        assert sp == CENTRE or any(g[n] != EMPTY for n in NEIGHBOURS[sp])
