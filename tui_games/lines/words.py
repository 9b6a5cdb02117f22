"""What a game's words module offers the lines front end (``GameInfo.words``).

Each game writes its table in sentences in ``games/<id>/words.py``, a pure module built
on the functions its screen already uses; this front end only calls them, so it never
names a game. Every function gets the seat's own observation.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol, cast

from tui_games.games import GameInfo, load


class TableWords(Protocol):
    """The sentences of one game's table, from ``seat``'s observation ``view``."""

    def stand(self, view: Any, seat: int, names: Sequence[str]) -> str:
        """One line: where the seat stands now (score, what it holds, what to do)."""
        ...

    def table(self, view: Any, seat: int, names: Sequence[str]) -> list[str]:
        """``look``: the whole table from the seat, in a fixed order."""
        ...

    def public(self, view: Any, names: Sequence[str]) -> list[str]:
        """The table as a spectator sees it (``view`` observed for SPECTATOR): what is
        public, in the order of ``table``, with no hand."""
        ...

    def hand(self, view: Any, seat: int, names: Sequence[str]) -> list[str]:
        """``hand``: what the seat holds."""
        ...

    def score(self, view: Any, seat: int, names: Sequence[str]) -> list[str]:
        """``score``: every seat's score so far."""
        ...

    def place(self, view: Any, seat: int, names: Sequence[str], name: str) -> list[str] | None:
        """``look X``: one place (a pile, a hex, a cell, a player) in detail; None when
        there is no place called ``name``."""
        ...

    def near(self, view: Any, seat: int, names: Sequence[str], name: str) -> list[str] | None:
        """``look near X``: the places next to ``name``; None when the game has no
        board or no place called ``name``."""
        ...

    def places(self, view: Any, names: Sequence[str]) -> list[str]:
        """The names ``look X`` knows (for the line that says a name is unknown)."""
        ...

    def secret_names(self, state: Any, seat: int) -> set[str]:
        """From the TRUE state: the names of what ``seat`` may not see (cards, tiles,
        objectives) that nothing in its sight shares. No line told to the seat may say
        one; tests/lines checks it over whole games."""
        ...


def words_of_game(info: GameInfo) -> TableWords:
    """The game's words module (every registered game has one: the registry test says)."""
    return cast(TableWords, load(info.words))



def same(text: str) -> str:
    return text


def spoken_of(words: object) -> Callable[[str], str]:
    """The game's ``spoken(text)``, if its words module has one: how the texts it shares
    with the screen (log lines, choices, hints) are read aloud, the screen's notation
    (a star's letter in brackets, an arrow) said in words. Else the text as it is."""
    found = getattr(words, "spoken", None)
    return cast(Callable[[str], str], found) if callable(found) else same


POINTS = ("point", "points")


def units_of(words: object) -> tuple[str, str]:
    """What the game's scores count, singular and plural: its words module's
    ``SCORE_UNITS`` ("VP", "VP"; "star fragment", "star fragments"), else points."""
    found = getattr(words, "SCORE_UNITS", POINTS)
    return (str(found[0]), str(found[1])) if isinstance(found, tuple) and len(found) == 2 \
        else POINTS
