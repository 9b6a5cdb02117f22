"""Nova Lux hints say why in the game's words: what the seat's colony (7 of every
resource, the rulebook's first objective) then lacks, or that it can be founded."""

from __future__ import annotations

from nova_lux_helpers import RULES, card, cell, new, put_star, res

from tui_games.games.nova_lux.board import CARD_CELLS, CELL_NAMES
from tui_games.games.nova_lux.cards import FACTIONS, HYDROGEN, OXYGEN, WATER, requirement_text
from tui_games.games.nova_lux.describe import star_at
from tui_games.games.nova_lux.hint_words import outlook, short_text, shortfall, why
from tui_games.games.nova_lux.state import (
    AdjustOffer,
    DropOffer,
    MoveTo,
    NovaLuxState,
    Pick,
    SendOffer,
    StartTrade,
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


def test_the_outlook_is_the_way_to_winning() -> None:
    solo = new(1, ships=("C3",), blank=True)
    assert outlook(solo, 0, 0.4) == "By the bot's reckoning you are then 40% of the way to winning."
    assert outlook(new(2), 0, 0.6).endswith("10% of the way to winning ahead of your best rival.")


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
