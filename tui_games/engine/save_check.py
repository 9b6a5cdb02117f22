"""Reading a save file: the document decoded and type-checked, every field checked
against the others, and the game replayed from its seed, so a hand-edited or damaged file
is refused in one line (SaveError) and never played. What a file is (SaveFile, RecordTag,
its format and version) is defined here too; engine/saves.py writes and lists them.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Mapping
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

import msgspec

from tui_games.engine.bots.ismcts import RETIRED_LEVELS
from tui_games.engine.codec import to_builtins
from tui_games.engine.core import IllegalAction, Options
from tui_games.engine.savefiles import SaveError
from tui_games.engine.session import Seat, Session
from tui_games.engine.text import one_line, printable

if TYPE_CHECKING:
    from tui_games.games import GameInfo

FORMAT = "tui-games-save"
VERSION = 2  # 2 added "check"; version 1 files (no check) still load
READS = (1, 2)
AUTOSAVE_NAME = "autosave"
_CHECK_SALT = b"tui-games save check 1\n"

_PREF_KEY = re.compile(r"[a-z][a-z0-9_]{0,39}")
MAX_PREFS = 32
MAX_PREF_VALUE = 80
MAX_HINTS = 1_000_000  # hints one seat may have used: more is an edited file


S = TypeVar("S")
A = TypeVar("A")


class RecordTag(msgspec.Struct, forbid_unknown_fields=True):
    """What marks a save as a record of a finished game (kept in the history folder).

    ``hints_used`` counts the hints each seat asked for (empty when nobody counted them).
    Everything else of a record (the result, the scores, the turns) comes from replaying
    its actions, so an edited record cannot claim a win it did not have.
    """

    finished_at: str
    hints_used: list[int] = msgspec.field(default_factory=list)


class SaveFile(msgspec.Struct, Generic[S, A], forbid_unknown_fields=True):
    """The on-disk envelope; typed by the game's state and action types when decoding."""

    format: str
    version: int
    game: str
    name: str
    saved_at: str
    save_id: str | None
    seed: int
    options: dict[str, str]
    seats: list[Seat]
    turn: int
    undoable: list[bool]
    actions: list[A]
    state: S
    ui_prefs: dict[str, str] = msgspec.field(default_factory=dict)  # optional: newer saves
    check: str | None = None  # version 2 on: see header_check(); version 1 has none
    record: RecordTag | None = None  # only in records (history/): never written as null
    # Hints asked for, per seat; saves from before hints have none (every count is 0).
    hints_used: list[int] = msgspec.field(default_factory=list)


def display_name(name: str) -> str:
    """The save name as shown in lists: printable, one line, not too long."""
    return " ".join(printable(name).split())[:60]


def header_check(game: str, seed: int, options: Options, seats: list[Seat]) -> str:
    """The check of what the replay cannot verify: the game, seed, options and seats.

    The replay proves the actions and the state; it cannot tell a bot seat from a human
    one, so without this a bot edited into a human would show its hand. Like the replay
    check, it catches an edited or damaged file; it is no secret.
    """
    header = {"game": game, "seed": seed, "options": dict(options),
              "seats": [to_builtins(seat) for seat in seats]}
    digest = hashlib.sha256(_CHECK_SALT + _canonical.encode(header)).hexdigest()
    return f"sha256:{digest}"


_canonical = msgspec.json.Encoder(order="sorted")


def decode(file: Path, data: bytes, games: Mapping[str, GameInfo],
           decoders: dict[str, msgspec.json.Decoder[Any]],
           ) -> tuple[GameInfo, SaveFile[Any, Any]]:
    """Parse and type-check the document: format, version, game, then every field.
    ``decoders`` keeps each game's typed decoder (built once per store)."""
    if not data.strip():
        raise SaveError(file, "the file is empty")
    try:
        raw = msgspec.json.decode(data)
    except msgspec.DecodeError as exc:
        if "truncated" in str(exc):
            raise SaveError(file, "the file is truncated (the JSON stops midway)") from None
        raise SaveError(file, f"not a JSON file ({exc})") from None
    except RecursionError:
        raise SaveError(file, "is nested too deeply to be a save file") from None
    if not isinstance(raw, dict) or "format" not in raw:
        raise SaveError(file, f"not a tui-games save (no \"format\": \"{FORMAT}\")")
    if raw["format"] != FORMAT:
        raise SaveError(file, f"unknown format {short(raw['format'])} "
                              f"(expected {FORMAT!r})")
    version = raw.get("version")
    if version not in READS or isinstance(version, bool):
        raise SaveError(file, f"unknown save version {short(version)} (this tui-games "
                              f"reads versions {', '.join(map(str, READS))})")
    game = raw.get("game")
    info = games.get(game) if isinstance(game, str) else None
    if info is None:
        raise SaveError(file, f"unknown game {short(game)}")
    decoder = decoders.get(info.id)
    if decoder is None:
        rules = info.rules
        decoder = msgspec.json.Decoder(SaveFile[rules.state_type, rules.action_type])
        decoders[info.id] = decoder
    try:
        doc = decoder.decode(data)
    except msgspec.ValidationError as exc:
        raise SaveError(file, f"wrong data: {exc}") from None
    return info, doc


def rebuild(file: Path, info: GameInfo, doc: SaveFile[Any, Any]) -> Session:
    """Check the fields against each other and replay the actions from the seed."""
    rules = info.rules
    players = len(doc.seats)
    if players not in info.players:
        wanted = (f"{rules.min_players}" if rules.min_players == rules.max_players
                  else f"{rules.min_players}-{rules.max_players}")
        raise SaveError(file, f"{players} seats, but {info.title} is for {wanted} players")
    # A level no longer offered plays as the level that replaced it (RETIRED_LEVELS).
    seats = [msgspec.structs.replace(seat, bot=RETIRED_LEVELS[seat.bot])
             if seat.bot in RETIRED_LEVELS and seat.bot not in info.bots else seat
             for seat in doc.seats]
    for seat in seats:
        if seat.bot is not None and seat.bot not in info.bots:
            raise SaveError(file, f"unknown bot level {short(seat.bot)} for "
                                  f"{short(seat.name)}")
    check_options(file, info, doc.options)
    check_prefs(file, doc.ui_prefs)
    check_hints(file, doc.hints_used, players)
    check_header(file, doc)
    if len(doc.undoable) != len(doc.actions):
        raise SaveError(file, f"{len(doc.undoable)} undo flags for "
                              f"{len(doc.actions)} actions")
    try:
        datetime.fromisoformat(doc.saved_at)
    except ValueError:
        raise SaveError(file, f"saved_at {doc.saved_at!r} is not an ISO date") from None
    try:
        session = Session.new(rules, seats, doc.seed, doc.options)
    except Exception as exc:  # any failure here means a bad file
        raise SaveError(file, f"cannot set up the game from the seed and options "
                              f"({type(exc).__name__}: {exc})") from None
    # A game whose actions changed shape may read an older action as today's actions
    # (``upgrade_action(action) -> list``), each with the old one's undo flag.
    upgrade = getattr(rules, "upgrade_action", None)
    for number, (action, flag) in enumerate(zip(doc.actions, doc.undoable, strict=True),
                                            start=1):
        try:
            for step in (upgrade(action) if upgrade is not None else (action,)):
                session.apply(step, undoable=flag)
        except IllegalAction as exc:
            raise SaveError(file, f"action {number} of {len(doc.actions)} is illegal on "
                                  f"replay ({exc.reason}): the file was edited or is "
                                  f"corrupt") from None
        except Exception as exc:  # an edited action can break a rule
            raise SaveError(file, f"action {number} of {len(doc.actions)} cannot be "
                                  f"replayed ({type(exc).__name__}: {exc}): the file "
                                  f"was edited or is corrupt") from None
    replayed, stored = checked_part(session.state), checked_part(doc.state)
    # A field a newer version keeps is missing (empty) in an older file: the replay
    # fills it, and the loaded game uses the replay, so it is not compared.
    for name in getattr(type(session.state), "KEPT_SINCE", ()):
        if not stored.get(name):
            replayed.pop(name, None)
            stored.pop(name, None)
    if replayed != stored:
        raise SaveError(file, "the stored state does not match a replay of its actions "
                              f"(differs in {differing_fields(replayed, stored)}): "
                              "the file was edited or is corrupt")
    if doc.turn != session.turn:
        raise SaveError(file, f"turn {doc.turn} does not match the replayed turn "
                              f"{session.turn}")
    session.save_id = doc.save_id
    session.name = None if doc.name == AUTOSAVE_NAME else display_name(doc.name)
    session.ui_prefs = dict(doc.ui_prefs)
    session.hints_used = list(doc.hints_used) or [0] * players
    # Names reach the screen and the log: nothing in them may steer the terminal.
    session.seats = [Seat(printable(seat.name), seat.bot) for seat in session.seats]
    return session


def check_header(file: Path, doc: SaveFile[Any, Any]) -> None:
    """Version 2 saves carry the check of their game, seed, options and seats."""
    if doc.check is None and doc.version == 1:
        return  # written before the check existed; the next save adds it
    expected = header_check(doc.game, doc.seed, doc.options, doc.seats)
    if doc.check is None:
        raise SaveError(file, "the check of the seats, options and seed is missing: "
                              "the file was edited or is corrupt")
    if doc.check != expected:
        raise SaveError(file, "the seats, options or seed do not match the file's "
                              "check: the file was edited or is corrupt")


def check_prefs(file: Path, prefs: dict[str, str]) -> None:
    """View preferences are small: a few lower-case keys with short one-line values."""
    if len(prefs) > MAX_PREFS:
        raise SaveError(file, f"{len(prefs)} ui_prefs (at most {MAX_PREFS})")
    for key, value in prefs.items():
        if not _PREF_KEY.fullmatch(key):
            raise SaveError(file, f"ui_prefs key {short(key)} is not a preference name")
        if len(value) > MAX_PREF_VALUE or not value.isprintable():
            raise SaveError(file, f"ui_prefs {key!r} has a value that is too long or "
                                  "not one line of text")


def check_hints(file: Path, hints: list[int], players: int) -> None:
    """One count of hints per seat, none negative (an old save has no counts)."""
    if not hints:
        return
    if len(hints) != players:
        raise SaveError(file, f"{len(hints)} hint counts for {players} seats")
    if any(not 0 <= n <= MAX_HINTS for n in hints):
        raise SaveError(file, f"a hint count is not a number from 0 to {MAX_HINTS}")


def check_options(file: Path, info: GameInfo, options: Options) -> None:
    specs = {spec.key: spec for spec in info.rules.option_specs}
    for key, value in options.items():
        spec = specs.get(key)
        if spec is None:
            raise SaveError(file, f"unknown option {short(key)} for {info.title}")
        if not spec.allows(value):
            raise SaveError(file, f"option {key!r} cannot be {short(value)}")


def short(value: object) -> str:
    """A value from a file, quoted for a message: printable and short, however long."""
    text = repr(value[:100] if isinstance(value, str) else value)
    return one_line(text, 60)


def checked_part(state: Any) -> dict[str, Any]:
    """The state as the replay check compares it. The log's wording is left out: the
    loaded game uses the replayed log anyway, and rewording a message in a new version
    must not make every older save unloadable. The number of log lines and who may read
    each still count."""
    data = to_builtins(state)
    log = data.get("log")
    if isinstance(log, list):
        data["log"] = [event.get("seen_by") if isinstance(event, dict) else event
                       for event in log]
    return data


def differing_fields(replayed: dict[str, Any], stored: dict[str, Any]) -> str:
    """The top-level state fields that differ, for the refusal message."""
    names = sorted(k for k in replayed.keys() | stored.keys()
                   if replayed.get(k) != stored.get(k))
    return ", ".join(names) or "field order"
