"""Erecting buildings and the contracts' powers (rulebook "Erect a building"; spec "Turn" 6)."""

from __future__ import annotations

import pytest
from via_nebula_helpers import RULES, card, explore, hx, kind, pile, play, quiet, site

from tui_games.engine.core import IllegalAction
from tui_games.games.via_nebula.components import CONTRACTS
from tui_games.games.via_nebula.state import (
    Convert,
    Discard,
    Erect,
    Explore,
    FreeExplore,
    MoveResource,
    PlaceCraftsman,
    SkipPower,
    TakeFromSupply,
)


def _with_display(s, name: str) -> int:  # type: ignore[no-untyped-def]
    """Put contract ``name`` face up in the first display space; its id."""
    c = card(name)
    if c in s.deck:
        s.deck.remove(c)
        s.deck.append(s.display[0])
    s.display[0] = c
    return c


def test_example_black_erects_with_wood_and_stone_and_the_wheat_goes_to_storage() -> None:
    """Black's site holds Stone, Wood and Wheat; the contract asks Wood + Stone. Wood and
    Stone return to the supply, Wheat goes to storage, the site returns to Black's board,
    the power turns his Clay into Food, and a new contract fills the display."""
    s = quiet(3)
    cabin = _with_display(s, "Cabin")
    at = site(s, "D4", 0, "SWH")
    other = site(s, "E5", 0, "C")
    supply = list(s.supply)
    next_card = s.deck[-1]
    assert RULES.describe(s, Erect(at, cabin)).endswith(", 1 wheat to storage")
    play(s, Erect(at, cabin))
    assert "Seat 1 erects the Cabin (2 VP) on the site on D4" in s.log[0].text
    assert s.slot_built[at] and s.slot_res[at] == [0] * 5 and s.sites[0] == 2
    assert s.supply == [supply[0] + 1, supply[1] + 1, *supply[2:]]
    assert s.storage[0] == pile("H")
    assert s.built[0] == [cabin] and dict(RULES.score_rows(s, 0))["contracts"] == 2
    assert s.display[0] == next_card
    assert s.phase == "power" and Convert(other, kind("C"), kind("F")) in RULES.legal_actions(s)
    play(s, Convert(other, kind("C"), kind("F")))
    assert s.slot_res[other] == pile("F") and s.phase == "act"
    assert s.current == 0 and s.actions_left == 1


def test_erecting_from_a_private_contract_in_hand_draws_nothing() -> None:
    s = quiet(3)
    s.hands[0] = [card("Cellar"), card("Farmstead")]
    at = site(s, "D4", 0, "WCF")
    display, deck = list(s.display), list(s.deck)
    play(s, Erect(at, card("Cellar")))
    assert s.hands[0] == [card("Farmstead")] and s.display == display and s.deck == deck


def test_the_requirement_must_be_met_exactly_extra_resources_are_allowed() -> None:
    s = quiet(3)
    bridge = _with_display(s, "Bridge")        # WWSS
    at = site(s, "D4", 0, "WWS")
    assert Erect(at, bridge) not in RULES.legal_actions(s)
    s.slot_res[at] = pile("WWSSC")
    assert Erect(at, bridge) in RULES.legal_actions(s)


def test_a_contract_on_display_is_replaced_and_with_an_empty_deck_its_space_stays_empty() -> None:
    s = quiet(3)
    cabin = _with_display(s, "Cabin")
    s.deck = []
    at = site(s, "D4", 0, "WS")
    play(s, Erect(at, cabin))                  # no other site: the power has no use
    assert s.display[0] == -1


def test_erecting_a_displayed_contract_reveals_a_card_and_so_cannot_be_undone() -> None:
    s = quiet(3)
    cabin = _with_display(s, "Cabin")
    at = site(s, "D4", 0, "WS")
    assert RULES.reveals(s, Erect(at, cabin))
    s.hands[0] = [card("Cellar")]
    assert not RULES.reveals(s, Erect(at, card("Cellar")))


def test_a_power_may_be_declined() -> None:
    s = quiet(3)
    cabin = _with_display(s, "Cabin")
    at = site(s, "D4", 0, "WS")
    other = site(s, "E5", 0, "C")
    play(s, Erect(at, cabin))
    assert SkipPower() in RULES.legal_actions(s)
    play(s, SkipPower())
    assert s.slot_res[other] == pile("C") and s.phase == "act" and s.actions_left == 1


def test_a_power_with_nothing_to_act_on_is_passed_over() -> None:
    s = quiet(3)
    cabin = _with_display(s, "Cabin")          # convert: no other site
    at = site(s, "D4", 0, "WS")
    play(s, Erect(at, cabin))
    assert s.phase == "act" and s.actions_left == 1


def test_during_a_power_only_its_uses_are_legal() -> None:
    s = quiet(3)
    cabin = _with_display(s, "Cabin")
    at = site(s, "D4", 0, "WS")
    site(s, "E5", 0, "C")
    play(s, Erect(at, cabin))
    with pytest.raises(IllegalAction, match="power first"):
        play(s, PlaceCraftsman(hx("B2")))
    with pytest.raises(IllegalAction, match="no contract power"):
        play(quiet(3), SkipPower())


def test_power_extra_action() -> None:
    s = quiet(3)
    windmill = _with_display(s, "Windmill")    # SH, one extra action
    at = site(s, "D4", 0, "SH")
    play(s, Erect(at, windmill))
    assert s.phase == "act" and s.actions_left == 2


def test_power_take_from_the_supply() -> None:
    s = quiet(3)
    workshop = _with_display(s, "Workshop")    # WC
    at = site(s, "D4", 0, "WC")
    other = site(s, "E5", 0)
    play(s, Erect(at, workshop))
    play(s, TakeFromSupply(other, kind("F")))
    assert s.slot_res[other] == pile("F") and s.supply[kind("F")] == 17


def test_power_discard_from_storage() -> None:
    s = quiet(3)
    kiln = _with_display(s, "Kiln")            # SC
    at = site(s, "D4", 0, "SCF")                # the food goes to storage...
    play(s, Erect(at, kiln))
    assert s.storage[0] == pile("F")
    play(s, Discard(kind("F")))                 # ...and straight back to the supply
    assert s.storage[0] == [0] * 5


def test_power_free_exploration_costs_no_action() -> None:
    s = quiet(3)
    lodge = _with_display(s, "Hunting Lodge")  # WF
    at = site(s, "D4", 0, "WF")
    play(s, Erect(at, lodge))
    assert FreeExplore(hx("E3")) in RULES.legal_actions(s)   # next to the building on D4
    stacks = list(s.stacks[0])
    play(s, FreeExplore(hx("E3")))
    assert s.explored[hx("E3")] and s.stacks[0] == [stacks[0] - 1, *stacks[1:]]
    assert s.actions_left == 1 and s.current == 0


def test_power_move_between_sites() -> None:
    s = quiet(3)
    barn = _with_display(s, "Barn")            # WH
    at = site(s, "D4", 0, "WH")
    a = site(s, "E5", 0, "SS")
    b = site(s, "B3", 0)
    play(s, Erect(at, barn))
    play(s, MoveResource(a, b, kind("S")))
    assert s.slot_res[a] == pile("S") and s.slot_res[b] == pile("S")


def test_a_private_contracts_power_may_be_used_twice() -> None:
    s = quiet(3)
    farmstead = card("Farmstead")              # WHHF, supply twice
    s.hands[0] = [farmstead]
    at = site(s, "D4", 0, "WHHF")
    other = site(s, "E5", 0)
    play(s, Erect(at, farmstead), TakeFromSupply(other, kind("S")))
    assert s.phase == "power"
    play(s, TakeFromSupply(other, kind("S")))
    assert s.phase == "act" and s.slot_res[other] == pile("SS")
    assert CONTRACTS[farmstead].uses == 2


def test_a_power_used_with_the_last_action_ends_the_turn_after_it() -> None:
    s = quiet(3)
    cabin = _with_display(s, "Cabin")
    at = site(s, "D4", 0, "WS")
    other = site(s, "E5", 0, "C")
    explore(s, "E3")
    play(s, Explore(hx("C2")), Erect(at, cabin))
    assert s.current == 0 and s.phase == "power"
    play(s, Convert(other, kind("C"), kind("W")))
    assert s.current == 1 and s.actions_left == 2


def test_a_forest_after_an_extra_action_leaves_one_action() -> None:
    """Edition note: a forest costs two actions, whatever the turn holds."""
    s = quiet(3)
    windmill = _with_display(s, "Windmill")
    at = site(s, "D4", 0, "SH")
    play(s, Erect(at, windmill))                # 1 spent, 1 gained: 2 left
    play(s, Explore(hx("F6")))                  # the forest F6 touches the meadow F5
    assert s.current == 1
    s = quiet(3)
    s.actions_left = 3
    play(s, Explore(hx("F6")))
    assert s.current == 0 and s.actions_left == 1
