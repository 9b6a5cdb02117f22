"""The commands at a decision, each with a bad argument too: one clear line, nothing lost.
End of input saves and leaves; a game begun in lines loads in the save format the screen
loads, and goes on in lines from there."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from lines_player import control_bytes

from tui_games.engine.core import default_options
from tui_games.engine.saves import SaveStore
from tui_games.engine.seating import HUMAN, seats_of
from tui_games.engine.session import Session
from tui_games.games import all_games, get_game
from tui_games.lines.console import Console
from tui_games.lines.table import LinesTable
from tui_games.lines.words import spoken_of, words_of_game

GAMES = list(all_games())


def run_table(session: Session, saves: Path, typed: list[str]) -> tuple[str, str]:
    """The table's output for ``typed`` (then the end of input), and how it ended."""
    out = io.StringIO()
    info = get_game(session.rules.id)
    table = LinesTable(Console(io.StringIO("".join(f"{t}\n" for t in typed)), out, 80),
                       session, info, SaveStore(saves))
    ending = table.run()
    return out.getvalue(), ending


def new_session(game_id: str, seed: int = 4) -> Session:
    info = get_game(game_id)
    return Session.new(info.rules, seats_of([HUMAN, "easy"]), seed, default_options(info.rules))


def answers(output: str, after: str) -> list[str]:
    """The lines printed after the last line starting with ``after``... up to the next
    numbered choice list or the end."""
    lines = output.splitlines()
    start = max(i for i, line in enumerate(lines) if line.startswith(after))
    return lines[start:]


BAD = [
    ("log x", "'log' takes a number of lines, like 'log 20', not 'x'."),
    ("log 0", "'log' takes a number of lines, like 'log 20', not '0'."),
    ("hand me", "'hand' takes nothing after it: say 'look NAME' for another player."),
    ("score please", "'score' takes nothing after it."),
    ("hint now", "'hint' takes nothing after it."),
    ("undo 3", "'undo' takes nothing after it: it takes back your last decision."),
    ("quit now", "'quit' takes nothing after it: it saves the game and leaves."),
    ("more 99", None),
    ("999", "There is no choice 999"),
    ("xyzzy", "'xyzzy' is neither a choice nor a command"),
    ("rules 99", "There is no topic 99"),
    ("rules zzzqqq", "No topic of the rules mentions 'zzzqqq'"),
    ("look zzz9", "Nothing here is called 'zzz9'."),
    ("look near zzz9", "Nothing here is called 'zzz9'."),
]


@pytest.mark.parametrize("game_id", GAMES)
def test_every_bad_argument_is_one_line_and_loses_nothing(game_id: str,
                                                          tmp_path: Path) -> None:
    session = new_session(game_id)
    before = list(session.actions)
    typed = [bad for bad, _ in BAD]
    output, ending = run_table(session, tmp_path, typed)
    assert ending == "left"
    assert session.actions == before  # nothing was played, nothing lost
    lines = output.splitlines()
    for bad, said in BAD:
        if said is None:
            continue
        found = [line for line in lines if line.startswith(said)]
        assert found, f"{bad!r}: no line {said!r}"
    assert control_bytes(output) == []
    saved = SaveStore(tmp_path).load(tmp_path / f"{session.save_id}.json")
    assert saved.actions == before


@pytest.mark.parametrize("game_id", GAMES)
def test_every_command_answers(game_id: str, tmp_path: Path) -> None:
    session = new_session(game_id)
    output, _ = run_table(session, tmp_path, ["help", "look", "hand", "score", "log",
                                               "log 2", "rules", "rules 1", "save mine"])
    assert "look: the whole table from your seat." in output
    assert "The rules' topics: 1." in output
    assert "Saved as mine." in output
    assert (tmp_path / "mine.json").exists()
    words = words_of_game(get_game(game_id))
    view = session.rules.observe(session.state, 0)
    names = [seat.name for seat in session.seats]
    said = spoken_of(words)
    for line in words.table(view, 0, names) + words.hand(view, 0, names):
        assert said(line) in output.replace("\n", " ") or len(line) > 80


@pytest.mark.parametrize("game_id", GAMES)
def test_look_at_a_player_and_at_every_place_named(game_id: str, tmp_path: Path) -> None:
    session = new_session(game_id)
    words = words_of_game(get_game(game_id))
    view = session.rules.observe(session.state, 0)
    names = [seat.name for seat in session.seats]
    assert words.place(view, 0, names, "Bot 2")
    assert words.place(view, 0, names, "no such place") is None
    assert words.near(view, 0, names, "no such place") is None


def test_the_hint_names_a_choice(tmp_path: Path) -> None:
    session = new_session(GAMES[1])
    output, _ = run_table(session, tmp_path, ["hint"])
    assert "Hint: " in output
    assert session.hints_used[0] == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_a_spoken_hint_keeps_its_outlook(
    game_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The screen leaves out what does not fit its two status rows; lines has no rows
    to fit, so the hint is said whole: what the search expects from here included."""
    import tui_games.lines.hint as lines_hint
    from tui_games.engine.bots.hint import hint_text
    from tui_games.engine.grammar import speak_to

    outlooks: list[str] = []

    def said_whole(info: Any, view: Any, seat: int, hint: Any, names: Any, **kw: Any) -> str:
        text = hint_text(info, view, seat, hint, names, **kw)
        if hint.rating is not None:
            outlook = speak_to(info.explainer().outlook(view, seat, hint.rating), names, seat)
            assert outlook in text
            outlooks.append(outlook)
        return text

    monkeypatch.setattr(lines_hint, "hint_text", said_whole)
    session = new_session(game_id)
    typed = []
    for _ in range(5):  # a few moves in, past any opening the bot does not search
        typed += ["hint", "yes"]
    output, _ = run_table(session, tmp_path, typed)
    assert outlooks and " ".join(outlooks[-1].split()) in " ".join(output.split())


def test_yes_after_a_hint_plays_the_hinted_choice_named_by_its_number(tmp_path: Path) -> None:
    session = new_session("neptune")
    output, _ = run_table(session, tmp_path, ["yes", "hint", "yes"])
    assert "There is no hint to follow yet: say 'hint' for one" in output
    said = re.search(r"Hint: (\d+)\. (.*?):", output.replace("\n", " "))
    assert said is not None
    number, label = int(said.group(1)), said.group(2)
    numbered = re.search(rf"^{number}\. (.*)$", output, re.MULTILINE)
    assert numbered is not None and numbered.group(1).lower() == label.lower()
    view = session.rules.observe(session.rules.setup(2, 4, session.options), 0)
    assert session.rules.describe(view, session.actions[0]).lower() == label.lower()


def test_a_number_means_the_same_choice_inside_a_group_and_outside(tmp_path: Path) -> None:
    """Via Nebula's first decision is grouped twice over: a number read inside a group
    inside 'more 1', and typed after 'back', plays the choice it was read with."""
    output, _ = run_table(new_session("via_nebula"), tmp_path / "look", ["more 1"])
    inner = re.findall(r"^(\d+) to \d+\. place a craftsman on row", output, re.MULTILINE)
    assert inner, output
    first = int(inner[-1])
    session = new_session("via_nebula")
    output, _ = run_table(session, tmp_path, ["more 1", f"more {first}", "back",
                                              str(first + 1)])
    inside = re.search(rf"^{first + 1}\. (.*)$", output, re.MULTILINE)
    assert inside is not None
    view = session.rules.observe(session.rules.setup(2, 4, session.options), 0)
    assert session.rules.describe(view, session.actions[0]) == inside.group(1)


def test_undo_takes_back_a_decision_that_revealed_nothing(tmp_path: Path) -> None:
    """A Nebula Time marker moved can be moved back; a kept objective (the decision
    passed to another seat) cannot."""
    session = new_session("nebula")
    output, _ = run_table(session, tmp_path, ["1", "undo", "1", "undo", "undo"])
    lines = output.splitlines()
    assert any(line.startswith("Nothing to undo: ") for line in lines)
    taken = [line for line in lines if line.startswith("Taken back: ")]
    assert taken == ["Taken back: move the top Time marker one space clockwise."]
    assert len(session.actions) == 2  # the two objectives kept; the step taken back


def test_the_end_of_input_saves_and_the_game_goes_on_from_the_save(tmp_path: Path) -> None:
    session = new_session(GAMES[2], seed=9)
    output, ending = run_table(session, tmp_path, ["1", "1"])
    assert ending == "left"
    assert "Game saved: pick it up with Continue or Load" in output
    store = SaveStore(tmp_path)
    loaded = store.load(tmp_path / f"{session.save_id}.json")  # the screen's loader
    assert loaded.actions == session.actions
    assert loaded.seats == session.seats
    _, ending = run_table(loaded, tmp_path, ["1"])
    assert ending == "left"
    assert len(loaded.actions) > len(session.actions)


def test_a_seat_name_cannot_steer_the_terminal(tmp_path: Path) -> None:
    session = new_session(GAMES[0])
    session.seats[1] = type(session.seats[1])("Bo\x1b[2J\x07", "easy")
    output, _ = run_table(session, tmp_path, ["look", "score", "log"])
    assert control_bytes(output) == []


def test_look_finds_a_player_by_the_beginning_of_the_name(tmp_path: Path) -> None:
    """'look bot' finds Bot 2 when no other name begins so; with Bot 3 too it asks."""
    info = get_game("neptune")
    words = words_of_game(info)
    alone = new_session("neptune")
    output, _ = run_table(alone, tmp_path, ["look bot"])
    view = alone.rules.observe(alone.state, 0)
    told = words.place(view, 0, ["You", "Bot 2"], "Bot 2")
    assert told and all(line in " ".join(output.split()) for line in told)
    three = Session.new(info.rules, seats_of([HUMAN, "easy", "easy"]), 4,
                        default_options(info.rules))
    output, _ = run_table(three, tmp_path, ["look bot"])
    assert "'bot' could be Bot 2 or Bot 3: say more of the name." in output


def test_a_number_past_a_lone_choice_names_that_choice(tmp_path: Path) -> None:
    """Nebular Colors' first decision of seed 1 is 'Draw 2 cards' alone: '7' once said
    "the choices are numbered 1 to 1"."""
    output, _ = run_table(new_session("nebular_colors", 1), tmp_path, ["7"])
    assert "Your one choice:\n1. Draw 2 cards\n" in output
    assert "There is no choice 7. There is only one choice: 1. Draw 2 cards." in output
    assert "numbered 1 to 1" not in output


def test_an_opened_group_counts_its_choices_not_its_lines(tmp_path: Path) -> None:
    """Via Nebula's 'more 1' holds 20 craftsman choices in 9 lines of rows: it said
    "9 of your choices"."""
    output, _ = run_table(new_session("via_nebula"), tmp_path, ["more 1"])
    group = re.search(r"^1 to (\d+)\. .* \((\d+) choices\) - say 'more 1'$", output, re.M)
    assert group is not None and group.group(1) == group.group(2)
    opened = answers(output, f"{group.group(2)} of your choices")
    shown = [line for line in opened[1:] if re.match(r"^\d+( to \d+)?\. ", line)]
    assert opened[0] == f"{group.group(2)} of your choices, in {len(shown)} lines:"


def test_a_word_at_the_hand_off_line_is_not_taken_for_enter(tmp_path: Path) -> None:
    """Hot-seat: 'look' or 'hand' typed at the hand-off line was taken as the Enter and
    dropped; now the line waits on, saying so, and nothing private is said before Enter."""
    info = get_game("neptune")
    session = Session.new(info.rules, seats_of([HUMAN, HUMAN]), 4, default_options(info.rules))
    output, ending = run_table(session, tmp_path, ["look", "hand", "", "quit"])
    lines = output.splitlines()
    cover = next(i for i, line in enumerate(lines) if line.endswith("then)."))
    waiting = lines[cover + 1:cover + 3]
    assert waiting == ["First the next player takes the keyboard: press Enter."] * 2
    assert not any("hand" in line.lower() for line in lines[:cover + 3])
    assert any(line.startswith("Your ") and "choices" in line for line in lines[cover + 3:])
    assert ending == "left"


def test_quit_at_the_hand_off_line_leaves_saved(tmp_path: Path) -> None:
    info = get_game("neptune")
    session = Session.new(info.rules, seats_of([HUMAN, HUMAN]), 4, default_options(info.rules))
    output, ending = run_table(session, tmp_path, ["quit"])
    assert ending == "left" and "Game saved: " in output and "choices" not in output
