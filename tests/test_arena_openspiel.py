"""OpenSpiel's bots in the arena (`--bots hard,openspiel-ismcts`), equal time, progress."""

from __future__ import annotations

import random
import time
from typing import Any

import pytest

from tui_games.cli import main
from tui_games.games import all_games
from tui_games.tools.arena import (
    EQUAL_TIME_START,
    ArenaError,
    GamePlan,
    Lineup,
    _pace,
    play_game,
    run_arena,
)
from tui_games.tools.arena_report import ArenaResult, BotRecord

pyspiel = pytest.importorskip(
    "pyspiel", reason="open-spiel is not installed (pip install '.[openspiel]')"
)

from tui_games.openspiel_bots import LEVELS, OpenSpielBot  # noqa: E402  (needs pyspiel)


def two_seat_games() -> list[str]:
    return [info.id for info in all_games().values() if 2 in info.players]


@pytest.mark.parametrize("level", LEVELS)
def test_every_openspiel_level_plays_a_whole_arena_game(level: str) -> None:
    game_id = two_seat_games()[0]
    result = run_arena(
        all_games()[game_id], ["easy", level], games=1, seed=4, openspiel_simulations=2
    )
    assert [bot.label for bot in result.bots] == ["easy", level]
    assert result.bots[1].decisions > 0


@pytest.mark.parametrize("game_id", two_seat_games())
def test_openspiel_ismcts_chooses_a_legal_action_from_an_observation(game_id: str) -> None:
    rules = all_games()[game_id].rules
    state = rules.setup(2, 8, {spec.key: spec.default for spec in rules.option_specs})
    bot = OpenSpielBot(rules, random.Random(1), "ismcts", simulations=2)
    for _ in range(3):
        seat = rules.to_move(state)
        action = bot.choose(rules.observe(state, seat), seat)
        assert action in rules.legal_actions(state)
        rules.apply(state, action)


def test_an_equal_time_bot_gets_the_other_bots_time_per_decision() -> None:
    # seat 0 is paced; bot 1 (seat 1) took 0.6 s over 3 decisions
    assert _pace([True, False], (0, 1), [5.0, 0.6], [9, 3]) == pytest.approx(0.2)
    assert _pace([True, False], (0, 1), [0.0, 0.0], [0, 0]) == EQUAL_TIME_START
    assert Lineup(("hard", "openspiel-ismcts")).equal_time("openspiel-ismcts")
    assert not Lineup(("hard", "openspiel-ismcts"), openspiel_simulations=50).equal_time(
        "openspiel-ismcts"
    )
    assert not Lineup(("hard", "openspiel-ismcts")).equal_time("hard")


def test_a_fixed_simulation_budget_is_what_each_search_runs() -> None:
    rules = all_games()[two_seat_games()[0]].rules
    bot = OpenSpielBot(rules, random.Random(1), "mcts", simulations=7)
    assert bot.budget() == 7
    timed = OpenSpielBot(rules, random.Random(1), "mcts", seconds=0.5)
    assert timed.budget() == 8  # the probe, before any search has measured the rate
    timed.rate = 50.0  # the last search ran 50 simulations a second
    assert timed.budget() == 25


def test_a_search_of_one_simulation_is_refused_and_a_timed_one_runs_at_least_two() -> None:
    game = all_games()[two_seat_games()[0]]
    with pytest.raises(ArenaError, match="at least 2 simulations"):
        run_arena(game, ["easy", "openspiel-ismcts"], 1, 0, openspiel_simulations=1)
    timed = OpenSpielBot(game.rules, random.Random(1), "ismcts", seconds=0.001)
    timed.rate = 10.0
    assert timed.budget() == 2


def test_an_unknown_openspiel_level_is_refused_clearly() -> None:
    with pytest.raises(ArenaError, match="openspiel-alphazero"):
        run_arena(all_games()[two_seat_games()[0]], ["easy", "openspiel-alphazero"], 1, 0)


def test_progress_is_reported_after_every_game() -> None:
    seen: list[int] = []
    run_arena(
        all_games()[two_seat_games()[0]],
        ["easy", "openspiel-random"],
        games=3,
        seed=1,
        progress=lambda result, done: seen.append(done),
    )
    assert seen == [1, 2, 3]


def test_the_progress_line_gives_the_running_share_and_interval() -> None:
    from tui_games.tools.arena_progress import share_text

    # 10 games planned, 5 played: 3 won, 1 lost, 1 tie
    result = ArenaResult(
        game="g",
        seed=0,
        games=10,
        ties=1,
        bots=[BotRecord("hard", wins=3), BotRecord("openspiel-ismcts", wins=1)],
    )
    assert share_text(result, 5) == "hard 75.0% (30.1-95.4%) of 4 decided"
    assert share_text(ArenaResult("g", 0, 10, [BotRecord("a"), BotRecord("b")]), 0) == (
        "no game decided yet"
    )


def test_piped_arena_output_has_no_progress(capsys: pytest.CaptureFixture[str]) -> None:
    game_id = two_seat_games()[0]
    code = main(["arena", game_id, "--bots", "easy,openspiel-random", "--games", "2"])
    out = capsys.readouterr().out
    assert code == 0
    assert out.startswith(f"arena {game_id}: easy vs openspiel-random")
    assert "\r" not in out and "\x1b" not in out


def test_the_report_gives_each_search_its_iterations_and_time_per_decision_with_a_choice() -> None:
    """Equal size or equal time is checked from the report: our hard's iterations and
    OpenSpiel's simulations per decision with a choice, beside their milliseconds."""
    info = all_games()["nebular_colors"]
    result = run_arena(
        info, ["hard", "openspiel-ismcts"], games=1, seed=2, iterations=6, openspiel_simulations=3
    )
    hard, ours = (result.as_dict()["seats"][i] for i in range(2))
    assert hard["searched_per_choice"] == 6
    assert ours["searched_per_choice"] == 3
    assert hard["ms_per_choice"] > 0 and ours["ms_per_choice"] > 0
    text = "\n".join(result.lines())
    assert "6 search iterations each" in text and "3 search iterations each" in text
    plain = run_arena(info, ["normal", "easy"], games=1, seed=2).as_dict()["seats"]
    assert plain[0]["searched_per_choice"] is None  # no search, no figure
    assert plain[0]["ms_per_choice"] is not None


class _WaitingBot:
    """A bot that waits before it answers, as one does on a busy machine: wall time
    passes, but it thinks no more."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def choose(self, view: Any, player: int) -> Any:
        time.sleep(0.01)
        return self.bot.choose(view, player)


def test_equal_time_counts_thinking_so_a_waiting_bot_gives_its_rival_no_more_time() -> None:
    """Equal time is CPU time: the machine's other work, which stretches a decision's wall
    time, gives the OpenSpiel bot paced to it no extra search."""
    given: list[float] = []

    class WaitingLineup(Lineup):
        def bot(self, info: Any, level: str, rng: random.Random) -> Any:
            bot = super().bot(info, level, rng)
            if not self.equal_time(level):
                return _WaitingBot(bot)
            choose = bot.choose

            def timed(view: Any, player: int) -> Any:
                given.append(bot.seconds)  # type: ignore[attr-defined]
                return choose(view, player)

            bot.choose = timed  # type: ignore[method-assign]
            return bot

    info = all_games()[two_seat_games()[0]]
    lineup = WaitingLineup(("easy", "openspiel-ismcts"))
    record = play_game(info, GamePlan(5, (0, 1), (1, 2)), lineup)
    assert record.choices[0] > 3 and len(given) > 3
    assert record.choice_thinking[0] / record.choices[0] < 0.005  # the waits are not counted
    assert max(given[-3:]) < 0.005
