"""Stop or Nova, the four ways a hand ends, the next hand, and the match."""

from __future__ import annotations

import pytest
from nc_helpers import RULES, names, play, table

from tui_games.engine.core import IllegalAction
from tui_games.games.nebular_colors.rules import score
from tui_games.games.nebular_colors.state import (
    DECK_SIZE,
    Discard,
    Draw,
    EndTurn,
    HandResult,
    Meld,
    Nova,
    Stop,
    Take,
)

AT_4 = ["G3 G4 G5", "P1 P1 P1"]  # 4 points (green), purple 3 of 6


def meld_of(s, text: str) -> Meld:
    pool = s.hands[s.current] + s.taken
    chosen: list[int] = []
    for name in text.split():
        chosen.append(next(c for c in pool if names([c]) == name and c not in chosen))
    return Meld(cards=tuple(sorted(chosen)))


def dealt_fresh(s) -> bool:
    every = s.deck + s.hands[0] + s.hands[1] + s.piles[0] + s.piles[1]
    return (sorted(every) == list(range(DECK_SIZE)) and len(s.deck) == 48
            and s.melds == [[], []] and s.penalties == [[], []] and s.phase == "choose")


# ---- Stop or Nova ---------------------------------------------------------------------

def test_first_player_to_reach_5_must_choose_stop_or_nova() -> None:
    s = table(hands=("P2 P3 P4 B9", ""), melds=(AT_4, []), piles=("B13", "G13"), phase="meld")
    play(s, meld_of(s, "P2 P3 P4"))
    assert score(s, 0) == 5
    assert s.phase == "stop_or_nova" and RULES.to_move(s) == 0
    assert RULES.legal_actions(s) == [Stop(), Nova()]


def test_stop_or_nova_is_decided_before_anything_else() -> None:
    s = table(hands=("P2 P3 P4 P9 Y9 B9", ""), melds=(AT_4, []), piles=("B13", "G13"),
              phase="meld")
    play(s, meld_of(s, "P2 P3 P4"))
    for action in (EndTurn(), Draw(), Meld(cards=tuple(sorted(s.hands[0])))):
        with pytest.raises(IllegalAction) as err:
            RULES.apply(s, action)
        assert err.value.reason == "choose Stop or Nova first"


def test_stop_or_nova_is_asked_in_the_middle_of_a_take() -> None:
    s = table(hands=("P9 Y9 Y10 Y11", ""), melds=(["G3 G4 G5", "Y1 Y2 Y3"], []),
              piles=("B9 Y12 P13", "G13"), deck="B2 B4 B6")
    play(s, Take(pile=0))
    play(s, meld_of(s, "Y9 B9 P9"))
    assert score(s, 0) == 7 and s.phase == "stop_or_nova"
    play(s, Nova())
    assert s.phase == "meld"  # the turn resumes: the taken Y12 can still be melded
    assert meld_of(s, "Y10 Y11 Y12") in RULES.legal_actions(s)
    assert names(s.taken) == "Y12 P13"


def test_stop_or_nova_is_asked_only_the_first_time_in_a_hand() -> None:
    s = table(hands=("P2 P3 P4 B9 P9 Y9", ""), melds=(AT_4, []), piles=("B13", "G13"),
              phase="meld")
    play(s, meld_of(s, "P2 P3 P4"), Nova(), meld_of(s, "B9 P9 Y9"))
    assert score(s, 0) == 6 and s.phase == "meld"


def test_penalties_count_before_reaching_5() -> None:
    s = table(hands=("P2 P3 P4", ""), melds=(AT_4, []), piles=("B13", "G13"),
              penalties=("B2 B4 B6", ""), phase="meld")
    play(s, meld_of(s, "P2 P3 P4"))
    assert score(s, 0) == 4 and s.phase == "meld"


# ---- the four endings -----------------------------------------------------------------

def test_stop_ends_the_hand_and_earns_1_star_fragment() -> None:
    s = table(hands=("P2 P3 P4", ""), melds=(AT_4, []), piles=("B13", "G13"), phase="meld")
    play(s, meld_of(s, "P2 P3 P4"), Stop())
    assert s.fragments == [1, 0]
    r = s.results[-1]
    assert (r.hand_no, r.winner, r.fragments, r.kind, r.scores) == (1, 0, 1, "stop", [5, 0])
    assert s.hand_no == 2 and dealt_fresh(s)


def test_stop_in_the_middle_of_a_take_turns_unmelded_taken_cards_into_penalties() -> None:
    s = table(hands=("P9 Y9", ""), melds=(["G3 G4 G5", "Y1 Y2 Y3"], []),
              piles=("B9 Y12 P13 B2", "G13"), deck="B4 B6 B7")
    play(s, Take(pile=0))
    play(s, meld_of(s, "Y9 B9 P9"), Stop())
    r = s.results[-1]
    assert r.kind == "stop" and r.winner == 0 and s.fragments == [1, 0]
    assert r.scores == [6, 0]  # 7 points, 3 leftover taken cards cost 1


def test_nova_comes_true_at_10_for_2_star_fragments() -> None:
    s = table(hands=("P2 P3 P4 Y10 Y11 Y12 Y13", ""), melds=([*AT_4, "Y1 Y2 Y3"], []),
              piles=("B13", "G13"), phase="meld")
    play(s, meld_of(s, "P2 P3 P4"), Nova())
    assert s.nova == 0
    play(s, meld_of(s, "Y10 Y11 Y12 Y13"))  # yellow 7: 3 + 3 -> 11
    r = s.results[-1]
    assert (r.winner, r.fragments, r.kind) == (0, 2, "nova") and s.fragments == [2, 0]
    assert r.scores[0] >= 10 and s.hand_no == 2


def test_nova_called_with_10_already_comes_true_at_once() -> None:
    s = table(hands=("G9 G10 G11", ""), melds=(["G3 G4 G5", "Y10 Y11 Y12", "Y1 Y2 Y3"], []),
              piles=("B13", "G13"), phase="meld")
    play(s, meld_of(s, "G9 G10 G11"))  # 4 -> green 6: 10, yellow 6: 5 -> 15
    assert score(s, 0) == 15 and s.phase == "stop_or_nova"
    play(s, Nova())
    assert s.fragments == [2, 0] and s.results[-1].kind == "nova"


def test_nova_fails_when_the_opponent_reaches_5() -> None:
    s = table(hands=("B13", "P2 P3 P4"), melds=([], AT_4), piles=("B12", "G13"), nova=0,
              current=1, phase="meld")
    play(s, meld_of(s, "P2 P3 P4"))
    r = s.results[-1]
    assert (r.winner, r.fragments, r.kind) == (1, 1, "nova_failed")
    assert s.fragments == [0, 1] and s.hand_no == 2


def test_nova_fails_when_a_turn_would_start_with_an_empty_deck() -> None:
    s = table(hands=("B13", "P2"), melds=([*AT_4, "P2 P3 P4"], []), piles=("B12", "G13"),
              deck="", nova=0, current=1, phase="meld")
    play(s, EndTurn())
    r = s.results[-1]
    assert (r.winner, r.fragments, r.kind) == (1, 1, "nova_failed")


def test_empty_deck_at_the_start_of_a_turn_higher_score_earns_1() -> None:
    s = table(hands=("B13", "P2"), melds=([], ["G3 G4 G5"]), piles=("B12", "G13"),
              deck="", current=0, phase="meld")
    play(s, EndTurn())
    r = s.results[-1]
    assert (r.winner, r.fragments, r.kind, r.scores) == (1, 1, "deck", [0, 4])


def test_empty_deck_tie_goes_to_the_player_who_took_the_first_turn() -> None:
    for first in (0, 1):
        s = table(hands=("B13", "P2"), piles=("B12", "G13"), deck="", current=0,
                  first=first, phase="meld")
        play(s, EndTurn())
        assert s.results[-1].winner == first and s.results[-1].scores == [0, 0]


def test_deck_exhaustion_lets_the_last_drawer_finish_the_turn() -> None:
    s = table(hands=("G3 G4", "P2"), piles=("B12", "G13"), deck="G5 B13")
    play(s, Draw())
    assert s.deck == [] and s.phase == "discard"
    play(s, Discard(card=s.drawn[1], pile=0))
    play(s, meld_of(s, "G3 G4 G5"))
    assert s.hand_no == 1 and s.phase == "meld"
    play(s, EndTurn())
    assert s.results[-1].winner == 0 and s.results[-1].kind == "deck" and s.hand_no == 2


def test_a_turn_with_cards_left_does_not_end_the_hand() -> None:
    s = table(hands=("B13", "P2"), piles=("B12", "G13"), deck="Y5", phase="meld")
    play(s, EndTurn())
    assert s.results == [] and s.current == 1 and s.phase == "choose"


# ---- after the hand -------------------------------------------------------------------

def test_next_hand_starts_with_the_player_who_earned_no_fragment() -> None:
    for winner, run in ((0, "P2 P3 P4"), (1, "P5 P6 P7")):
        s = table(hands=("P2 P3 P4", "P5 P6 P7"), melds=(AT_4, ["G9 G10 G11", "P11 P12 P13"]),
                  piles=("B13", "G13"), current=winner, phase="meld")
        play(s, meld_of(s, run), Stop())
        assert s.fragments[winner] == 1
        assert s.current == s.first_player == 1 - winner


def test_new_hand_reshuffles_all_52_cards_with_the_states_rng() -> None:
    a = table(hands=("P2 P3 P4", ""), melds=(AT_4, []), piles=("B13", "G13"), phase="meld",
              seed=1)
    b = table(hands=("P2 P3 P4", ""), melds=(AT_4, []), piles=("B13", "G13"), phase="meld",
              seed=2)
    for s in (a, b):
        play(s, meld_of(s, "P2 P3 P4"), Stop())
        assert dealt_fresh(s) and s.nova is None and s.taken == []
    assert a.deck != b.deck


def test_hand_result_is_recorded_and_logged() -> None:
    s = table(hands=("P2 P3 P4", ""), melds=(AT_4, []), piles=("B13", "G13"), phase="meld")
    play(s, meld_of(s, "P2 P3 P4"), Stop())
    r = s.results[-1]
    assert isinstance(r, HandResult)
    texts = [e.text for e in s.log]
    assert r.reason in texts
    assert r.reason == ("Hand 1: Seat 1 reached 5 points first and called Stop; Seat 1 "
                        "earns 1 star fragment (scores 5 to 0).")
    assert texts[-1].startswith("Hand 2: Seat 2 starts")


def test_turn_counter_increments_when_a_turn_or_hand_ends() -> None:
    s = table(hands=("P2 P3 P4", ""), melds=(AT_4, []), piles=("B13", "G13"), phase="meld")
    play(s, meld_of(s, "P2 P3 P4"))
    assert s.turn == 0
    play(s, Stop())
    assert s.turn == 1
    s = table(hands=("B13", "P2"), piles=("B12", "G13"), deck="", phase="meld")
    play(s, EndTurn())
    assert s.turn == 1  # the turn end and the hand end count once


def test_actions_that_deal_a_new_hand_reveal() -> None:
    s = table(hands=("P2 P3 P4", ""), melds=(AT_4, []), piles=("B13", "G13"), phase="meld")
    assert not RULES.reveals(s, meld_of(s, "P2 P3 P4"))
    play(s, meld_of(s, "P2 P3 P4"))
    assert RULES.reveals(s, Stop())
    s = table(hands=("B13", "P2 P3 P4"), melds=([], AT_4), piles=("B12", "G13"), nova=0,
              current=1, phase="meld")
    assert RULES.reveals(s, meld_of(s, "P2 P3 P4"))
    assert RULES.reveals(table(hands=("B13", "P2"), deck="", phase="meld"), EndTurn())
    assert not RULES.reveals(table(hands=("B13", "P2"), deck="Y5", phase="meld"), EndTurn())


# ---- the match ------------------------------------------------------------------------

def _stop_with(fragments: tuple[int, int], target: int):
    s = table(hands=("P2 P3 P4", ""), melds=(AT_4, []), piles=("B13", "G13"), phase="meld",
              fragments=fragments, target=target)
    return play(s, meld_of(s, "P2 P3 P4"), Stop())


def test_match_to_4_star_fragments() -> None:
    s = _stop_with((2, 0), 4)
    assert s.phase != "over" and s.fragments == [3, 0]
    s = _stop_with((3, 1), 4)
    assert s.phase == "over" and RULES.to_move(s) is None and RULES.legal_actions(s) == []
    out = RULES.outcome(s)
    assert out is not None and out.winners == [0] and out.scores == [4, 1]
    # the match's reason says how its last hand ended, then the total
    assert out.reason == (f"{s.results[-1].reason} Seat 1 collected 4 star fragments in "
                          "1 hand.")  # the table started at 3 fragments
    assert out.reason.startswith("Hand ") and "called Stop" in out.reason


def test_short_match_to_2_star_fragments() -> None:
    s = _stop_with((1, 0), 2)
    assert s.phase == "over" and RULES.outcome(s).winners == [0]  # type: ignore[union-attr]


def test_outcome_breakdown_gives_each_hands_fragments_and_points() -> None:
    s = _stop_with((3, 2), 4)
    s.results[:0] = [
        HandResult(hand_no=0, winner=1, fragments=2, reason="", scores=[0, 10], kind="nova"),
        HandResult(hand_no=0, winner=0, fragments=1, reason="", scores=[0, 5],
                   kind="nova_failed"),
    ]
    out = RULES.outcome(s)
    assert out is not None
    # per hand the fragments earned, with its points (melds, penalty cards) under it;
    # the table started at (3, 2) fragments: a first row says what the hands do not
    assert out.breakdown[0][:3] == [("star fragments before these hands", 2),
                                    ("Hand 0: Nova made", 0), ("  points", 0)]
    assert out.breakdown[1][:2] == [("Hand 0: Nova made", 2), ("  points", 10)]
    assert out.breakdown[0][-2:] == [(f"Hand {s.hand_no}: Stop", 1), ("  points", 5)]
    s.hand_penalties[:0] = [[0, 0], [0, 1]]  # kept for every hand: melds and penalties
    out = RULES.outcome(s)
    assert out.breakdown[1][:6] == [("Hand 0: Nova made", 2), ("  melds", 10),
                                    ("  penalty cards", 0), ("Hand 0: failed Nova", 0),
                                    ("  melds", 6), ("  penalty cards", -1)]
    assert out.breakdown[0][-3:] == [(f"Hand {s.hand_no}: Stop", 1), ("  melds", 5),
                                     ("  penalty cards", 0)]
    assert [out.counted(0), out.counted(1)] == out.scores == [4, 2]
    assert RULES.outcome(table()) is None
