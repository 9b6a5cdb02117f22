"""The table's words without the app: the action list at a cell (entries.py), the top and
status lines (turn_lines.py), the side panel and the map's caption (view.py), and where
the map's cursor goes (map_cursor.py)."""

from __future__ import annotations

import random

from nova_lux_helpers import RULES, cell, new, put_star

from tui_games.engine.core import Event
from tui_games.games.nova_lux import entries, lines, turn_lines, view
from tui_games.games.nova_lux.board import CARD_AT, CARD_CELLS, CELL_NAMES, card_by_dice
from tui_games.games.nova_lux.bot import NormalBot
from tui_games.games.nova_lux.cards import (
    FACTIONS,
    RESOURCE_LETTERS,
    RESOURCE_NAMES,
    STARS,
    options_text,
    requirement_text,
)
from tui_games.games.nova_lux.map_cursor import MIDDLE, CursorPlan
from tui_games.games.nova_lux.state import (
    NONE,
    FedConvert,
    ForceTrade,
    FoundColony,
    Harvest,
    MoveTo,
    NovaLuxState,
    Offer,
    Pass,
    Pick,
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
    assert entries.entries_at(s, 0, legal, cell("C3")) == [Pass(), ("force", 1), ("convert", NONE)]
    assert entries.entries_at(s, 0, legal, cell("C5")) == [Pass(), ("convert", NONE)]
    assert entries.entry_of(ForceTrade(1, 2, 0, 4)) == ("force", 1)
    assert entries.entry_of(Pass()) == Pass()


def test_an_offer_being_composed_lists_nothing() -> None:
    s = table()
    s.phase = "compose"
    assert entries.entries_at(s, 0, [StartTrade(1)], cell("C3")) == []


def test_an_entry_names_the_seats_and_what_a_move_costs() -> None:
    s = table()
    assert entries.entry_text(s, MoveTo(cell("C5")), NAMES) == "Move to C5 (3 hydrogen)"
    assert entries.entry_text(s, ("force", 1), NAMES) == ("Force Bo to trade (Trade Fleet)...")
    assert entries.entry_text(s, StartTrade(1), NAMES).startswith("Offer Bo a trade")
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


def test_the_top_line_gives_way_what_the_turn_did_first_the_name_by_width_alone() -> None:
    s = table()
    s.did.append("harvest")
    full = turn_lines.top_line(s, 0, 0, NAMES, 200)
    assert full.startswith("Nova Lux · turn 1 · your turn (harvested) · ")
    assert full.endswith(" hydrogen left in all stars")
    narrow = turn_lines.top_line(s, 0, 0, NAMES, turn_lines.NAME_ROOM - 1)
    assert narrow.startswith("turn 1 · your turn (harvested) · "), "the name: by width"
    shorter = turn_lines.top_line(s, 0, 0, NAMES, len(narrow) - 1)
    assert shorter.startswith("turn 1 · your turn · "), "what the turn did goes first"
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


def test_the_status_line_offers_what_the_list_offers_in_any_order_each_once() -> None:
    """Rulebook: "you can do all of the following 4 actions in any order": a done action
    leaves the line, as it leaves the list; a harvest that emptied a yellow star and the
    engine stay open (the list offers them again) until another action closes them."""
    s = table()
    first = turn_lines.status_text(s, 0, True, NAMES, True)
    assert first.startswith("Your turn: harvest, move, engine, colony (each once), then ")
    s.res[0] = [9, 9, 9, 9, 9]
    emptying = [
        a
        for a in RULES.legal_actions(s)
        if isinstance(a, Harvest) and a.count == s.hydrogen[CARD_AT[cell("C3")]]
    ]
    RULES.apply(s, emptying[0])  # C3's yellow star, emptied
    legal = RULES.legal_actions(s)
    assert s.open_action == "harvest" and any(isinstance(a, Harvest) for a in legal)
    assert turn_lines.status_text(s, 0, True, NAMES, True).startswith(
        "Your turn: harvest the red giant too, or move, engine, colony, then "
    )
    RULES.apply(s, MoveTo(cell("C5")))
    legal = RULES.legal_actions(s)
    assert not any(isinstance(a, (Harvest, MoveTo)) for a in legal), "closed by the move"
    assert turn_lines.status_text(s, 0, True, NAMES, True).startswith(
        "Your turn: engine, colony (each once), then take 1 hydrogen to end."
    )
    s.did += ["engine", "colony"]
    s.open_action = "engine"
    assert turn_lines.still_open(s) == "run the engine again if you like"
    s.open_action = ""
    assert turn_lines.still_open(s) == "all four actions done"
    for text in (turn_lines.status_text(s, 0, True, NAMES, k) for k in (True, False)):
        assert len(text) <= 150, "two status lines at 80x24"


def test_the_top_line_gives_the_goal_first_found_a_colony_then_the_factions() -> None:
    """Rulebook: "SECOND: satisfy the requirements of each of your faction cards. Must
    establish colony first." The goal stays on the top line at 80 columns."""
    s = table()
    assert turn_lines.goal_text(s, 0) == "goal: colony, then 3 factions"
    assert "goal: colony, then 3 factions" in turn_lines.top_line(s, 0, 0, NAMES, 200)
    s.colony[0] = CARD_AT[cell("C3")]
    s.done[0][1] = True
    assert turn_lines.goal_text(s, 0) == "goal: 2 more factions"
    six = new(6, blank=True)
    assert turn_lines.goal_text(six, 0) == "goal: colony, then 2 factions", "2 of 3 at 5-6"
    solo = new(1, ships=("C3",), blank=True)
    solo.dice = [3, 3]
    solo.log.append(lines.ROLL[card_by_dice(3, 3)])
    solo.log.append(Event("The yellow star on E5 dies; its red giant is left."))
    line = turn_lines.top_line(solo, 0, 0, ["You"], 78)
    assert "goal: colony, then 3 factions" in line and "E5 yellow star died" in line, line


def test_the_goal_keeps_one_wording_at_every_width() -> None:
    """Issue 31: the title switched between "win: colony + 3 factions" and "goal: colony,
    then 3 factions" as the line's other parts came and went."""
    solo = new(1, ships=("C3",), blank=True)
    solo.dice = [3, 3]
    solo.log.append(Event("The yellow star on E5 dies; its red giant is left."))
    for width in range(60, 160):
        for s in (solo, table()):
            line = turn_lines.top_line(s, 0, 0, NAMES, width)
            assert turn_lines.goal_text(s, 0) in line and "win:" not in line, (width, line)


def test_i_shows_the_engine_in_words_and_the_panels_letters_legend() -> None:
    """Issue 31: `Engine Y L|O1>A2 · - · -` and `L|O>A | A12 L8` read in words one key
    away. Rulebook: a run of the engine pays the star's cost and 1 hydrogen."""
    s = table()
    s.engine[0] = [16]
    star = STARS[16]
    words = view.engine_words(s, 0)
    assert words[1].startswith(
        f"  1. yellow star: pay {options_text(star.cost, star.cost_n)} and 1 hydrogen, get "
    )
    assert words[2].startswith("  2. empty") and words[3].startswith("  3. empty")
    text = view.details(s, 0, cell("C3"), NAMES)
    assert "\n".join(view.spoken(w) for w in words) in text and text.endswith(view.SHORTHAND)
    for r, letter in enumerate(RESOURCE_LETTERS):
        assert f"{letter} {RESOURCE_NAMES[r]}" in view.SHORTHAND, letter
    for shorthand in ("L|O>A", "O<>H", "A12 L8", "[x]", "Y3", "R5"):
        assert shorthand in view.SHORTHAND


def test_in_words_says_or_and_needs_where_the_panel_has_bars_and_arrows() -> None:
    # Issue 31, played: i showed "convert 1 life form -> 1 water | hydrogen | needs colony
    # founded on a yellow star": one bar meant "or", the next the card's second row.
    s = table()
    s.engine[0] = [next(i for i, star in enumerate(STARS) if len(star.cost) > 1)]
    for fid, faction in enumerate(FACTIONS):
        s.factions[0] = [fid]
        text = view.details(s, 0, cell("C3"), NAMES)
        said = text[: text.index(view.SHORTHAND)]  # the legend explains the letters
        assert "|" not in said and "->" not in said and "<->" not in said, said
        assert f"{faction.name}: " in said and f"; needs {requirement_text(faction)}" in said
    assert " or " in said


def test_the_status_line_stops_offering_the_colony_once_it_stands() -> None:
    # Issue 31, played: turns after the colony was founded still read "Your turn: harvest,
    # move, engine, colony (each once)", while the list never offered a colony again.
    s = table()
    s.res[0] = [9, 9, 9, 9, 9]
    assert any(isinstance(a, FoundColony) for a in RULES.legal_actions(s))
    RULES.apply(s, FoundColony())
    s.did, s.open_action = [], ""  # a later turn of the same seat
    assert not any(isinstance(a, FoundColony) for a in RULES.legal_actions(s))
    assert turn_lines.status_text(s, 0, True, NAMES, True).startswith(
        "Your turn: harvest, move, engine (each once), then take 1 hydrogen to end."
    )
    s.did = ["harvest", "move", "engine"]
    assert turn_lines.still_open(s) == "harvest, move and engine done (your colony stands)"
    s.did = ["harvest", "move", "engine", "colony"]  # founded this very turn
    assert turn_lines.still_open(s) == "all four actions done"


def test_the_map_has_column_letters_and_row_numbers_from_the_cells_names() -> None:
    cols, rows = view.map_rulers()
    assert cols == list("ABCDEFG") and rows == [str(n) for n in range(1, 8)]
    assert CELL_NAMES[cell("E3")] == cols[4] + rows[2]


def test_the_top_lines_title_does_not_flip_between_steps_of_a_game() -> None:
    # A newcomer saw "Nova Lux solo · turn 1" turn into "solo · turn 1" and back.
    for width in (60, 80, 100, 120):
        s = RULES.setup(1, 3, {})
        titles: set[str] = set()
        for _ in range(60):
            mover = RULES.to_move(s)
            line = turn_lines.top_line(s, mover, 0, ["You"], width)
            titles.add(line.startswith("Nova Lux"))
            if mover is None:
                break
            RULES.apply(s, RULES.legal_actions(s)[-1])
        assert len(titles) == 1, (width, titles)


def test_a_mat_line_too_long_for_the_side_panel_goes_on_over_a_second_row_uncut() -> None:
    """Issue 31: at 80 columns (a 42-column side) "Star Misers: +1H if others gain H…" lost
    its requirement and "Engine … R W2>L3…" its third slot to the "…"."""
    s = table()
    misers = next(k for k, f in enumerate(FACTIONS) if f.name == "Star Misers")
    s.factions[0][0] = misers
    s.engine[0] = [16, 17, 3]
    mat = view.mat_text(s, 0, NAMES, 42)
    rows = mat.factions.split("\n") + mat.engine.split("\n")
    assert all(len(row) <= 42 and not row.endswith("…") for row in rows), rows
    assert rows[:2] == ["[ ] Star Misers: +1H if others gain H", "    | most H"]
    engine = view.engine_line(s, 0).removeprefix("Engine ")
    slots = engine.split(" · ")
    assert mat.engine.split("\n")[-1] == f"    · {slots[-1]}"
    assert " ".join(mat.engine.split()) == " ".join(f"Colony none | Engine {engine}".split())


def _bot_game(seed: int) -> tuple[NovaLuxState, str]:
    """A solo game the normal bot plays to its end, and the header's turn at its final
    move."""
    s = RULES.setup(1, seed, {})
    bot = NormalBot(RULES, random.Random(seed))
    during = ""
    while (seat := RULES.to_move(s)) is not None:
        during = turn_lines.top_line(s, seat, 0, ["You"], 200).split(" · ")[1]
        RULES.apply(s, bot.choose(RULES.observe(s, seat), seat))
    return s, during


def test_the_header_at_game_over_names_the_turn_of_the_final_move() -> None:
    """Issue 31: the look-back said "turn 48" where the header said "turn 49". The universe
    runs dry as a turn closes (already counted); a win comes mid-turn (not yet)."""
    for seed, reason in ((0, "no hydrogen"), (2, "completes their factions")):
        s, during = _bot_game(seed)
        assert reason in s.end_reason
        over = turn_lines.top_line(s, None, 0, ["You"], 200)
        assert "game over" in over and over.split(" · ")[1] == during, (seed, over, during)


def test_the_top_line_says_hydrogen_in_words_at_80_columns() -> None:
    """Issue 31, played at 80x24: the title ended "· 71 H", a letter the newcomer had to
    guess. Where the word fits beside the goal it is said; the letter stays only where
    the dice's cause would be lost."""
    s = table()
    left = view.hydrogen_left(s)
    line = turn_lines.top_line(s, 0, 0, NAMES, 78)  # the title's room at 80 columns
    assert f" · {left} hydrogen left" in line and "goal: " in line, line
    solo = new(1, ships=("C3",), blank=True)
    solo.dice = [3, 3]
    solo.log += [lines.ROLL[card_by_dice(3, 3)], lines.YELLOW_DIES[card_by_dice(3, 3)]]
    line = turn_lines.top_line(solo, 0, 0, ["You"], 78)
    assert "E5 yellow star died" in line, line  # why a cell changed outranks the word


def test_the_draft_list_reads_each_faction_without_arrows_or_bars() -> None:
    """Issue 31, played at 80x24: a new game opens on the draft, whose list read
    "exchange 1 water <-> 1 artifact" and "convert 1 hydrogen -> 1 oxygen"; the "In
    words" panel and the lines front end say "for ..., either way" and "to"."""
    s = RULES.setup(2, 1, {})
    picks = [a for a in RULES.legal_actions(s) if isinstance(a, Pick)]
    assert picks
    for faction in range(len(FACTIONS)):
        text = entries.entry_text(s, Pick(faction), NAMES)
        assert text.startswith(f"{FACTIONS[faction].name}: "), text
        assert not any(mark in text for mark in ("->", "<-", "|")), text
    tide = next(i for i, f in enumerate(FACTIONS) if f.name == "Tide Brokers")
    assert entries.entry_text(s, Pick(tide), NAMES) == (
        "Tide Brokers: exchange 1 water for 1 artifact, either way; needs water 14, artifacts 14"
    )
