"""The Nebula table's view model (games/nebula/table_model.py): what each part of the
table shows and which keys work, worked out without Textual."""

from __future__ import annotations

import subprocess
import sys

from nebula_helpers import RULES, new, placing, star

from tui_games.engine.session import Seat, Session
from tui_games.games.nebula import table_model as model
from tui_games.games.nebula.board import CENTRE, INDEX
from tui_games.games.nebula.state import (
    BLACK,
    AdvanceValue,
    KeepPersonal,
    PositionBlackStar,
    PositionStar,
    StepTime,
)


def test_the_model_imports_no_textual() -> None:
    code = ("import sys, tui_games.games.nebula.table_model; "
            "sys.exit(any(m.split('.')[0] in ('textual', 'rich') for m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], check=False).returncode == 0


def test_keys_work_in_their_phase_only() -> None:
    assert model.key_gates(None, False) == dict.fromkeys(model.GATED, False)
    collect = model.key_gates("collect", False)
    assert collect["take"] and collect["chaos"] and not collect["return_star"]
    returning = model.key_gates("collect", True)
    assert returning["return_star"] and returning["cancel"] and not returning["take"]
    place = model.key_gates("place", False)
    assert {k for k, on in place.items() if on} == {"place", "next_star", "finish"}
    assert sorted(model.GATED) == list(model.GATED)  # the footer checks them in order


def test_take_and_chaos_are_offered_only_while_the_rules_allow_them() -> None:
    """Issue 19: Enter "Take" showed with steps left, c "Chaos" with an empty reserve.
    Issue 17: while Time is invested they stay in the footer dimmed (None), not hidden
    (False): a Time step then changes one key's look, not the place of every key."""
    stepping = model.key_gates("time", False, can_take=False, can_chaos=False)
    assert stepping["take"] is None and stepping["chaos"] is None
    empty = model.key_gates("collect", False, can_take=False, can_chaos=False)
    assert empty["chaos"] is None
    spent = model.key_gates("time", False, can_take=True, can_chaos=False)
    assert spent["take"] is True
    for phase in (None, "chaos", "place", "value"):
        gates = model.key_gates(phase, False, can_take=False, can_chaos=False)
        assert gates["take"] is False and gates["chaos"] is False
    assert model.key_gates("collect", True)["chaos"] is False  # choosing the star


def test_the_decision_phase_is_the_viewers_only() -> None:
    view = new()
    assert model.decision_phase(view, mine=True) == view.phase
    assert model.decision_phase(view, mine=False) is None


def test_the_galaxy_shown_is_pinned_else_yours_else_the_movers() -> None:
    view = new()
    assert model.shown_seat(view, mover=1, mine=False, viewer=0, pinned=None) == (
        0 if view.phase == "personal" else 1)
    assert model.shown_seat(view, mover=0, mine=True, viewer=0, pinned=1) == 1
    assert model.shown_seat(view, mover=None, mine=False, viewer=0, pinned=None) == 0
    assert model.galaxy_title(0, 0, True, "Ann") == "Your Galaxy"
    assert model.galaxy_title(1, 0, False, "Bot") == "Bot's Galaxy"


def test_placing_offers_the_legal_spaces_of_the_chosen_star() -> None:
    view = placing(new(), "R R P K")
    legal = RULES.legal_actions(view)
    spaces, black = model.galaxy_targets(legal, star("R"))
    assert spaces == [a.space for a in legal
                      if isinstance(a, PositionStar) and a.star == star("R")]
    assert CENTRE in spaces and not black
    assert model.galaxy_targets(legal, BLACK) == ([], PositionBlackStar() in legal)
    assert model.galaxy_targets(legal, None) == ([], False)
    usable = model.usable_stars(legal)
    assert usable <= {star("R"), star("P"), BLACK} and star("R") in usable


def test_the_star_chosen_stays_while_held_and_cycles_through_the_reserve() -> None:
    view = placing(new(), "R R P")
    usable = model.usable_stars(RULES.legal_actions(view))
    assert model.chosen_star(view, 0, star("P"), usable) == star("P")
    assert model.chosen_star(view, 0, star("W"), usable) == star("R")  # not held
    assert model.next_star(view, 0, star("R")) == star("P")
    assert model.next_star(view, 0, star("P")) == star("R")
    empty = placing(new(), "")
    assert model.chosen_star(empty, 0, None, set()) is None
    assert model.next_star(empty, 0, None) is None


def test_the_reserve_row_dims_the_unusable_colours_while_placing() -> None:
    view = placing(new(), "R P")
    row = model.reserve_row(view, 0, 0, "Ann", "place", False, {star("R")})
    assert row.label == "Your reserve:" and row.show_cursor
    assert star("P") in row.dimmed and star("R") not in row.dimmed
    assert row.note == "␣ next star"
    rival = model.reserve_row(view, 1, 0, "Bot", None, False, set())
    assert rival == model.ReserveRow("Bot's reserve:", set(), False, "")
    returning = model.reserve_row(view, 0, 0, "Ann", "collect", True, set())
    assert returning.show_cursor and returning.note == "return which? ←→ ⏎"


def test_values_personal_offer_top_line_and_focus() -> None:
    view = new()
    legal = [AdvanceValue(0), KeepPersonal(3), KeepPersonal(5)]
    assert model.personal_offer(legal, "personal") == [3, 5]
    assert model.personal_offer(legal, "value") == []
    blocked = model.blocked_values(view, legal, "value")
    assert 0 not in blocked and len(blocked) == len(view.values) - 1
    assert model.blocked_values(view, legal, None) == []
    assert model.top_who(view, None, False, "") == "game over"
    assert model.top_who(view, 0, True, "You") == "your turn"
    assert model.top_who(view, 0, True, "Ann") == "your turn, Ann"
    assert model.pane_for("value") == "values" and model.pane_for("place") is None
    assert model.focus_for("collect", True) == "reserve"
    assert model.focus_for("chaos", False) == "drawn"
    assert model.focus_for(None, False) == "galaxy"


def test_the_spaces_placed_this_turn_stop_at_the_turns_start() -> None:
    actions = [PositionStar(0, 4), StepTime(0, 1), PositionStar(1, 7), AdvanceValue(0),
               PositionBlackStar(), PositionStar(2, 9)]
    assert model.spaces_placed_this_turn(actions) == {7, 9}


def test_a_saved_view_reads_back_and_an_edited_one_is_left_out() -> None:
    saved = model.saved_view({model.PREF_CURSOR: "C", model.PREF_NAMES: "on",
                              model.PREF_CHAOS: "on", model.PREF_STAR: "P"})
    assert saved == model.SavedView(INDEX["C"], True, True, star("P"))
    assert model.saved_view({model.PREF_CURSOR: "nowhere", model.PREF_STAR: "PP"}) == (
        model.SavedView(None, False, False, None))


def test_a_time_step_is_taken_back_and_the_later_steps_played_again() -> None:
    session = Session.new(RULES, [Seat("Ann"), Seat("Bob")], 3, {"mode": "full"})
    while session.state.phase == "personal":
        session.apply(next(a for a in RULES.legal_actions(session.state)
                           if isinstance(a, KeepPersonal)))
    steps = [a for a in RULES.legal_actions(session.state) if isinstance(a, StepTime)]
    first = steps[0]
    session.apply(first)
    other = next(a for a in RULES.legal_actions(session.state)
                 if isinstance(a, StepTime) and a.cluster != first.cluster)
    session.apply(other)
    assert model.take_back_step(session, first.cluster)
    assert session.actions[-1] == other and first not in session.actions


def test_the_values_key_says_what_each_place_pays_and_what_a1_to_a4_are() -> None:
    """Issue 31: "1st/2nd/3rd pay: star 3/2/1…" and the tokens "A1–A4" went unexplained.
    The key under the tokens gives each track's pay from the rules' own figures, names
    A1-A4 as the Cards pane's Advanced objectives, and fits the pane's 34 columns."""
    from tui_games.games.nebula.objectives import (
        ADVANCED_RANK_VP,
        COLOUR_RANK_VP,
        CONSTELLATION_RANK_VP,
    )
    from tui_games.games.nebula.table_model import VALUES_KEY

    said = " ".join(VALUES_KEY)
    for paid in (COLOUR_RANK_VP, CONSTELLATION_RANK_VP, ADVANCED_RANK_VP):
        assert "/".join(map(str, paid)) in said
    assert "furthest" in said and "A1-A4 (Cards)" in said
    assert all(len(line) <= 34 for line in VALUES_KEY)


def test_the_values_key_says_a_tie_goes_to_the_token_moved_there_last() -> None:
    # Issue 31, played: red advanced first, yellow later, both on 1: "R 1 2nd" beside
    # "Y 1 1st" looked like a mistake; the key now says how a tie is broken.
    from tui_games.games.nebula.objectives import value_podium
    from tui_games.games.nebula.table_model import VALUES_KEY

    assert "(tie: newest)" in VALUES_KEY[0]
    red, yellow = 0, 2
    values, stamps = [0] * 6, [0] * 6
    values[red], stamps[red] = 1, 1
    values[yellow], stamps[yellow] = 1, 2  # moved onto the same space afterwards
    assert value_podium(values, stamps, range(6)) == [yellow, red]


def test_the_boosted_star_and_the_black_star_rows_say_what_they_are() -> None:
    """Issue 31: "boosted O" was never explained, and the Galaxy's "black ○○○…" and the
    clusters' "black ○○◇…" read the same."""
    from tui_games.games.nebula.table_model import (
        BLACK_ZONE_LABEL,
        BLACK_ZONE_SHORT,
        INDICATOR_LABEL,
        boosted_line,
    )

    assert boosted_line(5) == "boosted O: place 3 if one is O"
    labels = {BLACK_ZONE_LABEL, BLACK_ZONE_SHORT, INDICATOR_LABEL}
    assert len(labels) == 3 and "black" not in labels
    assert all("zone" in label.lower() for label in (BLACK_ZONE_LABEL, BLACK_ZONE_SHORT))
