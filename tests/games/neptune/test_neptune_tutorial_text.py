"""Neptune's Learn to play says what its moves are worth: a step that has the player make
a poorer choice, to see it work, says what it costs."""

from __future__ import annotations

from dataclasses import replace

from tui_games.engine.tutorial import script
from tui_games.games import all_games
from tui_games.games.neptune.state import Swap
from tui_games.games.neptune.tutorial import TUTORIAL


def test_the_space_bandit_step_says_what_the_swap_costs() -> None:
    # Issue 31, played: "Try the swap: take the bot's R8 pile" traded the 5-point Bandit
    # trick for a 3-point pile, with no word that this loses 2 points.
    info = all_games()["neptune"]
    stop = next(i for i, step in enumerate(TUTORIAL.steps) if step.accepts(Swap(pile=2)))
    state, _ = script(replace(TUTORIAL, steps=TUTORIAL.steps[:stop]), info.rules, info.bots)
    taken = state.piles[2]
    assert taken.owner != 0 and taken.value < 5
    text = TUTORIAL.steps[stop].text
    assert f"worth {taken.value}" in text
    assert f"costs you {5 - taken.value}" in text


def test_the_farewell_names_where_a_special_this_deal_left_out_is_explained() -> None:
    # Issue 31, played: the default game deals Stationfall, which Learn's deal leaves out
    # and never mentions.
    from tui_games.games.neptune.hints import SPECIAL_HELP
    from tui_games.games.neptune.state import DEFAULT_SPECIALS, STATIONFALL

    assert STATIONFALL in DEFAULT_SPECIALS
    assert "stationfall" not in TUTORIAL.options["specials"].split("+")
    assert "Stationfall" in TUTORIAL.farewell_keys and "cursor" in TUTORIAL.farewell_keys
    assert "SF" in SPECIAL_HELP  # what the cursor's line says of it


def test_learn_calls_a_cards_number_its_strength_as_the_table_does() -> None:
    # Issue 31, played at 80x24: step 15 read "the Jump Gate (power 7)" under the table's
    # own "Jump Gate (strength 7; ...)", two words for one number.
    texts = [TUTORIAL.intro, TUTORIAL.farewell, *(step.text for step in TUTORIAL.steps)]
    assert not [text for text in texts if "power" in text.lower()]
    assert any("Jump Gate (strength 7)" in text for text in texts)
