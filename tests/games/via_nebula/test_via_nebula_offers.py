"""What the table offers at a hex and the words around it, without a screen: the actions by
hex, those at the cursor, the line over them, the hexes they name, the top and status lines,
the contracts and boards on the side."""

from __future__ import annotations

from via_nebula_helpers import RULES, hx, pile, quiet, slot

from tui_games.games.via_nebula.board import CELL
from tui_games.games.via_nebula.components import CONTRACTS
from tui_games.games.via_nebula.offers import (
    ChainChoice,
    action_hexes,
    by_hex,
    capitalised,
    chain_words,
    highlighted,
    list_title,
    named_hexes,
    next_spot,
    offered_here,
    preview,
)
from tui_games.games.via_nebula.state import Pass, PlaceCraftsman, PlaceSite, Transport
from tui_games.games.via_nebula.view import (
    POWER_SHORT,
    MapCellsMemo,
    boards_text,
    contracts_text,
    hand_lines,
    map_marks,
    status_words,
    top_line,
)

NAMES = ["Ann", "Bob"]


def test_a_transport_is_about_its_meadow_and_its_site_a_pass_about_no_hex() -> None:
    carry = Transport(source=hx("C1"), slot=slot("E1"))
    assert action_hexes(carry) == (hx("C1"), hx("E1"))
    assert action_hexes(PlaceCraftsman(hex=hx("F1"))) == (hx("F1"),)
    assert action_hexes(Pass()) == ()


def test_every_legal_action_is_listed_under_each_of_its_hexes_in_the_rules_order() -> None:
    s = quiet()
    legal = RULES.legal_actions(s)
    found = by_hex(legal)
    for h, actions in found.items():
        assert all(h in action_hexes(a) for a in actions)
        assert actions == [a for a in legal if h in action_hexes(a)]
    assert {h for a in legal for h in action_hexes(a)} == set(found)


def test_the_cursor_hex_offers_its_own_actions_else_those_about_no_hex() -> None:
    s = quiet()
    legal = [PlaceCraftsman(hex=hx("F1")), Pass()]
    found = by_hex(legal)
    assert offered_here(s, legal, found, hx("F1")) == [PlaceCraftsman(hex=hx("F1"))]
    assert offered_here(s, legal, found, hx("E1")) == [Pass()]
    s.phase = "power"
    assert offered_here(s, legal, found, hx("E1")) == legal  # a power: every use


def test_the_line_over_the_list_says_what_enter_does_here() -> None:
    s = quiet()
    here = [PlaceSite(hex=hx("E1"))]
    title = list_title(s, hx("E1"), here, mine=True, list_open=False, over=False)
    assert title == "At E1: 1 choice, ⏎ opens"
    assert list_title(s, hx("E2"), [], mine=True, list_open=False,
                      over=False) == "At E2: nothing to do"
    assert list_title(s, hx("E1"), here, mine=True, list_open=True,
                      over=False) == "At E1: ⏎ plays, esc goes back"
    assert list_title(s, hx("E1"), [Pass()], mine=True, list_open=False,
                      over=False) == "No action is possible anywhere:"
    assert list_title(s, hx("E1"), [], mine=False, list_open=False,
                      over=False) == "Actions (on your turn)"
    assert list_title(s, hx("E1"), [], mine=False, list_open=False,
                      over=True) == "The game is over"


def test_the_map_marks_the_highlighted_actions_hexes_or_the_previews_but_the_cursors() -> None:
    carry = Transport(source=hx("C1"), slot=slot("E1"))
    options = [PlaceCraftsman(hex=hx("F1")), carry]
    assert highlighted(options, 1, list_open=True) == carry
    assert highlighted(options, 1, list_open=False) is None
    assert highlighted(options, 2, list_open=True) is None
    assert named_hexes(options, 1, True, 5, hx("E1")) == {hx("C1"), hx("E1")}
    assert named_hexes(options, None, False, 5, hx("E1")) == {hx("F1"), hx("C1")}
    assert named_hexes(options, None, False, 1, hx("E1")) == {hx("F1")}  # one row shown
    assert chain_words([hx("C1"), hx("E1")]) == " · chain C1-E1"
    assert chain_words([]) == ""


def test_o_turns_through_a_transports_chains_and_another_transport_starts_again() -> None:
    first = Transport(source=hx("C1"), slot=slot("E1"))
    other = Transport(source=hx("F1"), slot=slot("E1"))
    ways = [[1, 2], [3, 4]]
    choice = ChainChoice()
    assert choice.shown(first, ways) == (1, 2)
    choice.next()
    assert choice.shown(first, ways) == (3, 4)
    choice.next()
    assert choice.shown(first, ways) == (1, 2)  # round to the first
    choice.next()
    assert choice.shown(other, ways) == (1, 2)
    assert choice.shown(other, []) == ()


def test_the_map_underlines_the_chain_and_named_hexes_and_flags_where_to_act() -> None:
    marked, flagged = map_marks((hx("C1"),), {hx("E1")}, [hx("F1"), hx("E1")])
    assert marked == {CELL[hx("C1")], CELL[hx("E1")]}
    assert flagged == [CELL[hx("F1")], CELL[hx("E1")]]


def test_the_maps_cells_are_drawn_again_only_for_another_view_size_or_chain() -> None:
    s = quiet()
    memo = MapCellsMemo()
    cells = memo.cells(s, False, frozenset())
    assert memo.cells(s, False, frozenset()) is cells
    assert memo.cells(s, True, frozenset()) is not cells
    chain = frozenset({hx("C1")})
    assert memo.cells(s, True, chain) != memo.cells(s, True, frozenset())
    assert memo.cells(quiet(), True, frozenset()) is not memo.cells(s, True, frozenset())


def test_tab_goes_to_the_next_hex_to_act_on_and_round_to_the_first() -> None:
    assert next_spot({9, 3, 5}, 4) == 5
    assert next_spot({9, 3, 5}, 9) == 3
    assert next_spot(set(), 4) is None


def test_capitalised_keeps_the_rest_of_the_rules_text() -> None:
    assert capitalised("place a craftsman on F1") == "Place a craftsman on F1"
    assert capitalised("") == ""


def test_the_top_line_names_whose_turn_and_every_score() -> None:
    s = quiet()
    line = top_line(s, 0, 0, NAMES, [3, 5], 78)
    assert line == "Via Nebula · turn 1 · your turn, 2 actions left · VP R 3  B 5"
    assert "Ann's turn" in top_line(s, 0, 1, NAMES, [3, 5], 78)
    assert "game over" in top_line(s, None, 0, NAMES, [3, 5], 78)


def test_the_status_line_says_what_the_keyboard_can_do_now() -> None:
    s = quiet()
    assert status_words(s, None, mine=False) == "The game is over."
    assert status_words(s, 1, mine=False) == "Seat 2 is playing."
    assert status_words(s, 0, mine=True).startswith("Your turn, 2 actions left. Tab:")


def test_the_side_lists_the_display_then_the_hand_and_the_viewers_board_first() -> None:
    s = quiet()
    contracts = contracts_text(s, 1, 40).splitlines()
    assert len(contracts) == len(s.display) + len(s.hands[1])
    assert all(line.startswith("hand ") for line in contracts[len(s.display):])
    boards = boards_text(s, 1, NAMES, [3, 5], large=False, width=40).splitlines()
    assert boards[0].startswith("B Bob") and len(boards) == 5  # 4 lines for Bob, 1 for Ann
    assert len(boards_text(s, 1, NAMES, [3, 5], large=True, width=40).splitlines()) == 8


def test_the_side_list_speaks_words_not_codes_and_fits_80_columns() -> None:
    """Issue 31: `move/conv/tile/disc/takex2/tilex2`, `tiles 5555+20 expl 0 store 0` and
    `b0/5 c3 s3` were codes; the side column is 30 wide at 80x24."""
    s = quiet()
    words = set(POWER_SHORT.values())
    assert words == {"", "convert", "+action", "supply", "discard", "explore", "move"}
    for width in (30, 40):
        for line in contracts_text(s, 0, width).splitlines():
            assert len(line) <= width
            assert line.split()[-1].removeprefix("2×") in words | {"Barn"} or "VP" in line
        boards = boards_text(s, 0, NAMES, [3, 5], large=False, width=width).splitlines()
        assert all(len(line) <= width for line in boards)
        assert boards[0] == "R Ann      3VP built 0/5"
        assert boards[1] == f"  left: {s.craftsmen[0]} craftsmen, {s.sites[0]} sites"
        assert boards[2].startswith("  tiles " + " ".join(map(str, s.stacks[0])) + " · ")
        assert "storage 0" in boards[2] and boards[3] == "  sites none on the map"
        assert boards[4] == "B Bob      5VP built 0/5"
    for codes in ("b0/", " c3", "expl ", "store ", "conv", "takex2", "tilex2", "disc"):
        side = contracts_text(s, 0, 30) + boards_text(s, 0, NAMES, [3, 5], False, 30)
        assert codes not in side, codes


def test_the_preview_wraps_each_action_whole_and_counts_the_rest() -> None:
    """Issue 31: "Place a craftsman on C1 (4…" was cut at 80 columns: the closed list
    wraps each action as the open list does, as many as their lines fit."""
    texts = ["Place a craftsman on C1 (4 food, 0 VP)", "Place a building site on E1",
             "Transport 1 wood from C3 to your site on E1 over D2"]
    assert preview(texts, 6, 28) == texts
    assert preview(texts, 4, 28) == [*texts[:2], "... and 1 more"]
    assert preview(texts, 2, 28) == ["... and 3 more"]
    assert preview(texts, 2) == [texts[0], "... and 2 more"], "no width: a line each"


def test_a_hand_contract_keeps_its_name_whole_at_80x24() -> None:
    """Issue 31: "hand SCF 3VP Merchan… 2×supply" at 80 columns (the side is 30 wide). With
    a row to spare the name takes a second line under the rest; without, it keeps the line
    and the power is left to the sheet (c). Only a name longer than the line is cut."""
    for card, contract in enumerate(CONTRACTS):
        two, one = hand_lines(card, 30), hand_lines(card, 30, wrap=False)
        assert all(len(line) <= 30 for line in two + one)
        assert contract.name in "\n".join(two)
        assert contract.name in one[0] or len(f"hand WWSC 5VP {contract.name}") > 30
        assert len(two) == 1 or two[1] == f"     {contract.name}"
    s = quiet()
    hand = s.hands[0]
    long = sum(len(hand_lines(c, 30)) - 1 for c in hand)
    assert len(contracts_text(s, 0, 30, spare=long).splitlines()) == (
        len(s.display) + len(hand) + long)
    assert len(contracts_text(s, 0, 30).splitlines()) == len(s.display) + len(hand)


def test_a_full_storage_shows_its_count_where_its_letters_do_not_fit() -> None:
    """Issue 31 (a newcomer's game over): "tiles 4 5 5 5 · storage…" hid the 6 resources
    that cost 6 VP; at 30 columns the count shows in place of "CCHHFF"."""
    s = quiet()
    s.storage[0] = pile("CCHHFF")
    s.stacks[0] = [4, 5, 5, 5]
    wide = boards_text(s, 0, NAMES, [3, 5], large=False, width=40).splitlines()
    assert wide[2] == "  tiles 4 5 5 5 · storage CCHHFF"
    narrow = boards_text(s, 0, NAMES, [3, 5], large=False, width=30).splitlines()
    assert narrow[2] == "  tiles 4 5 5 5 · storage 6"
