"""Nebula's table in sentences (games/nebula/words.py), as the lines front end says it."""

from __future__ import annotations

import random

from nebula_helpers import RULES, galaxy, new, star

from tui_games.games.nebula import words
from tui_games.games.nebula.objectives import ADVANCED_DECK, advanced_short, advanced_text
from tui_games.games.nebula.state import (
    ADVANCED_TOKENS,
    EMPTY,
    AdvanceValue,
    FinishPositioning,
    StepTime,
)

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


def test_a_cluster_marker_facing_a_bare_space_faces_an_empty_space() -> None:
    s = _with_ring()
    s.clusters[0][0] = EMPTY
    assert words.place(s, 0, NAMES, "clusters")[0].startswith(
        "The top marker faces an empty space; "
    )


NORTH = "N1=R N2=P N3=Y N3b=R N4=P N5=Y"
NORTH_CAREER = 0


def test_career_objectives_say_their_two_values_in_words_and_who_has_done_them() -> None:
    s = new(2, "intro")
    s.career = [NORTH_CAREER, 1, 2, 3]
    s.galaxies[0] = galaxy(NORTH)
    s.phase = "place"
    RULES.apply(s, FinishPositioning())
    lines = words.place(s, 1, ["Ada", "Bo"], "objectives")
    assert lines is not None
    assert lines[0] == (
        "Career objective 1: North Constellation complete with exactly 3 colours: 16 VP for "
        "the first to complete it, 10 VP after. Done by Ada."
    )
    assert not any("/" in line for line in lines)
    assert lines[1].endswith("VP after.")


def test_completing_a_career_objective_is_logged_with_the_vp_scored_only() -> None:
    s = new(2, "intro")
    s.career = [NORTH_CAREER, 1, 2, 3]
    s.galaxies[0] = galaxy(NORTH)
    s.phase = "place"
    RULES.apply(s, FinishPositioning())
    said = [e.text for e in s.log if "Career" in e.text]
    assert said[-1].endswith(
        "completes a Career objective, North Constellation complete with exactly 3 colours: 16 VP."
    )


def test_the_log_and_the_table_name_an_advanced_card_as_the_cards_pane_does() -> None:
    """Issue 31: the log quoted an Advanced card's full text ("Advanced objective 4 (Each
    outer Highlighted space with no empty linked space)") where the Cards pane and the
    hints say "A4 each surrounded highlight". The log now gives the pane's label and name,
    and the lines front end's table ties that name to the card's full text."""
    pick = random.Random(31)
    s = new()
    while s.phase != "value":
        s = RULES.setup(2, pick.getrandbits(32), {"mode": "full"})
        while RULES.to_move(s) is not None and s.phase != "value":
            RULES.apply(s, pick.choice(RULES.legal_actions(s)))
    seat = RULES.to_move(s)
    advance = next(a for a in RULES.legal_actions(s)
                   if isinstance(a, AdvanceValue) and a.token in ADVANCED_TOKENS)
    slot = advance.token - ADVANCED_TOKENS.start + 1
    card = ADVANCED_DECK[s.advanced[slot - 1]]
    RULES.apply(s, advance)
    line = next(e.text for e in reversed(s.log) if "Value token" in e.text)
    assert f"Advanced objective A{slot} ({advanced_short(card)})." in line, line
    assert advanced_text(card) not in line
    table = words.table(RULES.observe(s, seat), seat, NAMES)
    assert f"Advanced objective A{slot} ({advanced_short(card)}): {advanced_text(card)}." in table
