"""The Via Nebula bots: `normal` (greedy on an estimate of the final score) and `hard`
(ISMCTS through the rest of the turn), both reading only observations."""

from __future__ import annotations

import random
from itertools import pairwise

from via_nebula_helpers import RULES, card, explore, hx, pile, quiet, random_states, site, work

from tui_games.engine.bots.base import RandomBot
from tui_games.engine.codec import clone
from tui_games.games import GameInfo
from tui_games.games.via_nebula.bot import (
    NormalBot,
    RolloutBot,
    estimate,
    plan_worth,
    rollout_estimate,
    score_so_far,
)
from tui_games.games.via_nebula.hard import LEVELS, evaluate
from tui_games.games.via_nebula.state import (
    Erect,
    PlaceCraftsman,
    PlaceSite,
    Transport,
    ViaNebulaAction,
    ViaNebulaState,
)
from tui_games.tools.arena import run_arena


def test_the_estimate_is_the_exact_score_once_the_game_is_over() -> None:
    s = quiet(2)
    s.tokens_won[0] = [0]
    s.storage[0] = pile("WW")
    s.phase = "over"
    assert estimate(s, 0) == score_so_far(s, 0) == 0


def test_a_site_closer_to_a_contract_promises_more() -> None:
    bridge = card("Bridge")                        # WWSS
    none = [0] * 5
    reach = pile("SS")                             # the stone it lacks can travel there
    worth = [plan_worth(bridge, pile(p), none, none, 1.0) for p in ("WWS", "WW", "W")]
    assert worth[0] > worth[1] > worth[2]
    assert plan_worth(bridge, pile("WC"), none, none, 1.0) < worth[2]
    assert plan_worth(bridge, pile("WW"), reach, none, 1.0) > worth[1]


def test_each_step_nearer_a_contract_is_worth_more_than_the_one_before() -> None:
    """Focus: a plan nearly done gains more from a step than one just begun, so the bot
    finishes a building before it starts spreading resources over its other sites."""
    bridge = card("Bridge")
    none = [0] * 5
    worth = [plan_worth(bridge, pile(p), none, none, 1.0) for p in ("", "W", "WW", "WWS")]
    gains = [b - a for a, b in pairwise(worth)]
    assert gains[0] < gains[1] < gains[2]


def test_normal_erects_a_building_it_can_finish() -> None:
    s = quiet(3)
    s.display[0] = card("Town Hall")               # WSCH, 4 VP
    at = site(s, "D4", 0, "WSCH")
    bot = NormalBot(RULES, random.Random(1))
    assert bot.choose(RULES.observe(s, 0), 0) == Erect(at, card("Town Hall"))


def test_normal_carries_the_resource_its_contract_needs() -> None:
    s = quiet(3)
    s.display = [card("Bridge"), -1, -1, -1]       # WWSS
    s.hands[0] = []
    at = site(s, "D4", 0, "WWS")
    work(s, "D3", "S", 2, owner=1)                # stone next to the site
    work(s, "C4", "H", 2, owner=1)                # wheat next to it too: not wanted
    explore(s, "E3")
    s.craftsmen[0] = s.sites[0] = 0               # nothing else to weigh it against
    bot = NormalBot(RULES, random.Random(1))
    assert bot.choose(RULES.observe(s, 0), 0) == Transport(hx("D3"), at)


def test_bots_choose_legal_actions_from_observations_only() -> None:
    hard = LEVELS["hard"](RULES, random.Random(2), iterations=30)
    normal = NormalBot(RULES, random.Random(2))
    for seed in range(3):
        s = RULES.setup(2 + seed, seed, {})
        rng = random.Random(seed)
        for step in range(40):
            seat = RULES.to_move(s)
            if seat is None:
                break
            view = RULES.observe(s, seat)
            legal = RULES.legal_actions(s)
            bot = hard if step % 10 == 0 else normal
            action = bot.choose(view, seat)
            assert action in legal
            RULES.apply(s, action if step % 3 else rng.choice(legal))


def test_hard_plays_the_same_move_with_the_same_seed_and_budget() -> None:
    s = RULES.setup(2, 4, {})
    view = RULES.observe(s, 0)
    moves = {LEVELS["hard"](RULES, random.Random(9), iterations=60).choose(view, 0)
             for _ in range(2)}
    assert len(moves) == 1


def test_evaluate_gives_every_seat_a_reward_in_zero_one() -> None:
    s = RULES.setup(3, 4, {})
    rewards = evaluate(s, 3)
    assert len(rewards) == 3 and all(0.0 <= r <= 1.0 for r in rewards)


def test_normal_beats_random_play_in_a_short_arena() -> None:
    info = GameInfo(rules=RULES, screen="", bots={"easy": RandomBot, "normal": NormalBot})
    result = run_arena(info, ["normal", "easy"], 10, seed=5)
    assert result.bots[0].wins >= 8


def test_the_rollout_policy_is_the_quick_greedy_move_remembered() -> None:
    bot = LEVELS["hard"](RULES, random.Random(3), iterations=10)
    normal = RolloutBot(RULES, random.Random(0))
    for seed in range(3):
        for s in random_states(seed, 2 + seed % 3, every=9)[:-1]:
            move = bot.rollout(s, random.Random(1))
            assert move in RULES.legal_actions(s)
            assert estimate_after(s, move) == estimate_after(s, normal.choose(s, s.current))


def estimate_after(s: ViaNebulaState, action: ViaNebulaAction) -> float:
    """The mover's rollout estimate once ``action`` is played on a copy of ``s``."""
    trial = clone(s)
    RULES.apply(trial, action)
    return round(rollout_estimate(trial, s.current), 9)


def test_hards_decision_does_not_depend_on_the_hidden_cards() -> None:
    for i, s in enumerate(random_states(6, 3, every=25)[1:4]):
        seat = RULES.to_move(s)
        assert seat is not None
        view = RULES.observe(s, seat)
        other = RULES.determinize(view, seat, random.Random(100 + i))
        first = LEVELS["hard"](RULES, random.Random(i), iterations=40)
        second = LEVELS["hard"](RULES, random.Random(i), iterations=40)
        assert first.choose(RULES.observe(s, seat), seat) == second.choose(
            RULES.observe(other, seat), seat)


# Seed 25, two seats: five craftsmen, a site each, and the first resources carried.
_OPENING: list[ViaNebulaAction] = [
    PlaceCraftsman(10), PlaceCraftsman(20), PlaceCraftsman(23), PlaceCraftsman(46),
    PlaceCraftsman(49), PlaceSite(30), PlaceSite(21), Transport(13, 8), Transport(20, 10),
]


def test_normal_builds_toward_a_contract_instead_of_exploring() -> None:
    """Seat 2's site on E5 holds one wood; Guild Hall (WSC) and Stable (WCF) lie on
    display, Master Mason's House (WSSC) in its hand, and clay from F4 can reach the site.
    The old normal bot explored here (and most turns, ending games with two buildings);
    normal carries the clay toward those contracts."""
    s = RULES.setup(2, 25, {"first": "random"})
    for action in _OPENING:
        RULES.apply(s, action)
    assert s.current == 1 and s.slot_res[10] == pile("W")
    for seed in range(4):
        bot = NormalBot(RULES, random.Random(seed))
        assert bot.choose(RULES.observe(s, 1), 1) == Transport(hx("F4"), 10)
