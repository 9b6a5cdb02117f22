"""Nebula hints say why in the game's words: a Time marker's step names the stars it puts
in front of the markers; a star positioned says what it does to the estimated VP."""

from __future__ import annotations

import itertools
import random

from nebula_helpers import RULES, counts, galaxy, new, placing
from nebula_helpers import star as star_of

from tui_games.engine.bots.hint import Hint, fits, hint_text
from tui_games.engine.codec import clone
from tui_games.engine.grammar import plural
from tui_games.games import get_game
from tui_games.games.nebula.board import CENTRE, CLUSTER_NAMES, INDEX, NEIGHBOURS
from tui_games.games.nebula.describe import a_star, stars_in_front
from tui_games.games.nebula.hard import seat_value
from tui_games.games.nebula.hint_words import _reasons, outlook, short, why
from tui_games.games.nebula.objectives import CAREER_DECK, PERSONAL_DECK, career_done
from tui_games.games.nebula.state import (
    ADVANCED_TOKENS,
    EMPTY,
    STAR_LETTERS,
    STAR_NAMES,
    AdvanceValue,
    FinishPositioning,
    KeepPersonal,
    KeepStar,
    PositionBlackStar,
    PositionStar,
    StepTime,
    TakeStars,
    TurnToChaos,
    star_name,
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
        "Expect to end about 4 VP behind your best rival.")


def test_taking_stars_and_chaos_say_what_they_do_for_the_reserve() -> None:
    """Issue 31: taking stars and Chaos had no reason. The rulebook: the stars taken go
    to the reserve; Chaos returns a reserve star and draws five from the bag to keep one."""
    s = new(2)
    seat = RULES.to_move(s)
    view = RULES.observe(s, seat)
    assert why(view, seat, TakeStars()) == "into your reserve, to place in your Galaxy"
    red = star_of("R")
    assert why(view, seat, TurnToChaos(red)) == (
        f"swaps {a_star(red)} from your reserve for your pick of five drawn from the bag "
        f"({sum(view.bag)} stars in it)")


def test_keeping_a_drawn_star_says_what_its_colour_is_worth_or_where_it_fits() -> None:
    # Issue 31, played: "Keep a white (W) star: keeps a white (W) star of the five drawn
    # for your reserve" said the move twice and no reason.
    s = RULES.setup(2, 1, {"mode": "full"})
    seat = RULES.to_move(s)
    white, red = star_of("W"), star_of("R")
    s.personal[seat] = _card("highlighted_colour", white)
    s.galaxies[seat] = galaxy("C=R")
    assert why(s, seat, KeepStar(white)) == (
        "white is your objective's colour; the others go back to the box")
    # nothing singled out: the spaces it may go on, by the placing rule
    spaces = len(NEIGHBOURS[CENTRE])
    assert why(s, seat, KeepStar(star_of("P"))) == (
        f"purple fits {spaces} empty spaces of your Galaxy now (linked to yours, not to its "
        "own colour)")
    assert why(s, seat, KeepStar(red)) == (
        "no space of your Galaxy takes red now: it waits in your reserve")
    for star in (white, red):
        assert "keeps" not in why(s, seat, KeepStar(star))


def test_a_take_stars_hint_shows_its_reason_whole_at_80_columns() -> None:
    """Issue 31: the move's own words (every marker's moves, ~145 characters) left the
    status line no room, so the hint dropped its reason. Now it names which star comes
    from which cluster, and the reason fits for every star (or gap) a marker may face."""
    info = get_game("nebula")
    s = new(2)
    seat = RULES.to_move(s)
    for faced in itertools.product([*range(len(STAR_LETTERS)), EMPTY], repeat=3):
        for cluster, at, star in zip(s.clusters, s.markers, faced, strict=True):
            cluster[at] = star
        view = RULES.observe(s, seat)
        text = hint_text(info, view, seat, Hint(TakeStars(), only_move=True),
                         ["Ann", "Bob"])
        reason = why(view, seat, TakeStars())
        assert reason in text and fits(text), text
        for name, star in zip(CLUSTER_NAMES, faced, strict=True):
            if star != EMPTY:
                assert f"{star_name(star)} from {name}" in text, text


def test_the_log_still_tells_how_the_markers_moved_before_the_stars_were_taken() -> None:
    s = new(2)
    for step in (StepTime(0, 1), StepTime(0, 1), StepTime(0, 1), StepTime(2, -1),
                 StepTime(2, -1)):
        RULES.apply(s, step)
    RULES.apply(s, TakeStars())
    assert ("after moving top 3 spaces clockwise and left 2 spaces counterclockwise"
            in s.log[-1].text), s.log[-1].text


def test_finishing_says_what_the_reserve_keeps_for_later() -> None:
    """Issue 31: finishing had no reason. The rulebook: stars not positioned stay in the
    reserve; a Career objective the Galaxy now fulfils is marked as the turn ends."""
    s = placing(new(2), "R B")
    seat = s.current
    assert why(s, seat, FinishPositioning()) == (
        "ends your turn, keeping 1 red (R) and 1 blue (B) in your reserve")
    s = placing(new(2), "R B W Y")
    assert why(s, seat, FinishPositioning()) == "ends your turn, keeping 4 stars in your reserve"
    s = placing(new(2), "")
    assert why(s, seat, FinishPositioning()) == (
        "ends your turn with every star you took positioned")


FULL = ("C=R N1=P E1=Y S1=W W1=B N2=O E2=R S2=P W2=Y N3=W E3=B S3=O W3=R N4=Y E4=P "
        "S4=B W4=W N5=O E5=Y S5=R W5=P")


def test_finishing_names_the_career_objectives_it_completes() -> None:
    s = new(2)
    seat = s.current
    for card in range(len(CAREER_DECK)):  # a Galaxy that meets the first Career objective
        s.career[0] = card
        done = [c for c in s.career if career_done(CAREER_DECK[c], galaxy(FULL))]
        if done:
            break
    placing(s, "", FULL)
    vp = sum(CAREER_DECK[c].top for c in done)
    assert why(s, seat, FinishPositioning()) == (
        f"ends your turn completing {plural(len(done), 'Career objective')} for {vp} VP")


def test_a_black_star_that_moves_the_indicator_onto_a_boost_space_says_so() -> None:
    """The rulebook: reaching 3, 6, 9 or 12 replaces the boosted star from the bag (hidden:
    no estimate is worked out, but the move is still explained)."""
    s = placing(new(2), "K", "C=R", boosted="B")
    seat = s.current
    s.indicator = 2
    assert why(s, seat, PositionBlackStar()) == (
        "slot 1 of 8; the indicator reaches 3: a new boosted star replaces blue (B)")


def test_a_step_onto_empty_spaces_says_it_is_one_of_a_plan_and_how_many_steps_are_left() -> None:
    s = new(2)
    seat = s.current
    for cluster in s.clusters:
        cluster[:] = [EMPTY] * len(cluster)
    # Issue 31, played: "leaves every Time marker facing an empty space" gave no reason
    # to step there: it is a step of a longer plan, and says what the rest is for.
    assert why(s, seat, StepTime(0, 1)) == (
        "one step on the way: every marker faces an empty space for now, 4 steps left to "
        "bring them to stars")


def test_every_move_of_a_random_game_has_a_reason() -> None:
    """Issue 31: finishing, a Value token, a Personal objective, a step onto empty spaces
    and a black star that redraws the boosted star had none (885 of 6,431 moves)."""
    s = new(2, seed=3)
    rng = random.Random(3)
    while RULES.to_move(s) is not None:
        seat = RULES.to_move(s)
        view = RULES.observe(s, seat)
        for action in RULES.legal_actions(view):
            assert why(view, seat, action), RULES.describe(view, action)
        RULES.apply(s, rng.choice(RULES.legal_actions(s)))


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
    assert "Career North in 3 colours (3 of 6)" in text, text


def test_a_black_star_says_what_the_black_star_zone_then_pays() -> None:
    s = placing(new(2), "K", "C=R")
    seat = s.current
    text = why(RULES.observe(s, seat), seat, PositionBlackStar())
    assert text.startswith("your Black Star Zone pays 1 VP for 1 (now 0)"), text


def test_an_advanced_objectives_value_token_keeps_its_reason_in_a_hint() -> None:
    """Issue 31: "Advance the Value token of Advanced objective 1 (Each orange (O) star
    orbit-linked to an outer Highlighted space)" left no room for why. The hint names the
    objective by its number (its card is on the table) and says why."""
    info = get_game("nebula")
    pick = random.Random(31)
    checked = 0
    while checked < 5:
        s = RULES.setup(2, pick.getrandbits(32), {})
        while RULES.to_move(s) is not None:
            seat = RULES.to_move(s)
            legal = RULES.legal_actions(s)
            advances = [a for a in legal
                        if isinstance(a, AdvanceValue) and a.token in ADVANCED_TOKENS]
            if advances:
                break
            RULES.apply(s, pick.choice(legal))
        else:
            continue
        checked += 1
        view = RULES.observe(s, seat)
        for move in advances:
            slot = move.token - ADVANCED_TOKENS.start + 1
            assert short(view, move) == f"advance the Value token of Advanced objective A{slot}"
            reason = why(view, seat, move)
            text = hint_text(info, view, seat, Hint(move, tries=9, share=1.0, rating=0.5))
            assert reason and f": {reason}." in text and fits(text), text


def test_a_time_step_says_the_markers_together_face_the_stars_not_the_moved_one() -> None:
    """Issue 31, played: "Move the top Time marker one space counterclockwise: faces blue"
    when the top marker then faced an empty space and the left one faced blue."""
    s = new(2)
    seat = s.current
    for cluster in s.clusters:
        cluster[:] = [EMPTY] * len(cluster)
    s.clusters[2][:] = [star_of("B")] * len(s.clusters[2])
    reasons = list(_reasons(RULES.observe(s, seat), seat, StepTime(0, 1)))
    assert not any(r.startswith("faces ") for r in reasons), reasons
    assert "the markers face blue; no colour here scores extra yet; any star fills your " \
        "Galaxy" in reasons, reasons
