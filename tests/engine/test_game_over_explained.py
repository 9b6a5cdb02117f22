"""The game over explains itself: every game's breakdown adds up to its score, one line
says what decided the result, and records and saves from before still load."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import msgspec
import pytest

from tui_games.engine.core import Outcome, default_options, is_detail
from tui_games.engine.records import History, RecordSummary
from tui_games.engine.saves import SaveError, SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.engine.verdict import decided_by
from tui_games.games import all_games
from tui_games.tui.screens.game_over import decided_line, merged_keys
from tui_games.tui.screens.history import describe

CASES = [(game, players, seed) for game in sorted(all_games())
         for players in (2, 3) for seed in (1, 2)]


def played(game: str, players: int, seed: int) -> Session:
    """A seeded game played to its end by random choices."""
    info = all_games()[game]
    players = players if players in info.players else min(info.players)
    session = Session.new(info.rules, [Seat(f"P{i + 1}") for i in range(players)], seed,
                          default_options(info.rules))
    rng = random.Random(seed)
    while session.to_move is not None:
        session.apply(rng.choice(info.rules.legal_actions(session.state)))
    return session


@pytest.mark.parametrize(("game", "players", "seed"), CASES)
def test_a_finished_games_breakdown_adds_up_to_each_score(game: str, players: int,
                                                         seed: int) -> None:
    session = played(game, players, seed)
    outcome = session.rules.outcome(session.state)
    assert outcome is not None and len(outcome.breakdown) == len(session.seats)
    for seat, rows in enumerate(outcome.breakdown):
        assert [label for label, _ in rows if not is_detail(label)], "no main row"
        assert outcome.counted(seat) == outcome.scores[seat], (seat, rows)
    if outcome.winners:
        assert outcome.decided_by, "a won game says what decided it"


def test_the_decided_line_words_a_margin_a_tie_break_and_a_shared_win() -> None:
    assert decided_by([31, 28], [0], "point") == "Seat 1 won by 3 points"
    assert decided_by([31, 31], [1], "VP", "fewer resources in storage", "VP") == (
        "Seat 2 won on the tie-break (tied on 31 VP): fewer resources in storage")
    assert decided_by([7, 7, 2], [0, 1], "point") == (
        "Seat 1 and Seat 2 shared the win: tied on 7 points")
    assert decided_by([5, 5], [0, 1], "VP", "more Black Stars placed", "VP") == (
        "A shared win: both players tied on 5 VP and on the tie-break, more Black Stars "
        "placed")
    assert decided_by([9], [0], "point") == "Seat 1 won with 9 points"
    assert decided_by([3, 3], [], "point") == ""


def test_the_game_over_names_the_players_in_the_decided_line() -> None:
    outcome = Outcome.from_scores([12, 9], "", [], decided_by([12, 9], [0], "point"))
    assert decided_line(outcome, [Seat("Ada"), Seat("Bo")]) == "Ada won by 3 points"
    # from_scores words the margin in points when the game gives no line of its own
    assert decided_line(Outcome.from_scores([1, 2], ""), [Seat("Ada"), Seat("Bo")]) == (
        "Bo won by 1 point")
    stored_before = Outcome(scores=[1, 2], ranks=[2, 1], winners=[1], reason="")
    assert decided_line(stored_before, [Seat("Ada"), Seat("Bo")]) == ""


def test_a_detail_row_stays_under_its_row_for_every_seat() -> None:
    breakdown = [[("Hand 1", 1), ("  melds", 5), ("Hand 2", 0), ("  melds", 2)],
                 [("Hand 1", 0), ("  penalty cards", -1), ("Hand 2", 1), ("  melds", 6)]]
    assert merged_keys(breakdown) == [
        ("Hand 1", ""), ("Hand 1", "  melds"), ("Hand 1", "  penalty cards"),
        ("Hand 2", ""), ("Hand 2", "  melds")]


def test_a_history_row_written_before_the_decided_line_still_loads() -> None:
    old = {"path": "/h/1.json", "game": "neptune", "title": "Neptune",
           "seats": [{"name": "Ada"}, {"name": "Bo"}], "finished_at": "2026-01-01T10:00:00",
           "scores": [12, 9], "winners": [0], "reason": "Seat 1 reached 50 points.",
           "breakdown": [[["Round 1", 12]], [["Round 1", 9]]]}
    row = msgspec.convert(old, RecordSummary)
    assert row.decided_by == ""
    assert describe(row).startswith("Ada won 12-9 · Ada reached 50 points.")
    assert msgspec.convert({"scores": [1], "ranks": [1], "winners": [0], "reason": ""},
                           Outcome).decided_by == ""


def test_the_history_detail_shows_what_decided_it_by_name() -> None:
    row = RecordSummary(path="/h/1.json", game="neptune", title="Neptune",
                        seats=[Seat("Ada"), Seat("Bo")], finished_at="", scores=[12, 9],
                        winners=[0], reason="", decided_by="Seat 1 won by 3 points",
                        breakdown=[[("Round 1", 12), ("  asteroids on top", -3)], []])
    text = describe(row)
    assert "Ada won by 3 points." in text and "Ada 12 (Round 1 12)" in text
    assert "asteroids" not in text  # the details are the game over's: the pane is small


def _older(path: Path, drop: dict[str, Any]) -> None:
    """Rewrite a save as a version without the fields of ``drop`` would have."""
    data = json.loads(path.read_text())
    for name in drop:
        data["state"].pop(name)
    path.write_text(json.dumps(data))


@pytest.mark.parametrize(("game", "field"), [("neptune", "round_parts"),
                                             ("nebular_colors", "hand_penalties")])
def test_a_record_from_before_the_new_score_fields_still_loads(
        tmp_path: Path, game: str, field: str) -> None:
    store = SaveStore(tmp_path / "saves")
    session = played(game, 2, 1)
    path = History(store).keep(session)
    assert json.loads(path.read_text())["state"][field]
    _older(path, {field: None})
    row = History(store).summarise(path)
    assert row.error is None and row.decided_by
    assert sum(v for label, v in row.breakdown[0] if not is_detail(label)) == row.scores[0]


def test_a_wrong_score_field_is_still_refused(tmp_path: Path) -> None:
    store = SaveStore(tmp_path / "saves")
    path = History(store).keep(played("neptune", 2, 1))
    data = json.loads(path.read_text())
    data["state"]["round_parts"][0][0][0] += 1
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="round_parts"):
        History(store).open(path)
