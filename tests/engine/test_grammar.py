"""The one grammar helper every game's log, descriptions and summaries use."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tui_games.engine.grammar import (
    a_or_an,
    agree,
    as_clause,
    plural,
    possessive,
    seat_ref,
    second_person,
    speak_to,
)

NAMES = ["Ada", "Bo", "Cy"]


def test_rules_name_seats_in_the_third_person() -> None:
    assert seat_ref(0) == "Seat 1"
    assert seat_ref(3) == "Seat 4"


@pytest.mark.parametrize(("count", "text"), [(0, "0 cards"), (1, "1 card"), (2, "2 cards")])
def test_counts_agree_with_their_noun(count: int, text: str) -> None:
    assert plural(count, "card") == text


def test_irregular_plurals_and_verbs_agree() -> None:
    assert plural(2, "penalty", "penalties") == "2 penalties"
    assert f"1 pile card left {agree(1, 'becomes', 'become')} a penalty" == (
        "1 pile card left becomes a penalty")
    assert agree(3, "becomes", "become") == "become"


@pytest.mark.parametrize(("phrase", "text"), [
    ("orange star", "an orange star"), ("blue star", "a blue star"),
    ("Asteroid", "an Asteroid"), ("unit", "a unit"), ("8", "an 8"), ("7", "a 7"),
    ("11", "an 11"), ("one-eyed card", "a one-eyed card"),
])
def test_the_article_follows_the_sound(phrase: str, text: str) -> None:
    assert a_or_an(phrase) == text


@pytest.mark.parametrize(("verb", "form"), [
    ("draws", "draw"), ("keeps", "keep"), ("has", "have"), ("is", "are"), ("was", "were"),
    ("passes", "pass"), ("reaches", "reach"), ("carries", "carry"), ("goes", "go"),
    ("drew", "drew"), ("took", "took"), ("can", "can"), ("Starts", "Start"),
])
def test_a_verb_after_you_takes_the_second_person(verb: str, form: str) -> None:
    assert second_person(verb) == form


def test_the_viewer_reads_you_and_the_others_read_names() -> None:
    text = "Seat 1 starts; Seat 2 keeps 2 cards and Seat 1 takes Seat 2's pile."
    assert speak_to(text, NAMES, 0) == (
        "You start; Bo keeps 2 cards and you take Bo's pile.")
    assert speak_to(text, NAMES, 1) == (
        "Ada starts; you keep 2 cards and Ada takes your pile.")
    assert speak_to(text, NAMES, None) == (
        "Ada starts; Bo keeps 2 cards and Ada takes Bo's pile.")


def test_a_seat_named_you_reads_grammatically_too() -> None:
    assert speak_to("Seat 1 keeps the pile. Seat 2 has 3 points.", ["You", "Bot 2"]) == (
        "You keep the pile. Bot 2 has 3 points.")


def test_a_seat_named_you_is_never_you_on_another_seats_screen() -> None:
    """Hot-seat (issue 19): Player 2 read "Hand 1: You start" about Player 1, named You.
    Only the seat that is viewing reads "you"; another seat named You is "Player N"."""
    names = ["You", "Bea"]
    assert speak_to("Hand 1: Seat 1 starts.", names, 1) == "Hand 1: Player 1 starts."
    assert speak_to("Seat 2 takes Seat 1's pile.", names, 1) == (
        "You take Player 1's pile.")
    assert speak_to("Hand 1: Seat 1 starts.", names, 0) == "Hand 1: You start."


def test_a_sentence_starting_with_your_seat_capitalises() -> None:
    assert speak_to("Seat 3's turn.", NAMES, 2) == "Your turn."
    assert speak_to("Hand 2: Seat 3 leads.", NAMES, 2) == "Hand 2: You lead."


def test_a_seat_as_object_is_you_without_changing_the_verb() -> None:
    assert speak_to("Seat 2 passes to Seat 1.", NAMES, 0) == "Bo passes to you."


def test_older_logs_saying_player_n_are_read_the_same() -> None:
    assert speak_to("Player 2 leads R5.", NAMES, 1) == "You lead R5."


@given(st.text(alphabet=st.sampled_from("Seat 123 draws.,;'s you"), max_size=60),
       st.integers(min_value=0, max_value=2))
def test_speaking_to_a_viewer_never_fails_and_leaves_no_seat_reference(
        text: str, viewer: int) -> None:
    spoken = speak_to(text, NAMES, viewer)
    assert not re.search(r"\bSeat [123]\b", spoken)


def test_the_possessive_of_the_viewer_is_your() -> None:
    assert (possessive("You"), possessive("Ann"), possessive("Bot 2")) == (
        "your", "Ann's", "Bot 2's")


def test_a_sentence_inside_another_lowers_its_opening_word_but_never_a_name() -> None:
    assert as_clause("You cannot make a set") == "you cannot make a set"
    assert as_clause("That pile is empty") == "that pile is empty"
    assert as_clause("Bo's turn") == "Bo's turn"
