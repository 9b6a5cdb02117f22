"""The Galaxy topology of the spec, as data, and the drawing geometry."""

from __future__ import annotations

import pytest
from nebula_helpers import names

from tui_games.games.nebula.board import (
    ADJACENT_CONSTELLATIONS,
    CENTRE,
    COMPACT_LAYOUT,
    CONSTELLATIONS,
    DIRECT_LINKS,
    HIGHLIGHT_ORBIT_NEIGHBOURS,
    HIGHLIGHTED,
    INDEX,
    INDIRECT_LINKS,
    INDIRECT_SPACES,
    LARGE_LAYOUT,
    LINKS,
    NEIGHBOURS,
    OPPOSITE_CONSTELLATIONS,
    ORBIT_LINKS,
    ORBIT_OF,
    ORBITS,
    SPACES,
    GalaxyLayout,
    link_kind,
    space_in_direction,
)


def test_galaxy_has_25_spaces_centre_and_four_constellations_of_6() -> None:
    assert len(SPACES) == 25 == len(set(SPACES))
    assert SPACES[CENTRE] == "C"
    assert [len(k) for k in CONSTELLATIONS] == [6, 6, 6, 6]
    assert all(SPACES[i][0] == "NESW"[k] for k, spaces in enumerate(CONSTELLATIONS)
               for i in spaces)
    assert CENTRE not in {i for k in CONSTELLATIONS for i in k}


def test_orbit_sizes_are_4_5_6_5_4_and_cover_every_space_but_c() -> None:
    assert [len(o) for o in ORBITS] == [4, 5, 6, 5, 4]
    covered = [i for o in ORBITS for i in o]
    assert sorted(covered) == list(range(1, 25))
    assert ORBIT_OF[CENTRE] == -1


def test_orbits_are_rings_in_the_spec_order() -> None:
    assert [SPACES[i] for i in ORBITS[2]] == ["N3", "N3b", "E3", "S3", "S3b", "W3"]
    assert link_kind(INDEX["W3"], INDEX["N3"]) == "orbit"        # the ring closes
    assert link_kind(INDEX["W4b"], INDEX["N4"]) == "orbit"
    assert len(ORBIT_LINKS) == 24


def test_links_are_the_spec_lists() -> None:
    assert len(DIRECT_LINKS) == 24
    assert names(INDIRECT_LINKS[0]) == {"N1", "N5"}
    assert {frozenset(names(link)) for link in INDIRECT_LINKS} == {
        frozenset(p) for p in (("N1", "N5"), ("E2", "E4"), ("S1", "S5"), ("W2", "W5"))}
    assert link_kind(INDEX["N2"], INDEX["N3b"]) == "direct"
    assert link_kind(INDEX["E1"], INDEX["E2b"]) == "direct"
    assert link_kind(INDEX["W3"], INDEX["W4b"]) == "direct"
    assert link_kind(INDEX["N1"], INDEX["N3"]) is None
    assert len({frozenset(link) for link in LINKS}) == len(LINKS)   # no link listed twice


def test_centre_links_to_the_four_first_spaces_only() -> None:
    assert names(NEIGHBOURS[CENTRE]) == {"N1", "E1", "S1", "W1"}


def test_neighbours_are_symmetric() -> None:
    for a, near in enumerate(NEIGHBOURS):
        assert a not in near
        for b in near:
            assert a in NEIGHBOURS[b]


def test_the_8_indirect_link_spaces() -> None:
    assert names(INDIRECT_SPACES) == {"N1", "N5", "E2", "E4", "S1", "S5", "W2", "W5"}
    assert len(INDIRECT_SPACES) == 8


def test_highlighted_spaces_and_their_8_orbit_neighbours() -> None:
    assert names(HIGHLIGHTED) == {"C", "N3", "S3", "E2b", "W4b"}
    assert len(HIGHLIGHT_ORBIT_NEIGHBOURS) == 8
    assert names(HIGHLIGHT_ORBIT_NEIGHBOURS) == {
        "N3b", "W3", "E3", "S3b", "E2", "S2", "W4", "N4"}


def test_opposite_and_adjacent_constellations() -> None:
    assert set(OPPOSITE_CONSTELLATIONS) == {(0, 2), (1, 3)}
    assert {frozenset(p) for p in ADJACENT_CONSTELLATIONS} == {
        frozenset(p) for p in ((0, 1), (1, 2), (2, 3), (3, 0))}


@pytest.mark.parametrize("layout", [COMPACT_LAYOUT, LARGE_LAYOUT], ids=["compact", "large"])
def test_layout_places_every_space_inside_its_grid_without_overlap(
        layout: GalaxyLayout) -> None:
    assert set(layout.positions) == set(SPACES)
    cells = set()
    for row, col in layout.positions.values():
        assert 0 <= row < layout.height
        assert col >= 0 and col + layout.cell_width <= layout.width
        for x in range(col, col + layout.cell_width):
            assert (row, x) not in cells
            cells.add((row, x))


def test_compact_layout_fits_80_by_24() -> None:
    assert COMPACT_LAYOUT.width <= 40 and COMPACT_LAYOUT.height <= 12


@pytest.mark.parametrize("layout", [COMPACT_LAYOUT, LARGE_LAYOUT], ids=["compact", "large"])
def test_layout_rows_are_orbits_5_at_top_and_c_beneath(layout: GalaxyLayout) -> None:
    rows = {name: layout.positions[name][0] for name in SPACES}
    for k, orbit in enumerate(ORBITS):
        ring = [SPACES[i] for i in orbit]
        assert len({rows[n] for n in ring}) == 1
        cols = [layout.positions[n][1] for n in ring]
        assert cols == sorted(cols)                 # ring order runs left to right
        if k:
            assert rows[ring[0]] < rows[SPACES[ORBITS[k - 1][0]]]
    assert rows["C"] > rows["N1"]


def test_arrow_moves_to_nearest_space_that_way() -> None:
    up = space_in_direction(COMPACT_LAYOUT, INDEX["N1"], -1, 0)
    assert SPACES[up] == "N2"
    right = space_in_direction(COMPACT_LAYOUT, INDEX["N3"], 0, 1)
    assert SPACES[right] == "N3b"
    assert space_in_direction(COMPACT_LAYOUT, INDEX["N5"], -1, 0) == INDEX["N5"]
    assert SPACES[space_in_direction(COMPACT_LAYOUT, CENTRE, -1, 0)] in {"E1", "S1"}
