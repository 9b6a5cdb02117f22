"""The `hard` bot's rollout policy: how it expects every seat to play out a round."""

from __future__ import annotations

import random

from neptune_tables import RULES, card, pile, play, table

from tui_games.games.neptune.hard import LEVELS, rollout, turn_share
from tui_games.games.neptune.state import OnTop, Swap


def test_the_rollout_swaps_a_space_bandit_trick_for_a_pile_worth_more() -> None:
    earlier = [pile(2, "B1"), pile(0, "R9")]  # worth 10 and 2; keeping scores 5
    s = play(table(["R2", "SB", "R6"], piles=earlier), "R2", "SB", "R6")
    assert s.phase == "bandit"
    assert {rollout(s, random.Random(seed)) for seed in range(20)} == {Swap(0)}


def test_the_rollout_puts_the_jump_gate_tricks_best_card_on_top() -> None:
    s = play(table(["R1", "JG", "R5"]), "R1", "JG", "R5")
    assert s.phase == "top"
    assert {rollout(s, random.Random(seed)) for seed in range(20)} == {OnTop(card("R1"))}


def test_every_hard_level_searches_only_the_card_to_play_now() -> None:
    # The later cards are the greedy policy's (see hard.py: a deeper tree plays them as a
    # plan fixed in advance); a card's turn gets all of the turn's time.
    for make in LEVELS.values():
        bot = make(RULES, random.Random(0))
        assert bot.tree_depth == 1 and bot.turn_share is turn_share
