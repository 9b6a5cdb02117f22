"""Issue 11, the harness: hidden information, for every registered game and every seat.

Over 1,000 states of random games per game, the JSON of ``observe(state, seat)`` holds
none of what ``seat`` may not see (tui_games.tools.stress.HIDDEN_FROM, from each game's
checks.py: other hands, the deck's order, set-aside and face-down cards, secret
objectives and picks): each hidden place reads as hidden marks only, no hidden id turns
up anywhere else that is checked, the RNG is zeroed and no private log line is there.
"""

from __future__ import annotations

import json
import random

import pytest

from tui_games.engine.codec import to_json
from tui_games.engine.core import SPECTATOR, default_options
from tui_games.games import all_games
from tui_games.tools.stress import HIDDEN_FROM, SHOWN, leaks

GAMES = all_games()
IDS = sorted(GAMES)
STATES = 1_000
EVERY = 7  # look at every 7th state of a game, so the 1,000 come from many games
SPECTATOR_VIEWS = 40


@pytest.mark.parametrize("game_id", IDS)
def test_no_view_holds_what_its_seat_may_not_see(game_id: str) -> None:
    rules = GAMES[game_id].rules
    assert game_id in HIDDEN_FROM and game_id in SHOWN, "say what this game hides"
    span = rules.max_players - rules.min_players + 1
    checked = views = hidden_items = 0
    seed = 0
    while checked < STATES:
        rng = random.Random(seed)
        state = rules.setup(rules.min_players + seed % span, seed, default_options(rules))
        step = 0
        while checked < STATES:
            if step % EVERY == 0:
                checked += 1
                for seat in range(state.players):
                    found = leaks(game_id, rules, state, seat)
                    assert not found, f"{game_id} seed {seed} step {step} seat {seat}: {found}"
                    views += 1
                    hidden_items += sum(map(len, HIDDEN_FROM[game_id](state, seat).values()))
            if rules.to_move(state) is None:
                break
            rules.apply(state, rng.choice(rules.legal_actions(state)))
            step += 1
        seed += 1
    assert views >= 2 * STATES
    assert hidden_items > STATES, "the checker looked at no hidden information"


@pytest.mark.parametrize("game_id", IDS)
def test_hidden_ids_of_a_view_do_not_show_in_its_json(game_id: str) -> None:
    """The same by plain text: a hidden place of the JSON holds only -1 marks."""
    rules = GAMES[game_id].rules
    state = rules.setup(rules.min_players, 4, default_options(rules))
    for seat in range(state.players):
        hidden = HIDDEN_FROM[game_id](state, seat)
        shown = SHOWN[game_id](json.loads(to_json(rules.observe(state, seat))), seat)
        for place, ids in hidden.items():
            if place != "deck order":
                assert all(x == -1 for x in shown[place]), (place, shown[place], ids)


@pytest.mark.parametrize("game_id", IDS)
def test_a_spectator_sees_only_what_every_seat_sees(game_id: str) -> None:
    """An online watcher, or a replay viewed as nobody: every seat's private parts are
    hidden (``observe(state, SPECTATOR)``), so no game needs a host-side rule of its own."""
    rules = GAMES[game_id].rules
    span = rules.max_players - rules.min_players + 1
    views = hidden_items = 0
    seed = 0
    while seed < 6 or views < SPECTATOR_VIEWS:  # short games: as many more as it needs
        rng = random.Random(seed)
        state = rules.setup(rules.min_players + seed % span, seed, default_options(rules))
        step = 0
        while rules.to_move(state) is not None and step < 400:
            if step % EVERY == 0:
                found = leaks(game_id, rules, state, SPECTATOR)
                assert not found, f"{game_id} seed {seed} step {step}: {found}"
                views += 1
                hidden_items += sum(map(len, HIDDEN_FROM[game_id](state, SPECTATOR).values()))
            rules.apply(state, rng.choice(rules.legal_actions(state)))
            step += 1
        seed += 1
    assert hidden_items > views, "the checker looked at no hidden information"
