"""The Rules protocol every game implements, and the plain data it speaks in.

A game is a state plus ``legal_actions``/``apply`` (the OpenSpiel shape). States and
actions are msgspec Structs so they round-trip through JSON exactly; an action is a
frozen, tagged Struct so it can be hashed, compared and decoded from a save file.
"""

from __future__ import annotations

import random
from typing import (
    Any,
    ClassVar,
    Generic,
    Literal,
    Protocol,
    TypeVar,
    get_args,
    get_origin,
    get_type_hints,
)

import msgspec

from tui_games.engine.rng import Rng
from tui_games.engine.verdict import decided_by as default_decided_by

SPECTATOR = -1
"""The seat ``observe`` is asked for on behalf of a spectator (an online watcher, a replay
viewed as nobody): no seat's private parts, only the log lines everyone reads."""


class IllegalAction(Exception):
    """Raised by ``apply`` for an action that is not legal now; ``reason`` says why."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class Event(msgspec.Struct, frozen=True):
    """One line of the game log, with who may read it.

    ``seen_by`` lists the seats that read ``text``; ``None`` means everyone. Seats outside
    ``seen_by`` read ``others`` instead (an empty string hides the line from them).
    """

    text: str
    seen_by: tuple[int, ...] | None = None
    others: str = ""

    def for_viewer(self, player: int | None) -> str:
        """The text ``player`` may read ("" when the line is hidden); ``None`` sees all."""
        if self.seen_by is None or player is None or player in self.seen_by:
            return self.text
        return self.others


def redacted_log(log: list[Event], player: int) -> list[Event]:
    """The log as ``player`` (a seat or SPECTATOR) reads it, for ``observe``: each line
    in the words that seat may read, the lines hidden from it left out, and no
    ``seen_by`` or ``others`` left to tell what the hidden words were."""
    return [Event(text) for e in log if (text := e.for_viewer(player))]


class GameState(msgspec.Struct, kw_only=True):
    """Fields every game's state has: seat count, the RNG, turn counter and the log.

    Two more fields are declared by the games that need them, never here (a field here
    would change every saved state's JSON), and read only through the helpers below:

    - ``phase: Literal["draw", "meld", ...]``: the step of a compound turn. Its Literal
      lists every phase the game can be in (``phases_of``); the bench's key scripts and
      the text-fit tests visit each. A game of one kind of decision has none (``phase_of``
      reads "").
    - ``round: int``: the round in play, for a game played in rounds or hands; it turns
      on the replay's ``{``/``}`` keys (``round_of``).
    """

    players: int
    rng: Rng
    turn: int = 0
    log: list[Event] = msgspec.field(default_factory=list)


def phase_of(state: GameState) -> str:
    """The step of a compound turn ``state`` is at ("" for a game without phases)."""
    return str(getattr(state, "phase", ""))


def phases_of(state_type: type) -> tuple[str, ...]:
    """Every phase a game's state can be in: the values of its ``phase`` Literal; () for
    a game without phases, or whose ``phase`` is not a Literal of strings (check_game in
    the tests names that as a missing contract)."""
    hint = get_type_hints(state_type).get("phase")
    if hint is None or get_origin(hint) is not Literal:
        return ()
    values = get_args(hint)
    return tuple(values) if all(isinstance(v, str) for v in values) else ()


def round_of(state: GameState) -> int | None:
    """The round in play if the game counts rounds (an int ``round`` field), else None."""
    value = getattr(state, "round", None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


class Action(msgspec.Struct, frozen=True, tag=True):
    """Base of every game's actions: frozen (hashable) and tagged (decodable from JSON)."""


DETAIL = "  "


def is_detail(label: str) -> bool:
    """Whether a breakdown row explains the row above it instead of adding to the score."""
    return label.startswith(DETAIL)


class Outcome(msgspec.Struct):
    """How a finished game ended.

    ``scores`` per seat, ``ranks`` per seat (1 = best, ties share a rank), ``winners`` the
    seats ranked 1, ``reason`` one plain sentence, ``breakdown`` per seat an ordered list of
    (label, value) rows for the game-over screen: where the points came from, in the
    rulebook's words. A row whose label starts with ``DETAIL`` explains the row above it
    (a hand's melds, a round's asteroids) and is not part of the sum; the other rows add
    up to the seat's score. ``decided_by`` is one line on what settled the result ("Seat 1
    won on the tie-break: fewer resources in storage"); "" in results made before it.
    ``from_scores`` words it from the scores in points unless the game gives its own.
    """

    scores: list[int]
    ranks: list[int]
    winners: list[int]
    reason: str
    breakdown: list[list[tuple[str, int]]] = msgspec.field(default_factory=list)
    decided_by: str = ""

    def counted(self, seat: int) -> int:
        """The sum of ``seat``'s breakdown rows, details left out (its score, if complete)."""
        rows = self.breakdown[seat] if seat < len(self.breakdown) else []
        return sum(value for label, value in rows if not is_detail(label))

    @classmethod
    def from_scores(
        cls, scores: list[int], reason: str, breakdown: list[list[tuple[str, int]]] | None = None,
        decided_by: str | None = None,
    ) -> Outcome:
        """Rank by score, highest first; equal scores share a rank and the win.
        ``decided_by`` None words the margin (or the shared win) in points."""
        ranks = [1 + sum(1 for other in scores if other > s) for s in scores]
        winners = [i for i, r in enumerate(ranks) if r == 1]
        if decided_by is None:
            decided_by = default_decided_by(scores, winners, "point")
        return cls(scores=list(scores), ranks=ranks, winners=winners, reason=reason,
                   breakdown=breakdown or [], decided_by=decided_by)


class OptionSpec(msgspec.Struct, frozen=True):
    """One game option for the new-game dialog: its key, label, choices and default.

    With ``pick`` > 0 the players may also compose their own value: exactly ``pick`` of
    ``items`` (value, label), joined by "+" in ``items`` order.
    """

    key: str
    label: str
    choices: tuple[tuple[str, str], ...]  # (value, label)
    default: str
    pick: int = 0
    items: tuple[tuple[str, str], ...] = ()

    def picked_value(self, values: list[str]) -> str:
        """The option value naming ``values`` (a pick of ``items``), in ``items`` order."""
        chosen = set(values)
        return "+".join(value for value, _ in self.items if value in chosen)

    def allows(self, value: str) -> bool:
        """Whether ``value`` is one of the choices, or a pick of exactly ``pick`` different
        items (a saved game set up with "Pick your own")."""
        if value in {choice for choice, _ in self.choices}:
            return True
        parts = value.split("+")
        return (self.pick > 0 and len(parts) == self.pick == len(set(parts))
                and set(parts) <= {item for item, _ in self.items})

    def label_of(self, value: str) -> str:
        """A choice's label, or for a picked value the labels of its items."""
        for choice, label in self.choices:
            if choice == value:
                return label
        names = dict(self.items)
        return ", ".join(names.get(part, part) for part in value.split("+"))


Options = dict[str, str]

S = TypeVar("S", bound=GameState)
A = TypeVar("A", bound=Action)


class Rules(Protocol, Generic[S, A]):
    """What every game implements. Names are the DESIGN.md protocol.

    ``state_type`` and ``action_type`` (a Union of the game's Action Structs) let the codec
    decode a save file with typed validation.
    """

    id: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    state_type: ClassVar[type]
    action_type: ClassVar[Any]
    option_specs: ClassVar[tuple[OptionSpec, ...]]

    def setup(self, players: int, seed: int, options: Options) -> S:
        """A new game for ``players`` seats; all randomness drawn from ``seed``."""
        ...

    def to_move(self, s: S) -> int | None:
        """The seat that decides now; ``None`` once the game is over."""
        ...

    def legal_actions(self, s: S) -> list[A]:
        """Every legal action now; never empty while ``to_move`` is not ``None``."""
        ...

    def apply(self, s: S, a: A) -> None:
        """Play ``a`` on ``s`` in place; raise IllegalAction(reason) if it is not legal."""
        ...

    def observe(self, s: S, player: int) -> S:
        """A copy of ``s`` with everything ``player`` cannot see removed (RNG included);
        ``player`` may be SPECTATOR, who sees only what every seat sees."""
        ...

    def determinize(self, view: S, player: int, rng: random.Random) -> S:
        """A full state consistent with ``view`` (what ``player`` knows), unseen parts sampled."""
        ...

    def outcome(self, s: S) -> Outcome | None:
        """The result once the game is over, else ``None``."""
        ...

    def describe(self, s: S, a: A) -> str:
        """A plain-language phrase for ``a`` in state ``s`` (menus, hints, the log)."""
        ...

    def reveals(self, s: S, a: A) -> bool:
        """Whether ``a`` uncovers hidden or random information (a draw): undo stops there."""
        ...


def public_view(rules: Rules[S, Any], s: S) -> S:
    """What a spectator may see of ``s``."""
    return rules.observe(s, SPECTATOR)


def default_options(rules: Rules[Any, Any]) -> Options:
    """Each option's default value."""
    return {spec.key: spec.default for spec in rules.option_specs}
