"""Why a Nebula hint plays what it plays, in the game's words (engine.bots.hint.HintWords).

Stars are taken and positioned to score victory points (VP) at the end: objectives,
constellations, the Black Star Zone. A move is explained by what the `hard` bot's own
estimate of the seat's final VP (hard.seat_value) makes of it, on the seat's own
observation and only for moves that reveal nothing (no draw from the bag).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator

from tui_games.engine.bots.hint import after_move, margin_outlook, reason_fits
from tui_games.engine.grammar import plural
from tui_games.games.nebula.board import (
    BLACK_ZONE_SIZE,
    BLACK_ZONE_VP,
    INDICATOR_BOOST_SPACES,
    SPACES,
)
from tui_games.games.nebula.describe import a_star, and_list, describe_action, stars_in_front
from tui_games.games.nebula.hard import LEAD_SCALE, seat_value
from tui_games.games.nebula.objectives import (
    CAREER_DECK,
    COLOUR_RANK_VP,
    PERSONAL_DECK,
    career_done,
    career_short,
    career_spaces,
    personal_colour,
    personal_progress,
    personal_unit,
    token_vp,
)
from tui_games.games.nebula.placement import allowed_colours
from tui_games.games.nebula.rules import NebulaRules
from tui_games.games.nebula.state import (
    ADVANCED_TOKENS,
    BLACK,
    COLOUR_TOKENS,
    EMPTY,
    HIDDEN,
    STAR_NAMES,
    AdvanceValue,
    FinishPositioning,
    KeepPersonal,
    KeepStar,
    NebulaAction,
    NebulaState,
    PositionBlackStar,
    PositionStar,
    StepTime,
    TakeStars,
    TurnToChaos,
    star_name,
)

_RULES = NebulaRules()
_SELF = sys.modules[__name__]  # this explainer, whose short names a hint falls back to


def short(view: NebulaState, action: NebulaAction) -> str:
    """The move in a few words, for a hint with no room for its full name: an Advanced
    objective by its Cards pane label, "A2" (its card is on the table, and quoting its
    text left the hint no room to say why), a positioned star without the star it replaces."""
    if isinstance(action, AdvanceValue) and action.token in ADVANCED_TOKENS:
        slot = action.token - ADVANCED_TOKENS.start + 1
        return f"advance the Value token of Advanced objective A{slot}"
    if isinstance(action, PositionStar):
        return f"position {a_star(action.star)} on {SPACES[action.space]}"
    return describe_action(view, action)


def why(view: NebulaState, seat: int, action: NebulaAction) -> str:
    """What ``action`` does for the seat, the fullest reason that fits the hint's two
    status lines beside the move's short name (hint_text gives up the full name first)."""
    reasons = list(_reasons(view, seat, action))
    for reason in reasons:
        if reason_fits(_RULES, _SELF, view, action, reason):
            return reason
    return reasons[-1] if reasons else ""


def _progress(view: NebulaState, seat: int, card_id: int) -> tuple[int, int]:
    rivals = [b for other, b in enumerate(view.black_stars) if other != seat]
    return personal_progress(
        PERSONAL_DECK[card_id], view.galaxies[seat], view.black_stars[seat], rivals)


def _kept(view: NebulaState, seat: int) -> int:
    """The seat's kept Personal objective (HIDDEN before it keeps one)."""
    return view.personal[seat] if view.personal else HIDDEN


def _keep_reasons(view: NebulaState, seat: int, action: KeepPersonal) -> Iterator[str]:
    card = PERSONAL_DECK[action.card]
    have, need = _progress(view, seat, action.card)
    unit = personal_unit(card)
    if card.kind == "most_black":
        now = f"you have {have}, a rival at most {need}"
    else:
        now = f"{have} of {need} {unit}"
    colour = personal_colour(card)
    held = view.reserves[seat][colour] if colour is not None and view.reserves else 0
    spare = f", {held} {STAR_NAMES[colour]} in reserve" if colour is not None else ""
    others = [c for c in view.personal_offer[seat] if c not in (action.card, HIDDEN)]
    other = ""
    if others:
        o_have, o_need = _progress(view, seat, others[0])
        other = f" (the other: {o_have} of {o_need})"
    # kept secret all game, it pays only if it still holds when the game ends
    paid = "scores only if true at the end"
    yield f"{paid}: {now}{spare}{other}"
    yield f"{paid}: {now}{spare}"
    yield f"{paid}: {now}"
    yield paid


def _good_for(view: NebulaState, seat: int, star: int) -> str:
    """What one star in front of a marker is good for the seat, "" when nothing stands out."""
    kept = _kept(view, seat)
    if kept != HIDDEN and personal_colour(PERSONAL_DECK[kept]) == star:
        return "is your objective's colour"
    if star == BLACK:
        placed = view.black_stars[seat] if view.black_stars else 0
        if placed + 1 < len(BLACK_ZONE_VP):
            gain = BLACK_ZONE_VP[placed + 1] - BLACK_ZONE_VP[placed]
            return (f"adds {gain} VP to your Black Star Zone" if gain
                    else "fills your Black Star Zone (and moves a Value token)")
        return ""
    pays = token_vp(view.values, view.value_stamps, COLOUR_TOKENS, COLOUR_RANK_VP) \
        if view.values else {}
    if star in pays:
        return f"pays {pays[star]} VP a star (Values board)"
    return ""


def _step_reasons(view: NebulaState, seat: int, after: NebulaState) -> Iterator[str]:
    faced = [x for x in stars_in_front(after) if x != EMPTY]
    if not faced:
        # A step of a longer plan: say that the later steps still choose what is taken.
        left = plural(after.time_left, "step")
        yield (f"one step on the way: every marker faces an empty space for now, {left} "
               "left to bring them to stars")
        yield f"one step on the way, {left} left to bring the markers to stars"
        yield "one step on the way: the markers face empty spaces for now"
        return
    stars = f"puts {and_list([a_star(x) for x in faced])} in front of the Time markers"
    goods = []
    for star in dict.fromkeys(faced):
        good = _good_for(view, seat, star)
        if good:
            goods.append(f"{STAR_NAMES[star]} {good}")
    kinds = Counter(STAR_NAMES[x] for x in faced)
    # "the markers", not "faces": the stars may be in front of markers this step left
    # alone, and "Move the top marker …: faces blue" read as the top one facing blue.
    short = "the markers face " + and_list(
        [f"{n} {name}" if n > 1 else name for name, n in kinds.items()])
    if goods:
        yield f"{stars}; {'; '.join(goods)}"
        yield f"{short}; {'; '.join(goods)}"
        yield f"in front: {'; '.join(goods)}"
        yield f"{short}; {goods[0]}"
    else:
        # nothing singled out: say so, and what any star is still worth
        none = "no colour here scores extra yet; any star fills your Galaxy"
        yield f"{stars}; {none}"
        yield f"{short}; {none}"
    yield stars
    yield short


def _advances(view: NebulaState, after: NebulaState, seat: int) -> list[str]:
    """Which objectives a placement brings nearer: the kept Personal objective and the
    Career objectives the seat has not completed yet."""
    out = []
    kept = _kept(view, seat)
    if kept != HIDDEN:
        before, need = _progress(view, seat, kept)
        now, _ = _progress(after, seat, kept)
        if now > before and PERSONAL_DECK[kept].kind != "most_black":
            out.append(f"your Personal objective ({now} of {need})")
    for card_id, marks in zip(view.career, view.career_marks, strict=False):
        if seat in marks:
            continue
        card = CAREER_DECK[card_id]
        spaces = career_spaces(card)
        was = sum(1 for s in spaces if view.galaxies[seat][s] != EMPTY)
        now = sum(1 for s in spaces if after.galaxies[seat][s] != EMPTY)
        if now > was:
            out.append(f"Career {career_short(card)} ({now} of {len(spaces)})")
    return out


def _reasons(view: NebulaState, seat: int, action: NebulaAction) -> Iterator[str]:
    if isinstance(action, KeepPersonal):
        if view.personal_offer and view.galaxies:
            yield from _keep_reasons(view, seat, action)
        return
    text = _why(view, seat, action)
    if isinstance(action, KeepStar):
        # What the colour is worth to the seat, as a Time step says it of the stars faced.
        good = _good_for(view, seat, action.star)
        if good:
            yield f"{STAR_NAMES[action.star]} {good}; the others go back to the box"
            yield f"{STAR_NAMES[action.star]} {good}"
    if isinstance(action, StepTime):
        after = after_move(_RULES, view, action)
        if after is not None:
            yield from _step_reasons(view, seat, after)
        return
    if isinstance(action, PositionStar) and text:
        after = after_move(_RULES, view, action)
        steps = _advances(view, after, seat) if after is not None else []
        if steps:
            yield f"{text}; towards {and_list(steps)}"
            yield f"towards {and_list(steps)}"
            yield f"{text}; towards {steps[0]}"
    if isinstance(action, PositionBlackStar) and view.black_stars:
        if text and view.indicator + 1 in INDICATOR_BOOST_SPACES:
            yield text  # the boosted star drawn anew matters more than the zone's VP
        placed = view.black_stars[seat]
        if placed + 1 < len(BLACK_ZONE_VP):
            zone = (f"your Black Star Zone pays {BLACK_ZONE_VP[placed + 1]} VP for "
                    f"{placed + 1} (now {BLACK_ZONE_VP[placed]})")
            value = "; then advance a Value token" if view.mode == "full" else ""
            yield f"{zone}{value}"
            yield zone
    if text:
        yield text


def _why(view: NebulaState, seat: int, action: NebulaAction) -> str:
    """What ``action`` does to the seat's estimated final VP."""
    if isinstance(action, TakeStars):
        # The move's own words name the stars: say where they go. Not "this turn": the
        # limit (two, three with the boosted colour) may leave some in the reserve.
        return "into your reserve, to place in your Galaxy"
    if isinstance(action, TurnToChaos):
        left = sum(view.bag)
        return (f"swaps {a_star(action.star)} from your reserve for your pick of five "
                f"drawn from the bag ({left} stars in it)")
    if isinstance(action, KeepStar):
        return _fits(view, seat, action.star)
    if isinstance(action, KeepPersonal):
        # The rulebook: kept face down; it scores at the end if the Galaxy meets it.
        return "kept secret; scores if your Galaxy meets it at the end"
    if isinstance(action, FinishPositioning):
        return _finish(view, seat)
    after = after_move(_RULES, view, action)
    if after is None:
        if isinstance(action, PositionBlackStar):
            return _black_boost(view, seat)
        return ""
    try:
        gain = round(seat_value(after, seat) - seat_value(view, seat))
    except (IndexError, ValueError):  # an observation without the seat's galaxy yet
        return ""
    if isinstance(action, PositionBlackStar):
        what = "in your Black Star Zone it "
    elif isinstance(action, PositionStar | AdvanceValue):
        what = ""
    else:
        return ""
    if gain > 0:
        return f"{what}adds about {gain} VP to your estimated final score"
    if gain < 0:
        return f"{what}costs about {-gain} VP of your estimated score, for what it sets up"
    return f"{what}leaves your estimated final score as it is"


def _fits(view: NebulaState, seat: int, star: int) -> str:
    """Where a kept star could go now: the empty spaces linked to the Galaxy and to no
    star of its colour (the placing rule a newcomer learns by its refusals)."""
    if star == BLACK:
        return "black goes to your Black Star Zone, not the Galaxy"
    galaxy = view.galaxies[seat] if seat < len(view.galaxies) else None
    if galaxy is None:
        return ""
    spaces = sum(1 for space, colours in enumerate(allowed_colours(galaxy))
                 if galaxy[space] == EMPTY and colours >> star & 1)
    if not spaces:
        return f"no space of your Galaxy takes {STAR_NAMES[star]} now: it waits in your reserve"
    return (f"{STAR_NAMES[star]} fits {plural(spaces, 'empty space')} of your Galaxy now "
            "(linked to yours, not to its own colour)")


def _finish(view: NebulaState, seat: int) -> str:
    """The turn's end: the Career objectives the Galaxy now completes are marked (the
    clusters' refill from the bag is hidden: not said); else what the reserve keeps."""
    galaxy = view.galaxies[seat] if seat < len(view.galaxies) else None
    done = [(CAREER_DECK[card], marks)
            for card, marks in zip(view.career, view.career_marks, strict=True)
            if galaxy is not None and seat not in marks
            and career_done(CAREER_DECK[card], galaxy)]
    if done:
        vp = sum(card.bottom if marks else card.top for card, marks in done)
        return (f"ends your turn completing {plural(len(done), 'Career objective')} "
                f"for {vp} VP")
    kept = [f"{n} {star_name(c)}" for c, n in enumerate(view.reserves[seat]) if n]
    if len(kept) > 2:  # a longer list would leave the hint line no room
        return (f"ends your turn, keeping {plural(sum(view.reserves[seat]), 'star')} in "
                "your reserve")
    if kept:
        return f"ends your turn, keeping {and_list(kept)} in your reserve"
    return "ends your turn with every star you took positioned"


def _black_boost(view: NebulaState, seat: int) -> str:
    """A black star that moves the indicator onto a boost space: the boosted star is
    drawn anew from the bag (hidden, so the estimate is not worked out)."""
    nxt = view.indicator + 1
    slot = view.black_stars[seat] + 1 if seat < len(view.black_stars) else 1
    if nxt in INDICATOR_BOOST_SPACES:
        return (f"slot {slot} of {BLACK_ZONE_SIZE}; the indicator reaches {nxt}: a new "
                f"boosted star replaces {star_name(view.boosted)}")
    return f"slot {slot} of {BLACK_ZONE_SIZE}"


def outlook(view: NebulaState, seat: int, rating: float) -> str:
    """The hard bot's reward is the estimated lead over the best rival, over LEAD_SCALE VP."""
    return margin_outlook(rating, LEAD_SCALE)
