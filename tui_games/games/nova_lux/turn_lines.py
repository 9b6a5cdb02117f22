"""The two lines about the turn (pure, no UI): the top line (the game, the turn, whose it
is and what it has done, the dice, the hydrogen left) and the status line (what the
player at the keyboard can do now)."""

from __future__ import annotations

from collections.abc import Sequence

from tui_games.engine.text import fit
from tui_games.games.nova_lux.cards import FACTIONS_KEPT
from tui_games.games.nova_lux.state import NONE, NovaLuxState
from tui_games.games.nova_lux.turns import NO_HYDROGEN
from tui_games.games.nova_lux.view import dice_label, hydrogen_left

DONE_WORDS = {"harvest": "harvested", "move": "moved", "engine": "engine run",
              "colony": "colony founded"}
_MODES = {"solo": "solo", "semi": "semi-co-op", "standard": ""}


def goal_text(s: NovaLuxState, seat: int) -> str:
    """What ``seat`` still needs to win, shortest first: ``goal: colony, then 3
    factions`` until the colony stands, then ``goal: 2 more factions`` (rulebook: "Must
    establish colony first"; 2 of 3 with 5 or 6 players)."""
    need = 2 if s.players >= 5 else FACTIONS_KEPT
    done = sum(s.done[seat]) if s.done else 0
    if s.colony[seat] == NONE:
        return f"goal: colony, then {need} factions"
    left = max(need - done, 0)
    return f"goal: {left} more faction{'s' if left != 1 else ''}"


def last_turn(s: NovaLuxState) -> int:
    """The turn a finished game's final move was made in, as the header counted it then:
    the universe runs dry as a turn closes, once that turn is counted; a faction is
    fulfilled in the middle of one, not yet counted."""
    return s.turn if s.end_reason == NO_HYDROGEN else s.turn + 1


NAME_ROOM = 100
"""The width from which the top line names the game: below it the line needs the room for
the goal and the dice (the name is in the window's title and the menu anyway)."""


def top_line(s: NovaLuxState, mover: int | None, viewer: int, names: Sequence[str],
             width: int) -> str:
    """``Nova Lux · turn 3 · your turn (harvested) · goal: colony, then 3 factions · dice
    hit E5: yellow star died · 61 hydrogen left in all stars``, fitted to ``width``."""
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
    goal = goal_text(s, viewer) if mover is not None and viewer < s.players \
        and not s.left_game[viewer] else ""
    left = hydrogen_left(s)
    mode = _MODES[s.mode]
    dice = dice_label(s) if s.dice else ""
    # A standard game rolls for cards only at setup: once the Arks fly, that roll is old
    # news (solo and semi-co-op roll every turn; an attack's dice are the turn's).
    stale = s.mode == "standard" and s.phase not in ("draft", "place")
    if stale and not dice.startswith("attack"):
        dice = ""
    turn = who + (" (" + ", ".join(done) + ")" if done else "")
    number = last_turn(s) if s.phase == "over" else s.turn + 1
    # The game's name stays or goes by the width alone, never by the step of a turn, so
    # the title does not flip between "Nova Lux solo" and "solo" as a game goes on.
    name = "Nova Lux" if width >= NAME_ROOM else ""
    title = " ".join(part for part in (name, mode) if part)
    full = [title, f"turn {number}", turn, goal, dice, f"{left} hydrogen left in all stars"]
    # Too long for the terminal: what the turn has done gives way first (the status
    # line and the log say it too), then the turn's number joins
    # its owner and the words shorten; the goal and the dice's cause stay longest (a
    # newcomer's first question, and why a cell just changed); "…" only last.
    # The goal keeps its one wording at every width: a title that changes its words
    # between turns reads as a change of goal.
    compact = [f"{who} {number}" if mover is not None and s.phase not in
               ("draft", "place") else f"turn {number} · {who}", goal]
    # "71 H" alone was a letter a newcomer had to guess (issue 31): the word where it fits
    # beside the dice's cause, the letter only where nothing else would.
    short = f"{left} hydrogen left"
    tries = [full, [title, full[1], who, *full[3:]], [title, full[1], who, *full[3:-1], short]]
    tries += [[name, *compact, dice and dice_label(s, 1), short]]
    tries += [[name, *compact, dice and dice_label(s, n), f"{left} H"] for n in (1, 2, 3)]
    for parts in tries:
        line = " · ".join(part for part in parts if part)
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
        keys = "↑↓ choose in the list, Enter plays, Esc back to the map."
    else:
        keys = "Arrows move on the map, Enter lists actions, Tab next place."
    return f"Your turn: {still_open(s)}, then take 1 hydrogen to end. {keys}"


_ACTIONS = ("harvest", "move", "engine", "colony")
_GO_ON = {"harvest": "harvest the red giant too", "engine": "run the engine again"}


def still_open(s: NovaLuxState) -> str:
    """What the turn may still do, as the action list offers it: ``harvest, move, engine,
    colony (each once)`` at first; an action done is gone, except a harvest that emptied a
    yellow star (it may go on into the red giant) and the engine (it runs as often as it is
    fed) until another action closes them (rulebook: "all of the following 4 actions in
    any order"; the list never offers a closed one)."""
    # A colony founded on an earlier turn is never offered again: the line said "colony"
    # every turn to the game's end while the list had no such line.
    founded = bool(s.colony) and s.colony[s.current] != NONE and "colony" not in s.did
    actions = [a for a in _ACTIONS if not (founded and a == "colony")]
    left = [a for a in actions if a not in s.did]
    go_on = _GO_ON.get(s.open_action)
    if go_on is None:
        if not left:
            return (
                "all four actions done"
                if len(actions) == len(_ACTIONS)
                else "harvest, move and engine done (your colony stands)"
            )
        return ", ".join(left) + (" (each once)" if len(left) > 1 else " (once)")
    return f"{go_on}, or " + ", ".join(left) if left else f"{go_on} if you like"
