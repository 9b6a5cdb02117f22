"""Nebula's checks for tui_games.tools.stress (pure: no textual, no rich).

``problems(state)``: what breaks the game's own invariants; ``hidden_from(state, seat)``:
what ``seat`` may not see, by place; ``shown(view, seat)``: the same places read from an
observation's JSON (decoded to builtins); ``MAX_ACTIONS``: a bound on one game's length.
"""

from __future__ import annotations

from typing import Any

from tui_games.tools.stress import negative

# An upper bound on actions per game, far above any real game and short of hanging.
MAX_ACTIONS = 4_000


def problems(s: Any) -> list[str]:
    """What is wrong with the state ``s`` by the game's own invariants."""
    from tui_games.games.nebula.board import BLACK_ZONE_SIZE, INDICATOR_LAST, VALUE_TRACK_LAST
    from tui_games.games.nebula.state import (
        BLACK,
        BLACK_STARS_BY_PLAYERS,
        EMPTY,
        HIDDEN,
        STARS_PER_COLOUR,
    )

    found = negative("the bag", s.bag) + negative("a reserve", s.reserves)
    found += negative("the chaos draw", s.drawn)
    found += negative("Time", [s.time_left, s.keep_left, s.indicator])
    # Stars leave play for the box (returned, replaced, not kept), so no colour may have
    # more stars in play than the game began with.
    in_play = [0] * 7
    for star in (x for c in s.clusters for x in c):
        if star != EMPTY:
            in_play[star] += 1
    for seat, galaxy in enumerate(s.galaxies):
        for star in galaxy:
            if star != EMPTY:
                if not 0 <= star < BLACK:
                    found.append(f"seat {seat}'s Galaxy holds {star!r}, not a coloured star")
                    continue
                in_play[star] += 1
    for counts in (s.bag, s.drawn, *s.reserves):
        for colour, n in enumerate(counts):
            in_play[colour] += n
    in_play[BLACK] += sum(s.black_stars)
    limit = [STARS_PER_COLOUR] * 6 + [BLACK_STARS_BY_PLAYERS[s.players]]
    if any(n > cap for n, cap in zip(in_play, limit, strict=True)):
        found.append(f"more stars in play {in_play} than in the box {limit}")
    if any(not 0 <= n <= BLACK_ZONE_SIZE for n in s.black_stars):
        found.append(f"a Black Star Zone holds {s.black_stars}")
    if not 0 <= s.indicator <= INDICATOR_LAST:
        found.append(f"the Black Star indicator is at {s.indicator}")
    if any(not 0 <= v <= VALUE_TRACK_LAST for v in s.values):
        found.append(f"a Value token is off its track: {s.values}")
    if len(set(s.placed)) != len(s.placed) or len(s.placed) > 3:
        found.append(f"stars positioned this turn: {s.placed}")
    for marks in s.career_marks:
        if len(set(marks)) != len(marks):
            found.append(f"a seat marked a Career objective twice: {marks}")
    if s.mode == "full":
        dealt = [c for offer in s.personal_offer for c in offer]
        if len(set(dealt)) != len(dealt):
            found.append(f"a Personal objective dealt twice: {s.personal_offer}")
        for seat, (kept, chosen) in enumerate(zip(s.personal, s.personal_chosen, strict=True)):
            if chosen != (kept != HIDDEN) or (chosen and kept not in s.personal_offer[seat]):
                found.append(f"seat {seat} kept {kept} of {s.personal_offer[seat]}")
    return found


def hidden_from(s: Any, seat: int) -> dict[str, list[int]]:
    """What ``seat`` may not see in the true state ``s``, by place (ids or values)."""
    if s.mode != "full":
        return {}
    hidden: dict[str, list[int]] = {}
    for p in range(s.players):
        if p != seat:
            hidden[f"offer {p}"] = list(s.personal_offer[p])
            if s.phase != "over":  # kept objectives are revealed at the end
                hidden[f"personal {p}"] = [s.personal[p]]
    return hidden


def shown(view: dict[str, Any], seat: int) -> dict[str, list[Any]]:
    """The places of ``hidden_from`` as ``seat``'s observation shows them."""
    if view.get("mode") != "full":
        return {}
    shown: dict[str, list[Any]] = {}
    for p in range(view["players"]):
        if p != seat:
            shown[f"offer {p}"] = view["personal_offer"][p]
            if view["phase"] != "over":
                shown[f"personal {p}"] = [view["personal"][p]]
    return shown
