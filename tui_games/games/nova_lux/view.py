"""How the Nova Lux table reads as text: map cells, captions, the cell line and mat lines
(pure, no UI).

Every piece reads without colour: stars by letter (Y yellow, R red) with their hydrogen,
destroyed cards by name, ships by the seat's capital letter (A-F), a colony by its lower
case letter. Styles are only added on top.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from tui_games.engine.core import Event
from tui_games.engine.grammar import possessive
from tui_games.engine.text import fit
from tui_games.games.nova_lux import lines, movement
from tui_games.games.nova_lux.board import (
    CARD_AT,
    CARD_CELLS,
    CELL_NAMES,
    CELLS,
    FACE_NAMES,
    card_by_dice,
    card_name,
)
from tui_games.games.nova_lux.cards import (
    FACTIONS,
    FEDERATIONS,
    HYDROGEN,
    RESOURCE_LETTERS,
    RESOURCE_NAMES,
    STARS,
    YELLOW,
    Faction,
    ability_text,
    amount,
    options_text,
    requirement_text,
)
from tui_games.games.nova_lux.describe import top_star, units
from tui_games.games.nova_lux.factions import federation_holds
from tui_games.games.nova_lux.state import HIDDEN, NONE, NovaLuxState, Offer

Segment = tuple[str, str]
Cell = tuple[tuple[Segment, ...], ...]

SEAT_LETTERS = "ABCDEF"
SEAT_STYLES = ("bold cyan", "bold magenta", "bold green", "bold blue", "bold bright_white",
               "bold bright_cyan")
STAR_STYLES = {"Y": "bold yellow", "R": "bold red"}
FACE_SHORT = ("Blk", "Wrm", "Dst", "Ntr")
FACE_STYLES = ("bold", "magenta", "dim", "bold")
RESOURCE_STYLES = ("blue", "magenta", "red", "green", "yellow")
COMPACT_LEGEND = "Y/R star+H · A-F Ark · a-f colony"
LARGE_LEGEND = ("Y yellow star, R red giant, with hydrogen · Blk black hole, Wrm wormhole, "
                "Dst space dust, Ntr neutron star · A-F Arks · (a)-(f) colonies")


def map_rulers() -> tuple[list[str], list[str]]:
    """The map's column letters and row numbers, from the cells' own names (``E3``: column
    E, row 3), so that a step or a log line naming a cell can be found on the map."""
    side = round(CELLS ** 0.5)
    return ([CELL_NAMES[col][0] for col in range(side)],
            [CELL_NAMES[row * side][1:] for row in range(side)])


def seat_letter(seat: int) -> str:
    """``A`` for seat 0: how the map shows a seat's Ark (lower case: its colony)."""
    return SEAT_LETTERS[seat]


def _stars(s: NovaLuxState, card: int, width: int) -> tuple[Segment, ...]:
    if s.flipped[card]:
        face = s.face[card]
        return ((FACE_SHORT[face].ljust(width), FACE_STYLES[face]),)
    parts: list[Segment] = []
    if s.yellow[card] != NONE:
        parts.append((f"Y{s.hydrogen[card]}", STAR_STYLES["Y"]))
        gap = " " if width > 4 else ""
        parts.append((f"{gap}r{STARS[s.red[card]].hydrogen}", "red"))
    elif s.red[card] != NONE:
        parts.append((f"R{s.hydrogen[card]}", STAR_STYLES["R"]))
    else:
        parts.append(("[ ]", "dim"))
    used = sum(len(t) for t, _ in parts)
    parts.append((" " * (width - used), ""))
    return tuple(parts)


def _ships(s: NovaLuxState, cell: int, width: int, colony_first: bool) -> tuple[Segment, ...]:
    parts: list[Segment] = []
    card = CARD_AT[cell]
    owner = s.colony_at[card] if card >= 0 else NONE
    if colony_first:
        parts.append((seat_letter(owner).lower() if owner != NONE else " ",
                      SEAT_STYLES[owner] if owner != NONE else ""))
    here = [p for p in range(s.players) if s.ships[p] == cell]
    room = width - len(parts)
    if len(here) > room:
        here_text = [seat_letter(p) for p in here[: room - 1]] + ["+"]
        styles = [SEAT_STYLES[p] for p in here[: room - 1]] + ["bold"]
    else:
        here_text = [seat_letter(p) for p in here]
        styles = [SEAT_STYLES[p] for p in here]
    parts += list(zip(here_text, styles, strict=True))
    used = sum(len(t) for t, _ in parts)
    parts.append((" " * (width - used), ""))
    return tuple(parts)


def map_cells(s: NovaLuxState, large: bool) -> list[Cell]:
    """Every cell of the lattice as lines of segments: 4x2 compact, 6x3 large."""
    width = 6 if large else 4
    cells: list[Cell] = []
    for cell in range(CELLS):
        card = CARD_AT[cell]
        first = _stars(s, card, width) if card >= 0 else ((" ·".ljust(width), "dim"),)
        if large:
            owner = s.colony_at[card] if card >= 0 else NONE
            colony = f"({seat_letter(owner).lower()})" if owner != NONE else ""
            name = ((CELL_NAMES[cell].ljust(3), "dim"),
                    (colony.ljust(width - 3)[: width - 3],
                     SEAT_STYLES[owner] if owner != NONE else ""))
            cells.append((name, first, _ships(s, cell, width, False)))
        else:
            cells.append((first, _ships(s, cell, width, True)))
    return cells


def star_here(star_id: int, left: int, short: bool = False) -> str:
    """A star on the map in the map's own notation, ``yellow star Y2 (2 of 3 left): 1
    oxygen -> 2 water``: the letter and the hydrogen left, as its map cell shows them
    (``short``: ``Y2 of 3, 1O -> 2W``, for the 80x24 panel)."""
    star = STARS[star_id]
    letter = "Y" if star.kind == YELLOW else "R"
    if short:
        of = f" of {star.hydrogen}" if left != star.hydrogen else ""
        return (f"{letter}{left}{of}, {_letters(star.cost, star.cost_n)} -> "
                f"{_letters(star.reward, star.reward_n)}")
    of = f" ({left} of {star.hydrogen} left)" if left != star.hydrogen else ""
    return (f"{star.kind} {letter}{left}{of}: {options_text(star.cost, star.cost_n)} -> "
            f"{options_text(star.reward, star.reward_n)}")


def _letters(options: tuple[int, ...], n: int) -> str:
    return f"{n}{'|'.join(RESOURCE_LETTERS[r] for r in options)}"


def hydrogen_left(s: NovaLuxState) -> int:
    """All the hydrogen still in the universe: on the top stars, and in the red giants
    under yellow stars (so the count never rises when a red giant is uncovered)."""
    return sum(s.hydrogen) + sum(STARS[s.red[k]].hydrogen for k in range(len(s.red))
                                 if s.yellow[k] != NONE and s.red[k] != NONE)


def cell_text(s: NovaLuxState, cell: int, names: list[str], short: bool = False) -> str:
    """What is on ``cell``, in words: ``C3: yellow star Y3 (...) over red giant R5 (...)``
    (``short``: ``C3: Y3, 1O -> 2W; under R5, ...; Ark: Bo``, for the 80x24 panel)."""
    card = CARD_AT[cell]
    parts = [CELL_NAMES[cell]]
    if card < 0:
        # "between cards (leaving: 1 H)" named neither the cards nor the H (issue 31)
        parts.append("empty, 1 hydrogen to leave" if short  # "; Ark: You" fits 42
                     else "empty space, no star (leaving it costs 1 hydrogen)")
    elif s.flipped[card]:
        parts.append(f"destroyed, {FACE_NAMES[s.face[card]]}")
    else:
        star = top_star(s, card)
        if star == NONE:
            parts.append("no star left")
        else:
            text = star_here(star, s.hydrogen[card], short)
            if s.yellow[card] != NONE:
                under = star_here(s.red[card], STARS[s.red[card]].hydrogen, short)
                text += f"; under {under}" if short else f"; under it {under}"
            parts.append(text)
    if card >= 0 and s.colony_at[card] != NONE:
        parts.append(f"{possessive(names[s.colony_at[card]])} colony")
    here = [names[p] for p in range(s.players) if s.ships[p] == cell]
    if here and short:
        parts.append("Ark: " + ", ".join(here))
    elif here:  # "your Ark", "Ann's and Bo's Arks": the viewer is named "You"
        owners = [possessive(name) for name in here]
        owned = owners[0] if len(owners) == 1 else ", ".join(owners[:-1]) + " and " + owners[-1]
        parts.append(f"{owned} Ark{'s' if len(here) > 1 else ''}")
    return ": ".join(parts[:2]) + ("; " + "; ".join(parts[2:]) if len(parts) > 2 else "")


_NOTATION = (
    (re.compile(r" <-> (1 [a-z ]+?)(?=[;,.]|$)"), r" for \1, either way"),
    (re.compile(r" -> "), " to "),
    (re.compile(r" \| "), " or "),
)


def spoken(text: str) -> str:
    """The cards' notation read aloud: "1 water -> 1 oxygen | life form" is "1 water to
    1 oxygen or life form", "exchange 1 water <-> 1 artifact" is "exchange 1 water for 1
    artifact, either way"; and "Ark of you" is "your Ark". The screen keeps the arrows
    and bars where space is short; what is said (the lines front end) uses this."""
    for pattern, words in _NOTATION:
        text = pattern.sub(words, text)
    return _ARKS.sub(_arks, text)


_ARKS = re.compile(r"Ark of ([^;.]+)")


def _arks(found: re.Match[str]) -> str:
    owners = found.group(1).split(", ")
    if len(owners) == 1:
        return f"{possessive(owners[0])} Ark"
    return f"the Arks of {', '.join(owners[:-1])} and {owners[-1]}"


def short_ability(f: Faction) -> str:
    """The top row in letters: ``W<>A``, ``H>any``, ``+1W when others gain W``."""
    args = f.ability_args
    if f.ability == "exchange":
        return f"{RESOURCE_LETTERS[args[0]]}<>{RESOURCE_LETTERS[args[1]]}"
    if f.ability == "convert":
        gives = "|".join(RESOURCE_LETTERS[r] for r in args[0])
        gets = "any" if len(args[1]) == 4 else "|".join(RESOURCE_LETTERS[r] for r in args[1])
        return f"{gives}>{gets}"
    letter = RESOURCE_LETTERS[args[0]]
    if f.ability == "on_gain":
        return f"+1{letter} if others gain {letter}"
    return f"+1{letter} per won attack" + (", any turn" if f.attack_any_turn else "")


def short_requirement(f: Faction) -> str:
    """The bottom row in letters: ``W14 A14``, ``others L<7``, ``most H``, ``colony by Ntr``."""
    kind, args = f.requirement, f.requirement_args
    if kind == "levels":
        return " ".join(f"{RESOURCE_LETTERS[r]}{n}" for r, n in args)
    if kind == "others_below":
        return f"others {RESOURCE_LETTERS[args[0]]}<{args[1]}"
    if kind == "most":
        return f"most {RESOURCE_LETTERS[args[0]]}"
    if kind == "colony_next_to":
        return f"colony by {FACE_SHORT[args[0]]}"
    return f"colony on {args[0][0].upper()}"


def faction_line(s: NovaLuxState, seat: int, slot: int, wide: bool = True) -> str:
    """``[x] Tide Brokers: exchange 1 water <-> 1 artifact | needs water 14, ...``
    (``wide``), else ``[ ] Tide Brokers: W<>A | needs W14 A14``."""
    fid = s.factions[seat][slot] if slot < len(s.factions[seat]) else HIDDEN
    if fid == HIDDEN:
        return "[ ] (a faction card not yet seen)"
    f = FACTIONS[fid]
    done = s.done[seat][slot] if s.done else False
    mark = "[x]" if done else "[ ]"
    if wide:
        ability = "done: no ability" if done else ability_text(f)
        return f"{mark} {f.name}: {ability} | needs {requirement_text(f)}"
    ability = "done" if done else short_ability(f)
    # narrow: the requirement without "needs", so that most lines fit 80x24's panel
    return f"{mark} {f.name}: {ability} | {short_requirement(f)}"


def faction_words(s: NovaLuxState, seat: int, slot: int) -> str:
    """``[ ] Archivists: convert 1 life form or oxygen to 1 artifact; needs artifacts 12,
    life forms 8``: the card as "In words" says it. The panel's ``|`` stands both for "or"
    and between the two rows, which a newcomer could not tell apart there."""
    line = faction_line(s, seat, slot, True)
    ability, bar, needs = line.rpartition(" | needs ")
    return spoken(f"{ability}; needs {needs}" if bar else line)


def engine_line(s: NovaLuxState, seat: int) -> str:
    """``Engine: Y L1>O2 · R W1>A2 · -`` (three slots)."""
    slots = []
    for star_id in s.engine[seat]:
        star = STARS[star_id]
        cost = "|".join(RESOURCE_LETTERS[r] for r in star.cost)
        gain = "|".join(RESOURCE_LETTERS[r] for r in star.reward)
        slots.append(f"{star.kind[0].upper()} {cost}{star.cost_n}>{gain}{star.reward_n}")
    slots += ["-"] * (3 - len(slots))
    line = "Engine " + " · ".join(slots)
    if s.federation:
        fed = FEDERATIONS[s.federation[seat]]
        state = "on" if federation_holds(s, seat) else "off"
        line += f" | {fed.name} ({state})"
    return line


def short_mat(s: NovaLuxState, seat: int, name: str) -> str:
    """One opponent in one line: ``B Bo  W3 A5 L2 O7 H4 · 1/3 factions · colony C3 ·
    engine 2`` (what counts most first: a narrow panel cuts it from the end)."""
    tracks = " ".join(f"{RESOURCE_LETTERS[r]}{v}" for r, v in enumerate(s.res[seat]))
    colony = (f"colony {CELL_NAMES[_card_cell(s.colony[seat])]}" if s.colony[seat] != NONE
              else "no colony")
    done = sum(s.done[seat]) if s.done else 0
    left = " · left (won)" if s.left_game[seat] else ""
    engine = len(s.engine[seat])
    return (f"{seat_letter(seat)} {fit(name, 10)}  {tracks} · {done}/3 factions · {colony} · "
            f"engine {engine}{left}")


def _card_cell(card: int) -> int:
    return CARD_CELLS[card]


def resource_label(r: int) -> str:
    """``Water``, ``Life forms``: a track's label."""
    return RESOURCE_NAMES[r].capitalize()


def dice_label(s: NovaLuxState, short: int = 0) -> str:
    """The last roll, saying what it did: ``attack dice 4 v 2`` (attacker's first), or for
    the two dice that name a space card the card and what became of it: ``dice hit E5:
    yellow star died`` (a map cell that changes needs its why beside it: issue 31).
    ``short`` 1: ``dice: E5 yellow star died``, 2: ``dice: E5 collapsed``, 3: ``dice:
    E5``. Told apart by the log lines the roll made (the state keeps the dice, not what
    they were for)."""
    dice = s.dice
    log = s.log
    for i in range(len(log) - 1, -1, -1):
        text = log[i].text
        if " attacks " in text and " rolls " in text:
            return f"attack dice {dice[0]} v {dice[1]}"
        # The prefix: a save made before the roll line said which rows the dice count
        if log[i] in lines.ROLLS or text.startswith("The dice roll row"):
            card = card_by_dice(dice[0], dice[1])
            did = _what_the_dice_did(card, log[i + 1:i + 3])
            name = card_name(card)
            if short == 0:
                return f"dice hit {name}" + (f": {', '.join(did)}" if did else "")
            if short == 1 or not did:
                return f"dice: {name} " + ", ".join(did) if did else f"dice: {name}"
            return f"dice: {name} {did[-1]}" if short == 2 else f"dice: {name}"
    return "dice " + " ".join(map(str, dice))


def _what_the_dice_did(card: int, after: Sequence[Event]) -> list[str]:
    """``["yellow star died"]`` from the log lines after the roll (lines.py builds each
    once, so equality finds them); the setup's rolls say "destroyed"."""
    if not after:
        return []
    first = after[0]
    if first == lines.YELLOW_DIES[card]:
        return ["yellow star died"]
    if first == lines.RED_DIES[card]:
        collapsed = len(after) > 1 and after[1] in lines.COLLAPSES[card]
        return ["red giant died"] + (["collapsed"] if collapsed else [])
    if first == lines.SAFE[card]:
        return ["no star, safe"]
    if first.text.startswith(f"{card_name(card)} is destroyed"):
        return ["destroyed"]
    return []


SHORTHAND = ("The table's letters: W water, A artifacts, L life forms, O oxygen, H "
             "hydrogen; Y3 a yellow star with 3 hydrogen left, r5 (or R5) a red giant with "
             "5. L|O>A: pay 1 life form or 1 oxygen, get 1 artifact; O<>H: swap 1 oxygen "
             "and 1 hydrogen, either way; A12 L8: needs 12 artifacts and 8 life forms; "
             "[x]: a faction done. Engine Y L|O1>A2: a yellow star that turns 1 life form "
             "or oxygen (and 1 hydrogen) into 2 artifacts; - an empty slot.")
"""The side panel's shorthand in words: the legend one key away (i), issue 31."""


def engine_words(s: NovaLuxState, seat: int) -> list[str]:
    """``seat``'s biosphere engine slot by slot, in words: ``1. yellow star: pay 1 life
    form | oxygen and 1 hydrogen, get 2 artifacts`` (rulebook: a run pays the star's cost
    and 1 hydrogen for its reward), then its federation."""
    lines = ["Engine (each run pays a star's cost and 1 hydrogen for its reward):"]
    for slot in range(3):
        if slot < len(s.engine[seat]):
            star = STARS[s.engine[seat][slot]]
            lines.append(f"  {slot + 1}. {star.kind}: pay {options_text(star.cost, star.cost_n)}"
                         f" and 1 hydrogen, get {options_text(star.reward, star.reward_n)}")
        else:
            lines.append(f"  {slot + 1}. empty (a star whose last hydrogen you take comes here)")
    if s.federation:
        fed = FEDERATIONS[s.federation[seat]]
        state = "in force" if federation_holds(s, seat) else "not in force yet"
        lines.append(f"Federation: {fed.name} ({state})")
    return lines


def details(s: NovaLuxState, seat: int, cell: int, names: list[str]) -> str:
    """Everything the side panel shortens, in words: the cell under the cursor, your
    factions, your engine, every other player, then the shorthand's legend."""
    lines = [spoken(cell_text(s, cell, names)), ""]
    lines += [faction_words(s, seat, slot) for slot in range(len(s.factions[seat]))]
    lines += [spoken(line) for line in engine_words(s, seat)]
    others = [short_mat(s, p, names[p]) for p in range(s.players) if p != seat]
    lines += ["", *others] if others else []
    lines += ["", SHORTHAND]
    return "\n".join(lines).strip()


def flights(s: NovaLuxState, mover: int | None, viewer: int) -> dict[int, tuple[int, int]]:
    """The viewer's cheapest flight to each cell (movement.cheapest) while their turn's
    flight is to be chosen, else none."""
    if s.phase == "turn" and mover == viewer and s.ships[viewer] != NONE:
        return movement.cheapest(s, s.ships[viewer], s.res[viewer][HYDROGEN])
    return {}


def flight(s: NovaLuxState, seat: int, paths: dict[int, tuple[int, int]],
           cell: int) -> tuple[list[int], str]:
    """The cells to mark on the map and the caption under it while the cursor is on
    ``cell``: the path there and ``move here: 3 hydrogen`` if ``seat`` can fly there now
    (``paths``: movement.cheapest), else nothing.

    The caption says only what flying there costs: the side panel's first line names the
    cell and the list under it shows what Enter offers there, so a cursor key between
    cells the Ark cannot fly to leaves the caption as it is (a line fewer written to the
    terminal per key: issue 17)."""
    if cell not in paths or cell == s.ships[seat] or "move" in s.did:
        return [], ""
    # From the first cell flown over: the Ark's own cell shows where it starts, and
    # unmarked it is one style run, not three (bytes per cursor key).
    return movement.path_to(paths, cell)[1:], f"move here: {amount(paths[cell][0], HYDROGEN)}"


def cell_line(s: NovaLuxState, cell: int, names: list[str], width: int) -> str:
    """The side panel's first line: ``cell_text`` in ``width``; the 80x24 panel takes the
    map's letters, then "…" if need be."""
    text = cell_text(s, cell, names)
    if len(text) > width:
        text = cell_text(s, cell, names, short=True)
    return fit(text, width)


class MatText(NamedTuple):
    """The mat's lines under the tracks, each fitted to the panel's width."""

    factions: str  # one line per faction card kept (and what the draft still asks)
    engine: str    # the colony and the engine
    others: str    # one line per other player (none in solo)


INDENT = "    "
"""A mat line folded onto a second row starts under the faction's name."""


def folded(line: str, width: int) -> list[str]:
    """``line`` in rows of ``width``, broken only between the mat's parts (" | " between
    a faction's ability and its requirement or the colony and the engine, " · " between
    engine slots), each next row indented and starting with its separator; a part too
    long for a row of its own is cut with "…"."""
    if len(line) <= width:
        return [line]
    pieces = re.split(r"( \| | · )", line)
    rows = [pieces[0]]
    for sep, part in zip(pieces[1::2], pieces[2::2], strict=True):
        joined = f"{rows[-1]}{sep}{part}"
        if len(joined) <= width:
            rows[-1] = joined
        else:
            rows.append(f"{INDENT}{sep.strip()} {part}")
    return [fit(row, width) for row in rows]


def mat_text(s: NovaLuxState, seat: int, names: list[str], width: int) -> MatText:
    """``seat``'s mat in words, its factions in full where the panel is 80 wide; a
    faction or the engine too long for the panel goes on over a second row rather than
    losing its end (the requirement, the third slot) to "…"."""
    wide = width >= 80
    lines = [row for slot in range(len(s.factions[seat]))
             for row in folded(faction_line(s, seat, slot, wide), width)]
    if s.phase == "draft" and len(s.factions[seat]) < 3:
        lines.append(f"(drafting: {3 - len(s.factions[seat])} more to keep)")
    colony = s.colony[seat]
    where = CELL_NAMES[CARD_CELLS[colony]] if colony != NONE else "none"
    others = [fit(short_mat(s, p, names[p]), width) for p in range(s.players) if p != seat]
    engine = f"Colony {where} | {engine_line(s, seat)}"
    return MatText("\n".join(lines), "\n".join(folded(engine, width)), "\n".join(others))


def trade_question(offer: Offer, names: Sequence[str]) -> str:
    """``Ann offers you 2 water for 1 oxygen. Accept?``: the offer to answer."""
    return (f"{names[offer.seat]} offers you {units(offer.gives)} for "
            f"{units(offer.gets)}. Accept?")
