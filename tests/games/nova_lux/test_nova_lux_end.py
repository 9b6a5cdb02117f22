"""Winning, the solo collapse and loss, semi-cooperative exits, the no-hydrogen ending."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from nova_lux_helpers import RULES, card, new, put_star, quiet, res

from tui_games.games.nova_lux.board import SPACE_DUST
from tui_games.games.nova_lux.state import NONE, EndTurn, NovaLuxState, TakeHydrogen, UseAbility


@pytest.fixture
def dice(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    rolls: list[int] = []
    monkeypatch.setattr(RULES, "_die", lambda s: rolls.pop(0) if rolls else 1 + s.rng.randrange(6))
    yield rolls


def table(players: int = 2, mode: str = "standard") -> NovaLuxState:
    s = quiet(
        new(
            players, ships=("D4", "B2", "B2", "B2", "B2", "B2"), blank=True, mode=mode, offers="off"
        )
    )
    put_star(s, "A1", 0, 17)  # the dice's row 1, column 1
    put_star(s, "G7", 5, 18)
    return s


def ready_to_win(s: NovaLuxState, seat: int, done: int) -> None:
    """``seat`` has a colony on C3, ``done`` factions fulfilled and water and artifacts
    at 14 (Tide Brokers in the last slot)."""
    s.colony[seat] = card("C3")
    s.colony_at[card("C3")] = seat
    s.colony_kind[seat] = "yellow star"
    s.factions[seat] = [4, 5, 1]
    s.done[seat] = [i < done for i in range(3)]
    s.res[seat] = res("W14 A14")


def test_fulfilling_every_faction_after_the_colony_wins_at_once() -> None:
    s = table()
    ready_to_win(s, 0, 2)
    RULES.apply(s, TakeHydrogen(card("G7")))
    outcome = RULES.outcome(s)
    assert s.phase == "over" and outcome is not None and outcome.winners == [0]
    # issue 19: it read "You win; you complete their factions." once names were put in
    assert outcome.reason == "Seat 1 wins: a colony founded, then 3 factions fulfilled."
    # Rulebook: "1st player to satisfy all of their factions, wins."
    assert outcome.decided_by == "Seat 1 fulfilled 3 factions first"


@pytest.mark.parametrize("players", [5, 6])
def test_with_5_or_6_players_2_of_3_factions_win(players: int) -> None:
    s = table(players)
    ready_to_win(s, 0, 1)
    RULES.apply(s, TakeHydrogen(card("G7")))
    assert RULES.outcome(s).winners == [0]


def test_with_4_players_2_of_3_factions_do_not_win() -> None:
    s = table(4)
    ready_to_win(s, 0, 1)
    RULES.apply(s, TakeHydrogen(card("G7")))
    assert s.phase != "over" and sum(s.done[0]) == 2


def test_a_win_on_another_players_turn_also_ends_the_game() -> None:
    s = table()
    ready_to_win(s, 1, 2)
    s.factions[1] = [4, 5, 3]  # the Rain Choir last: water 14
    s.res[1] = res("W13")
    RULES.apply(s, UseAbility(0, 1, 0))  # seat 1 gains water: the Choir answers
    assert RULES.outcome(s).winners == [1]


# ---- solo ---------------------------------------------------------------------------


def test_solo_after_every_turn_two_dice_remove_the_top_star_of_a_card(dice: list[int]) -> None:
    s = table(1)
    dice += [5, 1, 1]  # row 5 rolled again, then 1; column 1: A1
    RULES.apply(s, TakeHydrogen(card("G7")))
    assert s.yellow[card("A1")] == NONE and s.red[card("A1")] == 0
    texts = [e.text for e in s.log[-4:]]
    assert any("rolled again" in t for t in texts)
    assert any("yellow star on A1 dies" in t for t in texts)
    assert s.phase == "turn" and s.current == 0 and s.turn == 1


def test_solo_a_dying_red_giant_flips_its_card(dice: list[int]) -> None:
    s = table(1)
    s.yellow[card("A1")] = NONE
    s.face[card("A1")] = SPACE_DUST
    dice += [1, 1]
    RULES.apply(s, TakeHydrogen(card("G7")))
    assert s.flipped[card("A1")]


def test_solo_a_roll_on_a_destroyed_card_is_safe_for_the_turn(dice: list[int]) -> None:
    s = table(1)
    dice += [2, 2]  # C3: no star on the blank map
    before = (list(s.red), list(s.yellow))
    RULES.apply(s, TakeHydrogen(card("G7")))
    assert (s.red, s.yellow) == before
    assert "safe this time" in s.log[-1].text


def test_solo_the_player_loses_when_no_solar_system_is_left_said_as_a_sentence(
    dice: list[int],
) -> None:
    s = table(1)
    s.red[card("A1")] = s.yellow[card("A1")] = NONE
    s.hydrogen[card("A1")] = 0
    s.yellow[card("G7")] = NONE
    s.hydrogen[card("G7")] = 2
    dice += [4, 4]  # G7's red giant dies
    RULES.apply(s, TakeHydrogen(card("G7")))
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.winners == [] and outcome.ranks == [2]
    assert outcome.reason == "Nobody wins: no hydrogen is left in the universe."


def test_solo_completing_the_factions_wins() -> None:
    s = table(1)
    ready_to_win(s, 0, 2)
    RULES.apply(s, TakeHydrogen(card("G7")))
    assert RULES.outcome(s).winners == [0]


# ---- semi-cooperative -------------------------------------------------------------------


def test_semi_cooperative_the_roll_comes_as_the_starting_player_begins(dice: list[int]) -> None:
    s = table(2, mode="semi")
    dice += [1, 1]
    RULES.apply(s, TakeHydrogen(card("G7")))  # seat 1 -> seat 2: no roll
    assert s.yellow[card("A1")] != NONE
    RULES.apply(s, TakeHydrogen(card("G7")))  # seat 2 -> seat 1: a new round
    assert s.yellow[card("A1")] == NONE


def test_semi_cooperative_a_winner_leaves_and_the_others_go_on() -> None:
    s = table(3, mode="semi")
    ready_to_win(s, 0, 2)
    RULES.apply(s, TakeHydrogen(card("G7")))
    assert s.phase == "turn" and s.left_game[0] and s.ships[0] == NONE
    assert s.current == 1 and s.winners == [0]
    RULES.apply(s, TakeHydrogen(card("G7")))
    RULES.apply(s, TakeHydrogen(card("G7")))
    assert s.current == 1  # seat 1 is skipped


def test_semi_cooperative_everyone_who_completes_wins() -> None:
    s = table(2, mode="semi")
    ready_to_win(s, 0, 2)
    RULES.apply(s, TakeHydrogen(card("G7")))
    s.hydrogen = [0] * 16
    RULES.apply(s, EndTurn())
    outcome = RULES.outcome(s)
    assert outcome.winners == [0] and outcome.ranks == [1, 2]


# ---- no hydrogen left ---------------------------------------------------------------------


def test_no_hydrogen_left_ends_the_game_ranked_by_factions_colony_then_resources() -> None:
    s = table(3)
    s.done = [[True, False, False], [True, False, False], [False, False, False]]
    s.colony = [NONE, card("C3"), NONE]
    s.res = [res("W14"), res(""), res("W14 A14")]
    s.hydrogen = [0] * 16
    RULES.apply(s, EndTurn())
    outcome = RULES.outcome(s)
    assert outcome.ranks == [2, 1, 3] and outcome.winners == [1]
    assert "no hydrogen is left" in outcome.reason
    # Edition notes: ranked "by factions fulfilled, then by having a colony"
    assert outcome.decided_by == (
        "No one fulfilled every faction; Seat 2 came first on the tie-break: a colony"
    )


def test_the_game_over_score_is_10_per_faction_and_5_for_the_colony() -> None:
    """Edition notes: "The game-over screen sums that ranking up as a score: 10 for each
    faction fulfilled and 5 for the colony (resources are not added: they only break a
    tie, and the screen says so)."""
    s = table(3)
    s.done = [[True, True, False], [True, False, False], [False, False, False]]
    s.colony = [card("C3"), NONE, NONE]
    s.res = [res("W14"), res(""), res("W14 A14")]
    s.hydrogen = [0] * 16
    RULES.apply(s, EndTurn())
    outcome = RULES.outcome(s)
    assert outcome is not None and outcome.scores == [25, 10, 0]
    assert [outcome.counted(seat) for seat in range(3)] == outcome.scores
    rows = outcome.breakdown[2]
    assert ("Colony, 5", 0) in rows and ("  resources held (tie-break)", sum(s.res[2])) in rows
    assert outcome.decided_by == (
        "No one fulfilled every faction; Seat 1 came first with more factions"
    )
