"""Movement: the cost is set by the cell left; wormholes; neutron stars cannot be entered."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from nova_lux_helpers import RULES, card, cell, flip, new, put_star, res

from tui_games.engine.codec import clone, from_json, to_json
from tui_games.engine.core import IllegalAction
from tui_games.games.nova_lux import legal, movement
from tui_games.games.nova_lux.board import (
    BLACK_HOLE,
    CARD_CELLS,
    CARDS,
    CELL_NAMES,
    CELLS,
    NEUTRON_STAR,
    SPACE_DUST,
    WORMHOLE,
)
from tui_games.games.nova_lux.cards import HYDROGEN
from tui_games.games.nova_lux.state import MoveTo, NovaLuxState


def table(h: int = 14) -> NovaLuxState:
    """Seat 1 on C3 with ``h`` hydrogen; every card a solar system."""
    s = new(2, ships=("C3", "G6"), blank=True)
    for k, c in enumerate(CARD_CELLS):
        put_star(s, CELL_NAMES[c], k, 16 + k)
    s.res[0] = res(f"H{h}")
    return s


def cost(s: NovaLuxState, start: str, to: str) -> int:
    return movement.cheapest(s, cell(start), 99)[cell(to)][0]


def test_leaving_a_solar_system_card_costs_2() -> None:
    s = table()
    assert cost(s, "C3", "C2") == 2


def test_leaving_a_space_between_cards_costs_1() -> None:
    s = table()
    assert cost(s, "B2", "B3") == 1 and cost(s, "B2", "C2") == 1


@pytest.mark.parametrize(("face", "price"), [(WORMHOLE, 1), (SPACE_DUST, 1), (BLACK_HOLE, 5)])
def test_leaving_a_destroyed_card_costs_by_its_face(face: int, price: int) -> None:
    s = table()
    flip(s, "C3", face)
    assert movement.leave_cost(s, cell("C3")) == price
    assert cost(s, "C3", "C2") == price


def test_a_move_pays_each_cell_left_along_the_cheapest_path() -> None:
    s = table()
    RULES.apply(s, MoveTo(cell("E4")))       # C3 (2) -> D3 (1) -> D4 (1) -> E4
    assert s.res[0][HYDROGEN] == 10 and s.ships[0] == cell("E4")
    assert "via" in s.log[-1].text and "4 hydrogen" in s.log[-1].text


def test_a_move_goes_only_as_far_as_the_hydrogen_pays() -> None:
    s = table(h=2)
    targets = {a.cell for a in RULES.legal_actions(s) if isinstance(a, MoveTo)}
    assert targets == {cell(n) for n in ("C2", "D3", "C4", "B3")}
    with pytest.raises(IllegalAction, match="hydrogen to get there"):
        RULES.apply(s, MoveTo(cell("E3")))


def test_move_only_once_per_turn() -> None:
    s = table()
    RULES.apply(s, MoveTo(cell("C2")))
    with pytest.raises(IllegalAction, match="already moved"):
        RULES.apply(s, MoveTo(cell("C1")))


def test_a_destroyed_neutron_star_cannot_be_entered() -> None:
    s = table()
    flip(s, "E3", NEUTRON_STAR)
    assert cell("E3") not in movement.cheapest(s, cell("C3"), 99)
    with pytest.raises(IllegalAction, match="neutron star"):
        RULES.apply(s, MoveTo(cell("E3")))


def test_from_a_wormhole_a_ship_jumps_to_any_other_wormhole_for_free() -> None:
    s = table(h=0)
    flip(s, "C3", WORMHOLE)
    flip(s, "G7", WORMHOLE)
    targets = {a.cell for a in RULES.legal_actions(s) if isinstance(a, MoveTo)}
    assert targets == {cell("G7")}
    RULES.apply(s, MoveTo(cell("G7")))
    assert s.ships[0] == cell("G7") and s.res[0][HYDROGEN] == 0


def test_a_wormhole_jump_is_part_of_a_longer_move() -> None:
    s = table(h=1)
    flip(s, "C3", WORMHOLE)
    flip(s, "G7", WORMHOLE)
    assert cost(s, "C3", "G6") == 1       # jump to G7, then leave the wormhole for 1


def test_no_neutron_stars_can_ever_cut_off_a_cell_of_the_lattice() -> None:
    """The rulebook's corner rule (swap a blocking neutron star) never has to apply: the
    spaces between cards join every cell to every other."""
    s = table()
    for trio in combinations(range(16), 3):
        for k in range(16):
            s.flipped[k] = k in trio
            s.face[k] = NEUTRON_STAR if k in trio else SPACE_DUST
        assert movement.all_cells_connected(s)


def test_a_colony_card_without_stars_stays_a_solar_system() -> None:
    s = table()
    k = card("C3")
    s.red[k] = s.yellow[k] = -1
    s.colony_at[k] = 0
    assert movement.leave_cost(s, cell("C3")) == 2


def test_move_targets_are_the_cells_the_cheapest_search_reaches() -> None:
    # move_targets (legal moves, on bit masks) and cheapest (paths, for the move and the
    # bots) must agree on every board: random destroyed cards, starts and budgets.
    rng = random.Random(21)
    s = RULES.setup(2, 21, {})
    for _ in range(400):
        s.flipped = [rng.random() < 0.4 for _ in range(CARDS)]
        s.face = [rng.randrange(4) for _ in range(CARDS)]
        start = rng.randrange(CELLS)
        budget = rng.randrange(0, 14)
        expected = tuple(sorted(c for c in movement.cheapest(s, start, budget) if c != start))
        assert movement.move_targets(s, start, budget) == expected


def test_a_move_takes_the_path_and_cost_the_cheapest_search_keeps() -> None:
    # apply finds a move's path with route, which stops the search at the target (and
    # steps straight to a neighbour): the logged path and the price must be cheapest's.
    rng = random.Random(22)
    s = RULES.setup(2, 22, {})
    for _ in range(150):
        s.flipped = [rng.random() < 0.4 for _ in range(CARDS)]
        s.face = [rng.randrange(4) for _ in range(CARDS)]
        start = rng.randrange(CELLS)
        budget = rng.randrange(0, 15)
        found = movement.cheapest(s, start, budget)
        for target in range(CELLS):
            expected = ((found[target][0], movement.path_to(found, target))
                        if target in found else None)
            assert movement.route(s, start, target, budget) == expected


def test_the_listed_moves_are_the_move_targets_on_every_board() -> None:
    # The listing keeps its answers per start, budget and the cells within reach, shared
    # by boards that agree on those: it must agree with move_targets on each board, the
    # same board met again after others included.
    rng = random.Random(23)
    s = RULES.setup(2, 23, {})
    boards = [([rng.random() < 0.4 for _ in range(CARDS)], [rng.randrange(4) for _ in range(CARDS)])
              for _ in range(40)]
    for _ in range(1500):
        s.flipped, s.face = (list(x) for x in rng.choice(boards))
        start = rng.randrange(CELLS)
        budget = rng.randrange(0, 15)
        moves = legal.move_actions(s, start, budget)
        assert tuple(m.cell for m in moves) == movement.move_targets(s, start, budget)


def test_the_board_kept_beside_a_state_never_reaches_a_save_a_clone_or_a_view() -> None:
    s = table()
    RULES.legal_actions(s)
    assert "board_key" in s.__dict__         # kept, so the checks below can fail
    assert b"board_key" not in to_json(s)
    for copy in (clone(s), from_json(to_json(s), NovaLuxState), RULES.observe(s, 0)):
        assert "board_key" not in copy.__dict__
    flip(s, "E5", WORMHOLE)                  # edited by hand: the kept board is not used
    shown = tuple(f for f, up in zip(s.face, s.flipped, strict=True) if up)
    assert movement.board_key(s) == (tuple(s.flipped), shown)
