"""The `normal` bot: sensible choices in set positions, and it beats random players."""

from __future__ import annotations

import random

from neptune_tables import RULES, card, complete, pile, play, table

from tui_games.engine.bots.base import RandomBot
from tui_games.games.neptune.bot import NormalBot
from tui_games.games.neptune.state import Cover, Keep, NeptuneState, OnTop, Play, Swap


def choice(s: NeptuneState) -> str | object:
    """What the bot to move picks, from its own view only."""
    me = RULES.to_move(s)
    assert me is not None
    action = NormalBot(RULES, random.Random(1)).choose(RULES.observe(complete(s), me), me)
    assert action in RULES.legal_actions(s)
    return action


def test_it_follows_suit_with_its_weakest_card_when_it_cannot_win() -> None:
    s = play(table(["R10 G1", "R9 R2 B5", "G4 G5"]), "R10")
    assert choice(s) == Play(card("R9"))


def test_it_takes_a_trick_worth_taking_with_a_trump() -> None:
    s = play(table(["R6 G1", "R8 G2", "B2 G9 G3"]), "R6", "R8")
    assert choice(s) == Play(card("B2"))


def test_it_wins_as_cheaply_as_it_can_when_it_plays_last() -> None:
    s = play(table(["R2 G1", "R3 G2", "R5 R10 G3"]), "R2", "R3")
    assert choice(s) == Play(card("R5"))


def test_it_never_feeds_its_own_asteroid_to_itself() -> None:
    s = play(table(["A5", "A7 A3"]), "A5")
    assert choice(s) == Play(card("A3"))


def test_it_throws_an_asteroid_at_a_rivals_trick() -> None:
    s = play(table(["R2 B3", "R9 B4", "A7 G3 G5"]), "R2", "R9")
    assert choice(s) == Play(card("A7"))


def test_it_saves_the_black_hole_and_stationfall_for_tricks_where_they_pay() -> None:
    s = play(table(["R10 G1 G4", "R5 G2 G8", "R3 BH SF B6"]), "R10", "R5")
    assert choice(s) == Play(card("R3"))


def test_it_plays_the_black_hole_to_cover_its_damaged_trick() -> None:
    s = play(table(["R2 G1 G4", "R3 BH B6", "R4 G2 G8"], piles=[pile(1, "A7")]), "R2")
    assert choice(s) == Play(card("BH"))


def test_it_plays_stationfall_last_on_an_all_even_trick() -> None:
    s = play(table(["R2 G1", "G4 B5", "B6 B7", "SF R10 B1"]), "R2", "G4", "B6")
    assert choice(s) == Play(card("SF"))


def test_it_answers_the_specials_by_the_points() -> None:
    s = play(table(["R2 G1", "R6 G2", "JG G3"]), "R2", "R6", "JG")
    assert choice(s) == OnTop(card("R2"))
    s = play(table(["R2 G1", "SB G2", "R6 G3"], piles=[pile(2, "B1"), pile(0, "R9")]),
             "R2", "SB", "R6")
    assert choice(s) == Swap(0)
    s = play(table(["R2 G1", "SB G2", "R6 G3"], piles=[pile(0, "R9")]), "R2", "SB", "R6")
    assert choice(s) == Keep()
    s = play(table(["BH G1", "R5 G2", "R6 G3"], piles=[pile(1, "A5"), pile(0, "A7")]),
             "BH", "R5", "R6")
    assert choice(s) == Cover(1)


def arena(players: int, games: int) -> float:
    """The share of games a normal bot wins against random bots, rotating its seat."""
    won = 0.0
    for g in range(games):
        seat = g % players
        bots = [NormalBot(RULES, random.Random(g)) if i == seat else
                RandomBot(RULES, random.Random(g * 7 + i)) for i in range(players)]
        s = RULES.setup(players, 500 + g, {})
        while (p := RULES.to_move(s)) is not None:
            RULES.apply(s, bots[p].choose(RULES.observe(s, p), p))
        result = RULES.outcome(s)
        assert result is not None
        if seat in result.winners:
            won += 1 / len(result.winners)
    return won / games


def test_it_beats_three_random_players_most_of_the_time() -> None:
    assert arena(4, 12) >= 0.4


def test_it_beats_one_random_player_almost_always() -> None:
    assert arena(2, 10) >= 0.7
