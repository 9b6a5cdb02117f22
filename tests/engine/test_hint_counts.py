"""How many hints each seat used: kept by the session, in every save, and read back from
saves made before hints existed."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from toy_game import GAMES, CometRules

from tui_games.engine.saves import SaveError, SaveStore
from tui_games.engine.session import Seat, Session

RULES = CometRules()


def played(seed: int = 3, steps: int = 6) -> Session:
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
    doc = json.loads(path.read_text())
    change(doc)  # type: ignore[operator]
    path.write_text(json.dumps(doc))


def test_a_new_game_has_used_no_hints() -> None:
    assert played().hints_used == [0, 0]


def test_each_hint_counts_for_the_seat_that_asked() -> None:
    session = played()
    session.count_hint(0)
    session.count_hint(0)
    assert session.hints_used == [2, 0]


def test_hint_counts_survive_save_and_load(store: SaveStore) -> None:
    session = played()
    session.count_hint(0)
    path = store.autosave(session)
    assert json.loads(path.read_text())["hints_used"] == [1, 0]
    loaded = store.load(path)
    assert loaded.hints_used == [1, 0]
    loaded.count_hint(0)
    assert store.load(store.save_as(loaded, "named")).hints_used == [2, 0]


def test_an_old_save_without_hint_counts_loads_with_none_used(store: SaveStore) -> None:
    path = store.autosave(played())
    edit(path, lambda d: d.pop("hints_used"))
    loaded = store.load(path)
    assert loaded.hints_used == [0, 0] and loaded.actions == played().actions


@pytest.mark.parametrize(("counts", "says"), [
    ([1], "1 hint counts for 2 seats"),
    ([1, -1], "hint count"),
    ([True, 0], "hints_used"),
    (["1", 0], "hints_used"),
])
def test_edited_hint_counts_are_refused_in_one_line(store: SaveStore, counts: list[object],
                                                    says: str) -> None:
    path = store.autosave(played())
    edit(path, lambda d: d.__setitem__("hints_used", counts))
    with pytest.raises(SaveError) as caught:
        store.load(path)
    assert says in str(caught.value) and "\n" not in str(caught.value)
