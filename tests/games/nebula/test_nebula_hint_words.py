"""Nebula hints say why in the game's words: a Time marker's step names the stars it puts
in front of the markers; a star positioned says what it does to the estimated VP."""

from __future__ import annotations

from nebula_helpers import RULES, counts, galaxy, new, placing
from nebula_helpers import star as star_of

from tui_games.engine.codec import clone
from tui_games.games.nebula.board import INDEX
from tui_games.games.nebula.describe import a_star, stars_in_front
from tui_games.games.nebula.hard import seat_value
from tui_games.games.nebula.hint_words import outlook, why
from tui_games.games.nebula.objectives import CAREER_DECK, PERSONAL_DECK
from tui_games.games.nebula.state import (
    EMPTY,
    STAR_NAMES,
    KeepPersonal,
    KeepStar,
    PositionBlackStar,
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
                assert STAR_NAMES[star] in text, text


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
            assert text.startswith(f"adds about {gain} VP to your estimated final score"), text
        elif gain < 0:
            assert text.startswith(f"costs about {-gain} VP of your estimated score"), text
        else:
            assert text.startswith("leaves your estimated final score as it is"), text


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


def _card(kind: str, colour: int = -1) -> int:
    return next(i for i, c in enumerate(PERSONAL_DECK) if c.kind == kind and c.param == colour)


def test_keeping_a_personal_objective_says_it_scores_only_at_the_end_and_how_far_you_are() -> None:
    """Issue 31: "Keep the Personal objective: Purple…" gave no reason, and the kept card
    scored 0 at the end: the hint says it pays only if true at the end, and how far the
    seat is (stars of the colour in the Galaxy, and in its reserve)."""
    s = RULES.setup(2, 1, {"mode": "full"})
    seat = RULES.to_move(s)
    purple = star_of("P")
    six = _card("six_of_colour", purple)
    s.personal_offer[seat] = [six, _card("few_empty")]
    s.reserves[seat] = counts("P P Y")
    s.galaxies[seat] = galaxy("C=P")
    view = RULES.observe(s, seat)
    text = why(view, seat, KeepPersonal(six))
    assert text.startswith(
        "scores only if true at the end: 1 of 6 stars, 2 purple in reserve"), text


def test_a_time_step_says_what_the_faced_stars_are_good_for_you() -> None:
    """Issue 31: a Time step said which stars it puts in front, never why they matter:
    your Personal objective's colour, a black star's Black Star Zone VP."""
    s = new(2)
    seat = RULES.to_move(s)
    s.personal[seat] = _card("six_of_colour", star_of("P"))
    s.clusters[0] = [star_of("P")] * len(s.clusters[0])
    s.clusters[1] = [star_of("K")] * len(s.clusters[1])
    step = next(a for a in RULES.legal_actions(s) if isinstance(a, StepTime))
    text = why(RULES.observe(s, seat), seat, step)
    assert "purple is your objective's colour" in text, text
    assert "black adds 1 VP to your Black Star Zone" in text, text


def test_a_time_step_with_nothing_special_in_front_says_so() -> None:
    s = new(2)
    seat = RULES.to_move(s)
    step = next(a for a in RULES.legal_actions(s) if isinstance(a, StepTime))
    after = clone(s)
    RULES.apply(after, step)
    if any(x == star_of("K") for x in stars_in_front(after)):
        return  # a black star in front is singled out (the test above)
    text = why(RULES.observe(s, seat), seat, step)
    assert text.endswith("no colour here scores extra yet; any star fills your Galaxy"), text


def test_a_placement_names_the_objectives_it_advances() -> None:
    """Issue 31: "Position a purple (P) star on C: leaves your estimated final score as
    it is" never mentioned the purple objective: a placement names the Personal and
    Career objectives it brings nearer, with how far they then are."""
    s = placing(new(2), "P", "N1=R N2=Y")
    seat = s.current
    s.personal[seat] = _card("highlighted_colour", star_of("P"))
    north = next(i for i, c in enumerate(CAREER_DECK)
                 if c.kind == "constellation_3_colours" and c.param == 0)
    s.career = [north, *[i for i in range(4) if i != north][:3]]
    s.career_marks = [[] for _ in s.career]
    view = RULES.observe(s, seat)
    text = why(view, seat, PositionStar(star_of("P"), INDEX["N3"]))
    assert "your Personal objective (1 of 4)" in text, text
    assert "Career North Constellation (3 of 6)" in text, text


def test_a_black_star_says_what_the_black_star_zone_then_pays() -> None:
    s = placing(new(2), "K", "C=R")
    seat = s.current
    text = why(RULES.observe(s, seat), seat, PositionBlackStar())
    assert text.startswith("your Black Star Zone pays 1 VP for 1 (now 0)"), text
