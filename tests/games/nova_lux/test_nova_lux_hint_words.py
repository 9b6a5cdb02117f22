"""Nova Lux hints say why in the game's words: what the seat's colony (7 of every
resource, the rulebook's first objective) then lacks, or that it can be founded."""

from __future__ import annotations

import random

from nova_lux_helpers import RULES, card, cell, new, put_star, res

from tui_games.games.nova_lux.board import CARD_CELLS, CELL_NAMES
from tui_games.games.nova_lux.cards import FACTIONS, HYDROGEN, OXYGEN, WATER, requirement_text
from tui_games.games.nova_lux.describe import star_at
from tui_games.games.nova_lux.hint_words import outlook, short_text, shortfall, why
from tui_games.games.nova_lux.state import (
    NONE,
    AdjustOffer,
    Attack,
    DropOffer,
    MoveTo,
    NovaLuxState,
    Pass,
    Pick,
    SendOffer,
    StartTrade,
    StoreStar,
    TakeHydrogen,
)


def _turn(resources: str) -> NovaLuxState:
    s = new(2, ships=("C3", "G6"), blank=True, offers="off")
    put_star(s, "G7", 5)
    s.res[0] = res(resources)
    return s


def test_the_colony_shortfall_lists_the_largest_gaps_first() -> None:
    s = _turn("W5 A7 L6 O7 H7")
    assert shortfall(s, 0) == [(WATER, 2), (2, 1)]
    assert short_text(shortfall(s, 0)) == "2 water and 1 life form"


def test_taking_hydrogen_says_what_the_colony_then_lacks() -> None:
    s = _turn("W5 A7 L7 O7 H5")
    assert why(s, 0, TakeHydrogen(card("G7"))) == (
        "your colony (7 of each) then lacks 2 water and 1 hydrogen")


def test_the_move_that_completes_the_sevens_says_to_found_the_colony() -> None:
    s = _turn("W7 A7 L7 O7 H6")
    assert why(s, 0, TakeHydrogen(card("G7"))) == (
        "you then hold 7 of every resource: found your colony")
    assert s.res[0][HYDROGEN] == 6  # the hint worked on a copy


def test_the_outlook_counts_resources_and_factions_not_a_percentage() -> None:
    """Issue 31: "9% of the way to winning" taught nothing. Alone, the search's figure reads
    back as the colony's resources (hard.progress: 0.35 for all 35), then factions."""
    solo = new(1, ships=("C3",), blank=True)
    assert outlook(solo, 0, 0.2) == (
        "By the bot's reckoning, by the end of next turn you hold about 20 of the 35 "
        "resources your colony needs (7 of each).")
    assert outlook(solo, 0, 0.5 + 0.5 / 3).endswith(
        "you have your colony and about 1 of the 3 factions you must complete.")
    assert outlook(new(2), 0, 0.6) == (
        "By the bot's reckoning you are then a little ahead of your best rival.")
    assert outlook(new(2), 0, 0.3).endswith("well behind your best rival.")
    assert "%" not in outlook(new(2), 0, 0.51) + outlook(solo, 0, 0.9)


def test_every_move_a_hint_may_name_has_a_reason_in_the_games_words() -> None:
    """Issue 31: "The bot's usual move here." came where why() had nothing to say (the
    turn's hydrogen or a harvest emptying a star, a full engine, a pass, an attack)."""
    kinds = set()
    for players, seed in ((1, 3), (3, 4)):
        s = RULES.setup(players, seed, {})
        rng = random.Random(seed)
        for _ in range(250):
            seat = RULES.to_move(s)
            if seat is None:
                break
            view = RULES.observe(s, seat)
            for a in RULES.legal_actions(view):
                kinds.add(type(a).__name__)
                assert why(view, seat, a), RULES.describe(view, a)
            RULES.apply(s, rng.choice(RULES.legal_actions(s)))
    assert {"TakeHydrogen", "Harvest", "StoreStar", "Pass"} <= kinds


def test_the_hydrogen_that_empties_a_star_still_says_what_the_colony_lacks() -> None:
    s = _turn("W5 A7 L7 O7 H5")
    put_star(s, "G7", 5, hydrogen=1)  # its last hydrogen: the star collapses, unseen
    assert RULES.reveals(s, TakeHydrogen(card("G7")))
    assert why(s, 0, TakeHydrogen(card("G7"))) == (
        "your colony (7 of each) then lacks 2 water and 1 hydrogen")


def test_an_attack_names_the_resources_the_dice_are_added_to() -> None:
    s = new(2, ships=("C3", "C3"), blank=True)
    s.res[0], s.res[1] = res("W5 A4 L7 O7 H7"), res("W2 A9 L9 O9 H9")
    assert why(s, 0, Attack(1)) == (
        "a die each plus your lowest resource (4) against their lowest (2): "
        "the higher total takes resources from the other")


def test_letting_an_ability_go_and_storing_a_star_say_what_they_keep_or_give() -> None:
    s = _turn("W5 A7 L7 O7 H7")
    assert why(s, 0, Pass()) == "keeps what you hold: the ability goes unused this time"
    assert why(s, 0, StoreStar(NONE)) == "keeps your engine's stars as they are"
    s.store_seat, s.store_star = 0, 3  # a red giant: 1 oxygen -> 2 water
    assert why(s, 0, StoreStar(0)) == (
        "your engine can then turn 1 oxygen and 1 hydrogen into 2 water, "
        "which your colony lacks")


def test_keeping_a_faction_in_the_draft_names_its_requirement() -> None:
    """The rulebook: "satisfy the requirements of each of your faction cards"."""
    s = RULES.setup(2, 1, {})
    pick = next(a for a in RULES.legal_actions(s) if isinstance(a, Pick))
    faction = FACTIONS[pick.faction]
    assert why(s, RULES.to_move(s), pick) == (
        f"to complete it later you need {requirement_text(faction)}")


def test_a_move_names_the_star_it_reaches_and_what_its_harvest_pays_the_colony() -> None:
    """Issue 31: moves and trades had no reason. A red giant paying water ("Harvest: take
    hydrogen ... gain the reward") is where a colony short of water goes."""
    s = _turn("W5 A7 L7 O7 H7")  # G7: a red giant whose harvest pays 3 water a hydrogen
    assert why(s, 0, MoveTo(cell("G7"))) == (
        f"takes the Ark to {star_at(s, card('G7'))}: its harvest pays 3 water a hydrogen, "
        "which your colony lacks")
    bare = CELL_NAMES[CARD_CELLS[0]]
    assert why(s, 0, MoveTo(cell(bare))) == (
        f"takes the Ark to {bare} (no star to harvest there)")


def test_a_trade_says_what_the_colony_lacks_once_it_is_made() -> None:
    s = new(2, ships=("C3", "C3"), blank=True)
    s.res[0] = res("W5 A7 L7 O9 H7")
    s.res[1] = res("W9 A1 L1 O1 H1")
    assert why(s, 0, StartTrade(1)) == (
        "opens an offer to Seat 2, who holds 9 water that your colony lacks")
    RULES.apply(s, StartTrade(1))
    assert why(s, 0, AdjustOffer(True, OXYGEN, True)) == (
        "the offer then gives 1 oxygen for nothing")
    for give, kind in ((True, OXYGEN), (True, OXYGEN), (False, WATER), (False, WATER)):
        RULES.apply(s, AdjustOffer(give, kind, True))
    assert why(s, 0, SendOffer()) == "if accepted, you then hold what your colony asks"
    assert why(s, 0, DropOffer()) == "keeps what you hold: no offer is made"
