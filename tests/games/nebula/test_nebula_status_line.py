"""What the Nebula status line says for a given observation and choices (status_line.py),
worked out without Textual: the screen only hands it where its cursors are."""

from __future__ import annotations

import subprocess
import sys
from typing import Any

import pytest
from nebula_helpers import RULES, new, placing, star

from tui_games.engine.core import Action, IllegalAction
from tui_games.games.nebula import status_line as line
from tui_games.games.nebula import table_model as model
from tui_games.games.nebula.board import INDEX
from tui_games.games.nebula.state import (
    NebulaState,
    PositionBlackStar,
    StepTime,
    TakeStars,
    TurnToChaos,
)

CENTRE = INDEX["C"]


def refuse(action: Action) -> str:
    return f"Refused: {type(action).__name__}."


def choices_for(view: NebulaState, legal: list[Action], letter: str | None = "R",
                **changes: Any) -> line.Choices:
    """The choices of the seat to move: the star ``letter`` chosen, on their Galaxy."""
    me = view.current
    chosen = line.Choices(me, False, None if letter is None else star(letter), me,
                          model.usable_stars(legal))
    return chosen._replace(**changes)


CURSORS = line.Cursors(space=CENTRE, token=0, preview=(0, 1, 2), points_left=0)


def test_the_status_line_imports_no_textual() -> None:
    code = ("import sys, tui_games.games.nebula.status_line; "
            "sys.exit(any(m.split('.')[0] in ('textual', 'rich') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_over_and_another_players_turn() -> None:
    view = new()
    legal: list[Action] = []
    chosen = choices_for(view, legal)
    assert line.status_text(view, None, "", False, legal, chosen, CURSORS, refuse) == (
        "The game is over: the Scores pane (⇥) shows the final score pad.")
    rival = line.status_text(view, 1, "Bartholomew", False, legal, chosen, CURSORS, refuse)
    assert rival.startswith("Bartholomew's turn.") and line.fits(rival)


def test_investing_time_names_the_stars_the_markers_face() -> None:
    view = new()
    assert view.phase == "collect"
    legal = RULES.legal_actions(view)
    chosen = choices_for(view, legal, None)
    text = line.status_text(view, view.current, "Ann", True, legal, chosen, CURSORS, refuse)
    assert ("Enter takes" in text) == any(isinstance(a, TakeStars) for a in legal)
    assert "R P Y" in text  # the preview, in star letters
    assert ("c: Turn to Chaos" in text) == any(isinstance(a, TurnToChaos) for a in legal)
    returning = line.status_text(view, view.current, "Ann", True, legal,
                                 chosen._replace(returning=True), CURSORS, refuse)
    assert returning.startswith("Turn to Chaos: choose the star to give back")


def test_positioning_says_what_enter_does_on_the_space_under_the_cursor() -> None:
    view = placing(new(), "R R P K")
    legal = RULES.legal_actions(view)
    me = view.current
    text = line.status_text(view, me, "Ann", True, legal, choices_for(view, legal), CURSORS,
                            refuse)
    assert text.startswith("R → C: Enter places it.") and line.fits(text)
    held = placing(new(), "R R P K", "C=P")
    legal = RULES.legal_actions(held)
    text = line.status_text(held, me, "Ann", True, legal, choices_for(held, legal), CURSORS,
                            refuse)
    assert text.startswith("R → C, replacing your P there: Enter twice.")


def test_positioning_quotes_the_rules_reason_for_a_space_it_refuses() -> None:
    view = placing(new(), "R R P K", "C=P")
    legal = RULES.legal_actions(view)
    far = line.Cursors(space=INDEX["N2"], token=0, preview=(), points_left=0)
    text = line.status_text(view, view.current, "Ann", True, legal,
                            choices_for(view, legal), far, refuse)
    assert text.startswith("R → N2: A star must be linked to a star already in your Galaxy.")


def test_the_black_star_asks_the_table_why_not_when_it_cannot_go() -> None:
    view = placing(new(), "R K")
    legal = [a for a in RULES.legal_actions(view) if not isinstance(a, PositionBlackStar)]
    text = line.status_text(view, view.current, "Ann", True, legal,
                            choices_for(view, legal, "K"), CURSORS, refuse)
    assert text.startswith("K → the Black Star Zone: Refused: PositionBlackStar.")


def test_positioning_without_a_star_or_away_from_your_galaxy() -> None:
    view = placing(new(), "")
    legal = RULES.legal_actions(view)
    me = view.current
    empty = line.status_text(view, me, "Ann", True, legal, choices_for(view, legal, None),
                             CURSORS, refuse)
    assert empty == "Your reserve is empty (0 placed this turn): f finishes the turn."
    view = placing(new(), "R")
    legal = RULES.legal_actions(view)
    away = line.status_text(view, me, "Ann", True, legal,
                            choices_for(view, legal, shown_seat=1 - me), CURSORS, refuse)
    assert away.startswith("Enter (or g) shows your Galaxy again.")
    stuck = line.status_text(view, me, "Ann", True, legal,
                             choices_for(view, legal, usable=set()), CURSORS, refuse)
    assert stuck.startswith("No more stars can be positioned this turn (0 placed")


def test_value_tokens_are_named_in_the_table_s_words() -> None:
    assert [model.token_label(t) for t in (0, 5)] == ["R", "O"]
    assert model.token_label(13).startswith("A")
    assert model.PLACES == ("1st", "2nd", "3rd")


def test_a_refused_take_counts_time_in_steps_as_the_status_line_does() -> None:
    # Issue 31, played: "Invest Time: 2 steps left to spend" beside the refusal "Spend all
    # 5 movement points before taking stars": two names for one thing.
    s = new(2)
    assert "steps left to spend" in line.time_status((0, 1, 2), 5, can_take=False)
    words = []
    for early in (True, False):
        with pytest.raises(IllegalAction) as refused:
            RULES.apply(s, TakeStars() if early else StepTime(1, 1))
        words.append(str(refused.value).lower())
        while s.time_left:
            RULES.apply(s, StepTime(0, 1))
    assert all("time steps" in w and "point" not in w for w in words), words


def test_taking_names_only_the_stars_taken_and_says_a_marker_faces_an_empty_space() -> None:
    """Issue 31, played: "Enter takes · Y B" left the "·" to guess."""
    text = line.time_status((-1, star("Y"), star("B")), 0)
    assert text.startswith("Enter takes Y B; 1 marker faces an empty space."), text
    assert "·" not in text
    assert line.time_status((-1, -1, -1), 0).startswith(
        "Enter takes no star; 3 markers face an empty space."), text
