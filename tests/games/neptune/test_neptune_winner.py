"""Who wins a trick: the rulebook's examples and every step of the spec's order."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from neptune_tables import RULES, card, cards, play, table, trick_of

from tui_games.engine.codec import clone
from tui_games.games.neptune.state import BLACK_HOLE, STATIONFALL, Play
from tui_games.games.neptune.tricks import winning_position


def wins(names: str, *, last: bool = False) -> str:
    """The winning card's name of a trick given in play order."""
    trick = names.split()
    return trick[winning_position(cards(names), last)]


# ---- the rulebook's examples ------------------------------------------------------------

def test_rulebook_bob_4_red_john_6_red_sue_1_blue_sue_wins() -> None:
    # Bob, John, Sue = seats 0, 1, 2; Sue has no Red.
    s = trick_of(["R4", "R6", "B1"])
    assert s.last_winner == 2
    assert s.piles[-1].top == card("B1") and s.piles[-1].score == 10


def test_rulebook_bob_6_red_john_3_blue_sue_8_green_john_wins() -> None:
    s = trick_of(["R6", "B3", "G8"])
    assert s.last_winner == 1  # you cannot trump a trump


def test_rulebook_rick_asteroid_john_5_blue_sue_8_blue_tom_7_red_sue_takes_the_asteroid() -> None:
    # Rick holds only Asteroids, so he may lead one; Sue must follow the co-starting Blue.
    s = table(["A5", "B5 R1", "B8 G2", "R7"])
    play(s, "A5", "B5")
    assert {Play(card("B8"))} == set(RULES.legal_actions(s))
    play(s, "B8", "R7")
    assert s.last_winner == 2
    assert s.piles[-1].top == card("A5") and s.piles[-1].score == -5


def test_rulebook_same_asteroid_trick_with_tom_playing_green_tom_wins() -> None:
    s = trick_of(["A5", "B5", "B8", "G7"])
    assert s.last_winner == 3  # Green trumps Blue
    assert s.piles[-1].top == card("A5")


# ---- suit and trump -----------------------------------------------------------------------

def test_all_same_suit_the_highest_card_power_wins() -> None:
    assert wins("G3 G9 G5 G1") == "G9"


def test_red_trumps_green_green_trumps_blue_blue_trumps_red() -> None:
    assert wins("G9 R1") == "R1"
    assert wins("B9 G1") == "G1"
    assert wins("R9 B1") == "B1"


def test_a_card_of_the_third_suit_never_wins() -> None:
    assert wins("R2 G10") == "R2"  # Green does not trump Red


def test_after_a_trump_only_a_higher_card_of_that_trump_suit_wins() -> None:
    assert wins("R6 B3 B7 R10") == "B7"
    assert wins("R6 B3 B2") == "B3"


def test_you_cannot_trump_a_trump_with_another_suit_or_a_cutting_special() -> None:
    assert wins("R6 B3 G8") == "B3"
    assert wins("R6 B3 SB PM") == "B3"


def test_the_first_cutting_special_takes_the_trick_from_the_suit_to_follow() -> None:
    assert wins("R6 R10 PS") == "PS"


def test_after_a_cutting_special_neither_a_trump_nor_a_later_cut_wins() -> None:
    assert wins("R6 SB B9 PM") == "SB"


def test_a_led_cutting_special_holds_the_trick_edition_rule() -> None:
    assert wins("SB R4 R9 B10") == "SB"


# ---- Jump Gate ----------------------------------------------------------------------------

def test_jump_gate_beats_a_winner_with_cp_below_7_trump_or_not() -> None:
    assert wins("R6 JG") == "JG"
    assert wins("R10 B6 JG") == "JG"
    assert wins("R4 SB JG") == "JG"  # cutting specials count as CP 0


def test_jump_gate_does_not_beat_a_winner_with_cp_7_or_more() -> None:
    assert wins("R7 JG") == "R7"
    assert wins("R9 JG") == "R9"


def test_after_jump_gate_only_a_card_above_cp_7_wins_by_the_usual_rules() -> None:
    assert wins("R3 JG R7") == "JG"
    assert wins("R3 JG R8") == "R8"
    assert wins("R3 JG B5") == "JG"  # a trump needs CP above 7 too
    assert wins("R3 JG B9") == "B9"
    assert wins("R3 JG SB") == "JG"  # a cutting special is CP 0
    assert wins("R3 B2 JG B8") == "B8"
    assert wins("R3 B2 JG R10") == "JG"  # after a trump only the trump suit counts


def test_a_led_jump_gate_is_beaten_by_a_co_starting_suit_card_above_7() -> None:
    assert wins("JG R5 R6") == "JG"
    assert wins("JG R5 R9") == "R9"


# ---- Stationfall and Black Hole -------------------------------------------------------

def test_stationfall_wins_when_every_cp_card_is_even() -> None:
    assert wins("R4 G6 SF B10") == "SF"


def test_stationfall_wins_when_every_cp_card_is_odd() -> None:
    assert wins("SF R3 B5 G9") == "SF"


def test_stationfall_ignores_cards_without_cp() -> None:
    assert wins("R4 A5 SF B2") == "SF"
    assert wins("R3 SB SF") == "SF"


def test_stationfall_fails_with_mixed_parities() -> None:
    assert wins("R4 R5 SF") == "R5"


def test_stationfall_counts_the_jump_gate_as_cp_7_edition_rule() -> None:
    assert wins("R3 JG SF") == "SF"
    assert wins("R4 JG SF") == "JG"


def test_stationfall_needs_at_least_one_cp_card() -> None:
    assert wins("A3 SF A7") == "A7"


def test_stationfall_beats_the_black_hole() -> None:
    assert wins("BH R2 SF R8") == "SF"


def test_black_hole_wins_when_stationfall_does_not() -> None:
    assert wins("R2 B1 BH A7") == "BH"
    assert wins("R2 R5 SF BH") == "BH"


def test_black_hole_has_no_power_in_the_last_trick_of_the_round() -> None:
    assert wins("R2 BH R5", last=True) == "R5"
    assert wins("R2 BH R5", last=False) == "BH"


# ---- Asteroids --------------------------------------------------------------------------

def test_an_all_asteroid_trick_goes_to_the_most_damaging_asteroid() -> None:
    assert wins("A3 A7 A5") == "A7"


def test_a_trick_nobody_can_win_goes_to_its_leader_edition_rule() -> None:
    assert wins("BH SF", last=True) == "BH"
    assert wins("SF BH", last=True) == "SF"
    assert wins("A3 BH", last=True) == "A3"  # the Asteroid rule still applies


# ---- property: one winner, and a card that was legal to play ----------------------------

@settings(max_examples=150, deadline=None)
@given(players=st.integers(2, 4), seed=st.integers(0, 10_000),
       picks=st.lists(st.integers(0, 20), min_size=40, max_size=40))
def test_every_trick_has_exactly_one_winner_who_played_a_legal_card(
        players: int, seed: int, picks: list[int]) -> None:
    s = RULES.setup(players, seed, {"specials": "random"})
    moves = iter(picks)
    for _ in range(next(moves) % 6):  # skip a few whole tricks to vary the position
        for _ in range(players):
            legal = RULES.legal_actions(s)
            RULES.apply(s, legal[next(moves) % len(legal)])
        while s.phase != "play":
            RULES.apply(s, RULES.legal_actions(s)[0])
    legal_when_played = []
    before = clone(s)
    for _ in range(players):
        legal = [a.card for a in RULES.legal_actions(s)]
        legal_when_played.append(legal)
        RULES.apply(s, Play(legal[next(moves) % len(legal)]))
    trick = s.trick if s.phase != "play" else s.last_trick
    winner = s.winner if s.phase != "play" else s.last_winner
    assert len(trick) == players
    position = (winner - before.leader) % players
    winners = {winning_position(list(trick), before.tricks_done == before.hand_size - 1)}
    assert winners == {position}
    assert trick[position] in legal_when_played[position]
    if STATIONFALL not in trick and BLACK_HOLE in trick and before.hand_size - 1 > (
            before.tricks_done):
        assert trick[position] == BLACK_HOLE
