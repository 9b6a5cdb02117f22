"""`tui-games bench`: the scripts of phase-changing keys, the pty frame reader, the report.

The app itself is run by tests/test_cli.py (``bench --quick``); these tests stay at the
level of the pieces, without starting Textual.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from types import SimpleNamespace
from typing import Any

import pytest
from textual.binding import ActiveBinding, Binding

from tui_games.games import all_games
from tui_games.games.nebular_colors.state import Take
from tui_games.tools import bench, bench_app, bench_pty
from tui_games.tools.bench_pty import APP_SIZE, whole_screen_frames
from tui_games.tools.keyscript import KeyScript, human_first

# The games that declare a script of phase keys (GameInfo.bench_keys).
SCRIPTED = sorted(game_id for game_id, info in all_games().items() if info.bench_keys)


def script_of(game_id: str) -> KeyScript:
    script = bench_app.key_script(all_games()[game_id])
    assert script is not None
    return script


def screen_of(session: Any, escape: str | None = None, listing: bool = False) -> Any:
    """What the key scripts read from a game screen, without Textual (``listing``: the
    action list of a map game is open and has the keys)."""
    bindings = {}
    if escape is not None:
        bindings["escape"] = ActiveBinding(None, Binding("escape", escape, "Esc"), True, "")
    return SimpleNamespace(session=session, active_bindings=bindings,
                           hand=SimpleNamespace(cursor_key=None, faces=()),
                           clusters=SimpleNamespace(selected=0), list_open=listing,
                           action_list=SimpleNamespace(has_focus=listing, highlighted=0),
                           _entries=[object()])


@pytest.mark.parametrize("game_id", SCRIPTED)
def test_each_script_starts_on_the_humans_turn_and_names_a_key(game_id: str) -> None:
    info = all_games()[game_id]
    script = script_of(game_id)
    session = script.start(info)
    assert session.seats[session.to_move].is_human
    label, key = script.next_key(screen_of(session))
    assert label and (key in bench_pty.KEY_BYTES or len(key) == 1)


def test_nebular_colors_starts_where_the_left_pile_can_be_taken() -> None:
    script = script_of("nebular_colors")
    session = script.start(all_games()["nebular_colors"])
    assert Take(pile=0) in session.rules.legal_actions(session.state)
    keys = [key for _label, key, _phase in script.plan(screen_of(session))]
    assert {"t", "space", "1", "ctrl+z", "d"} <= set(keys)


def test_escape_is_skipped_when_it_would_go_back_to_the_menu() -> None:
    script = script_of("nebular_colors")
    session = script.start(all_games()["nebular_colors"])
    script._queue = [("esc: back", "escape", "choose"), ("d: draw", "d", "choose")]
    assert script.next_key(screen_of(session, escape="menu")) == ("d: draw", "d")


@pytest.mark.parametrize("game_id", ["via_nebula", "nova_lux"])
def test_a_map_game_script_opens_the_list_backs_out_once_then_plays(game_id: str) -> None:
    script = script_of(game_id)
    session = script.start(all_games()[game_id])
    on_map = [script.next_key(screen_of(session))[1] for _ in range(2)]
    in_list = [script.next_key(screen_of(session, escape="back", listing=True))[1]
               for _ in range(2)]
    assert on_map == ["tab", "enter"] and in_list == ["escape", "enter"]


@pytest.mark.parametrize("game_id", ["via_nebula", "nova_lux"])
def test_a_map_game_script_tabs_on_when_enter_opened_nothing(game_id: str) -> None:
    script = script_of(game_id)
    session = script.start(all_games()[game_id])
    keys = [script.next_key(screen_of(session))[1] for _ in range(5)]
    assert keys == ["tab", "enter", "tab", "enter", "tab"]


def test_every_game_declares_a_script_of_phase_keys() -> None:
    assert sorted(all_games()) == SCRIPTED


def test_key_bytes_are_what_a_terminal_sends() -> None:
    assert bench_pty.key_bytes("right") == b"\x1b[C"
    assert bench_pty.key_bytes("escape") == b"\x1b[27u"  # the kitty keyboard protocol's Esc
    assert bench_pty.key_bytes("ctrl+z") == b"\x1a"
    assert bench_pty.key_bytes("S") == b"S"


def test_frames_are_timed_and_the_synchronized_output_query_answered() -> None:
    ours, app = socket.socketpair()
    try:
        def draw() -> None:
            app.sendall(b"\x1b[?2026$p")
            time.sleep(0.02)
            app.sendall(b"\x1b[?2026hframe one\x1b[?2026l")
            time.sleep(0.02)
            app.sendall(b"\x1b[?2026hframe two\x1b[?2026l")

        writer = threading.Thread(target=draw)
        began = time.perf_counter()
        writer.start()
        data, frames = bench_pty.read_frames(ours.fileno(), quiet=0.2, limit=2)
        writer.join()
        assert len(frames) == 2 and began < frames[0] < frames[1]
        assert b"frame two" in data
        app.settimeout(1)
        assert app.recv(100) == b"\x1b[?2026;2$y"  # "supported": the app marks its frames
    finally:
        ours.close()
        app.close()


def test_key_lines_show_cpu_and_key_to_frame_per_key() -> None:
    keys = {"available": True,
            "cpu": {"d: draw": {"presses": 3, "median_ms": 12.5, "max_ms": 20.0,
                                "vs_empty": 10.0}},
            "pty": {"d: draw": {"presses": 2, "first_ms": 9.5, "last_ms": 21.0,
                                "max_last_ms": 25.0},
                    "right/left: cursor": {"presses": 2, "first_ms": 4.0, "last_ms": 4.0,
                                      "max_last_ms": 5.0}}}
    lines = bench_app.key_lines(keys)
    draw = next(line for line in lines if "d: draw" in line)
    assert "12.50" in draw and "9.5" in draw and "21.0" in draw
    assert draw.split()[-3] == "3"  # how many presses the CPU figures are from
    assert lines[0].split()[-5] == "n"
    assert any("right/left: cursor" in line and "4.0" in line for line in lines)
    unavailable = bench_app.key_lines({"available": False, "reason": "no pty"})
    assert unavailable == ["    keys unavailable - no pty"]


def test_pty_figures_are_said_unavailable_without_a_pty(monkeypatch: pytest.MonkeyPatch,
                                                        ) -> None:
    def no_pty() -> tuple[int, int]:
        raise OSError("out of pty devices")

    monkeypatch.setattr(os, "openpty", no_pty)
    info = all_games()["nebular_colors"]
    with pytest.raises(OSError, match="out of pty"):
        bench_pty.pty_key_to_frame(human_first(info, 5), [("d: draw", "d")])


def test_pty_rows_give_the_median_and_p95_to_the_first_frame_and_the_bytes() -> None:
    samples = [("right/left: cursor", 0.001 * i, 0.002 * i, 100 * i) for i in range(1, 21)]
    samples.append(("right/left: cursor", None, None, 0))  # a key that drew nothing
    row = bench_pty._pty_rows(samples)["right/left: cursor"]
    assert row["presses"] == 20
    assert row["first_ms"] == 10.5 and row["first_p95_ms"] == 20.0
    assert row["bytes"] == 1050 and row["max_bytes"] == 2000


def test_pty_lines_show_p95_bytes_dialogs_and_the_table_opened_from_the_menu() -> None:
    pty = {"d: draw": {"presses": 2, "first_ms": 9.5, "first_p95_ms": 14.0, "last_ms": 21.0,
                       "max_last_ms": 25.0, "bytes": 812, "max_bytes": 900},
           f"{bench_pty.DIALOG_ROW}HandSummary": {"presses": 1, "first_ms": 40.0,
                                               "first_p95_ms": 40.0, "last_ms": 40.0,
                                               "max_last_ms": 40.0, "bytes": 3000,
                                               "max_bytes": 3000}}
    menu = {"first_ms": 300.0, "last_ms": 320.0, "bytes": 5000,
            "again": {"presses": 3, "first_ms": 120.0, "first_p95_ms": 150.0}}
    lines = bench_pty.pty_lines(pty, menu)
    draw = next(line for line in lines if "d: draw" in line)
    assert draw.split()[-5:] == ["9.5", "14.0", "812", "900", "2"]
    assert any("HandSummary" in line and "40.0" in line for line in lines)
    opened = next(line for line in lines if bench_pty.MENU_OPEN in line)
    assert "300.0" in opened and "120.0" in opened and "150.0" in opened


def test_bot_timings_give_decisions_and_whole_turns() -> None:
    info = all_games()["nebular_colors"]
    budget = bench.Budget(playouts=1, decisions=30, level_seconds=5.0, save_repeats=1,
                          presses=1, iterations=2, search_decisions=3)
    rows = bench.bot_timings(info, budget)
    assert set(rows) == set(info.bots)
    for row in rows.values():
        assert 0 < row["turns"] <= row["decisions"]
        assert row["turn_median_ms"] >= 0 and row["turn_p95_ms"] >= row["turn_median_ms"]


def test_a_game_that_can_be_played_alone_times_its_bots_as_rivals() -> None:
    info = all_games()["nova_lux"]
    assert info.rules.min_players == 1
    budget = bench.Budget(playouts=1, decisions=30, level_seconds=5.0, save_repeats=1,
                          presses=1, iterations=2, search_decisions=3)
    rows = bench.bot_timings(info, budget)
    # two seats, so a whole bot turn is a turn and not the whole solo game
    assert {row["players"] for row in rows.values()} == {2}
    assert rows["easy"]["turns"] > 1


def test_the_openspiel_yardstick_is_optional() -> None:
    try:
        import pyspiel  # type: ignore[import-not-found]  # noqa: F401
    except ImportError:
        assert bench.openspiel_playouts(1) is None
    else:
        figures = bench.openspiel_playouts(1)
        assert figures["games_per_s"] > 0 and figures["cpu_seconds"] > 0


def test_random_playouts_count_their_cpu_time() -> None:
    figures = bench.random_playouts(all_games()["neptune"].rules, 2)
    assert figures["cpu_seconds"] > 0 and figures["games"] == 2


def test_a_game_over_position_is_one_where_every_legal_action_ends_the_game() -> None:
    info = all_games()["neptune"]
    session = bench_app.one_move_from_the_end(info)
    assert session is not None and session.seats[session.to_move].is_human
    for action in info.rules.legal_actions(session.state):
        assert bench_app._ends(info.rules, session.state, action)
    again = bench_app.one_move_from_the_end(info)  # seeded: the pty replays the same game
    assert again is not None and again.actions == session.actions


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_every_game_has_a_position_that_leads_to_its_game_over_dialog(game_id: str) -> None:
    """The bench measures opening the game-over dialog on every game from a key that
    ends the game, so that the row times the dialog, not bots' moves before it: in
    Nebula the last seat always makes the last move, so the human sits there."""
    info = all_games()[game_id]
    session = bench_app.one_move_from_the_end(info)
    assert session is not None and session.seats[session.to_move].is_human
    for action in info.rules.legal_actions(session.state):
        assert bench_app._ends(info.rules, session.state, action)
    again = bench_app.one_move_from_the_end(info)
    assert again is not None and again.actions == session.actions


def test_a_frame_that_draws_every_row_from_its_first_column_is_a_new_screen() -> None:
    rows = APP_SIZE[1]
    whole = b"\x1b[?2026h" + b"\n".join(b"\x1b[%d;1Hx" % y for y in range(1, rows + 1))
    partial = b"\x1b[?2026h\x1b[7;8Habc\x1b[10;1Hdef"
    end = b"\x1b[?2026l"
    assert whole_screen_frames(partial + end + whole + end) == [False, True]


def test_nebula_measures_its_cursor_keys_where_they_move_over_the_galaxy() -> None:
    """After Nebula's phase keys the game is collecting, where → is a Time step: its
    cursor keys go first, positioning stars, and the dialogs move up behind them."""
    script = script_of("nebula")
    assert script.start(all_games()["nebula"]).state.phase == "place"
    pressed = [("c: turn to Chaos (choose)", "c"), ("enter: take the stars", "enter")]
    steps, dialogs = bench_app.pty_steps(script, pressed, {1: "Summary"}, 8, 2)
    assert steps == [("right/left: cursor", "right"), ("right/left: cursor", "left"),
                     *pressed]
    assert dialogs == {3: "Summary"}


def test_the_other_games_measure_their_cursor_keys_after_the_phase_keys() -> None:
    script = script_of("neptune")
    pressed = [("space: play", "space")] * 3
    steps, dialogs = bench_app.pty_steps(script, pressed, {0: "Summary"}, 2, 2)
    assert steps == [*pressed[:2], ("right/left: cursor", "right"),
                     ("right/left: cursor", "left")]
    assert dialogs == {0: "Summary"}


def test_the_yardstick_compares_actions_per_second_not_games() -> None:
    # Three times gin_rummy's actions a second, in games three times as long.
    ours = {"actions": 3000, "cpu_seconds": 1.0, "actions_per_s": 3000.0, "games_per_s": 1.0}
    gin = {"actions": 1000, "cpu_seconds": 2.0, "actions_per_s": 1000.0, "games_per_s": 1.0}
    assert bench.yardstick(ours, gin) == {"vs_openspiel": 3.0, "vs_openspiel_cpu": 6.0}


def test_the_yardstick_pairs_each_round_with_gin_rummy_played_right_after(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Each round's ratio is ours over gin_rummy's of the same moment: a round slowed by
    load on both sides keeps its ratio, and the median round is the figure."""
    calls: list[str] = []
    ours_rates = iter([1000.0, 500.0, 1000.0])  # the second round ran on a busy machine
    gin_rates = iter([1000.0, 500.0, 800.0])

    def ours(rules: object, games: int, seed: int = 1) -> dict[str, float]:
        calls.append("ours")
        rate = next(ours_rates)
        return {"actions": rate, "cpu_seconds": 1.0, "actions_per_s": rate}

    def gin(games: int, seed: int = 1) -> dict[str, float]:
        calls.append("gin")
        rate = next(gin_rates)
        return {"actions": rate, "cpu_seconds": 1.0, "actions_per_s": rate}

    monkeypatch.setattr(bench, "random_playouts", ours)
    monkeypatch.setattr(bench, "openspiel_playouts", gin)
    figures = bench.paired_yardstick(object(), 30)  # type: ignore[arg-type]
    assert calls == ["ours", "gin"] * 3
    assert figures == {"vs_openspiel": 1.0, "vs_openspiel_cpu": 1.0, "vs_openspiel_rounds": 3}
