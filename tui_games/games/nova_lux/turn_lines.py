"""The two lines about the turn (pure, no UI): the top line (the game, the turn, whose it
is and what it has done, the dice, the hydrogen left) and the status line (what the
player at the keyboard can do now)."""

from __future__ import annotations

from collections.abc import Sequence

from tui_games.engine.text import fit
from tui_games.games.nova_lux.state import NovaLuxState
from tui_games.games.nova_lux.view import dice_label, hydrogen_left

DONE_WORDS = {"harvest": "harvested", "move": "moved", "engine": "engine run",
              "colony": "colony founded"}
_MODES = {"solo": "solo", "semi": "semi-co-op", "standard": ""}


def top_line(s: NovaLuxState, mover: int | None, viewer: int, names: Sequence[str],
             width: int) -> str:
    """``Nova Lux · turn 3 · your turn (harvested) · dice 4 2 · 61 H in all stars``, fitted
    to ``width``."""
    if mover is None:
        who = "game over"
    elif s.phase == "draft":
        who = "faction draft"
    elif s.phase == "place":
        who = "placing the Arks"
    else:
        who = "your turn" if s.current == viewer else f"{names[s.current]}'s turn"
    done = [DONE_WORDS[d] for d in dict.fromkeys(s.did)] if mover is not None \
        and s.phase not in ("draft", "place") else []
    dice = f" · {dice_label(s)}" if s.dice else ""
    left = hydrogen_left(s)
    mode = _MODES[s.mode]

    def line_of(name: str, who: str, did: Sequence[str]) -> str:
        title = " ".join(part for part in (name, mode) if part)
        head = " · ".join(part for part in (title, f"turn {s.turn + 1}") if part)
        turn = who + (" (" + ", ".join(did) + ")" if did else "")
        return f"{head} · {turn}{dice} · {left} H in all stars"

    # Too long for the terminal: what the turn has done gives way first (the log says it
    # too), then "…". The game's name stays or goes by the width alone (it goes only
    # where even a bare turn would not fit beside it), so the title never flips between
    # "Nova Lux solo" and "solo" from one step of a game to the next.
    name = "Nova Lux" if len(line_of("Nova Lux", "your turn", [])) <= width else ""
    for did in (done, []):
        line = line_of(name, who, did)
        if len(line) <= width:
            break
    return fit(line, width)


def status_text(s: NovaLuxState, mover: int | None, mine: bool, names: Sequence[str],
                list_keys: bool) -> str:
    """Whose turn it is and what the viewer can do now (at most two lines): ``mine``, the
    decision is the keyboard's; ``list_keys``, the action list has the keys (else the map)."""
    if mover is None:
        return "The game is over."
    if not mine:
        return f"Seat {mover + 1} is playing."
    phase = s.phase
    if phase == "draft":
        return "Keep one faction card (the rest pass to the left): Enter on the list."
    if phase == "place":
        return "Place your Ark: move the cursor to a cell, Enter, then Enter again."
    if phase == "store":
        return "Your engine is full: put the new star in a slot, or discard it."
    if phase == "escape":
        return "The neutron star collapsed under you: choose a neighbouring cell."
    if phase == "answer":
        return "Answer the trade offered to you."
    if phase == "compose":
        return "Compose your trade offer: + and - on each side, Enter offers, Esc drops it."
    if phase == "plunder":
        return f"You won the attack: take {s.plunder_left} more, one at a time."
    if phase == "react":
        return (f"End of {names[s.current]}'s turn: use one faction ability, "
                "or pass (p).")
    if list_keys:
        keys = "The list has the keys: ↑↓ choose, Enter plays, Esc back to the map."
    else:
        keys = "The map has the keys: arrows move, Enter lists actions, Tab next place."
    return ("Your turn: harvest, move, engine, colony (each once), then take 1 hydrogen "
            f"to end. {keys}")
