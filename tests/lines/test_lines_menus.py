"""The menus in lines: new game, Continue, Load, History with its replay, Stats, Learn,
and `tui-games --lines` itself (which never loads Textual)."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

from lines_player import control_bytes, play_game

from tui_games.engine.core import default_options
from tui_games.engine.seating import HUMAN, seats_of
from tui_games.games import all_games, get_game
from tui_games.lines.app import run_lines

ROOT = Path(__file__).resolve().parents[2]
FIRST = next(iter(all_games().values()))


def menus(saves: Path, typed: list[str], seed: int | None = 5) -> str:
    out = io.StringIO()
    from tui_games.engine.saves import SaveStore

    code = run_lines(SaveStore(saves), seed=seed,
                     source=io.StringIO("".join(f"{t}\n" for t in typed)), out=out, width=80)
    assert code == 0
    text = out.getvalue()
    assert control_bytes(text) == []
    return text


def test_a_new_game_is_set_up_by_numbers_then_continued(tmp_path: Path) -> None:
    text = menus(tmp_path, ["1", "1", "", "", "", "quit", "quit"])
    assert "Which game?" in text and f"1. {FIRST.title}: " in text
    assert "Seat 2: who plays it?" in text
    assert f"{FIRST.title}: You, Bot 2 (normal bot)." in text
    assert "Game saved: pick it up with Continue or Load" in text
    again = menus(tmp_path, ["2", "quit", "quit"])
    assert f"2. Continue: {FIRST.title}, turn " in again
    assert again.count(f"{FIRST.title}: You, Bot 2 (normal bot).") == 1


def test_a_game_is_set_up_by_words(tmp_path: Path) -> None:
    # The last game that seats one player (the words below ask for "1 player").
    last = [g for g in all_games().values() if 1 in g.players][-1]
    text = menus(tmp_path, ["new", last.title, "1 player", "", "", "", "quit", "quit"])
    assert f"{last.title}: You." in text


def test_load_lists_the_saves_and_opens_one(tmp_path: Path) -> None:
    menus(tmp_path, ["1", "1", "", "", "", "save first", "quit", "quit"])
    text = menus(tmp_path, ["load", "first", "quit", "quit"])
    assert "Which game? (newest first)" in text
    assert text.count(f"{FIRST.title}: You, Bot 2 (normal bot).") == 1


def test_a_bad_menu_answer_is_one_line(tmp_path: Path) -> None:
    text = menus(tmp_path, ["42", "zebra", "quit"])
    assert "'42' is not one of the choices: say a number from 1 to" in text
    assert "'zebra' is not one of the choices" in text


def test_history_replays_a_finished_game_and_stats_count_it(tmp_path: Path) -> None:
    info = get_game("neptune")
    played = play_game(info, seats_of([HUMAN, "easy"]), 3, default_options(info.rules), tmp_path)
    assert played.ending == "over"
    text = menus(tmp_path, ["history", "1", "next", "next 3", "back", "turn 2", "look",
                            "turn 999", "next x", "end", "quit", "stats", "quit"])
    assert "Which game to replay? (newest first)" in text
    assert "Action 1 of " in text and "Action 4 of " in text and "Action 3 of " in text
    assert "The game has no turn 999." in text
    assert "'next' takes a number, like 'next 3', not 'x'." in text
    assert "Neptune against easy: 1 games" in text


def test_learn_opens_each_game_guided(tmp_path: Path) -> None:
    for number, info in enumerate([i for i in all_games().values() if i.tutorial], start=1):
        text = menus(tmp_path / info.id, ["learn", str(number), "quit", "quit"])
        assert "Step 1 of " in " ".join(text.split()), info.id  # wrapped anywhere


def test_empty_history_and_stats_say_so(tmp_path: Path) -> None:
    text = menus(tmp_path, ["history", "stats", "quit"])
    assert "No finished games yet: they are kept here once played to the end." in text
    assert "No finished games yet: the stats come from the history." in text


def test_the_command_line_plays_in_lines_without_textual(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    code = ("import sys, runpy; sys.argv = ['tui-games', '--lines', '--saves', sys.argv[1]];"
            "from tui_games.cli import main; rc = main(sys.argv[1:]);"
            "print('TEXTUAL' if 'textual' in sys.modules else 'PLAIN'); sys.exit(rc)")
    done = subprocess.run([sys.executable, "-c", code, str(tmp_path)], input="1\n1\n\n\n\nquit\n",
                          capture_output=True, text=True, env=env, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "Main menu:" in done.stdout and done.stdout.rstrip().endswith("PLAIN")
    assert "Game saved: pick it up with Continue or Load" in done.stdout


def test_an_option_can_be_picked_item_by_item(tmp_path: Path) -> None:
    """Neptune's special cards: "Pick your own 6", by number, checked until right."""
    text = menus(tmp_path, ["new", "neptune", "", "", "Pick your own", "1 2", "1 2 3 4 8 9",
                            "look", "quit", "quit"])
    assert "Say 6 different numbers from 1 to 9, or 'back'." in text
    assert "Special cards in play: Black Hole, Stationfall, Jump Gate, Space Bandit, " \
           "Asteroid 5, Asteroid 7." in text.replace("\n", " ")


def test_a_player_count_typed_means_that_many_players(tmp_path: Path) -> None:
    text = menus(tmp_path, ["new", "neptune", "3", "", "", "", "quit", "quit"])
    assert "2 players (Enter)\n3 players\n4 players" in text  # no list numbers to misread
    assert "Neptune: You, Bot 2 (normal bot), Bot 3 (normal bot)." in text
    text = menus(tmp_path, ["new", "neptune", "7", "quit", "quit"])
    assert "'7' is not one of the choices: say 2 or 3 or 4, or 'back'." in text


def test_back_at_the_main_menu_says_there_is_nowhere_to_go(tmp_path: Path) -> None:
    text = menus(tmp_path, ["back", "quit"])
    assert "This is the main menu: there is nothing to go back to. Say 'quit' to " \
           "leave." in text.replace("\n", " ")
    assert text.count("Main menu:") == 1  # asked once: the answer was not taken as quit


def test_a_word_fitting_several_games_names_them(tmp_path: Path) -> None:
    text = menus(tmp_path, ["new", "neb", "quit", "quit"]).replace("\n", " ")
    assert "'neb' could be 1. Nebular Colors or 3. Nebula: say more." in text


def test_a_learn_game_left_midway_is_continued_as_an_ordinary_game(tmp_path: Path) -> None:
    """Every guided game, Neptune's picked specials too, is kept by its autosave: Continue
    opens it (as the screen's Continue does, without the steps, which the quit says)."""
    guided = [info for info in all_games().values() if info.tutorial]
    for number, info in enumerate(guided, start=1):
        saves = tmp_path / info.id
        text = menus(saves, ["learn", str(number), "quit", "quit"])
        assert "It goes on from there as an ordinary game, without the steps; Learn " \
               "starts the guided game again." in " ".join(text.split()), info.id
        again = menus(saves, ["continue", "quit", "quit"])
        assert f"Continue: {info.title}, turn 1" in again, info.id
        assert again.count(f"{info.title}: You") == 1, info.id


def test_a_game_with_its_own_pick_of_an_option_loads_again(tmp_path: Path) -> None:
    menus(tmp_path, ["new", "neptune", "", "", "Pick your own", "1 2 3 4 8 9", "save mine",
                     "quit", "quit"])
    text = menus(tmp_path, ["load", "mine", "look", "quit", "quit"])
    assert "broken" not in text
    assert "Special cards in play: Black Hole, Stationfall, Jump Gate, Space Bandit, " \
           "Asteroid 5, Asteroid 7." in " ".join(text.split())


def test_back_in_new_game_goes_one_question_back(tmp_path: Path) -> None:
    """Nova Lux's last question answered 'back' asks the one before it again (it used to
    start the game with the defaults); 'back' at the first question is the main menu."""
    text = menus(tmp_path, ["new", "nova lux", "2", "", "", "", "back", "back", "back",
                            "back", "back", "back", "quit"])
    asked = [line for line in text.splitlines() if line.endswith("?")]
    assert asked == ["Which game?", "How many players?", "Seat 2: who plays it?", "Mode?",
                     "Federations?", "Ability offer?", "Federations?", "Mode?",
                     "Seat 2: who plays it?", "How many players?", "Which game?"]
    assert text.count("Main menu:") == 2 and "Nova Lux: You" not in text


def test_an_answer_changed_after_back_is_the_one_played(tmp_path: Path) -> None:
    text = menus(tmp_path, ["new", "nova lux", "2", "", "", "", "back", "on", "", "save mine",
                            "quit", "quit"])
    assert "Nova Lux: You, Bot 2 (normal bot)." in text
    from tui_games.engine.saves import SaveStore

    store = SaveStore(tmp_path)
    session = store.load(next(row.path for row in store.list() if row.name == "mine"))
    assert session.options["federations"] == "on"


def test_quit_in_new_game_leaves_for_the_main_menu(tmp_path: Path) -> None:
    text = menus(tmp_path, ["new", "nova lux", "2", "quit", "quit"])
    assert text.count("Main menu:") == 2 and "Nova Lux: You" not in text


def test_back_while_picking_ones_own_items_asks_the_option_again(tmp_path: Path) -> None:
    text = menus(tmp_path, ["new", "neptune", "", "", "Pick your own", "back", "", "quit",
                            "quit"])
    assert text.count("Special cards?") == 2
    assert "Neptune: You, Bot 2 (normal bot)." in text
