"""Round scoring, the end of the game, and the Rules protocol (views, samples, saves)."""

from __future__ import annotations

import random

from neptune_tables import RULES, card, pile, play, table

from tui_games.engine.codec import clone, from_json, to_json
from tui_games.engine.core import Event, is_detail
from tui_games.games.neptune.state import NeptuneState, OnTop, Play
from tui_games.games.neptune.tricks import playable


def finish_round(s: NeptuneState, *names: str) -> NeptuneState:
    return play(s, *names)


def test_round_score_is_the_sum_of_each_piles_top_card() -> None:
    earlier = [pile(0, "R1"), pile(1, "A5"), pile(0, "B8"), pile(2, "G2", shielded=True)]
    s = finish_round(table(["R4", "R6", "G9"], last=True, piles=earlier), "R4", "R6", "G9")
    assert s.round_scores == [[10 + 3, -5 + 5, 18]]
    assert s.scores == [13, 0, 18]
    assert s.round == 2  # dealt again


def test_totals_never_go_below_zero_but_can_move_back_later() -> None:
    earlier = [pile(1, "A7")]
    s = finish_round(table(["R4", "R6", "G9"], last=True, piles=earlier, scores=[20, 3, 0]),
                     "R4", "R6", "G9")
    assert s.round_scores[-1] == [0, -7 + 5, 0]
    assert s.scores == [20, 1, 0]
    s = finish_round(table(["R4", "R6", "G9"], last=True, piles=[pile(0, "A7")],
                           scores=[5, 3, 0]), "R4", "R6", "G9")
    assert s.scores[0] == 0


def test_the_game_ends_after_the_round_in_which_someone_reaches_50() -> None:
    s = finish_round(table(["R4", "R6", "G9"], last=True, scores=[48, 45, 0], round_no=2),
                     "R4", "R6", "G9")  # Seat 2 wins R6 (5) and reaches 50
    assert s.phase == "over" and RULES.to_move(s) is None
    result = RULES.outcome(s)
    assert result is not None
    assert result.scores == s.scores == [48, 50, 0]
    assert result.winners == [1]
    assert result.reason == "Seat 2 reached 50 points in round 2."
    assert s.piles == s.prev_piles and s.piles  # the last round's tricks stay on the table


def test_below_50_the_game_goes_on_to_the_next_round() -> None:
    s = finish_round(table(["R4", "R6", "G9"], last=True, scores=[40, 10, 0], round_no=2),
                     "R4", "R6", "G9")
    assert s.phase == "play" and s.round == 3 and RULES.outcome(s) is None


def test_the_game_ends_after_five_rounds() -> None:
    s = finish_round(table(["R4", "R6", "G9"], last=True, round_no=5), "R4", "R6", "G9")
    assert s.phase == "over"
    result = RULES.outcome(s)
    assert result is not None and result.reason == "All 5 rounds played; nobody reached 50 points."


def test_equal_totals_share_the_win() -> None:
    """Rulebook: "the player with the highest score wins" - it names no tie-break."""
    s = finish_round(table(["R4", "R6", "G9"], last=True, round_no=5, scores=[15, 7, 0],
                           piles=[pile(1, "R8")]), "R4", "R6", "G9")
    result = RULES.outcome(s)
    assert result is not None
    assert s.scores[:2] == [15, 15] and result.winners == [0, 1] and result.ranks[:2] == [1, 1]
    assert result.decided_by == "Seat 1 and Seat 2 shared the win: tied on 15 points"


def test_the_outcome_breaks_each_total_down_by_round() -> None:
    s = RULES.setup(2, 17, {})
    rnd = random.Random(1)
    while RULES.to_move(s) is not None:
        RULES.apply(s, rnd.choice(RULES.legal_actions(s)))
    result = RULES.outcome(s)
    assert result is not None
    for seat, rows in enumerate(result.breakdown):
        main = [row for row in rows if not is_detail(row[0])]
        rounds = [(f"Round {r + 1}", pts[seat]) for r, pts in enumerate(s.round_scores)]
        assert main[:len(rounds)] == rounds
        assert result.counted(seat) == result.scores[seat]


# ---- the protocol -------------------------------------------------------------------------

def test_the_turn_counter_moves_when_a_trick_is_complete() -> None:
    s = play(table(["R2", "R6", "JG"]), "R2", "R6")
    assert s.turn == 0
    play(s, "JG")
    assert s.turn == 1 and s.phase == "top"
    RULES.apply(s, OnTop(card("R2")))
    assert s.turn == 1


def test_reveals_only_the_action_that_deals_a_new_round() -> None:
    s = play(table(["R2", "R6", "G9"], last=True), "R2")
    assert not RULES.reveals(s, Play(card("R6")))
    play(s, "R6")
    assert RULES.reveals(s, Play(card("G9")))
    assert not RULES.reveals(table(["R2 R3", "R6 R4", "G9 G1"]), Play(card("R2")))


def test_observe_hides_other_hands_and_set_aside_cards_and_the_rng() -> None:
    s = RULES.setup(2, 8, {})
    view = RULES.observe(s, 1)
    assert view.hands[1] == s.hands[1]
    assert view.hands[0] == [-1] * len(s.hands[0])
    assert view.removed == [-1] * 6
    assert view.rng.state == 0
    assert RULES.legal_actions(view) == [] or RULES.to_move(view) == RULES.to_move(s)


def test_observe_redacts_private_log_lines() -> None:
    s = RULES.setup(3, 8, {})
    s.log.append(Event("You hold the Black Hole.", seen_by=(0,), others="Seat 1 smiles."))
    assert RULES.observe(s, 0).log[-1].text == "You hold the Black Hole."
    assert RULES.observe(s, 2).log[-1].text == "Seat 1 smiles."


def random_positions(count: int) -> list[NeptuneState]:
    out = []
    for seed in range(count):
        rnd = random.Random(seed)
        s = RULES.setup(2 + seed % 3, seed, {"specials": "random" if seed % 2 else "default"})
        for _ in range(rnd.randrange(0, 60)):
            RULES.apply(s, rnd.choice(RULES.legal_actions(s)))
        if RULES.to_move(s) is not None:
            out.append(s)
    return out


def test_legal_actions_of_the_movers_view_equal_the_true_ones() -> None:
    for s in random_positions(60):
        mover = RULES.to_move(s)
        assert RULES.legal_actions(RULES.observe(s, mover)) == RULES.legal_actions(s)


def test_a_sample_agrees_with_the_view_and_plays_on() -> None:
    for i, s in enumerate(random_positions(60)):
        for seat in range(s.players):
            view = RULES.observe(s, seat)
            sample = RULES.determinize(view, seat, random.Random(i))
            assert RULES.observe(sample, seat) == view
            rnd = random.Random(i)
            while RULES.to_move(sample) is not None and sample.round == s.round:
                RULES.apply(sample, rnd.choice(RULES.legal_actions(sample)))


def test_a_sample_respects_the_voids_a_player_revealed() -> None:
    rnd = random.Random(5)
    for _ in range(200):
        s = RULES.setup(4, rnd.randrange(10_000), {})
        while RULES.to_move(s) is not None and s.tricks_done < 5:
            RULES.apply(s, rnd.choice(RULES.legal_actions(s)))
        if any(s.voids):
            break
    assert any(s.voids), "some player revealed a void"
    for trial in range(30):
        sample = RULES.determinize(RULES.observe(s, 0), 0, random.Random(trial))
        for seat in range(1, 4):
            for c in sample.hands[seat]:
                bit = (c // 10) if c < 30 else (3 if c >= 36 else 4)
                assert not (s.voids[seat] >> bit) & 1, f"seat {seat} got a card of a void"


def test_voids_are_recorded_when_a_player_fails_to_follow() -> None:
    s = play(table(["R4", "B1", "R2"]), "R4", "B1")
    assert s.voids[1] & 1  # no Red
    s = play(table(["A5", "R2", "A3"]), "A5", "R2")
    assert s.voids[1] & 8  # no Asteroid
    s = play(table(["R4", "BH", "SF"]), "R4", "BH", "SF")
    assert s.voids[1] == s.voids[2] == 0  # they may be played at any time
    s = play(table(["A5", "B6", "R2"]), "A5")
    assert s.voids[0] == 0b111  # led an Asteroid: held no system card


def test_json_round_trip_and_replay_are_exact() -> None:
    for s in random_positions(20):
        assert from_json(to_json(s), NeptuneState) == s
        assert clone(s) == s
    a, b = RULES.setup(3, 77, {}), RULES.setup(3, 77, {})
    rnd_a, rnd_b = random.Random(3), random.Random(3)
    while RULES.to_move(a) is not None:
        RULES.apply(a, rnd_a.choice(RULES.legal_actions(a)))
        RULES.apply(b, rnd_b.choice(RULES.legal_actions(b)))
    assert to_json(a) == to_json(b)


def test_the_log_and_descriptions_speak_plain_language() -> None:
    s = play(table(["R2", "R6", "JG"]), "R2", "R6", "JG")
    texts = [e.text for e in s.log]
    assert texts == ["Seat 1 leads Red 2 (worth 9 points).", "Seat 2 plays Red 6 (worth 5 points).",
                     "Seat 3 plays Jump Gate.", "Seat 3 wins the trick with Jump Gate."]
    assert RULES.describe(s, OnTop(card("R2"))) == "put Red 2 (worth 9 points) on top"
    assert RULES.describe(s, Play(card("B10"))) == "play Blue 10 (worth 1 point)"


def test_playouts_never_stall_and_every_hand_empties_each_round() -> None:
    for seed in range(40):
        rnd = random.Random(seed)
        s = RULES.setup(2 + seed % 3, seed, {"specials": "random"})
        while RULES.to_move(s) is not None:
            if s.phase == "play":
                hand = s.hands[s.current]
                assert playable(hand, s.trick, s.follow)
            RULES.apply(s, rnd.choice(RULES.legal_actions(s)))
        assert len(s.round_scores) == s.round


def test_a_sample_never_deals_a_card_already_played_or_held() -> None:
    for i, s in enumerate(random_positions(30)):
        sample = RULES.determinize(RULES.observe(s, 0), 0, random.Random(i))
        played = list(sample.trick) + [c for p in sample.piles for c in p.cards]
        everything = [c for h in sample.hands for c in h] + sample.removed + played
        assert sorted(everything) == sorted([*range(30), *s.specials])


def test_the_breakdown_says_what_the_floor_at_0_added() -> None:
    """Rulebook: "Your score can never go below zero on the score tracker, but you may
    move backwards during later rounds." The rounds alone would not add up to the total,
    so a last row says what the floor added."""
    s = table(["R4", "R6", "G9"], last=True, piles=[pile(0, "A7")], round_no=5)
    s.round_scores = [[-8, 0, 0], [0, 0, 0], [0, 0, 0], [0, 0, 0]]  # seat 1 stopped at 0
    s = finish_round(s, "R4", "R6", "G9")  # seat 1 scores -7 (A7) this round
    assert s.scores[0] == 0 and sum(r[0] for r in s.round_scores) == -15
    result = RULES.outcome(s)
    assert result is not None
    assert result.breakdown[0][-1] == ("kept at 0 (never below)", 15)
    assert result.counted(0) == 0


