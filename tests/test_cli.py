"""The `tui-games` command line: --list, play/--load, arena and bench."""

from __future__ import annotations

import json
import os
import random
import re
import resource
import subprocess
import sys
import types
from pathlib import Path
from typing import Any

import pytest

from tui_games.cli import main
from tui_games.engine.bots.base import RandomBot
from tui_games.engine.core import Rules
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo, all_games, get_game
from tui_games.tools.arena import ArenaError, make_bot, run_arena
from tui_games.tools.arena_report import ArenaResult, BotRecord, wilson_interval

ROOT = Path(__file__).resolve().parents[1]
SUMMARY = re.compile(r"(\d+) games: seat0 (\d+) wins, seat1 (\d+) wins(?:, (\d+) ties)?")
TIMING_KEYS = {"seconds", "games_per_second", "ms_per_decision", "ms_per_choice"}


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def untimed(value: Any) -> Any:
    """The arena report without its timings (which differ from run to run)."""
    if isinstance(value, dict):
        return {k: untimed(v) for k, v in value.items() if k not in TIMING_KEYS}
    if isinstance(value, list):
        return [untimed(v) for v in value]
    return value


# ---- --list ----------------------------------------------------------------------------


def test_list_shows_every_registered_game(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--list"], capsys)
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == len(all_games())
    for line, info in zip(lines, all_games().values(), strict=True):
        game_id, title, players = line.split("\t")
        assert (game_id, title) == (info.id, info.title)
        assert players in (
            f"{info.rules.min_players}-{info.rules.max_players} players",
            f"{info.rules.min_players} players",
        )
    assert "nebular_colors\tNebular Colors\t2 players" in lines


def test_help_counts_and_names_the_registered_games(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(["--help"], capsys)
    games = list(all_games().values())
    words = ["No", "One", "Two", "Three", "Four", "Five", "Six", "Seven"]
    assert code == 0
    text = " ".join(out.split())
    assert f"{words[len(games)]} space-themed tabletop games" in text
    assert all(info.title in text for info in games)
    monkeypatch.setattr("tui_games.games.all_games", lambda: {g.id: g for g in games[:2]})
    _, out, _ = run(["--help"], capsys)
    text = " ".join(out.split())
    assert (
        f"Two space-themed tabletop games in your terminal: {games[0].title} and "
        f"{games[1].title}." in text
    )
    _, out, _ = run(["bench", "--help"], capsys)
    assert "space-themed" not in out  # a command's help is its own


# ---- play ------------------------------------------------------------------------------


def a_save(folder: Path) -> Path:
    info = get_game("nebular_colors")
    session = Session.new(info.rules, [Seat("Ada"), Seat("Bot", bot="normal")], 9, {})
    for _ in range(5):
        session.apply(info.rules.legal_actions(session.state)[0])
    return SaveStore(folder).save_as(session, "five moves")


def test_load_of_a_corrupt_file_is_one_line_and_exit_2(tmp_path: Path) -> None:
    corrupt = a_save(tmp_path)
    corrupt.write_bytes(corrupt.read_bytes()[:-40])
    done = subprocess.run(
        [sys.executable, "-m", "tui_games", "--saves", str(tmp_path / "s"), "--load", str(corrupt)],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=tmp_path,
    )
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert done.stderr.startswith(f"{corrupt}: ") and "truncated" in done.stderr


def test_load_of_a_missing_file_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["--saves", str(tmp_path), "--load", str(tmp_path / "gone.json")], capsys)
    assert code == 2 and out == ""
    assert err == f"{tmp_path / 'gone.json'}: no such file\n"


def test_load_of_a_deeply_nested_file_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    deep = tmp_path / "deep.json"
    deep.write_text('{"format": "tui-games-save", "x": ' + "[" * 5000 + "]" * 5000 + "}")
    code, out, err = run(["--saves", str(tmp_path / "s"), "--load", str(deep)], capsys)
    assert code == 2 and out == ""
    assert err == f"{deep}: is nested too deeply to be a save file\n"


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))


def test_load_of_a_fifo_or_a_device_is_refused_at_once(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.json"
    zero.symlink_to("/dev/zero")
    for path, kind in ((fifo, "a FIFO (named pipe)"), (zero, "a device")):
        # a subprocess, its memory capped: before the fix, the FIFO blocked forever and
        # /dev/zero was read until memory ran out
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "tui_games",
                "--saves",
                str(tmp_path / "s"),
                "--load",
                str(path),
            ],
            capture_output=True,
            text=True,
            timeout=60,
            cwd=tmp_path,
            preexec_fn=_limit_memory,
        )
        assert done.returncode == 2 and "Traceback" not in done.stderr
        assert done.stderr == f"{path}: is {kind}, not a save file\n"


def test_load_of_a_huge_file_is_refused_before_reading(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    huge = tmp_path / "huge.json"
    with huge.open("wb") as out:
        out.truncate(6 * 1024 * 1024)
    code, _, err = run(["--saves", str(tmp_path / "s"), "--load", str(huge)], capsys)
    assert code == 2 and err.startswith(f"{huge}: is too large to be a save file")


def test_the_one_line_refusal_is_capped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fat = tmp_path / "fat.json"
    fat.write_text(
        json.dumps(
            {"format": "tui-games-save", "version": 2, "game": "\x1b]0;pwn\x07" + "x" * 4_000_000}
        )
    )
    code, _, err = run(["--saves", str(tmp_path / "s"), "--load", str(fat)], capsys)
    assert code == 2 and err.count("\n") == 1 and len(err) < 600
    assert "unknown game" in err and "\x1b" not in err


class FakeApp:
    """Stands in for GamesApp: records how the command line built it."""

    made: list[FakeApp] = []

    def __init__(
        self, store: SaveStore, session: Session | None = None, bot_delay: float = 0.6
    ) -> None:
        self.store, self.session, self.bot_delay = store, session, bot_delay
        self.ran = False
        FakeApp.made.append(self)

    def run(self) -> None:
        self.ran = True


@pytest.fixture
def fake_app(monkeypatch: pytest.MonkeyPatch) -> type[FakeApp]:
    FakeApp.made = []
    module = types.ModuleType("tui_games.tui.app")
    module.GamesApp = FakeApp  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "tui_games.tui.app", module)
    return FakeApp


def test_load_of_a_good_file_opens_the_app_in_that_game(
    tmp_path: Path, fake_app: type[FakeApp]
) -> None:
    good = a_save(tmp_path)
    assert main(["--saves", str(tmp_path / "s"), "--load", str(good), "--bot-delay", "0"]) == 0
    (app,) = fake_app.made
    assert app.ran and app.bot_delay == 0
    assert app.store.folder == tmp_path / "s"
    assert app.session is not None and len(app.session.actions) == 5


def test_play_without_load_opens_the_menu_with_the_seed(
    tmp_path: Path, fake_app: type[FakeApp]
) -> None:
    assert main(["--saves", str(tmp_path), "--seed", "77"]) == 0
    (app,) = fake_app.made
    assert app.session is None and app.bot_delay == 0.6
    assert app.first_seed == 77  # type: ignore[attr-defined]


def test_a_negative_bot_delay_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["--bot-delay", "-1"], capsys)
    assert code == 2 and "must be 0 or more" in err


# ---- arena -----------------------------------------------------------------------------

ARENA = ["arena", "nebular_colors", "--bots", "normal,easy", "--games", "4", "--seed", "11"]


def test_arena_is_deterministic_for_a_seed(capsys: pytest.CaptureFixture[str]) -> None:
    first = json.loads(run([*ARENA, "--json"], capsys)[1])
    second = json.loads(run([*ARENA, "--json"], capsys)[1])
    assert untimed(first) == untimed(second)
    other = json.loads(run([*ARENA[:-1], "12", "--json"], capsys)[1])
    assert untimed(other) != untimed(first)


def test_arena_reports_per_seat_and_ends_with_the_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(ARENA, capsys)
    assert code == 0
    lines = out.splitlines()
    assert lines[1].startswith("seat0 normal") and lines[2].startswith("seat1 easy")
    assert all(word in lines[1] for word in ("wins", "mean score", "mean turns"))
    assert "decided games (95% interval" in lines[3] and lines[4].startswith("seat1 easy")
    assert "games/s" in lines[-2]
    match = SUMMARY.fullmatch(lines[-1])
    assert match is not None, lines[-1]
    games, wins0, wins1, ties = (int(g or 0) for g in match.groups())
    assert games == 4 and wins0 + wins1 + ties == 4


def test_arena_errors_are_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    for argv, problem in [
        (["arena", "chess", "--bots", "easy,easy"], "unknown game 'chess'"),
        (["arena", "nebular_colors", "--bots", "easy,godlike"], "unknown bot level 'godlike'"),
        (
            ["arena", "nebular_colors", "--bots", "easy,easy,easy"],
            "is for 2 players, but --bots names 3",
        ),
    ]:
        code, out, err = run(argv, capsys)
        assert code == 2 and out == "" and err.count("\n") == 1
        assert problem in err


class SeatSpy:
    """A random bot that notes which seats it played and what iterations it got."""

    seen: list[tuple[str, int]] = []

    def __init__(
        self,
        rules: Rules[Any, Any],
        rng: random.Random,
        label: str = "",
        iterations: int | None = None,
    ) -> None:
        self.inner, self.label, self.iterations = RandomBot(rules, rng), label, iterations

    def choose(self, view: Any, player: int) -> Any:
        SeatSpy.seen.append((self.label, player))
        return self.inner.choose(view, player)


def test_an_openspiel_level_without_openspiel_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "tui_games.openspiel_bots", None)  # import fails
    with pytest.raises(ArenaError, match=r"pip install 'tui-games\[openspiel\]'"):
        make_bot(get_game("neptune"), "openspiel-ismcts", random.Random(0))


def spy_game() -> GameInfo:
    nc = get_game("nebular_colors")
    return GameInfo(
        rules=nc.rules,
        screen=nc.screen,
        bots={
            "north": lambda rules, rng, **kw: SeatSpy(rules, rng, "north", **kw),
            "south": lambda rules, rng: SeatSpy(rules, rng, "south"),
        },
    )


def test_arena_swaps_the_seats_every_game() -> None:
    SeatSpy.seen = []
    result = run_arena(spy_game(), ["north", "south"], games=2, seed=3)
    seats = {
        label: {seat for lab, seat in SeatSpy.seen if lab == label} for label in ("north", "south")
    }
    assert seats == {"north": {0, 1}, "south": {0, 1}}
    assert [bot.label for bot in result.bots] == ["north", "south"]
    assert sum(bot.wins for bot in result.bots) + result.ties == 2


def seed_spy_game(seeds: list[int]) -> GameInfo:
    """spy_game whose rules note the seed of every deal."""
    info = spy_game()
    base = type(info.rules)

    class SeedSpy(base):  # type: ignore[misc, valid-type]
        def setup(self, players: int, seed: int, options: Any) -> Any:
            seeds.append(seed)
            return super().setup(players, seed, options)

    return GameInfo(rules=SeedSpy(), screen=info.screen, bots=info.bots)


def test_a_duplicate_arena_deals_each_game_once_per_seating() -> None:
    seeds: list[int] = []
    SeatSpy.seen = []
    result = run_arena(seed_spy_game(seeds), ["north", "south"], games=6, seed=3, duplicate=True)
    assert seeds[0::2] == seeds[1::2] and len(set(seeds)) == 3  # 3 deals, each twice
    assert {seat for label, seat in SeatSpy.seen if label == "north"} == {0, 1}
    swept = sum(bot.sweeps for bot in result.bots)
    assert swept <= 3 and all(2 * bot.sweeps <= bot.wins for bot in result.bots)
    assert result.as_dict()["duplicate"] is True
    assert result.summary_line().endswith(
        f"3 deals swept: seat0 {result.bots[0].sweeps}, seat1 {result.bots[1].sweeps}"
    )
    plain: list[int] = []
    run_arena(seed_spy_game(plain), ["north", "south"], games=6, seed=3)
    assert len(set(plain)) == 6  # without it, every game is a new deal


def test_a_duplicate_arena_needs_whole_deals(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        ["arena", "nebular_colors", "--bots", "easy,easy", "--games", "3", "--duplicate"], capsys
    )
    assert code == 2 and out == "" and "multiple of 2" in err


def arena_figures(result: Any) -> list[Any]:
    """Everything of an arena run that its moves decide (not its timings)."""
    return [
        result.ties,
        result.turns_total,
        result.actions_total,
        [(b.wins, b.score_total, b.decisions, b.turns, b.sweeps) for b in result.bots],
    ]


def test_an_arena_with_jobs_plays_the_same_games_as_one_job() -> None:
    info = get_game("nebular_colors")
    alone = run_arena(info, ["normal", "easy"], games=4, seed=8, duplicate=True)
    together = run_arena(info, ["normal", "easy"], games=4, seed=8, duplicate=True, jobs=2)
    assert arena_figures(together) == arena_figures(alone)
    assert alone.actions_total > 0 and together.games == 4


def test_jobs_play_only_a_registered_game(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ArenaError, match="registered games only"):
        run_arena(spy_game(), ["north", "south"], games=2, seed=3, jobs=2)
    code, _out, err = run(["arena", "nebular_colors", "--bots", "easy,easy", "--jobs", "0"], capsys)
    assert code == 2 and "--jobs" in err


def test_the_arena_gives_each_bot_its_share_of_decided_games_with_a_95_interval() -> None:
    assert wilson_interval(5, 10) == pytest.approx((0.2366, 0.7634), abs=1e-4)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    result = ArenaResult(
        game="g",
        seed=0,
        games=10,
        ties=2,
        bots=[BotRecord("hard", wins=6), BotRecord("normal", wins=2)],
    )
    assert result.share(result.bots[0]) == (0.75, *wilson_interval(6, 8))
    lines = result.lines()
    assert "seat0 hard    won 75.0% of 8 decided games (95% interval 40.9-92.9%)" in lines
    assert result.as_dict()["seats"][1]["share_of_decided"][0] == 0.25
    assert (
        ArenaResult(game="g", seed=0, games=1, ties=1, bots=[BotRecord("a"), BotRecord("b")]).share(
            BotRecord("a")
        )
        is None
    )


def test_an_arena_shadow_counts_the_decisions_it_would_have_made_otherwise(
    capsys: pytest.CaptureFixture[str],
) -> None:
    info = get_game("nebular_colors")
    plain = run_arena(info, ["normal", "normal"], games=2, seed=4)
    shadowed = run_arena(
        info, ["normal", "normal"], games=2, seed=4, jobs=2, shadows=["normal", "easy"]
    )
    assert arena_figures(shadowed) == arena_figures(plain)  # the same games
    same, random_one = shadowed.shadows
    assert same.choices == random_one.choices > 0
    assert same.differs == 0 < random_one.differs < random_one.choices  # normal: no dice
    assert shadowed.as_dict()["shadows"][1] == {
        "bot": "easy",
        "choices": same.choices,
        "differs": random_one.differs,
    }
    code, out, _ = run([*ARENA[:-4], "--games", "2", "--shadow", "easy"], capsys)
    assert code == 0 and "shadow easy would have chosen otherwise at" in out
    code, _out, err = run([*ARENA, "--shadow", "godlike"], capsys)
    assert code == 2 and "unknown bot level 'godlike'" in err


class OneDecisionSpy(SeatSpy):
    """A shadow for which every action is the same decision (as twins are)."""

    @staticmethod
    def action_key(view: Any, action: Any) -> int:
        return 0


def test_a_shadow_counts_twin_actions_as_one_decision() -> None:
    info = spy_game()
    bots = {**info.bots, "twins": lambda rules, rng: OneDecisionSpy(rules, rng, "twins")}
    result = run_arena(
        GameInfo(rules=info.rules, screen=info.screen, bots=bots),
        ["north", "south"],
        games=1,
        seed=3,
        shadows=["twins"],
    )
    assert result.shadows[0].choices == 0  # by its key no decision had two options
    plain = run_arena(info, ["north", "south"], games=1, seed=3, shadows=["north"])
    assert plain.shadows[0].choices > 0


def test_iterations_go_only_to_bots_that_take_them() -> None:
    info = spy_game()
    north = make_bot(info, "north", random.Random(1), iterations=50)
    south = make_bot(info, "south", random.Random(1), iterations=50)
    assert isinstance(north, SeatSpy) and north.iterations == 50
    assert isinstance(south, SeatSpy) and south.iterations is None
    with pytest.raises(ArenaError, match="levels: north, south"):
        make_bot(info, "west", random.Random(1))


# ---- bench -----------------------------------------------------------------------------


def test_bench_quick_json_has_every_figure(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["bench", "--quick", "--json", "--games", "neptune"], capsys)
    assert code == 0
    report = json.loads(out)
    assert report["quick"] is True
    assert set(report["games"]) == {"neptune"}  # --games: one game keeps the test short
    for game_id, game in report["games"].items():
        assert {"games_per_s", "actions_per_s"} <= set(game["random_playouts"])
        assert set(game["bots"]) == set(all_games()[game_id].bots)
        for level in game["bots"].values():  # per decision and per whole bot turn
            assert {"median_ms", "p95_ms", "turn_median_ms", "turn_p95_ms"} <= set(level)
        for timing in game["bots"].values():
            assert {"median_ms", "p95_ms", "decisions"} <= set(timing)
            assert timing["decisions"] > 0
        assert {"save_ms", "load_ms", "bytes"} <= set(game["saves"])
    app = report["app"]
    assert "available" in app
    if app["available"]:
        assert {"first_frame_ms", "cpu_ms_per_key"} <= set(app["empty_app"])
        for game_id in report["games"]:  # measured, or said why not (a failed screen)
            row = app[game_id]
            if row.get("available", True):
                assert row["first_frame_ms"] > 0 and row["cpu_ms_per_key"] >= 0
                keys = row["keys"]
                assert keys["cpu"] if keys["available"] else keys["reason"]
                pty = keys.get("pty", {})
                if keys["available"] and pty.get("available", True):
                    # Per key: key to first frame (median, p95) and bytes to the terminal.
                    for figures in pty.values():
                        assert {"first_ms", "first_p95_ms", "bytes"} <= set(figures)
                    assert "first_ms" in keys["from_menu"] or keys["from_menu"]["reason"]
            else:
                assert row["reason"]
    else:
        assert app["reason"]


def test_bench_games_must_be_known(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["bench", "--games", "chess"], capsys)
    assert code == 2 and "unknown game chess" in err


def test_bench_text_report_names_each_game(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from tui_games.tools import bench

    monkeypatch.setattr(
        bench,
        "app_figures",
        lambda budget, games=None: {"available": False, "reason": "skipped in this test"},
    )
    code, out, _ = run(["bench", "--quick"], capsys)
    assert code == 0
    for info in all_games().values():
        assert info.title in out
    assert out.splitlines()[-1] == "app: unavailable - skipped in this test"


def test_python_m_runs_the_same_command_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "tui_games", "--list"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
    )
    assert done.returncode == 0 and done.stdout.startswith("nebular_colors\t")
