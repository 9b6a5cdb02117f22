"""Setup by player count (spec "Components" and "Setup"; rulebook 2- and 3-player pages)."""

from __future__ import annotations

import pytest
from via_nebula_helpers import RULES

from tui_games.games.via_nebula.board import EXPLOITATIONS, RUINS
from tui_games.games.via_nebula.components import (
    NEUTRAL_IDS,
    PRIVATE_IDS,
    SUPPLY_PER_TYPE,
)
from tui_games.games.via_nebula.state import FREE, UNUSED


@pytest.mark.parametrize(("players", "craftsmen"), [(2, 3), (3, 2), (4, 2)])
def test_two_craftsmen_each_three_with_two_players(players: int, craftsmen: int) -> None:
    s = RULES.setup(players, 1, {})
    assert s.craftsmen == [craftsmen] * players


@pytest.mark.parametrize(("players", "per_stack"), [(2, 5), (3, 4), (4, 3)])
def test_four_meadow_stacks_of_3_4_or_5_tiles_and_the_rest_in_the_reserve(
        players: int, per_stack: int) -> None:
    s = RULES.setup(players, 1, {})
    assert s.stacks == [[per_stack] * 4 for _ in range(players)]
    assert s.reserve == 60 - 4 * per_stack * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_three_sites_five_buildings_and_an_empty_storage_each(players: int) -> None:
    s = RULES.setup(players, 1, {})
    assert s.sites == [3] * players
    assert all(s.buildings_left(p) == 5 for p in range(players))
    assert s.storage == [[0] * 5 for _ in range(players)]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_private_contracts_each_the_others_back_in_the_box(players: int) -> None:
    s = RULES.setup(players, 3, {})
    dealt = [c for hand in s.hands for c in hand]
    assert all(len(hand) == 2 for hand in s.hands)
    assert len(set(dealt)) == 2 * players and set(dealt) <= set(PRIVATE_IDS)


def test_four_neutral_contracts_face_up_the_rest_shuffled_face_down() -> None:
    s = RULES.setup(3, 3, {})
    assert len(s.display) == 4
    assert sorted(s.display + s.deck) == list(NEUTRAL_IDS)
    other = RULES.setup(3, 4, {})
    assert other.deck != s.deck


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_special_token_removed_the_others_become_resources_at_once(players: int) -> None:
    """Each special token is replaced by 5 resources of its type (4 with 2 or 3 players):
    an exploitation with no craftsman and no VP."""
    s = RULES.setup(players, 5, {})
    specials = [h for h in EXPLOITATIONS if s.tokens[h] == FREE]
    assert len(specials) == 4
    amount = 5 if players == 4 else 4
    assert all(s.res_count[h] == amount and s.craftsman[h] == FREE for h in specials)
    assert len({s.res_kind[h] for h in specials}) == 4
    assert sorted(s.tokens[h] for h in EXPLOITATIONS if s.tokens[h] != FREE) == list(range(20))
    for kind in range(5):
        on_map = sum(s.res_count[h] for h in specials if s.res_kind[h] == kind)
        assert s.supply[kind] == SUPPLY_PER_TYPE - on_map


def test_ruins_take_two_half_sites_with_three_or_four_players_one_with_two() -> None:
    assert RULES.setup(3, 1, {}).slot_owner == [FREE] * (2 * len(RUINS))
    two = RULES.setup(2, 1, {}).slot_owner
    assert two[0::2] == [FREE] * len(RUINS) and two[1::2] == [UNUSED] * len(RUINS)


def test_the_first_seat_begins_with_two_actions() -> None:
    s = RULES.setup(4, 1, {})
    assert RULES.to_move(s) == 0 and s.actions_left == 2 and s.phase == "act"


def test_choose_a_first_player_by_picking_someone_at_random() -> None:
    """Rulebook: "choose a first player ... by picking someone at random"."""
    firsts = {RULES.setup(4, seed, {"first": "random"}).current for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    for seed in range(10):
        s = RULES.setup(3, seed, {"first": "random"})
        assert RULES.to_move(s) == s.current and s.actions_left == 2
        assert f"Seat {s.current + 1} begins" in s.log[-1].text
        assert RULES.setup(3, seed, {"first": "random"}).current == s.current  # from the seed


def test_the_first_player_pick_leaves_the_deal_of_a_seed_as_it_was() -> None:
    a, b = RULES.setup(4, 7, {"first": "random"}), RULES.setup(4, 7, {"first": "seat1"})
    assert (a.hands, a.display, a.deck, a.tokens, a.rng) == (b.hands, b.display, b.deck,
                                                             b.tokens, b.rng)
    assert b.current == 0


def test_the_first_player_option_is_offered_at_random_by_default() -> None:
    spec = {spec.key: spec for spec in RULES.option_specs}["first"]
    assert spec.default == "random"
    assert {value for value, _ in spec.choices} == {"random", "seat1"}


def test_player_counts_outside_two_to_four_are_refused() -> None:
    with pytest.raises(ValueError):
        RULES.setup(5, 1, {})
    with pytest.raises(ValueError):
        RULES.setup(1, 1, {})


def test_the_setup_line_says_what_a_special_token_is_in_learns_one_log_row() -> None:
    """Issue 31: "the special wheat token is out of the game" left a newcomer asking what
    a special token is. The line says it (free to all), and Learn's deal reads it to you
    within the 78 columns step 1 leaves its one log row at 80x24."""
    from tui_games.engine.grammar import speak_to
    from tui_games.games.via_nebula.tutorial import TUTORIAL

    for players in (2, 3, 4):
        for seed in range(12):
            line = RULES.setup(players, seed, {}).log[0].text
            assert "special (free to all) " in line and " token is out." in line, line
    learn = RULES.setup(2, TUTORIAL.seed, dict(TUTORIAL.options)).log[0].text
    spoken = speak_to(learn, ["You", "Bot 2"], 0)
    assert spoken.endswith("You begin.") and len(spoken) <= 78, spoken
