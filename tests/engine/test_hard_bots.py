"""The `hard` level of every game: ISMCTS configured per game, never peeking.

Per game: the three thinking times in the registry, the game's evaluate and rollout policy,
decisions that do not depend on the hidden cards, forced moves played without a search,
an arena that replays exactly, and what each determinize must respect beyond ``observe``
(Neptune's voids, the set a Nebular Colors take promised, Nebula's unseen objectives).
Last, the app: the status line shows the search's progress and esc stops it.
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from textual.app import ComposeResult
from textual.widgets import Static
from toy_game import CometRules, CometState

from tui_games.engine.bots.ismcts import HARD_LEVELS, TURN_LEVELS, TURN_SHARE, ISMCTSBot
from tui_games.engine.codec import clone, to_json
from tui_games.engine.core import GameState, Rules, default_options
from tui_games.engine.rng import Rng
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo, all_games
from tui_games.games.nebula import hard as nebula_hard
from tui_games.games.nebula.bot import NormalBot as NebulaNormalBot
from tui_games.games.nebula.state import HIDDEN as NEBULA_HIDDEN
from tui_games.games.nebular_colors import hard as nc_hard
from tui_games.games.nebular_colors.rules import can_take
from tui_games.games.nebular_colors.state import CARD_NUMBER, CARD_SUIT, Meld, NCState
from tui_games.games.neptune import hard as neptune_hard
from tui_games.games.neptune.determinize import category
from tui_games.tools.arena import IterationClock, make_bot, run_arena
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.game import GameScreen, progress_bar
from tui_games.tui.screens.menu import MenuScreen
from tui_games.tui.widgets.status import StatusLine

GAMES = list(all_games())


def _rules(game_id: str) -> Rules[Any, Any]:
    return all_games()[game_id].rules


def _positions(rules: Rules[Any, Any], wanted: int, seed: int = 0,
               depth: int = 120) -> Iterator[GameState]:
    """Positions with a choice to make, from random games over every seat count."""
    counts = list(range(rules.min_players, rules.max_players + 1))
    pick = random.Random(seed)
    found = 0
    while found < wanted:
        state = rules.setup(counts[found % len(counts)], pick.getrandbits(32),
                            default_options(rules))
        for _ in range(pick.randrange(0, depth)):
            if rules.to_move(state) is None:
                break
            rules.apply(state, pick.choice(rules.legal_actions(state)))
        if rules.to_move(state) is not None and len(rules.legal_actions(state)) > 1:
            found += 1
            yield state


# ---- the registry ----------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_offers_hard_at_a_quarter_one_and_three_seconds(game_id: str) -> None:
    info = all_games()[game_id]
    for level, seconds in HARD_LEVELS.items():
        bot = info.bots[level](info.rules, random.Random(0))
        assert isinstance(bot, ISMCTSBot)
        assert bot.seconds == seconds and bot.iterations is None
    assert HARD_LEVELS["hard"] == 1.0  # the default level thinks one second


@pytest.mark.parametrize("game_id", GAMES)
def test_the_arena_turns_a_hard_bot_into_an_iteration_budget(game_id: str) -> None:
    bot = make_bot(all_games()[game_id], "hard", random.Random(0), iterations=7)
    assert isinstance(bot, ISMCTSBot) and bot.iterations == 7


@pytest.mark.parametrize("game_id", GAMES)
def test_a_virtual_clock_keeps_the_time_budget_but_counts_it_in_iterations(
        game_id: str) -> None:
    info = all_games()[game_id]
    rules = info.rules
    bot = make_bot(info, "hard", random.Random(0), rate=200)
    assert isinstance(bot, ISMCTSBot) and isinstance(bot.clock, IterationClock)
    assert bot.iterations is None and bot.seconds == HARD_LEVELS["hard"]
    state = rules.setup(rules.min_players, 3, default_options(rules))
    rng = random.Random(1)
    while not bot.last_stats.iterations:  # some answers need no search (one real choice)
        seat = rules.to_move(state)
        assert seat is not None
        view = rules.observe(state, seat)
        bot.choose(view, seat)
        rules.apply(state, rng.choice(rules.legal_actions(state)))
    # A decision may take its share (half, unless the game says) of what is left of
    # hard's 0.75 s turn: at most 150 iterations times the share, give or take the last
    # sample (a paired one plays every option).
    share = TURN_SHARE if bot.turn_share is None else bot.turn_share(view)
    options = len(bot.last_stats.children)
    most = 200 * TURN_LEVELS["hard"] * share + options
    assert 1 <= bot.last_stats.iterations <= most, bot.last_stats.iterations


def test_an_arena_on_a_virtual_clock_replays_exactly() -> None:
    info = all_games()["nebular_colors"]

    def figures() -> dict[str, Any]:
        data = run_arena(info, ["hard", "normal"], games=1, seed=4, rate=30).as_dict()
        for key in ("seconds", "games_per_second"):
            data.pop(key)
        for seat in data["seats"]:
            seat.pop("ms_per_decision")
            seat.pop("ms_per_choice")  # wall clock, like the above
        return data

    assert figures() == figures()


# ---- evaluate and the rollout policies --------------------------------------------------

def _cuts_rollouts(game_id: str) -> bool:
    """Whether the game's hard bot stops its playouts before the game ends (a round's
    end, a depth): only then does it score a position with ``evaluate``. A short game
    (Goofspiel, 26 bids) plays every playout out and needs none; ISMCTSBot itself refuses
    a cut with no evaluate."""
    bot = all_games()[game_id].bots["hard"](_rules(game_id), random.Random(0))
    return bot.round_key is not None or bot.rollout_depth is not None


@pytest.mark.parametrize("game_id", [g for g in GAMES if _cuts_rollouts(g)])
def test_evaluate_gives_every_seat_a_value_between_0_and_1(game_id: str) -> None:
    rules = _rules(game_id)
    evaluate = all_games()[game_id].bots["hard"](rules, random.Random(0)).evaluate
    assert evaluate is not None, "the hard bot cuts its rollouts with no evaluate"
    for state in _positions(rules, 60, seed=1, depth=300):
        values = evaluate(state, state.players)
        assert len(values) == state.players
        assert all(0.0 <= v <= 1.0 for v in values), values


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rollout_policy_plays_legal_moves(game_id: str) -> None:
    rules = _rules(game_id)
    bot = all_games()[game_id].bots["hard"](rules, random.Random(0))
    assert isinstance(bot, ISMCTSBot) and bot.rollout is not None
    rng = random.Random(2)
    for i, state in enumerate(_positions(rules, 150, seed=2, depth=300)):
        seat = rules.to_move(state)
        if isinstance(bot, nebula_hard.NebulaSearch):
            bot.player.start(seat if i % 2 else (seat + 1) % state.players)
        action = bot.rollout(clone(state), rng)
        assert action in rules.legal_actions(state), rules.describe(state, action)


def test_nebular_colors_values_a_won_hand_by_the_match() -> None:
    assert nc_hard.match_chance(0, 0, 4) == 0.5
    assert nc_hard.match_chance(3, 0, 4) > nc_hard.match_chance(1, 0, 4) > 0.5
    assert nc_hard.match_chance(1, 3, 4) == pytest.approx(1 - nc_hard.match_chance(3, 1, 4))
    assert nc_hard.match_chance(4, 3, 4) == 1.0 and nc_hard.match_chance(0, 2, 2) == 0.0


def test_nebular_colors_twin_cards_make_one_decision() -> None:
    # The deck has two P3s (and two P5s): melding either with the same cards is one choice.
    twins = [c for c in range(52) if CARD_SUIT[c] == "P" and CARD_NUMBER[c] == 3]
    fours = [c for c in range(52) if CARD_SUIT[c] == "P" and CARD_NUMBER[c] == 4]
    fives = [c for c in range(52) if CARD_SUIT[c] == "P" and CARD_NUMBER[c] == 5]
    state = NCState(players=2, rng=Rng(0))
    first = Meld(cards=(twins[0], fours[0], fives[0]))
    second = Meld(cards=(twins[1], fours[0], fives[0]))
    other = Meld(cards=(twins[0], fours[0], fives[1]))
    assert nc_hard.action_key(state, first) == nc_hard.action_key(state, second)
    assert nc_hard.action_key(state, first) == nc_hard.action_key(state, other)
    state.taken = [twins[1]]  # a card of the taken pile is not the same as one from hand
    assert nc_hard.action_key(state, first) != nc_hard.action_key(state, second)


def test_neptune_values_the_totals_as_chances_to_win() -> None:
    rules = _rules("neptune")
    state = rules.setup(4, 3, {})
    state.scores = [30, 10, 10, 10]
    values = neptune_hard.evaluate(state, 4)
    assert sum(values) == pytest.approx(1.0)
    assert values[0] > 0.5 and values[1] == values[2] == values[3]
    state.round = 5  # the same lead with one round left is worth more
    assert neptune_hard.evaluate(state, 4)[0] > values[0]


def test_neptune_gives_a_card_its_whole_turn_and_a_question_a_quarter_of_it() -> None:
    info = all_games()["neptune"]
    rules = info.rules
    state = rules.setup(4, 3, {})
    assert neptune_hard.turn_share(state) == 1.0
    bot = make_bot(info, "hard", random.Random(0), rate=200)
    assert isinstance(bot, ISMCTSBot)
    bot.choose(rules.observe(state, state.current), state.current)  # the first lead
    # The whole 0.75 s turn (150 iterations at 200 a second), not half of it.
    options = len(bot.last_stats.children)
    assert 150 <= bot.last_stats.iterations <= 150 + options
    for phase in ("top", "bandit", "shield", "cover"):
        state.phase = phase
        assert neptune_hard.turn_share(state) == neptune_hard.QUESTION_SHARE < 0.5


def test_neptune_keeps_a_bot_that_completes_a_trick_and_leads_the_next_within_a_second(
        ) -> None:
    # The card that completes a trick may win it: then the same bot answers and leads at
    # once, and the player waits for both. A quarter of the turn, then a new turn's 0.75 s.
    rules = all_games()["neptune"].rules
    for players in (2, 4):
        state = rules.setup(players, 3, {})
        while len(state.trick) < players - 1:
            assert neptune_hard.turn_share(state) == 1.0
            rules.apply(state, rules.legal_actions(state)[0])
        share = neptune_hard.turn_share(state)
        assert share == neptune_hard.LAST_CARD_SHARE
        assert 0.75 * share + 0.75 <= 1.0


def test_nebula_values_stars_waiting_in_reserve() -> None:
    rules = _rules("nebula")
    state = rules.setup(2, 4, {"mode": "full"})
    state.reserves = [[0] * 7, [0] * 7]
    level = nebula_hard.evaluate(state, 2)
    assert level == [0.5, 0.5]
    state.reserves[0][2] = 1
    ahead = nebula_hard.evaluate(state, 2)
    assert ahead[0] > 0.5 > ahead[1]


def test_nebula_hard_plays_the_normal_bots_choice_where_it_searched_too_little() -> None:
    # One iteration tries one option once: too little to weigh the normal bot's advice
    # against, so the advice stands (without it hard would play whatever it tried).
    info = all_games()["nebula"]
    rules = info.rules
    hard = info.bots["hard"](rules, random.Random(5), iterations=1)
    normal = NebulaNormalBot(rules, random.Random(random.Random(5).getrandbits(64)))
    for state in _positions(rules, 40, seed=6):
        seat = rules.to_move(state)
        view = rules.observe(state, seat)
        advice = normal.choose(view, seat)
        assert hard.choose(view, seat) == advice, rules.describe(state, advice)


# ---- decisions ------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_a_forced_move_is_played_at_once_without_searching(game_id: str) -> None:
    rules = _rules(game_id)
    pick = random.Random(3)
    forced = 0
    state = rules.setup(rules.min_players, 3, default_options(rules))
    while forced < 3:
        if rules.to_move(state) is None:
            state = rules.setup(rules.min_players, pick.getrandbits(32), default_options(rules))
        legal = rules.legal_actions(state)
        seat = rules.to_move(state)
        if len(legal) == 1:
            bot = all_games()[game_id].bots["hard"](rules, random.Random(0))
            began = time.perf_counter()
            assert bot.choose(rules.observe(state, seat), seat) == legal[0]
            assert time.perf_counter() - began < 0.5  # not the 1 s search
            assert bot.last_stats.iterations == 0
            forced += 1
        rules.apply(state, pick.choice(legal))


@pytest.mark.parametrize("game_id", GAMES)
def test_the_decision_does_not_depend_on_the_hidden_cards(game_id: str) -> None:
    """Same observation, other hidden cards (another true state): same move, same tree."""
    rules = _rules(game_id)
    make = all_games()[game_id].bots["hard"]
    differed = 0
    for i, state in enumerate(_positions(rules, 6, seed=4)):
        seat = rules.to_move(state)
        view = rules.observe(state, seat)
        other = rules.determinize(view, seat, random.Random(100 + i))  # another truth
        assert rules.observe(other, seat) == view
        differed += to_json(other) != to_json(state)
        first = make(rules, random.Random(i), iterations=40)
        second = make(rules, random.Random(i), iterations=40)
        assert first.choose(rules.observe(state, seat), seat) == second.choose(
            rules.observe(other, seat), seat)
        assert first.last_stats.children == second.last_stats.children
    assert differed == 6


@pytest.mark.parametrize("game_id", GAMES)
def test_an_arena_replays_exactly_for_a_seed_and_an_iteration_budget(game_id: str) -> None:
    info = all_games()[game_id]
    labels = ["hard", "normal"]

    def figures() -> dict[str, Any]:
        data = run_arena(info, labels, games=1, seed=9, iterations=3).as_dict()
        for key in ("seconds", "games_per_second"):
            data.pop(key)
        for seat in data["seats"]:
            seat.pop("ms_per_decision")
            seat.pop("ms_per_choice")  # wall clock, like the above
        return data

    assert figures() == figures()


# ---- determinize respects what the observer knows ---------------------------------------

def test_neptune_samples_never_deal_a_card_a_player_showed_they_lack() -> None:
    rules = _rules("neptune")
    voided = 0
    for i, state in enumerate(_positions(rules, 500, seed=5, depth=60)):
        me = i % state.players
        view = rules.observe(state, me)
        sample = rules.determinize(view, me, random.Random(i))
        assert rules.observe(sample, me) == view
        for seat, hand in enumerate(sample.hands):
            voided += bool(state.voids[seat])
            for card in hand:
                assert not state.voids[seat] >> category(card) & 1, (i, seat, card)
    assert voided > 100  # the positions do test voids


def test_nebular_colors_samples_keep_the_set_a_take_promised() -> None:
    rules = _rules("nebular_colors")
    checked = 0
    pick = random.Random(6)
    while checked < 40:
        state = rules.setup(2, pick.getrandbits(32), {})
        while rules.to_move(state) is not None and state.phase != "take_set":
            rules.apply(state, pick.choice(rules.legal_actions(state)))
        if state.phase != "take_set":
            continue
        me = 1 - state.current  # the seat watching the take
        view = rules.observe(state, me)
        for k in range(5):
            sample = rules.determinize(view, me, random.Random(k))
            assert rules.observe(sample, me) == view
            assert can_take(sample.hands[state.current], sample.taken)
        checked += 1


def test_nebula_samples_deal_rivals_objectives_the_observer_has_not_seen() -> None:
    rules = _rules("nebula")
    for i, state in enumerate(_positions(rules, 200, seed=7, depth=6)):
        me = i % state.players
        view = rules.observe(state, me)
        sample = rules.determinize(view, me, random.Random(i))
        assert rules.observe(sample, me) == view
        assert sample.bag == state.bag  # the bag's composition is public
        dealt = [c for seat in range(state.players) for c in sample.personal_offer[seat]]
        assert len(dealt) == len(set(dealt))  # no card dealt twice
        for seat in range(state.players):
            kept = sample.personal[seat]
            if seat != me:
                assert not set(sample.personal_offer[seat]) & set(state.personal_offer[me])
            if state.personal_chosen[seat]:
                assert kept in sample.personal_offer[seat]
            else:
                assert kept == NEBULA_HIDDEN


# ---- the app: a progress bar while it thinks, esc stops the search ---------------------

class CometScreen(GameScreen):
    """A one-line table for Comet Catch."""

    def compose_table(self) -> ComposeResult:
        yield Static(id="table")

    def refresh_table(self, view: GameState) -> None:
        assert isinstance(view, CometState)
        self.query_one("#table", Static).update(f"hands {view.hands}")

    def status_text(self, view: GameState) -> str:
        return "Your turn."


SLOW_SEARCH = 30.0  # far longer than the test waits: only a cancel ends it in time
COMET_HARD = GameInfo(rules=CometRules(), screen=f"{__name__}:CometScreen",
                      bots={"hard": ISMCTSBot.factory(seconds=SLOW_SEARCH)})


def test_the_progress_bar_reads_without_colour() -> None:
    assert progress_bar(0.0) == "░░░░░░░░░░   0%"
    assert progress_bar(0.45) == "████░░░░░░  45%"
    assert progress_bar(0.96) == "█████████░  96%"  # full only when the search is done
    assert progress_bar(1.0) == "██████████ 100%"


async def test_a_thinking_hard_bot_shows_progress_and_esc_stops_its_search(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    games = {**all_games(), "comet": COMET_HARD}
    monkeypatch.setattr("tui_games.tui.app.get_game", lambda game_id: games[game_id])
    store = SaveStore(tmp_path, games=games)
    session = Session.new(COMET_HARD.rules, [Seat("Bot 1", "hard"), Seat("You")], 5, {})
    app = GamesApp(store, session=session, bot_delay=0)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = app.screen
        assert isinstance(screen, CometScreen)
        status = screen.query_one("#status", StatusLine)
        for _ in range(100):  # the first report comes after 1/20 of the search
            await asyncio.sleep(0.05)
            if "%" in status.text:
                break
        assert status.text.startswith("Bot 1 is thinking... ") and status.text.endswith("%")
        bot = screen.bot_runner.bots[0]
        assert isinstance(bot, ISMCTSBot)
        began = time.perf_counter()
        await pilot.press("escape", "escape")  # the first only says "Esc again to leave"
        assert isinstance(app.screen, MenuScreen)
        while bot.last_stats.iterations == 0 and time.perf_counter() - began < 5:
            await asyncio.sleep(0.02)  # the search thread answers once cancelled
        assert 0 < bot.last_stats.seconds < SLOW_SEARCH / 3
        assert session.actions == []  # the cancelled search's move is not played


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_only_the_random_level_answers_on_the_ui_thread(game_id: str) -> None:
    """A table with no bot delay asks an instant bot on the UI thread; every bot that
    thinks (normal, and hard's search) gets a worker, so the keys stay live."""
    from tui_games.engine.bots.base import answers_instantly

    info = all_games()[game_id]
    for level, factory in info.bots.items():
        bot = factory(info.rules, random.Random(0))
        assert answers_instantly(bot) == (level == "easy"), level
