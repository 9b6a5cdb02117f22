"""Save files: atomic writes, named saves, validation on load, the folder listing."""

from __future__ import annotations

import fcntl
import json
import os
import random
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path

import pytest
from toy_game import GAMES, CometRules, CometState, DrawComet, PlayComet

from tui_games.engine import savefiles, saves
from tui_games.engine.codec import to_json
from tui_games.engine.locks import lock_path
from tui_games.engine.saves import SaveError, SaveStore, resolve_save_dir, sanitise_name
from tui_games.engine.session import Seat, Session

RULES = CometRules()


def played(seed: int = 3, steps: int = 9) -> Session:
    """A human-vs-bot game a few decisions in, ending on an undoable play when possible."""
    session = Session.new(RULES, [Seat("Ada"), Seat("Bot", bot="easy")], seed,
                          {"length": "long"})
    rng = random.Random(seed)
    for _ in range(steps):
        session.apply(rng.choice(RULES.legal_actions(session.state)))
    return session


@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    return SaveStore(tmp_path / "saves", games=GAMES)


def edit(path: Path, change: object) -> None:
    """Hand-edit a save: load its JSON, let ``change`` mutate it, write it back."""
    doc = json.loads(path.read_text())
    change(doc)  # type: ignore[operator]
    path.write_text(json.dumps(doc))


def refusal(store: SaveStore, path: Path) -> str:
    """Load must refuse with one line naming the file, and leave the file untouched."""
    before = path.read_bytes(), path.stat().st_mtime_ns
    with pytest.raises(SaveError) as caught:
        store.load(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: ")
    assert (path.read_bytes(), path.stat().st_mtime_ns) == before
    return message


# ---- writing and reading back --------------------------------------------------------

def test_autosave_round_trips_everything(store: SaveStore) -> None:
    session = played()
    path = store.autosave(session)
    loaded = store.load(path)
    assert to_json(loaded.state) == to_json(session.state)
    assert loaded.actions == session.actions
    assert loaded.undoable == session.undoable
    assert loaded.seats == session.seats and loaded.seed == session.seed
    assert loaded.options == {"length": "long"}
    assert loaded.save_id == session.save_id and loaded.name is None


def test_the_document_holds_the_agreed_fields(store: SaveStore) -> None:
    session = played()
    doc = json.loads(store.autosave(session).read_text())
    assert doc["format"] == "tui-games-save" and doc["version"] == 2
    assert doc["game"] == "comet" and doc["seed"] == 3 and doc["turn"] == session.turn
    assert doc["seats"] == [{"name": "Ada", "bot": None}, {"name": "Bot", "bot": "easy"}]
    assert len(doc["actions"]) == len(doc["undoable"]) == 9
    assert all("type" in action for action in doc["actions"])
    assert doc["state"]["players"] == 2 and doc["name"] == "autosave"
    assert "T" in doc["saved_at"]


def test_autosave_keeps_one_file_per_session(store: SaveStore) -> None:
    session = played()
    first = store.autosave(session)
    assert first.name.startswith("comet-") and session.save_id == first.stem
    session.apply(RULES.legal_actions(session.state)[-1])
    assert store.autosave(session) == first
    assert [p.name for p in store.folder.iterdir()] == [first.name]
    assert store.load(first).actions == session.actions
    assert store.autosave(played(seed=4)) != first  # another game, another file


def test_save_as_sanitises_the_name(store: SaveStore) -> None:
    session = played()
    path = store.save_as(session, "Before the boss!")
    assert path == store.folder / "Before_the_boss.json"
    assert store.list()[0].name == "Before the boss!"
    assert session.name == "Before the boss!"


def test_a_save_name_can_never_leave_the_folder(store: SaveStore) -> None:
    path = store.save_as(played(), "../../etc/passwd")
    assert path.parent == store.folder and path.name == "etcpasswd.json"
    assert sanitise_name("/abs/x y") == "absx_y"


def test_a_name_without_letters_or_digits_is_refused(store: SaveStore) -> None:
    with pytest.raises(SaveError):
        store.save_as(played(), "../..")


def test_continuing_a_named_save_never_overwrites_it(store: SaveStore) -> None:
    session = played()
    store.autosave(session)
    named = store.save_as(session, "bookmark")
    bookmark = named.read_bytes()
    resumed = store.load(named)
    assert resumed.name == "bookmark"
    resumed.apply(RULES.legal_actions(resumed.state)[-1])
    store.autosave(resumed)
    assert named.read_bytes() == bookmark


def test_a_game_loaded_from_a_named_save_keeps_one_autosave(store: SaveStore) -> None:
    session = played()
    own = store.autosave(session)
    named = store.save_as(session, "bookmark")
    resumed = store.load(named)
    assert resumed.save_id == session.save_id == own.stem  # a save has a stable game id
    resumed.apply(RULES.legal_actions(resumed.state)[-1])
    assert store.autosave(resumed) == own  # replaces the game's autosave, no second row
    assert sorted(p.name for p in store.folder.iterdir()) == sorted([own.name, named.name])
    assert store.load(own).actions == resumed.actions
    assert [row.name for row in store.list()].count("autosave") == 1


def test_a_named_save_made_before_any_autosave_names_its_game(store: SaveStore) -> None:
    session = played()
    named = store.save_as(session, "early")
    assert session.save_id is not None
    resumed = store.load(named)
    assert store.autosave(resumed) == store.folder / f"{session.save_id}.json"
    assert store.autosave(played(seed=4)).stem != session.save_id  # another game, its own id


def test_an_edited_game_id_never_names_a_file(store: SaveStore) -> None:
    named = store.save_as(played(), "bookmark")
    edit(named, lambda d: d.__setitem__("save_id", "../../outside"))
    resumed = store.load(named)
    path = store.autosave(resumed)
    assert path.parent == store.folder and path.stem == resumed.save_id != "../../outside"


# ---- view preferences ----------------------------------------------------------------

def test_ui_prefs_round_trip_and_are_not_part_of_the_replay_check(store: SaveStore) -> None:
    session = played()
    assert session.ui_prefs == {}
    session.ui_prefs["hand_sort"] = "colour"
    loaded = store.load(store.autosave(session))
    assert loaded.ui_prefs == {"hand_sort": "colour"}
    loaded.ui_prefs["hand_sort"] = "number"  # a changed view, same game: still loads
    assert store.load(store.save_as(loaded, "sorted")).ui_prefs == {"hand_sort": "number"}


def test_an_old_save_without_ui_prefs_still_loads(store: SaveStore) -> None:
    path = store.autosave(played())
    edit(path, lambda d: d.pop("ui_prefs"))
    assert "ui_prefs" not in json.loads(path.read_text())
    loaded = store.load(path)
    assert loaded.ui_prefs == {} and loaded.actions == played().actions


def test_bad_ui_prefs_are_refused_on_load_and_never_written(store: SaveStore) -> None:
    path = store.autosave(played())
    edit(path, lambda d: d.__setitem__("ui_prefs", {"hand_sort": 3}))
    assert "ui_prefs" in refusal(store, path)
    edit(path, lambda d: d.__setitem__("ui_prefs", {"Bad Key!": "x"}))
    assert "not a preference name" in refusal(store, path)
    edit(path, lambda d: d.__setitem__("ui_prefs", {"hand_sort": "x\ny"}))
    assert "one line" in refusal(store, path)
    session = played()
    session.ui_prefs["hand_sort"] = "x" * 500
    with pytest.raises(SaveError):
        store.save_as(session, "too long")
    assert not (store.folder / "too_long.json").exists()


# ---- atomic writes -------------------------------------------------------------------

def test_a_failed_fsync_keeps_the_previous_save(store: SaveStore,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    session = played()
    path = store.autosave(session)
    before = path.read_bytes()
    session.apply(RULES.legal_actions(session.state)[-1])

    def crash(fd: int) -> None:
        raise OSError(5, "Input/output error")

    monkeypatch.setattr(saves.os, "fsync", crash)
    with pytest.raises(SaveError, match="cannot write"):
        store.autosave(session)
    assert path.read_bytes() == before
    assert sorted(p.name for p in store.folder.iterdir()) == [path.name]


def test_a_write_cut_off_midway_keeps_the_previous_save(store: SaveStore,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    session = played()
    path = store.autosave(session)
    before = path.read_bytes()

    def half_then_crash(fd: int, data: bytes) -> None:
        os.write(fd, data[: len(data) // 2])
        raise KeyboardInterrupt  # the player killed the app mid-save

    monkeypatch.setattr(savefiles, "_write_all", half_then_crash)
    with pytest.raises(KeyboardInterrupt):
        store.autosave(session)
    assert path.read_bytes() == before
    assert sorted(p.name for p in store.folder.iterdir()) == [path.name]
    assert store.load(path).actions == session.actions


# ---- load refuses damaged files ------------------------------------------------------

def test_a_truncated_file_is_refused(store: SaveStore) -> None:
    path = store.autosave(played())
    path.write_bytes(path.read_bytes()[:200])
    assert "truncated" in refusal(store, path)


def test_an_empty_file_is_refused(store: SaveStore) -> None:
    path = store.folder / "empty.json"
    store.folder.mkdir()
    path.write_bytes(b"")
    assert "empty" in refusal(store, path)


def test_a_file_that_is_not_json_is_refused(store: SaveStore) -> None:
    path = store.autosave(played())
    path.write_text("this is not a save\n")
    assert "not a JSON file" in refusal(store, path)


def test_a_wrong_type_names_the_bad_field(store: SaveStore) -> None:
    path = store.autosave(played())
    edit(path, lambda d: d["state"]["deck"].__setitem__(0, "seven"))
    assert "$.state.deck[0]" in refusal(store, path)
    edit(path, lambda d: d.__setitem__("seed", "three"))
    assert "$.seed" in refusal(store, path)


def test_an_unknown_format_is_refused(store: SaveStore) -> None:
    path = store.autosave(played())
    edit(path, lambda d: d.__setitem__("format", "chess-save"))
    assert "unknown format 'chess-save'" in refusal(store, path)
    path.write_text('{"hello": "world"}')
    assert "not a tui-games save" in refusal(store, path)


def test_an_unknown_version_is_refused(store: SaveStore) -> None:
    path = store.autosave(played())
    edit(path, lambda d: d.__setitem__("version", 3))
    assert "unknown save version 3" in refusal(store, path)


def test_an_unknown_game_is_refused(store: SaveStore) -> None:
    path = store.autosave(played())
    edit(path, lambda d: d.__setitem__("game", "tetris"))
    assert "unknown game 'tetris'" in refusal(store, path)


def test_an_edited_state_is_refused(store: SaveStore) -> None:
    path = store.autosave(played())
    edit(path, lambda d: d["state"]["played"][0].append(18))
    message = refusal(store, path)
    assert "does not match a replay" in message and "played" in message


def test_a_reworded_log_still_loads_with_the_replayed_wording(store: SaveStore) -> None:
    session = played()
    path = store.autosave(session)
    edit(path, lambda d: [event.__setitem__("text", "old wording") for event in
                          d["state"]["log"]])
    loaded = store.load(path)  # a new version may word its log lines differently
    assert loaded.state.log == session.state.log
    edit(path, lambda d: d["state"]["log"].pop())
    assert "log" in refusal(store, path)  # a line missing is still a different game


def test_an_action_illegal_on_replay_is_refused(store: SaveStore) -> None:
    path = store.autosave(played())
    edit(path, lambda d: d["actions"].insert(0, {"type": "play", "card": 99}))
    edit(path, lambda d: d["undoable"].insert(0, False))
    assert "action 1 of 10 is illegal on replay" in refusal(store, path)


def test_an_edited_undo_flag_cannot_grant_an_undo(store: SaveStore) -> None:
    session = Session.new(RULES, [Seat("Ada"), Seat("Bo")], 1, {})
    session.apply(DrawComet())  # reveals a card: a barrier
    path = store.autosave(session)
    edit(path, lambda d: d.__setitem__("undoable", [True]))
    assert store.load(path).can_undo() is False


def test_unknown_bot_levels_and_options_are_refused(store: SaveStore) -> None:
    path = store.autosave(played())
    edit(path, lambda d: d["seats"][1].__setitem__("bot", "godlike"))
    assert "unknown bot level 'godlike'" in refusal(store, path)
    path = store.autosave(played(seed=5))
    edit(path, lambda d: d["options"].__setitem__("length", "epic"))
    assert "option 'length' cannot be 'epic'" in refusal(store, path)


def test_an_old_save_naming_hard_3s_loads_playing_hard(tmp_path: Path) -> None:
    """hard-3s is retired (RETIRED_LEVELS): a save that names it plays `hard` now."""
    from dataclasses import replace

    from tui_games.engine.bots.base import RandomBot

    games = {"comet": replace(GAMES["comet"], bots={"easy": RandomBot, "hard": RandomBot})}
    store = SaveStore(tmp_path / "saves", games=games)
    session = Session.new(RULES, [Seat("Ada"), Seat("Bot", bot="hard-3s")], 3, {})
    session.apply(RULES.legal_actions(session.state)[0])
    loaded = store.load(store.autosave(session))
    assert [seat.bot for seat in loaded.seats] == [None, "hard"]
    assert loaded.state == session.state


def test_a_missing_file_is_refused_in_one_line(store: SaveStore) -> None:
    with pytest.raises(SaveError, match="no such file"):
        store.load(store.folder / "nope.json")


# ---- the folder ----------------------------------------------------------------------

def test_list_is_newest_first_and_shows_broken_files(store: SaveStore) -> None:
    old = store.save_as(played(seed=1), "old")
    edit(old, lambda d: d.__setitem__("saved_at", "2020-01-01T10:00:00+00:00"))
    new = store.save_as(played(seed=2), "new")
    broken = store.folder / "broken.json"
    broken.write_text('{"format": "tui-games-save", "version": 1, "game": "comet"')
    os.utime(broken, (1_000_000_000, 1_000_000_000))  # 2001: the oldest file
    rows = store.list()
    assert [Path(r.path) for r in rows] == [new, old, broken]
    assert rows[0].title == "Comet Catch" and rows[0].players == ["Ada", "Bot"]
    assert rows[0].turn == played(seed=2).turn and rows[0].error is None
    assert rows[2].error is not None and "truncated" in rows[2].error
    assert rows[2].game == "" and rows[2].name == "broken"


def test_latest_skips_broken_saves(store: SaveStore) -> None:
    assert store.latest() is None
    good = store.save_as(played(), "good")
    edit(good, lambda d: d.__setitem__("saved_at", "2020-01-01T10:00:00+00:00"))
    bad = store.save_as(played(seed=8), "bad")
    edit(bad, lambda d: d["state"].__setitem__("turn", 99))
    latest = store.latest()
    assert latest is not None and Path(latest.path) == good


def test_list_ignores_temp_files_and_other_files(store: SaveStore) -> None:
    store.autosave(played())
    (store.folder / ".comet-x.tmp").write_text("{")
    (store.folder / "README.md").write_text("hi")
    assert len(store.list()) == 1


def test_delete_removes_a_save_but_nothing_outside(store: SaveStore, tmp_path: Path) -> None:
    path = store.autosave(played())
    outside = tmp_path / "precious.json"
    outside.write_text("{}")
    with pytest.raises(SaveError):
        store.delete(outside)
    store.delete(path)
    assert not path.exists() and outside.exists() and store.list() == []
    store.delete(path)  # already gone: nothing to do


def test_a_missing_folder_lists_nothing(tmp_path: Path) -> None:
    assert SaveStore(tmp_path / "none", games=GAMES).list() == []


def test_loading_a_relative_name_looks_in_the_folder(store: SaveStore) -> None:
    store.save_as(played(), "mine")
    assert store.load("mine.json").actions == played().actions


# ---- where saves go ------------------------------------------------------------------

@pytest.fixture
def elsewhere(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run from a plain folder, with no env var and the package outside any checkout."""
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    monkeypatch.delenv("TUI_GAMES_SAVES", raising=False)
    monkeypatch.setattr(saves, "_package_root", lambda: tmp_path / "site-packages")
    monkeypatch.setattr(saves.platformdirs, "user_data_dir",
                        lambda app, **kw: str(tmp_path / "data" / app))
    return tmp_path


def test_save_dir_defaults_to_the_user_data_dir(elsewhere: Path) -> None:
    folder = resolve_save_dir()
    assert folder == elsewhere / "data" / "tui-games" / "saves" and folder.is_dir()


def test_save_dir_prefers_a_checkout(elsewhere: Path) -> None:
    checkout = elsewhere / "work"
    (checkout / "pyproject.toml").write_text('[project]\nname = "tui-games"\n')
    assert resolve_save_dir() == elsewhere / "data" / "tui-games" / "saves"  # no saves/ yet
    (checkout / "saves").mkdir()
    assert resolve_save_dir() == checkout / "saves"
    (checkout / "pyproject.toml").write_text('[project]\nname = "other"\n')
    assert resolve_save_dir() != checkout / "saves"


def test_save_dir_env_beats_checkout_and_flag_beats_env(elsewhere: Path,
                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    (elsewhere / "work" / "pyproject.toml").write_text('[project]\nname = "tui-games"\n')
    (elsewhere / "work" / "saves").mkdir()
    monkeypatch.setenv("TUI_GAMES_SAVES", str(elsewhere / "env"))
    assert resolve_save_dir() == elsewhere / "env"
    assert resolve_save_dir(str(elsewhere / "flag")) == elsewhere / "flag"
    assert (elsewhere / "flag").is_dir()


def test_an_unusable_save_dir_is_one_clear_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(SaveError, match="cannot create the save folder"):
        resolve_save_dir(str(blocker / "saves"))


def test_an_undoable_play_survives_save_and_load(store: SaveStore) -> None:
    session = Session.new(RULES, [Seat("Ada"), Seat("Bo")], 1, {})
    state = session.state
    assert isinstance(state, CometState)
    session.apply(PlayComet(sorted(state.hands[0])[0]))
    assert session.can_undo()
    loaded = store.load(store.autosave(session))
    assert loaded.can_undo()
    loaded.undo()
    assert loaded.actions == session.actions[:-1]


def test_a_seat_count_the_game_does_not_allow_is_refused(store: SaveStore) -> None:
    path = store.autosave(played())
    edit(path, lambda d: d["seats"].extend([{"name": "C", "bot": None}] * 2))
    assert "4 seats, but Comet Catch is for 2-3 players" in refusal(store, path)


# ---- dates at the ends of the calendar (issue 11, item 4) ----------------------------

@pytest.fixture
def tokyo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Local time far east of UTC, where a naive 9999-12-31 has no UTC instant."""
    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


@pytest.mark.usefixtures("tokyo")
def test_dates_at_the_ends_of_the_calendar_never_raise_and_still_sort(
        store: SaveStore) -> None:
    stamps = {"first": "0001-01-01T00:00:00+14:00", "last": "9999-12-31T23:59:59-14:00",
              "naive": "9999-12-31T23:59:59", "now": "2026-01-01T10:00:00+00:00"}
    for seed, (name, stamp) in enumerate(stamps.items(), start=1):
        path = store.save_as(played(seed=seed), name)
        edit(path, lambda d, stamp=stamp: d.__setitem__("saved_at", stamp))
    rows = store.list()
    assert [row.name for row in rows] == ["last", "naive", "now", "first"]
    assert all(row.error is None for row in rows)
    assert store.latest() is not None and store.latest().name == "last"


def test_epoch_seconds_covers_the_whole_calendar() -> None:
    early = saves.epoch_seconds(datetime.fromisoformat("0001-01-01T00:00:00+14:00"))
    late = saves.epoch_seconds(datetime.fromisoformat("9999-12-31T23:59:59-14:00"))
    epoch = saves.epoch_seconds(datetime.fromisoformat("1970-01-01T00:00:00+00:00"))
    assert early < epoch == 0.0 < late


# ---- leftovers of crashed saves (issue 11, item 11) ----------------------------------

def test_stale_temp_files_of_ours_are_removed_when_the_folder_is_scanned(
        store: SaveStore) -> None:
    save = store.autosave(played())
    old = time.time() - 3600
    stale = store.folder / f".{save.stem}-k2j4_9zq.tmp"
    fresh = store.folder / ".Before_the_boss-abcd1234.tmp"
    theirs = store.folder / ".notes.tmp"
    for path in (stale, fresh, theirs):
        path.write_text("{")
    os.utime(stale, (old, old))
    os.utime(theirs, (old, old))
    store.list()
    assert not stale.exists() and fresh.exists() and theirs.exists() and save.exists()


def test_a_temp_file_being_written_is_never_removed(store: SaveStore) -> None:
    store.folder.mkdir()
    busy = store.folder / ".comet-20250101-000000-abcd-qwertyui.tmp"
    busy.write_text("{")
    old = time.time() - 3600
    os.utime(busy, (old, old))
    fd = os.open(busy, os.O_RDWR)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)  # a writer that is slow, not dead
        store.list()
        assert busy.exists()
    finally:
        os.close(fd)
    store.list()
    assert not busy.exists()


def test_lock_files_nobody_holds_are_removed(store: SaveStore) -> None:
    session = played()
    lock = store.lock(session)
    assert lock is not None and lock.held
    left = lock_path(store.folder, "comet-20250101-000000-dead")
    left.write_text("")  # a window that was killed
    assert store.clean() == [left]
    assert lock.path.exists()  # held: kept
    lock.release()
    assert not lock.path.exists()


# ---- seats, options and seed are checked (issue 11, item 12) -------------------------

def test_a_bot_seat_edited_into_a_human_seat_is_refused(store: SaveStore) -> None:
    path = store.autosave(played())
    edit(path, lambda d: d["seats"][1].__setitem__("bot", None))
    assert "seats, options or seed do not match the file's check" in refusal(store, path)


@pytest.mark.parametrize("change", [
    lambda d: d["seats"].reverse(),
    lambda d: d["seats"][0].__setitem__("name", "Eve"),
    lambda d: d["seats"][0].__setitem__("bot", "easy"),
    lambda d: d.__setitem__("options", {}),
    lambda d: d.__setitem__("seed", d["seed"] + 1),
    lambda d: d.__setitem__("check", "sha256:" + "0" * 64),
], ids=["reordered", "renamed", "human-to-bot", "options", "seed", "check"])
def test_any_edit_of_the_seats_options_or_seed_is_refused(store: SaveStore,
                                                          change: object) -> None:
    path = store.autosave(played())
    edit(path, change)
    assert "edited or is corrupt" in refusal(store, path)


def test_a_new_save_without_its_check_is_refused(store: SaveStore) -> None:
    path = store.autosave(played())
    edit(path, lambda d: d.pop("check"))
    assert "check of the seats, options and seed is missing" in refusal(store, path)


def test_a_save_from_before_the_check_loads_and_gets_one_on_its_next_save(
        store: SaveStore) -> None:
    path = store.autosave(played())
    edit(path, lambda d: (d.pop("check"), d.__setitem__("version", 1)))
    resumed = store.load(path)
    assert resumed.seats == played().seats
    store.autosave(resumed)
    doc = json.loads(path.read_text())
    assert doc["version"] == 2 and doc["check"].startswith("sha256:")
    assert store.load(path).actions == resumed.actions


def test_control_characters_never_leave_a_save(store: SaveStore) -> None:
    session = Session.new(RULES, [Seat("Ada\x1b]0;pwn\x07"), Seat("[/x]Bo\x9b2J")], 3, {})
    path = store.save_as(session, "ok")
    edit(path, lambda d: d.__setitem__("name", "evil\x1b[2J\nname"))
    (row,) = store.list()
    assert row.name == "evil[2J name" and row.players == ["Ada]0;pwn", "[/x]Bo2J"]
    loaded = store.load(path)
    assert [s.name for s in loaded.seats] == ["Ada]0;pwn", "[/x]Bo2J"]
    assert loaded.name == "evil[2J name"


# ---- one game, one window (issue 11, item 6) -----------------------------------------

def test_a_game_open_in_one_window_cannot_be_opened_in_another(store: SaveStore,
                                                               tmp_path: Path) -> None:
    session = played()
    path = store.autosave(session)
    mine = store.lock(session)
    other = SaveStore(store.folder, games=GAMES)  # a second instance on the same folder
    theirs = other.load(path)
    assert mine is not None and mine.held
    assert other.lock(theirs) is None
    mine.release()
    again = other.lock(theirs)
    assert again is not None and again.held
    again.release()


def test_a_lock_held_by_another_process_is_respected(store: SaveStore) -> None:
    session = played()
    store.autosave(session)
    with held_elsewhere(lock_path(store.folder, store.assign_id(session))):
        assert store.lock(session) is None
    lock = store.lock(session)
    assert lock is not None and lock.held
    lock.release()


HOLD_LOCK = """
import fcntl, os, sys
fd = os.open(sys.argv[1], os.O_RDWR | os.O_CREAT, 0o600)
fcntl.flock(fd, fcntl.LOCK_EX)
print("locked", flush=True)
sys.stdin.read()
"""


@contextmanager
def held_elsewhere(lock_file: Path) -> Iterator[None]:
    """``lock_file`` locked by another process (another window) while the block runs."""
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLD_LOCK, str(lock_file)], stdout=subprocess.PIPE,
        stdin=subprocess.PIPE, text=True)
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "locked\n"
        yield
    finally:
        holder.communicate("")  # let it exit: the system drops its lock


def test_a_save_of_a_game_open_in_another_window_is_not_deleted(store: SaveStore) -> None:
    session = played()
    autosave = store.autosave(session)
    named = store.save_as(session, "Tonight")
    with held_elsewhere(lock_path(store.folder, store.assign_id(session))):
        for path in (autosave, named):
            with pytest.raises(SaveError, match="open in another window"):
                store.delete(path)
            assert path.exists()
    store.delete(autosave)  # closed there: now it goes
    assert not autosave.exists()


def test_a_lock_gives_a_game_its_id_first(store: SaveStore) -> None:
    session = Session.new(RULES, [Seat("Ada"), Seat("Bo")], 1, {})
    lock = store.lock(session)
    assert lock is not None and session.save_id is not None
    assert lock.path == lock_path(store.folder, session.save_id)
    assert store.autosave(session).stem == session.save_id  # the id does not change
    lock.release()


# ---- named saves that belong to another game (issue 11, item 7) ----------------------

def test_a_name_used_by_another_game_is_reported_before_replacing(store: SaveStore) -> None:
    mine, other = played(seed=1), played(seed=2)
    assert store.replaces_other(mine, "Tonight") is None  # a new name
    store.save_as(other, "Tonight")
    assert store.replaces_other(mine, "Tonight") == "the Comet Catch save 'Tonight'"
    store.save_as(mine, "Mine")
    assert store.replaces_other(mine, "Mine") is None  # the game's own save
    (store.folder / "junk.json").write_text("[[[")
    assert store.replaces_other(mine, "junk") == "the file junk.json"


def test_save_to_writes_a_copy_anywhere_the_player_says(store: SaveStore,
                                                        tmp_path: Path) -> None:
    session = played()
    elsewhere = tmp_path / "usb"
    elsewhere.mkdir()
    path = store.save_to(session, elsewhere)
    assert path == elsewhere / f"{session.save_id}.json"
    assert store.load(path).actions == session.actions
    assert store.save_to(session, elsewhere / "mine") == elsewhere / "mine.json"
    with pytest.raises(SaveError, match="no such folder"):
        store.save_to(session, tmp_path / "nowhere" / "x.json")
    with pytest.raises(SaveError, match="cannot save there"):
        store.save_to(session, "~nobody-at-all/x.json")
