"""Via Nebula's table in sentences (games/via_nebula/words.py), as the lines front end says it."""

from __future__ import annotations

from via_nebula_helpers import RULES, site, work

from tui_games.games.via_nebula import words
from tui_games.games.via_nebula.board import KIND, NAME
from tui_games.games.via_nebula.components import RESOURCES, token_type
from tui_games.games.via_nebula.state import FREE

NAMES = ["Ada", "Bo"]


def test_piles_are_said_with_and_not_plus_signs() -> None:
    s = RULES.setup(2, 3, {})
    site(s, "B3", 0, "WWS")
    s.storage[0] = [1, 0, 0, 2, 0]
    table = words.table(s, 0, NAMES)
    assert "Supply: 14 wood, 14 stone, 14 clay, 14 wheat and 18 food." in table[-2]
    assert "storage 1 wood and 2 wheat" in table[0]
    assert "B3 (2 wood and 1 stone)" in table[0]
    assert not any("+ " in line for line in table if "contracts" not in line.lower())
    assert words.hand(s, 0, NAMES)[-1] == "Your storage: 1 wood and 2 wheat."


def test_where_you_can_act_is_told_by_what_you_can_do_there_in_map_order() -> None:
    s = RULES.setup(2, 3, {})
    line = words.table(s, 0, NAMES)[-1]
    assert line.startswith("You can act at 41 hexes: a craftsman on A6, B2, B4, ")
    assert "; a building site on B3, B6, B7, D4, " in line
    assert "; explore C2, C5, C6, D1, " in line
    kinds = line.split(": ", 1)[1]
    told = {word.strip(",.;") for word in kinds.split() if word[:1].isupper()}
    assert told >= set(words._acting(s, 0))


def test_look_a_resource_names_every_hex_it_can_be_had_from() -> None:
    s = RULES.setup(2, 3, {})
    work(s, "C1", "W", 2, owner=1)
    lines = words.place(s, 0, NAMES, "wood")
    assert lines is not None and lines[0].startswith("Wood on the map: ")
    assert "C1: 2 wood, Bo's craftsman" in lines[0]
    wood = RESOURCES.index("wood")
    makers = [
        NAME[h]
        for h in range(len(NAME))
        if KIND[h] not in ("ruin", "fog", "forest")
        and (
            (s.tokens[h] != FREE and token_type(s.tokens[h]) == wood)
            or (s.res_count[h] and s.res_kind[h] == wood)
        )
    ]
    assert makers and all(f"{name} " in lines[0] or f"{name}:" in lines[0] for name in makers)
    assert words.place(s, 0, NAMES, "stones") == words.place(s, 0, NAMES, "stone")


def test_look_a_resource_nobody_can_get_says_so() -> None:
    s = RULES.setup(2, 3, {})
    clay = RESOURCES.index("clay")
    for h in range(len(NAME)):
        if s.tokens[h] != FREE and token_type(s.tokens[h]) == clay:
            s.tokens[h] = FREE
        if s.res_kind[h] == clay:
            s.res_kind[h], s.res_count[h] = FREE, 0
    assert words.place(s, 0, NAMES, "clay") == [
        "No clay on the map: no token makes it and no pile of it lies out."
    ]
