"""The six actions of a turn (rulebook "Your Move", A to F; spec "Turn"), by ruling."""

from __future__ import annotations

import pytest
from via_nebula_helpers import (
    RULES,
    empty,
    explore,
    hx,
    kind,
    play,
    quiet,
    random_states,
    site,
    slot,
    work,
)

from tui_games.engine.core import IllegalAction
from tui_games.games.via_nebula.board import EXPLOITATIONS, NAME
from tui_games.games.via_nebula.components import token_amount
from tui_games.games.via_nebula.network import chains
from tui_games.games.via_nebula.state import (
    FREE,
    Erect,
    Explore,
    Pass,
    PlaceCraftsman,
    PlaceSite,
    Transport,
)

# ---- the turn ------------------------------------------------------------------------


def test_a_turn_is_two_actions_and_the_same_action_may_be_repeated() -> None:
    s = quiet(3)
    play(s, PlaceCraftsman(hx("B2")))
    assert s.current == 0 and s.actions_left == 1
    play(s, PlaceCraftsman(hx("C1")))
    assert s.current == 1 and s.actions_left == 2 and s.craftsmen[0] == 0


def test_pass_is_only_offered_when_no_action_is_possible() -> None:
    s = quiet(3)
    assert Pass() not in RULES.legal_actions(s)
    with pytest.raises(IllegalAction, match="only pass"):
        play(s, Pass())


# ---- A: place a craftsman ------------------------------------------------------------


def test_example_blue_places_a_craftsman_on_3_wood_and_takes_the_token() -> None:
    s = quiet(3)
    s.tokens[hx("B2")] = 1  # a wood token: 3 wood, 1 VP
    play(s, PlaceCraftsman(hx("B2")))
    h = hx("B2")
    assert (s.res_kind[h], s.res_count[h], s.craftsman[h]) == (kind("W"), 3, 0)
    assert s.tokens[h] == FREE and s.tokens_won[0] == [1]
    assert s.supply[kind("W")] == 18 - 3


def test_a_craftsman_needs_one_left_on_the_guild_board() -> None:
    s = quiet(3)
    s.craftsmen[0] = 0
    assert not any(isinstance(a, PlaceCraftsman) for a in RULES.legal_actions(s))
    with pytest.raises(IllegalAction, match="no craftsman"):
        play(s, PlaceCraftsman(hx("B2")))


def test_a_craftsman_goes_only_where_a_token_lies() -> None:
    s = quiet(3)
    empty(s, "B2")
    with pytest.raises(IllegalAction, match="token"):
        play(s, PlaceCraftsman(hx("B2")))
    with pytest.raises(IllegalAction):
        play(s, PlaceCraftsman(hx("C2")))  # a fog


def test_when_the_supply_runs_short_what_there_is_is_placed() -> None:
    s = quiet(3)
    s.tokens[hx("B2")] = 3  # 5 wood
    s.supply[kind("W")] = 2
    play(s, PlaceCraftsman(hx("B2")))
    assert s.res_count[hx("B2")] == 2 and s.supply[kind("W")] == 0


def test_with_no_resource_at_all_in_the_supply_the_craftsman_comes_home() -> None:
    s = quiet(3)
    s.tokens[hx("B2")] = 3
    s.supply[kind("W")] = 0
    play(s, PlaceCraftsman(hx("B2")))
    assert s.craftsman[hx("B2")] == FREE and s.craftsmen[0] == 2
    assert s.tokens_won[0] == [3]  # the token still scores


def test_with_two_players_a_token_puts_out_one_fewer_resource() -> None:
    s = quiet(2)
    s.tokens[hx("B2")] = 2  # 4 wood with 3-4 players
    play(s, PlaceCraftsman(hx("B2")))
    assert s.res_count[hx("B2")] == 3 == token_amount(2, 2)


# ---- B: place a building site --------------------------------------------------------


def test_example_black_cannot_place_a_site_on_a_ruin_whose_halves_are_taken() -> None:
    s = quiet(3)
    site(s, "B3", 1)
    site(s, "B3", 2, half=1)
    site(s, "D4", 1)
    offered = {a.hex for a in RULES.legal_actions(s) if isinstance(a, PlaceSite)}
    assert hx("B3") not in offered and hx("D4") in offered and hx("E5") in offered
    with pytest.raises(IllegalAction, match="free place"):
        play(s, PlaceSite(hx("B3")))
    play(s, PlaceSite(hx("D4")))
    assert s.slot_owner[slot("D4", 1)] == 0 and s.sites[0] == 2


def test_one_player_may_hold_both_halves_of_a_ruin() -> None:
    s = quiet(3)
    play(s, PlaceSite(hx("D4")))
    s.current, s.actions_left = 0, 2
    play(s, PlaceSite(hx("D4")))
    assert s.slot_owner[slot("D4")] == s.slot_owner[slot("D4", 1)] == 0


def test_with_two_players_a_site_covers_the_whole_ruin() -> None:
    s = quiet(2)
    site(s, "D4", 1)
    assert PlaceSite(hx("D4")) not in RULES.legal_actions(s)


def test_a_site_needs_one_left_on_the_guild_board() -> None:
    s = quiet(3)
    for name in ("B3", "D4", "E5"):
        site(s, name, 0)
    with pytest.raises(IllegalAction, match="no building site"):
        play(s, PlaceSite(hx("G3")))


def test_sites_on_the_map_must_stay_fewer_than_buildings_left() -> None:
    s = quiet(3)
    s.built[0] = [0, 1, 2]  # 2 buildings left
    site(s, "B3", 0)
    play(s, PlaceSite(hx("D4")))  # 1 site < 2 buildings: allowed
    s.current, s.actions_left = 0, 2
    assert not any(isinstance(a, PlaceSite) for a in RULES.legal_actions(s))
    with pytest.raises(IllegalAction, match="more buildings left"):
        play(s, PlaceSite(hx("E5")))


# ---- C and D: explore ------------------------------------------------------------------


def test_fog_may_be_explored_next_to_your_craftsman_site_or_building() -> None:
    s = quiet(3)
    work(s, "B2", "W", 3, owner=0)  # B2 is next to the fog C2
    site(s, "G3", 0)  # G3 is next to the fog H3
    s.slot_owner[slot("F7")] = 0  # a building on F7, next to the fog G7
    s.slot_built[slot("F7")] = True
    offered = {NAME[a.hex] for a in RULES.legal_actions(s) if isinstance(a, Explore)}
    assert {"C2", "H3", "G7"} <= offered


def test_example_black_explores_fog_next_to_an_empty_meadow() -> None:
    """Fog next to an empty meadow (no resources, no token) can be explored by anyone."""
    s = quiet(3)
    offered = {NAME[a.hex] for a in RULES.legal_actions(s) if isinstance(a, Explore)}
    assert "C2" in offered and "E4" in offered  # beside the meadows D2 and D5
    assert "H5" not in offered and "G7" not in offered  # nothing of anyone's nearby


def test_a_worked_exploitation_is_not_an_empty_meadow() -> None:
    s = quiet(3)
    work(s, "G6", "W", 2, owner=1)  # G6 touches the fog G7
    offered = {NAME[a.hex] for a in RULES.legal_actions(s) if isinstance(a, Explore)}
    assert "G7" not in offered
    empty(s, "G6")
    offered = {NAME[a.hex] for a in RULES.legal_actions(s) if isinstance(a, Explore)}
    assert "G7" in offered


def test_exploring_takes_a_tile_from_the_leftmost_stack_with_tiles() -> None:
    s = quiet(3)
    s.stacks[0] = [0, 2, 4, 4]
    play(s, Explore(hx("C2")))
    assert s.explored[hx("C2")] and s.stacks[0] == [0, 1, 4, 4]


def test_emptying_a_stack_reveals_an_explorer_worth_2_vp() -> None:
    s = quiet(3)
    s.stacks[0] = [0, 1, 4, 4]
    play(s, Explore(hx("C2")))
    assert s.explorers(0) == 2
    assert dict(RULES.score_rows(s, 0))["explorers"] == 4
    assert "an explorer is revealed" in s.log[-1].text


def test_with_every_stack_empty_the_reserve_supplies_tiles() -> None:
    s = quiet(3)
    s.stacks[0] = [0, 0, 0, 0]
    before = s.reserve
    play(s, Explore(hx("C2")))
    assert s.reserve == before - 1


def test_with_no_tile_anywhere_nothing_can_be_explored() -> None:
    s = quiet(3)
    s.stacks[0] = [0, 0, 0, 0]
    s.reserve = 0
    assert not any(isinstance(a, Explore) for a in RULES.legal_actions(s))
    with pytest.raises(IllegalAction, match="no meadow tile"):
        play(s, Explore(hx("C2")))


def test_a_petrified_forest_takes_both_actions_and_ends_the_turn() -> None:
    s = quiet(3)
    play(s, Explore(hx("F6")))  # the forest F6 touches the meadow F5
    assert s.current == 1 and s.explored[hx("F6")]


def test_a_petrified_forest_cannot_be_explored_with_one_action_left() -> None:
    s = quiet(3)
    play(s, Explore(hx("C2")))
    assert not any(isinstance(a, Explore) and a.hex == hx("C3") for a in RULES.legal_actions(s))
    with pytest.raises(IllegalAction, match="both actions"):
        play(s, Explore(hx("C3")))


# ---- E: transport -----------------------------------------------------------------------


def test_example_white_takes_blues_last_wheat_and_blue_gets_her_craftsman_back() -> None:
    s = quiet(3)
    work(s, "F3", "H", 1, owner=1)  # Blue works F3, one wheat left
    explore(s, "E3")  # the chain F3 - E3 - D4
    at = site(s, "D4", 0)  # White's site
    assert Transport(hx("F3"), at) in RULES.legal_actions(s)
    play(s, Transport(hx("F3"), at))
    assert s.slot_res[at][kind("H")] == 1
    assert s.craftsman[hx("F3")] == FREE and s.craftsmen[1] == 2
    assert s.res_count[hx("F3")] == 0 and s.res_kind[hx("F3")] == FREE
    assert "craftsman returns to Seat 2" in s.log[-1].text


def test_an_emptied_exploitation_becomes_an_empty_meadow_for_chains() -> None:
    s = quiet(3)
    work(s, "F3", "H", 1, owner=1)
    explore(s, "E3")
    at = site(s, "D4", 0)
    play(s, Transport(hx("F3"), at))
    work(s, "F4", "S", 2)  # F4 - F3 (now empty) - E3 - D4
    s.current, s.actions_left = 0, 2
    assert Transport(hx("F4"), at) in RULES.legal_actions(s)
    assert chains(s, hx("F4"), at)[0] == [hx("F3"), hx("E3")]


def test_a_resource_next_to_the_site_travels_a_chain_of_zero() -> None:
    s = quiet(3)
    work(s, "D3", "S", 3, owner=2)
    at = site(s, "D4", 0)
    assert Transport(hx("D3"), at) in RULES.legal_actions(s)
    assert chains(s, hx("D3"), at) == [[]]


def test_a_chain_is_broken_by_unexplored_fog_and_by_worked_exploitations() -> None:
    s = quiet(3)
    work(s, "F3", "H", 2, owner=1)
    at = site(s, "D4", 0)  # E3 still fog
    assert Transport(hx("F3"), at) not in RULES.legal_actions(s)
    with pytest.raises(IllegalAction, match="empty meadows"):
        play(s, Transport(hx("F3"), at))
    work(s, "G2", "S", 2)  # G2 - F3 (worked) - E3
    explore(s, "E3")
    assert Transport(hx("G2"), at) not in RULES.legal_actions(s)


def test_resources_come_from_any_exploitation_yours_anothers_or_unowned() -> None:
    s = quiet(3)
    work(s, "D3", "S", 3, owner=0)
    work(s, "C4", "W", 3, owner=1)
    explore(s, "E4")
    work(s, "F4", "C", 4)  # unowned (special): F4 - E4 - D4
    site(s, "D4", 0)
    sources = {NAME[a.source] for a in RULES.legal_actions(s) if isinstance(a, Transport)}
    assert {"D3", "C4", "F4"} <= sources


def test_resources_go_only_to_your_own_sites_never_a_rivals_or_a_building() -> None:
    s = quiet(3)
    work(s, "D3", "S", 3, owner=0)
    theirs = site(s, "D4", 1)
    assert not any(isinstance(a, Transport) and a.slot == theirs for a in RULES.legal_actions(s))
    with pytest.raises(IllegalAction):
        play(s, Transport(hx("D3"), theirs))
    mine = site(s, "D4", 0, half=1)
    s.slot_built[mine] = True
    with pytest.raises(IllegalAction):
        play(s, Transport(hx("D3"), mine))


def test_a_site_has_no_orientation_resources_arrive_from_any_side() -> None:
    s = quiet(3)
    work(s, "D3", "S", 3)
    work(s, "C4", "W", 3)
    at = site(s, "D4", 0)
    sources = {NAME[a.source] for a in RULES.legal_actions(s) if isinstance(a, Transport)}
    assert {"D3", "C4"} <= sources and at >= 0


def test_resources_on_a_site_never_move_again() -> None:
    s = quiet(3)
    at = site(s, "D4", 0, "WS")
    other = site(s, "E5", 0)
    assert not any(
        isinstance(a, Transport) and a.source == hx("D4") for a in RULES.legal_actions(s)
    )
    with pytest.raises(IllegalAction):
        play(s, Transport(hx("D4"), other))
    assert s.slot_res[at] == [1, 1, 0, 0, 0]


def test_the_ui_can_show_the_shortest_chain_and_other_ones() -> None:
    s = quiet(3)
    work(s, "F3", "H", 2)
    explore(s, "E3", "E4")
    empty(s, "F4")
    at = site(s, "D4", 0)
    found = chains(s, hx("F3"), at)
    assert len(found[0]) == 1
    assert {tuple(c) for c in found} >= {(hx("E3"),), (hx("E4"),)}


# ---- F: erect ------------------------------------------------------------------------------


def test_erect_needs_a_site_holding_a_contracts_resources() -> None:
    s = quiet(3)
    at = site(s, "D4", 0, "W")
    s.display[0] = 0  # Cabin: wood + stone
    assert not any(isinstance(a, Erect) for a in RULES.legal_actions(s))
    with pytest.raises(IllegalAction, match="every resource"):
        play(s, Erect(at, 0))


def test_a_transport_is_offered_exactly_when_a_chain_of_empty_meadows_exists() -> None:
    """Over many table positions: every offered transport has a chain to show, and every
    resource with a chain to one of the mover's sites is offered."""
    checked = 0
    for seed in range(8):
        for s in random_states(seed, 2 + seed % 3, every=5)[:-1]:
            if s.phase != "act":
                continue
            offered = {
                (a.source, a.slot) for a in RULES.legal_actions(s) if isinstance(a, Transport)
            }
            me = s.current
            for at, owner in enumerate(s.slot_owner):
                if owner != me or s.slot_built[at]:
                    continue
                for source in EXPLOITATIONS:
                    if s.res_count[source]:
                        assert ((source, at) in offered) == bool(chains(s, source, at))
                        checked += 1
    assert checked > 200
