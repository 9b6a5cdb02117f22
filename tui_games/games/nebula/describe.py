"""Plain-language phrases for Nebula's actions and Value tokens (menus, hints, the log)."""

from __future__ import annotations

from tui_games.engine.grammar import a_or_an, plural, seat_ref
from tui_games.games.nebula.board import (
    CLUSTER_NAMES,
    CLUSTER_SIZE,
    CONSTELLATION_NAMES,
    SPACES,
)
from tui_games.games.nebula.objectives import ADVANCED_DECK, PERSONAL_DECK, advanced_name
from tui_games.games.nebula.objectives import personal_text as _personal_text
from tui_games.games.nebula.state import (
    EMPTY,
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


def player_name(seat: int) -> str:
    """How the log names a seat ("Seat 1" for seat 0); the screen puts the names in."""
    return seat_ref(seat)


def token_name(s: NebulaState, token: int) -> str:
    """The Value token ``token`` in words: a colour, a Constellation or an Advanced card."""
    if token < 6:
        return f"the {star_name(token)} Value token"
    if token < 10:
        return f"the {CONSTELLATION_NAMES[token - 6]} Constellation Value token"
    # The Cards pane's name for the card ("A4 each surrounded highlight"), not its full
    # text: the log named a card one way and the pane and hints another (issue 31).
    slot = token - 10
    if not s.advanced:
        return f"the Value token of Advanced objective A{slot + 1}"
    return f"the Value token of {advanced_name(slot + 1, ADVANCED_DECK[s.advanced[slot]])}"


def a_star(colour: int) -> str:
    """``a red (R) star`` / ``an orange (O) star``."""
    return a_or_an(f"{star_name(colour)} star")


def and_list(items: list[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return " and ".join([", ".join(items[:-1]), items[-1]] if len(items) > 2 else items)


def narrate(s: NebulaState, a: NebulaAction, seat: int) -> str:
    """A log line: ``Seat 2 positions a red (R) star on N3.``"""
    # The log keeps how the markers moved: a rival's turn is read there, after the fact.
    said = take_in_full(s) if isinstance(a, TakeStars) else describe_action(s, a)
    verb, _, rest = said.partition(" ")
    verb += "es" if verb.endswith("sh") else "s"
    return f"{player_name(seat)} {verb} {rest}."


def stars_in_front(s: NebulaState) -> list[int]:
    """The stars now in front of the three Time markers (EMPTY where a space is bare)."""
    return [cluster[at] for cluster, at in zip(s.clusters, s.markers, strict=True)]


def moves_text(s: NebulaState) -> list[str]:
    """This turn's Time moves so far, e.g. ``["top 2 spaces clockwise", ...]``."""
    out = []
    for cluster, way in enumerate(s.time_dirs):
        if way:
            steps = (s.markers[cluster] - s.moons[cluster]) * way % CLUSTER_SIZE
            word = "clockwise" if way > 0 else "counterclockwise"
            out.append(f"{CLUSTER_NAMES[cluster]} {plural(steps, 'space')} {word}")
    return out


def take_in_full(s: NebulaState) -> str:
    """Taking stars with the Time moves that led there (the log): ``take white (W) and
    red (R) after moving top 1 space clockwise and left 2 spaces counterclockwise``."""
    stars = [star_name(x) for x in stars_in_front(s) if x != EMPTY]
    moves = moves_text(s)
    taken = and_list(stars) if stars else "no star"
    return f"take {taken} after moving {and_list(moves)}" if moves else (
        f"take {taken} without moving a Time marker")


def take_text(s: NebulaState) -> str:
    """Taking stars as a choice: which star from which cluster, ``take white (W) from top
    and red (R) from left``. The Time moves are on the board (and in the log once
    taken): naming them too left a hint no room to say why."""
    taken = [f"{star_name(star)} from {name}"
             for name, star in zip(CLUSTER_NAMES, stars_in_front(s), strict=True)
             if star != EMPTY]
    return f"take {and_list(taken)}" if taken else (
        "take no star (every marker faces an empty space)")


def describe_action(s: NebulaState, a: NebulaAction) -> str:
    """A plain phrase for ``a`` in ``s``."""
    if isinstance(a, StepTime):
        way = "clockwise" if a.step > 0 else "counterclockwise"
        return f"move the {CLUSTER_NAMES[a.cluster]} Time marker one space {way}"
    if isinstance(a, TakeStars):
        return take_text(s)
    if isinstance(a, TurnToChaos):
        return f"turn to Chaos, returning {a_star(a.star)}"
    if isinstance(a, KeepStar):
        return f"keep {a_star(a.star)}"
    if isinstance(a, PositionStar):
        text = f"position {a_star(a.star)} on {SPACES[a.space]}"
        if s.galaxies and s.galaxies[s.current][a.space] != EMPTY:
            text += f", replacing its {star_name(s.galaxies[s.current][a.space])} star"
        return text
    if isinstance(a, PositionBlackStar):
        return "position a black (K) star in the Black Star Zone"
    if isinstance(a, AdvanceValue):
        return f"advance {token_name(s, a.token)}"
    if isinstance(a, FinishPositioning):
        return "finish positioning stars"
    if isinstance(a, KeepPersonal):
        return f"keep the Personal objective: {_personal_text(PERSONAL_DECK[a.card])}"
    return repr(a)
