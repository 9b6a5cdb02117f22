"""Neptune hints say why in the game's words: the trick a card wins and its points, the
trick it loses and what it keeps, the suit it leads; never a card the seat cannot see."""

from __future__ import annotations

import random
import re

from neptune_tables import RULES, card, pile, table

from tui_games.engine.bots.hint import fits
from tui_games.games.neptune.hint_words import outlook, why
from tui_games.games.neptune.state import (
    NeptuneState,
    OnTop,
    Play,
    Shield,
    Swap,
    card_short,
)


def test_the_last_card_that_wins_the_trick_names_its_points() -> None:
    s = table(["R4 G2", "R6 B3"])
    s.trick, s.follow, s.current = [card("R4")], 0, 1
    # R6 beats R4; the top card is R6, worth 11 - 6 = 5 points
    assert why(s, 1, Play(card("R6"))) == "wins this trick and its 5 points"


def test_a_special_that_wins_says_what_its_question_then_gains_not_the_tricks_points() -> None:
    # Issue 31, played: "Play Space Bandit: wins this trick and its 10 points": the trick
    # scores 5; the 10 is the rival's trick it may be swapped for.
    s = table(["R4 G2", "SB PS"], piles=[pile(0, "R1", players=2)])
    s.trick, s.follow, s.current = [card("R4")], 0, 1
    assert why(s, 1, Play(card("SB"))) == (
        "wins this trick, then swaps its 5 points for a rival's trick worth 10")
    s.piles = [pile(1, "R2", players=2)]
    assert why(s, 1, Play(card("PS"))) == (
        "wins this trick, then doubles your trick worth 9 points")
    s = table(["R4 G2", "BH B3"], piles=[pile(1, "A5", players=2)])
    s.trick, s.follow, s.current = [card("R4")], 0, 1
    assert why(s, 1, Play(card("BH"))) == (
        "wins this trick, then covers your trick losing 5 to an Asteroid")
    s.piles = []  # nothing to swap for, shield or cover: the trick's own points
    assert why(s, 1, Play(card("BH"))) == "wins this trick and no points"


def test_winning_a_trick_with_an_asteroid_in_it_says_what_it_costs() -> None:
    s = table(["A5 G2", "R6 B3", "R2 G9"])
    s.trick, s.follow, s.current = [card("R4"), card("A5")], 0, 2
    s.hands[2] = [card("R7"), card("G9")]
    assert why(s, 2, Play(card("R7"))) == "wins this trick, taking its -5 of Asteroid damage"


def test_a_card_that_cannot_win_is_the_one_you_miss_least() -> None:
    s = table(["R9 G2", "R2 R3"])
    s.trick, s.follow, s.current = [card("R9")], 0, 1
    # a low card scores more when it wins later (the bot keeps it): R3 goes first
    assert why(s, 1, Play(card("R3"))) == (
        "nothing you may play beats R9; R3 is the cheapest to give away: it would score "
        "least (8) on a trick you win later")
    # Issue 31, played: the other card said only "nothing you may play beats G10"
    assert why(s, 1, Play(card("R2"))) == (
        "nothing you may play beats R9; R2 keeps R3, which costs a little less, for later")


def test_a_forced_card_that_cannot_win_says_so_in_words_that_fit_with_the_only_move() -> None:
    # Issue 31, played: R1 the only Red to follow R2 read "R1 is the cheapest to give
    # away: it would score least (10)", false, and too long beside "the only move there
    # is", so the hint showed "Play Red 1 (worth 10 points)." with no reason at all.
    s = table(["R2 G3", "R1 G1 G5 B4 JG SB"])
    s.trick, s.follow, s.current = [card("R2")], 0, 1
    text = why(s, 1, Play(card("R1")))
    assert text == "nothing you may play beats R2"
    move = RULES.describe(s, Play(card("R1")))
    assert fits(f"Hint: {move}: {text}; the only move there is.")


def test_leading_the_last_card_says_the_rule_in_words_that_fit_with_the_only_move() -> None:
    # Issue 31, played: the round's last card read "Play Blue 4 (worth 7 points)." alone:
    # "your best Blue, though 6 higher are still out; ..." outgrew the line once the hint
    # added "the only move there is".
    s = table(["B4", "G3"], last=True)
    text = why(s, 0, Play(card("B4")))
    assert text == "leads Blue: your rival must follow if they can; Green trumps it"
    assert fits(f"Hint: {RULES.describe(s, Play(card('B4')))}: {text}; the only move there is.")


def test_giving_away_the_last_card_of_a_suit_says_it_opens_a_trump_later() -> None:
    s = table(["G9 R2", "B3 A5"])
    s.trick, s.follow, s.current = [card("G9")], 1, 1
    # no Green to follow, no Red to trump it: nothing wins, and B3 is the last Blue
    assert why(s, 1, Play(card("B3"))) == (
        "nothing you may play beats G9; B3 is your last Blue: when Blue is led you may then "
        "trump it with Green")


def test_letting_a_trick_go_keeps_the_stronger_cards() -> None:
    s = table(["R5 G2", "R9 R3"])
    s.trick, s.follow, s.current = [card("R5")], 0, 1
    assert why(s, 1, Play(card("R3"))) == (
        "loses the trick to R5 (its 6 points) but keeps R9 for later")


def test_letting_a_trick_go_names_the_cards_it_keeps_even_a_special() -> None:
    # Seen at 80x24: G5, the strongest Green in hand, "keeps your stronger cards for later"
    # when only the Stationfall could have won the trick.
    s = table(["G10 R2", "G3 G5 SF"])
    s.trick, s.follow, s.current = [card("G10")], 1, 1
    assert why(s, 1, Play(card("G5"))) == (
        "loses the trick to G10 (its 1 point) but keeps the Stationfall for later")


def test_a_card_that_holds_the_trick_before_the_end_says_who_is_still_to_play() -> None:
    s = table(["R5 G2", "R9 R3", "G4 G6"])
    s.trick, s.follow, s.current = [card("R5")], 0, 1
    assert why(s, 1, Play(card("R9"))) == "takes the trick for now, 1 card still to come"


def test_a_lead_names_the_suit_to_follow_and_its_trump() -> None:
    """The rulebook: "Red trumps Green, Green trumps Blue, and Blue trumps Red"."""
    s = table(["R5 G2", "R9 R3"])
    assert why(s, 0, Play(card("R5"))) == (
        "leads Red: your best Red, though 5 higher are still out; your rival must follow if "
        "they can; Blue trumps it")
    assert "; the others must follow if they can" in why(
        table(["R5 B3", "R9", "G2"]), 0, Play(card("R5")))
    assert why(s, 0, Play(card("G2"))).endswith("Red trumps it")


def test_a_lead_says_why_this_card_not_only_the_rule() -> None:
    # Issue 31, played: every lead hint read "leads Red: your rival must follow Red…"
    s = table(["R3 R9 G2", "R6 B3 G5"])
    s.piles = [pile(0, "R10", players=2)]
    # R9 is the highest Red still out once R10 is in a won trick
    assert why(s, 0, Play(card("R9"))) == (
        "leads Red: no Red still out beats it, only a Blue trump or a special; "
        "your rival must follow if they can")
    assert why(s, 0, Play(card("R3"))).startswith(
        "leads Red: it keeps your stronger R9 for later; ")


def test_a_lead_into_a_suit_the_rival_lacks_says_it_may_draw_a_trump() -> None:
    s = table(["R3 R9 G2", "B6 B3 G5"])
    s.voids = [0, 1 << 0]  # the rival has shown no Red
    assert why(s, 0, Play(card("R9"))).startswith(
        "leads Red: your best Red, though 1 higher is still out; your rival has shown no "
        "Red: it may draw out a Blue trump")


def test_a_lead_while_holding_the_black_hole_says_it_is_kept() -> None:
    s = table(["R9 BH G2", "R3 B3 G5"])
    s.piles = [pile(1, "R10", players=2)]
    assert why(s, 0, Play(card("R9"))) == (
        "leads Red: no Red still out beats it, only a Blue trump or a special; "
        "the Black Hole waits for a bigger trick")


def test_every_play_reason_fits_the_status_line_with_its_move() -> None:
    # A reason too long for the status line is dropped whole (hint_text): the lead and
    # give-away reasons give up their last clauses first.
    pick = random.Random(31)
    for _ in range(60):
        s = RULES.setup(pick.choice((2, 3, 4)), pick.getrandbits(32), {"specials": "random"})
        for _ in range(pick.randrange(0, 40)):
            if RULES.to_move(s) is None:
                break
            RULES.apply(s, pick.choice(RULES.legal_actions(s)))
        seat = RULES.to_move(s)
        if seat is None or s.phase != "play":
            continue
        view = RULES.observe(s, seat)
        for action in RULES.legal_actions(view):
            text = why(view, seat, action)
            if text.startswith(("leads ", "nothing you may play")) and "(" not in text[:7]:
                assert fits(f"Hint: {RULES.describe(view, action)}: {text}."), text


def test_the_special_cards_questions_say_what_the_trick_then_scores() -> None:
    s = table(["R5 G2", "R9 R3"], piles=[pile(1, "R2", players=2)])
    s.trick = [card("R8"), card("JG")]
    s.phase, s.winner = "top", 0
    assert why(s, 0, OnTop(card("R8"))) == "the trick then scores 3 points"
    assert why(s, 0, Swap(0)) == "trades your 5-point Bandit trick for one worth 9 points"
    assert why(s, 0, Shield(0)) == "doubles a trick worth 9 points and protects it"


def test_the_outlook_is_the_chance_to_end_the_game_on_top() -> None:
    s = table(["R5", "R9"])
    assert outlook(s, 0, 0.0) == "From here you end the game on top less than 1 time in 20."
    assert outlook(s, 0, 0.58) == "From here you end the game on top about 6 times in 10."


def _visible(view: NeptuneState, seat: int) -> set[str]:
    cards = [*view.hands[seat], *view.trick]
    cards += [c for p in view.piles for c in p.cards]
    return {card_short(c) for c in cards if c >= 0}


def test_a_hint_never_names_a_card_hidden_from_the_seat() -> None:
    pick = random.Random(5)
    for _ in range(60):
        s = RULES.setup(pick.choice((2, 3, 4)), pick.getrandbits(32), {"specials": "random"})
        for _ in range(pick.randrange(0, 40)):
            if RULES.to_move(s) is None:
                break
            RULES.apply(s, pick.choice(RULES.legal_actions(s)))
        seat = RULES.to_move(s)
        if seat is None:
            continue
        view = RULES.observe(s, seat)
        for action in RULES.legal_actions(view):
            text = why(view, seat, action)
            named = set(re.findall(r"\b[RGB]\d+\b", text))
            assert named <= _visible(view, seat), (text, named)
