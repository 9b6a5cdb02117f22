"""The pure parts of the Nebular Colors table: which keys do what now (key_plan), what the
table shows in numbers (view) and its labels and key answers (texts), without the app."""

from __future__ import annotations

import random

from nc_helpers import RULES, names, table

from tui_games.engine.session import Seat, Session, replay
from tui_games.games.nebular_colors import key_plan, texts
from tui_games.games.nebular_colors.melds import ScoreBreakdown
from tui_games.games.nebular_colors.rules import score_breakdown
from tui_games.games.nebular_colors.state import SUITS, Discard, Draw, EndTurn, Meld
from tui_games.games.nebular_colors.view import (
    SuitTally,
    hand_end_held,
    held_face_down,
    suit_style,
    suit_tallies,
)


def shown(action: str, phase: str, mine: bool = True, picking: bool = False,
          can_meld: bool = False, can_take: bool = False) -> bool:
    """key_shown on your turn with nothing being chosen, no meld and no take by default."""
    return key_plan.key_shown(action, phase, mine=mine, picking=picking, can_meld=can_meld,
                              can_take=can_take)


def test_the_footer_offers_a_game_key_only_in_its_phase_and_on_your_turn() -> None:
    assert shown("draw", "choose")
    assert not shown("draw", "choose", mine=False)
    assert not shown("draw", "discard")
    assert shown("confirm", "discard")
    assert shown("stop", "stop_or_nova") and not shown("stop", "meld")


def test_take_and_meld_are_offered_only_when_the_rules_allow_one() -> None:
    assert not shown("take", "choose")
    assert shown("take", "choose", can_take=True)
    assert not shown("take", "discard", can_take=True)
    assert not shown("meld", "meld")
    assert shown("meld", "meld", can_meld=True)
    assert shown("meld", "take_set")  # taking a pile obliges a set: m is always offered


def test_the_pile_keys_answer_a_pile_being_chosen_in_any_phase() -> None:
    assert not shown("pile", "choose", can_take=True)
    assert shown("pile", "choose", picking=True, can_take=True)
    assert not shown("pile", "choose", mine=False, picking=True)


def test_every_phase_key_has_a_probe_and_a_phase() -> None:
    assert set(key_plan.PHASE_KEYS.values()) == set(key_plan.PROBES) == set(key_plan.SHOWN_IN)


def test_the_piles_a_key_can_use_come_from_the_legal_actions() -> None:
    s = table(hands=("P9 Y9", ""), piles=("B9", "G3"))
    legal = RULES.legal_actions(s)
    assert key_plan.take_piles(legal) == [0]
    assert key_plan.can_take(legal) and not key_plan.can_meld(legal)
    assert key_plan.take_piles([Draw()]) == [] and not key_plan.can_take([Draw()])
    discards = [Discard(card=4, pile=0), Discard(card=4, pile=1), Discard(card=5, pile=1)]
    assert key_plan.discard_piles(discards, 4) == [0, 1]
    assert key_plan.discard_piles(discards, 5) == [1]
    assert key_plan.discard_piles(discards, None) == []


def test_the_chosen_cards_pick_the_legal_meld_of_exactly_them() -> None:
    s = table(hands=("P3 P1 P2 G5", ""), piles=("G9", "G3"), phase="meld")
    legal = RULES.legal_actions(s)
    run = key_plan.chosen_meld(legal, set(s.hands[0][:3]))
    assert isinstance(run, Meld) and names(sorted(run.cards)) == names(sorted(s.hands[0][:3]))
    assert key_plan.chosen_meld(legal, set(s.hands[0])) is None
    assert key_plan.chosen_meld([EndTurn()], set(s.hands[0][:3])) is None


def test_seat_labels_say_who_plays_and_fit_their_column() -> None:
    assert texts.seat_label("Ada", None, True) == "Ada (you)"
    assert texts.seat_label("You", None, True) == "You"
    assert texts.seat_label("Ada", None, False) == "Ada"
    assert texts.seat_label("Bot 2", "normal", False) == "Bot 2 (normal)"
    long = texts.seat_label("Bartholomew Jr. the Third", "normal", False)
    assert len(long) == texts.NAME_WIDTH and long.endswith(" (normal)")


def test_a_nova_note_speaks_to_each_side() -> None:
    assert texts.nova_note(table(), 0) == ""
    s = table(nova=1, phase="choose")
    assert texts.nova_note(s, 1) == "NOVA: 10 wins"
    assert texts.nova_note(s, 0) == "5 beats the Nova"


def test_a_pile_hint_names_its_sets_or_asks_to_fill_it() -> None:
    s = table(hands=("P9 Y9", ""), piles=("B9", "G3"))
    legal = RULES.legal_actions(s)
    assert texts.pile_hint(RULES, s, 0, legal) == "t: set of 9s"
    assert texts.pile_hint(RULES, s, 1, legal) == ""
    s = table(hands=("P9", ""), piles=("", "G3"), drawn="Y5 B2", phase="discard")
    legal = RULES.legal_actions(s)
    assert texts.pile_hint(RULES, s, 0, legal) == "empty: fill it first"
    assert texts.pile_hint(RULES, s, 1, legal) == ""
    assert texts.pile_hint(RULES, s, 0, []) == ""  # not your turn: no hint


def test_the_answers_to_keys_read_as_sentences() -> None:
    assert texts.cannot_take(["You cannot take it.", "The pile is empty."]) == (
        "You cannot take a pile now (left: you cannot take it; right: the pile is empty).")
    p1, b8 = table(hands=("P1 B8", "")).hands[0]
    assert texts.penalty_warning([p1]) == (
        "P1 would become a penalty card: press e again to end your turn.")
    assert texts.penalty_warning([p1, b8]).startswith("P1 B8 would become penalty cards:")
    assert texts.pick_prompt(True, b8).startswith("Take which pile?")
    assert texts.pick_prompt(False, b8).startswith("Discard B8 on which pile?")
    assert texts.pick_prompt(False, None).startswith("Take which pile?")
    assert texts.not_a_meld("a run needs one suit") == "Not a meld: a run needs one suit."


def test_suit_tallies_split_the_threshold_points_from_the_bonus() -> None:
    parts = ScoreBreakdown({"G": (4, 3, 6), "Y": (1, 4, 0), "B": (0, 5, 0), "P": (6, 6, 1)},
                           0, 0, 7)
    tallies = suit_tallies(parts)
    assert [t.label for t in tallies] == ["Green", "Yellow", "Blue", "Purple"]
    green, yellow, _, purple = tallies
    assert green.passed and green.points + green.bonus == 6 and green.style == "suit-g"
    assert yellow == SuitTally("Yellow", "suit-y", 1, 4, 0, 0) and not yellow.passed
    assert purple.points + purple.bonus == 1


def test_suit_tallies_of_a_table_add_up_to_its_melds() -> None:
    s = table(melds=(["Y10 Y11 Y12", "P4 G4 B4"], []))
    parts = score_breakdown(s, 0)
    assert sum(t.points + t.bonus for t in suit_tallies(parts)) == sum(
        parts.suits[suit][2] for suit in SUITS)


def test_cards_have_their_suit_colour() -> None:
    p1, g3 = table(hands=("P1 G3", "")).hands[0]
    assert (suit_style(p1), suit_style(g3)) == ("suit-p", "suit-g")


def test_the_cards_held_face_down_count_the_drawn_ones_on_their_turn() -> None:
    s = table(hands=("P9", "B4 B6"), drawn="Y5 B2", phase="discard")
    assert held_face_down(s, 1) == 2
    assert held_face_down(s, 0) == 3


def test_a_look_back_holds_a_hand_end_table_only_at_the_action_that_ended_it() -> None:
    session = Session.new(RULES, [Seat("A"), Seat("B")], 3, {"match": "4"})
    assert hand_end_held(session) is None  # nothing played yet
    rng = random.Random(3)
    while not session.state.results:
        session.apply(rng.choice(RULES.legal_actions(session.state)))
        if not session.state.results:
            assert hand_end_held(session) is None
    held = hand_end_held(session)
    assert held is not None and held.hand_no == 1
    assert held == RULES.hand_end_table(
        replay(RULES, 2, 3, session.options, session.actions[:-1]), session.actions[-1])
