"""History records: a finished game kept, read back, refused when damaged; statistics
worked out from a few records."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from toy_game import GAMES, CometRules

from tui_games.engine.codec import to_json
from tui_games.engine.records import History, RecordSummary, hints_of, login_folder
from tui_games.engine.saves import SaveError, SaveStore
from tui_games.engine.session import Seat, Session, replay
from tui_games.engine.stats import as_json, compute, format_table, opponents, player_seat

RULES = CometRules()


def finished(seed: int = 3, seats: list[Seat] | None = None) -> Session:
    """A Comet Catch game played to its end by random choices."""
    session = Session.new(RULES, seats or [Seat("Ada"), Seat("Bot", bot="easy")], seed,
                          {"length": "short"})
    rng = random.Random(seed)
    while session.to_move is not None:
        session.apply(rng.choice(RULES.legal_actions(session.state)))
    return session


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "saves", games=GAMES)


def test_a_finished_game_is_kept_as_a_record_that_replays_exactly(store: SaveStore) -> None:
    """"Finished games are kept, not deleted, as records in the save folder's history."""
    session = finished()
    history = History(store)
    path = history.keep(session)
    assert path.parent == store.folder / "history"
    doc = json.loads(path.read_text())
    assert doc["format"] == "tui-games-save" and "finished_at" in doc["record"]
    loaded, tag = history.open(path)
    assert tag is not None and tag.hints_used == [0, 0]
    assert to_json(loaded.state) == to_json(session.state)
    assert loaded.actions == session.actions
    [row] = history.list()
    outcome = RULES.outcome(session.state)
    assert outcome is not None
    assert row.error is None and row.scores == outcome.scores
    assert row.winners == outcome.winners and row.turns == session.turn


def test_a_plain_save_carries_no_record_field(store: SaveStore) -> None:
    """Saves keep the format they always had: a record is only a save with a tag."""
    doc = json.loads(store.autosave(finished()).read_text())
    assert "record" not in doc


def test_an_unfinished_game_is_not_kept(store: SaveStore) -> None:
    session = Session.new(RULES, [Seat("Ada"), Seat("Bot", bot="easy")], 1, {})
    with pytest.raises(SaveError):
        History(store).keep(session)


def test_a_damaged_record_is_refused_in_one_line(store: SaveStore) -> None:
    """"Refuse a damaged record in one line, as a save is refused."""
    history = History(store)
    path = history.keep(finished())
    doc = json.loads(path.read_text())
    doc["actions"] = doc["actions"][:-1]
    doc["undoable"] = doc["undoable"][:-1]
    path.write_text(json.dumps(doc))
    with pytest.raises(SaveError) as caught:
        history.open(path)
    assert "\n" not in str(caught.value) and str(caught.value).startswith(str(path))
    [row] = history.list()
    assert row.error is not None


def test_a_record_tag_on_an_unfinished_game_is_refused(store: SaveStore) -> None:
    history = History(store)
    session = Session.new(RULES, [Seat("Ada"), Seat("Bot", bot="easy")], 1, {})
    path = store.write_record(session, history.folder, [0, 0])
    with pytest.raises(SaveError, match="not finished"):
        history.open(path)


def test_hints_are_read_from_the_session_when_it_counts_them() -> None:
    """Hints used per seat travel into the record; a session without a count has 0."""
    session = finished()
    assert hints_of(session) == [0, 0]
    session.hints_used = [2, 0]  # type: ignore[attr-defined]
    assert hints_of(session) == [2, 0]
    session.hints_used = [True, "x"]  # type: ignore[attr-defined]
    assert hints_of(session) == [0, 0]


def test_hint_counts_are_kept_in_the_record(store: SaveStore) -> None:
    session = finished()
    session.hints_used = [3, 0]  # type: ignore[attr-defined]
    history = History(store)
    history.keep(session)
    assert history.list()[0].hints_used == [3, 0]


def test_a_record_can_be_deleted_only_from_its_folder(store: SaveStore, tmp_path: Path) -> None:
    history = History(store)
    path = history.keep(finished())
    other = tmp_path / "other.json"
    other.write_text("{}")
    with pytest.raises(SaveError):
        history.delete(other)
    history.delete(path)
    assert not path.exists() and history.list() == []


def test_login_folders_are_safe_names(tmp_path: Path) -> None:
    assert login_folder(tmp_path, "ada") == tmp_path / "ada"
    assert login_folder(tmp_path, "..") is None
    assert login_folder(tmp_path, "a/b") is None


# ---- statistics ------------------------------------------------------------------------

def row(scores: list[int], winners: list[int], when: str, turns: int = 10,
        seats: list[Seat] | None = None, game: str = "comet") -> RecordSummary:
    return RecordSummary(path=f"/h/{when}.json", game=game, title="Comet Catch",
                         seats=seats or [Seat("Ada"), Seat("Bot", "hard")],
                         finished_at=f"2026-01-{when}T10:00:00+00:00", turns=turns,
                         scores=scores, winners=winners)


def test_stats_count_wins_rates_scores_and_lengths() -> None:
    """"Per game and opponent level: games, wins, win rate, best and average score,
    current and best streak, average length."""
    rows = [row([10, 5], [0], "01", 8), row([3, 9], [1], "02", 12),
            row([12, 1], [0], "03", 10), row([7, 7], [0, 1], "04", 6)]
    [line] = compute(rows)
    assert (line.games, line.wins, line.opponents) == (4, 3, "hard")
    assert line.win_rate == 0.75
    assert line.best_score == 12 and line.average_score == 8.0
    assert line.average_turns == 9.0
    assert line.current_streak == 2 and line.best_streak == 2


def test_streaks_follow_the_order_the_games_ended() -> None:
    rows = [row([1, 5], [1], "05"), row([9, 5], [0], "01"), row([9, 5], [0], "02"),
            row([9, 5], [0], "03"), row([1, 5], [1], "04")]
    [line] = compute(rows)
    assert line.best_streak == 3 and line.current_streak == 0


def test_each_opponent_level_has_its_own_line_and_broken_records_do_not_count() -> None:
    easy = [Seat("Ada"), Seat("Bot", "easy")]
    people = [Seat("Ada"), Seat("Bo")]
    broken = row([1, 1], [0], "09")
    broken.error = "damaged"
    lines = compute([row([5, 1], [0], "01", seats=easy), row([5, 1], [0], "02"),
                     row([1, 5], [1], "03", seats=people), broken])
    assert [(line.opponents, line.games) for line in lines] == [
        ("easy", 1), ("hard", 1), ("people", 1)]


def test_on_a_host_the_figures_are_the_logins_own() -> None:
    seats = [Seat("ada"), Seat("bo")]
    rows = [row([5, 1], [0], "01", seats=seats), row([1, 5], [1], "02", seats=seats)]
    assert player_seat(rows[0], "bo") == 1 and opponents(rows[0], 1) == "people"
    [line] = compute(rows, login="bo")
    assert (line.games, line.wins, line.best_score) == (2, 1, 5)
    assert compute(rows, login="cy") == []


def test_the_json_and_the_table_carry_every_figure() -> None:
    lines = compute([row([10, 5], [0], "01")])
    data = as_json(lines)
    assert data["version"] == 1
    assert set(data["lines"][0]) == {
        "game", "title", "opponents", "games", "wins", "win_rate", "best_score",
        "average_score", "current_streak", "best_streak", "average_turns"}
    table = format_table(lines)
    assert table[0].startswith("Game") and "100%" in table[1]
    assert format_table([]) == ["No finished games in the history yet."]


def test_a_game_finished_again_from_a_save_is_a_record_of_its_own(store: SaveStore) -> None:
    """A named save played on twice to two different ends keeps both games; the same
    game kept again (a record opened once more) is not doubled."""
    history = History(store)
    first = finished(seed=3)
    path = history.keep(first)
    assert history.keep(first) == path  # the same game: not kept twice
    other = finished(seed=4)
    other.save_id = first.save_id  # played on from the same save, to another end
    second = history.keep(other)
    assert second != path and second.name == f"{first.save_id}-2.json"
    assert len(history.list()) == 2


def test_history_replay_and_game_over_name_the_same_last_turn_of_a_game_won_mid_turn(
        tmp_path: Path) -> None:
    """Issue 31: History said one turn fewer than the header at game over when Nova Lux
    was won in the middle of a turn (a faction fulfilled: the turn not yet counted).
    History, the replay's last step (turn_at) and the header all name the turn the final
    move was made in."""
    from tui_games.engine.core import default_options
    from tui_games.engine.session import turn_at
    from tui_games.games import get_game
    from tui_games.games.nova_lux.bot import NormalBot
    from tui_games.games.nova_lux.turn_lines import top_line

    rules = get_game("nova_lux").rules
    for seed in range(20):  # the bot's games until one is won mid-turn
        session = Session.new(rules, [Seat("You")], seed, default_options(rules))
        bot = NormalBot(rules, random.Random(seed))
        while (seat := session.to_move) is not None:
            header = top_line(session.state, seat, 0, ["You"], 200).split(" · ")[1]
            before = session.turn
            session.apply(bot.choose(rules.observe(session.state, seat), seat))
        if session.turn == before:
            break
    else:
        pytest.fail("no game was won mid-turn")
    store = SaveStore(tmp_path / "saves")
    History(store).keep(session)
    [row] = History(store).list()
    over = top_line(session.state, None, 0, ["You"], 200).split(" · ")[1]
    turns = [replay(rules, 1, seed, session.options, session.actions[:at]).turn
             for at in (len(session.actions) - 1, len(session.actions))]
    assert header == over == f"turn {row.turns}" == f"turn {turn_at(turns, 1, True)}"
    assert row.turns == session.turn + 1  # the turn being played, not yet counted


def test_the_turns_played_are_the_same_kept_live_or_worked_out_from_the_actions() -> None:
    """A loaded or undone game has not seen its last action applied: the count is then
    replayed, and agrees with the one kept as the game was played."""
    for seed in range(6):
        live = finished(seed)
        rebuilt = Session(RULES, live.seats, live.seed, live.options, live.actions)
        before = replay(RULES, 2, live.seed, live.options, live.actions[:-1]).turn
        assert live.turns_played() == rebuilt.turns_played() == before + 1
        closed = live.turn == before + 1
        assert live.turns_played() == (live.turn if closed else live.turn + 1)
