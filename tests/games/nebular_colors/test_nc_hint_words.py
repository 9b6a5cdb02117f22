"""Nebular Colors hints say why in the game's words: a run kept open, a threshold passed,
a set that lets a pile be taken, why a run does not; from the seat's own cards only."""

from __future__ import annotations

import random
import re

from nc_helpers import RULES, ids, play, table

from tui_games.engine.bots.hint import fits
from tui_games.games.nebular_colors.hint_words import kept_for, outlook, why
from tui_games.games.nebular_colors.state import (
    Discard,
    Draw,
    EndTurn,
    Meld,
    NCState,
    Nova,
    Stop,
    Take,
    card_name,
)
from tui_games.games.nebular_colors.texts import only_a_run


def test_keeping_a_card_next_to_two_of_its_suit_keeps_the_run_open() -> None:
    s = table(hands=("B10 P3", ""), phase="discard", drawn="B11 Y2", piles=("P1", "G3"))
    discard = next(
        a for a in RULES.legal_actions(s) if isinstance(a, Discard) and card_name(a.card) == "Y2"
    )
    assert kept_for(ids("B11")[0], ids("B10 P3")) == (
        "keeps your blue run open: B10 B11 wait for B9 or B12")
    # the run's cards are in the hand on the table: the line keeps its room for the pile
    assert why(s, 0, discard) == (
        "B11 stays and keeps your blue run open; "
        "no pile holds a 2, so your opponent needs two to use it")


def test_a_long_card_reason_gives_up_its_run_before_the_pile_reason() -> None:
    # Issue 31: "P5 stays in your hand and keeps your purple run open: P4 P5 wait for P3
    # or P6" left no room for why this pile; said briefly, both fit with the move.
    s = table(hands=("P4 G3", ""), phase="discard", drawn="P5 Y10", piles=("B2", "G10"))
    discard = next(a for a in RULES.legal_actions(s)
                   if isinstance(a, Discard) and card_name(a.card) == "Y10" and a.pile == 0)
    text = why(s, 0, discard)
    assert text.startswith("P5 stays and keeps your purple run open; ")
    assert "not the right: with G10 there, your opponent takes it with one 10" in text
    assert fits(f"Hint: {RULES.describe(s, discard)}: {text}.")


def test_a_run_with_a_gap_waits_for_the_middle_card() -> None:
    hand = ids("B9 P3")
    assert kept_for(ids("B11")[0], hand) == "keeps your blue run open: B9 B11 wait for B10"


def test_a_kept_card_that_completes_a_run_or_a_set_says_so() -> None:
    assert kept_for(ids("G5")[0], ids("G3 G4 P1")) == "completes a green run: G3 G4 G5"
    assert kept_for(ids("P9")[0], ids("G9 B9 Y1")) == "completes a set of 9s"
    assert kept_for(ids("P9")[0], ids("G9 Y1")) == "keeps a pair of 9s for a set"


def test_a_card_that_fits_no_meld_is_the_one_to_give_away() -> None:
    s = table(hands=("G3 G4", ""), phase="discard", drawn="Y12 P1", piles=("P2", "B2"))
    discard = next(
        a for a in RULES.legal_actions(s) if isinstance(a, Discard) and card_name(a.card) == "Y12"
    )
    assert why(s, 0, discard) == (
        "Y12 fits nothing in your hand; "
        "no pile holds a 12, so your opponent needs two to use it")


def test_a_discard_hint_names_the_card_kept_so_its_reason_is_not_the_discarded_cards() -> None:
    # Issue 31, played: "Discard G13 on the left pile: completes a set of 10s" read as if
    # G13 completed the set; it was the B10 drawn with it.
    s = table(hands=("G10 P10 Y13", ""), phase="discard", drawn="B10 G13", piles=("P13", "B2"))
    discard = next(
        a for a in RULES.legal_actions(s) if isinstance(a, Discard) and card_name(a.card) == "G13"
    )
    assert why(s, 0, discard) == (
        "B10 stays in your hand and completes a set of 10s; careful: with P13 there, your "
        "opponent takes this pile with one 13")


def discard_of(s: NCState, name: str, pile: int) -> Discard:
    return next(a for a in RULES.legal_actions(s) if isinstance(a, Discard)
                and card_name(a.card) == name and a.pile == pile)


def test_a_discard_hint_says_why_this_pile_the_other_holds_its_number() -> None:
    # Issue 31, played: G13 went on the pile holding P13 with no word on the pile, and the
    # bot took that pile next turn; the other pile is the safe one, and the hint says why.
    s = table(hands=("G10 P10 Y2", ""), phase="discard", drawn="B10 G13", piles=("P13", "B2"))
    assert why(s, 0, discard_of(s, "G13", 1)) == (
        "B10 stays in your hand and completes a set of 10s; not the left: with P13 there, "
        "your opponent takes it with one 13")


def test_discarding_one_of_two_twins_drawn_names_the_other_as_the_one_kept() -> None:
    # Issue 31, played: two P5 drawn; "Discard P5 on the right pile: P5 stays in your hand
    # and keeps your purple run open" read as a contradiction.
    s = table(hands=("P3 B2", ""), phase="discard", drawn="P5 P5", piles=("G9", "Y9"))
    text = why(s, 0, discard_of(s, "P5", 1))
    # said briefly (without the run's cards) where the pile reason needs the room
    assert text.startswith("the other P5 stays") and "keeps your purple run open" in text


def test_a_pile_reason_says_an_8_and_an_11() -> None:
    # Issue 31, played: "no pile holds a 8", "no pile holds a 11"
    for name, number in (("B8", "8"), ("Y11", "11")):
        s = table(hands=("G3 G4", ""), phase="discard", drawn=f"{name} P1", piles=("P2", "B2"))
        text = why(s, 0, discard_of(s, name, 0))
        assert f"no pile holds an {number}, so" in text, text
    s = table(hands=("G3 G4", ""), phase="discard", drawn="Y12 P1", piles=("P2", "B2"))
    assert "no pile holds a 12, so" in why(s, 0, discard_of(s, "Y12", 0))


def test_a_discard_hint_prefers_the_smaller_pile_when_neither_holds_its_number() -> None:
    s = table(hands=("G3 G4", ""), phase="discard", drawn="Y12 P1",
              piles=("P2 P5 P7 P9", "B2"))
    # the fullest reason that fits the status line beside the move
    assert why(s, 0, discard_of(s, "Y12", 1)) == (
        "Y12 fits nothing in your hand; the smaller pile (1 card, not 4)")


def test_a_discard_on_an_empty_pile_says_the_rules_force_it() -> None:
    s = table(hands=("G3 G4", ""), phase="discard", drawn="Y12 P1", piles=("", "B2"))
    assert why(s, 0, discard_of(s, "Y12", 0)) == (
        "Y12 fits nothing in your hand; the left pile is empty and must be filled first")


def test_a_discard_whose_number_is_all_in_sight_is_safe_on_either_pile() -> None:
    s = table(hands=("G3 G4", ""), phase="discard", drawn="Y12 P1",
              piles=("B12 Y12", "P12"))
    assert why(s, 0, discard_of(s, "Y12", 1)) == (
        "Y12 fits nothing in your hand; your opponent can hold no other 12")


def test_giving_up_a_card_that_fits_says_what_is_lost_and_why_the_other_is_kept() -> None:
    # Issue 31, played: "Discard P10 on the left pile." with no reason at all
    s = table(hands=("G10 G3", ""), phase="discard", drawn="P10 Y5", piles=("B2", "B7"))
    assert why(s, 0, discard_of(s, "P10", 0)) == (
        "P10 only keeps a pair of 10s for a set; Y5 is the rarer colour (12 yellow cards in "
        "all, 20 purple)")


def test_a_discard_hint_keeps_its_reason_within_the_status_line() -> None:
    # A reason too long for the status line beside the move is dropped whole (hint_text):
    # the discard's reason gives up its pile clauses first, and always fits.
    pick = random.Random(31)
    checked = 0
    while checked < 40:
        s = RULES.setup(2, pick.getrandbits(32), {})
        for _ in range(pick.randrange(0, 30)):
            if RULES.to_move(s) is None:
                break
            RULES.apply(s, pick.choice(RULES.legal_actions(s)))
        seat = RULES.to_move(s)
        if seat is None or s.phase != "discard":
            continue
        view = RULES.observe(s, seat)
        for action in RULES.legal_actions(view):
            text = why(view, seat, action)
            assert text and fits(f"Hint: {RULES.describe(view, action)}: {text}."), text
        checked += 1


def test_a_meld_that_passes_a_threshold_names_it_the_points_and_stop_or_nova() -> None:
    s = table(hands=("Y10 Y11 Y12 P1", ""), melds=(("Y5 Y6 Y7",), ()), phase="meld")
    meld = next(a for a in RULES.legal_actions(s) if isinstance(a, Meld))
    assert why(s, 0, meld) == (
        "passes the yellow threshold (6 of 4): +5 points; you reach 5: Stop or Nova"
    )


def test_the_one_meld_of_several_that_passes_a_threshold_says_it_is_the_only_one() -> None:
    s = table(hands=("Y10 Y11 Y12 P1 P1 P1", ""), melds=(("Y5 Y6 Y7",), ()), phase="meld")
    melds = [a for a in RULES.legal_actions(s) if isinstance(a, Meld)]
    yellow = next(a for a in melds if card_name(a.cards[0]) == "Y10")
    purple = next(a for a in melds if card_name(a.cards[0]) == "P1")
    assert why(s, 0, yellow).startswith("the only meld that passes the yellow threshold")
    assert why(s, 0, purple) == "brings purple to 3 of 6"


def test_a_meld_short_of_its_threshold_says_how_far_it_brings_the_suit() -> None:
    s = table(hands=("B6 B7 B8 P1", ""), phase="meld")
    meld = next(a for a in RULES.legal_actions(s) if isinstance(a, Meld))
    assert why(s, 0, meld) == "brings blue to 3 of 5"


def test_drawing_when_only_a_run_goes_with_a_pile_says_a_pile_needs_a_set() -> None:
    """The rulebook: "To take this action, you must be able to make a Set"."""
    s = table(hands=("B10 B11 P2", ""), piles=("Y1 B9", "P5"))
    assert not any(isinstance(a, Take) for a in RULES.legal_actions(s))
    assert only_a_run(s, 0) == "the left's B9 makes only a run with B10 B11"
    assert why(s, 0, Draw()) == (
        "neither pile makes a set with your hand (the left's B9 "
        "makes only a run with B10 B11, and a pile needs a set)"
    )


def test_taking_a_pile_names_the_set_it_makes() -> None:
    s = table(hands=("P9 G9 Y3", ""), piles=("B9 Y1", "P2"))
    assert why(s, 0, Take(pile=0)) == "the left pile makes a set of 9s with your hand"


def test_ending_a_turn_with_pile_cards_left_names_the_penalty_cards() -> None:
    s = table(hands=("P9", ""), taken="Y1 G3", phase="meld")
    assert why(s, 0, EndTurn()) == "Y1 G3 become penalty cards"


def test_stop_and_nova_say_what_they_earn() -> None:
    s = table(
        hands=("P9", ""), melds=(("G3 G4 G5", "Y1 Y2 Y3", "Y5 Y6 Y7"), ()), phase="stop_or_nova"
    )
    assert why(s, 0, Stop()) == "ends the hand now with 9 points: 1 star fragment for you"
    assert why(s, 0, Nova()).startswith("bets on reaching 10 before your opponent reaches 5")


def test_stop_with_pile_cards_in_hand_says_they_become_penalties_and_the_score_after() -> None:
    # Issue 31, played: "Stop: ends the hand now with 5 points" with seven pile cards in
    # hand; the hand ended 3 to 4, the penalty cards costing 2.
    s = table(hands=("B2 Y3", ""), melds=(("P1 P1 P1", "P2 P3 P4 P5", "P5 P6 P7"), ()),
              taken="Y1 Y12 P11 P7 P4 B8 G13", phase="stop_or_nova")
    assert why(s, 0, Stop()) == (
        "ends the hand now: 1 star fragment for you; your 7 pile cards left become penalty "
        "cards (5 points fall to 3)")
    s.taken = s.taken[:2]  # two cost nothing: a penalty point is three cards
    assert why(s, 0, Stop()).endswith("your 2 pile cards left become penalty cards "
                                      "(still 5 points)")
    final = play(s, Stop())
    assert final.results[-1].scores[0] == 5


def test_the_outlook_is_the_chance_to_win_the_match() -> None:
    assert outlook(table(), 0, 0.62) == "From here you win the match about 6 times in 10."
    assert "/100" not in outlook(table(), 0, 0.0)


def _visible(view: NCState, seat: int) -> set[str]:
    cards = [*view.hands[seat], *view.drawn, *view.taken, *view.piles[0], *view.piles[1]]
    cards += [c for area in view.melds for meld in area for c in meld]
    return {card_name(c) for c in cards if c >= 0}


def test_a_hint_never_names_a_card_hidden_from_the_seat() -> None:
    pick = random.Random(3)
    for _ in range(60):
        s = RULES.setup(2, pick.getrandbits(32), {})
        for _ in range(pick.randrange(0, 60)):
            if RULES.to_move(s) is None:
                break
            RULES.apply(s, pick.choice(RULES.legal_actions(s)))
        seat = RULES.to_move(s)
        if seat is None:
            continue
        view = RULES.observe(s, seat)
        for action in RULES.legal_actions(view):
            named = set(re.findall(r"\b[GYBP]\d+\b", why(view, seat, action)))
            # a run's missing ends ("wait for B9 or B12") are wishes, not cards seen
            named -= set(
                re.findall(r"\b[GYBP]\d+\b", why(view, seat, action).partition("wait for")[2])
            )
            assert named <= _visible(view, seat), (why(view, seat, action), named)


def test_drawing_over_a_big_pile_names_the_pile_and_its_penalty_cards() -> None:
    # Issue 31, played at 80x24: "Draw 2 cards: 2 new cards are worth more than the set a
    # pile allows" beside an 11-card left pile offering a set of 7s; nothing said why not.
    s = table(hands=("P7 Y7 B8", ""), piles=("B7 B11 G4 B2 P1 P6", "P10"))
    assert [a.pile for a in RULES.legal_actions(s) if isinstance(a, Take)] == [0]
    text = why(s, 0, Draw())
    assert text == (
        "2 new cards are worth more than the left pile's set "
        "(6 cards: those you do not meld become penalty cards)"
    )
    assert fits(f"Draw 2 cards: {text}.")
    small = table(hands=("P7 Y7 B8", ""), piles=("B7 B11", "P10"))
    assert why(small, 0, Draw()) == "2 new cards are worth more than the left pile's set"
