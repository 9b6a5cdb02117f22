"""Turns that wait for you: how the host's games read for one player, in words.

Games on a host go on for hours or days. ``ssh host status`` prints ``status_lines``; the
lobby puts the games waiting for you first (``turn_order``) and says how long they have
waited (``waited``); ``new_turns`` tells which of your games just came to you. Pure: the
lobby, the SSH door and their tests share these sentences.
"""

from __future__ import annotations

from tui_games.engine.session import Seat
from tui_games.engine.text import one_line
from tui_games.online.protocol import GameRow
from tui_games.tui.screens.names import shown_name


def waited(seconds: float) -> str:
    """A wait in the largest unit that fits: "under a minute", "12 min", "3 h", "2 d"."""
    if seconds < 60:
        return "under a minute"
    if seconds < 3600:
        return f"{int(seconds // 60)} min"
    if seconds < 86400:
        return f"{int(seconds // 3600)} h"
    return f"{int(seconds // 86400)} d"


def others(seats: list[Seat], user: str) -> str:
    """Who else sits at a game: "ada and a bot", "ada, bob and 2 bots"."""
    humans = [seat.name for seat in seats if seat.bot is None and seat.name != user]
    bots = sum(1 for seat in seats if seat.bot is not None)
    parts = humans + ([] if not bots else ["a bot" if bots == 1 else f"{bots} bots"])
    if not parts:
        return "nobody else"
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def is_mine(row: GameRow, user: str) -> bool:
    """``user`` has a seat at this unfinished game."""
    return not row.over and any(s.bot is None and s.name == user for s in row.seats)


def my_turn(row: GameRow, user: str) -> bool:
    """This unfinished game waits for ``user`` to move."""
    if row.over or row.to_move is None:
        return False
    seat = row.seats[row.to_move]
    return seat.bot is None and seat.name == user


def status_line(row: GameRow, user: str, now: float) -> str:
    """One game of ``user``'s, for ``ssh host status``."""
    since = f", waiting {waited(max(0.0, now - row.moved))}" if row.moved else ""
    where = f"{row.title} with {others(row.seats, user)}"
    if my_turn(row, user):
        return f"Your turn: {where}{since}"
    if row.to_move is None:
        return f"In play: {where}"
    mover = row.seats[row.to_move]
    whose = "a bot's" if mover.bot is not None else f"{mover.name}'s"
    return f"{whose[0].upper()}{whose[1:]} turn: {where}{since}"


def row_text(row: GameRow, user: str, now: float | None = None) -> str:
    """One game of the lobby: title, seats, turn, and whom it waits for (since when, for
    a turn of ``user``'s, given ``now``)."""
    names = " vs ".join(shown_name(seat.name) for seat in row.seats)
    if row.over:
        state = "game over"
    elif row.to_move is None:
        state = ""
    else:
        seat = row.seats[row.to_move]
        if seat.bot is None and seat.name == user:
            since = (f", waiting {waited(max(0.0, now - row.moved))}"
                     if now is not None and row.moved else "")
            state = f"your turn{since}"
        elif seat.bot is not None:
            state = f"{shown_name(seat.name)} is thinking"
        else:
            away = "" if row.present[row.to_move] else " (away)"
            state = f"waiting for {shown_name(seat.name)}{away}"
    watching = f" · {row.spectators} watching" if row.spectators else ""
    return one_line(f"{row.title}: {names} · turn {row.turn} · {state}{watching}", 200)


def turn_notice(row: GameRow, user: str) -> str:
    """The notice when a turn comes to ``user`` away from that table."""
    return f"Your turn: {row.title} with {others(row.seats, user)} (first in the lobby)"


def turn_order(rows: list[GameRow], user: str) -> list[GameRow]:
    """The games waiting for ``user`` first (longest waiting first), then the rest as
    they came."""
    waiting = sorted((r for r in rows if my_turn(r, user)), key=lambda r: r.moved or 0.0)
    return waiting + [r for r in rows if not my_turn(r, user)]


def status_lines(rows: list[GameRow], user: str, now: float) -> list[str]:
    """``ssh host status``: one line per unfinished game of ``user``, theirs to move first."""
    mine = [row for row in turn_order(rows, user) if is_mine(row, user)]
    if not mine:
        return [f"No games of yours ({user}) on this host."]
    return [status_line(row, user, now) for row in mine]


def new_turns(before: set[str], rows: list[GameRow], user: str) -> tuple[set[str], list[GameRow]]:
    """The ids of the games that wait for ``user`` now, and those of them that did not
    before (the ones to ring for)."""
    now = {row.id for row in rows if my_turn(row, user)}
    return now, [row for row in rows if row.id in now - before]
