"""What the Via Nebula screen shows, as plain text: map cells, captions, boards, contracts,
the top line and the status line.

Pure functions of an observation (no textual), so the screen stays a thin layer and the
texts can be tested on their own. A map cell is a tuple of lines, each a tuple of (text,
style) segments exactly ``width`` characters long; styles are plain style strings.
Every piece reads without colour: seats by letter (lower case a site, upper case a
building), resources by letter, fog ``~``, forest ``^``, empty meadows ``.``. A token
reads amount first (``3W+2``: 3 wood, 2 VP), so it cannot be taken for a hex's name
(column letter, row number: ``W3``).
"""

from __future__ import annotations

from collections.abc import Iterable

from tui_games.engine.grammar import plural, possessive
from tui_games.engine.text import fit
from tui_games.games.via_nebula.board import (
    CELL,
    HEX_COUNT,
    KIND,
    KIND_LABEL,
    NAME,
    RUIN_NUMBER,
    RUINS,
)
from tui_games.games.via_nebula.components import (
    CONTRACTS,
    RESOURCE_LETTERS,
    RESOURCES,
    pile_letters,
    pile_text,
    power_text,
    token_amount,
    token_type,
    token_vp,
)
from tui_games.games.via_nebula.final_score import leftover, leftover_line
from tui_games.games.via_nebula.state import FREE, HIDDEN, UNUSED, ViaNebulaState

SEAT_LETTERS = "RBYG"
SEAT_COLOURS = ("red", "blue", "yellow", "green")
SEAT_STYLES = ("bold #ff5f5f", "bold #5f87ff", "bold #ffd75f", "bold #5fd75f")
RESOURCE_STYLES = ("#d7875f", "#bcbcbc", "#ff875f", "#ffd700", "#87d75f")
FOG_STYLE = "#8a8a8a"
FOREST_STYLE = "#5f875f"
MEADOW_STYLE = "#87af5f"
CHAIN_STYLE = "bold #ffaf00"
POWER_SHORT = {"": "", "convert": "convert", "extra": "+action", "supply": "supply",
               "discard": "discard", "tile": "explore", "move": "move"}
"""A contract's power in one word on the side list (issue 31: ``conv``, ``takex2`` were
codes); the rules screen and the contract sheet (c) say each in full."""

FLAG = "▸"  # before a hex where the player can act (the map's flag)
LETTERS_LEGEND = " ".join(f"{letter} {name}" for letter, name in
                          zip(RESOURCE_LETTERS, RESOURCES, strict=True))
"""``W wood S stone C clay H wheat F food``: every token, site and contract cost is told in
these letters (issue 31, played: "WH", "SCH" and "3H" left a newcomer guessing that H is
wheat)."""
COMPACT_LEGEND = (f"{FLAG}you can act ~fog ^forest ..empty meadow\n"
                  "3W+2 token: 3 wood, 2 VP  3W r worked [rB] ruin\n"
                  f"{LETTERS_LEGEND}")
LARGE_LEGEND = (f"{FLAG} you can act  ~ fog  ^ forest  .. empty meadow  [rB] ruin\n"
                "3W+2 token: 3 wood, 2 VP  3W r: 3 wood worked by red\n"
                f"{LETTERS_LEGEND}")

Segment = tuple[str, str]
Cell = tuple[tuple[Segment, ...], ...]


def seat_letter(seat: int) -> str:
    """The letter of a seat's pieces (R, B, Y, G)."""
    return SEAT_LETTERS[seat]


def token_label(token: int, players: int) -> str:
    """``3W+2``: a token's amount and resource, then its VP (never a hex's name)."""
    return (f"{token_amount(token, players)}{RESOURCE_LETTERS[token_type(token)]}"
            f"+{token_vp(token)}")


def seat_label(seat: int) -> str:
    """``red (R)``: a seat's colour with its letter."""
    return f"{SEAT_COLOURS[seat]} ({SEAT_LETTERS[seat]})"


def _fit(segments: list[Segment], width: int) -> tuple[Segment, ...]:
    """Pad (centred) or cut the segments to exactly ``width`` characters."""
    size = sum(len(t) for t, _ in segments)
    if size > width:
        out: list[Segment] = []
        left = width
        for text, style in segments:
            if left <= 0:
                break
            out.append((text[:left], style))
            left -= len(text[:left])
        return tuple(out)
    before = (width - size) // 2
    after = width - size - before
    return ((" " * before, ""), *segments, (" " * after, ""))


def _ruin_halves(s: ViaNebulaState, hex_: int) -> list[Segment]:
    n = RUIN_NUMBER[hex_]
    out: list[Segment] = []
    halves = [2 * n] if s.slot_owner[2 * n + 1] == UNUSED else [2 * n, 2 * n + 1]
    for slot in halves:
        owner = s.slot_owner[slot]
        if owner < 0:
            out.append(("_" * (3 - len(halves)), ""))
        else:
            letter = SEAT_LETTERS[owner] if s.slot_built[slot] else SEAT_LETTERS[owner].lower()
            out.append((letter * (3 - len(halves)), SEAT_STYLES[owner]))
    return out


def main_text(s: ViaNebulaState, hex_: int, chain: frozenset[int]) -> list[Segment]:
    """The first line of a hex: what it is and what lies on it."""
    kind = KIND[hex_]
    if hex_ in chain:
        return [("**", CHAIN_STYLE)]
    if kind == "ruin":
        return [("[", ""), *_ruin_halves(s, hex_), ("]", "")]
    if kind in ("fog", "forest") and not s.explored[hex_]:
        return [("~~~~" if kind == "fog" else "^^^^", FOG_STYLE if kind == "fog"
                 else FOREST_STYLE)]
    token = s.tokens[hex_]
    if token != FREE:
        kind_ = token_type(token)
        return [(token_label(token, s.players), RESOURCE_STYLES[kind_])]
    count = s.res_count[hex_]
    if count:
        kind_ = s.res_kind[hex_]
        owner = s.craftsman[hex_]
        parts: list[Segment] = [(f"{count}{RESOURCE_LETTERS[kind_]}", RESOURCE_STYLES[kind_])]
        if owner != FREE:
            parts += [(" ", ""), (SEAT_LETTERS[owner].lower(), SEAT_STYLES[owner])]
        return parts
    return [(" .. ", MEADOW_STYLE)]


def map_cells(s: ViaNebulaState, large: bool, chain: frozenset[int] = frozenset()
              ) -> dict[tuple[int, int], Cell]:
    """Every hex's cell by its (row, column): one line of 4 (compact) or two of 7 (large,
    the second naming the hex)."""
    width = 7 if large else 4
    cells: dict[tuple[int, int], Cell] = {}
    for hex_ in range(HEX_COUNT):
        first = _fit(main_text(s, hex_, chain), width)
        if large:
            cells[CELL[hex_]] = (first, _fit([(NAME[hex_], "dim")], width))
        else:
            cells[CELL[hex_]] = (first,)
    return cells


class MapCellsMemo:
    """``map_cells`` kept for the last view, size and chain: a cursor key reuses them."""

    def __init__(self) -> None:
        self._known: tuple[ViaNebulaState, bool, frozenset[int],
                           dict[tuple[int, int], Cell]] | None = None

    def cells(self, s: ViaNebulaState, large: bool, chain: frozenset[int]
              ) -> dict[tuple[int, int], Cell]:
        """The map's cells, drawn again only when the view, size or chain changes."""
        known = self._known
        if known is None or known[0] is not s or known[1] != large or known[2] != chain:
            known = self._known = (s, large, chain, map_cells(s, large, chain))
        return known[3]


def map_marks(chain: Iterable[int], named: Iterable[int], spots: Iterable[int]
              ) -> tuple[set[tuple[int, int]], list[tuple[int, int]]]:
    """The map's cells underlined (the chain drawn and the hexes the actions name) and
    flagged (where the player can act now)."""
    marked = {CELL[h] for h in chain}
    marked |= {CELL[h] for h in named}
    return marked, [CELL[h] for h in spots]


def slot_pile_text(s: ViaNebulaState, slot: int) -> str:
    """``wood + stone`` on a site (``empty``), ``building`` for a building."""
    if s.slot_built[slot]:
        return "building"
    return pile_text(s.slot_res[slot]) if any(s.slot_res[slot]) else "empty"


def caption(s: ViaNebulaState, hex_: int, names: list[str]) -> str:
    """``E5 ruin: Ann's site (1 wood), free``: the hex under the cursor in words."""
    kind = KIND[hex_]
    name = NAME[hex_]
    if kind == "ruin":
        n = RUIN_NUMBER[hex_]
        parts = []
        for slot in (2 * n, 2 * n + 1):
            owner = s.slot_owner[slot]
            if owner == UNUSED:
                continue
            if owner == FREE:
                parts.append("free")
            elif s.slot_built[slot]:
                parts.append(f"{possessive(names[owner])} building")
            else:
                parts.append(f"{possessive(names[owner])} site ({slot_pile_text(s, slot)})")
        return f"{name} ruin: {', '.join(parts)}"
    if kind in ("fog", "forest"):
        label = KIND_LABEL[kind]
        if s.explored[hex_]:
            return f"{name} explored {label}: an empty meadow"
        return f"{name} {label}, unexplored" + (" (both actions)" if kind == "forest" else "")
    if s.tokens[hex_] != FREE:
        t = s.tokens[hex_]
        return (f"{name} token: {token_amount(t, s.players)} {RESOURCES[token_type(t)]}, "
                f"{token_vp(t)} VP")
    if s.res_count[hex_]:
        owner = s.craftsman[hex_]
        # "free to take" read as "take it now" on a hex where nothing could be done: it is
        # free only in that no one works it, and like any hex it is carried off by road
        who = (f"{possessive(names[owner])} craftsman" if owner != FREE
               else "no craftsman: anyone may carry it")
        return f"{name}: {s.res_count[hex_]} {RESOURCES[s.res_kind[hex_]]}, {who}"
    return f"{name} empty meadow"


def contract_line(card: int, width: int) -> str:
    """``WS   2VP Cabin       conv``: a contract in ``width`` characters."""
    if card == HIDDEN:
        return "(hidden)"
    c = CONTRACTS[card]
    power = ("2×" if c.uses == 2 and c.power else "") + POWER_SHORT[c.power]
    needs = pile_letters(list(c.needs))
    # The needs in a column of 4 while the name fits beside them, else closer up: a name
    # cut for the sake of alignment helps nobody (the whole line is one key away, c).
    for head in (f"{needs:<4} {c.vp}VP ", f"{needs} {c.vp}VP "):
        name_room = max(4, width - len(head) - len(power) - 1)
        if len(c.name) <= name_room:
            break
    return fit(f"{head}{fit(c.name, name_room):<{name_room}} {power}".rstrip(), width)


def contracts_text(s: ViaNebulaState, viewer: int, width: int, spare: int = 0) -> str:
    """The contracts on display (``(empty)`` for a taken one), then the viewer's hand:
    up to ``spare`` of its cards whose name does not fit their line take a second line."""
    lines = [contract_line(c, width) if c >= 0 else "(empty)" for c in s.display]
    for card in s.hands[viewer]:
        held = hand_lines(card, width, wrap=spare > 0)
        spare -= len(held) - 1
        lines += held
    return "\n".join(lines)


def hand_lines(card: int, width: int, *, wrap: bool = True) -> list[str]:
    """A contract in the viewer's hand: ``hand WS   2VP Cabin  conv`` when its name fits
    the line, else (``wrap``) its name whole on a second line under the rest (issue 31:
    "Merchan…", "Explor…" were cut at 80 columns; the hand's cards are the ones to plan
    with). Without ``wrap`` the name keeps the one line and the power goes."""
    line = contract_line(card, width - 5)
    c = CONTRACTS[card] if card != HIDDEN else None
    if c is None or c.name in line:
        return [f"hand {line}"]
    power = ("2×" if c.uses == 2 and c.power else "") + POWER_SHORT[c.power]
    if not wrap:  # no row to spare: the name whole, its power left to the sheet (c)
        return [fit(f"hand {pile_letters(list(c.needs))} {c.vp}VP {c.name}", width)]
    return [fit(f"hand {pile_letters(list(c.needs))} {c.vp}VP {power}".rstrip(), width),
            fit(f"     {c.name}", width)]


def board_lines(s: ViaNebulaState, seat: int, name: str, score: int, wide: bool,
                width: int, room: bool = True) -> list[str]:
    """A guild board: one short line (its VP, buildings and what its leftovers will cost
    at the end: short_board_line), or four (``wide``) adding the craftsmen and sites
    still to place, the tile stacks, explorers and storage, and the sites on the map
    with their resources. Once resources lie on its sites or
    exploitations, the VP they will cost at the end: a fifth line with ``room``, else
    at the front of the sites line, which then names fewer words, never a cut one
    (sites_line)."""
    letter = SEAT_LETTERS[seat]
    built = len(s.built[seat])
    head = f"{letter} {fit(name, 7):<7}{score:>3}VP built {built}/5"
    if not wide:
        return [short_board_line(head, s, seat, name, score, width)]
    stored = sum(s.storage[seat])
    store = pile_letters(s.storage[seat]) if 0 < stored <= 6 else str(stored)
    sites = [(NAME[RUINS[slot // 2]], pile_letters(s.slot_res[slot]) or "-")
             for slot, owner in enumerate(s.slot_owner)
             if owner == seat and not s.slot_built[slot]]
    # In words (issue 31: "b0/5 c3 s3", "tiles 5555+20 expl 0 store 0" were codes). The
    # stacks count down left to right; an emptied one (0) has shown its explorer.
    stacks = " ".join(str(n) for n in s.stacks[seat])
    tiles = f"  tiles {stacks} · explorers {s.explorers(seat)} · storage {store}"
    if len(tiles) > width:
        tiles = f"  tiles {stacks} · storage {store}"
    if len(tiles) > width:  # the letters ("CCHHFF") cut to "storage…": the count fits
        tiles = f"  tiles {stacks} · storage {stored}"
    left = (f"  left: {plural(s.craftsmen[seat], 'craftsman', 'craftsmen')}, "
            f"{plural(s.sites[seat], 'site')}")
    n = leftover(s, seat)  # the VP the score does not count yet, where the score stands
    lead = f"-{n} VP at end · " if n and not room else ""
    lines = [head, left, tiles, sites_line(lead, sites, width)]
    if n and room:
        lines.append(f"  {leftover_line(n)}")
    return [fit(line, width) for line in lines]


def short_board_line(head: str, s: ViaNebulaState, seat: int, name: str, score: int,
                     width: int) -> str:
    """A board in one line: ``head``, then what its map leftovers will cost at the end
    (issue 31: a rival's "B Bot 2 12VP built 0/5" hid 4 VP a table read 19-12 lost, to
    end 21-8). Where the line is too narrow for both, the name goes before the cost:
    the seat's letter marks it on the map and in the header."""
    n = leftover(s, seat)
    if not n:
        return fit(head, width)
    letter, built = SEAT_LETTERS[seat], len(s.built[seat])
    said = [f"{head} · -{n} VP at end",
            f"{letter} {fit(name, 7)} {score}VP -{n} at end, built {built}/5",
            f"{letter} {score}VP -{n} at end, built {built}/5"]
    return next((line for line in said if len(line) <= width), fit(said[-1], width))


def sites_line(lead: str, sites: list[tuple[str, str]], width: int) -> str:
    """A board's sites line, whole in ``width`` after ``lead`` (the leftovers' VP when
    they have no line of their own): each site's hex with its resources ("E2:HH"), else
    the hexes alone (the cursor's caption says what lies on each), else how many. Cut
    with "…", "-13 VP at end · sites…" hid the very sites it spoke of."""
    if not sites:
        return f"  {lead}no sites" if lead else "  sites none on the map"
    said = [f"sites {' '.join(f'{hex_}:{pile}' for hex_, pile in sites)}",
            f"sites {' '.join(hex_ for hex_, _ in sites)}",
            plural(len(sites), "site")]
    return next((line for text in said if len(line := f"  {lead}{text}") <= width),
                f"  {lead}{said[-1]}")


def header_line(turn: int, who: str, last: str, scores: list[tuple[str, int]],
                width: int) -> str:
    """The top line in ``width``: the turn, whose turn and what they do, the scores. The
    scores always show: a long line first drops the game's name, then spaces between
    the scores, and at last cuts what the mover does, with ``…``."""
    wide = "  ".join(f"{letter} {score}" for letter, score in scores)
    tight = " ".join(f"{letter}{score}" for letter, score in scores)
    for line in (f"Via Nebula · turn {turn} · {who}{last} · VP {wide}",
                 f"turn {turn} · {who}{last} · VP {wide}",
                 f"turn {turn} · {who}{last} · VP {tight}"):
        if len(line) <= width:
            return line
    head, tail = f"turn {turn} · ", f"{last} · VP {tight}"
    return fit(head + fit(who, width - len(head) - len(tail)) + tail, width)


def _order(s: ViaNebulaState, viewer: int) -> list[int]:
    return [viewer] + [p for p in range(s.players) if p != viewer]


def leftover_rows(s: ViaNebulaState, viewer: int, large: bool, spare: int) -> set[int]:
    """The seats whose board in full gives its leftovers' VP a line of its own: up to
    ``spare`` of them, the viewer's first (the others say it on their sites line)."""
    wide = [p for p in _order(s, viewer) if (large or p == viewer) and leftover(s, p)]
    return set(wide[:max(0, spare)])


def boards_text(s: ViaNebulaState, viewer: int, names: list[str], scores: list[int],
                large: bool, width: int, spare: int = 0) -> str:
    """Every guild board, the viewer's first and in full; the others in one line each
    unless the terminal is ``large``; ``spare`` rows for leftovers' lines
    (:func:`leftover_rows`)."""
    rows: list[str] = []
    roomy = leftover_rows(s, viewer, large, spare)
    for seat in _order(s, viewer):
        wide = large or seat == viewer
        rows += board_lines(s, seat, names[seat], scores[seat], wide, width, seat in roomy)
    return "\n".join(rows)


def top_line(s: ViaNebulaState, mover: int | None, viewer: int, names: list[str],
             scores: list[int], width: int) -> str:
    """The header in ``width``: the turn, whose turn and what they do (a power by its
    name), the last turns once the end is near, every seat's score."""
    if mover is None:
        who = "game over"
    elif s.phase == "power":  # the power's name (the header keeps the scores)
        user = "you use" if mover == viewer else f"{names[mover]} uses"
        who = f"{user} the {CONTRACTS[s.power_card].name}"
    else:
        whose = "your" if mover == viewer else possessive(names[mover])
        who = f"{whose} turn, {plural(s.actions_left, 'action')} left"
    letters = [(seat_letter(p), scores[p]) for p in range(s.players)]
    last = " · last turns" if s.end_card >= 0 and mover is not None else ""
    # The game ends only as a turn closes, once that turn is counted: over, the header
    # names the last turn played (the look-back's and History's count), not one more.
    turn = s.turn if s.phase == "over" else s.turn + 1
    return header_line(turn, who, last, letters, width)


def status_words(s: ViaNebulaState, mover: int | None, mine: bool) -> str:
    """Whose turn it is and what the viewer can do now (``mine``: the keyboard decides)."""
    if mover is None:
        return "The game is over."
    if not mine:
        return f"Seat {mover + 1} is playing."
    if s.phase == "power":
        card = CONTRACTS[s.power_card]
        uses = plural(s.power_left, "use")
        return (f"{card.name} ({uses} left): {power_text(card)}. Enter uses the "
                "highlighted line; the last line stops.")
    left = f"{plural(s.actions_left, 'action')} left"
    return (f"Your turn, {left}. Tab: next hex where you can act; Enter: its actions; "
            "Enter again plays the highlighted one.")
