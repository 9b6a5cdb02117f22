"""The host protocol: versioned msgspec messages, one JSON object per line, on a Unix socket.

Version 1. Every message is a JSON object on one line (msgspec never writes a newline
inside one), tagged by its ``type`` field. A client speaks first:

1. client ``{"type": "hello", "version": 1}``; the host answers ``welcome`` (naming the
   user it identified from the socket's peer credentials, SO_PEERCRED) or ``refused``
   with ``fatal: true`` and closes: another protocol version, or a ``user`` claim that is
   not who the operating system says the client is. The ``version`` is read before
   anything else of the hello, so a client of any version gets a clear refusal.
2. ``list`` -> ``games`` (every game of the host: seats, turn, who is to move, who is
   connected); ``create`` (a game id, seats bound to user names or bot levels, options)
   -> ``created``; ``join`` (a game, optionally a seat, or as a spectator) -> ``joined``
   then a ``view``.
3. At the table: ``act`` carries one action of the game (the rules' own tagged JSON) and
   the number of actions the client has seen; the host plays it through the rules and
   sends every connection of that game a fresh ``view``, or answers ``refused`` with the
   rules' reason. ``leave`` leaves the table (the connection stays for the lobby).
   ``hinted`` says the client showed its player a hint at the position of ``seen``
   actions: the host counts it in that seat's ``hints_used`` (saved, and in the record),
   once per position, and answers nothing.
4. ``stats`` -> ``stats-lines``: the asking login's own figures, from the records of
   its finished games on this host (``tui-games stats --host``, the lobby).

A ``view`` holds ``observe(state, seat)`` of the client's own seat, never the true state
(a spectator's holds only what every seat may see), the number of actions so far, who
is to move, which seats are connected, and the outcome once the game is over. Any
request may be answered ``refused`` (``fatal: false``: the connection stays usable).
"""

from __future__ import annotations

from typing import Any, TypeVar

import msgspec

from tui_games.engine.core import Outcome
from tui_games.engine.session import Seat
from tui_games.engine.stats import StatLine

PROTOCOL_VERSION = 1
MAX_LINE = 8 * 1024 * 1024  # a view of the largest game is far below this
MAX_REQUEST = 256 * 1024  # what a client may send in one line

T = TypeVar("T")


class BadMessage(ValueError):
    """A line that is not a message of this protocol: ``str`` says why, in one line."""


# ---- client -> host -----------------------------------------------------------------------

class Hello(msgspec.Struct, tag="hello", kw_only=True):
    """The first message. ``user`` is only a claim, checked against the peer credentials."""

    version: int
    user: str | None = None


class ListGames(msgspec.Struct, tag="list"):
    """Ask for every game of the host."""


class CreateGame(msgspec.Struct, tag="create", kw_only=True):
    """A new game: each seat a user name (``bot`` None) or a bot level."""

    game: str
    seats: list[Seat]
    options: dict[str, str] = msgspec.field(default_factory=dict)


class Join(msgspec.Struct, tag="join", kw_only=True):
    """Sit at a game: ``seat`` (one bound to this user; None = the first such seat), or
    ``spectate`` to watch."""

    game_id: str
    seat: int | None = None
    spectate: bool = False


class Act(msgspec.Struct, tag="act", kw_only=True):
    """Play ``action`` (the game's action JSON) for this connection's seat. ``seen`` is
    how many actions the client's view had: a stale decision is refused."""

    action: msgspec.Raw
    seen: int | None = None


class Hinted(msgspec.Struct, tag="hinted", kw_only=True):
    """This connection's player was shown a hint with ``seen`` actions played. Hints are
    worked out on the client (from its own view), so only the client knows; the count is
    the player's own, in their record and History."""

    seen: int


class Leave(msgspec.Struct, tag="leave"):
    """Leave the table; the connection stays open for the lobby."""


class MyStats(msgspec.Struct, tag="stats"):
    """The asking login's own figures, from its history on this host."""


ClientMessage = Hello | ListGames | CreateGame | Join | Act | Hinted | Leave | MyStats


# ---- host -> client -----------------------------------------------------------------------

class Welcome(msgspec.Struct, tag="welcome", kw_only=True):
    """The hello was accepted: ``user`` is who the host knows this client as."""

    version: int
    user: str
    host_user: str
    app_version: str


class Refused(msgspec.Struct, tag="refused", kw_only=True):
    """A request was refused, and why. ``fatal``: the host closes the connection."""

    reason: str
    request: str = ""
    fatal: bool = False


class GameRow(msgspec.Struct, kw_only=True):
    """One game of the lobby list."""

    id: str
    game: str
    title: str
    seats: list[Seat]
    turn: int
    to_move: int | None
    over: bool
    present: list[bool]
    spectators: int = 0
    moved: float | None = None  # when the last action was played (epoch seconds)


class GameList(msgspec.Struct, tag="games", kw_only=True):
    """Every game of the host, newest first."""

    games: list[GameRow]


class Created(msgspec.Struct, tag="created", kw_only=True):
    """The new game's id."""

    game_id: str


class Joined(msgspec.Struct, tag="joined", kw_only=True):
    """Seated (``seat``) or watching (``seat`` None) at ``game_id``."""

    game_id: str
    game: str
    seat: int | None
    seats: list[Seat]
    options: dict[str, str]


class View(msgspec.Struct, tag="view", kw_only=True):
    """What this connection may see now: ``state`` is the game's state JSON as observed
    by ``seat`` (public information only for a spectator)."""

    game_id: str
    seat: int | None
    actions: int
    to_move: int | None
    present: list[bool]
    state: msgspec.Raw
    outcome: Outcome | None = None
    last: str = ""


class StatsLines(msgspec.Struct, tag="stats-lines", kw_only=True):
    """The answer to ``stats``: one line per game and opponents (see tui_games.engine.stats)."""

    lines: list[StatLine]


HostMessage = Welcome | Refused | GameList | Created | Joined | View | StatsLines

_encoder = msgspec.json.Encoder()
client_decoder = msgspec.json.Decoder(ClientMessage)
host_decoder = msgspec.json.Decoder(HostMessage)


def encode(message: Any) -> bytes:
    """One message as one line (the newline included)."""
    return _encoder.encode(message) + b"\n"


def decode(data: bytes, as_type: type[T] | msgspec.json.Decoder[T]) -> T:
    """``data`` decoded as ``as_type`` (a type, or a ready decoder): the one place every
    line from the other end is decoded, so every way it can be wrong is one BadMessage.

    msgspec raises RecursionError (not DecodeError) for deep nesting, such as 100,000
    ``[``: a hostile line must be refused like any other bad one, not end the connection.
    """
    try:
        if isinstance(as_type, msgspec.json.Decoder):
            return as_type.decode(data)
        return msgspec.json.decode(data, type=as_type)
    except (msgspec.ValidationError, msgspec.DecodeError) as exc:
        raise BadMessage(str(exc)) from None
    except RecursionError:
        raise BadMessage("JSON nested too deeply") from None


def hello_version(line: bytes) -> int | None:
    """The ``version`` of a hello of any protocol version (None if it has none)."""
    try:
        raw = decode(line, Any)  # type: ignore[arg-type]
    except BadMessage:
        return None
    if not isinstance(raw, dict):
        return None
    version = raw.get("version")
    return version if isinstance(version, int) and not isinstance(version, bool) else None


def version_refusal(version: int | None) -> str:
    """The clear message for a client of another protocol version."""
    from tui_games import __version__

    theirs = "no protocol version" if version is None else f"protocol version {version}"
    return (f"this host speaks tui-games protocol version {PROTOCOL_VERSION} (tui-games "
            f"{__version__}) and your client sent {theirs}: run the same tui-games "
            "version as the host (ssh -t host tui-games join uses the host's own)")
