"""`tui-games serve`: the games in a web browser, through textual-serve.

Each browser tab that connects gets its own `tui-games` process, run as the user who started
the server, on the save folder resolved here once (so every tab shares it). The server listens
on loopback unless told otherwise, and says loudly what another address exposes.
"""

from __future__ import annotations

import argparse
import ipaddress
import shlex
import sys
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8000
EXIT_USAGE = 2
EXIT_FAILURE = 1
TITLE = "tui-games"


def _port(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 1 <= value <= 65535:
        raise argparse.ArgumentTypeError("must be from 1 to 65535")
    return value


def add_serve_parser(subparsers: Any) -> argparse.ArgumentParser:
    """Add the `serve` command to the subparsers of the top-level parser."""
    serve = subparsers.add_parser(
        "serve", help="play in a web browser (needs the serve extra)",
        description="Serve the games to web browsers with textual-serve. Each browser tab "
                    "runs its own tui-games as you, on your save folder. Listens on "
                    "loopback only unless --host says otherwise.")
    serve.add_argument("--host", default=DEFAULT_HOST, metavar="ADDRESS",
                       help=f"address to listen on (default {DEFAULT_HOST}: this machine "
                            "only; any other address lets whoever reaches it play as you)")
    serve.add_argument("--port", type=_port, default=DEFAULT_PORT, metavar="PORT",
                       help=f"port to listen on (default {DEFAULT_PORT})")
    return serve


def is_loopback(host: str) -> bool:
    """Whether `host` names only this machine: `localhost` or a loopback IP address.

    Any other name is treated as reachable from elsewhere, since it may resolve to anything.
    """
    name = host.strip().strip("[]")
    if name.lower() in {"localhost", "localhost."}:
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


def server_url(host: str, port: int) -> str:
    """The URL to open in a browser for a server on `host`:`port` (IPv6 in brackets)."""
    name = host.strip().strip("[]")
    if ":" in name:
        name = f"[{name}]"
    return f"http://{name}:{port}"


def exposure_warning(host: str, port: int, saves: Path) -> str | None:
    """The warning printed when `host` is not loopback, or None when it is."""
    if is_loopback(host):
        return None
    where = "every network interface" if host.strip().strip("[]") in {"", "0.0.0.0", "::"} \
        else host
    return (
        f"tui-games: warning: serving on {where}, not a loopback address.\n"
        f"  Anyone who can reach port {port} on this machine can play as you: start, continue,"
        f"\n  save and delete the games in {saves}.\n"
        "  There is no password and no encryption. To play from another machine, keep the\n"
        f"  default --host {DEFAULT_HOST} and forward the port over SSH instead:\n"
        f"  ssh -L {port}:127.0.0.1:{port} THIS-HOST, then open http://127.0.0.1:{port}"
    )


def app_command(saves: Path, bot_delay: float, seed: int | None) -> str:
    """The shell command textual-serve runs for each browser tab: this Python, this package."""
    words = [sys.executable, "-m", "tui_games", "--saves", str(saves),
             "--bot-delay", repr(bot_delay)]
    if seed is not None:
        words += ["--seed", str(seed)]
    return shlex.join(words)


def run_serve(args: argparse.Namespace) -> int:
    """Handle `tui-games serve`: check the options, warn if exposed, serve until Ctrl+C."""
    from tui_games.engine.saves import SaveError, resolve_save_dir

    if getattr(args, "load", None):
        print("tui-games: serve opens the menu in every browser tab; "
              "load the save from there (--load is for the terminal)", file=sys.stderr)
        return EXIT_USAGE
    try:
        saves = resolve_save_dir(getattr(args, "saves", None)).resolve()
    except SaveError as exc:
        print(exc, file=sys.stderr)
        return EXIT_USAGE
    try:
        from textual_serve.server import Server
    except ImportError:
        print("tui-games: serve needs textual-serve: pip install 'tui-games[serve]'",
              file=sys.stderr)
        return EXIT_USAGE

    warning = exposure_warning(args.host, args.port, saves)
    if warning:
        print(warning, file=sys.stderr, flush=True)
    command = app_command(saves, getattr(args, "bot_delay", 0.6), getattr(args, "seed", None))
    server = _server_class(Server)(command, host=args.host, port=args.port, title=TITLE)
    try:
        server.serve()
    except OSError as exc:
        print(f"tui-games: cannot serve on {server_url(args.host, args.port)}: "
              f"{exc.strerror or exc}", file=sys.stderr)
        return EXIT_FAILURE
    return 0


def foreign_request(bound_host: str, host_header: str, origin: str | None) -> str | None:
    """Why a request must be refused, or None to serve it.

    On loopback, a Host that is not a loopback name means a web page elsewhere rebound its own
    name to this machine (DNS rebinding). A browser's Origin that is not this server means
    another site's page opening our WebSocket, which browsers allow across sites.
    """
    name = urlsplit(f"//{host_header}").hostname or ""
    if is_loopback(bound_host) and not is_loopback(name):
        return f"this server answers to loopback addresses only, not {host_header!r}"
    if origin is not None and urlsplit(origin).netloc.lower() != host_header.lower():
        return f"pages from {origin!r} may not play here"
    return None


def refuse_foreign(bound_host: str, request: Any) -> None:
    """Raise 403 Forbidden for a request that `foreign_request` refuses."""
    reason = foreign_request(bound_host, request.host, request.headers.get("Origin"))
    if reason is not None:
        from aiohttp import web

        raise web.HTTPForbidden(text=f"tui-games serve: {reason}\n")


def _server_class(base: type) -> type:
    """textual-serve's Server, with page links that follow the address the browser used.

    textual-serve writes its own `http://HOST:PORT` into the page, which breaks for
    `--host 0.0.0.0` or `::1`; the Host header the browser sent is always the right one.
    """

    class GamesServer(base):  # type: ignore[misc, valid-type]
        """The textual-serve server for tui-games."""

        async def handle_index(self, request: Any) -> Any:
            """The page, linked to the address the browser asked for."""
            refuse_foreign(self.host, request)
            # No await happens between this assignment and textual-serve reading it.
            self.public_url = f"{request.scheme}://{request.host}"
            return await super().handle_index(request)

        async def handle_websocket(self, request: Any) -> Any:
            """A tab's game, for pages of this server only."""
            refuse_foreign(self.host, request)
            return await super().handle_websocket(request)

        async def on_startup(self, app: Any) -> None:
            """Say where to point the browser (instead of the long per-tab command)."""
            url = server_url(self.host, self.port)
            self.console.print(f"Serving {TITLE} on {url} (Ctrl+C stops it)", highlight=False)

    return GamesServer
