"""Hidden information (observe, determinize) and whole-game properties from playouts."""

from __future__ import annotations

import random

from nc_helpers import RULES, names, play, table

from tui_games.engine.codec import from_json, to_json
from tui_games.engine.core import Event
from tui_games.engine.rng import Rng
from tui_games.games.nebular_colors.state import HIDDEN, Discard, Draw, NCState, Take


def playout(seed: int, each=None) -> NCState:
    """A random game from ``seed``; ``each(state)`` is called before every action."""
    rng = random.Random(seed)
    s = RULES.setup(2, seed, {"match": "2"} if seed % 2 else {})
    while RULES.to_move(s) is not None:
        if each is not None:
            each(s)
        RULES.apply(s, rng.choice(RULES.legal_actions(s)))
    return s


def test_observe_hides_the_deck_the_opponents_hand_and_their_drawn_cards() -> None:
    s = table(hands=("P9 Y9", "B2 B4 B6"), piles=("B9", "G3"), deck="Y5 B13 P13",
              penalties=("", "P2 P3"), current=1)
    play(s, Draw())
    view = RULES.observe(s, 0)
    assert view.deck == [HIDDEN]
    assert view.hands[1] == [HIDDEN] * 3 and view.drawn == [HIDDEN] * 2
    assert view.hands[0] == s.hands[0] and view.piles == s.piles
    assert view.penalties == s.penalties  # face up in this edition
    assert view.rng == Rng(0)
    own = RULES.observe(s, 1)
    assert own.drawn == s.drawn and own.hands[1] == s.hands[1] and own.hands[0] == [HIDDEN] * 2


def test_observe_redacts_the_log_for_the_viewer() -> None:
    s = play(table(hands=("P9", ""), piles=("B9", "G3"), deck="Y5 B2 P13"), Draw())
    s.log.append(Event("secret", seen_by=(0,)))
    other = RULES.observe(s, 1)
    assert [e.text for e in other.log] == ["Seat 1 drew 2 cards."]
    assert all(e.seen_by is None for e in other.log)
    assert [e.text for e in RULES.observe(s, 0).log] == ["Seat 1 drew Y5 and B2.", "secret"]


def test_observe_does_not_change_the_state() -> None:
    s = RULES.setup(2, 3, {})
    before = to_json(s)
    RULES.observe(s, 0)
    assert to_json(s) == before


def test_determinize_fills_hidden_cards_with_unseen_cards() -> None:
    s = play(table(hands=("P9 Y9", "B2 B4 B6"), piles=("B9", "G3"), current=1), Draw())
    view = RULES.observe(s, 0)
    full = RULES.determinize(view, 0, random.Random(1))
    every = (full.deck + full.hands[0] + full.hands[1] + full.piles[0] + full.piles[1]
             + full.drawn)
    assert sorted(every) == list(range(52))
    assert full.hands[0] == s.hands[0] and full.piles == s.piles
    assert RULES.observe(full, 0) == view
    other = RULES.determinize(view, 0, random.Random(2))
    assert other.deck != full.deck and other.rng != full.rng


def test_observation_keeps_legal_actions_and_determinize_is_consistent() -> None:
    rng = random.Random(99)

    def check(s: NCState) -> None:
        p = RULES.to_move(s)
        view = RULES.observe(s, p)
        assert RULES.legal_actions(view) == RULES.legal_actions(s)
        other = RULES.observe(s, 1 - p)
        assert HIDDEN not in other.hands[1 - p] and set(other.hands[p]) <= {HIDDEN}
        assert RULES.observe(RULES.determinize(view, p, rng), p) == view

    for seed in range(4):
        playout(seed, check)


def test_random_playouts_end_with_a_winner_and_conserve_the_cards() -> None:
    def check(s: NCState) -> None:
        assert RULES.legal_actions(s)
        every = (s.deck + s.hands[0] + s.hands[1] + s.piles[0] + s.piles[1] + s.drawn
                 + s.taken + s.penalties[0] + s.penalties[1]
                 + [c for area in s.melds for m in area for c in m])
        assert sorted(every) == list(range(52))

    for seed in range(12):
        s = playout(seed, check)
        out = RULES.outcome(s)
        assert out is not None and len(out.winners) == 1
        assert max(s.fragments) >= s.target
        assert sum(r.fragments for r in s.results) == sum(s.fragments)
        assert s.turn >= len(s.results)


def test_states_round_trip_through_json() -> None:
    s = RULES.setup(2, 8, {})
    for _ in range(150):
        if RULES.to_move(s) is None:
            break
        RULES.apply(s, RULES.legal_actions(s)[-1])
        assert from_json(to_json(s), NCState) == s


def test_same_seed_and_actions_give_the_same_game() -> None:
    a = playout(21)
    b = playout(21)
    assert to_json(a) == to_json(b)


def test_legal_discards_are_exactly_the_drawn_cards() -> None:
    s = play(table(hands=("P9", ""), piles=("B9", "G3"), deck="Y5 B2 P13"), Draw())
    assert RULES.legal_actions(s) == [Discard(card=c, pile=p) for c in s.drawn for p in (0, 1)]


def test_determinize_keeps_the_set_an_opponents_take_promised(monkeypatch) -> None:
    import tui_games.games.nebular_colors.rules as rules_module

    s = play(table(hands=("B2", "P9 Y9 B4 B6 P2"), piles=("B9 P13 Y1", "G3"), current=1),
             Take(pile=0))
    view = RULES.observe(s, 0)
    for tries in (200, 0):  # 0 tries forces the direct construction
        monkeypatch.setattr(rules_module, "_RESAMPLES", tries)
        for seed in range(40):
            full = RULES.determinize(view, 0, random.Random(seed))
            assert RULES.legal_actions(full), names(full.hands[1])
            assert RULES.observe(full, 0) == view
