"""What the winner keeps: the top card, and every choice a special card asks for."""

from __future__ import annotations

import pytest
from neptune_tables import RULES, card, pile, play, table, trick_of

from tui_games.games.neptune.state import Cover, Keep, OnTop, Shield, Swap


def test_the_winning_card_goes_on_top_and_scores_11_minus_its_cp() -> None:
    s = trick_of(["G3", "G8", "G1"])
    assert s.piles[-1].top == card("G8") and s.piles[-1].score == 3


def test_an_asteroid_in_the_trick_goes_on_top_instead_of_the_winning_card() -> None:
    s = trick_of(["R4", "A5", "R9"])
    assert s.last_winner == 2
    assert s.piles[-1].top == card("A5") and s.piles[-1].score == -5


def test_with_several_asteroids_the_most_damaging_goes_on_top() -> None:
    s = trick_of(["R4", "A3", "A7", "R9"])
    assert s.piles[-1].top == card("A7") and s.piles[-1].score == -7


# ---- Jump Gate ----------------------------------------------------------------------------

def test_rulebook_jump_gate_puts_the_red_2_on_top_for_nine_points() -> None:
    s = play(table(["R2", "R6", "JG"]), "R2", "R6", "JG")
    assert (s.phase, RULES.to_move(s)) == ("top", 2)
    assert set(RULES.legal_actions(s)) == {OnTop(card(c)) for c in ("R2", "R6", "JG")}
    RULES.apply(s, OnTop(card("R2")))
    assert s.piles[-1].owner == 2
    assert s.piles[-1].top == card("R2") and s.piles[-1].score == 9


def test_jump_gate_winning_a_trick_with_an_asteroid_doubles_its_damage_and_gives_no_choice(
) -> None:
    s = trick_of(["R2", "A5", "JG"])
    assert s.phase == "play"
    assert s.piles[-1].top == card("A5") and s.piles[-1].score == -10
    assert s.piles[-1].doubled


def test_jump_gate_may_put_stationfall_on_top_for_its_points_edition_rule() -> None:
    s = play(table(["R2", "R3", "SF", "JG"]), "R2", "R3", "SF", "JG")
    RULES.apply(s, OnTop(card("SF")))
    assert s.piles[-1].score == 7


# ---- Black Hole and Stationfall -----------------------------------------------------------

def test_a_winning_black_hole_is_always_on_top_and_scores_zero_even_over_asteroids() -> None:
    s = trick_of(["R2", "A7", "BH"])
    assert s.piles[-1].top == card("BH") and s.piles[-1].score == 0


def test_a_black_hole_that_did_not_win_is_an_ordinary_card_of_the_trick() -> None:
    s = trick_of(["R2", "BH", "SF", "G4"])
    assert s.last_winner == 2
    assert s.piles[-1].top == card("SF") and card("BH") in s.piles[-1].cards


@pytest.mark.parametrize(("hands", "points"), [
    (["R2", "SF"], 3),
    (["R2", "SF", "B4"], 5),
    (["R2", "G6", "SF", "B4"], 7),  # the rulebook's 4-player example
])
def test_stationfall_on_top_scores_3_5_7_with_2_3_4_players(hands: list[str], points: int
                                                             ) -> None:
    s = trick_of(hands)
    assert s.piles[-1].top == card("SF") and s.piles[-1].score == points


def test_stationfall_winning_a_trick_with_an_asteroid_takes_the_damage() -> None:
    s = trick_of(["R2", "A3", "SF"])
    assert s.piles[-1].top == card("A3") and s.piles[-1].score == -3


def test_black_hole_winner_may_cover_an_own_asteroid_topped_trick() -> None:
    earlier = [pile(0, "A7"), pile(1, "A5"), pile(0, "R3")]
    s = play(table(["BH", "R5", "R6"], piles=earlier), "BH", "R5", "R6")
    assert (s.phase, RULES.to_move(s)) == ("cover", 0)
    assert set(RULES.legal_actions(s)) == {Keep(), Cover(0)}  # not Player 2's A5
    RULES.apply(s, Cover(0))
    assert s.piles[0].top == card("BH") and s.piles[0].score == 0 and s.piles[0].covered
    assert len(s.piles) == 3  # the Black Hole trick lies on the damaged pile


def test_black_hole_winner_may_decline_to_cover() -> None:
    s = play(table(["BH", "R5", "R6"], piles=[pile(0, "A7")]), "BH", "R5", "R6")
    RULES.apply(s, Keep())
    assert [p.score for p in s.piles] == [-7, 0]


def test_black_hole_without_a_damaged_trick_asks_nothing() -> None:
    s = trick_of(["BH", "R5", "R6"])
    assert s.phase == "play" and s.piles[-1].top == card("BH")


# ---- Space Bandit -------------------------------------------------------------------------

def test_space_bandit_on_top_scores_five() -> None:
    s = trick_of(["R2", "SB", "R6"])
    assert s.piles[-1].top == card("SB") and s.piles[-1].score == 5


def test_space_bandit_may_swap_for_any_trick_won_this_round() -> None:
    earlier = [pile(2, "B1"), pile(1, "G2"), pile(0, "R3")]
    s = play(table(["R2", "SB", "R6"], piles=earlier), "R2", "SB", "R6")
    assert (s.phase, RULES.to_move(s)) == ("bandit", 1)
    assert set(RULES.legal_actions(s)) == {Keep(), Swap(0), Swap(2)}  # not its own pile
    RULES.apply(s, Swap(0))
    assert s.piles[0].owner == 1 and s.piles[0].top == card("B1")
    assert s.piles[-1].owner == 2 and s.piles[-1].top == card("SB")


def test_space_bandit_keeping_the_trick_scores_five() -> None:
    s = play(table(["R2", "SB", "R6"], piles=[pile(2, "B1")]), "R2", "SB", "R6")
    RULES.apply(s, Keep())
    assert (s.piles[-1].owner, s.piles[-1].score) == (1, 5)


def test_space_bandit_may_not_steal_a_trick_protected_by_a_plasma_shield() -> None:
    earlier = [pile(2, "B1", shielded=True), pile(0, "R3")]
    s = play(table(["R2", "SB", "R6"], piles=earlier), "R2", "SB", "R6")
    assert set(RULES.legal_actions(s)) == {Keep(), Swap(1)}


def test_space_bandit_hit_by_an_asteroid_may_not_swap() -> None:
    s = play(table(["R2", "SB", "A3"], piles=[pile(0, "B1")]), "R2", "SB", "A3")
    assert s.phase == "play"
    assert s.piles[-1].top == card("A3") and s.piles[-1].owner == 1


# ---- Proximity Mines ----------------------------------------------------------------------

def test_proximity_mines_destroy_the_trick_so_nobody_scores_it() -> None:
    s = trick_of(["R2", "PM", "A7"])
    assert s.last_winner == 1
    assert s.piles[-1].destroyed and s.piles[-1].score == 0


# ---- Plasma Shield ------------------------------------------------------------------------

def test_plasma_shield_doubles_an_earlier_trick_and_protects_it() -> None:
    earlier = [pile(1, "R1"), pile(0, "G2")]
    s = play(table(["R2", "PS", "R6"], piles=earlier), "R2", "PS", "R6")
    assert (s.phase, RULES.to_move(s)) == ("shield", 1)
    assert set(RULES.legal_actions(s)) == {Keep(), Shield(0), Shield(1)}
    RULES.apply(s, Shield(0))
    assert len(s.piles) == 2
    assert s.piles[0].shielded and s.piles[0].score == 20
    assert card("PS") in s.piles[0].cards


def test_plasma_shield_may_double_an_opponents_asteroid_topped_trick() -> None:
    s = play(table(["R2", "PS", "R6"], piles=[pile(0, "A7")]), "R2", "PS", "R6")
    RULES.apply(s, Shield(0))
    assert (s.piles[0].owner, s.piles[0].score) == (0, -14)


def test_plasma_shield_with_no_earlier_trick_scores_zero() -> None:
    s = trick_of(["R2", "PS", "R6"])
    assert s.phase == "play"
    assert s.piles[-1].top == card("PS") and s.piles[-1].score == 0


def test_plasma_shield_may_be_declined_edition_rule() -> None:
    s = play(table(["R2", "PS", "R6"], piles=[pile(1, "A7")]), "R2", "PS", "R6")
    RULES.apply(s, Keep())
    assert [p.score for p in s.piles] == [-7, 0]


def test_a_destroyed_trick_cannot_be_shielded_stolen_or_covered() -> None:
    gone = pile(0, "A7")
    gone.destroyed = True
    s = play(table(["R2", "PS", "R6"], piles=[gone]), "R2", "PS", "R6")
    assert s.phase == "play"  # nothing to shield: the shield trick is simply kept


def test_every_special_choice_belongs_to_the_winner() -> None:
    s = play(table(["R2", "R6", "JG"], leader=1), "R6", "JG", "R2")
    assert RULES.to_move(s) == 2
    assert RULES.legal_actions(RULES.observe(s, 2)) == RULES.legal_actions(s)
