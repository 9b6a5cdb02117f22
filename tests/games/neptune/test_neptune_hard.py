"""The `hard` bot's rollout policy: how it expects every seat to play out a round."""

from __future__ import annotations

import random

from neptune_tables import card, pile, play, table

from tui_games.games.neptune.hard import rollout
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
