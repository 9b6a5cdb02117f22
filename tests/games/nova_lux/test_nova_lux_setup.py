"""Setup by player count: the dice destroy cards, stars are laid, the secret draft, the Arks."""

from __future__ import annotations

import re

import pytest
from nova_lux_helpers import RULES, cell, new

from tui_games.engine.core import IllegalAction
from tui_games.games.nova_lux import lines
from tui_games.games.nova_lux.board import CARD_CELLS, CELL_NAMES, NEUTRON_STAR, card_by_dice
from tui_games.games.nova_lux.cards import COMPARES_PLAYERS, STARS, YELLOW
from tui_games.games.nova_lux.state import HIDDEN, NONE, Pick, PlaceShip

DICE = re.compile(r"The dice roll (\d) and (\d): ")


@pytest.mark.parametrize(("players", "destroyed"), [(1, 5), (2, 4), (3, 3), (4, 2), (5, 1),
                                                     (6, 0)])
def test_setup_destroys_4_3_2_1_0_cards_with_2_to_6_players_and_5_solo(
        players: int, destroyed: int) -> None:
    for seed in range(5):
        assert sum(RULES.setup(players, seed, {}).flipped) == destroyed


def test_the_destroyed_cards_are_those_the_dice_name_row_then_column() -> None:
    for seed in range(20):
        s = RULES.setup(2, seed, {})
        named = [card_by_dice(int(m[1]), int(m[2])) for e in s.log
                 if (m := DICE.match(e.text))]
        assert {k for k in range(16) if s.flipped[k]} == set(named)


def test_a_die_above_4_is_rolled_again() -> None:
    texts = [e.text for seed in range(10) for e in RULES.setup(2, seed, {}).log]
    rerolls = [t for t in texts if "above 4: rolled again" in t]
    assert rerolls
    assert all(int(t.rsplit(" ", 1)[1].rstrip(".")) <= 4 for t in rerolls)


def test_an_already_destroyed_card_is_rolled_again() -> None:
    for seed in range(200):
        s = RULES.setup(1, seed, {})
        if any("already destroyed: roll again" in e.text for e in s.log):
            assert sum(s.flipped) == 5
            return
    raise AssertionError("no seed rolled a destroyed card twice")


def test_every_face_down_card_gets_a_red_giant_under_a_yellow_star_with_its_hydrogen() -> None:
    s = RULES.setup(3, 4, {})
    for k in range(16):
        if s.flipped[k]:
            assert s.red[k] == s.yellow[k] == NONE and s.hydrogen[k] == 0
        else:
            assert STARS[s.red[k]].kind != YELLOW and STARS[s.yellow[k]].kind == YELLOW
            assert s.hydrogen[k] == STARS[s.yellow[k]].hydrogen
    placed = [s.red[k] for k in range(16)] + [s.yellow[k] for k in range(16)]
    stars = [x for x in placed if x != NONE]
    assert len(stars) == len(set(stars)) == 2 * 13


def test_every_resource_starts_at_3() -> None:
    s = RULES.setup(4, 2, {})
    assert s.res == [[3] * 5 for _ in range(4)]


def test_a_face_down_card_hides_its_face_and_a_destroyed_one_shows_it() -> None:
    s = RULES.setup(2, 3, {})
    view = RULES.observe(s, 0)
    for k in range(16):
        assert view.face[k] == (s.face[k] if s.flipped[k] else HIDDEN)


# ---- the draft -------------------------------------------------------------------------

def test_draft_deals_4_each_pick_one_and_pass_left_until_each_holds_3() -> None:
    s = RULES.setup(3, 5, {})
    assert [len(h) for h in s.hands] == [4, 4, 4]
    first = [list(h) for h in s.hands]
    for seat in range(3):
        assert RULES.to_move(s) == seat
        RULES.apply(s, Pick(s.hands[seat][0]))
    # Each seat now holds what its right-hand neighbour did not keep.
    for seat in range(3):
        assert s.hands[seat] == first[(seat - 1) % 3][1:]
    while s.phase == "draft":
        RULES.apply(s, Pick(s.hands[RULES.to_move(s)][-1]))
    assert [len(f) for f in s.factions] == [3, 3, 3]
    kept = [f for fs in s.factions for f in fs]
    assert len(set(kept)) == 9
    assert s.phase == "place"


def test_draft_picks_are_secret_until_everyone_has_picked() -> None:
    s = RULES.setup(2, 6, {})
    RULES.apply(s, Pick(s.hands[0][0]))
    view = RULES.observe(s, 1)
    assert view.factions[0] == [HIDDEN] and view.hands[0] == [HIDDEN] * 3
    assert "keeps a faction card" in view.log[-1].text
    assert RULES.observe(s, 0).factions[0] == s.factions[0]
    while s.phase == "draft":
        RULES.apply(s, Pick(s.hands[RULES.to_move(s)][0]))
    assert RULES.observe(s, 1).factions == s.factions


def test_you_can_only_keep_a_card_of_your_hand() -> None:
    s = RULES.setup(2, 6, {})
    other = s.hands[1][0]
    with pytest.raises(IllegalAction, match="draft hand"):
        RULES.apply(s, Pick(other))


def test_solo_deals_3_random_factions_that_do_not_compare_with_other_players() -> None:
    deals = set()
    for seed in range(30):
        s = RULES.setup(1, seed, {})
        assert s.mode == "solo" and s.phase == "place"
        assert len(s.factions[0]) == 3 and not set(s.factions[0]) & COMPARES_PLAYERS
        deals.add(tuple(s.factions[0]))
    assert len(deals) > 20


# ---- the Arks ----------------------------------------------------------------------------

def test_arks_are_placed_in_seat_order_anywhere_but_a_neutron_star() -> None:
    s = RULES.setup(2, 7, {})
    while s.phase == "draft":
        RULES.apply(s, Pick(s.hands[RULES.to_move(s)][0]))
    k = next(k for k in range(16) if not s.flipped[k])
    s.flipped[k], s.face[k] = True, NEUTRON_STAR
    assert PlaceShip(CARD_CELLS[k]) not in RULES.legal_actions(s)
    assert RULES.to_move(s) == 0
    RULES.apply(s, PlaceShip(cell("A1") if CARD_CELLS[k] != cell("A1") else cell("B1")))
    assert RULES.to_move(s) == 1
    RULES.apply(s, PlaceShip(cell("D4")))
    assert s.phase == "turn" and s.current == 0


def test_a_solo_player_chooses_where_the_ark_starts() -> None:
    s = RULES.setup(1, 3, {})
    assert len(RULES.legal_actions(s)) == 49 - sum(
        1 for k in range(16) if s.flipped[k] and s.face[k] == NEUTRON_STAR)


def test_the_federations_variant_deals_one_federation_each() -> None:
    s = new(4, federations="on")
    assert len(set(s.federation)) == 4
    assert new(4).federation == []


def test_one_player_is_always_the_solo_game() -> None:
    assert RULES.setup(1, 0, {"mode": "semi"}).mode == "solo"
    assert RULES.setup(2, 0, {"mode": "semi"}).mode == "semi"
    with pytest.raises(ValueError, match="mode"):
        RULES.setup(2, 0, {"mode": "chaos"})
    with pytest.raises(ValueError, match="1 to 6"):
        RULES.setup(7, 0, {})


def test_the_roll_line_says_which_map_row_and_column_the_dice_count() -> None:
    """Issue 31: "The dice roll row 2, column 4: G3." was read as the map's row 2 and
    column D; the dice count only the rows and columns that hold cards."""
    for card in range(16):
        m = re.match(r"The dice roll (\d) and (\d): (\d)\w\w of rows ([\d ]+), (\d)\w\w of "
                     r"columns ([A-G ]+): ([A-G]\d)\.$", lines.ROLL[card].text)
        assert m is not None, lines.ROLL[card].text
        row, col = int(m[1]), int(m[2])
        assert (int(m[3]), int(m[5])) == (row, col) and card_by_dice(row, col) == card
        named = m[6].split()[col - 1] + m[4].split()[row - 1]
        assert named == m[7] == CELL_NAMES[CARD_CELLS[card]]
