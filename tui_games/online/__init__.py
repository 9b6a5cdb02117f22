"""Online seats on a shared host: friends play one game from their own terminals.

One machine runs the host; everyone who can log in to it plays from there::

    tui-games host                      # on the host, in a terminal (or tmux) of its own
    ssh -t host tui-games join          # each friend, from anywhere

**The socket.** The host listens on a Unix socket, by default ``/tmp/tui-games/host.sock``
(``--socket PATH`` or the environment variable ``TUI_GAMES_SOCKET`` choose another; use
the same for ``join``). The socket is made with mode 0660: its owner (whoever runs the
host) and the members of its group may connect, nobody else. To let friends in, make a
group, add them, and name it: ``sudo groupadd tui-games; sudo usermod -aG tui-games ada``,
then ``tui-games host --group tui-games``. The folder holding the socket is created
0755 so that they can reach it. The host refuses a folder that is not its user's (or
root's), that others can write to, or that is a symbolic link: whoever can write there
could move the socket aside and listen in its place. The client in turn asks who listens
(SO_PEERCRED) and talks only to the folder's owner, itself, or the login named with
``join --host-user NAME`` ($TUI_GAMES_HOST_USER).

**Limits.** One login may hold ``--max-connections`` connections (never more than half of
what the host's descriptor limit leaves after a reserve), must say hello within
``--hello-timeout`` seconds, and may have ``--max-games`` games in play that it created.
A client that reads nothing is dropped once 4 MB wait for it.

**Who is who.** The host asks the operating system who is at the other end of each
connection (SO_PEERCRED: the peer's uid, then its login name). Nothing a client sends can
change that: a seat bound to ``ada`` is played only by the login ``ada``, and anyone may
watch as a spectator. Each client receives only what its seat may see; a spectator only
what every seat may see.

**Games** live in the host's own save folder (``--dir DIR``, else the usual save folder
of whoever runs the host), written atomically after every action. A client may leave and
rejoin at any time; the game waits for an absent player (there is no time limit). If the
host stops or is killed, ``tui-games host`` again picks every game up where it was.

**From a machine without an account on the host**, forward the socket over SSH from an
account that has one (OpenSSH 6.7 or newer), then join through the local end::

    ssh -N -L /tmp/ada-host.sock:/tmp/tui-games/host.sock ada@host &
    tui-games join --socket /tmp/ada-host.sock

The host then sees the forwarding account (``ada``) as the player: whoever holds the
forwarded socket plays ``ada``'s seats, so keep it private (``ssh`` creates it 0600
with ``StreamLocalBindMask`` 0177 by default).

**Friends with only an SSH key**: ``tui-games host --ssh PORT`` also runs an SSH server
(``ssh``; who a key is: ``ssh_keys``). Each session runs ``join`` on a pty, handed its
connections by the host (``client.HandedDoor``, ``Host.handed``), so it never says who
it is. ``turns`` words the games that wait for a player (``ssh host status``, the lobby).

The protocol is in ``tui_games.online.protocol``; the host in ``server``, the connection
in ``client``, the lobby and online table in ``screens`` (the only module here that
imports Textual).
"""

from __future__ import annotations

import os
import socket
from pathlib import Path

DEFAULT_SOCKET = Path("/tmp/tui-games/host.sock")
SOCKET_ENV = "TUI_GAMES_SOCKET"


def socket_path(given: str | os.PathLike[str] | None = None) -> Path:
    """The host's socket: ``given``, else $TUI_GAMES_SOCKET, else /tmp/tui-games/host.sock."""
    if given:
        return Path(given).expanduser()
    env = os.environ.get(SOCKET_ENV)
    return Path(env).expanduser() if env else DEFAULT_SOCKET


def available(path: str | os.PathLike[str] | None = None, timeout: float = 0.2) -> bool:
    """True when a host answers on the socket (a quick connect, nothing sent): the menu
    shows "Online" only then."""
    target = socket_path(path)
    try:
        if not target.is_socket():
            return False
    except OSError:
        return False
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as sock:
        sock.settimeout(timeout)
        try:
            sock.connect(str(target))
        except OSError:
            return False
    return True
