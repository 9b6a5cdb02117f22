"""A client process for the tests: plays one seat with the normal bot, from its views only.

    python tests/online/player.py SOCKET GAME_ID SEAT OUT

SEAT -1 watches as a spectator. Every message the host sends is written to OUT, one JSON
line each. Exit 0 once the game is over; 1 (and the reason on stderr) when the host
refuses anything.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import msgspec

from tui_games.games import get_game
from tui_games.online.client import Connection
from tui_games.online.protocol import Join, Joined, Refused, View


def main(socket: str, game_id: str, seat: int, out: Path) -> int:
    conn = Connection(socket)
    join = Join(game_id=game_id, spectate=True) if seat < 0 else Join(game_id=game_id, seat=seat)
    joined = conn.request(join, Joined)
    info = get_game(joined.game)
    rules = info.rules
    bot = info.bots["normal"](rules, random.Random(seat))
    acted_at = -1
    with out.open("wb") as stream:
        while True:
            message = conn.recv(timeout=60)
            stream.write(msgspec.json.encode(message) + b"\n")
            if isinstance(message, Refused):
                print(message.reason, file=sys.stderr)
                return 1
            if not isinstance(message, View):
                continue
            if message.outcome is not None:
                return 0
            if seat >= 0 and message.to_move == seat and message.actions > acted_at:
                view = msgspec.json.decode(message.state, type=rules.state_type)
                conn.act(bot.choose(view, seat), seen=message.actions)
                acted_at = message.actions


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2], int(sys.argv[3]), Path(sys.argv[4])))
