"""Statistics from the history: per game and opponent level, never a counter file.

Every figure is worked out from the records the History screen lists (each one checked
by its replay), so the figures cannot drift from the games actually played. Whose
figures: at home the first human seat of each record (the player who set the game up;
the seat order of the new-game dialog), on a shared host the seat of the login.
The opponents are named by the other seats' bot levels ("hard", "easy+normal"), and
"people" for other human seats (hot-seat or online).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import msgspec

from tui_games.engine.records import RecordSummary

PEOPLE = "people"


class StatLine(msgspec.Struct):
    """The figures of one game against one kind of opposition."""

    game: str
    title: str
    opponents: str
    games: int = 0
    wins: int = 0
    win_rate: float = 0.0  # wins / games, 0..1
    best_score: int = 0
    average_score: float = 0.0
    current_streak: int = 0  # wins in a row up to the latest game
    best_streak: int = 0
    average_turns: float = 0.0


def player_seat(row: RecordSummary, login: str | None = None) -> int | None:
    """The seat whose figures ``row`` counts for: the login's, else the first human."""
    for i, seat in enumerate(row.seats):
        if seat.is_human and (login is None or seat.name == login):
            return i
    return None


def opponents(row: RecordSummary, seat: int) -> str:
    """The others at the table, by bot level ("hard", "easy+people")."""
    kinds = {other.bot or PEOPLE for i, other in enumerate(row.seats) if i != seat}
    return "+".join(sorted(kinds)) or "solo"


def compute(rows: Iterable[RecordSummary], login: str | None = None) -> list[StatLine]:
    """The figures of every (game, opponents) pair in ``rows`` (broken records skipped),
    in the order of the games' first appearance, oldest game first within a line."""
    groups: dict[tuple[str, str], list[tuple[RecordSummary, int]]] = {}
    for row in sorted((r for r in rows if r.error is None), key=lambda r: (r.when, r.path)):
        seat = player_seat(row, login)
        if seat is None or seat >= len(row.scores):
            continue
        groups.setdefault((row.game, opponents(row, seat)), []).append((row, seat))
    lines = []
    for (game, against), games in groups.items():
        won = [seat in row.winners for row, seat in games]
        scores = [row.scores[seat] for row, seat in games]
        streak = best = 0
        for win in won:
            streak = streak + 1 if win else 0
            best = max(best, streak)
        count = len(games)
        lines.append(StatLine(
            game=game, title=games[0][0].title, opponents=against, games=count,
            wins=sum(won), win_rate=sum(won) / count, best_score=max(scores),
            average_score=sum(scores) / count, current_streak=streak, best_streak=best,
            average_turns=sum(row.turns for row, _ in games) / count))
    lines.sort(key=lambda line: (line.title, line.opponents))
    return lines


# Short, so the table fits 80 columns: "Top" is the best streak, "Turns" the average length.
HEADINGS = ("Game", "Against", "Games", "Wins", "Win%", "Best", "Avg", "Streak", "Top",
            "Turns")


def cells(line: StatLine) -> tuple[str, ...]:
    """One line's figures as the table and the command print them."""
    return (line.title, line.opponents, str(line.games), str(line.wins),
            f"{100 * line.win_rate:.0f}%", str(line.best_score), f"{line.average_score:.1f}",
            str(line.current_streak), str(line.best_streak), f"{line.average_turns:.1f}")


def format_table(lines: list[StatLine]) -> list[str]:
    """The figures as aligned text lines (``tui-games stats``)."""
    if not lines:
        return ["No finished games in the history yet."]
    table = [HEADINGS, *(cells(line) for line in lines)]
    widths = [max(len(row[i]) for row in table) for i in range(len(HEADINGS))]
    return ["  ".join(cell.ljust(width) if i < 2 else cell.rjust(width)
                      for i, (cell, width) in enumerate(zip(row, widths, strict=True))).rstrip()
            for row in table]


def as_json(lines: list[StatLine]) -> dict[str, Any]:
    """``tui-games stats --json``: {"version": 1, "lines": [{...figures...}]}."""
    return {"version": 1, "lines": [msgspec.to_builtins(line) for line in lines]}
