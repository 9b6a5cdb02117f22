"""Nebula hints say why in the game's words: a Time marker's step names the stars it puts
in front of the markers; a star positioned says what it does to the estimated VP."""

from __future__ import annotations

from nebula_helpers import RULES, new
from nebula_helpers import star as star_of

from tui_games.engine.codec import clone
from tui_games.games.nebula.describe import a_star, stars_in_front
from tui_games.games.nebula.hard import seat_value
from tui_games.games.nebula.hint_words import outlook, why
from tui_games.games.nebula.state import (
    EMPTY,
    KeepStar,
    PositionStar,
    StepTime,
    TakeStars,
    TurnToChaos,
)


def test_a_time_step_names_the_stars_it_brings_in_front_of_the_markers() -> None:
    s = new(2)
    seat = RULES.to_move(s)
    steps = [a for a in RULES.legal_actions(s) if isinstance(a, StepTime)]
    assert steps
    for step in steps:
        after = clone(s)
        RULES.apply(after, step)
        text = why(RULES.observe(s, seat), seat, step)
        for star in stars_in_front(after):
            if star != EMPTY:
                assert a_star(star) in text, text
        assert text.endswith("in front of the Time markers")


def test_a_positioned_star_says_what_it_adds_to_the_estimated_final_score() -> None:
    s = new(2)
    seat = RULES.to_move(s)
    for a in range(200):  # play on to a positioning step
        if any(isinstance(x, PositionStar) for x in RULES.legal_actions(s)):
            break
        RULES.apply(s, RULES.legal_actions(s)[a % len(RULES.legal_actions(s))])
    seat = RULES.to_move(s)
    view = RULES.observe(s, seat)
    for action in [x for x in RULES.legal_actions(view) if isinstance(x, PositionStar)]:
        after = clone(view)
        RULES.apply(after, action)
        gain = round(seat_value(after, seat) - seat_value(view, seat))
        text = why(view, seat, action)
        if gain > 0:
            assert text == f"adds about {gain} VP to your estimated final score", text
        elif gain < 0:
            assert text.startswith(f"costs about {-gain} VP of your estimated score"), text
        else:
            assert text == "leaves your estimated final score as it is", text


def test_the_outlook_is_the_estimated_lead_in_vp() -> None:
    assert outlook(new(2), 0, 0.4) == (
        "By the bot's reckoning you end about 4 VP behind your best rival.")


def test_taking_stars_and_chaos_say_what_they_do_for_the_reserve() -> None:
    """Issue 31: taking stars and Chaos had no reason. The rulebook: the stars taken go
    to the reserve; Chaos returns a reserve star and draws five from the bag to keep one."""
    s = new(2)
    seat = RULES.to_move(s)
    view = RULES.observe(s, seat)
    assert why(view, seat, TakeStars()) == (
        "into your reserve, to place in your Galaxy this turn")
    red = star_of("R")
    assert why(view, seat, TurnToChaos(red)) == (
        f"swaps {a_star(red)} from your reserve for your pick of five drawn from the bag "
        f"({sum(view.bag)} stars in it)")
    assert why(view, seat, KeepStar(red)) == (
        f"keeps {a_star(red)} of the five drawn for your reserve")
