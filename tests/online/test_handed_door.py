"""A connection the host hands down (the SSH door's way): the host says who it is, and
nothing the session process sends changes that."""

from __future__ import annotations

import asyncio
import importlib.util
import os
import socket
from pathlib import Path

import pytest

from tui_games.online.client import Connection, HandedDoor, HostError
from tui_games.online.protocol import GameList, ListGames
from tui_games.online.server import Host

pytestmark = pytest.mark.skipif(importlib.util.find_spec("asyncssh") is None,
                                reason="no asyncssh: pip install 'tui-games[ssh]'")


async def test_a_handed_connection_is_the_doors_player_whatever_it_claims(
        tmp_path: Path) -> None:
    from tui_games.online.ssh import Handing

    host = Host(tmp_path / "saves", tmp_path / "h.sock")
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    handing = Handing(ours, host, "ada")
    handing.start()
    door = HandedDoor(os.dup(theirs.fileno()))
    theirs.close()

    def session() -> tuple[str, str]:
        with Connection(door) as conn:
            conn.request(ListGames(), GameList)
            user = conn.user
        try:
            Connection(door, claim="root")
        except HostError as exc:
            return user, str(exc)
        return user, ""

    try:
        user, refusal = await asyncio.to_thread(session)
    finally:
        handing.close()
        host.bot_pool.close()
    assert user == "ada"
    assert refusal.startswith("you are ada on this host, not root")


async def test_a_session_whose_host_end_is_gone_says_so(tmp_path: Path) -> None:
    ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_STREAM)
    ours.close()
    door = HandedDoor(theirs.detach())
    with pytest.raises(HostError, match="the host"):
        await asyncio.to_thread(Connection, door)
