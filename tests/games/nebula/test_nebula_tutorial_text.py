"""Nebula's Learn to play says what the table then does: its words agree with the rules
and with the status line shown beside them."""

from __future__ import annotations

from tui_games.engine.codec import clone
from tui_games.engine.tutorial import script
from tui_games.games import all_games
from tui_games.games.nebula.board import CONSTELLATIONS, INDICATOR_LAST
from tui_games.games.nebula.describe import stars_in_front
from tui_games.games.nebula.placement import within_limit
from tui_games.games.nebula.rules import CHAOS_KEEP, end_triggers
from tui_games.games.nebula.state import (
    CAREER_MARKERS_TO_END,
    CONSTELLATIONS_TO_END,
    EMPTY,
    REFILL_AT,
    FinishPositioning,
    KeepStar,
    StepTime,
)
from tui_games.games.nebula.tutorial import BLACK, TUTORIAL, WHITE


def test_the_chaos_step_keeps_as_many_stars_as_the_rules_and_says_where_the_rest_go() -> None:
    # Issue 31, played: the step read "Keep one of the five drawn stars; the others go back
    # to the bag" beside the status line's "Keep 2 of the drawn stars ... The others go back
    # to the box", and Learn ended with a second star still to keep.
    info = all_games()["nebula"]
    state, played = script(TUTORIAL, info.rules, info.bots)
    last_step, last_action = played[-1]
    assert isinstance(last_action, KeepStar) and last_step == len(TUTORIAL.steps) - 1
    text = TUTORIAL.steps[last_step].text
    assert f"Keep {CHAOS_KEEP} of the five drawn stars" in text
    assert "box" in text and "bag" not in text
    # Learn hands over with the rest of the keeping still to do, and says so
    assert state.phase == "chaos" and state.keep_left == CHAOS_KEEP - 1
    assert "keep one more drawn star" in TUTORIAL.farewell


def _before_each_step() -> dict[int, object]:
    """The table as the player sees it when each step is shown (before its key press)."""
    info = all_games()["nebula"]
    _, played = script(TUTORIAL, info.rules, info.bots)
    state = info.rules.setup(TUTORIAL.players, TUTORIAL.seed, TUTORIAL.game_options)
    before = {}
    for number, action in played:
        if number >= 0:
            before[number] = clone(state)
        info.rules.apply(state, action)
    before[len(TUTORIAL.steps)] = state
    return before


def test_learn_says_what_career_objectives_are_and_that_completing_them_ends_the_game() -> None:
    # Issue 31: Career objectives gave 58 of 96 VP and ended the game; Learn never named them.
    said = " ".join(step.text for step in TUTORIAL.steps)
    assert "Career objectives" in said
    assert "completing one first scores most" in said
    assert f"Once {CAREER_MARKERS_TO_END[2]} are completed in all, the last round begins" in said


def test_learn_names_every_way_a_galaxy_or_the_indicator_starts_the_last_round() -> None:
    # Issue 31, played: a newcomer's game ended "because you completed 3 Constellations",
    # a word and an ending Learn had never named; it spoke of Career markers only.
    said = " ".join(step.text for step in TUTORIAL.steps)
    assert f"fills {CONSTELLATIONS_TO_END} Constellations" in said
    assert f"{len(CONSTELLATIONS[0])} spaces each" in said
    assert all(len(spaces) == len(CONSTELLATIONS[0]) for spaces in CONSTELLATIONS)
    assert f"K indicator reaches {INDICATOR_LAST}" in said
    # the number Learn says is the one the rules end on
    info = all_games()["nebula"]
    state = info.rules.setup(2, 0, {"mode": "full"})
    for space in CONSTELLATIONS[0] + CONSTELLATIONS[1]:
        state.galaxies[0][space] = 0
    assert not end_triggers(state)
    for space in CONSTELLATIONS[2]:
        state.galaxies[0][space] = 0
    assert end_triggers(state) == [f"Seat 1 completed {CONSTELLATIONS_TO_END} Constellations"]


def test_time_steps_say_what_the_key_press_will_do_not_what_it_did() -> None:
    # Issue 31: steps 4 and 6 read "now faces a white star" / "5 points spent. It faces a
    # black star" while the table, before the key, showed neither.
    before = _before_each_step()
    for number, colour in ((3, WHITE), (5, BLACK)):
        step = TUTORIAL.steps[number]
        assert isinstance(step.mark, StepTime)
        cluster = step.mark.cluster
        assert stars_in_front(before[number])[cluster] != colour  # not yet...
        assert stars_in_front(before[number + 1])[cluster] == colour  # ...but after the key
        assert "now faces" not in step.text and "spent" not in step.text
    assert "will then face a black star" in TUTORIAL.steps[5].text


def test_the_finish_step_says_when_a_cluster_is_refilled_as_the_table_shows_it() -> None:
    # Issue 31: step 11 said "the clusters refilled", yet their slots stayed empty: only a
    # cluster down to REFILL_AT stars is refilled.
    number = next(i for i, step in enumerate(TUTORIAL.steps)
                  if isinstance(step.mark, FinishPositioning))
    assert f"refilled only when down to {REFILL_AT[2]} stars" in TUTORIAL.steps[number].text
    after = _before_each_step()[number + 1]
    for cluster in after.clusters:
        left = sum(1 for star in cluster if star != EMPTY)
        assert left > REFILL_AT[2] or left == len(cluster)
    assert any(EMPTY in cluster for cluster in after.clusters)  # the "·" slots stay


def test_the_farewell_says_how_many_stars_a_turn_places_as_the_rules_count_them() -> None:
    # Issue 31, played: the limit was learnt from a refusal, "Only 2 stars a turn, or 3
    # when one of them matches the boosted purple (P) star", never from Learn.
    assert "place 2 (3 with the boosted colour)" in TUTORIAL.farewell
    s = all_games()["nebula"].rules.setup(2, 0, {"mode": "full"})
    others = [c for c in range(6) if c != s.boosted]
    s.placed = others[:2]
    assert not within_limit(s, others[2]) and within_limit(s, s.boosted)
    s.placed = [*others[:2], s.boosted]
    assert not within_limit(s, others[3])
