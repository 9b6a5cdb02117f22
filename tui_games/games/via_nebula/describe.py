"""Plain-language phrases for Via Nebula's actions (menus, hints, the log)."""

from __future__ import annotations

from tui_games.engine.grammar import seat_ref
from tui_games.games.via_nebula.board import KIND, NAME, RUINS, hex_label
from tui_games.games.via_nebula.components import (
    CONTRACTS,
    RESOURCES,
    pile_text,
    token_text,
)
from tui_games.games.via_nebula.state import (
    UNUSED,
    Convert,
    Discard,
    Erect,
    Explore,
    FreeExplore,
    MoveResource,
    Pass,
    PlaceCraftsman,
    PlaceSite,
    SkipPower,
    TakeFromSupply,
    Transport,
    ViaNebulaAction,
    ViaNebulaState,
    slot_ruin,
)


def setup_line(players: int, out: str, first: str) -> str:
    """The log's first line: "A game for 2 players; the special (free to all) wheat token
    is out. Seat 1 begins." The bracket says what a special token is, as the rules do (its
    resources lie on the map for anyone, no craftsman, no VP), in the room Learn step 1
    leaves its one log row at 80 columns."""
    return (
        f"A game for {players} players; the special (free to all) {out} token is out. "
        f"{first} begins."
    )


def slot_name(s: ViaNebulaState, slot: int) -> str:
    """``the site on E5`` or, when a ruin holds two halves, ``the site on E5 (half 2)``."""
    hex_ = RUINS[slot_ruin(slot)]
    if s.slot_owner[slot ^ 1] == UNUSED:
        return f"the site on {NAME[hex_]}"
    return f"the site on {NAME[hex_]} (half {slot % 2 + 1})"


def describe_action(s: ViaNebulaState, a: ViaNebulaAction) -> str:
    """An imperative phrase for ``a`` in ``s``: ``transport 1 wood from C3 to the site on E5``."""
    kind = type(a)
    if kind is PlaceCraftsman:
        token = s.tokens[a.hex]
        what = f" ({token_text(token, s.players)})" if token >= 0 else ""
        return f"place a craftsman on {NAME[a.hex]}{what}"
    if kind is PlaceSite:
        return f"place a building site on the ruin {NAME[a.hex]}"
    if kind is Explore:
        if KIND[a.hex] == "forest":
            return f"explore the petrified forest {NAME[a.hex]} (both actions)"
        return f"explore the fog {NAME[a.hex]}"
    if kind is Transport:
        res = s.res_kind[a.source]
        what = RESOURCES[res] if res >= 0 else "a resource"
        return f"transport 1 {what} from {NAME[a.source]} to {slot_name(s, a.slot)}"
    if kind is Erect:
        card = CONTRACTS[a.card]
        text = f"erect the {card.name} ({card.vp} VP) on {slot_name(s, a.slot)}"
        pile = s.slot_res[a.slot] if 0 <= a.slot < len(s.slot_res) else [0] * 5
        surplus = [max(0, have - want) for have, want in zip(pile, card.needs, strict=True)]
        if any(surplus):
            text += f", {pile_text(surplus)} to storage"
        return text
    if kind is Convert:
        return (f"turn 1 {RESOURCES[a.old]} on {slot_name(s, a.slot)} into "
                f"1 {RESOURCES[a.new]}")
    if kind is TakeFromSupply:
        return f"take 1 {RESOURCES[a.kind]} from the supply onto {slot_name(s, a.slot)}"
    if kind is Discard:
        return f"return 1 {RESOURCES[a.kind]} from storage to the supply"
    if kind is FreeExplore:
        return f"explore {hex_label(a.hex)} for free"
    if kind is MoveResource:
        return (f"move 1 {RESOURCES[a.kind]} from {slot_name(s, a.source)} to "
                f"{slot_name(s, a.target)}")
    if kind is SkipPower:
        return "use the power no more"
    if kind is Pass:
        return "pass: no action is possible"
    return repr(a)


_THIRD_PERSON: dict[type, str] = {
    PlaceCraftsman: "places", PlaceSite: "places", Explore: "explores", Transport: "transports",
    Erect: "erects", Convert: "turns", TakeFromSupply: "takes", Discard: "returns",
    FreeExplore: "explores", MoveResource: "moves",
}
"""Each action's verb as its log line has it (the first word of its phrase, plus s)."""


_LINES: dict[tuple[object, ...], str] = {}
_TRANSPORT_LINES: dict[tuple[int, int, int, int, bool], str] = {}
LINES_LIMIT = 50_000      # never reached by one map's lines; a guard, not a policy


def narrate(s: ViaNebulaState, a: ViaNebulaAction, seat: int) -> str:
    """A log line in the third person: ``Seat 2 places a craftsman on C3 (...)``.

    The common lines are remembered by all they depend on (a playout writes one per
    action, and the same few hundred lines again and again); the others are written.
    """
    kind = type(a)
    if kind is Transport:      # the commonest line: a key of ints only, quick to hash
        source, slot = a.source, a.slot   # type: ignore[union-attr]
        tkey = (seat, s.res_kind[source], source, slot, s.slot_owner[slot ^ 1] == UNUSED)
        text = _TRANSPORT_LINES.get(tkey)
        if text is None:
            if len(_TRANSPORT_LINES) >= LINES_LIMIT:
                _TRANSPORT_LINES.clear()
            text = _TRANSPORT_LINES[tkey] = _narrate(s, a, seat)
        return text
    if kind is PlaceCraftsman:
        key: tuple[object, ...] = (kind, seat, a.hex, s.tokens[a.hex], s.players)  # type: ignore[union-attr]
    elif kind is Explore or kind is PlaceSite:
        key = (kind, seat, a.hex)  # type: ignore[union-attr]
    elif kind is Pass or kind is SkipPower:
        key = (kind, seat)
    else:
        return _narrate(s, a, seat)
    line = _LINES.get(key)
    if line is None:
        if len(_LINES) >= LINES_LIMIT:
            _LINES.clear()
        line = _LINES[key] = _narrate(s, a, seat)
    return line


def _narrate(s: ViaNebulaState, a: ViaNebulaAction, seat: int) -> str:
    kind = type(a)
    if kind is Transport:          # the commonest line of all, written out directly
        res = s.res_kind[a.source]
        what = RESOURCES[res] if res >= 0 else "a resource"
        return (f"{seat_ref(seat)} transports 1 {what} from {NAME[a.source]} to "
                f"{slot_name(s, a.slot)}.")
    verb = _THIRD_PERSON.get(kind)
    if verb is not None:
        return f"{seat_ref(seat)} {verb} {describe_action(s, a).partition(' ')[2]}."
    if kind is Pass:
        return f"{seat_ref(seat)} passes: no action is possible."
    if kind is SkipPower:
        return f"{seat_ref(seat)} uses the power no more."
    verb, _, rest = describe_action(s, a).partition(" ")
    verb += "es" if verb.endswith(("sh", "ss")) else "s"
    return f"{seat_ref(seat)} {verb} {rest}."
