"""Nova Lux's table in sentences, for the lines front end (see tui_games/lines).

Built on the words the screen uses: a cell in words (view.cell_text), the factions'
abilities and requirements (cards.py), the engine and the flights the Ark can make
(view.py), with the cards' arrows and bars read aloud (view.spoken). The grid is told
by what matters: where your Ark is and can fly, and what is
on a cell and around it when asked (``look E3``, ``look near E3``). Every function reads
the seat's observation only.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui_games.engine.core import SPECTATOR
from tui_games.games.nova_lux.board import CARD_CELLS, CELL_NAMES, NEIGHBOURS
from tui_games.games.nova_lux.cards import (
    FACTIONS,
    HYDROGEN,
    STARS,
    ability_text,
    amount,
    requirement_text,
)
from tui_games.games.nova_lux.rules import NovaLuxRules
from tui_games.games.nova_lux.state import HIDDEN, NONE, NovaLuxState
from tui_games.games.nova_lux.turn_lines import DONE_WORDS, still_open
from tui_games.games.nova_lux.view import (
    cell_text,
    engine_words,
    flights,
    hydrogen_left,
    spoken,
)

_RULES = NovaLuxRules()
SCORE_UNITS = ("VP", "VP")  # what the final scores count, said in the result
MOST_NAMED = 8  # where you stand names at most this many cells; `look` names them all
PHASES = {
    "draft": "keep one faction card (the rest pass on)",
    "place": "place your Ark",
    "store": "your engine is full: put the new star in a slot, or discard it",
    "escape": "the neutron star collapsed under you: choose a neighbouring cell",
    "answer": "answer the trade offered to you",
    "compose": "compose your trade offer",
    "plunder": "you won the attack: take what you plunder, one at a time",
    "react": "use one faction ability at the end of the turn, or pass",
}


def _who(seat: int, viewer: int, names: Sequence[str]) -> str:
    return "you" if seat == viewer else names[seat]


def _said(names: Sequence[str], seat: int) -> list[str]:
    return ["you" if p == seat else name for p, name in enumerate(names)]


def _resources(view: NovaLuxState, seat: int) -> str:
    return ", ".join(amount(n, r) for r, n in enumerate(view.res[seat]))


def _reachable(view: NovaLuxState, seat: int) -> list[str]:
    paths = flights(view, _RULES.to_move(view), seat)
    here = view.ships[seat]
    return [CELL_NAMES[cell] for cell in sorted(paths) if cell != here]


def _factions(view: NovaLuxState, seat: int) -> list[str]:
    lines = []
    for slot, fid in enumerate(view.factions[seat]):
        if fid == HIDDEN:
            lines.append("A faction card not yet seen.")
            continue
        f = FACTIONS[fid]
        done = view.done[seat][slot] if view.done else False
        if done:
            lines.append(f"{f.name}: fulfilled.")
        else:
            lines.append(f"{f.name}: {ability_text(f)}; needs {requirement_text(f)}.")
    return lines


def _engine(view: NovaLuxState, seat: int) -> str:
    stars = [STARS[s].kind for s in view.engine[seat]]  # "red giant", "yellow star"
    return f"engine: {', '.join(stars)}" if stars else "engine: empty"


def _mat(view: NovaLuxState, seat: int, viewer: int, names: Sequence[str]) -> str:
    who = _who(seat, viewer, names)
    ark = (
        f"Ark at {CELL_NAMES[view.ships[seat]]}"
        if view.ships[seat] != NONE
        else "Ark not placed yet"
    )
    colony = CELL_NAMES[CARD_CELLS[view.colony[seat]]] if view.colony[seat] != NONE else "none"
    done = sum(view.done[seat]) if view.done else 0
    return (
        f"{who[:1].upper()}{who[1:]}: {ark}; {_resources(view, seat)}; "
        f"{done} of 3 factions fulfilled; colony {colony}; {_engine(view, seat)}."
    )


def stand(view: NovaLuxState, seat: int, names: Sequence[str]) -> str:
    doing = PHASES.get(view.phase, "")
    if view.phase == "turn":
        # What is still open, as the screen's status says it: "harvest, move, run the
        # engine, found a colony (each once)" said before every choice was untrue once an
        # action was done, and the engine runs as often as it is fed.
        doing = f"{still_open(view)}, then take 1 hydrogen to end"
    did = [DONE_WORDS[d] for d in dict.fromkeys(view.did)] if view.phase == "turn" else []
    done = f" Done this turn: {', '.join(did)}." if did else ""
    ark = (
        f" Your Ark is at {CELL_NAMES[view.ships[seat]]}."
        if view.ships and view.ships[seat] != NONE
        else ""
    )
    reach = _reachable(view, seat) if view.phase == "turn" and "move" not in view.did else []
    flies = (
        f" It can fly to {', '.join(reach)}."
        if 0 < len(reach) <= MOST_NAMED
        else f" It can fly to {len(reach)} cells ('look' names them)."
        if reach
        else ""
    )
    held = f" You hold {_resources(view, seat)}." if view.res else ""
    return spoken(
        f"Turn {view.turn + 1}, {hydrogen_left(view)} hydrogen left in all "
        f"stars.{held}{ark}{flies}{done} Now: {doing}."
    )


def table(view: NovaLuxState, seat: int, names: Sequence[str]) -> list[str]:
    order = [seat, *(p for p in range(view.players) if p != seat)]
    lines = [_mat(view, p, seat, names) for p in order]
    lines += [f"Your faction {line}" for line in _factions(view, seat)]
    lines.append(f"{hydrogen_left(view)} hydrogen left in all stars.")
    cards = [cell_text(view, cell, _said(names, seat)) for cell in CARD_CELLS]
    lines += [f"{line}." for line in cards]
    reach = _reachable(view, seat)
    if reach:
        lines.append(f"Your Ark can fly to {', '.join(reach)}.")
    return [spoken(line) for line in lines]


def public(view: NovaLuxState, names: Sequence[str]) -> list[str]:
    """The table as a spectator sees it: every Ark's mat and the star cards."""
    lines = [_mat(view, p, SPECTATOR, names) for p in range(view.players)]
    lines.append(f"{hydrogen_left(view)} hydrogen left in all stars.")
    lines += [f"{cell_text(view, cell, list(names))}." for cell in CARD_CELLS]
    return [spoken(line) for line in lines]


def hand(view: NovaLuxState, seat: int, names: Sequence[str]) -> list[str]:
    lines = [f"You hold {_resources(view, seat)}."]
    if view.phase == "draft" and view.hands and view.hands[seat]:
        offered = [FACTIONS[f].name for f in view.hands[seat] if f != HIDDEN]
        lines.append(f"Faction cards offered to you: {', '.join(offered)}.")
    return [
        spoken(line) for line in [*lines, *_factions(view, seat), f"Your {_engine(view, seat)}."]
    ]


def score(view: NovaLuxState, seat: int, names: Sequence[str]) -> list[str]:
    lines = []
    for p in range(view.players):
        done = sum(view.done[p]) if view.done else 0
        who = _who(p, seat, names)
        lines.append(
            f"{who[:1].upper()}{who[1:]}: {done} of 3 factions fulfilled, "
            f"{amount(view.res[p][HYDROGEN], HYDROGEN)}."
        )
    return lines


def places(view: NovaLuxState, names: Sequence[str]) -> list[str]:
    return ["a cell by its name (A1 ... G7)", "engine", *names]


def _cell(name: str) -> int | None:
    wanted = name.strip().upper()
    return next((c for c, label in enumerate(CELL_NAMES) if label.upper() == wanted), None)


def place(view: NovaLuxState, seat: int, names: Sequence[str], name: str) -> list[str] | None:
    asked = name.strip().lower()
    for p, seat_name in enumerate(names):
        if asked == seat_name.lower() or (asked in ("me", "you") and p == seat):
            return [spoken(_mat(view, p, seat, names))]
    if asked == "engine":
        # What each slot pays and gives, as the screen's engine panel says it: the
        # choices name slots by number only.
        return [spoken(line.strip()) for line in engine_words(view, seat)]
    cell = _cell(name)
    if cell is None:
        return None
    lines = [f"{cell_text(view, cell, _said(names, seat))}."]
    paths = flights(view, _RULES.to_move(view), seat)
    if cell in paths and cell != view.ships[seat]:
        lines.append(f"Your Ark can fly here for {amount(paths[cell][0], HYDROGEN)}.")
    return [spoken(line) for line in lines]


def near(view: NovaLuxState, seat: int, names: Sequence[str], name: str) -> list[str] | None:
    cell = _cell(name)
    if cell is None:
        return None
    around = [f"{cell_text(view, other, _said(names, seat))}." for other in NEIGHBOURS[cell]]
    return [f"Around {CELL_NAMES[cell]}:", *(spoken(line) for line in around)]


def secret_names(state: NovaLuxState, seat: int) -> set[str]:
    """The faction cards ``seat`` cannot see in the true ``state`` (the rivals' hands and
    picks during the draft), which no line told to the seat may name."""
    view = _RULES.observe(state, seat)
    if state.phase != "draft":
        return set()
    hidden = {
        f for p in range(state.players) if p != seat for f in [*state.hands[p], *state.factions[p]]
    }
    seen = {
        f for p in range(view.players) for f in [*view.hands[p], *view.factions[p]] if f != HIDDEN
    }
    return {FACTIONS[f].name for f in hidden - seen}
