"""The Federations variant: each power, usable only while its requirement holds."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from nova_lux_helpers import RULES, cell, flip, new, put_star, quiet, res

from tui_games.games.nova_lux.board import BLACK_HOLE, SPACE_DUST
from tui_games.games.nova_lux.cards import (
    ARTIFACTS,
    DOUBLE_ENGINE,
    FED_CONVERT,
    FED_HARVEST,
    FORCE_TRADE,
    HIGH_ATTACK,
    HYDROGEN,
    LIFE,
    OXYGEN,
    TELEPORT,
    WATER,
)
from tui_games.games.nova_lux.factions import federation_holds
from tui_games.games.nova_lux.state import (
    Attack,
    FedConvert,
    ForceTrade,
    Harvest,
    MoveTo,
    NovaLuxState,
    Teleport,
    UseAbility,
    UseEngine,
)


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    rolls: list[int] = []
    monkeypatch.setattr(RULES, "_die",
                        lambda s: rolls.pop(0) if rolls else 1 + s.rng.randrange(6))
    yield rolls


def table(fed: int, ships: tuple[str, str] = ("D4", "D4")) -> NovaLuxState:
    s = quiet(new(2, ships=ships, blank=True, federations="on", offers="off"))
    s.federation = [fed, (fed + 1) % 6]
    put_star(s, "C3", 0, 16)
    return s


def test_jump_fleet_teleports_for_2_hydrogen_next_to_a_black_hole_with_14_hydrogen() -> None:
    s = table(TELEPORT, ships=("D3", "B2"))
    s.res[0] = res("H14")
    assert not any(isinstance(a, Teleport) for a in RULES.legal_actions(s))
    flip(s, "E3", BLACK_HOLE)
    assert federation_holds(s, 0)
    RULES.apply(s, Teleport(cell("G7")))
    assert s.ships[0] == cell("G7") and s.res[0][HYDROGEN] == 12 and s.used[0]
    assert any(isinstance(a, MoveTo) for a in RULES.legal_actions(s))   # not the move


def test_a_federation_power_shares_the_turns_one_ability() -> None:
    s = table(TELEPORT, ships=("D3", "B2"))
    s.res[0] = res("H14")
    flip(s, "E3", BLACK_HOLE)
    RULES.apply(s, UseAbility(1, LIFE, OXYGEN))
    assert not any(isinstance(a, Teleport) for a in RULES.legal_actions(s))


def test_harvest_guild_pays_1_resource_of_choice_and_2_hydrogen() -> None:
    s = table(FED_HARVEST, ships=("C3", "B2"))
    s.res[0] = res("A14 H10 L0")
    assert not federation_holds(s, 0)
    s.res[0][LIFE] = 4
    RULES.apply(s, Harvest(3, ARTIFACTS, OXYGEN, True))
    assert s.res[0] == res("A13 H11 L4 O9")


def test_war_council_attacks_with_the_highest_resource(dice: list[int]) -> None:
    s = table(HIGH_ATTACK)
    s.res[0] = res("W5 A5 L5 O9 H0")
    assert Attack(1, True) in RULES.legal_actions(s)
    dice += [1, 6]
    RULES.apply(s, Attack(1, True))
    assert "rolls 1 + 9 = 10" in s.log[-1].text and s.plunder_left == 5


def test_engine_union_doubles_the_engine_on_space_dust() -> None:
    s = table(DOUBLE_ENGINE, ships=("C3", "B2"))
    s.res[0] = res("O14 H14")
    s.engine[0] = [16]
    assert not federation_holds(s, 0)
    flip(s, "C3", SPACE_DUST)
    RULES.apply(s, UseEngine(0, LIFE, OXYGEN, True))
    RULES.apply(s, UseEngine(0, LIFE, OXYGEN, True))
    assert s.res[0][LIFE] == 1 and s.res[0][OXYGEN] == 14 and s.res[0][HYDROGEN] == 12
    assert UseEngine(0, LIFE, OXYGEN) not in RULES.legal_actions(s)


def test_trade_fleet_forces_a_1_for_1_trade_of_up_to_7() -> None:
    s = table(FORCE_TRADE)
    s.res[0] = res("W14 A14")
    s.res[1] = res("L9")
    counts = {a.count for a in RULES.legal_actions(s)
              if isinstance(a, ForceTrade) and a.give == WATER and a.get == LIFE}
    assert counts == set(range(1, 8))
    RULES.apply(s, ForceTrade(1, WATER, LIFE, 7))
    assert s.res[0] == res("W7 A14 L10") and s.res[1] == res("W10 L2")


def test_trade_fleet_needs_another_ship_on_the_cell() -> None:
    s = table(FORCE_TRADE, ships=("D4", "B2"))
    s.res[0] = res("W14 A14")
    assert not federation_holds(s, 0)


def test_transmuters_convert_any_number_of_one_resource_into_another() -> None:
    s = table(FED_CONVERT)
    s.res[0] = res("L14 O5 W5")
    RULES.apply(s, FedConvert(LIFE, ARTIFACTS, 6))
    assert s.res[0] == res("L8 O5 W5 A9")
