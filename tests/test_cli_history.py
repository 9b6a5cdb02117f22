"""`tui-games replay FILE` and `tui-games stats [--json]`: exit codes, one-line refusals,
the JSON schema."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from tui_games.cli import main
from tui_games.engine.core import default_options
from tui_games.engine.records import History
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import get_game

FIGURES = {"game", "title", "opponents", "games", "wins", "win_rate", "best_score",
           "average_score", "current_streak", "best_streak", "average_turns"}


def finished_game(seed: int, game: str = "nebular_colors") -> Session:
    """A game of Ada against an easy bot, played to the end by random choices."""
    rules = get_game(game).rules
    session = Session.new(rules, [Seat("Ada"), Seat("Bot", "easy")], seed,
                          default_options(rules))
    rng = random.Random(seed)
    while session.to_move is not None:
        session.apply(rng.choice(rules.legal_actions(session.state)))
    return session


def keep(folder: Path, *seeds: int) -> list[Path]:
    history = History(SaveStore(folder))
    return [history.keep(finished_game(seed)) for seed in seeds]


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_stats_json_has_one_line_per_game_and_opponents(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"`tui-games stats` gives true figures after a few games."""
    paths = keep(tmp_path, 1, 2, 3)
    rows = History(SaveStore(tmp_path)).list()
    wins = sum(0 in row.winners for row in rows)
    code, out, err = run(["--saves", str(tmp_path), "stats", "--json"], capsys)
    assert code == 0 and err == ""
    data = json.loads(out)
    assert data["version"] == 1
    [line] = data["lines"]
    assert set(line) == FIGURES
    assert line["games"] == len(paths) and line["wins"] == wins
    assert line["opponents"] == "easy" and line["title"] == "Nebular Colors"
    assert line["best_score"] == max(row.scores[0] for row in rows)


def test_stats_prints_a_table_or_says_there_is_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--saves", str(tmp_path), "stats"], capsys)
    assert code == 0 and out == "No finished games in the history yet.\n"
    keep(tmp_path, 4)
    code, out, _ = run(["--saves", str(tmp_path), "stats"], capsys)
    assert code == 0 and out.splitlines()[0].startswith("Game")
    assert "Nebular Colors" in out.splitlines()[1]


def test_replay_of_a_bad_file_is_one_line_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    [path] = keep(tmp_path, 5)
    path.write_bytes(path.read_bytes()[:-30])
    code, out, err = run(["--saves", str(tmp_path), "replay", str(path)], capsys)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"{path}: ") and "truncated" in err
    code, _, err = run(["--saves", str(tmp_path), "replay", str(tmp_path / "gone.json")],
                       capsys)
    assert code == 2 and err == f"{tmp_path / 'gone.json'}: no such file\n"


def test_stats_host_without_a_host_is_one_line_and_exit_2(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["stats", "--host", "--socket", str(tmp_path / "none.sock")],
                         capsys)
    assert code == 2 and out == "" and err.count("\n") == 1


class FakeApp:
    """Stands in for GamesApp: records how `tui-games replay` built it."""

    made: list[FakeApp] = []

    def __init__(self, store: SaveStore, session: Session | None = None,
                 bot_delay: float = 0.6, replay: str | None = None) -> None:
        self.session, self.replay = session, replay
        FakeApp.made.append(self)

    def run(self) -> None:
        pass


def test_replay_of_a_good_file_opens_the_viewer_on_it(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """"`tui-games replay FILE` opens any save or record directly."""
    [path] = keep(tmp_path, 6)
    monkeypatch.setattr("tui_games.tui.app.GamesApp", FakeApp)
    FakeApp.made.clear()
    assert main(["--saves", str(tmp_path), "replay", str(path)]) == 0
    [app] = FakeApp.made
    assert app.replay == str(path) and app.session is None


def test_replay_finds_a_record_named_from_the_save_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    [path] = keep(tmp_path, 7)
    monkeypatch.setattr("tui_games.tui.app.GamesApp", FakeApp)
    monkeypatch.chdir(tmp_path.parent)
    FakeApp.made.clear()
    assert main(["--saves", str(tmp_path), "replay", f"history/{path.name}"]) == 0
