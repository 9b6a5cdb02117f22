"""The `tui-games` command: play (the default), --list, arena, bench, replay, stats...

The play path is the only one that imports Textual, and only once the arguments and the
save file are known to be good: a bad `--load FILE` is one line on stderr and exit 2.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from tui_games import __version__
from tui_games.browser.serve import add_serve_parser, run_serve

if TYPE_CHECKING:
    from tui_games.engine.saves import SaveStore
    from tui_games.engine.session import Session
    from tui_games.online.client import Door

EXIT_USAGE = 2
NUMBER_WORDS = ("No", "One", "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine",
                "Ten")


def games_description() -> str:
    """The --help description: the games of the registry, counted and named."""
    from tui_games.games import all_games

    titles = [info.title for info in all_games().values()]
    count = NUMBER_WORDS[len(titles)] if len(titles) < len(NUMBER_WORDS) else str(len(titles))
    named = ", ".join(titles[:-1]) + f" and {titles[-1]}" if len(titles) > 1 else "".join(titles)
    noun = "game" if len(titles) == 1 else "games"
    return (f"{count} space-themed tabletop {noun} in your terminal: {named}. "
            "With no command, opens the games.")


class _Parser(argparse.ArgumentParser):
    """The top-level parser: its description reads the registry only when --help asks."""

    def format_help(self) -> str:
        if self.description is None:
            self.description = games_description()
        return super().format_help()


def _non_negative(text: str) -> float:
    value = float(text)
    if value < 0:
        raise argparse.ArgumentTypeError("must be 0 or more")
    return value


def _positive_float(text: str) -> float:
    value = float(text)
    if not value > 0:
        raise argparse.ArgumentTypeError("must be more than 0")
    return value


def _positive_int(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError("must be 1 or more")
    return value


def build_parser() -> argparse.ArgumentParser:
    """The argument parser (one place, so --help documents everything)."""
    parser = _Parser(prog="tui-games")
    parser.add_argument("--version", action="version", version=f"tui-games {__version__}")
    parser.add_argument("--list", action="store_true", help="list the games and exit")
    parser.add_argument("--saves", metavar="DIR",
                        help="save folder (default: $TUI_GAMES_SAVES, a checkout's saves/, "
                             "or your user data folder)")
    parser.add_argument("--load", metavar="FILE", help="open this save file straight away")
    parser.add_argument("--seed", type=int, metavar="N", help="seed for the first new game")
    parser.add_argument("--lines", action="store_true",
                        help="play in plain lines (screen readers, braille, scripts): "
                             "numbered choices, no colour, no redraw")
    parser.add_argument("--bot-delay", type=_non_negative, default=0.6, metavar="SECONDS",
                        help="how long each bot move stays visible (default 0.6)")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND",
                                     parser_class=argparse.ArgumentParser)

    arena = commands.add_parser("arena", help="bot-only games, headless",
                                description="Play bot-only games and report the results "
                                            "per bot, in the order given by --bots.")
    arena.add_argument("game", metavar="GAME", help="game id (see --list)")
    arena.add_argument("--bots", required=True, metavar="LEVELS",
                       help="one bot level per seat, comma separated, e.g. normal,easy")
    arena.add_argument("--games", type=_positive_int, default=100, metavar="N")
    arena.add_argument("--seed", dest="arena_seed", type=int, default=0, metavar="S")
    arena.add_argument("--iterations", type=_positive_int, metavar="K",
                       help="search iterations for bots that search (ignored by others)")
    arena.add_argument("--rate", type=_positive_float, metavar="R",
                       help="timed searches keep their time budgets but count time as "
                            "R iterations a second: the same moves on a busy machine")
    arena.add_argument("--duplicate", action="store_true",
                       help="deal each game once per seating (N a multiple of the seats): "
                            "the luck of a deal counts for every bot")
    arena.add_argument("--jobs", type=_positive_int, default=1, metavar="N",
                       help="play N games at once, each in a process of its own (with "
                            "--rate or --iterations the results are those of one job)")
    arena.add_argument("--shadow", metavar="LEVELS", default="",
                       help="levels that see every seat's observations and choose too, "
                            "never played: how often each would have chosen otherwise")
    arena.add_argument("--openspiel-seconds", type=_positive_float, metavar="S",
                       help="openspiel-* bots think S seconds a decision (default: the "
                            "other bots' time per decision so far in the game)")
    arena.add_argument("--openspiel-simulations", type=_positive_int, metavar="K",
                       help="openspiel-* bots run K simulations a decision instead")
    arena.add_argument("--json", action="store_true", help="print the figures as JSON")

    bench = commands.add_parser("bench", help="measure speed: rules, bots, saves, app")
    bench.add_argument("--json", action="store_true", help="print the figures as JSON")
    bench.add_argument("--quick", action="store_true", help="small samples (for tests)")
    bench.add_argument("--games", metavar="ID,ID", type=_game_ids, default=None,
                       help="only these games (ids from --list); default: all")
    bench.add_argument("--stress", action="store_true",
                       help="the long harness: 10,000 checked random games per game, "
                            "10,000 random keys per screen, a 50-game session (slow)")
    replay = commands.add_parser("replay", help="step through a finished game or any save",
                                 description="Open a record of the history (or any save "
                                             "file) in the replay viewer.")
    replay.add_argument("file", metavar="FILE", help="a record or save file")
    stats = commands.add_parser("stats", help="wins, streaks and scores from the history",
                                description="Figures per game and opponents, worked out "
                                            "from the finished games in the history.")
    stats.add_argument("--json", action="store_true", help="print the figures as JSON")
    stats.add_argument("--host", action="store_true",
                       help="your own figures on the shared host of this machine")
    stats.add_argument("--socket", metavar="PATH",
                       help="the host's socket, with --host (default: $TUI_GAMES_SOCKET "
                            "or /tmp/tui-games/host.sock)")
    _add_online_commands(commands)
    add_serve_parser(commands)
    return parser


def _add_online_commands(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """`host` and `join`: online seats on a shared host (see tui_games/online)."""
    host = commands.add_parser(
        "host", help="run a game server that friends join with: ssh -t HOST tui-games join",
        description="Serve online games on a Unix socket (mode 0660) to the users of this "
                    "machine. Stop it with ctrl+c; started again, it picks every game up.")
    host.add_argument("--dir", metavar="DIR",
                      help="the host's save folder (default: as --saves)")
    host.add_argument("--socket", metavar="PATH",
                      help="the socket (default: $TUI_GAMES_SOCKET or /tmp/tui-games/host.sock)")
    host.add_argument("--group", metavar="NAME",
                      help="the socket's group: its members may join (default: yours)")
    host.add_argument("--bot-delay", dest="host_bot_delay", type=_non_negative, default=0.5,
                      metavar="SECONDS", help="least time a bot move takes (default 0.5)")
    host.add_argument("--hello-timeout", type=_positive_float, default=10.0, metavar="SECONDS",
                      help="time a new connection has to say hello (default 10)")
    host.add_argument("--max-connections", type=_positive_int, default=32, metavar="N",
                      help="connections one login may have at once (default 32)")
    host.add_argument("--max-games", type=_positive_int, default=20, metavar="N",
                      help="games in play one login may have created (default 20)")
    door = host.add_argument_group(
        "SSH door", "friends with only an SSH key: ssh -p PORT HOST (see the README)")
    door.add_argument("--ssh", metavar="PORT", type=_positive_int,
                      help="also serve the games over SSH on this port (needs the [ssh] "
                           "extra: asyncssh)")
    door.add_argument("--ssh-bind", metavar="ADDRESS", default="0.0.0.0",
                      help="the address the SSH door listens on (default 0.0.0.0)")
    door.add_argument("--open", dest="ssh_open", action="store_true",
                      help="any key may enter: a new key is bound to the name it logs in as")
    door.add_argument("--login-grace", type=_positive_float, default=30.0, metavar="SECONDS",
                      help="time an SSH client has to log in (default 30)")
    door.add_argument("--idle-timeout", type=_positive_float, default=3600.0,
                      metavar="SECONDS",
                      help="an SSH session with no key pressed this long ends (default 3600)")
    door.add_argument("--max-per-ip", type=_positive_int, default=8, metavar="N",
                      help="SSH connections one address may have (default 8)")
    door.add_argument("--max-per-key", type=_positive_int, default=4, metavar="N",
                      help="SSH sessions one player may have (default 4)")
    door.add_argument("--max-ssh", type=_positive_int, default=64, metavar="N",
                      help="SSH connections at once (default 64)")
    host_commands = host.add_subparsers(dest="host_command", metavar="[invite]")
    invite = host_commands.add_parser(
        "invite", help="print a one-time code that binds the first SSH key to present it "
                       "to NAME: ssh -p PORT invite-CODE@HOST",
        description="A one-time invite to the SSH door: the first key that logs in as "
                    "invite-CODE within the time limit becomes NAME's, for good.")
    invite.add_argument("name", metavar="NAME", help="the player's name (a-z, 0-9, _ and -)")
    invite.add_argument("--dir", dest="invite_dir", metavar="DIR",
                        help="the host's save folder (default: as --saves)")
    invite.add_argument("--hours", type=_positive_float, default=24.0,
                        help="how long the code may wait for its key (default 24)")
    join = commands.add_parser("join", help="join the games of a host on this machine",
                               description="List, create and join the host's games.")
    join.add_argument("--socket", metavar="PATH",
                      help="the host's socket (default: $TUI_GAMES_SOCKET or "
                           "/tmp/tui-games/host.sock)")
    join.add_argument("--lines", dest="join_lines", action="store_true",
                      help="the lobby and tables in plain lines (as tui-games --lines)")
    join.add_argument("--host-user", metavar="NAME",
                      help="the login the host must run as (default: the owner of the "
                           "socket's folder); any other server is refused")


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit code."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error already printed
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    if args.list:
        return _list_games()
    if args.lines and args.command not in (None, "replay", "join"):
        return _fail(f"--lines plays the games and their replays; `{args.command}` has "
                     "no plain-lines form")
    if args.command == "arena":
        return _arena(args)
    if args.command == "bench":
        return _bench(args)
    if args.command == "host":
        return _host(args)
    if args.command == "join":
        return _join(args)
    if args.command == "serve":
        return run_serve(args)
    if args.command == "replay":
        return _play(args, replay=args.file)
    if args.command == "stats":
        return _stats(args)
    return _play(args)


def _fail(message: str) -> int:
    print(f"tui-games: {message}", file=sys.stderr)
    return EXIT_USAGE


def _list_games() -> int:
    from tui_games.games import all_games

    for info in all_games().values():
        low, high = info.rules.min_players, info.rules.max_players
        players = f"{low} players" if low == high else f"{low}-{high} players"
        print(f"{info.id}\t{info.title}\t{players}")
    return 0


def _arena(args: argparse.Namespace) -> int:
    from tui_games.games import UnknownGame, all_games, get_game
    from tui_games.tools.arena import ArenaError, run_arena

    try:
        info = get_game(args.game)
    except UnknownGame:
        return _fail(f"unknown game {args.game!r} (games: {', '.join(all_games())})")
    labels = [label.strip() for label in args.bots.split(",") if label.strip()]
    shadows = [level.strip() for level in args.shadow.split(",") if level.strip()]
    # Progress is for a person watching: never in piped output or with --json.
    watch = None
    if sys.stdout.isatty() and not args.json:
        from tui_games.tools.arena_progress import ArenaProgress

        watch = ArenaProgress(args.games)
    try:
        if watch is None:
            result = run_arena(info, labels, args.games, args.arena_seed, args.iterations,
                               args.rate, args.duplicate, args.jobs, shadows,
                               args.openspiel_seconds, args.openspiel_simulations)
        else:
            with watch:
                result = run_arena(info, labels, args.games, args.arena_seed,
                                   args.iterations, args.rate, args.duplicate, args.jobs,
                                   shadows, args.openspiel_seconds,
                                   args.openspiel_simulations, watch.update)
    except ArenaError as exc:
        return _fail(str(exc))
    if args.json:
        print(json.dumps(result.as_dict(), indent=2))
    else:
        print("\n".join(result.lines()))
    return 0


def _game_ids(text: str) -> list[str]:
    """``--games a,b``: registered game ids, else an argparse error naming the known ones."""
    from tui_games.games import all_games

    ids = [part.strip() for part in text.split(",") if part.strip()]
    known = list(all_games())
    unknown = [game_id for game_id in ids if game_id not in known]
    if unknown or not ids:
        raise argparse.ArgumentTypeError(
            f"unknown game {', '.join(unknown) or '(none given)'}; known: {', '.join(known)}")
    return ids


def _bench(args: argparse.Namespace) -> int:
    from tui_games.tools.bench import format_report, run_bench

    if args.stress:
        from tui_games.tools.bench import run_stress

        quick = {"games": 20, "keys": 100, "session_games": 2} if args.quick else {}
        stress_report = run_stress(args.games, **quick)
        print(json.dumps(stress_report, indent=2))
        return 0 if stress_report["ok"] else 1
    report = run_bench(quick=args.quick, game_ids=args.games)
    print(json.dumps(report, indent=2) if args.json else "\n".join(format_report(report)))
    return 0


def _host(args: argparse.Namespace) -> int:
    from tui_games.engine.saves import SaveError, resolve_save_dir
    from tui_games.online import socket_path
    from tui_games.online.server import run_host

    try:
        folder = resolve_save_dir(getattr(args, "invite_dir", None) or args.dir or args.saves)
    except SaveError as exc:
        return _fail(str(exc))
    if args.host_command == "invite":
        return _invite(folder, args.name, args.hours)
    door = None
    if args.ssh is not None:
        try:
            from tui_games.online.ssh import DoorSettings
        except ImportError:
            return _fail("the SSH door needs asyncssh: pip install 'tui-games[ssh]'")
        door = DoorSettings(port=args.ssh, bind=args.ssh_bind, open_door=args.ssh_open,
                            login_grace=args.login_grace, idle_timeout=args.idle_timeout,
                            per_ip=args.max_per_ip, per_key=args.max_per_key,
                            total=args.max_ssh)
    return run_host(folder, socket_path(args.socket), bot_delay=args.host_bot_delay,
                    group=args.group, hello_timeout=args.hello_timeout,
                    max_connections=args.max_connections, max_games=args.max_games,
                    door=door)


def _invite(folder: Path, name: str, hours: float) -> int:
    from tui_games.online.ssh_keys import INVITE_PREFIX, Identities, name_problem

    problem = name_problem(name)
    if problem is not None:
        return _fail(problem)
    code = Identities.of_folder(folder).invites.make(name, hours)
    print(f"Invite for {name}, valid {hours:g} h, for one key: "
          f"ssh -p PORT {INVITE_PREFIX}{code}@HOST")
    return 0


def _join(args: argparse.Namespace) -> int:
    from tui_games.online.client import HOST_USER_ENV, Connection, HandedDoor, HostError

    if args.host_user:  # every connection of the app checks it (see check_server)
        os.environ[HOST_USER_ENV] = args.host_user
    door = HandedDoor.from_environment() or args.socket  # a session of the SSH door
    try:
        Connection(door).close()  # a clear line now beats an app that cannot connect
    except HostError as exc:
        return _fail(str(exc))
    if args.lines or args.join_lines:
        return _join_lines(args, door)
    from tui_games.online.screens import run_join

    return run_join(door)


def _stats(args: argparse.Namespace) -> int:
    from tui_games.engine.records import History
    from tui_games.engine.saves import SaveError, SaveStore, resolve_save_dir
    from tui_games.engine.stats import as_json, compute, format_table

    if args.host:
        from tui_games.online.client import HostError, host_stats

        try:
            lines = host_stats(args.socket)
        except HostError as exc:
            return _fail(str(exc))
    else:
        try:
            store = SaveStore(resolve_save_dir(args.saves))
        except SaveError as exc:
            return _fail(str(exc))
        lines = compute(History(store).list())
    print(json.dumps(as_json(lines), indent=2) if args.json else "\n".join(format_table(lines)))
    return 0


def _play(args: argparse.Namespace, replay: str | None = None) -> int:
    from tui_games.engine.records import History
    from tui_games.engine.saves import SaveError, SaveStore, resolve_save_dir

    try:
        store = SaveStore(resolve_save_dir(args.saves))
        session = store.load(args.load) if args.load else None
        if replay is not None:
            History(store).open(replay)  # a bad file: one line now, before any screen
    except SaveError as exc:
        print(exc, file=sys.stderr)
        return EXIT_USAGE
    if args.lines:
        return _play_lines(store, session, args.seed, replay)
    from tui_games.tui.app import GamesApp  # only now: Textual is for playing, not for commands

    extra = {} if replay is None else {"replay": replay}
    app = GamesApp(store, session=session, bot_delay=args.bot_delay, **extra)
    if args.seed is not None:
        app.first_seed = args.seed
    app.run()
    return 0


def _play_lines(store: SaveStore, session: Session | None, seed: int | None,
                replay: str | None) -> int:
    """``--lines``: the plain-lines front end (never imports Textual)."""
    from tui_games.engine.records import History
    from tui_games.games import get_game
    from tui_games.lines.app import run_lines
    from tui_games.lines.console import Console
    from tui_games.lines.replay import replay_lines

    if replay is not None:
        kept, _ = History(store).open(replay)
        replay_lines(Console(sys.stdin, sys.stdout), kept, get_game(kept.rules.id))
        return 0
    return run_lines(store, session, seed)


def _join_lines(args: argparse.Namespace, door: Door) -> int:
    """``join --lines``: the host's lobby and tables in plain lines (never imports Textual)."""
    import tempfile
    from pathlib import Path

    from tui_games.engine.saves import SaveError, SaveStore, resolve_save_dir
    from tui_games.lines.console import Console
    from tui_games.lines.online import join_lines

    try:
        store = SaveStore(resolve_save_dir(args.saves))
    except SaveError:  # the lobby never writes; a table needs a store to exist
        store = SaveStore(Path(tempfile.gettempdir()))
    return join_lines(Console(sys.stdin, sys.stdout), store, door)
