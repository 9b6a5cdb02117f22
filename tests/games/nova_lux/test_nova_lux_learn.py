"""Nova Lux's Learn says what ends the game (issue 31: a newcomer saw "24 H in all stars"
count down and could not tell what happened at 0)."""

from __future__ import annotations

from nova_lux_helpers import RULES, card, new, put_star

from tui_games.games.nova_lux.cards import FACTIONS, requirement_text
from tui_games.games.nova_lux.interned import ENGINE_SLOTS
from tui_games.games.nova_lux.state import NONE, Pick, StoreStar, TakeHydrogen
from tui_games.games.nova_lux.tutorial import TUTORIAL
from tui_games.games.nova_lux.view import faction_line, short_requirement


def test_learn_says_the_game_is_over_once_no_star_has_hydrogen_as_the_rules_end_it() -> None:
    said = " ".join(step.text for step in TUTORIAL.steps)
    assert "The game is over once no star has any" in said
    s = new(2, ships=("C3", "G6"), blank=True, offers="off")
    put_star(s, "C3", 1, hydrogen=1)  # the universe's last hydrogen
    RULES.apply(s, TakeHydrogen(card("C3")))
    while s.phase == "escape":  # the emptied card turned over as a neutron star: flee
        RULES.apply(s, RULES.legal_actions(s)[0])
    assert s.phase == "over" and s.end_reason == "no hydrogen is left in the universe"


def test_learn_says_how_the_faction_draft_of_a_real_game_is_played() -> None:
    """Issue 31: Learn is a solo deal, which skips the draft every game with others opens
    on. The rulebook: each is dealt 4 faction cards, keeps one and passes the rest to the
    left, until everyone keeps three (the draft's hand is the action list). No key is named:
    the text is the plain-lines front end's too."""
    said = " ".join(step.text for step in TUTORIAL.steps)
    assert "draft: keep 1 of the 4 factions listed, pass the rest left, till you hold 3" in said
    s = RULES.setup(3, 1, {})
    assert s.phase == "draft" and all(len(hand) == 4 for hand in s.hands)
    while s.phase == "draft":
        RULES.apply(s, next(a for a in RULES.legal_actions(s) if isinstance(a, Pick)))
    assert all(len(kept) == 3 for kept in s.factions)


def test_learn_says_what_a_star_does_once_the_engine_is_full_as_the_rules_offer_it() -> None:
    # Issue 31, played: "A 4th star you store in place of one." left a newcomer guessing
    # what a "4th star" was and what else could happen to it.
    said = " ".join(step.text for step in TUTORIAL.steps)
    assert (f"The engine can store {ENGINE_SLOTS} stars: a new one replaces one or is "
            "discarded") in said
    s = new(2, ships=("C3", "G6"), blank=True, offers="off")
    put_star(s, "C3", 1, hydrogen=1)
    put_star(s, "E3", 2, hydrogen=3)
    s.engine[0] = [0, 1, 2]
    RULES.apply(s, TakeHydrogen(card("C3")))  # its last hydrogen: the star comes for the engine
    assert s.phase == "store"
    offered = {a.slot for a in RULES.legal_actions(s) if isinstance(a, StoreStar)}
    assert offered == {*range(ENGINE_SLOTS), NONE}  # in place of each star, or discarded


def test_learn_says_a_factions_line_gives_its_ability_then_its_needs() -> None:
    """Issue 31, played: "A faction's top row" named the card's layout; the panel's line
    "Old Ones: O<>H | W8 A8 L8 O8" has the ability before the bar and the needs after."""
    said = " ".join(step.text for step in TUTORIAL.steps)
    assert "top row" not in said
    assert "A faction's line gives its ability, then its needs" in said
    s = RULES.setup(1, 1, {})
    for slot, fid in enumerate(s.factions[0]):
        for wide, asks in ((True, f"needs {requirement_text(FACTIONS[fid])}"),
                           (False, short_requirement(FACTIONS[fid]))):
            assert faction_line(s, 0, slot, wide).endswith(f" | {asks}")
