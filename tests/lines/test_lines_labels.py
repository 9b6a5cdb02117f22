"""Every decision's choices read differently: two legal actions said in the same words
are the same move, and the lines list offers those words once."""

from __future__ import annotations

import random

import pytest

from tui_games.engine.codec import clone
from tui_games.engine.core import default_options
from tui_games.engine.grammar import speak_to
from tui_games.games import GameInfo, all_games
from tui_games.lines.choices import Choice, Listing, distinct
from tui_games.lines.words import words_of_game

DECISIONS = 160  # of one random playout per seed: a few hands, rounds or turns
SEEDS = (0, 1, 2)


def _read(info: GameInfo, state: object, seat: int, names: list[str]) -> list[str]:
    """What the table tells ``seat`` of ``state``: its words for the whole table."""
    words = words_of_game(info)
    view = info.rules.observe(state, seat)
    return [words.stand(view, seat, names), *words.table(view, seat, names)]


@pytest.mark.parametrize("info", list(all_games().values()), ids=lambda info: info.id)
def test_no_two_choices_of_a_decision_are_said_alike_unless_they_are_one_move(
        info: GameInfo) -> None:
    """Through random playouts: actions whose labels repeat leave the table reading the
    same for the mover (twin cards), and the lines list says each label once."""
    rules = info.rules
    players = max(2, min(info.players))
    names = ["You", *(f"Bot {n}" for n in range(2, players + 1))]
    for seed in SEEDS:
        state = rules.setup(players, seed, default_options(rules))
        rng = random.Random(seed)
        for _ in range(DECISIONS):
            seat = rules.to_move(state)
            if seat is None:
                break
            view = rules.observe(state, seat)
            actions = rules.legal_actions(view)
            said: dict[str, list[object]] = {}
            for action in actions:
                said.setdefault(speak_to(rules.describe(view, action), names, seat),
                                []).append(action)
            for label, alike in said.items():
                if len(alike) < 2:
                    continue
                after = []
                for action in alike:
                    twin = clone(state)
                    rules.apply(twin, action)
                    after.append(_read(info, twin, seat, names))
                assert all(read == after[0] for read in after), (info.id, label, alike)
            listing = Listing(distinct([Choice(label, alike[0])
                                        for label, alike in said.items()]))
            labels = [choice.label for choice in listing.order]
            assert len(labels) == len(set(labels))
            rules.apply(state, rng.choice(actions))


def test_twin_labels_are_listed_once_and_the_preferred_twin_stands_for_them() -> None:
    twins = [Choice("Discard P3 on the left pile", 10), Choice("Discard P3 on the left pile", 11),
             Choice("Discard G4 on the left pile", 12)]
    assert [c.action for c in distinct(twins)] == [10, 12]
    assert [c.action for c in distinct(twins, lambda action: action == 11)] == [11, 12]
