"""The cards as data: space cards, star cards, 24 factions, six federations."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from tui_games.games.nova_lux.board import (
    BLACK_HOLE,
    CARD_CELLS,
    CARD_NEIGHBOURS,
    FACE_DECK,
    NEUTRON_STAR,
    SPACE_DUST,
    WORMHOLE,
)
from tui_games.games.nova_lux.cards import (
    ARTIFACTS,
    COMPARES_PLAYERS,
    FACTIONS,
    FEDERATIONS,
    HYDROGEN,
    LIFE,
    OXYGEN,
    RED,
    RED_IDS,
    STARS,
    WATER,
    YELLOW,
    YELLOW_IDS,
    faction_text,
    federation_text,
    star_text,
)


def test_sixteen_space_cards_4_black_holes_4_wormholes_5_dust_3_neutron_stars() -> None:
    assert Counter(FACE_DECK) == {BLACK_HOLE: 4, WORMHOLE: 4, SPACE_DUST: 5, NEUTRON_STAR: 3}


def test_cards_sit_on_the_cells_whose_row_and_column_are_even() -> None:
    assert len(CARD_CELLS) == 16
    assert all((c // 7) % 2 == 0 and (c % 7) % 2 == 0 for c in CARD_CELLS)
    assert len(CARD_NEIGHBOURS[0]) == 2 and len(CARD_NEIGHBOURS[5]) == 4


def test_sixteen_red_giants_and_sixteen_yellow_stars_with_hydrogen_2_to_6() -> None:
    assert [STARS[i].kind for i in RED_IDS] == [RED] * 16
    assert [STARS[i].kind for i in YELLOW_IDS] == [YELLOW] * 16
    assert all(2 <= star.hydrogen <= 6 for star in STARS)


def test_stars_cost_1_or_2_of_one_resource_and_reward_1_to_3_of_another() -> None:
    for star in STARS:
        assert 1 <= star.cost_n <= 2 and 1 <= star.reward_n <= 3
        assert not set(star.cost) & set(star.reward)
        assert HYDROGEN not in star.cost + star.reward


def test_yellow_stars_cost_less_and_red_giants_reward_more() -> None:
    yellow = [STARS[i] for i in YELLOW_IDS]
    red = [STARS[i] for i in RED_IDS]
    assert max(s.cost_n for s in yellow) == 1
    assert sum(s.reward_n for s in red) > sum(s.reward_n for s in yellow)
    assert sum(s.cost_n for s in red) > sum(s.cost_n for s in yellow)


def test_the_rulebook_harvest_star_is_in_the_deck() -> None:
    """"a harvest cost of 1 life form and a harvest reward of 2 plants"."""
    assert star_text(16) == "yellow star H3: 1 life form -> 2 oxygen"


def test_twenty_four_faction_cards_with_distinct_names() -> None:
    assert len(FACTIONS) == 24 == len({f.name for f in FACTIONS})


def test_the_rulebooks_four_example_factions_are_printed_as_they_are() -> None:
    reavers, brokers, smiths, choir = FACTIONS[:4]
    assert (reavers.ability, reavers.ability_args, reavers.attack_any_turn) == (
        "on_win", (LIFE,), True)
    assert (reavers.requirement, reavers.requirement_args) == ("others_below", (LIFE, 7))
    assert (brokers.ability, brokers.ability_args) == ("exchange", (WATER, ARTIFACTS))
    assert brokers.requirement_args == ((WATER, 14), (ARTIFACTS, 14))
    assert smiths.ability_args == ((HYDROGEN,), (WATER, ARTIFACTS, LIFE, OXYGEN))
    assert (smiths.requirement, smiths.requirement_args) == ("colony_next_to", (NEUTRON_STAR,))
    assert (choir.ability, choir.ability_args) == ("on_gain", (WATER,))
    assert choir.requirement_args == ((WATER, 14),)


def test_factions_use_only_the_rulebooks_symbols() -> None:
    assert {f.ability for f in FACTIONS} == {"exchange", "convert", "on_gain", "on_win"}
    assert {f.requirement for f in FACTIONS} == {"levels", "others_below", "most",
                                                "colony_next_to", "colony_on"}
    for f in FACTIONS:
        if f.requirement == "levels":
            assert all(0 < n <= 14 for _, n in f.requirement_args)


def test_a_solo_game_has_enough_factions_that_do_not_compare_with_others() -> None:
    assert len(COMPARES_PLAYERS) == 6
    assert len(FACTIONS) - len(COMPARES_PLAYERS) >= 3


def test_faction_texts_read_as_cards() -> None:
    assert faction_text(1) == ("Tide Brokers: exchange 1 water <-> 1 artifact; needs water 14, "
                               "artifacts 14")
    assert "1 of any other resource" in faction_text(2)


def test_the_six_printed_federation_cards() -> None:
    assert len(FEDERATIONS) == 6
    assert [f.power for f in FEDERATIONS] == ["teleport", "harvest", "attack", "engine",
                                              "force_trade", "convert"]
    assert FEDERATIONS[1].levels == ((ARTIFACTS, 14), (HYDROGEN, 10), (LIFE, 4))
    assert FEDERATIONS[5].levels == ((LIFE, 14), (OXYGEN, 5), (WATER, 5))
    assert "teleport anywhere" in federation_text(0)


# ---- the in-app rules ------------------------------------------------------------------

RULES_MD = (Path(__file__).resolve().parents[3] / "tui_games" / "games" / "nova_lux"
            / "rules.md").read_text(encoding="utf-8")


def test_the_rules_start_with_the_goal_then_your_turn_in_five_lines() -> None:
    brief = RULES_MD.split("## Your turn in brief", 1)[1].split("##", 1)[0]
    goal, steps = brief.strip().split("\n\n", 1)
    assert goal.startswith("**To win:** found a colony"), "the goal first (issue 31)"
    assert [line[:2] for line in steps.split("\n") if line.strip()] == [
        "1.", "2.", "3.", "4.", "5."]


def test_the_rules_list_every_faction_federation_and_star() -> None:
    flat = " ".join(RULES_MD.split())
    assert all(f.name in flat for f in FACTIONS)
    assert all(f.name in flat for f in FEDERATIONS)
    plural = ("water", "artifacts", "life forms", "oxygen")
    single = ("water", "artifact", "life form", "oxygen")

    def side(options: tuple[int, ...], n: int) -> str:
        return f"{n} " + " or ".join((single if n == 1 else plural)[r] for r in options)

    for star in STARS:
        assert (f"{star.hydrogen}: {side(star.cost, star.cost_n)} -> "
                f"{side(star.reward, star.reward_n)}") in flat


def test_the_rules_have_edition_notes() -> None:
    notes = RULES_MD.split("## Edition notes", 1)[1]
    assert notes.count("\n- **") >= 12
