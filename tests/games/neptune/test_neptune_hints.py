"""The Neptune status line fits its two lines of 78 columns at 80x24 in every phase.

Every phase of random games (playing into a trick, leading, the Jump Gate, Space Bandit,
Plasma Shield and Black Hole questions, someone else's turn or decision, the end), with
the cursor on every card of the hand, as each seat reads it with long player names.
"""

from __future__ import annotations

import random
import textwrap

from neptune_tables import RULES, card, table

from tui_games.engine.grammar import speak_to
from tui_games.games.neptune.hints import first_cursor_card, status_text
from tui_games.games.neptune.state import NeptuneState

WIDTH, LINES = 78, 2  # the status line at 80x24: two lines inside the screen's padding
NAMES = ["Annabel Lee", "Bartholomew", "Cyrano Berg", "Desdemona J"]


def fits(text: str) -> bool:
    """True when ``text`` wraps at words into the status line without being cut."""
    return len(textwrap.wrap(text, WIDTH, break_on_hyphens=False)) <= LINES


def texts_of(s: NeptuneState) -> list[str]:
    """Every status text the position can show, to every seat, for every cursor."""
    out = []
    for viewer in range(s.players):
        for cursor in [None, *s.hands[viewer]]:
            text = status_text(RULES, s, viewer, cursor)
            out.append(speak_to(text, NAMES[: s.players], viewer))
    return out


def test_every_phase_of_random_games_fits_two_lines_of_78() -> None:
    phases: set[str] = set()
    too_long: list[str] = []
    for seed in range(12):
        rnd = random.Random(seed)
        s = RULES.setup(2 + seed % 3, seed, {"specials": "random"})
        while True:
            phases.add(s.phase)
            too_long += [t for t in texts_of(s) if not fits(t)]
            if RULES.to_move(s) is None:
                break
            RULES.apply(s, rnd.choice(RULES.legal_actions(s)))
    assert phases == {"play", "top", "bandit", "shield", "cover", "over"}
    assert not too_long, too_long[:5]


def test_the_status_says_what_to_follow_and_what_trumps() -> None:
    s = table(["R4 G2", "R6 B3", "G9 B2"])
    s.trick, s.follow, s.current = [card("G5")], 1, 1
    s.hands[1] = [card("R6"), card("B3")]
    text = status_text(RULES, s, 1, card("R6"))
    assert text == (
        "You have no Green: play any card (Red trumps). R6 5pt is Red, strength 6, "
        "worth 5 points. Enter plays it."
    )
    s.hands[1] = [card("G7"), card("B3")]
    text = status_text(RULES, s, 1, card("B3"))
    assert text == "Follow Green (Red trumps). B3 8pt: not now - you must follow Green."


def test_a_hand_of_only_the_suit_to_follow_is_told_to_follow_it() -> None:
    """Asteroid 7 led, then B4: Blue is to follow, and a hand of only B8 follows it."""
    s = table(["A7 R2", "B8", "B4 G2"])
    s.trick, s.follow, s.current = [card("A7"), card("B4")], 2, 1
    text = status_text(RULES, s, 1, card("B8"))
    assert text == (
        "Follow Blue (Green trumps). B8 3pt is Blue, strength 8, worth 3 points. Enter plays it."
    )


def test_after_a_special_lead_there_is_nothing_to_follow_yet() -> None:
    s = table(["SB R2", "R6 B3", "G9 B2"])
    s.trick, s.current = [card("SB")], 1
    assert status_text(RULES, s, 1, card("B3")).startswith("No suit to follow yet: play any card.")


def test_someone_elses_turn_and_decision_name_the_seat() -> None:
    s = table(["R4", "R6", "G9"], leader=2)
    assert status_text(RULES, s, 0, None) == "Seat 3's turn to play a card."
    s.phase, s.winner = "bandit", 2
    assert status_text(RULES, s, 0, None) == (
        "Seat 3 won the trick and decides what to do with it."
    )
    assert status_text(RULES, s, 2, None).endswith("↑↓ pick, Enter confirms.")


def test_the_cursor_hint_reads_strength_and_points_apart() -> None:
    # "Follow Green... G1 (10): Enter plays it" led a newcomer to play the weakest card.
    s = table(["R4 G2", "R6 B3", "G9 B2"])
    s.trick, s.follow, s.current = [card("G5")], 1, 1
    s.hands[1] = [card("G1"), card("B3")]
    text = status_text(RULES, s, 1, card("G1"))
    assert text == (
        "Follow Green (Red trumps). G1 10pt is Green, strength 1, worth 10 points. Enter plays it."
    )


def test_the_cursor_starts_on_the_strongest_playable_card_not_the_weakest() -> None:
    g1, g7, b3, sb = card("G1"), card("G7"), card("B3"), card("SB")
    assert first_cursor_card([g1, g7, b3], {g1, g7}) == g7
    assert first_cursor_card([sb, g1], {sb, g1}) == g1  # a system card before a special
    assert first_cursor_card([sb, b3], {sb}) == sb
    assert first_cursor_card([b3], set()) is None


def test_following_the_cursor_starts_on_the_weakest_card_that_still_wins() -> None:
    # Issue 31, played: the cursor sat on B9 when B3, which scores 8, also won the trick.
    b2, b3, b9, b1, g8 = card("B2"), card("B3"), card("B9"), card("B1"), card("G8")
    hand = [b1, b3, b9]
    assert first_cursor_card(hand, set(hand), [b2]) == b3
    # a trump (Green beats Blue) wins too: the weakest winner is the one that scores most
    assert first_cursor_card([b9, g8], {b9, g8}, [b2]) == g8


def test_following_with_no_winning_card_the_cursor_starts_on_the_card_missed_least() -> None:
    b1, b3, b9 = card("B1"), card("B3"), card("B9")
    hand = [b1, b3, b9]
    # nothing beats B10 and no trump is held: B9, the strongest, is worth least later
    # (the hint's "the cheapest to give away")
    assert first_cursor_card(hand, set(hand), [card("B10")]) == b9


def test_the_cursor_does_not_chase_a_trick_an_asteroid_damaged() -> None:
    b3, b9 = card("B3"), card("B9")
    assert first_cursor_card([b3, b9], {b3, b9}, [card("B2"), card("A7")]) == b9


def test_special_cards_are_described_by_strength_never_the_code_cp() -> None:
    # Issue 31, played: "Jump Gate (CP 7; ...)" on the status line, where every other card
    # reads "strength 7" and nothing at the table says what CP is.
    s = table(["R4 G2 JG SF", "R6 B3"])
    s.current = 0
    for special in ("JG", "SF"):
        text = status_text(RULES, s, 0, card(special))
        assert "CP" not in text, text
        assert "strength" in text, text
        assert fits(text), text


def test_the_black_hole_names_stationfall_only_when_it_is_in_the_game() -> None:
    # Issue 31, played at 80x24: with BH JG SB PS A5 A7 dealt, the Black Hole read "wins
    # unless Stationfall does", a card that never came into that game.
    s = table(["R4 BH", "R6 B3"])
    s.current = 0
    s.specials = [c for c in s.specials if c != card("SF")]
    alone = status_text(RULES, s, 0, card("BH"))
    assert "Stationfall" not in alone and "but the round's last" in alone, alone
    assert fits(alone), alone
    s.specials = [*s.specials, card("SF")]
    assert "unless Stationfall does" in status_text(RULES, s, 0, card("BH"))
