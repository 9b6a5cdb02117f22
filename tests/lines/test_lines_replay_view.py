"""The lines replay's viewpoints: 'view' lists them, 'view N' or 'view NAME' switches,
a spectator sees no hand, everything is revealed only once the game is over, and no line
names what the chosen viewpoint could not see (lines_player's hidden-name check)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from lines_player import hidden_printed, play_game

from tui_games.engine.core import SPECTATOR, default_options
from tui_games.engine.seating import HUMAN, seats_of
from tui_games.engine.session import Session
from tui_games.engine.viewpoints import EVERYTHING_NAME, REVEAL_AFTER, SPECTATOR_NAME
from tui_games.games import GameInfo, all_games, get_game
from tui_games.lines.console import Console
from tui_games.lines.replay import HELP, Replay, replay_lines
from tui_games.lines.words import spoken_of

GAMES = list(all_games().values())


def finished(info: GameInfo, saves: Path) -> Session:
    played = play_game(info, seats_of([HUMAN, "easy"]), 3, default_options(info.rules), saves)
    assert played.ending == "over", info.id
    return played.session


def unfinished(info: GameInfo, saves: Path) -> Session:
    played = play_game(info, seats_of([HUMAN, "easy"]), 3, default_options(info.rules), saves,
                       limit=4)
    assert played.ending != "over", info.id
    return played.session


def replayed(session: Session, info: GameInfo, typed: list[str]) -> str:
    out = io.StringIO()
    source = io.StringIO("".join(f"{t}\n" for t in typed))
    assert replay_lines(Console(source, out, 80), session, info) == -2
    return out.getvalue()


def stepped(session: Session, info: GameInfo, view: str, steps: int) -> list[str]:
    """Step through the first ``steps`` actions as ``view`` (after 'view VIEW'), with
    a 'look' at each step, checking each step's lines against the true state there."""
    out = io.StringIO()
    viewer = Replay(Console(io.StringIO(), out, 80), session, info)
    viewer.switch(view)
    problems: list[str] = []
    for at in range(1, min(steps, len(session.actions)) + 1):
        start = len(out.getvalue())
        viewer.go(at)
        viewer.console.say_all(viewer.table())
        new = out.getvalue()[start:]
        state = viewer.state(at)
        if viewer.seen is None:  # nothing hidden from any seat, less the public log
            for seat in range(len(session.seats)):
                problems += hidden_printed(info, state, seat, new, reader=SPECTATOR)
        else:
            assert isinstance(viewer.seen, int)
            problems += hidden_printed(info, state, viewer.seen, new)
    return problems


def test_view_lists_the_viewpoints_of_a_finished_game(tmp_path: Path) -> None:
    info = get_game("neptune")
    text = replayed(finished(info, tmp_path), info, ["view"])
    assert "Showing the game as You." in text
    assert "1. You" in text and "2. Bot 2" in text
    assert f"3. {SPECTATOR_NAME}" in text and f"4. {EVERYTHING_NAME}" in text


@pytest.mark.parametrize("info", GAMES, ids=[i.id for i in GAMES])
def test_switching_viewpoint_shows_that_seat_and_nothing_hidden_from_it(
        info: GameInfo, tmp_path: Path) -> None:
    session = finished(info, tmp_path)
    text = replayed(session, info, ["view 2", "next", "view you", "look"])
    assert "Showing the game as Bot 2." in text and "Showing the game as You." in text
    assert stepped(session, info, "2", 12) == []


@pytest.mark.parametrize("info", GAMES, ids=[i.id for i in GAMES])
def test_the_spectator_sees_no_hand(info: GameInfo, tmp_path: Path) -> None:
    session = finished(info, tmp_path)
    text = replayed(session, info, ["view spectator", "look"])
    assert f"Showing the game as {SPECTATOR_NAME}." in text
    assert "Your hand" not in text.split(f"Showing the game as {SPECTATOR_NAME}.")[1]
    assert stepped(session, info, "spectator", 12) == []


@pytest.mark.parametrize("info", GAMES, ids=[i.id for i in GAMES])
def test_the_spectators_look_tells_the_public_table(info: GameInfo, tmp_path: Path) -> None:
    session = finished(info, tmp_path)
    text = replayed(session, info, ["view spectator", "next 6", "look"])
    looked = " ".join(text.split(f"Showing the game as {SPECTATOR_NAME}.")[1].split())
    viewer = Replay(Console(io.StringIO(), io.StringIO(), 80), session, info)
    view = session.rules.observe(viewer.state(6), SPECTATOR)
    public = viewer.words.public(view, viewer.names)
    assert public and f"As {SPECTATOR_NAME}:" in looked
    said = spoken_of(viewer.words)
    assert all(" ".join(said(line).split()) in looked for line in public), public


def test_everything_tells_each_seats_table_once_the_game_is_over(tmp_path: Path) -> None:
    info = get_game("neptune")
    text = replayed(finished(info, tmp_path), info, ["view all", "next 3", "look"])
    assert f"Showing the game as {EVERYTHING_NAME}." in text
    assert "As You:" in text and "As Bot 2:" in text


def test_reveal_only_for_finished_games(tmp_path: Path) -> None:
    info = get_game("neptune")
    session = unfinished(info, tmp_path)
    text = replayed(session, info, ["view", "view all", "view 2", "view bot 2"])
    assert EVERYTHING_NAME not in text and "Bot 2" not in text.split("1. You")[1]
    # 'view 2' is the spectator here: only the human's seat and the spectator are offered
    assert text.count(REVEAL_AFTER) == 2
    assert f"2. {SPECTATOR_NAME}" in text


def test_bad_view_arguments_give_one_clear_line(tmp_path: Path) -> None:
    info = get_game("neptune")
    text = replayed(finished(info, tmp_path), info, ["view 9", "view zebra", "view 0"])
    for bad in ("9", "zebra", "0"):
        assert f"'{bad}' is not a viewpoint: 'view' lists them, numbered 1 to 4.\n" in text


def test_help_in_the_replay_names_view() -> None:
    assert "'view' lists whose view it shows" in HELP


def test_another_hot_seat_players_seat_is_covered_in_an_unfinished_game(
        tmp_path: Path) -> None:
    info = get_game("neptune")
    played = play_game(info, seats_of([HUMAN, HUMAN]), 3, default_options(info.rules),
                       tmp_path, limit=6)
    assert played.ending != "over"
    text = replayed(played.session, info, ["view 2", "", "view"])
    cover = text.index("Pass the keyboard to ")
    assert cover < text.index("Showing the game as ") and "2. " in text
    assert f"{EVERYTHING_NAME}" not in text


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.id)
def test_turn_n_tells_only_what_that_turn_did(info: GameInfo, tmp_path: Path) -> None:
    """'turn N' once printed every log line since the start (57 lines at turn 20): now
    the turn's own lines, then where it stands, forward and back alike."""
    session = finished(info, tmp_path)
    viewer = Replay(Console(io.StringIO(), io.StringIO(), 80), session, info)
    turns = viewer.turns()
    assert turns == [viewer.state(at).turn + 1 for at in range(len(session.actions) + 1)]
    late = turns[len(session.actions) * 3 // 4]
    spans = {turn: viewer.turn_span(turn) for turn in (late, 1)}
    text = replayed(session, info, [f"turn {late}", "turn 1"])
    told = " ".join(text.split(HELP.split(" ")[-1], 1)[1].split())  # after the help line
    for turn, span in spans.items():
        assert span is not None
        start, stop = span
        spoken = spoken_of(viewer.words)
        own = " ".join(" ".join(map(spoken, viewer.lines_between(start, stop))).split())
        status = f"Action {stop} of {len(session.actions)}, the end of turn {turn}."
        assert f"{own} {status}".strip() in told, turn
    before = " ".join(viewer.lines_between(0, spans[late][0]))  # type: ignore[index]
    assert before not in told or not before


@pytest.mark.parametrize("info", GAMES, ids=lambda info: info.id)
def test_the_end_of_a_replay_names_the_turn_history_counts(info: GameInfo,
                                                          tmp_path: Path) -> None:
    """The last step named one turn more than History where the final move closed its
    turn: both now name the turn the final move was made in (engine.session.turn_at)."""
    session = finished(info, tmp_path)
    out = io.StringIO()
    viewer = Replay(Console(io.StringIO(), out, 80), session, info)
    end = len(session.actions)
    viewer.go(end)
    assert out.getvalue().strip().endswith(
        f"Action {end} of {end}, turn {session.turns_played()}."), info.id
