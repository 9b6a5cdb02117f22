"""The `normal` bot: legal, blind to hidden cards, sensible, and far stronger than random."""

from __future__ import annotations

import random

from nc_helpers import RULES, names, play, table

from tui_games.engine.bots.base import RandomBot
from tui_games.games.nebular_colors.bot import NormalBot
from tui_games.games.nebular_colors.state import Discard, Draw, Meld, NCState, Nova, Stop, Take


def choose(s: NCState, seed: int = 0):
    p = RULES.to_move(s)
    return NormalBot(RULES, random.Random(seed)).choose(RULES.observe(s, p), p)


def test_normal_bot_beats_random_bot_in_at_least_75_percent_of_games() -> None:
    games, wins = 40, 0
    for g in range(games):
        seat = g % 2  # alternate seats
        bots = [RandomBot(RULES, random.Random(g)), RandomBot(RULES, random.Random(g))]
        bots[seat] = NormalBot(RULES, random.Random(g))
        s = RULES.setup(2, 500 + g, {})
        while (p := RULES.to_move(s)) is not None:
            # RandomBot only reads the legal actions, which its observation shares with s
            action = bots[p].choose(RULES.observe(s, p) if p == seat else s, p)
            assert action in RULES.legal_actions(s)
            RULES.apply(s, action)
        wins += RULES.outcome(s).winners == [seat]  # type: ignore[union-attr]
    assert wins / games >= 0.75


def test_normal_bot_reads_only_the_observation() -> None:
    base = dict(hands=("P9 Y9 G3 B4", "B2 B6 P2"), piles=("B9 P13", "G13"), current=0)
    a = table(**base)  # type: ignore[arg-type]
    b = table(**base)  # type: ignore[arg-type]
    b.deck.reverse()  # a different hidden deck, same observation
    assert RULES.observe(a, 0) == RULES.observe(b, 0)
    assert choose(a) == choose(b)


def test_normal_bot_lays_the_melds_it_holds() -> None:
    s = table(hands=("G9 G10 G11 B2", ""), piles=("B9", "G3"), phase="meld")
    action = choose(s)
    assert isinstance(action, Meld) and names(action.cards) == "G9 G10 G11"


def test_normal_bot_prefers_the_bigger_meld_of_two_overlapping() -> None:
    s = table(hands=("P1 P1 P1 Y1", ""), piles=("B9", "G3"), phase="meld")
    action = choose(s)
    assert isinstance(action, Meld) and names(action.cards) == "Y1 P1 P1 P1"


def test_normal_bot_takes_a_pile_when_the_melds_outweigh_the_penalties() -> None:
    s = table(hands=("Y9 P9 G10 G11", ""), piles=("G9 B9 B13", "P13"))
    assert choose(s) == Take(pile=0)
    play(s, Take(pile=0))
    first = choose(s)  # keeps G9 for the green run G9 G10 G11
    assert isinstance(first, Meld) and names(first.cards) == "Y9 B9 P9"


def test_normal_bot_draws_when_a_pile_is_mostly_penalty_cards() -> None:
    s = table(hands=("P9 Y9", ""), piles=("B9 Y12 B13 G13 P11 B4 Y1 Y7", "P13"))
    assert Take(pile=0) in RULES.legal_actions(s)
    assert choose(s) == Draw()


def test_normal_bot_does_not_pair_up_a_number_on_a_pile() -> None:
    s = table(hands=("B2", "Y3 Y5 B7 Y10"), piles=("P6", "G3"), deck="P6 B13 Y2 P12")
    play(s, Draw())
    action = choose(s)
    assert isinstance(action, Discard)
    assert not (names([action.card]) == "P6" and action.pile == 0)


def test_normal_bot_stops_when_a_stop_wins_the_match() -> None:
    s = table(hands=("P2 P3 P4", ""), melds=(["G3 G4 G5", "P1 P1 P1"], []),
              piles=("B13", "G13"), phase="meld", fragments=(3, 0))
    play(s, RULES.legal_actions(s)[0])
    assert s.phase == "stop_or_nova"
    assert choose(s) == Stop()


def test_normal_bot_calls_nova_with_10_points_already() -> None:
    s = table(hands=("G9 G10 G11", ""), melds=(["G3 G4 G5", "Y10 Y11 Y12", "Y1 Y2 Y3"], []),
              piles=("B13", "G13"), phase="meld")
    play(s, RULES.legal_actions(s)[0])
    assert choose(s) == Nova()


def test_normal_bot_stops_with_a_small_lead_late_in_the_hand() -> None:
    s = table(hands=("P2 P3 P4", ""), melds=(["G3 G4 G5", "P1 P1 P1"], ["Y1 Y2 Y3 Y5"]),
              piles=("B13", "G13"), deck="B2 B4 B6 B7", phase="meld")
    play(s, RULES.legal_actions(s)[0])
    assert choose(s) == Stop()
