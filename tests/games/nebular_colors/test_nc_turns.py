"""Setup and the turn: draw or take, discard, melds, penalty cards, reasons, describe."""

from __future__ import annotations

import pytest
from nc_helpers import RULES, ids, last_text, names, play, table

from tui_games.engine.core import IllegalAction
from tui_games.games.nebular_colors.state import (
    Discard,
    Draw,
    EndTurn,
    Meld,
    Nova,
    Stop,
    Take,
)


def meld_of(s, text: str) -> Meld:
    """The Meld of the named cards among the current player's hand and taken cards."""
    pool = s.hands[s.current] + s.taken
    chosen: list[int] = []
    for name in text.split():
        chosen.append(next(c for c in pool if names([c]) == name and c not in chosen))
    return Meld(cards=tuple(sorted(chosen)))


def raises(s, action, reason: str) -> None:
    with pytest.raises(IllegalAction) as err:
        RULES.apply(s, action)
    assert err.value.reason == reason


# ---- setup ----------------------------------------------------------------------------

def test_setup_deals_one_card_each_and_reveals_two_discard_piles() -> None:
    s = RULES.setup(2, 11, {})
    assert [len(h) for h in s.hands] == [1, 1]
    assert [len(p) for p in s.piles] == [1, 1]
    assert len(s.deck) == 48
    every = s.deck + s.hands[0] + s.hands[1] + s.piles[0] + s.piles[1]
    assert sorted(every) == list(range(52))
    assert s.phase == "choose" and s.hand_no == 1 and s.target == 4


def test_setup_shuffles_with_the_seed() -> None:
    assert RULES.setup(2, 5, {}) == RULES.setup(2, 5, {})
    assert RULES.setup(2, 5, {}).deck != RULES.setup(2, 6, {}).deck


def test_first_player_from_the_option() -> None:
    for seat in (0, 1):
        s = RULES.setup(2, 3, {"first": str(seat)})
        assert s.current == s.first_player == seat
        assert RULES.to_move(s) == seat


def test_first_player_random_is_drawn_from_the_seed() -> None:
    firsts = {RULES.setup(2, seed, {"first": "random"}).first_player for seed in range(20)}
    assert firsts == {0, 1}
    assert RULES.setup(2, 9, {}).first_player == RULES.setup(2, 9, {}).first_player


def test_short_game_option_plays_to_2() -> None:
    assert RULES.setup(2, 1, {"match": "2"}).target == 2
    assert RULES.setup(2, 1, {"match": "4"}).target == 4


def test_setup_rejects_bad_player_counts_and_options() -> None:
    with pytest.raises(ValueError):
        RULES.setup(3, 1, {})
    with pytest.raises(ValueError):
        RULES.setup(2, 1, {"match": "7"})
    with pytest.raises(ValueError):
        RULES.setup(2, 1, {"first": "2"})


# ---- draw -----------------------------------------------------------------------------

def test_turn_offers_draw_or_take() -> None:
    s = table(hands=("P9 Y9", ""), piles=("B9", "G3"))
    assert RULES.legal_actions(s) == [Draw(), Take(pile=0)]


def test_draw_takes_two_from_the_top_of_the_deck() -> None:
    s = table(hands=("P9", ""), piles=("B9", "G3"), deck="Y5 B2 P13 P12")
    play(s, Draw())
    assert names(s.drawn) == "Y5 B2" and s.phase == "discard" and len(s.deck) == 2


def test_after_drawing_you_must_discard_one_of_those_cards() -> None:
    s = play(table(hands=("P9", ""), piles=("B9", "G3"), deck="Y5 B2 P13"), Draw())
    legal = RULES.legal_actions(s)
    assert {names([a.card]) for a in legal} == {"Y5", "B2"}
    assert all(isinstance(a, Discard) for a in legal)
    raises(s, Discard(card=s.hands[0][0], pile=0), "discard one of the two cards you drew")
    raises(s, EndTurn(), "discard one of the cards you drew first")
    y5 = s.drawn[0]
    play(s, Discard(card=y5, pile=1))
    assert names(s.piles[1]) == "G3 Y5" and names(s.hands[0]) == "P9 B2"
    assert s.drawn == [] and s.phase == "meld"


def test_empty_discard_pile_must_be_filled_first() -> None:
    s = play(table(hands=("P9", ""), piles=("", "G3"), deck="Y5 B2 P13"), Draw())
    assert {a.pile for a in RULES.legal_actions(s)} == {0}
    raises(s, Discard(card=s.drawn[0], pile=1), "discard onto the empty pile first")
    play(s, Discard(card=s.drawn[0], pile=0))
    assert names(s.piles[0]) == "Y5"


def test_both_piles_empty_the_discard_may_go_on_either() -> None:
    s = play(table(hands=("P9", ""), piles=("", ""), deck="Y5 B2 P13"), Draw())
    assert {a.pile for a in RULES.legal_actions(s)} == {0, 1}


def test_discard_piles_stay_splayed_oldest_first() -> None:
    s = play(table(hands=("P9", ""), piles=("B9 P2", "G3"), deck="Y5 B2 P13"), Draw())
    play(s, Discard(card=s.drawn[1], pile=0))
    assert names(s.piles[0]) == "B9 P2 B2"


def test_deck_with_only_one_card_is_drawn_and_kept() -> None:
    s = table(hands=("P9", ""), piles=("B9", "G3"), deck="Y5")
    assert RULES.describe(s, Draw()) == "Draw the last card"
    play(s, Draw())
    assert names(s.hands[0]) == "P9 Y5" and s.deck == [] and s.drawn == []
    assert s.phase == "meld"


def test_after_drawing_you_may_meld_from_your_hand_then_end_the_turn() -> None:
    s = table(hands=("P9 Y9", "B4"), piles=("B13", "G3"), deck="G9 B2 P13 P12 P11")
    play(s, Draw(), Discard(card=s.deck[-2], pile=0))
    m = meld_of(s, "G9 Y9 P9")
    assert RULES.legal_actions(s) == [m, EndTurn()]
    play(s, m)
    assert s.hands[0] == [] and [names(x) for x in s.melds[0]] == ["G9 Y9 P9"]
    play(s, EndTurn())
    assert s.current == 1 and s.phase == "choose" and s.turn == 1


def test_meld_only_cards_from_your_hand() -> None:
    s = table(hands=("P9 Y9", ""), piles=("G9", "G3"), phase="meld")
    raises(s, Meld(cards=tuple(sorted(s.hands[0] + s.piles[0]))),
           "meld only cards from your hand or the pile you took")


def test_an_invalid_meld_is_refused_with_its_problem() -> None:
    s = table(hands=("Y10 Y11 B12 P1", ""), piles=("G9", "G3"), phase="meld")
    raises(s, meld_of(s, "Y10 Y11 B12"), "a run needs one suit")


def test_meld_cards_may_be_given_in_any_order() -> None:
    s = table(hands=("P3 P1 P2", ""), piles=("G9", "G3"), phase="meld")
    play(s, Meld(cards=tuple(s.hands[0])))
    assert names(s.melds[0][0]) == "P1 P2 P3"


def test_melds_are_never_extended() -> None:
    s = table(hands=("Y13", ""), piles=("G9", "G3"), phase="meld",
              melds=(["Y10 Y11 Y12"], []))
    assert RULES.legal_actions(s) == [EndTurn()]
    raises(s, Meld(cards=(*s.melds[0][0], s.hands[0][0])),
           "a meld already down cannot be extended")


# ---- take -----------------------------------------------------------------------------

def test_take_needs_a_set_from_a_pile_card_and_a_hand_card() -> None:
    s = table(hands=("P9 Y9", ""), piles=("B9", "G3"))
    assert Take(pile=0) in RULES.legal_actions(s)
    assert Take(pile=1) not in RULES.legal_actions(s)
    raises(s, Take(pile=1), "you cannot make a set with that pile")


def test_take_is_not_allowed_with_a_set_of_pile_cards_only() -> None:
    s = table(hands=("B13", ""), piles=("P1 P1 P1", "G3"))
    assert RULES.legal_actions(s) == [Draw()]
    raises(s, Take(pile=0), "you cannot make a set with that pile")


def test_take_is_not_allowed_with_a_set_of_hand_cards_only() -> None:
    s = table(hands=("P9 Y9 G9", ""), piles=("B13", "G3"))
    assert RULES.legal_actions(s) == [Draw()]


def test_take_is_not_allowed_for_a_run_only() -> None:
    s = table(hands=("Y10 Y11", ""), piles=("Y12", "G3"))
    assert RULES.legal_actions(s) == [Draw()]


def test_take_allows_one_hand_card_with_two_pile_cards() -> None:
    s = table(hands=("Y1", ""), piles=("P1 B6 P1", "G3"))
    assert Take(pile=0) in RULES.legal_actions(s)


def test_empty_pile_cannot_be_taken() -> None:
    s = table(hands=("Y1", ""), piles=("", "G3"))
    raises(s, Take(pile=0), "that pile is empty")


def test_take_draws_every_card_of_the_pile() -> None:
    s = play(table(hands=("P9 Y9", ""), piles=("B9 P2 G13", "G3")), Take(pile=0))
    assert names(s.taken) == "B9 P2 G13" and s.piles[0] == [] and s.phase == "take_set"
    assert last_text(s, 1) == "Seat 1 took the left pile: B9 P2 G13."


def test_after_a_take_the_first_meld_must_be_a_set_with_a_pile_card_and_a_hand_card() -> None:
    s = play(table(hands=("P9 Y9 Y10 Y11 P1 P1", ""),
                   piles=("B9 Y12 P1", "G3")), Take(pile=0))
    legal = RULES.legal_actions(s)
    assert {names(a.cards) for a in legal} == {"Y9 B9 P9", "P1 P1 P1"}
    raises(s, EndTurn(), "make a set with a card from the pile you took first")
    raises(s, meld_of(s, "Y10 Y11 Y12"), "first make a set (one number) with the pile you took")


def test_after_a_take_the_set_may_not_be_hand_cards_only() -> None:
    s = play(table(hands=("P9 Y9 G9", ""), piles=("B9", "G3")), Take(pile=0))
    raises(s, meld_of(s, "G9 Y9 P9"), "the set must use a card from the pile you took")


def test_after_the_set_further_melds_may_use_hand_and_taken_cards() -> None:
    s = play(table(hands=("P9 Y9 Y10 Y11 G3 Y3", ""),
                   piles=("B9 Y12 P3", "G13")), Take(pile=0))
    play(s, meld_of(s, "Y9 B9 P9"))
    assert s.phase == "meld"
    legal = {names(a.cards) for a in RULES.legal_actions(s) if isinstance(a, Meld)}
    assert legal == {"Y10 Y11 Y12", "G3 Y3 P3"}
    play(s, meld_of(s, "Y10 Y11 Y12"))
    assert names(s.taken) == "P3"


def test_unmelded_taken_cards_become_penalty_cards_at_the_end_of_the_turn() -> None:
    s = play(table(hands=("P9 Y9 B2", ""), piles=("B9 Y12 P3", "G3"), deck="B4 B6 B7"),
             Take(pile=0))
    play(s, meld_of(s, "Y9 B9 P9"), EndTurn())
    assert names(s.penalties[0]) == "Y12 P3" and s.taken == []
    assert names(s.hands[0]) == "B2"  # hand cards never become penalty cards
    assert s.log[-1].text == "Seat 1 kept Y12 P3 as penalty cards."


def test_penalty_cards_lower_the_score() -> None:
    s = play(table(hands=("P9 Y9", ""), piles=("B9 Y12 P3 P4", "G3"), deck="B4 B6 B7",
                   penalties=("P2", "")), Take(pile=0))
    play(s, meld_of(s, "Y9 B9 P9"), EndTurn())
    assert len(s.penalties[0]) == 4
    assert RULES.legal_actions(s) == [Draw()]
    from tui_games.games.nebular_colors.rules import score
    assert score(s, 0) == -1


# ---- turn order, reasons, wording -----------------------------------------------------

def test_players_alternate_turns() -> None:
    s = RULES.setup(2, 4, {"first": "0"})
    play(s, Draw())
    play(s, RULES.legal_actions(s)[0], EndTurn())
    assert RULES.to_move(s) == 1 and s.turn == 1


@pytest.mark.parametrize(("phase", "action", "reason"), [
    ("choose", EndTurn(), "draw 2 cards or take a pile first"),
    ("choose", Stop(), "you can call Stop only when you first reach 5 points"),
    ("choose", Nova(), "you can call Nova only when you first reach 5 points"),
    ("meld", Draw(), "you have already drawn this turn: meld or end your turn"),
    ("meld", Take(pile=0), "you have already drawn this turn: meld or end your turn"),
    ("meld", Discard(card=0, pile=0), "you have already drawn this turn: meld or end your turn"),
])
def test_actions_out_of_phase_raise_with_the_reason(phase: str, action, reason: str) -> None:
    raises(table(hands=("P9 Y9", ""), piles=("B9", "G3"), phase=phase), action, reason)


def test_over_game_refuses_every_action() -> None:
    raises(table(phase="over"), Draw(), "the game is over")


def test_describe_uses_plain_phrases() -> None:
    s = table(hands=("P1 P1 P1", ""), piles=("B9 Y2 G3 B4 P5", "G4"))
    b9, right = ids("B9")[0], 1
    assert RULES.describe(s, Draw()) == "Draw 2 cards"
    assert RULES.describe(s, Take(pile=0)) == "Take the left pile (5 cards)"
    assert RULES.describe(s, Discard(card=b9, pile=right)) == "Discard B9 on the right pile"
    assert RULES.describe(s, Meld(cards=tuple(s.hands[0]))) == "Meld P1 P1 P1"
    assert RULES.describe(s, Stop()) == "Stop"
    assert RULES.describe(s, Nova()) == "Nova"
    assert RULES.describe(s, EndTurn()) == "End turn"


def test_drawing_player_sees_the_cards_others_see_a_count() -> None:
    s = play(table(hands=("P9", ""), piles=("B9", "G3"), deck="Y5 B2 P13"), Draw())
    assert last_text(s, 0) == "Seat 1 drew Y5 and B2."
    assert last_text(s, 1) == "Seat 1 drew 2 cards."
    play(s, Discard(card=s.drawn[0], pile=1))
    assert last_text(s, 1) == "Seat 1 discarded Y5 on the right pile."


def test_draw_reveals_and_discard_does_not() -> None:
    s = table(hands=("P9", ""), piles=("B9", "G3"), deck="Y5 B2 P13")
    assert RULES.reveals(s, Draw())
    play(s, Draw())
    assert not RULES.reveals(s, Discard(card=s.drawn[0], pile=0))
    assert not RULES.reveals(table(hands=("P9 Y9", ""), piles=("B9", "G3")), Take(pile=0))


def test_hand_cards_never_become_penalty_cards() -> None:
    s = table(hands=("P9 Y9 B2 B4 B6", ""), piles=("B9 G13", "G3"), deck="P13 P12 P11")
    play(s, Take(pile=0))
    play(s, meld_of(s, "Y9 B9 P9"), EndTurn())
    assert names(s.penalties[0]) == "G13" and names(s.hands[0]) == "B2 B4 B6"
