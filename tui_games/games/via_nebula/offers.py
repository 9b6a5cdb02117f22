"""What the Via Nebula table offers at a hex, and its words.

The legal actions by the hexes they are about, those offered at the cursor's hex, the line
over them, which one is highlighted and the hexes they name on the map. Pure functions of
the legal actions and the view (no textual): the screen keeps where the cursor is and
whether the list is open, and asks here what that means.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Sequence

from tui_games.engine.core import Action
from tui_games.engine.grammar import plural
from tui_games.games.via_nebula.board import NAME, RUINS
from tui_games.games.via_nebula.components import CONTRACTS
from tui_games.games.via_nebula.state import (
    Convert,
    Erect,
    Explore,
    FreeExplore,
    MoveResource,
    PlaceCraftsman,
    PlaceSite,
    TakeFromSupply,
    Transport,
    ViaNebulaState,
    slot_ruin,
)


def action_hexes(a: Action) -> tuple[int, ...]:
    """The hexes an action is about (where the list offers it)."""
    if isinstance(a, PlaceCraftsman | PlaceSite | Explore | FreeExplore):
        return (a.hex,)
    if isinstance(a, Transport):
        return (a.source, RUINS[slot_ruin(a.slot)])
    if isinstance(a, Erect | Convert | TakeFromSupply):
        return (RUINS[slot_ruin(a.slot)],)
    if isinstance(a, MoveResource):
        return (RUINS[slot_ruin(a.source)], RUINS[slot_ruin(a.target)])
    return ()


def capitalised(text: str) -> str:
    """``Place a craftsman...`` from ``place a craftsman...``."""
    return text[:1].upper() + text[1:]


def by_hex(legal: Iterable[Action]) -> dict[int, list[Action]]:
    """The legal actions by the hexes they are about, each once per hex, in the rules'
    order (the map flags these hexes)."""
    found: dict[int, list[Action]] = {}
    for action in legal:
        for hex_ in dict.fromkeys(action_hexes(action)):
            found.setdefault(hex_, []).append(action)
    return found


def offered_here(view: ViaNebulaState, legal: list[Action],
                 found: dict[int, list[Action]], hex_: int) -> list[Action]:
    """The legal actions offered at ``hex_`` (``found``: ``by_hex(legal)``): all of them
    during a power, and the ones about no hex (a pass) where no action is about this one."""
    if view.phase == "power":
        return legal
    here = found.get(hex_)
    return list(here) if here else [a for a in legal if not action_hexes(a)]


def list_title(view: ViaNebulaState, hex_: int, options: Sequence[Action], *, mine: bool,
               list_open: bool, over: bool) -> str:
    """The line over the actions at ``hex_`` (not yet fitted to the side's width)."""
    if view.phase == "power" and mine:
        return f"Power: {CONTRACTS[view.power_card].name}"
    if list_open:
        return f"At {NAME[hex_]}: ⏎ plays, esc goes back"
    if options and not any(hex_ in action_hexes(a) for a in options):
        return "No action is possible anywhere:"
    if mine:
        # Choices, not actions: the header counts the actions left in the turn.
        return f"At {NAME[hex_]}: " + (f"{plural(len(options), 'choice')}, ⏎ opens"
                                       if options else "nothing to do")
    if over:
        return "The game is over"
    return "Actions (on your turn)"


def highlighted(options: Sequence[Action], index: int | None,
                list_open: bool) -> Action | None:
    """The action highlighted in the open list (None while the preview shows)."""
    if not list_open or index is None or index >= len(options):
        return None
    return options[index]


def named_hexes(options: Sequence[Action], index: int | None, list_open: bool, rows: int,
                cursor_hex: int) -> set[int]:
    """The hexes the actions in view name: the highlighted one's in the open list, in the
    preview (``rows`` lines) every listed action's but the cursor's own (where a
    transport comes from, say)."""
    if list_open:
        action = highlighted(options, index, list_open)
        return set() if action is None else set(action_hexes(action))
    named = {h for a in options[:rows] for h in action_hexes(a)}
    return named - {cursor_hex}


def chain_words(chain: Sequence[int]) -> str:
    """`` · chain D4-E4``: the chain drawn on the map, for the caption under it."""
    return f" · chain {'-'.join(NAME[h] for h in chain)}" if chain else ""


def next_spot(spots: Iterable[int], here: int) -> int | None:
    """The first hex after ``here`` (by number) where the player can act, else the first
    of all; None when there is none."""
    ordered = sorted(spots)
    if not ordered:
        return None
    later = [h for h in ordered if h > here]
    return (later or ordered)[0]


class ChainChoice:
    """Which of a transport's chains of empty meadows the map draws: the first, then the
    next at each ``o``; another transport starts again from its first."""

    def __init__(self) -> None:
        self.transport: Action | None = None
        self.turns = 0  # how many times ``o`` asked for another chain of this transport

    def shown(self, transport: Action, found: Sequence[Sequence[int]]) -> tuple[int, ...]:
        """The chain drawn for ``transport`` out of ``found`` (its chains); () if none."""
        if transport != self.transport:
            self.transport, self.turns = transport, 0
        return tuple(found[self.turns % len(found)]) if found else ()

    def next(self) -> None:
        """Another chain of the same transport, round to the first after the last."""
        self.turns += 1


def preview(texts: list[str], rows: int, width: int | None = None) -> list[str]:
    """The actions' texts as the closed list shows them in ``rows`` lines, the last line
    counting those that do not fit. With ``width``, each is wrapped in full as the open
    list wraps it (issue 31: "Place a craftsman on C1 (4…" was cut at 80 columns), and
    as many come as their lines fit; without, one line each (cut by the list)."""
    if width is None:
        if len(texts) > rows:
            return [*texts[: rows - 1], f"... and {len(texts) - rows + 1} more"]
        return texts
    shown: list[str] = []
    used = 0
    for n, text in enumerate(texts):
        lines = len(textwrap.wrap(text, max(width, 8))) or 1
        rest = len(texts) - n - 1
        if used + lines + (1 if rest else 0) > rows:
            return [*shown, f"... and {len(texts) - n} more"]
        shown.append(text)
        used += lines
    return shown
