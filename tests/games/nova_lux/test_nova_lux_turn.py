"""The free-order turn: harvest, the biosphere engine, the colony, the mandatory hydrogen."""

from __future__ import annotations

import pytest
from nova_lux_helpers import RULES, card, cell, new, put_star, res

from tui_games.engine.core import IllegalAction
from tui_games.games.nova_lux.board import NEUTRON_STAR, SPACE_DUST
from tui_games.games.nova_lux.cards import HYDROGEN, LIFE, OXYGEN, STARS, WATER
from tui_games.games.nova_lux.describe import describe_action
from tui_games.games.nova_lux.state import (
    NONE,
    EndTurn,
    Escape,
    FoundColony,
    Harvest,
    MoveTo,
    NovaLuxState,
    StoreStar,
    TakeHydrogen,
    UseEngine,
)

EXAMPLE = 16        # the yellow star "1 life form -> 2 oxygen", hydrogen 3
RED_UNDER = 1       # a red giant "1 water -> 2 artifacts", hydrogen 4


def at_star(players: int = 2, **kw: object) -> NovaLuxState:
    """Seat 1's Ark on C3, the example yellow star over a red giant there; a star on G7."""
    s = new(players, ships=("C3", "G6"), blank=True, **kw)
    put_star(s, "C3", RED_UNDER, EXAMPLE)
    put_star(s, "G7", 5)
    return s


def test_rulebook_harvest_example_2_hydrogen_at_1_life_form_each_gives_4_plants() -> None:
    """"reduce the star by 2 and increase your hydrogen by 2, spend 2 life form ... and
    receive 4 plants"."""
    s = at_star()
    RULES.apply(s, Harvest(2, LIFE, OXYGEN))
    assert s.hydrogen[card("C3")] == 1
    assert s.res[0] == res("H5 L1 O7")


def test_a_harvest_takes_at_most_the_hydrogen_on_the_star_and_what_you_can_pay() -> None:
    s = at_star()
    counts = {a.count for a in RULES.legal_actions(s) if isinstance(a, Harvest)}
    assert counts == {1, 2, 3}
    s.res[0][LIFE] = 1
    counts = {a.count for a in RULES.legal_actions(s) if isinstance(a, Harvest)}
    assert counts == {1}
    with pytest.raises(IllegalAction, match="cannot pay"):
        RULES.apply(s, Harvest(2, LIFE, OXYGEN))


def test_a_gain_above_14_is_lost() -> None:
    s = at_star()
    s.res[0] = res("O13")
    RULES.apply(s, Harvest(1, LIFE, OXYGEN))
    assert s.res[0][OXYGEN] == 14


def test_a_harvest_or_engine_run_past_14_says_what_it_loses() -> None:
    """Issue 31: at 14 hydrogen a newcomer harvested and saw no hydrogen come; the list
    now says so before the move (and says nothing while every gain fits)."""
    s = at_star()
    s.res[0] = res("O10 H12")
    assert describe_action(s, Harvest(2, LIFE, OXYGEN)) == (
        "harvest 2 hydrogen: pay 2 life forms, get 4 oxygen")
    s.res[0] = res("O13 H14")
    assert describe_action(s, Harvest(2, LIFE, OXYGEN)) == (
        "harvest 2 hydrogen: pay 2 life forms, get 4 oxygen "
        "(3 oxygen and 2 hydrogen lost: over 14)")
    s.engine[0] = [EXAMPLE]
    assert describe_action(s, UseEngine(0, LIFE, OXYGEN)) == (
        "engine star 1: pay 1 life form and 1 hydrogen, get 2 oxygen "
        "(1 oxygen lost: over 14)")


def test_harvest_only_once_per_turn() -> None:
    s = at_star()
    RULES.apply(s, Harvest(1, LIFE, OXYGEN))
    assert not any(isinstance(a, Harvest) for a in RULES.legal_actions(s))
    with pytest.raises(IllegalAction, match="already harvested"):
        RULES.apply(s, Harvest(1, LIFE, OXYGEN))


def test_no_harvest_away_from_a_star() -> None:
    s = at_star()
    s.ships[0] = cell("B3")
    with pytest.raises(IllegalAction, match="no star"):
        RULES.apply(s, Harvest(1, LIFE, OXYGEN))


def test_the_last_hydrogen_of_a_yellow_star_puts_it_in_the_engine_and_the_red_giant_shows() -> None:
    s = at_star()
    s.res[0] = res("L5")
    RULES.apply(s, Harvest(3, LIFE, OXYGEN))
    k = card("C3")
    assert s.engine[0] == [EXAMPLE] and s.yellow[k] == NONE
    assert s.hydrogen[k] == STARS[RED_UNDER].hydrogen and not s.flipped[k]


def test_in_the_same_harvest_you_may_go_on_into_the_red_giant() -> None:
    s = at_star()
    s.res[0] = res("L5 W5")
    RULES.apply(s, Harvest(3, LIFE, OXYGEN))
    RULES.apply(s, Harvest(1, WATER, STARS[RED_UNDER].reward[0]))
    assert s.hydrogen[card("C3")] == 3
    assert not any(isinstance(a, Harvest) for a in RULES.legal_actions(s))


def test_after_another_action_the_red_giant_waits_for_another_turn() -> None:
    s = at_star()
    s.res[0] = res("L5 W5 H9")
    RULES.apply(s, Harvest(3, LIFE, OXYGEN))
    RULES.apply(s, MoveTo(cell("C2")))
    assert not any(isinstance(a, Harvest) for a in RULES.legal_actions(s))


def test_the_last_hydrogen_of_a_red_giant_collapses_the_card() -> None:
    s = at_star()
    k = card("C3")
    s.yellow[k] = NONE
    s.hydrogen[k] = 1
    s.face[k] = SPACE_DUST
    RULES.apply(s, Harvest(1, WATER, STARS[RED_UNDER].reward[0]))
    assert s.flipped[k] and s.red[k] == NONE and s.engine[0] == [RED_UNDER]
    assert s.ships[0] == cell("C3")            # "otherwise stay where it is"


def test_a_collapsing_neutron_star_sends_the_ship_to_a_neighbouring_cell_for_free() -> None:
    s = at_star()
    k = card("C3")
    s.yellow[k] = NONE
    s.hydrogen[k] = 1
    s.face[k] = NEUTRON_STAR
    before = s.res[0][HYDROGEN]
    RULES.apply(s, Harvest(1, WATER, STARS[RED_UNDER].reward[0]))
    assert s.phase == "escape" and RULES.to_move(s) == 0
    assert {a.cell for a in RULES.legal_actions(s)} == {cell(n) for n in ("C2", "D3", "C4",
                                                                          "B3")}
    RULES.apply(s, Escape(cell("D3")))
    assert s.ships[0] == cell("D3") and s.res[0][HYDROGEN] == before + 1
    assert s.phase == "turn"


def test_a_colony_keeps_its_card_from_collapsing() -> None:
    s = at_star()
    k = card("C3")
    s.yellow[k] = NONE
    s.hydrogen[k] = 1
    s.colony_at[k] = 1
    RULES.apply(s, Harvest(1, WATER, STARS[RED_UNDER].reward[0]))
    assert not s.flipped[k] and s.red[k] == NONE


def full_engine(s: NovaLuxState) -> None:
    s.engine[0] = [2, 3, 4]


def test_a_fourth_engine_star_replaces_one_or_is_discarded() -> None:
    s = at_star()
    full_engine(s)
    s.res[0] = res("L5")
    RULES.apply(s, Harvest(3, LIFE, OXYGEN))
    assert s.phase == "store" and RULES.to_move(s) == 0
    assert len(RULES.legal_actions(s)) == 4
    RULES.apply(s, StoreStar(1))
    assert s.engine[0] == [2, EXAMPLE, 4] and s.phase == "turn"
    # and the harvest may still go on into the red giant
    assert any(isinstance(a, Harvest) for a in RULES.legal_actions(s))


def test_a_discarded_fourth_star_leaves_the_engine_as_it_was() -> None:
    s = at_star()
    full_engine(s)
    s.res[0] = res("L5")
    RULES.apply(s, Harvest(3, LIFE, OXYGEN))
    RULES.apply(s, StoreStar(NONE))
    assert s.engine[0] == [2, 3, 4]


def test_the_engine_pays_the_cost_and_1_hydrogen_for_the_reward() -> None:
    s = at_star()
    s.engine[0] = [EXAMPLE]
    RULES.apply(s, UseEngine(0, LIFE, OXYGEN))
    assert s.res[0] == res("H2 L2 O5")


def test_each_engine_star_runs_as_often_as_you_pay_in_one_activation() -> None:
    s = at_star()
    s.engine[0] = [EXAMPLE, RED_UNDER]
    RULES.apply(s, UseEngine(0, LIFE, OXYGEN))
    RULES.apply(s, UseEngine(0, LIFE, OXYGEN))
    RULES.apply(s, UseEngine(1, WATER, STARS[RED_UNDER].reward[0]))
    assert s.res[0][OXYGEN] == 7 and s.res[0][HYDROGEN] == 0
    assert not any(isinstance(a, UseEngine) for a in RULES.legal_actions(s))


def test_the_engine_is_activated_once_per_turn() -> None:
    s = at_star()
    s.engine[0] = [EXAMPLE]
    RULES.apply(s, UseEngine(0, LIFE, OXYGEN))
    RULES.apply(s, Harvest(1, LIFE, OXYGEN))
    with pytest.raises(IllegalAction, match="already run"):
        RULES.apply(s, UseEngine(0, LIFE, OXYGEN))


def test_a_colony_needs_7_of_every_resource_hydrogen_included() -> None:
    s = at_star()
    s.res[0] = res("W7 A7 L7 O7 H6")
    with pytest.raises(IllegalAction, match="7 or more"):
        RULES.apply(s, FoundColony())
    s.res[0][HYDROGEN] = 7
    RULES.apply(s, FoundColony())
    assert s.colony[0] == card("C3") and s.colony_at[card("C3")] == 0
    assert s.res[0] == res("W7 A7 L7 O7 H7")           # founding costs nothing


def test_a_colony_needs_a_star_you_occupy_that_has_no_colony() -> None:
    s = at_star()
    s.res[0] = res("W7 A7 L7 O7 H7")
    s.colony_at[card("C3")] = 1
    assert FoundColony() not in RULES.legal_actions(s)
    s.colony_at[card("C3")] = NONE
    s.ships[0] = cell("C2")
    assert FoundColony() not in RULES.legal_actions(s)


def test_a_turn_ends_only_by_taking_1_hydrogen_from_any_star() -> None:
    s = at_star(offers="off")
    ends = [a for a in RULES.legal_actions(s) if isinstance(a, TakeHydrogen | EndTurn)]
    assert set(ends) == {TakeHydrogen(card("C3")), TakeHydrogen(card("G7"))}
    RULES.apply(s, TakeHydrogen(card("G7")))
    assert s.res[0][HYDROGEN] == 4 and s.hydrogen[card("G7")] == STARS[5].hydrogen - 1
    assert s.current == 1 and s.turn == 1


def test_taking_the_last_hydrogen_follows_the_harvest_rules() -> None:
    s = at_star()
    k = card("G7")
    s.hydrogen[k] = 1
    s.face[k] = SPACE_DUST
    RULES.apply(s, TakeHydrogen(k))
    assert s.engine[0] == [5] and s.flipped[k]


def test_the_turn_just_ends_when_no_hydrogen_is_left_to_take() -> None:
    s = at_star()
    s.hydrogen = [0] * 16
    assert [a for a in RULES.legal_actions(s) if isinstance(a, TakeHydrogen | EndTurn)] == [
        EndTurn()]
