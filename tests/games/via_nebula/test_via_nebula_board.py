"""The beginner-side map, the tokens and the contracts as data (spec "Components", "Setup")."""

from __future__ import annotations

from collections import Counter

import pytest
from via_nebula_helpers import RULES, hx, quiet, slot, work

from tui_games.games.via_nebula.board import (
    AXIAL,
    EXPLOITATIONS,
    FOGS,
    FORESTS,
    HEX_COUNT,
    INDEX,
    KIND,
    MAP_WIDTH,
    MEADOWS,
    NAME,
    NEIGHBOURS,
    RUINS,
    STEP,
)
from tui_games.games.via_nebula.components import (
    CONTRACTS,
    NEUTRAL,
    POWER_TEXT,
    PRIVATE,
    RESOURCE_LETTERS,
    RESOURCES,
    token_amount,
    token_type,
    token_vp,
)
from tui_games.games.via_nebula.network import Network, bits
from tui_games.games.via_nebula.state import FREE, TILES
from tui_games.games.via_nebula.view import COMPACT_LEGEND, LARGE_LEGEND, caption


def test_about_sixty_playable_hexes_with_24_exploitation_meadows() -> None:
    kinds = Counter(KIND)
    assert 55 <= HEX_COUNT <= 65
    assert kinds["exploitation"] == len(EXPLOITATIONS) == 24
    assert len(FOGS) and len(FORESTS) and len(MEADOWS)


def test_ruins_hold_every_players_buildings() -> None:
    """Two half sites per ruin with 3-4 players, one full site with 2: each seat's five
    buildings always find a place."""
    assert 2 * len(RUINS) >= 4 * 5
    assert len(RUINS) >= 2 * 5


def test_neighbours_are_mutual_and_at_most_six() -> None:
    for h, ns in enumerate(NEIGHBOURS):
        assert len(ns) <= 6 and h not in ns
        for n in ns:
            assert h in NEIGHBOURS[n]
            dq, dr = AXIAL[n][0] - AXIAL[h][0], AXIAL[n][1] - AXIAL[h][1]
            assert (dq, dr) in {(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)}


def test_the_six_directions_lead_back() -> None:
    for h, steps in enumerate(STEP):
        for d, n in enumerate(steps):
            if n is not None:
                assert STEP[n][(d + 3) % 6] == h


def test_hex_names_are_unique_column_letters_and_row_numbers() -> None:
    assert len(set(NAME)) == HEX_COUNT
    assert all(INDEX[name] == h for h, name in enumerate(NAME))
    assert NAME[0][0].isalpha() and NAME[0][1:].isdigit()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_ruin_can_be_connected_to_exploitations_once_everything_is_explored(
        players: int) -> None:
    s = RULES.setup(players, 7, {})
    covered = len(FOGS) + len(FORESTS)
    assert sum(map(sum, s.stacks)) + s.reserve == TILES >= covered
    for h in FOGS + FORESTS:
        s.explored[h] = True
    for h in EXPLOITATIONS:              # every exploitation being worked
        s.tokens[h], s.res_kind[h], s.res_count[h] = FREE, 0, 1
    net = Network(s)
    for ruin in RUINS:
        reached = bits(net.sources(ruin))
        assert len(reached) >= 3, f"ruin {NAME[ruin]} reaches only {reached}"
    reached_by_some = {h for ruin in RUINS for h in bits(net.sources(ruin))}
    assert reached_by_some == set(EXPLOITATIONS)


def test_the_20_normal_tokens_give_3_3_4_5_resources_per_type_worth_2_1_1_0_vp() -> None:
    for kind in range(5):
        tokens = [t for t in range(20) if token_type(t) == kind]
        assert sorted((token_amount(t, 4), token_vp(t)) for t in tokens) == [
            (3, 1), (3, 2), (4, 1), (5, 0)]
        assert sorted(token_amount(t, 3) for t in tokens) == [3, 3, 4, 5]


def test_tokens_give_one_fewer_resource_with_two_players() -> None:
    assert all(token_amount(t, 2) == token_amount(t, 4) - 1 for t in range(20))


def test_33_neutral_and_8_private_contracts_asking_2_to_4_resources() -> None:
    assert len(NEUTRAL) == 33 and len(PRIVATE) == 8
    assert all(2 <= c.size <= 4 for c in CONTRACTS)
    assert len({c.name for c in CONTRACTS}) == len(CONTRACTS)
    assert not any(c.private for c in NEUTRAL) and all(c.private for c in PRIVATE)


def test_a_contract_is_worth_what_it_asks_except_architects() -> None:
    for c in CONTRACTS:
        if c.name.startswith("Architect"):
            assert (c.size, c.vp, c.power) == (4, 5, "")
        else:
            assert c.vp == c.size


def test_most_contracts_carry_a_power_of_a_handful_of_kinds() -> None:
    powers = Counter(c.power for c in CONTRACTS)
    assert set(powers) <= set(POWER_TEXT)
    assert sum(n for p, n in powers.items() if p) > len(CONTRACTS) // 2
    assert len(powers) - 1 == 6


def test_private_contracts_are_a_little_richer() -> None:
    """Their power may be used twice."""
    assert all(c.uses == 2 for c in PRIVATE) and all(c.uses == 1 for c in NEUTRAL)


def test_the_hex_caption_says_your_site_and_your_craftsman_not_yous() -> None:
    s = quiet()
    s.slot_owner[slot("E5")] = 0
    text = caption(s, hx("E5"), ["You", "Bot 2"])
    assert "your site" in text and "You's" not in text
    s.slot_owner[slot("E5")] = 1
    assert "Bot 2's site" in caption(s, hx("E5"), ["You", "Bot 2"])


def test_resources_no_one_works_are_captioned_as_carried_by_anyone_not_free_to_take() -> None:
    # Issue 31, played at 80x24: "D6: 4 wheat, free to take" beside "At D6: nothing to
    # do": the special token's wheat is taken only by carrying it off, by anyone.
    s = quiet()
    work(s, "D6", "H", 4)
    text = caption(s, hx("D6"), ["You", "Bot 2"])
    assert text == "D6: 4 wheat, no craftsman: anyone may carry it"
    work(s, "D6", "H", 4, owner=1)
    assert caption(s, hx("D6"), ["You", "Bot 2"]) == "D6: 4 wheat, Bot 2's craftsman"


def test_the_map_legend_names_every_resource_letter_within_the_map_width() -> None:
    # Issue 31, played: contracts cost "WH", "SCH" and tokens read "3H+1"; nothing on the
    # table said H is wheat and C clay.
    for legend in (COMPACT_LEGEND, LARGE_LEGEND):
        for letter, name in zip(RESOURCE_LETTERS, RESOURCES, strict=True):
            assert f"{letter} {name}" in legend
    assert max(len(line) for line in COMPACT_LEGEND.splitlines()) <= MAP_WIDTH * 5 + 2
