"""The bots: `normal` plays legally from its observation and beats random play; `hard`
searches with ISMCTS, judges positions in [0, 1] and never depends on what it cannot see."""

from __future__ import annotations

import random

import pytest
from nova_lux_helpers import RULES, new, offer, put_star, quiet, res

from tui_games.engine.bots.base import RandomBot
from tui_games.engine.bots.ismcts import ISMCTSBot
from tui_games.engine.codec import clone, to_json
from tui_games.games.nova_lux import hard
from tui_games.games.nova_lux.bot import (
    COLONY_UNIT,
    GAINFUL,
    SURPLUS,
    UNIT,
    NormalBot,
    Want,
    hydrogen_to_take,
    targets,
    worth,
)
from tui_games.games.nova_lux.cards import COLONY_LEVEL, LIFE, OXYGEN, RESOURCES, TRACK_MAX
from tui_games.games.nova_lux.state import AnswerTrade, FoundColony, Harvest, TakeHydrogen


def _play(players: int, seed: int, bots: list) -> object:
    s = RULES.setup(players, seed, {})
    while (seat := RULES.to_move(s)) is not None:
        action = bots[seat].choose(RULES.observe(s, seat), seat)
        assert action in RULES.legal_actions(s)
        RULES.apply(s, action)
    return RULES.outcome(s)


@pytest.mark.parametrize("players", [1, 2, 3, 6])
def test_the_normal_bot_plays_whole_games_legally(players: int) -> None:
    for seed in range(2):
        bots = [NormalBot(RULES, random.Random(seed + p)) for p in range(players)]
        assert _play(players, seed, bots) is not None


def test_the_normal_bot_beats_random_play() -> None:
    wins = 0
    for seed in range(10):
        bots = [NormalBot(RULES, random.Random(seed)), RandomBot(RULES, random.Random(seed))]
        wins += _play(2, seed, bots).winners == [0]
    assert wins >= 8


def test_the_normal_bot_wins_some_solo_games() -> None:
    wins = sum(_play(1, seed, [NormalBot(RULES, random.Random(seed))]).winners == [0]
               for seed in range(12))
    assert wins >= 2


def test_the_normal_bot_harvests_what_its_colony_needs() -> None:
    s = quiet(new(2, ships=("C3", "G6"), blank=True))
    put_star(s, "C3", 1, 16)             # 1 life form -> 2 oxygen
    s.res[0] = res("O1 L6")
    action = NormalBot(RULES, random.Random(0)).choose(RULES.observe(s, 0), 0)
    assert isinstance(action, Harvest) and action.gain == OXYGEN and action.pay == LIFE


def test_the_normal_bot_founds_its_colony_as_soon_as_it_can() -> None:
    s = quiet(new(2, ships=("C3", "G6"), blank=True))
    put_star(s, "C3", 1, 16)
    s.res[0] = res("W7 A7 L7 O7 H7")
    assert NormalBot(RULES, random.Random(0)).choose(RULES.observe(s, 0), 0) == FoundColony()


def test_the_normal_bot_accepts_a_trade_that_helps_it_and_declines_one_that_hurts() -> None:
    s = quiet(new(2, ships=("D4", "D4"), blank=True))
    s.res[1] = res("W10 O2")
    offer(s, 1, "O2", "W2")     # oxygen it lacks for spare water
    bot = NormalBot(RULES, random.Random(0))
    assert bot.choose(RULES.observe(s, 1), 1) == AnswerTrade(True)
    s2 = quiet(new(2, ships=("D4", "D4"), blank=True))
    s2.res[1] = res("W5 O10")
    offer(s2, 1, "O2", "W2")
    assert bot.choose(RULES.observe(s2, 1), 1) == AnswerTrade(False)


def test_worth_is_the_plain_sum_of_each_track_s_worth() -> None:
    # worth() is written as loops for speed; it must give exactly the sums it stands for
    rng = random.Random(4)
    for _ in range(2000):
        tracks = [rng.randint(0, TRACK_MAX) for _ in range(RESOURCES)]
        want = Want([rng.randint(0, TRACK_MAX) for _ in range(RESOURCES)], rng.random() < 0.5)
        pairs = zip(tracks, want.levels, strict=True)
        value = sum(UNIT * min(r, w) + SURPLUS * r for r, w in pairs)
        if want.colony:
            value += COLONY_UNIT * sum(min(r, COLONY_LEVEL) for r in tracks)
        assert worth(tracks, want) == value


def test_the_normal_bot_skips_only_the_steps_that_cannot_gain() -> None:
    # its turn weighs only GAINFUL actions: any other kind must be worth nothing as a step
    bot = NormalBot(RULES, random.Random(0))
    skipped = 0
    for s in _positions(300, 5):
        if s.phase != "turn":
            continue
        me = RULES.to_move(s)
        want = targets(s, me)
        base = worth(s.res[me], want)
        for a in RULES.legal_actions(s):
            if type(a) not in GAINFUL:
                skipped += 1
                assert bot._step_gain(s, me, a, want, base) == 0.0, a
    assert skipped > 1000


# ---- hard -----------------------------------------------------------------------------

def _positions(count: int, seed: int) -> list:
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        s = RULES.setup(rng.randint(1, 6), rng.getrandbits(32), {"federations": "on"})
        for _ in range(rng.randrange(0, 150)):
            if RULES.to_move(s) is None:
                break
            RULES.apply(s, rng.choice(RULES.legal_actions(s)))
        if RULES.to_move(s) is not None and len(RULES.legal_actions(s)) > 1:
            found.append(s)
    return found


def test_hard_offers_a_quarter_second_and_one_second() -> None:
    assert set(hard.LEVELS) == {"hard", "hard-0.25s"}
    assert isinstance(hard.HardBot(RULES, random.Random(0)), ISMCTSBot)


def test_hard_knows_the_actions_that_end_its_turn() -> None:
    # what lets a turn's last decision search on for the rest of the turn's time
    assert hard.HardBot(RULES, random.Random(0)).ends_turn is hard.ends_turn
    bot = NormalBot(RULES, random.Random(0))
    ending = going_on = 0
    for s in _positions(120, 6):
        if s.phase != "turn":
            continue
        for a in RULES.legal_actions(s):
            after_it = clone(s)
            RULES.apply(after_it, a)
            while RULES.to_move(after_it) is not None and after_it.phase != "turn":
                seat = RULES.to_move(after_it)    # a trade, plunder, store, reactions...
                RULES.apply(after_it, bot.choose(RULES.observe(after_it, seat), seat))
            ended = RULES.to_move(after_it) is None or after_it.turn != s.turn
            assert hard.ends_turn(s, a) == ended, a
            ending += ended
            going_on += not ended
    assert ending > 50 and going_on > 50


def test_evaluate_gives_every_seat_a_value_between_0_and_1() -> None:
    for s in _positions(40, 1):
        values = hard.evaluate(s, s.players)
        assert len(values) == s.players and all(0.0 <= v <= 1.0 for v in values)


def test_the_rollout_policy_plays_legal_moves() -> None:
    rng = random.Random(2)
    for s in _positions(60, 2):
        assert hard.rollout(clone(s), rng) in RULES.legal_actions(s)


def test_the_hard_decision_does_not_depend_on_the_hidden_faces() -> None:
    for i, s in enumerate(_positions(4, 3)):
        seat = RULES.to_move(s)
        view = RULES.observe(s, seat)
        other = RULES.determinize(view, seat, random.Random(100 + i))
        assert RULES.observe(other, seat) == view
        make = hard.LEVELS["hard"]
        first = make(RULES, random.Random(i), iterations=30)
        second = make(RULES, random.Random(i), iterations=30)
        assert first.choose(RULES.observe(s, seat), seat) == second.choose(
            RULES.observe(other, seat), seat)
        assert to_json(first.last_stats.children) == to_json(second.last_stats.children)


def test_an_arena_replays_exactly_for_a_seed_and_an_iteration_budget() -> None:
    from tui_games.games import get_game
    from tui_games.tools.arena import run_arena

    def figures() -> dict:
        data = run_arena(get_game("nova_lux"), ["hard", "normal"], games=1, seed=9,
                         iterations=3).as_dict()
        for key in ("seconds", "games_per_second"):
            data.pop(key)
        for seat in data["seats"]:
            seat.pop("ms_per_decision")
            seat.pop("ms_per_choice")  # wall clock, like the above
        return data

    assert figures() == figures()


def test_a_forced_move_is_played_without_searching() -> None:
    s = RULES.setup(2, 3, {})
    while len(RULES.legal_actions(s)) != 1:
        RULES.apply(s, RULES.legal_actions(s)[0])
    seat = RULES.to_move(s)
    bot = hard.LEVELS["hard"](RULES, random.Random(0))
    assert bot.choose(RULES.observe(s, seat), seat) == RULES.legal_actions(s)[0]
    assert bot.last_stats.iterations == 0


def test_the_search_weighs_one_way_to_end_the_turn_the_normal_bot_s() -> None:
    s = RULES.setup(2, 5, {})
    while RULES.to_move(s) is not None and s.phase != "turn":
        RULES.apply(s, NormalBot(RULES, random.Random(0)).choose(s, RULES.to_move(s)))
    legal = RULES.legal_actions(s)
    assert sum(isinstance(a, TakeHydrogen) for a in legal) > 10
    searched = hard.SearchRules(RULES).legal_actions(s)
    takes = [a for a in searched if isinstance(a, TakeHydrogen)]
    ends = [a for a in legal if isinstance(a, TakeHydrogen)]
    assert takes == [hydrogen_to_take(s, s.current, ends)]
    assert [a for a in legal if not isinstance(a, TakeHydrogen)] == [
        a for a in searched if not isinstance(a, TakeHydrogen)]


def test_the_hint_does_not_end_the_turn_at_once_where_the_normal_bot_makes_progress() -> None:
    # Issue 31: the hint said "take 1 hydrogen and end the turn" turn after turn while a
    # harvest or a move to one was open. The positions: seat 0's turns before its colony
    # in a game of two normal bots (seed 5), where the normal bot harvests, runs its
    # engine, uses an ability or moves; the search had ended 4 of these 10 turns at once.
    from tui_games.engine.bots.hint import hint_bot, suggest
    from tui_games.games import get_game

    hard_factory = get_game("nova_lux").bots["hard"]
    s = RULES.setup(2, 5, {})
    bots = [NormalBot(RULES, random.Random(6)), NormalBot(RULES, random.Random(7))]
    checked = []
    while (seat := RULES.to_move(s)) is not None:
        view = RULES.observe(s, seat)
        action = bots[seat].choose(view, seat)
        opening = seat == 0 and s.phase == "turn" and not s.did and s.colony[0] == -1
        if opening and not isinstance(action, TakeHydrogen):
            bot = hint_bot(hard_factory, RULES, random.Random(s.turn), iterations=300)
            hint = suggest(bot, RULES, view, 0)
            checked.append((s.turn, RULES.describe(view, action),
                            RULES.describe(view, hint.action)))
        RULES.apply(s, action)
    assert len(checked) == 10
    ended = [c for c in checked if c[2].startswith("take 1 hydrogen")]
    assert ended == []
