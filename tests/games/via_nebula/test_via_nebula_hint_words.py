"""Via Nebula hints say why in the game's words: a transport brings a site closer to a
contract the seat may erect ("1 short of the Windmill"), erecting names its power."""

from __future__ import annotations

from via_nebula_helpers import RULES, card, explore, hx, quiet, site, work

from tui_games.engine.bots.hint import Hint, fits, hint_text
from tui_games.games import get_game
from tui_games.games.via_nebula.components import CONTRACTS, token_vp
from tui_games.games.via_nebula.hint_words import outlook, short, why
from tui_games.games.via_nebula.state import (
    Discard,
    Erect,
    Explore,
    Pass,
    PlaceCraftsman,
    PlaceSite,
    Transport,
    ViaNebulaState,
)


def _wheat_to_d4(letters: str) -> tuple[ViaNebulaState, Transport]:
    s = quiet(3)
    s.display = [card("Cabin"), card("Kiln"), card("Well"), card("Windmill")]
    s.hands[0] = []
    work(s, "F3", "H", 2)                     # wheat on F3, the chain F3 - E3 - D4
    explore(s, "E3")
    return s, Transport(hx("F3"), site(s, "D4", 0, letters))


def test_a_transport_says_how_short_the_site_then_is_of_the_closest_contract() -> None:
    s, move = _wheat_to_d4("")
    assert why(s, 0, move) == "the site is then 1 short of the Windmill (1 stone)"


def test_a_transport_that_completes_a_contract_says_to_erect_it() -> None:
    s, move = _wheat_to_d4("S")
    assert why(s, 0, move) == "the site then holds all the Windmill needs: erect it for 2 VP"


def test_a_transport_names_a_contract_the_carried_resource_is_part_of() -> None:
    # Issue 31, played: clay to a site holding stone read "the site is then 1 short of the
    # Well (1 food)"; the Well takes no clay. Wheat here: the Well (stone + food) is as
    # near as before, the Town Hall (wood, stone, clay, wheat) nearer.
    s, move = _wheat_to_d4("S")
    s.display = [card("Well"), card("Town Hall")]
    assert why(s, 0, move) == "the site is then 2 short of the Town Hall (1 wood and 1 clay)"


def test_a_private_contract_in_the_seats_own_hand_counts_too() -> None:
    s, move = _wheat_to_d4("")
    s.display = [card("Cabin"), card("Kiln"), card("Well"), card("Pottery")]
    s.hands[0] = [card("Alchemist's House")]   # W S H: the wheat is one of three
    assert why(s, 0, move) == (
        "the site is then 2 short of the Alchemist's House (1 wood and 1 stone)")


def test_erecting_names_the_buildings_power() -> None:
    s = quiet(3)
    at = site(s, "D4", 0, "SH")
    assert why(s, 0, Erect(at, card("Windmill"))) == "its power: extra actions"


def test_the_outlook_is_the_estimated_lead_in_vp() -> None:
    assert outlook(quiet(3), 0, 0.5 + 3 / 30) == (
        "Expect to end about 3 VP ahead of your best rival.")


def test_a_craftsman_takes_the_tokens_vp_and_names_a_contract_needing_its_resource() -> None:
    """The rulebook: "I grab the token ... I place three Wood resources right where I put
    my craftsman"."""
    s = quiet(3)
    s.display = [card("Cabin"), card("Kiln"), card("Well"), card("Windmill")]
    s.hands[0] = [card("Alchemist's House")]
    wood = next(h for h, t in enumerate(s.tokens) if 0 <= t < 20 and t // 4 == 0
                and t % 4 == 0)  # a 3-wood token worth 2 VP
    assert why(s, 0, PlaceCraftsman(wood)) == (
        "the token's 2 VP are yours; the Alchemist's House needs wood")
    s.hands[0] = []
    assert why(s, 0, PlaceCraftsman(wood)) == "the token's 2 VP are yours; the Cabin needs wood"


def test_exploring_says_the_tile_opens_a_path_for_transports() -> None:
    """The rulebook: a resource is transported along "a path of empty meadow spaces"."""
    assert why(quiet(3), 0, Explore(hx("E3"))) == (
        "its meadow tile opens a path for transports to your sites")


def test_a_site_names_the_cheapest_contract_it_can_take_and_a_pass_ends_the_turn() -> None:
    """Issue 31: building sites and Pass had no reason. A new site starts empty, so the
    contract it is nearest to is the one that needs fewest resources (then most VP)."""
    s = quiet(3)
    s.display = [card("Kiln"), card("Windmill"), card("Well"), card("Pottery")]
    s.hands[0] = []
    ruin = next(a for a in RULES.legal_actions(s) if isinstance(a, PlaceSite))
    cheapest = min(s.display, key=lambda c: (sum(CONTRACTS[c].needs), -CONTRACTS[c].vp))
    contract = CONTRACTS[cheapest]
    assert why(s, 0, ruin).startswith(
        f"your transports can then bring it what the {contract.name} needs (")
    assert why(s, 0, ruin).endswith(f") for {contract.vp} VP")
    assert why(s, 0, Pass()) == "ends your turn with nothing lost"
    s.storage[0] = [1, 1, 0, 0, 0]
    assert why(s, 0, Discard(0)) == "frees room in your storage (1 left in it)"


def test_a_one_vp_token_is_yours_in_the_singular() -> None:
    """Issue 31 (a newcomer's game): "the token's 1 VP are yours" read wrong."""
    s = quiet(3)
    s.display = [card("Cabin"), card("Kiln"), card("Well"), card("Windmill")]
    s.hands[0] = []
    one = next(h for h, t in enumerate(s.tokens) if 0 <= t < 20 and token_vp(t) == 1
               and t // 4 == 0)  # a wood token worth 1 VP: the Cabin needs wood
    assert why(s, 0, PlaceCraftsman(one)) == "the token's 1 VP is yours; the Cabin needs wood"


def test_erecting_the_fifth_building_says_it_brings_the_end() -> None:
    """Issue 31 (a newcomer's game): the 5th building ended the game a turn later with
    no warning; its hint named only the power. The 4th still names the power."""
    s = quiet(3)
    at = site(s, "D4", 0, "SH")
    s.built[0] = [card("Cabin"), card("Kiln"), card("Well")]
    assert why(s, 0, Erect(at, card("Windmill"))) == "its power: extra actions"
    s.built[0].append(card("Pottery"))
    assert why(s, 0, Erect(at, card("Windmill"))) == (
        "your 5th building takes the End-of-Game card (2 VP), then each other seat plays "
        "one last turn")


def test_a_new_sites_four_resources_fit_the_hint_beside_its_move() -> None:
    """Issue 31: "Place a building site on the ruin E2" and "(1 wood and 1 stone and 1
    clay and 1 food)" left the reason no room. The short name and a list with commas
    keep the move and its reason on the status line's two lines."""
    s = quiet(3)
    s.display = [card("Architect's Palace")]
    s.hands[0] = []
    move = PlaceSite(hx("E2"))
    assert short(s, move) == "place a building site on E2"
    reason = why(s, 0, move)
    assert reason == ("your transports can then bring it what the Architect's Palace needs "
                      "(1 wood, 1 stone, 1 clay and 1 food) for 5 VP")
    text = hint_text(get_game("via_nebula"), s, 0, Hint(move, tries=9, share=1.0, rating=0.5))
    assert text == f"Hint: Place a building site on E2: {reason}."
    assert fits(text)


def test_a_site_is_named_by_its_hex_in_a_short_name() -> None:
    s = quiet(3)
    at = site(s, "D4", 0, "SH")
    assert short(s, Erect(at, card("Windmill"))) == "erect the Windmill (2 VP) on D4"


def test_a_transport_keeps_its_reason_and_outlook_in_a_hint() -> None:
    """"Transport 1 wheat from F3 to the site on D4 (half 1)" left no room for the
    outlook beside the reason: the site is named by its hex (the table marks the move)
    and the outlook is said in a few words ("Expect to end ...")."""
    s, move = _wheat_to_d4("")
    text = hint_text(get_game("via_nebula"), s, 0, Hint(move, tries=9, share=1.0, rating=0.6))
    assert text == ("Hint: Transport 1 wheat from F3 to D4: the site is then 1 short of the "
                    "Windmill (1 stone). Expect to end about 3 VP ahead of your best rival.")
    assert fits(text)
