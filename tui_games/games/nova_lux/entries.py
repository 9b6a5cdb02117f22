"""The action list's entries: which legal actions the list shows at a cell, in which order,
and the words of each line (pure, no UI).

The list holds exactly the rules' legal actions, with one change: the exchanges the
player composes in a dialog (Trade Fleet's forced trade, the Transmuters' conversion) are
one line per target, not one per amount, so an entry is an action or such a line.
"""

from __future__ import annotations

from collections.abc import Sequence

from tui_games.engine.core import Action
from tui_games.engine.grammar import speak_to
from tui_games.games.nova_lux.board import CARD_CELLS
from tui_games.games.nova_lux.cards import faction_text
from tui_games.games.nova_lux.describe import describe_action
from tui_games.games.nova_lux.state import (
    NONE,
    Attack,
    EndTurn,
    Escape,
    FedConvert,
    ForceTrade,
    FoundColony,
    Harvest,
    MoveTo,
    NovaLuxState,
    Pass,
    Pick,
    PlaceShip,
    StartTrade,
    TakeHydrogen,
    Teleport,
)
from tui_games.games.nova_lux.view import spoken

Entry = Action | tuple[str, int]
"""A line of the action list: a legal action, or ("force" | "convert", target)
for an exchange composed in the dialog."""
Paths = dict[int, tuple[int, int]]
"""The viewer's cheapest flight to each cell (movement.cheapest): cost first."""

AT_CELL = (MoveTo, Teleport, PlaceShip, Escape)
AT_SHIP = (Harvest, FoundColony, Attack)
# The order of the action list, safest first: the list opens on its first line, so a
# stray Enter passes, harvests or takes hydrogen, and never attacks or pays for a move.
SAFETY: tuple[tuple[type, ...], ...] = (
    (Pass,),
    (Harvest,),
    (TakeHydrogen, EndTurn),
    (StartTrade, tuple),
    (FoundColony,),
    (MoveTo, Teleport),
    (Attack,),
)
_EXCHANGES = {ForceTrade: "force", FedConvert: "convert"}


def safety(entry: Entry) -> float:
    """Where an entry goes in the list: by SAFETY, the rest (engine runs, abilities,
    the phases' own choices) after the colony and before the moves."""
    for rank, kinds in enumerate(SAFETY):
        if isinstance(entry, kinds):
            return rank
    return SAFETY.index((MoveTo, Teleport)) - 0.5


def capitalised(text: str) -> str:
    """``Harvest 2 hydrogen...`` from ``harvest 2 hydrogen...``."""
    return text[:1].upper() + text[1:]


def action_cell(s: NovaLuxState, seat: int, a: Action) -> int | None:
    """The cell action ``a`` of ``seat`` is about, or None for one that needs no place."""
    if isinstance(a, AT_CELL):
        return a.cell
    if isinstance(a, TakeHydrogen):
        return CARD_CELLS[a.card]
    if isinstance(a, (*AT_SHIP, StartTrade, ForceTrade)):
        return s.ships[seat]
    return None


def next_spot(s: NovaLuxState, seat: int, legal: Sequence[Action], here: int) -> int | None:
    """The next cell after ``here`` (in reading order, round to the first) where ``seat``
    can act, or None when no legal action has a place."""
    spots = sorted({at for a in legal if (at := action_cell(s, seat, a)) is not None})
    later = [c for c in spots if c > here]
    return (later or spots)[0] if spots else None


def entry_of(a: Action) -> Entry:
    """The list line that plays ``a``: an exchange's dialog line, else the action."""
    kind = _EXCHANGES.get(type(a))
    if kind is None:
        return a
    return (kind, getattr(a, "target", NONE))


def entries_at(s: NovaLuxState, seat: int, legal: Sequence[Action], cell: int) -> list[Entry]:
    """The legal actions at ``cell``, then those that need no place, safest first."""
    if s.phase == "compose":
        return []  # the offer's steps are the composer's keys, not list lines
    here: list[Entry] = []
    anywhere: list[Entry] = []
    for a in legal:
        at = action_cell(s, seat, a)
        if isinstance(a, ForceTrade | FedConvert):
            entry = entry_of(a)
            bucket = anywhere if at is None else here
            if at in (None, cell) and entry not in bucket:
                bucket.append(entry)
        elif at is None:
            anywhere.append(a)
        elif at == cell:
            here.append(a)
    return sorted(here + anywhere, key=safety)


def entry_text(s: NovaLuxState, entry: Entry, names: Sequence[str]) -> str:
    """The list's words for ``entry``; a move says what it costs (describe_action does,
    for every front end)."""
    if isinstance(entry, tuple):
        kind, target = entry
        if kind == "force":
            return f"Force {names[target]} to trade (Trade Fleet)..."
        return "Convert one resource into another (Transmuters)..."
    if isinstance(entry, Pick):
        # The draft is a newcomer's first list: "exchange 1 water <-> 1 artifact" read
        # aloud, as the "In words" panel and the lines front end say it (issue 31)
        return spoken(faction_text(entry.faction))
    if isinstance(entry, StartTrade):
        return f"Offer {names[entry.target]} a trade (choose what and how many)..."
    return capitalised(speak_to(describe_action(s, entry), names))
