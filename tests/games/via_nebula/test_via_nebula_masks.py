"""The hex masks apply keeps for the next legal_actions (issue 21): always those the hex
lists give, used only for the state they were kept for, never in a save or a copy."""

from __future__ import annotations

import random

from tui_games.engine.codec import clone, from_json, to_json
from tui_games.engine.core import Event
from tui_games.games.via_nebula import legal
from tui_games.games.via_nebula.rules import ViaNebulaRules
from tui_games.games.via_nebula.state import Explore, ViaNebulaState

RULES = ViaNebulaRules()


def test_the_kept_masks_are_the_boards_after_every_apply() -> None:
    kept = applies = 0
    for players, seed in ((2, 1), (3, 2), (4, 3)):
        rng = random.Random(seed)
        s = RULES.setup(players, seed, {})
        while RULES.to_move(s) is not None:
            RULES.apply(s, rng.choice(RULES.legal_actions(s)))
            applies += 1
            masks = s.__dict__.get("masks")
            if masks is not None:
                kept += 1
                assert masks[0] is s.log[-1]
                assert masks[1] == legal.board_masks(s)
    assert kept > applies // 2       # kept after most actions, not a test of nothing


def test_the_kept_masks_never_reach_a_save_or_a_copy() -> None:
    rng = random.Random(5)
    s = RULES.setup(2, 5, {})
    for _ in range(20):
        RULES.apply(s, rng.choice(RULES.legal_actions(s)))
    assert "masks" in s.__dict__
    assert b"masks" not in to_json(s)
    for copy in (clone(s), from_json(to_json(s), ViaNebulaState), RULES.observe(s, 0),
                 RULES.determinize(RULES.observe(s, 0), 0, rng)):
        assert "masks" not in copy.__dict__


def test_masks_kept_for_an_earlier_event_are_not_used() -> None:
    rng = random.Random(6)
    s = RULES.setup(2, 6, {})
    while True:
        RULES.apply(s, rng.choice(RULES.legal_actions(s)))
        explores = [a for a in RULES.legal_actions(clone(s)) if type(a) is Explore]
        if explores and "masks" in s.__dict__:
            break
    # A change made by hand, with an event of its own: the masks kept are stale now.
    s.explored[explores[0].hex] = True
    s.log.append(Event("A tile is laid by hand."))
    assert explores[0] not in RULES.legal_actions(s)
