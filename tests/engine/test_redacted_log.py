"""engine.core.redacted_log: the one log redaction every game's observe() uses."""

from __future__ import annotations

import pytest

from tui_games.engine.core import SPECTATOR, Event, redacted_log
from tui_games.games import all_games

LOG = [Event("Ada drew G5.", seen_by=(0,), others="Ada drew a card."),
       Event("Bob looked at the deck.", seen_by=(1,)),
       Event("The hand begins.")]


def test_each_seat_reads_its_own_words_and_loses_the_lines_hidden_from_it() -> None:
    assert redacted_log(LOG, 0) == [Event("Ada drew G5."), Event("The hand begins.")]
    assert redacted_log(LOG, 1) == [Event("Ada drew a card."),
                                    Event("Bob looked at the deck."), Event("The hand begins.")]
    assert redacted_log(LOG, SPECTATOR) == [Event("Ada drew a card."), Event("The hand begins.")]


def test_a_redacted_line_keeps_no_trace_of_who_could_read_more() -> None:
    assert all(e.seen_by is None and e.others == "" for e in redacted_log(LOG, 1))


@pytest.mark.parametrize("game_id", sorted(all_games()))
def test_every_games_observe_redacts_its_log_with_it(game_id: str) -> None:
    rules = all_games()[game_id].rules
    state = rules.setup(rules.min_players, 3, {s.key: s.default for s in rules.option_specs})
    for _ in range(40):
        if rules.to_move(state) is None:
            break
        rules.apply(state, rules.legal_actions(state)[-1])
    for seat in [*range(state.players), SPECTATOR]:
        assert rules.observe(state, seat).log == redacted_log(state.log, seat)
