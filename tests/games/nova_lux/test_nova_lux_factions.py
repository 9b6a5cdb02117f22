"""Faction abilities (once per player per turn, on any turn), requirements and flipping."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from nova_lux_helpers import RULES, card, cell, flip, new, put_star, quiet, res

from tui_games.engine.core import IllegalAction
from tui_games.games.nova_lux.board import NEUTRON_STAR, WORMHOLE
from tui_games.games.nova_lux.cards import (
    ARTIFACTS,
    FACTIONS,
    HYDROGEN,
    LIFE,
    OXYGEN,
    RED,
    WATER,
    YELLOW,
)
from tui_games.games.nova_lux.factions import requirement_met
from tui_games.games.nova_lux.state import (
    Attack,
    Harvest,
    NovaLuxState,
    Pass,
    TakeHydrogen,
    UseAbility,
)

REAVERS, BROKERS, SMITHS, CHOIR = 0, 1, 2, 3
FUSION, CRIMSON, GATE, NOMADS, SWARM = 10, 11, 13, 22, 7


def table(players: int = 2, offers: str = "on") -> NovaLuxState:
    """Seats on D4 and D4 (and B2...), quiet factions, a yellow star on C3 (1 water ->
    2 artifacts) and one on G7."""
    s = quiet(new(players, ships=("D4", "D4", "B2", "B2", "F6", "F6"), blank=True,
                  offers=offers))
    put_star(s, "C3", 0, 17)
    put_star(s, "G7", 5, 18)
    return s


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    rolls: list[int] = []
    monkeypatch.setattr(RULES, "_die",
                        lambda s: rolls.pop(0) if rolls else 1 + s.rng.randrange(6))
    yield rolls


def test_a_bidirectional_exchange_works_both_ways() -> None:
    s = table()
    s.factions[0] = [BROKERS, 4, 5]
    mine = {a for a in RULES.legal_actions(s) if isinstance(a, UseAbility) and a.slot == 0}
    assert mine == {UseAbility(0, WATER, ARTIFACTS), UseAbility(0, ARTIFACTS, WATER)}
    RULES.apply(s, UseAbility(0, WATER, ARTIFACTS))
    assert s.res[0] == res("W2 A4")


def test_a_one_way_conversion_only_goes_one_way() -> None:
    s = table()
    s.factions[0] = [FUSION, 4, 5]
    mine = {a for a in RULES.legal_actions(s) if isinstance(a, UseAbility) and a.slot == 0}
    assert mine == {UseAbility(0, WATER, HYDROGEN), UseAbility(0, ARTIFACTS, HYDROGEN)}


def test_the_printed_hydrogen_for_any_resource_conversion() -> None:
    s = table()
    s.factions[0] = [SMITHS, 4, 5]
    gets = {a.get for a in RULES.legal_actions(s) if isinstance(a, UseAbility) and a.slot == 0}
    assert gets == {WATER, ARTIFACTS, LIFE, OXYGEN}


def test_one_faction_ability_per_player_per_turn() -> None:
    s = table()
    RULES.apply(s, UseAbility(1, LIFE, OXYGEN))           # Verdant Kin
    assert not any(isinstance(a, UseAbility) for a in RULES.legal_actions(s))
    with pytest.raises(IllegalAction, match="already used an ability"):
        RULES.apply(s, UseAbility(2, WATER, OXYGEN))


def test_the_others_are_offered_an_ability_at_the_end_of_the_turn() -> None:
    s = table()
    RULES.apply(s, TakeHydrogen(card("G7")))
    assert s.phase == "react" and RULES.to_move(s) == 1
    assert Pass() in RULES.legal_actions(s)
    RULES.apply(s, UseAbility(0, ARTIFACTS, LIFE))          # Relic Herders
    assert s.res[1] == res("A2 L4")
    assert s.phase == "turn" and s.current == 1
    assert not s.used[1]                                  # a new turn, a new use


def test_a_pass_lets_the_offer_go() -> None:
    s = table(3)
    RULES.apply(s, TakeHydrogen(card("G7")))
    RULES.apply(s, Pass())
    assert RULES.to_move(s) == 2 and s.phase == "react"
    RULES.apply(s, Pass())
    assert s.phase == "turn" and s.current == 1


def test_the_offer_at_the_end_of_a_turn_can_be_turned_off() -> None:
    s = table(offers="off")
    RULES.apply(s, TakeHydrogen(card("G7")))
    assert s.phase == "turn" and s.current == 1


def test_when_another_player_gains_water_you_gain_1_automatically() -> None:
    s = table()
    s.factions[1] = [CHOIR, 4, 5]
    s.ships[0] = cell("C3")
    RULES.apply(s, Harvest(1, WATER, ARTIFACTS))           # no water gained: nothing
    assert s.res[1][WATER] == 3
    s.factions[0] = [BROKERS, 4, 5]
    RULES.apply(s, UseAbility(0, ARTIFACTS, WATER))
    assert s.res[1][WATER] == 4 and s.used[1]
    assert "Rain Choir" in s.log[-1].text


def test_an_automatic_gain_counts_as_that_turns_ability() -> None:
    s = table()
    s.factions[1] = [CHOIR, 6, 5]
    s.factions[0] = [BROKERS, 4, 5]
    RULES.apply(s, UseAbility(0, ARTIFACTS, WATER))
    assert s.used[1]
    RULES.apply(s, TakeHydrogen(card("G7")))
    assert s.phase == "turn" and s.current == 1              # no offer: already used


def test_your_own_gains_do_not_trigger_your_faction() -> None:
    s = table()
    s.factions[0] = [CHOIR, BROKERS, 5]
    RULES.apply(s, UseAbility(1, ARTIFACTS, WATER))
    assert s.res[0][WATER] == 4


def test_winning_an_attack_takes_1_life_form_from_the_losers_supply(dice: list[int]) -> None:
    s = table()
    s.factions[0] = [REAVERS, 4, 5]
    dice += [5, 5]
    s.res[0] = res("W4 A4 L4 O4 H4")
    RULES.apply(s, Attack(1))
    assert s.res[0][LIFE] == 5 and s.res[1][LIFE] == 2 and s.used[0]


def test_the_reavers_may_attack_on_another_players_turn(dice: list[int]) -> None:
    s = table()
    s.factions[1] = [REAVERS, 4, 5]
    RULES.apply(s, TakeHydrogen(card("G7")))
    assert Attack(0) in RULES.legal_actions(s) and RULES.to_move(s) == 1
    dice += [4, 4]
    RULES.apply(s, Attack(0))
    assert "Seat 2 attacks Seat 1" in s.log[-1].text


def test_an_attack_on_another_players_turn_also_gains_the_reavers_1_life_form(
        dice: list[int]) -> None:
    """Rulebook, Blood Reavers: "When you successfully attack ... Gain 1 Lifeform ... You may
    also launch an attack on another player's turn": the attack and its gain are one use."""
    s = table()
    s.factions[1] = [REAVERS, 4, 5]
    RULES.apply(s, TakeHydrogen(card("G7")))
    lives = s.res[0][LIFE], s.res[1][LIFE]
    dice += [6, 1]
    RULES.apply(s, Attack(0))
    assert s.res[1][LIFE] == lives[1] + 1 and s.res[0][LIFE] == lives[0] - 1
    assert any("Blood Reavers" in e.text for e in s.log[-3:])
    assert s.used[1]


def test_a_fulfilled_faction_loses_its_ability() -> None:
    s = table()
    s.factions[0] = [BROKERS, 4, 5]
    s.done[0][0] = True
    assert not any(isinstance(a, UseAbility) and a.slot == 0 for a in RULES.legal_actions(s))


# ---- requirements -----------------------------------------------------------------------

def with_colony(s: NovaLuxState, seat: int = 0, name: str = "C3", kind: str = YELLOW) -> None:
    s.colony[seat] = card(name)
    s.colony_at[card(name)] = seat
    s.colony_kind[seat] = kind


def test_requirements_count_only_after_the_colony() -> None:
    s = table()
    s.res[0] = res("W14 A14")
    assert not requirement_met(s, 0, FACTIONS[BROKERS])
    with_colony(s)
    assert requirement_met(s, 0, FACTIONS[BROKERS])


def test_a_met_requirement_flips_the_faction_for_good() -> None:
    s = table()
    s.factions[0] = [BROKERS, 4, 5]
    with_colony(s)
    s.res[0] = res("W14 A14")
    RULES.apply(s, UseAbility(1, LIFE, OXYGEN))
    assert s.done[0] == [True, False, False]
    assert "fulfils the Tide Brokers" in s.log[-1].text
    s.res[0] = res("")
    RULES.apply(s, TakeHydrogen(card("G7")))
    assert s.done[0][0]


def test_every_other_players_count_below_7() -> None:
    s = table(3)
    with_colony(s)
    assert requirement_met(s, 0, FACTIONS[REAVERS])
    s.res[2][LIFE] = 7
    assert not requirement_met(s, 0, FACTIONS[REAVERS])


def test_more_than_every_other_player() -> None:
    s = table(3)
    with_colony(s)
    s.res[0][LIFE] = 5
    s.res[1][LIFE] = 5
    assert not requirement_met(s, 0, FACTIONS[SWARM])
    s.res[0][LIFE] = 6
    assert requirement_met(s, 0, FACTIONS[SWARM])


def test_colony_next_to_a_destroyed_card_of_a_face() -> None:
    s = table()
    with_colony(s, name="C3")
    assert not requirement_met(s, 0, FACTIONS[SMITHS])
    flip(s, "C5", NEUTRON_STAR)
    assert requirement_met(s, 0, FACTIONS[SMITHS])
    flip(s, "E5", WORMHOLE)                    # diagonal: not next to
    assert not requirement_met(s, 0, FACTIONS[GATE])


def test_colony_founded_on_a_kind_of_star() -> None:
    s = table()
    with_colony(s, kind=RED)
    assert requirement_met(s, 0, FACTIONS[CRIMSON])
    assert not requirement_met(s, 0, FACTIONS[NOMADS])
