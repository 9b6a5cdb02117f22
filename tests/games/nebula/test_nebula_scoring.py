"""The score pad, the Values board podiums and the tie-breaks."""

from __future__ import annotations

import pytest
from nebula_helpers import RULES, galaxy, new, star

from tui_games.engine.core import is_detail
from tui_games.games.nebula.board import BLACK_ZONE_VP
from tui_games.games.nebula.objectives import (
    ADVANCED_DECK,
    CAREER_DECK,
    PERSONAL_DECK,
    Card,
    score_pad,
    value_podium,
)
from tui_games.games.nebula.state import COLOUR_TOKENS

NORTH = "N1=R N2=P N3=Y N3b=R N4=P N5=Y"
SOUTH = "S1=W S2=B S3=O S3b=W S4=B S5=O"
N_TOKEN, E_TOKEN, S_TOKEN, W_TOKEN = 6, 7, 8, 9


def finished(mode: str = "full", players: int = 2):
    s = new(players, mode)
    s.phase = "over"
    s.end_reasons = ["the bag ran out of stars"]
    return s


def advance(s, token: int, times: int = 1) -> None:
    for _ in range(times):
        s.values[token] += 1
        s.stamp += 1
        s.value_stamps[token] = s.stamp


def test_black_star_zone_vp_by_stars_placed() -> None:
    assert BLACK_ZONE_VP == (0, 1, 2, 4, 6, 9, 12, 16, 20)


def test_intro_score_is_career_black_stars_and_6_per_complete_constellation() -> None:
    s = finished("intro")
    s.galaxies[0] = galaxy(f"{NORTH} {SOUTH} C=R")
    s.black_stars[0] = 4
    s.career_marks[1] = [0]
    pad = score_pad(s, 0)
    career = CAREER_DECK[s.career[1]].top               # first to complete card 1
    assert pad == [("Career objectives", career), ("Black stars", 6), ("Constellations", 12)]
    assert RULES.outcome(s).scores[0] == career + 18


def test_full_score_pad_has_the_six_lines() -> None:
    s = finished()
    assert [label for label, _ in score_pad(s, 0)] == [
        "Personal objective", "Career objectives", "Black stars", "Constellations",
        "Stars in the Galaxy", "Advanced objectives"]
    assert [vp for _, vp in score_pad(s, 0)][2:] == [0, 0, 0, 0]


def test_personal_objective_grants_14_if_completed() -> None:
    s = finished()
    s.personal[0] = PERSONAL_DECK.index(Card("most_black"))
    s.black_stars = [2, 2]                      # a tie for first still completes it
    assert dict(score_pad(s, 0))["Personal objective"] == 14
    s.black_stars = [1, 2]
    assert dict(score_pad(s, 0))["Personal objective"] == 0


def test_complete_constellations_are_worth_14_12_10_by_value_rank_else_6() -> None:
    s = finished()
    s.galaxies[0] = galaxy(f"{NORTH} {SOUTH}")
    assert dict(score_pad(s, 0))["Constellations"] == 12
    advance(s, S_TOKEN, 3)
    advance(s, E_TOKEN, 2)
    advance(s, N_TOKEN, 1)
    assert dict(score_pad(s, 0))["Constellations"] == 14 + 10
    advance(s, W_TOKEN, 1)              # ties N on space 1 and lands on top: N is 4th
    assert dict(score_pad(s, 0))["Constellations"] == 14 + 6


def test_stars_of_the_top_three_colours_pay_3_2_1_each() -> None:
    s = finished()
    s.galaxies[0] = galaxy("C=R N1=P N2=R E1=Y S1=W W1=O")
    advance(s, star("R"), 2)
    advance(s, star("P"), 2)            # on top of red: purple is first
    advance(s, star("W"), 1)
    advance(s, star("O"), 1)            # on top of white: orange is third
    assert value_podium(s.values, s.value_stamps, COLOUR_TOKENS) == [1, 0, 5]
    assert dict(score_pad(s, 0))["Stars in the Galaxy"] == 3 * 1 + 2 * 2 + 1 * 1


def test_a_token_that_never_advanced_does_not_place() -> None:
    s = finished()
    s.galaxies[0] = galaxy("C=R N1=P")
    advance(s, star("Y"))
    assert value_podium(s.values, s.value_stamps, COLOUR_TOKENS) == [2]
    assert dict(score_pad(s, 0))["Stars in the Galaxy"] == 0


def test_advanced_objectives_pay_4_3_2_per_pattern_by_value_rank() -> None:
    s = finished()
    s.advanced = [ADVANCED_DECK.index(Card("orbits_with_colour", star("R"))),
                  ADVANCED_DECK.index(Card("colour_pair", 6 * star("R") + star("P"))),
                  ADVANCED_DECK.index(Card("completed_careers")),
                  ADVANCED_DECK.index(Card("orbits_with_colour", star("O")))]
    s.galaxies[0] = galaxy("C=R N1=P N2=R E1=Y")     # red only in orbit 2 (C has none)
    s.career_marks = [[0], [], [1, 0], []]
    advance(s, 10, 3)       # orbits with red: orbit 2 only -> 1 pattern x 4
    advance(s, 11, 2)       # red-purple pairs: C-N1 and N1-N2 share N1 -> 1 x 3
    advance(s, 12, 1)       # completed careers: 2 x 2
    assert dict(score_pad(s, 0))["Advanced objectives"] == 4 + 3 + 4
    assert dict(score_pad(s, 1))["Advanced objectives"] == 2


def test_the_most_vp_wins() -> None:
    s = finished()
    s.black_stars = [3, 1]
    outcome = RULES.outcome(s)
    assert outcome.winners == [0] and outcome.ranks == [1, 2]


def test_a_tie_goes_to_the_most_black_stars_placed() -> None:
    """Rulebook: "In case of a tie, the person who placed the most Black Stars wins."
    """
    s = finished("intro", 3)
    s.career_marks = [[], [], [], []]
    s.galaxies[0] = galaxy(NORTH)                         # 6 VP for the constellation
    s.black_stars = [0, 4, 3]                             # 0, 6 and 4 VP
    outcome = RULES.outcome(s)
    assert outcome.scores == [6, 6, 4]
    assert outcome.winners == [1] and outcome.ranks == [2, 1, 3]
    assert "black stars" in outcome.reason
    assert outcome.decided_by == ("Seat 2 won on the tie-break (tied on 6 VP): more Black "
                                  "Stars placed (4 against 0)")


def test_a_persisting_tie_shares_the_victory() -> None:
    """Rulebook: "If the tie persists, they share the victory."
    """
    s = finished("intro", 3)
    s.career_marks = [[], [], [], []]
    s.black_stars = [4, 4, 1]
    outcome = RULES.outcome(s)
    assert outcome.winners == [0, 1] and outcome.ranks == [1, 1, 3]
    assert "share" in outcome.reason
    assert outcome.decided_by == ("Seat 1 and Seat 2 shared the win: tied on 6 VP and on the "
                                  "tie-break, more Black Stars placed (4 each)")


def test_outcome_breakdown_is_the_score_pad_of_each_seat() -> None:
    s = finished()
    outcome = RULES.outcome(s)
    # the pad's lines, each with its details under it (not counted again)
    assert [[row for row in rows if not is_detail(row[0])] for rows in outcome.breakdown] \
        == [score_pad(s, 0), score_pad(s, 1)]
    assert outcome.scores == [outcome.counted(0), outcome.counted(1)]


@pytest.mark.parametrize("mode", ["intro", "full"])
def test_no_outcome_before_the_end(mode: str) -> None:
    assert RULES.outcome(new(2, mode)) is None
