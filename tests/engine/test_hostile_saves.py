"""Hostile save files: whatever a file holds, loading it gives a game or one short line.

The regression tests name the failures of issue 11 (items 1 and 9); the hypothesis test
at the end mutates real saves of every registered game and holds every result to the
same promise: it loads as a playable game, or it is refused with one SaveError line.
"""

from __future__ import annotations

import copy
import json
import os
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tui_games.engine import save_check, saves
from tui_games.engine.core import default_options
from tui_games.engine.saves import MAX_PROBLEM, MAX_SAVE_BYTES, SaveError, SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.engine.text import printable
from tui_games.games import GameInfo, all_games

GAMES = all_games()
# A refusal is "<path>: <problem>"; the problem is capped, the path is ours.
MAX_MESSAGE = MAX_PROBLEM + 200
NASTY = ["[/x]", "[bold red]x[/]", "\x1b]0;pwn\x07", "\x1b[2J\x1b[H", "\x9b31m", "a\nb\rc",
         "\u202eevil", "x" * 5000, "", "\x00", "😀", "\udcff"]


def real_save(info: GameInfo, steps: int = 30, seed: int = 5) -> Session:
    """A game of ``info`` some random decisions in: a human, then bots."""
    rules = info.rules
    bot = next(iter(info.bots))
    seats = [Seat("Ana")] + [Seat(f"Bot {i}", bot) for i in range(1, rules.min_players)]
    session = Session.new(rules, seats, seed, default_options(rules))
    rng = random.Random(seed)
    for _ in range(steps):
        if rules.to_move(session.state) is None:
            break
        session.apply(rng.choice(rules.legal_actions(session.state)))
    return session


def one_line_refusal(store: SaveStore, path: Path) -> str:
    with pytest.raises(SaveError) as caught:
        store.load(path)
    message = str(caught.value)
    assert "\n" not in message and len(message) <= MAX_MESSAGE
    assert message.startswith(f"{path}: ")
    return message


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    folder = tmp_path / "saves"
    folder.mkdir()
    return SaveStore(folder)


@pytest.fixture
def good(store: SaveStore) -> Path:
    return store.autosave(real_save(GAMES["nebular_colors"]))


# ---- item 1: any decoding error is one line, and never stops the app ------------------

def test_a_save_nested_thousands_deep_is_refused_in_one_line(store: SaveStore) -> None:
    path = store.folder / "deep.json"
    path.write_text('{"format": "tui-games-save", "version": 2, "game": "nebula", "x": '
                    + "[" * 5000 + "]" * 5000 + "}")
    assert "nested too deeply" in one_line_refusal(store, path)
    deeper = store.folder / "deeper.json"
    deeper.write_text("[" * 100_000)
    one_line_refusal(store, deeper)


def test_a_file_that_is_not_utf8_is_refused_in_one_line(store: SaveStore, good: Path) -> None:
    data = good.read_bytes()
    good.write_bytes(data.replace(b'"Ana"', b'"\xff\xfeA"'))
    assert "not a JSON file" in one_line_refusal(store, good)


def test_an_unexpected_error_while_loading_is_still_one_line(
        store: SaveStore, good: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(state: Any) -> Any:
        raise MemoryError

    monkeypatch.setattr(save_check, "checked_part", boom)
    assert "too large" in one_line_refusal(store, good)

    def odd(state: Any) -> Any:
        raise UnicodeDecodeError("utf-8", b"\xff", 0, 1, "invalid start byte")

    monkeypatch.setattr(save_check, "checked_part", odd)
    assert "UnicodeDecodeError" in one_line_refusal(store, good)


def test_one_bad_file_never_stops_the_listing(store: SaveStore, good: Path) -> None:
    (store.folder / "deep.json").write_text("[" * 100_000)
    (store.folder / "latin1.json").write_bytes(b'{"format": "\xe9"}')
    rows = store.list()
    assert len(rows) == 3
    assert sorted(Path(r.path).name for r in rows if r.error) == ["deep.json", "latin1.json"]
    latest = store.latest()
    assert latest is not None and Path(latest.path) == good


# ---- item 9: only regular files, never more than 5 MB, a capped message ----------------

def test_a_fifo_is_refused_at_once(store: SaveStore) -> None:
    fifo = store.folder / "pipe.json"
    os.mkfifo(fifo)
    assert "is a FIFO" in one_line_refusal(store, fifo)  # blocked forever before
    assert store.list() == []  # the listing passes it by


def test_a_symlink_to_a_device_is_refused(store: SaveStore) -> None:
    link = store.folder / "zero.json"
    link.symlink_to("/dev/zero")
    assert "is a device" in one_line_refusal(store, link)


def test_a_symlink_to_a_real_save_still_loads(store: SaveStore, good: Path,
                                              tmp_path: Path) -> None:
    link = tmp_path / "shortcut.json"
    link.symlink_to(good)
    assert store.load(link).actions == store.load(good).actions


def test_a_file_over_5_mb_is_refused_before_reading(store: SaveStore,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    big = store.folder / "big.json"
    with big.open("wb") as out:
        out.truncate(MAX_SAVE_BYTES + 1)
    reads: list[int] = []
    real_read = os.read
    monkeypatch.setattr(saves.os, "read", lambda fd, n: reads.append(n) or real_read(fd, n))
    assert "too large" in one_line_refusal(store, big)
    assert reads == []


def test_a_huge_field_never_makes_a_huge_message(store: SaveStore, good: Path) -> None:
    doc = json.loads(good.read_text())
    doc["game"] = "\x1b]0;pwn\x07" + "g" * 4_000_000
    good.write_text(json.dumps(doc))
    message = one_line_refusal(store, good)
    assert "unknown game" in message and "\x1b" not in message


def test_messages_never_carry_control_characters(store: SaveStore, good: Path) -> None:
    doc = json.loads(good.read_text())
    doc["options"] = {"\x1b[2J": "x"}
    good.write_text(json.dumps(doc))
    message = one_line_refusal(store, good)
    assert message == printable(message) and "unknown option" in message


# ---- the harness: mutated real saves of every game ------------------------------------

DOCS: dict[str, dict[str, Any]] = {}


def base_doc(game_id: str, folder: Path) -> dict[str, Any]:
    """A real save of ``game_id`` as parsed JSON (made once per run)."""
    if game_id not in DOCS:
        store = SaveStore(folder)
        DOCS[game_id] = json.loads(store.autosave(real_save(GAMES[game_id])).read_text())
    return copy.deepcopy(DOCS[game_id])


def containers(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """Paths to every dict and list in ``value``."""
    found: list[tuple[Any, ...]] = []
    if isinstance(value, dict):
        found.append(path)
        for key, item in value.items():
            found.extend(containers(item, (*path, key)))
    elif isinstance(value, list):
        found.append(path)
        for index, item in enumerate(value):
            found.extend(containers(item, (*path, index)))
    return found


def at(doc: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        doc = doc[step]
    return doc


VALUES = st.one_of(st.none(), st.booleans(), st.integers(-(2 ** 70), 2 ** 70),
                   st.floats(allow_nan=False), st.sampled_from(NASTY), st.text(max_size=8),
                   st.just([]), st.just({}), st.just([[[]]]))


def mutate_tree(doc: dict[str, Any], data: st.DataObject) -> None:
    """One structural edit somewhere in the document."""
    target = at(doc, data.draw(st.sampled_from(containers(doc)), label="container"))
    if not target:
        return
    keys = list(target) if isinstance(target, dict) else list(range(len(target)))
    key = data.draw(st.sampled_from(keys), label="key")
    edit = data.draw(st.sampled_from(["drop", "retype", "duplicate", "reorder", "inject",
                                      "nest", "rename"]), label="edit")
    if edit == "drop":
        del target[key]
    elif edit == "retype":
        target[key] = data.draw(VALUES, label="value")
    elif edit == "duplicate":
        if isinstance(target, list):
            target.insert(key, copy.deepcopy(target[key]))
        else:
            target[f"{key}"] = copy.deepcopy(target[key])
    elif edit == "reorder":
        if isinstance(target, list):
            data.draw(st.randoms(use_true_random=False)).shuffle(target)
        else:
            items = list(target.items())
            data.draw(st.randoms(use_true_random=False)).shuffle(items)
            target.clear()
            target.update(items)
    elif edit == "inject":
        nasty = data.draw(st.sampled_from(NASTY), label="nasty")
        old = target[key]
        target[key] = (old + nasty) if isinstance(old, str) else nasty
    elif edit == "nest":
        depth = data.draw(st.sampled_from([2, 50, DEEP]), label="depth")
        value = target[key] if depth < DEEP else DEEP_MARK  # json.dumps cannot nest so deep
        for _ in range(depth if depth < DEEP else 0):
            value = [value]
        target[key] = value
    elif isinstance(target, dict):  # rename a key
        target[data.draw(st.sampled_from([*NASTY[:4], "format", "check"]))] = target.pop(key)


DEEP = 5000
DEEP_MARK = "deep-nest-mark"


def mutate_bytes(data_bytes: bytes, data: st.DataObject) -> bytes:
    """One edit of the raw text: cut, flip, a duplicate key, a deep nest."""
    edit = data.draw(st.sampled_from(["truncate", "flip", "dupkey", "nest"]), label="bytes")
    size = len(data_bytes)
    if edit == "truncate":
        return data_bytes[:data.draw(st.integers(0, size - 1), label="cut")]
    if edit == "flip":
        spot = data.draw(st.integers(0, size - 1), label="spot")
        bit = data.draw(st.integers(0, 7), label="bit")
        return data_bytes[:spot] + bytes([data_bytes[spot] ^ (1 << bit)]) + data_bytes[spot + 1:]
    if edit == "dupkey":
        line = data.draw(st.sampled_from(['"game": "neptune", ', '"seats": [], ',
                                          '"version": 1, ', '"format": "x", ']))
        return data_bytes.replace(b"{", b"{" + line.encode(), 1)
    return data_bytes.replace(b'"state": ', b'"state": ' + b"[" * 3000, 1)


@settings(max_examples=400, deadline=None, database=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                 HealthCheck.data_too_large])
@given(game=st.sampled_from(sorted(GAMES)), data=st.data())
def test_a_mutated_save_loads_as_a_game_or_is_refused_in_one_line(
        tmp_path: Path, game: str, data: st.DataObject) -> None:
    folder = tmp_path / "fuzz"
    folder.mkdir(exist_ok=True)
    doc = base_doc(game, tmp_path / "base")
    for _ in range(data.draw(st.integers(1, 3), label="tree edits")):
        mutate_tree(doc, data)
    raw = json.dumps(doc, ensure_ascii=data.draw(st.booleans())).encode("utf-8", "replace")
    raw = raw.replace(f'"{DEEP_MARK}"'.encode(), b"[" * DEEP + b"1" + b"]" * DEEP)
    if data.draw(st.booleans(), label="byte edit"):
        raw = mutate_bytes(raw, data)
    path = folder / "mutant.json"
    path.write_bytes(raw)
    store = SaveStore(folder, games=GAMES)
    try:
        session = store.load(path)
    except SaveError as exc:
        message = str(exc)
        event("refused")
        assert "\n" not in message and len(message) <= MAX_MESSAGE
        assert message == printable(message)
    else:
        event("loaded")
        rules = session.rules
        mover = rules.to_move(session.state)
        assert mover is None or rules.legal_actions(session.state)
        assert all(seat.name == printable(seat.name) for seat in session.seats)
    (row,) = store.list()  # the listing shows it too, cleaned, without raising
    assert all(text == printable(text) for text in (row.name, row.title, *row.players))


# ---- engine/text.printable: what every screen shows of outside text ---------------------

def test_printable_drops_terminal_controls_and_keeps_everything_else() -> None:
    assert printable("Ana") == "Ana"
    assert printable("\x1b]0;pwn\x07Ana\x1b[2J") == "]0;pwnAna[2J"
    assert printable("a\x9b31mb\x00c\x7f") == "a31mbc"  # C1 CSI, NUL, DEL
    assert printable("two\nlines\tand\r") == "two lines and "
    assert printable("\u202eevil\u2066") == "evil"  # no reordering of what follows
    assert printable("Zoë 😀 [bold]") == "Zoë 😀 [bold]"  # markup is text, not dropped
