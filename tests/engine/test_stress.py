"""Issue 11, the harness: engine stress for every registered game.

Seeded random games with the invariants of tui_games/tools/stress.py after every action (every
card, star or piece in exactly one place, counters never negative, running scores equal
to the ones recomputed from scratch, the game's end within its bound) and the generic
checks (a legal action whenever someone is to move, seats in range, JSON round trip and
clone every few actions). ``tui-games bench --stress`` runs the same for 10,000 games.
Then the checkers themselves are shown to fail on broken states.
"""

from __future__ import annotations

from typing import Any

import pytest

from tui_games.engine.core import Event, default_options
from tui_games.games import all_games
from tui_games.tools.stress import StressFailure, leaks, problems, stress

GAMES = all_games()
IDS = sorted(GAMES)
GAMES_PER_GAME = 100


@pytest.mark.parametrize("game_id", IDS)
def test_random_games_keep_every_invariant(game_id: str) -> None:
    figures = stress(game_id, GAMES_PER_GAME, seed=11_000, deep_every=10, hidden_every=0,
                     garbage_every=0)
    assert figures["games"] == GAMES_PER_GAME
    assert figures["states"] == figures["actions"] + GAMES_PER_GAME


def test_the_runner_also_checks_views_and_garbage() -> None:
    figures = stress("nebular_colors", 2, seed=5, deep_every=1, hidden_every=5,
                     garbage_every=5)
    assert figures["views"] > 0 and figures["garbage"] > 0


def _midgame(game_id: str, steps: int = 40, seed: int = 2) -> Any:
    rules = GAMES[game_id].rules
    s = rules.setup(2, seed, default_options(rules))
    for _ in range(steps):
        rules.apply(s, rules.legal_actions(s)[-1])
    return s


def test_a_card_in_two_places_breaks_nebular_colors() -> None:
    rules = GAMES["nebular_colors"].rules
    s = _midgame("nebular_colors")
    assert problems("nebular_colors", rules, s) == []
    s.hands[0].append(s.deck[0])
    assert any("doubled" in p for p in problems("nebular_colors", rules, s))


def test_a_lost_card_and_a_wrong_fragment_count_break_nebular_colors() -> None:
    rules = GAMES["nebular_colors"].rules
    s = _midgame("nebular_colors")
    s.deck.pop()
    s.fragments[1] += 1
    found = problems("nebular_colors", rules, s)
    assert any("missing" in p for p in found)
    assert any("fragments but the hands give" in p for p in found)


def test_a_running_score_off_its_rounds_breaks_neptune() -> None:
    rules = GAMES["neptune"].rules
    s = _midgame("neptune", steps=60)
    assert problems("neptune", rules, s) == []
    s.scores[0] += 3
    assert any("rounds add up" in p for p in problems("neptune", rules, s))


def test_a_void_that_is_not_one_breaks_neptune() -> None:
    rules = GAMES["neptune"].rules
    s = _midgame("neptune", steps=3)
    hand = s.hands[s.current]
    s.voids[s.current] |= 1 << (hand[0] // 10) if hand[0] < 30 else 1 << 3
    assert any("void" in p for p in problems("neptune", rules, s))


def test_a_negative_reserve_and_too_many_stars_break_nebula() -> None:
    rules = GAMES["nebula"].rules
    s = _midgame("nebula", steps=30)
    assert problems("nebula", rules, s) == []
    s.reserves[0][2] = -1
    s.bag[0] += 25
    found = problems("nebula", rules, s)
    assert any("negative" in p for p in found)
    assert any("more stars in play" in p for p in found)


def test_no_legal_action_for_the_seat_to_move_is_caught() -> None:
    rules = GAMES["nebular_colors"].rules
    s = _midgame("nebular_colors")
    s.phase = "bogus"  # type: ignore[assignment]
    assert any("no legal action" in p for p in problems("nebular_colors", rules, s))


def test_a_game_without_end_is_caught() -> None:
    rules = GAMES["neptune"].rules

    class Endless(type(rules)):  # type: ignore[misc]
        def _end_round(self, s: Any) -> None:  # scores nothing, deals again: forever
            s.round_scores.append([0] * s.players)
            s.dealer = (s.dealer + 1) % s.players
            self._deal(s)

    with pytest.raises(StressFailure, match="no end after"):
        stress("neptune", 1, rules=Endless())


def test_a_view_that_hides_nothing_leaks() -> None:
    """The hidden-information checker fails when observe forgets to hide."""
    for game_id in IDS:
        rules = GAMES[game_id].rules

        class Open(type(rules)):  # type: ignore[misc]
            def observe(self, s: Any, player: int) -> Any:
                return s

        s = _midgame(game_id, steps=5)
        s.log.append(Event("secret", (0,), "not this"))
        found = leaks(game_id, Open(), s, 1)
        assert any("RNG" in p for p in found), game_id
        assert any("log line" in p for p in found), game_id
        assert len(found) > 2, (game_id, found)
