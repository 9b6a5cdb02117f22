"""Via Nebula's table in sentences (games/via_nebula/words.py), as the lines front end says it."""

from __future__ import annotations

from via_nebula_helpers import RULES, card, hx, play, quiet, site, work

from tui_games.engine.grammar import speak_to
from tui_games.games.via_nebula import words
from tui_games.games.via_nebula.board import KIND, NAME
from tui_games.games.via_nebula.components import RESOURCES, token_type
from tui_games.games.via_nebula.hint_words import why
from tui_games.games.via_nebula.state import FREE, Erect, Explore, PlaceCraftsman

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


def test_a_one_vp_token_is_yours_in_the_singular() -> None:
    s = quiet(3)
    one_vp = next(h for h, t in enumerate(s.tokens) if 0 <= t < 20 and t % 4 == 1)
    assert why(s, 0, PlaceCraftsman(one_vp)).startswith("the token's 1 VP is yours")


def test_an_emptied_meadow_stack_is_told_to_you_in_good_grammar() -> None:
    s = quiet(3)
    s.stacks[0] = [0, 1, 4, 4]
    play(s, Explore(hx("C2")))
    assert speak_to(s.log[-1].text, ["You", "Bo", "Cy"], 0) == (
        "You empty meadow stack 2: an explorer is revealed (2 VP)."
    )


def test_the_end_of_game_card_is_told_to_you_in_good_grammar() -> None:
    s = quiet(3)
    s.built[0] = [
        card(n)
        for n in ("Architect's Palace", "Architect's Cathedral", "Architect's Academy", "Bridge")
    ]
    s.hands[0] = [card("Cellar")]
    at = site(s, "D4", 0, "WCF")
    play(s, Erect(at, card("Cellar")))
    said = [speak_to(e.text, ["You", "Bo", "Cy"], 0) for e in s.log]
    assert (
        "The End-of-Game card (2 VP) goes to you for a 5th building: every other player "
        "plays one last turn."
    ) in said
