"""Turns that wait for you (turns): the status lines and the lobby's order, in words."""

from __future__ import annotations

from tui_games.engine.session import Seat
from tui_games.online.protocol import GameRow
from tui_games.online.turns import new_turns, status_lines, turn_order, waited

NOW = 1_000_000.0


def row(game_id: str, seats: list[Seat], to_move: int | None, *, over: bool = False,
        moved: float = NOW - 3 * 3600) -> GameRow:
    return GameRow(id=game_id, game="neptune", title="Neptune", seats=seats, turn=1,
                   to_move=to_move, over=over, present=[True] * len(seats), moved=moved)


TABLE = [Seat("ada"), Seat("bob"), Seat("Bot 3", "normal")]


def test_waits_read_in_the_largest_unit() -> None:
    assert [waited(s) for s in (5, 125, 3 * 3600 + 5, 2 * 86400)] == [
        "under a minute", "2 min", "3 h", "2 d"]


def test_status_says_your_turn_with_whom_and_how_long() -> None:
    assert status_lines([row("g1", TABLE, 0)], "ada", NOW) == [
        "Your turn: Neptune with bob and a bot, waiting 3 h"]


def test_status_names_the_player_or_bot_to_move() -> None:
    assert status_lines([row("g1", TABLE, 0)], "bob", NOW) == [
        "Ada's turn: Neptune with ada and a bot, waiting 3 h"]
    assert status_lines([row("g1", TABLE, 2)], "bob", NOW) == [
        "A bot's turn: Neptune with ada and a bot, waiting 3 h"]


def test_status_lists_only_unfinished_games_of_yours() -> None:
    rows = [row("over", TABLE, None, over=True), row("theirs", [Seat("eve"), Seat("bob")], 0)]
    assert status_lines(rows, "ada", NOW) == ["No games of yours (ada) on this host."]


def test_your_turn_comes_first_longest_waiting_first() -> None:
    rows = [row("a", TABLE, 1), row("b", TABLE, 0, moved=NOW - 60),
            row("c", TABLE, 0, moved=NOW - 600)]
    assert [r.id for r in turn_order(rows, "ada")] == ["c", "b", "a"]


def test_a_new_turn_is_told_once() -> None:
    seen, rung = new_turns(set(), [row("a", TABLE, 0)], "ada")
    assert [r.id for r in rung] == ["a"]
    seen, rung = new_turns(seen, [row("a", TABLE, 0)], "ada")
    assert rung == []
    seen, rung = new_turns(seen, [row("a", TABLE, 1)], "ada")
    assert (seen, rung) == (set(), [])
