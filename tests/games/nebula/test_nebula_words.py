"""Nebula's table in sentences (games/nebula/words.py), as the lines front end says it."""

from __future__ import annotations

from tests.games.nebula.nebula_helpers import RULES, new, star
from tui_games.games.nebula import words
from tui_games.games.nebula.state import StepTime

NAMES = ["You", "Bot 2"]
RING = "R P Y W B O K R"  # clockwise from space 0


def _with_ring(marker: int = 0):
    s = new()
    s.clusters[0] = [star(letter) for letter in RING.split()]
    s.markers[0] = s.moons[0] = marker
    return s


def test_look_clusters_names_every_star_round_a_cluster_by_its_shorter_way() -> None:
    lines = words.place(_with_ring(), 0, NAMES, "clusters")
    assert lines is not None and len(lines) == 3
    assert lines[0] == (
        "The top marker faces red (R); clockwise, step by step: purple, "
        "yellow, white, blue; counterclockwise: red, black, orange."
    )


def test_the_table_tells_each_cluster_ring_not_only_the_faced_stars() -> None:
    table = words.table(_with_ring(marker=2), 0, NAMES)
    assert table[0] == (
        "The top marker faces yellow (Y); clockwise, step by step: white, "
        "blue, orange, black; counterclockwise: purple, red, red."
    )
    assert table[1].startswith("The right marker faces ")
    assert table[2].startswith("The left marker faces ")


def test_a_marker_moved_this_turn_is_told_only_its_way_as_far_as_the_steps_left() -> None:
    s = _with_ring()
    RULES.apply(s, StepTime(cluster=0, step=-1))
    RULES.apply(s, StepTime(cluster=0, step=-1))
    ring = words.place(s, s.current, NAMES, "clusters")
    assert ring is not None
    assert ring[0] == (
        "The top marker faces black (K); it moves counterclockwise this "
        "turn, step by step: orange, blue, white."
    )


def test_a_marker_with_no_steps_left_says_only_what_it_faces_and_its_way() -> None:
    s = _with_ring()
    for _ in range(5):
        RULES.apply(s, StepTime(cluster=0, step=1))
    ring = words.place(s, s.current, NAMES, "clusters")
    assert ring is not None
    assert ring[0] == "The top marker faces orange (O); it moved clockwise this turn."
