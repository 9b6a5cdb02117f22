"""The Nebula table as data: what each part of the table shows for the viewer's
observation and the choices not made yet (no widget, no Textual: tested on its own).

The screen (screen.py) asks these functions what to draw and which keys work, and draws
the answers into its widgets. ``legal`` is always the viewer's legal actions now (empty
when the decision is not theirs), as GameScreen.legal() gives them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import NamedTuple

from tui_games.engine.core import Action
from tui_games.engine.session import Session
from tui_games.games.nebula.board import CONSTELLATION_NAMES, INDEX
from tui_games.games.nebula.objectives import (
    ADVANCED_RANK_VP,
    COLOUR_RANK_VP,
    CONSTELLATION_RANK_VP,
    value_podium,
)
from tui_games.games.nebula.state import (
    ADVANCED_TOKENS,
    BLACK,
    COLOUR_TOKENS,
    CONSTELLATION_TOKENS,
    STAR_LETTERS,
    AdvanceValue,
    KeepPersonal,
    NebulaState,
    PositionBlackStar,
    PositionStar,
    StepTime,
)

# The session's ui_prefs keys: what a save keeps of the choices not made yet.
PREF_CURSOR, PREF_STAR, PREF_NAMES = "nebula_cursor", "nebula_star", "nebula_names"
PREF_CHAOS = "nebula_chaos"

PHASE_PANE = {"collect": "clusters", "time": "clusters", "value": "values"}
"""The pane on the right that each decision needs (the others keep the pane shown)."""

PLACES = ("1st", "2nd", "3rd")
"""The places on a Values track that score, as the table names them."""

VALUES_KEY: tuple[str, ...] = (
    "The 3 furthest (tie: newest) pay:",
    f"{'/'.join(map(str, COLOUR_RANK_VP))} VP a star of that colour,",
    f"{'/'.join(map(str, CONSTELLATION_RANK_VP))} a complete Constellation,",
    f"{'/'.join(map(str, ADVANCED_RANK_VP))} a pattern of A1-A4 (Cards)",
)
"""Under the Values tokens: what a token's place pays, and what A1-A4 are (the Advanced
objectives listed on the Cards pane), in 34 columns (issue 31: "1st/2nd/3rd pay: star
3/2/1" and "A1" went unexplained; "R 1 2nd" beside "Y 1 1st", a tie broken by the token
moved there last, was read as a mistake)."""

BLACK_ZONE_LABEL, BLACK_ZONE_SHORT = "Black Star Zone", "K zone"
"""A Galaxy's row of placed black stars (not the clusters' Black Star indicator)."""

INDICATOR_LABEL = "K indicator"
INDICATOR_KEY = "◇ new boosted star  □ last round"
"""The clusters' Black Star indicator: one space per black star anyone places; a
diamond swaps the boosted star, the last square starts the last round."""


def boosted_line(boosted: int) -> str:
    """What the boosted star is for, in its own line of the clusters pane (issue 31:
    "boosted O" was never explained)."""
    letter = STAR_LETTERS[boosted]
    return f"boosted {letter}: place 3 if one is {letter}"

GATED = ("advance", "cancel", "chaos", "finish", "keep", "next_star", "place",
         "return_star", "take")
"""The game keys shown in the footer only in the phases where they do something."""


def decision_phase(view: NebulaState, mine: bool) -> str | None:
    """The viewer's phase when the decision is theirs, else None."""
    return view.phase if mine else None


def token_label(token: int) -> str:
    """The short name of a Value token: `R`, `North`, `A2`."""
    if token in COLOUR_TOKENS:
        return STAR_LETTERS[token]
    if token in CONSTELLATION_TOKENS:
        return CONSTELLATION_NAMES[token - CONSTELLATION_TOKENS.start]
    return f"A{token - ADVANCED_TOKENS.start + 1}"


def value_places(view: NebulaState) -> dict[int, int]:
    """Each ranked Value token's place on its track: 0 for 1st, 1, 2."""
    places: dict[int, int] = {}
    for track in (COLOUR_TOKENS, CONSTELLATION_TOKENS, ADVANCED_TOKENS):
        for place, token in enumerate(value_podium(view.values, view.value_stamps, track)):
            places[token] = place
    return places


def key_gates(phase: str | None, returning: bool, *, can_take: bool = True,
              can_chaos: bool = True) -> dict[str, bool | None]:
    """Which game key works now (True), shows dimmed (None) or is hidden (False), for the
    viewer's ``phase`` (None: not their decision) while ``returning`` (choosing the star
    to give back for Chaos) or not. ``can_take`` and ``can_chaos`` say whether the rules
    allow taking the stars (every step spent) and Turning to Chaos (a star in the
    reserve, no step taken) now.

    Take and Chaos stay listed, dimmed, while Time is invested and the rules refuse
    them: a Time step (a cursor key) then changes one key's look, where hiding it moved
    every key after it and the footer was written in full (issue 17: ~770 of the 1,642
    bytes of such a key)."""
    investing = phase in ("collect", "time") and not returning
    return {
        "take": (can_take or None) if investing else False,
        "return_star": phase == "collect" and returning,
        "keep": phase == "chaos",
        "place": phase == "place",
        "advance": phase == "value",
        "next_star": phase == "place",
        "chaos": (can_chaos or None) if investing else False,
        "finish": phase == "place",
        "cancel": returning,
    }


def shown_seat(view: NebulaState, mover: int | None, mine: bool, viewer: int,
               pinned: int | None) -> int:
    """The Galaxy on view: pinned by g, else the viewer's, or the mover's on their turn."""
    if pinned is not None:
        return pinned
    if mover is None or mine or view.phase == "personal":
        return viewer
    return mover


def galaxy_title(seat: int, viewer: int, human: bool, name: str) -> str:
    """"Your Galaxy", or whose it is."""
    return "Your Galaxy" if seat == viewer and human else f"{name}'s Galaxy"


def galaxy_targets(legal: Sequence[Action], star: int | None) -> tuple[list[int], bool]:
    """The spaces ``star`` may be positioned on, and whether the Black Star Zone takes it."""
    if star is None:
        return [], False
    if star == BLACK:
        return [], PositionBlackStar() in legal
    return [a.space for a in legal if isinstance(a, PositionStar) and a.star == star], False


def usable_stars(legal: Sequence[Action]) -> set[int]:
    """The reserve colours some legal action positions now."""
    return {BLACK if isinstance(a, PositionBlackStar) else a.star
            for a in legal if isinstance(a, PositionStar | PositionBlackStar)}


def held_stars(view: NebulaState, seat: int) -> list[int]:
    """The colours ``seat`` holds in their reserve, in reserve order."""
    return [s for s, n in enumerate(view.reserves[seat]) if n]


def chosen_star(view: NebulaState, viewer: int, star: int | None,
                usable: set[int]) -> int | None:
    """The star to position: ``star`` while it is held (and usable, if any is); else the
    first one that can go somewhere, else the first held."""
    held = held_stars(view, viewer)
    if star in held and (star in usable or not usable):
        return star
    return next((s for s in held if s in usable), held[0] if held else None)


def next_star(view: NebulaState, viewer: int, star: int | None) -> int | None:
    """The reserve colour after ``star`` (round), None when the reserve is empty."""
    held = held_stars(view, viewer)
    if not held:
        return None
    at = held.index(star) if star in held else -1
    return held[(at + 1) % len(held)]


class ReserveRow(NamedTuple):
    """What the Observation Zone row under the Galaxy shows."""

    label: str
    dimmed: set[int]
    show_cursor: bool
    note: str


def reserve_row(view: NebulaState, seat: int, viewer: int, name: str, phase: str | None,
                returning: bool, usable: set[int]) -> ReserveRow:
    """The reserve of ``seat``: the colours no legal action uses are dimmed when placing."""
    mine = seat == viewer
    dimmed = ({s for s in range(len(STAR_LETTERS)) if s not in usable}
              if phase == "place" else set())
    kinds = sum(1 for n in view.reserves[seat] if n)
    note = ("" if not mine else "␣ next star" if phase == "place" and kinds > 1
            else "return which? ←→ ⏎" if returning else "")
    return ReserveRow("Your reserve:" if mine else f"{name}'s reserve:", dimmed,
                      mine and (phase == "place" or returning), note)


def blocked_values(view: NebulaState, legal: Sequence[Action], phase: str | None) -> list[int]:
    """The Value tokens that cannot advance now (while choosing one)."""
    if phase != "value":
        return []
    return [t for t in range(len(view.values)) if AdvanceValue(t) not in legal]


def personal_offer(legal: Sequence[Action], phase: str | None) -> list[int]:
    """The Personal objective cards offered to keep."""
    if phase != "personal":
        return []
    return [a.card for a in legal if isinstance(a, KeepPersonal)]


def top_who(view: NebulaState, mover: int | None, mine: bool, name: str) -> str:
    """Whose turn the top line names (``name``: the mover's player name)."""
    if mover is None:
        return "game over"
    if mine:
        return "your turn" + ("" if name.lower() == "you" else f", {name}")
    if view.phase == "personal":
        return f"{name} chooses a Personal objective"
    return f"{name}'s turn"


def pane_for(phase: str | None) -> str | None:
    """The pane the viewer's decision needs, if any."""
    return "personal" if phase == "personal" else PHASE_PANE.get(phase or "")


def focus_for(phase: str | None, returning: bool) -> str:
    """Which part of the table gets the keys for the viewer's decision: "personal",
    "reserve", "clusters", "drawn", "values" or "galaxy"."""
    if phase == "personal":
        return "personal"
    if phase in ("collect", "time"):
        return "reserve" if returning else "clusters"
    return {"chaos": "drawn", "value": "values"}.get(phase or "", "galaxy")


def spaces_placed_this_turn(actions: Sequence[Action]) -> set[int]:
    """The Galaxy spaces the current turn's positioning has filled so far."""
    spaces: set[int] = set()
    for action in reversed(actions):
        if isinstance(action, PositionStar):
            spaces.add(action.space)
        elif not isinstance(action, PositionBlackStar | AdvanceValue):
            break
    return spaces


class SavedView(NamedTuple):
    """What a save kept of the table: the Galaxy cursor, the names overlay, whether the
    star to give back for Chaos was being chosen, and the star chosen for positioning."""

    cursor: int | None
    names: bool
    chaos: bool
    star: int | None


def saved_view(prefs: Mapping[str, str]) -> SavedView:
    """The view a save kept in ``prefs``; anything unreadable (an edited file) is left out."""
    letter = prefs.get(PREF_STAR, "")
    star = STAR_LETTERS.index(letter) if len(letter) == 1 and letter in STAR_LETTERS else None
    return SavedView(INDEX.get(prefs.get(PREF_CURSOR, "")), prefs.get(PREF_NAMES) == "on",
                     prefs.get(PREF_CHAOS) == "on", star)


def take_back_step(session: Session, cluster: int) -> bool:
    """Take back the last Time step of ``cluster`` this turn (it costs nothing): undo back
    to it and play the later steps of the other markers again. False when it can no
    longer be taken back (nothing is changed then)."""
    at = max(i for i, a in enumerate(session.actions)
             if isinstance(a, StepTime) and a.cluster == cluster)
    later = session.actions[at + 1:]
    if not all(session.undoable[at:]):
        return False
    for _ in range(len(later) + 1):
        session.undo()
    for action in later:
        session.apply(action)
    return True
