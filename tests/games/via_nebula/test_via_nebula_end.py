"""The end of the game and the final scoring (rulebook "Game Over", "Time to Add Up")."""

from __future__ import annotations

from via_nebula_helpers import RULES, card, hx, kind, pile, play, quiet, site, work

from tui_games.engine.core import is_detail
from tui_games.games.via_nebula.final_score import leftover
from tui_games.games.via_nebula.state import (
    FREE,
    Erect,
    Explore,
    Pass,
    PlaceCraftsman,
    SkipPower,
    ViaNebulaState,
)
from tui_games.games.via_nebula.view import (
    board_lines,
    boards_text,
    leftover_rows,
    sites_line,
    top_line,
)
from tui_games.games.via_nebula.words import table


def _four_built(s: ViaNebulaState, seat: int) -> None:
    s.built[seat] = [card(n) for n in ("Architect's Palace", "Architect's Cathedral",
                                       "Architect's Academy", "Bridge")]


def _fifth_ready(players: int = 3) -> tuple[ViaNebulaState, int]:
    s = quiet(players)
    _four_built(s, 0)
    s.hands[0] = [card("Cellar")]
    at = site(s, "D4", 0, "WCF")
    return s, at


def test_the_fifth_building_ends_the_turn_at_once_and_takes_the_end_card() -> None:
    s, at = _fifth_ready()
    play(s, Erect(at, card("Cellar")))          # the first action of the turn
    assert s.end_card == 0 and s.current == 1 and s.actions_left == 2


def test_the_fifth_buildings_power_may_still_be_used_before_the_turn_ends() -> None:
    s, at = _fifth_ready()
    play(s, Erect(at, card("Cellar")))          # nothing in storage to discard
    assert s.current == 1
    s2, at2 = _fifth_ready()
    s2.storage[0] = pile("WW")
    play(s2, Erect(at2, card("Cellar")))
    assert s2.phase == "power" and s2.current == 0
    play(s2, SkipPower())
    assert s2.current == 1


def test_an_extra_action_from_the_fifth_building_is_lost() -> None:
    s = quiet(3)
    _four_built(s, 0)
    windmill = card("Windmill")
    s.hands[0] = [windmill]
    at = site(s, "D4", 0, "SH")
    play(s, Erect(at, windmill))
    assert s.current == 1


def test_every_other_player_takes_one_last_turn_then_the_game_ends() -> None:
    s, at = _fifth_ready(3)
    play(s, Erect(at, card("Cellar")))
    play(s, PlaceCraftsman(hx("B2")), PlaceCraftsman(hx("C1")))   # seat 2's last turn
    assert RULES.to_move(s) == 2
    play(s, PlaceCraftsman(hx("B4")), PlaceCraftsman(hx("C4")))   # seat 3's last turn
    assert RULES.to_move(s) is None and RULES.outcome(s) is not None


def test_a_later_fifth_building_ends_that_turn_but_the_end_card_stays() -> None:
    s, at = _fifth_ready(3)
    play(s, Erect(at, card("Cellar")))
    _four_built(s, 1)
    s.hands[1] = [card("Farmstead")]
    other = site(s, "E5", 1, "WHHF")
    play(s, Erect(other, card("Farmstead")))
    assert s.end_card == 0 and RULES.to_move(s) == 2


def test_left_over_resources_on_sites_and_own_exploitations_go_to_storage() -> None:
    s, at = _fifth_ready(2)
    site(s, "E5", 1, "WW")
    work(s, "B2", "H", 2, owner=1)
    work(s, "C1", "C", 3)                       # unowned: stays on the map
    play(s, Erect(at, card("Cellar")))
    play(s, Explore(hx("C2")), Explore(hx("E4")))
    assert RULES.to_move(s) is None
    assert s.storage[0] == [0] * 5
    assert s.storage[1] == [2, 0, 0, 2, 0]
    assert s.craftsman[hx("B2")] == FREE and s.res_count[hx("C1")] == 3


def test_final_score_tokens_contracts_explorers_end_card_minus_storage() -> None:
    s, at = _fifth_ready(2)
    s.tokens_won[0] = [0, 1, 4]                 # 2 + 1 + 2 VP
    s.stacks[0] = [0, 0, 3, 3]
    s.storage[0] = pile("S")
    play(s, Erect(at, card("Cellar")), SkipPower())     # 3 VP; the stone is kept
    play(s, Explore(hx("C2")), Explore(hx("E4")))
    outcome = RULES.outcome(s)
    assert outcome is not None
    rows = dict(row for row in outcome.breakdown[0] if not is_detail(row[0]))
    assert rows == {"exploitation tokens": 5, "contracts": 5 + 5 + 5 + 4 + 3,
                    "explorers": 4, "End-of-Game card": 2, "resources in storage": -1}
    # each line explained under it: tokens by their VP, each contract, each resource kept
    details = dict(row for row in outcome.breakdown[0] if is_detail(row[0]))
    assert details["  tokens worth 2 VP"] == 4 and details["  tokens worth 1 VP"] == 1
    assert details["  Cellar"] == 3 and details["  stone"] == -1
    assert outcome.counted(0) == outcome.scores[0]


def test_hand_contracts_left_over_do_not_count() -> None:
    s = quiet(2)
    assert dict(RULES.score_rows(s, 0))["contracts"] == 0 and s.hands[0]


def test_a_tie_goes_to_fewer_resources_in_storage() -> None:
    """Rulebook: "In case of a tie, the player with the least resources in storage will be
    declared the winner."
    """
    s = quiet(2)
    s.tokens_won = [[0, 0], [0]]                # 4 VP and 2 VP
    s.storage = [pile("WW"), [0] * 5]           # 2 - 0 ... both score 2
    s.phase, s.ended_by = "over", "testing"
    out = RULES.outcome(s)
    assert out is not None and out.scores == [2, 2] and out.winners == [1]
    assert "fewer resources in storage" in out.reason
    assert out.decided_by == ("Seat 2 won on the tie-break (tied on 2 VP): fewer resources "
                              "in storage (0 against 2)")


def test_a_tie_in_storage_too_is_a_shared_win() -> None:
    """Rulebook: "If there is still a tie, the tied players will share the win"
    """
    s = quiet(2)
    s.tokens_won = [[0], [4]]
    s.phase, s.ended_by = "over", "testing"
    out = RULES.outcome(s)
    assert out is not None and out.winners == [0, 1] and out.ranks == [1, 1]
    assert "share the victory" in out.reason
    assert out.decided_by == ("A shared win: both players tied on 2 VP and on the "
                              "tie-break, fewer resources in storage (0 each)")


def test_a_whole_round_in_which_nobody_can_act_ends_the_game() -> None:
    """Edition rule: with no action possible for any seat, the game ends without an
    End-of-Game card."""
    s = quiet(2)
    s.craftsmen = [0, 0]
    s.sites = [0, 0]
    s.stacks = [[0] * 4, [0] * 4]
    s.reserve = 0
    assert RULES.legal_actions(s) == [Pass()]
    play(s, Pass())
    assert RULES.to_move(s) == 1
    play(s, Pass())
    assert RULES.to_move(s) is None and s.end_card == FREE
    assert "no seat could act" in RULES.outcome(s).reason  # type: ignore[union-attr]


def test_a_pass_followed_by_an_action_starts_the_count_again() -> None:
    s = quiet(2)
    s.craftsmen[0] = 0
    s.sites[0] = 0
    s.stacks[0] = [0] * 4
    s.reserve = 0
    play(s, Pass(), PlaceCraftsman(hx("B2")), PlaceCraftsman(hx("C1")))
    assert s.passes == 0 and RULES.to_move(s) == 0
    assert s.storage[0] == [0] * 5 and kind("W") == 0


def test_the_header_at_game_over_names_the_last_turn_played_not_one_more() -> None:
    """Issue 31: the look-back's end said "turn 32" where the header said "turn 33": the
    game ends as its last turn closes, and the header counted one turn beyond it."""
    s, at = _fifth_ready(3)
    play(s, Erect(at, card("Cellar")))
    play(s, PlaceCraftsman(hx("B2")), PlaceCraftsman(hx("C1")))
    play(s, PlaceCraftsman(hx("B4")))
    names = ["You", "Bo", "Cy"]
    during = top_line(s, RULES.to_move(s), 0, names, [0, 0, 0], 78)
    play(s, PlaceCraftsman(hx("C4")))  # the final move, closing that last turn
    over = top_line(s, None, 0, names, [0, 0, 0], 78)
    assert "game over" in over
    assert during.split(" · ")[1] == over.split(" · ")[1] == f"turn {s.turn}"


def test_the_board_shows_the_vp_that_resources_left_on_the_map_will_cost_at_the_end() -> None:
    """Issue 31: a newcomer lost 6 VP unseen. The rulebook's end moves what lies on a
    player's sites and exploitations to storage, 1 VP off each; the live score counts
    storage only, so the guild board says what the end will take, in 30 columns."""
    s = quiet(2)
    site(s, "B3", 0, "WWS")
    site(s, "D4", 1, "C")  # another seat's: not this board's
    work(s, "B2", "F", 3, owner=0)
    assert leftover(s, 0) == 6 and leftover(s, 1) == 1
    rows = board_lines(s, 0, "You", 0, True, 30)
    assert rows[-1] == "  map leftovers: -6 VP at end" and all(len(r) <= 30 for r in rows)
    # no row to spare (four boards at 80x24): the sites line says it first
    tight = board_lines(s, 0, "You", 0, True, 30, room=False)
    assert len(tight) == 4 and tight[-1].startswith("  -6 VP at end · sites B3:")
    worker = quiet(2)
    work(worker, "B2", "F", 4, owner=0)  # Learn's first move: no site yet, nothing cut
    assert board_lines(worker, 0, "You", 0, True, 30, room=False)[-1] == (
        "  -4 VP at end · no sites")
    assert leftover_rows(s, 0, False, 0) == set() and leftover_rows(s, 0, False, 3) == {0}
    assert leftover_rows(s, 1, True, 1) == {1} and leftover_rows(s, 1, True, 2) == {0, 1}
    assert "leftovers" not in "".join(board_lines(quiet(2), 0, "You", 0, True, 30))
    assert "6 resources left on sites and exploitations (-6 VP at the end" in " ".join(
        table(s, 0, ["You", "Bo"]))
    before = sum(vp for _, vp in RULES.score_rows(s, 0))
    RULES._finish(s, "the test's end")
    assert sum(vp for _, vp in RULES.score_rows(s, 0)) == before - 6


def test_a_rivals_one_line_board_says_what_its_leftovers_will_cost_at_the_end() -> None:
    """Issue 31: at 80x24 a rival's board read "B Bot 2 12VP built 0/5", and a table that
    read 19-12 ended 21-8. Its one line now gives the rules' leftover figure too, in the
    30 columns the side has, the name going first when the line is too narrow."""
    s = quiet(2)
    site(s, "D4", 1, "CC")
    work(s, "B2", "F", 4, owner=1)
    n = leftover(s, 1)
    assert n == 6
    rows = board_lines(s, 1, "Bot 2", 12, False, 30)
    assert rows == [f"B 12VP -{n} at end, built 0/5"]
    assert board_lines(s, 1, "Bo", 12, False, 30) == [f"B Bo 12VP -{n} at end, built 0/5"]
    assert board_lines(s, 1, "Bot 2", 12, False, 48) == [
        f"B Bot 2   12VP built 0/5 · -{n} VP at end"]
    assert board_lines(s, 0, "You", 3, False, 30) == ["R You      3VP built 0/5"]
    shown = boards_text(s, 0, ["You", "Bot 2"], [0, 12], False, 30).splitlines()
    assert shown[-1] == f"B 12VP -{n} at end, built 0/5"
    assert all(len(row) <= 30 for row in shown)


def test_a_sites_line_too_long_for_its_column_names_the_hexes_then_counts_never_cuts() -> None:
    sites = [("E2", "WH"), ("D4", "SS"), ("H6", "-")]
    assert sites_line("", sites, 30) == "  sites E2:WH D4:SS H6:-"
    assert sites_line("-6 VP at end · ", sites[:2], 30) == "  -6 VP at end · sites E2 D4"
    assert sites_line("-13 VP at end · ", sites, 30) == "  -13 VP at end · 3 sites"
    assert sites_line("-4 VP at end · ", [], 30) == "  -4 VP at end · no sites"
    assert sites_line("", [], 30) == "  sites none on the map"
