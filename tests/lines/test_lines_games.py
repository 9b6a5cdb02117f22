"""Whole games through the lines front end, read and answered by a scripted player.

Every registered game is played to its end against bots (and solo where a game has a
solo mode), one game hot-seat; over every line printed, the player checks that no byte
is a control code, that nothing hidden from the seat is named, and that nothing reads
as the screen's notation or keys (arrows, bars, "(O)" letter codes, Enter, Esc; see
lines_player).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lines_player import HAND_OFF, play_game, unspeakable

from tui_games.engine.core import default_options
from tui_games.engine.grammar import speak_to
from tui_games.engine.records import History
from tui_games.engine.saves import SaveStore
from tui_games.engine.seating import HUMAN, seats_of
from tui_games.games import all_games, get_game

GAMES = list(all_games())


def _short(info_id: str) -> dict[str, str]:
    """The game's default options, with the shortest match where the game offers one."""
    info = get_game(info_id)
    options = default_options(info.rules)
    for spec in info.rules.option_specs:
        if spec.key == "match":  # the rules' own option: a match to fewer points
            options[spec.key] = min((v for v, _ in spec.choices), key=int)
    return options


@pytest.mark.parametrize("game_id", GAMES)
def test_a_whole_game_against_bots_ends_and_is_kept(game_id: str, tmp_path: Path) -> None:
    info = get_game(game_id)
    played = play_game(info, seats_of([HUMAN, "easy"]), 7, _short(game_id), tmp_path)
    assert played.ending == "over", played.output[-2000:]
    assert played.checks.problems == []
    assert unspeakable(played.output) == []  # said over the whole game, as well as per turn
    outcome = info.rules.outcome(played.session.state)
    assert outcome is not None
    reason = speak_to(outcome.reason, [seat.name for seat in played.session.seats])
    said = " ".join(played.output.split())
    for sentence in re.split(r"(?<=[.!?]) +", reason):  # each said once, log or result
        assert said.count(sentence) == 1, sentence
    assert "You asked for " in played.output
    assert played.checks.decisions > 5
    rows = History(SaveStore(tmp_path)).list()
    assert [row.game for row in rows] == [game_id]
    assert not list(tmp_path.glob(f"{game_id}-*.json")), "a finished game is no Continue"


@pytest.mark.parametrize("game_id", [g for g, info in all_games().items() if 1 in info.players])
def test_a_solo_game_ends(game_id: str, tmp_path: Path) -> None:
    info = get_game(game_id)
    played = play_game(info, seats_of([HUMAN]), 3, _short(game_id), tmp_path)
    assert played.ending == "over", played.output[-2000:]
    assert played.checks.problems == []


def test_a_hot_seat_game_hands_over_and_never_shows_the_other_hand(tmp_path: Path) -> None:
    """Neptune's hands are secret: between two people at one keyboard, each decision
    waits behind a hand-off line, and no line names a card of the other hand."""
    info = get_game("neptune")
    seats = seats_of([HUMAN, HUMAN])
    played = play_game(info, seats, 11, default_options(info.rules), tmp_path)
    assert played.ending == "over"
    assert played.checks.problems == []
    lines = played.output.splitlines()
    hand_offs = [i for i, line in enumerate(lines) if line.startswith(HAND_OFF)]
    assert len(hand_offs) > 10
    assert "Player 1: Round 1" in played.output and "Player 2: Round 1" in played.output


def test_wrapping_follows_the_width(tmp_path: Path) -> None:
    info = get_game(GAMES[0])
    played = play_game(info, seats_of([HUMAN, "easy"]), 5, _short(GAMES[0]), tmp_path,
                       limit=30, width=40)
    assert max(len(line) for line in played.output.splitlines()) <= 40
    assert played.ending == "left"  # the input ended: saved, not over


def test_the_player_catches_a_hidden_card_printed(tmp_path: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """The check has teeth: a stand line that peeks at the true state is caught."""
    from tui_games.engine.session import Session
    from tui_games.games import load

    info = get_game("neptune")
    session = Session.new(info.rules, seats_of([HUMAN, "easy"]), 2, default_options(info.rules))
    words = load(info.words)
    honest = words.stand

    def peeking(view: object, seat: int, names: list[str]) -> str:
        other = session.state.hands[1 - seat]
        return honest(view, seat, names) + " " + words._cards(other)

    monkeypatch.setattr(words, "stand", peeking)
    played = play_game(info, [], 2, {}, tmp_path, session=session, limit=5)
    assert played.checks.problems and "hidden from seat 0" in played.checks.problems[0]
