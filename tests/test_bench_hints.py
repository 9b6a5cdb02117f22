"""`tui-games bench` gives each game's hint time (median and max over positions)."""

from __future__ import annotations

from tui_games.games import all_games
from tui_games.tools.bench import QUICK, format_report, hint_times


def test_the_bench_times_a_hint_in_every_game() -> None:
    for info in all_games().values():
        figures = hint_times(info, QUICK)
        assert figures is not None and figures["positions"] == QUICK.search_positions
        assert 0 < figures["median_ms"] <= figures["max_ms"]


def test_the_report_has_a_hint_line() -> None:
    report = {"version": "x", "python": "3", "machine": "m", "quick": True,
              "app": {"available": False, "reason": "no"},
              "games": {"g": {"title": "G", "random_playouts": {
                  "games_per_s": 1.0, "actions_per_s": 2.0, "players": 2},
                  "saves": {"save_ms": 1.0, "load_ms": 1.0, "bytes": 3, "actions": 4},
                  "bots": {}, "ismcts": None,
                  "hints": {"positions": 8, "median_ms": 812.0, "max_ms": 905.5}}}}
    assert any(line.startswith("  hint (H)") and "812.0 ms" in line and "905.5 ms" in line
               for line in format_report(report))


def test_the_report_gives_the_yardstick_ratio_by_wall_and_by_cpu_time() -> None:
    report = {"version": "x", "python": "3", "machine": "m", "quick": True,
              "app": {"available": False, "reason": "no"},
              "openspiel": {"game": "gin_rummy", "games": 5, "actions": 300, "cpu_seconds": 1.0,
                            "games_per_s": 5.0, "actions_per_s": 300.0},
              "games": {"g": {"title": "G", "random_playouts": {
                  "games_per_s": 6.0, "actions_per_s": 2.0, "players": 2,
                  "vs_openspiel": 1.2, "vs_openspiel_cpu": 1.05},
                  "saves": {"save_ms": 1.0, "load_ms": 1.0, "bytes": 3, "actions": 4},
                  "bots": {}, "ismcts": None, "hints": None}}}
    line = next(line for line in format_report(report) if "random playouts  " in line)
    assert "1.2x OpenSpiel's (CPU time 1.05x)" in line
