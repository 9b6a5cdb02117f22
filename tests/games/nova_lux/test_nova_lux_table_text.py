"""The table's words without the app: the action list at a cell (entries.py), the top and
status lines (turn_lines.py), the side panel and the map's caption (view.py), and where
the map's cursor goes (map_cursor.py)."""

from __future__ import annotations

from nova_lux_helpers import RULES, cell, new, put_star

from tui_games.games.nova_lux import entries, turn_lines, view
from tui_games.games.nova_lux.board import CARD_CELLS, CELL_NAMES
from tui_games.games.nova_lux.map_cursor import MIDDLE, CursorPlan
from tui_games.games.nova_lux.state import (
    NONE,
    FedConvert,
    ForceTrade,
    Harvest,
    MoveTo,
    NovaLuxState,
    Offer,
    Pass,
    StartTrade,
    TakeHydrogen,
    UseAbility,
)

NAMES = ["Ann", "Bo"]


def table() -> NovaLuxState:
    """Ann's turn, her Ark on C3, Bo's on G6; every card a yellow star over a red giant."""
    s = new(2, ships=("C3", "G6"), blank=True)
    for k, c in enumerate(CARD_CELLS):
        put_star(s, CELL_NAMES[c], k, 16 + k)
    return s


def test_the_list_at_a_cell_is_its_actions_then_those_anywhere_safest_first() -> None:
    s = table()
    legal = RULES.legal_actions(s)
    at_ark = entries.entries_at(s, 0, legal, cell("C3"))
    assert [type(e) for e in at_ark[:3]] == [Harvest, Harvest, TakeHydrogen]
    assert all(isinstance(e, UseAbility) for e in at_ark[3:])
    away = entries.entries_at(s, 0, legal, cell("C5"))
    assert away[-1] == MoveTo(cell("C5")), "a paid move comes after every free choice"
    assert not any(isinstance(e, Harvest) for e in away), "harvests are at the Ark's cell"


def test_an_exchange_is_one_line_per_target_where_it_is_made() -> None:
    s = table()
    legal = [ForceTrade(1, 0, 1, 1), ForceTrade(1, 0, 2, 3), FedConvert(0, 1, 2), Pass()]
    assert entries.entries_at(s, 0, legal, cell("C3")) == [Pass(), ("force", 1),
                                                           ("convert", NONE)]
    assert entries.entries_at(s, 0, legal, cell("C5")) == [Pass(), ("convert", NONE)]
    assert entries.entry_of(ForceTrade(1, 2, 0, 4)) == ("force", 1)
    assert entries.entry_of(Pass()) == Pass()


def test_an_offer_being_composed_lists_nothing() -> None:
    s = table()
    s.phase = "compose"
    assert entries.entries_at(s, 0, [StartTrade(1)], cell("C3")) == []


def test_an_entry_names_the_seats_and_what_a_move_costs() -> None:
    s = table()
    paths = view.flights(s, 0, 0)
    assert entries.entry_text(s, MoveTo(cell("C5")), NAMES, paths) == "Move to C5 (3 hydrogen)"
    assert entries.entry_text(s, MoveTo(cell("C5")), NAMES, {}) == "Move to C5"
    assert entries.entry_text(s, ("force", 1), NAMES, paths) == (
        "Force Bo to trade (Trade Fleet)...")
    assert entries.entry_text(s, StartTrade(1), NAMES, paths).startswith("Offer Bo a trade")
    assert entries.capitalised("harvest") == "Harvest" and entries.capitalised("") == ""


def test_tab_goes_to_the_next_place_to_act_and_round_to_the_first() -> None:
    s = table()
    legal = RULES.legal_actions(s)
    spots = sorted({at for a in legal if (at := entries.action_cell(s, 0, a)) is not None})
    assert entries.next_spot(s, 0, legal, cell("C3")) == spots[spots.index(cell("C3")) + 1]
    assert entries.next_spot(s, 0, legal, spots[-1]) == spots[0]
    assert entries.next_spot(s, 0, [Pass()], cell("C3")) is None


def test_the_caption_names_a_flight_and_the_path_is_marked_from_the_first_cell_left() -> None:
    s = table()
    paths = view.flights(s, 0, 0)
    marked, caption = view.flight(s, 0, paths, cell("C5"))
    assert caption == "move here: 3 hydrogen"
    assert cell("C3") not in marked and marked[-1] == cell("C5")
    assert view.flight(s, 0, paths, cell("C3")) == ([], ""), "the Ark's own cell"
    s.did.append("move")
    assert view.flight(s, 0, paths, cell("C5")) == ([], ""), "one move a turn"
    assert view.flights(s, 1, 0) == {}, "not the viewer's turn"


def test_the_side_panel_lines_fit_their_width() -> None:
    s = table()
    whole = view.cell_line(s, cell("C3"), NAMES, 200)
    assert whole == view.cell_text(s, cell("C3"), NAMES)
    narrow = view.cell_line(s, cell("C3"), NAMES, 40)
    assert len(narrow) <= 40 and narrow.endswith("…") and narrow.startswith("C3: Y2, ")
    mat = view.mat_text(s, 0, NAMES, 40)
    assert mat.engine == "Colony none | Engine - · - · -"
    for line in (*mat.factions.split("\n"), *mat.others.split("\n")):
        assert len(line) <= 40
    assert mat.others.startswith("B Bo  ")
    solo = new(1, ships=("C3",), blank=True)
    assert view.mat_text(solo, 0, ["Ann"], 40).others == "", "no other players: no lines"


def test_the_draft_says_how_many_factions_are_still_to_keep() -> None:
    s = RULES.setup(2, 1, {})
    lines = view.mat_text(s, 0, NAMES, 80).factions.split("\n")
    assert lines == ["(drafting: 3 more to keep)"]


def test_the_top_line_gives_way_what_the_turn_did_first_then_the_name() -> None:
    s = table()
    s.did.append("harvest")
    full = turn_lines.top_line(s, 0, 0, NAMES, 200)
    assert full.startswith("Nova Lux · turn 1 · your turn (harvested) · ")
    assert full.endswith(" H in all stars")
    shorter = turn_lines.top_line(s, 0, 0, NAMES, len(full) - 1)
    assert shorter.startswith("Nova Lux · turn 1 · your turn · ")
    bare = len(shorter)
    assert turn_lines.top_line(s, 0, 0, NAMES, bare - 1).startswith("turn 1 · your turn · ")
    cut = turn_lines.top_line(s, 0, 0, NAMES, 30)
    assert len(cut) <= 30 and cut.endswith("…") and "harvested" not in cut
    assert "Ann's turn" in turn_lines.top_line(s, 0, 1, NAMES, 200), "Bo's view"
    assert " · game over" in turn_lines.top_line(s, None, 0, NAMES, 200)


def test_the_status_line_says_who_plays_and_where_the_keys_are() -> None:
    s = table()
    assert turn_lines.status_text(s, None, False, NAMES, False) == "The game is over."
    assert turn_lines.status_text(s, 1, False, NAMES, False) == "Seat 2 is playing."
    on_map = turn_lines.status_text(s, 0, True, NAMES, False)
    on_list = turn_lines.status_text(s, 0, True, NAMES, True)
    assert on_map.startswith("Your turn: ") and on_map.endswith("Tab next place.")
    assert on_list.endswith("Esc back to the map.")
    s.phase, s.current = "react", 1
    assert turn_lines.status_text(s, 0, True, NAMES, False).startswith("End of Bo's turn")


def test_an_offer_to_answer_reads_who_gives_what() -> None:
    offer = Offer(1, 0, (2, 0, 0, 0, 0), (0, 0, 0, 1, 0))
    assert view.trade_question(offer, NAMES) == "Bo offers you 2 water for 1 oxygen. Accept?"


def test_the_cursor_goes_back_where_the_save_left_it_in_the_same_turn_only() -> None:
    s = table()
    plan = CursorPlan((s.turn, cell("E5")))
    assert plan.place(s, 0, True, True, 0) == cell("E5"), "not onto the Ark: it was saved"
    assert plan.place(s, 0, True, True, cell("A1")) == cell("A1"), "once"
    later = CursorPlan((s.turn + 1, cell("E5")))
    assert later.place(s, 0, True, True, 0) == cell("C3"), "another turn: on the Ark"
    off_map = CursorPlan((s.turn, 99))
    assert off_map.place(s, 0, True, True, cell("A1")) == cell("A1")


def test_each_turn_starts_with_the_cursor_on_the_ark_and_then_it_stays() -> None:
    s = table()
    plan = CursorPlan(None)
    assert plan.place(s, 0, True, True, 0) == cell("C3")
    assert plan.place(s, 0, True, False, cell("E5")) == cell("E5")
    assert plan.place(s, 0, False, True, cell("E5")) == cell("E5"), "not the keyboard's"


def test_an_ark_is_placed_from_the_middle_of_the_map() -> None:
    s = RULES.setup(2, 1, {})
    s.phase = "place"
    plan = CursorPlan(None)
    assert plan.place(s, 0, True, True, 0) == MIDDLE == cell("D4")
    assert plan.place(s, 0, True, True, cell("A2")) == cell("A2"), "moved: it stays"


def test_the_top_lines_title_does_not_flip_between_steps_of_a_game() -> None:
    # A newcomer saw "Nova Lux solo · turn 1" turn into "solo · turn 1" and back.
    for width in (60, 80, 100, 120):
        s = RULES.setup(1, 3, {})
        titles: set[str] = set()
        for _ in range(60):
            mover = RULES.to_move(s)
            line = turn_lines.top_line(s, mover, 0, ["You"], width)
            titles.add(line.split(" · turn ")[0])
            if mover is None:
                break
            RULES.apply(s, RULES.legal_actions(s)[-1])
        assert len(titles) == 1, (width, titles)
