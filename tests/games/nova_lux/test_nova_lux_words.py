"""Nova Lux's table in sentences (games/nova_lux/words.py, hint_words.py), as the lines
front end says them."""

from __future__ import annotations

from nova_lux_helpers import RULES, cell, new, put_star

from tui_games.games.nova_lux import view, words
from tui_games.games.nova_lux.board import CARD_AT, CARD_CELLS, CELL_NAMES
from tui_games.games.nova_lux.hint_words import short_text
from tui_games.games.nova_lux.lines import reroll
from tui_games.games.nova_lux.state import NONE, Harvest, MoveTo, NovaLuxState, StoreStar

NAMES = ["Ann", "Bo"]


def _table() -> NovaLuxState:
    s = new(2, ships=("C3", "G6"), blank=True)
    for k, c in enumerate(CARD_CELLS):
        put_star(s, CELL_NAMES[c], k, 16 + k)
    return s


def test_where_you_stand_says_what_the_turn_still_offers_not_the_same_reminder() -> None:
    s = _table()
    assert words.stand(s, 0, NAMES).endswith(
        "Now: harvest, move, engine, colony (each once), then take 1 hydrogen to end."
    )
    s.res[0] = [9, 9, 9, 9, 9]
    emptying = [
        a
        for a in RULES.legal_actions(s)
        if isinstance(a, Harvest) and a.count == s.hydrogen[CARD_AT[cell("C3")]]
    ]
    RULES.apply(s, emptying[0])
    assert words.stand(s, 0, NAMES).endswith(
        "Now: harvest the red giant too, or move, engine, colony, then take 1 hydrogen to end."
    )
    RULES.apply(s, MoveTo(cell("C5")))
    assert words.stand(s, 0, NAMES).endswith(
        "Done this turn: harvested, moved. Now: engine, colony (each once), then take 1 "
        "hydrogen to end."
    )


def test_a_long_shortfall_has_one_and_before_and_more() -> None:
    assert short_text([(0, 6), (1, 2), (2, 1)]) == "6 water, 2 artifacts and more"
    assert short_text([(0, 6), (1, 2)]) == "6 water and 2 artifacts"


def test_a_move_choice_says_what_it_costs_as_the_map_caption_does() -> None:
    """A move may spend every hydrogen held: a listener picking from a list has no map."""
    s = _table()
    paths = view.flights(s, 0, 0)
    for target, (cost, _) in paths.items():
        if target != s.ships[0]:
            assert RULES.describe(s, MoveTo(target)) == (
                f"move to {CELL_NAMES[target]} ({cost} hydrogen)"
            )
    assert RULES.describe(s, MoveTo(cell("C5"))) == "move to C5 (3 hydrogen)"


def test_the_engine_names_its_stars_once_and_look_engine_tells_each_slot() -> None:
    s = _table()
    s.engine[0] = [0, 16]  # a red giant, then a yellow star
    assert "engine: red giant, yellow star." in words.place(s, 0, NAMES, "me")[0]
    told = words.place(s, 0, NAMES, "engine")
    assert told is not None and told[0].startswith("Engine (each run pays")
    assert told[1].startswith("1. red giant: pay ") and told[2].startswith("2. yellow star: pay ")
    assert told[3].startswith("3. empty")
    assert "engine" in words.places(s, NAMES)


def test_several_high_die_rolls_are_told_one_after_another_each_above_the_limit() -> None:
    assert reroll("row", (6, 5, 6, 2)).text == (
        "The row die shows 6, then 5, then 6, each above 4: rolled again, 2."
    )
    assert reroll("column", (5, 3)).text == "The column die shows 5, above 4: rolled again, 3."


def test_storing_a_star_in_a_full_engine_says_which_star_comes_and_which_goes() -> None:
    s = _table()
    s.engine[0] = [0, 16, 1]  # red giant, yellow star, red giant
    s.phase, s.store_star, s.store_seat = "store", 17, 0  # a yellow star waits
    assert RULES.describe(s, StoreStar(1)) == (
        "put the new yellow star in engine slot 2, replacing a yellow star"
    )
    assert RULES.describe(s, StoreStar(0)) == (
        "put the new yellow star in engine slot 1, replacing a red giant"
    )
    assert RULES.describe(s, StoreStar(NONE)) == "discard the new yellow star"
