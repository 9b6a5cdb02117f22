"""The host: games on a Unix socket, every action through the rules, saved before it is told.

One asyncio loop serves every connection. Who a client is comes from the socket's peer
credentials (SO_PEERCRED), or, for a connection the SSH door made itself and handed to a
player's session (``handed``), from the key the door checked; never from what it sends. An
action is decoded with the game's own action type, played by the rules (which refuse it
with a reason), saved with the atomic autosave, and only then sent on: every connection of
the game gets a fresh view of its own seat. Bots play on the host from their seat's
observation, thinking in worker processes (bot_pool) so that the loop keeps answering; a
bot's move that cannot be saved is tried again until saving works.
"""

from __future__ import annotations

import asyncio
import contextlib
import grp
import os
import pwd
import random
import signal
import socket
import stat
import struct
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from tui_games import __version__
from tui_games.engine.codec import to_json
from tui_games.engine.core import Action, IllegalAction
from tui_games.engine.grammar import seat_ref
from tui_games.engine.locks import GameLock
from tui_games.engine.records import HISTORY, History, login_folder
from tui_games.engine.saves import SaveError, SaveStore
from tui_games.engine.session import Seat, Session, replay
from tui_games.engine.stats import StatLine, compute
from tui_games.engine.text import printable
from tui_games.games import GameInfo, UnknownGame, all_games, get_game
from tui_games.online import DEFAULT_SOCKET
from tui_games.online.bot_pool import BotPool
from tui_games.online.hosted import Connection, HostedGame, bot_rng
from tui_games.online.limits import (
    ACCEPT_BACKLOG,
    connection_budget,
    login_name,
    no_such_user,
    unsafe_folder,
)
from tui_games.online.protocol import (
    MAX_REQUEST,
    PROTOCOL_VERSION,
    Act,
    BadMessage,
    Created,
    CreateGame,
    GameList,
    Hello,
    Hinted,
    Join,
    Joined,
    Leave,
    ListGames,
    MyStats,
    Refused,
    StatsLines,
    Welcome,
    client_decoder,
    decode,
    hello_version,
    version_refusal,
)

if TYPE_CHECKING:
    from tui_games.online.ssh import DoorSettings

HELLO_TIMEOUT = 10.0  # seconds a new connection has to say hello
MAX_CONNECTIONS_PER_USER = 32  # a player's terminals and the lobby's probes fit easily
MAX_GAMES_PER_USER = 20  # games in play that one login created
SAVE_RETRY_FIRST = 0.25  # seconds before a bot's unsaved move is tried again; doubling...
SAVE_RETRY_MAX = 10.0  # ...up to this: a full disk is not hammered, and a freed one is seen


def peer_identity(sock: socket.socket) -> tuple[int, str]:
    """The uid and login name of the process at the other end (SO_PEERCRED)."""
    creds = sock.getsockopt(socket.SOL_SOCKET, socket.SO_PEERCRED, struct.calcsize("3i"))
    _pid, uid, _gid = struct.unpack("3i", creds)
    return uid, login_name(uid)


class Host:
    """The game server of one save folder, on one Unix socket."""

    def __init__(self, folder: Path, socket_path: Path, *, bot_delay: float = 0.5,
                 group: str | None = None, log: Callable[[str], None] | None = None,
                 hello_timeout: float = HELLO_TIMEOUT,
                 max_connections: int = MAX_CONNECTIONS_PER_USER,
                 max_games: int = MAX_GAMES_PER_USER) -> None:
        self.store = SaveStore(folder)
        self.hello_timeout = hello_timeout
        self.max_connections = max_connections
        self.max_games = max_games
        self.lock: GameLock | None = None
        self.connections: dict[str, int] = {}  # per player: its open connections
        # the players of the SSH door (their names, bound to keys): never a login's
        self.door_names: Callable[[], set[str]] = set
        self.socket_path = socket_path
        self.bot_delay = bot_delay
        self.group = group
        self.games: dict[str, HostedGame] = {}
        self.host_user = pwd.getpwuid(os.getuid()).pw_name
        self._log = log or (lambda text: print(f"tui-games host: {text}", file=sys.stderr,
                                               flush=True))
        self._server: asyncio.Server | None = None
        self.bot_pool = BotPool()  # its workers start with the first bot's decision
        self._histories: dict[str, History] = {}  # per login, for its stats

    # ---- games -------------------------------------------------------------------------

    def load_games(self) -> None:
        """Take every game of the folder (its autosave) into the host.

        One lock holds them all for this host (a descriptor per game would let a flood of
        games take the host's descriptors); a game a window has open is left to it.
        """
        if self.lock is None:
            self.lock = self.store.host_lock()
            if self.lock is None:
                raise SystemExit(f"tui-games host: another host serves the games of "
                                 f"{self.store.folder}; stop it first, or use --dir")
        for summary in self.store.list():
            path = Path(summary.path)
            if summary.error is not None:
                self._log(f"skipped {path.name}: {summary.error}")
                continue
            try:
                session = self.store.load(path)
            except SaveError as exc:
                self._log(f"skipped {exc}")
                continue
            if session.save_id != path.stem or session.save_id in self.games:
                continue  # a named copy of a game: its autosave is the game
            self._adopt(get_game(session.rules.id), session, path.stat().st_mtime)

    def _adopt(self, info: GameInfo, session: Session, created: float,
               creator: str | None = None) -> HostedGame | None:
        save_id = self.store.assign_id(session)
        if self.store.is_held_elsewhere(save_id):
            self._log(f"skipped {save_id}: it is open in another window")
            return None
        game = HostedGame(info=info, session=session, lock=None, created=created,
                          creator=creator)
        game.bots = {i: bot_rng(session.seed, i)
                     for i, seat in enumerate(session.seats) if seat.bot is not None}
        self.games[game.game_id] = game
        self._schedule_bot(game)
        return game

    def create(self, user: str, request: CreateGame) -> HostedGame | str:
        """A new game, or why not."""
        try:
            info = get_game(request.game)
        except UnknownGame:
            return f"no game {request.game!r} here (games: {', '.join(all_games())})"
        rules = info.rules
        live = sum(1 for g in self.games.values() if g.creator == user
                   and g.session.rules.outcome(g.session.state) is None)
        if live >= self.max_games:
            return (f"{user} has {live} games in play on this host, the most one login "
                    "may create: finish one first")
        if len(request.seats) not in info.players:
            return (f"{info.title} is for {rules.min_players}-{rules.max_players} players, "
                    f"not {len(request.seats)}")
        seats: list[Seat] = []
        for i, seat in enumerate(request.seats):
            if seat.bot is not None:
                if seat.bot not in info.bots:
                    return (f"no bot level {seat.bot!r} (levels: {', '.join(info.bots)})")
                name = printable(seat.name).strip() or f"Bot {i + 1} ({seat.bot})"
            else:
                name = seat.name.strip()
                unknown = None if name in self.door_names() else no_such_user(name)
                if unknown is not None:
                    return unknown
            seats.append(Seat(name[:40], seat.bot))
        specs = {spec.key: spec for spec in rules.option_specs}
        options = {spec.key: spec.default for spec in rules.option_specs}
        for key, value in request.options.items():
            spec = specs.get(key)
            if spec is None:
                return f"{info.title} has no option {key!r}"
            if not spec.allows(value):  # a preset, or a "Pick your own" of its items
                return f"option {spec.label!r} cannot be {value!r}"
            options[key] = value
        seed = random.SystemRandom().randrange(2**31)
        try:
            session = Session.new(rules, seats, seed, options)
            self.store.autosave(session)
        except SaveError as exc:
            return f"the host cannot save games ({exc.cause})"
        except Exception as exc:  # a bad option combination, say: refused, not fatal
            return f"cannot set up {info.title} ({exc})"
        game = self._adopt(info, session, time.time(), creator=user)
        if game is None:
            return "the new game's id is taken; try again"
        self._log(f"{user} created {game.game_id}: "
                  f"{', '.join(s.name for s in session.seats)}")
        return game

    def play(self, game: HostedGame, seat: int, action: Action) -> str | None:
        """Play ``action`` for ``seat`` and save; the reason it was refused, else None.

        The save comes before anyone is told, so a client that saw its action taken
        never loses it, however the host ends.
        """
        session = game.session
        mover = session.to_move
        if mover is None:
            return "The game is over."
        if mover != seat:
            return f"Wait: it is {session.seats[mover].name}'s turn."
        try:
            session.apply(action)
        except IllegalAction as exc:
            return exc.reason
        except Exception as exc:  # a rules bug: put the state back and refuse
            session.state = replay(session.rules, len(session.seats), session.seed,
                                   session.options, session.actions)
            return f"The rules could not play that ({type(exc).__name__})."
        try:
            self.store.autosave(session)
        except SaveError as exc:  # not saved, so not played: take it back
            game.unsaved = exc.cause
            session.actions.pop()
            session.undoable.pop()
            session.state = replay(session.rules, len(session.seats), session.seed,
                                   session.options, session.actions)
            return f"The host cannot save ({exc.cause}): nothing was played."
        game.unsaved = None
        game.moved = time.time()
        if session.to_move is None:
            self._keep_records(game)
        game.broadcast()
        self._schedule_bot(game)
        return None

    def stats_of(self, login: str) -> list[StatLine]:
        """``login``'s own figures, from its records on this host."""
        folder = login_folder(self.store.folder / HISTORY, login)
        if folder is None:
            return []
        history = self._histories.get(login)
        if history is None:  # kept: a record is replayed once, not at every request
            history = self._histories[login] = History(self.store, folder)
        return compute(history.list(), login=login)

    def _keep_records(self, game: HostedGame) -> None:
        """A finished game goes to the history of every login that sat at it
        (``history/<login>/``): each player's History and Stats are their own."""
        session = game.session
        base = self.store.folder / HISTORY
        for login in {seat.name for seat in session.seats if seat.is_human}:
            folder = login_folder(base, login)
            if folder is None:
                continue
            try:
                History(self.store, folder).keep(session)
            except SaveError as exc:
                self._log(f"{game.game_id}: not kept in {login}'s history ({exc.cause})")

    # ---- bots --------------------------------------------------------------------------

    def _schedule_bot(self, game: HostedGame) -> None:
        mover = game.session.to_move
        if mover is None or mover not in game.bots:
            return
        if game.bot_task is not None and not game.bot_task.done():
            return
        with contextlib.suppress(RuntimeError):  # no loop yet (loading): serve() starts it
            game.bot_task = asyncio.get_running_loop().create_task(
                self._bot_move(game, mover, len(game.session.actions)))

    async def _bot_move(self, game: HostedGame, seat: int, at: int) -> None:
        session = game.session
        rules = session.rules
        started = time.monotonic()
        view = to_json(rules.observe(session.state, seat))  # never the true state
        level = session.seats[seat].bot
        assert level is not None
        try:
            chosen = await self.bot_pool.choose(game.info.id, level, seat, view,
                                                game.bots[seat])
            action: Action | None = msgspec.json.decode(chosen, type=rules.action_type)
        except Exception:  # a bot's bug or a lost worker must not stall the game
            if self.bot_pool.closed:  # the host is stopping: this bot moves after a restart
                game.bot_task = None
                return
            action = None
        pause = self.bot_delay - (time.monotonic() - started)
        if pause > 0:
            await asyncio.sleep(pause)
        retry = SAVE_RETRY_FIRST
        while len(session.actions) == at and session.to_move == seat:
            game.bot_task = None  # play() schedules the next bot once this move is in
            game.unsaved = None
            refusal = None if action is None else self.play(game, seat, action)
            if action is None or (refusal is not None and game.unsaved is None):
                action = rules.legal_actions(session.state)[0]  # illegal: a legal move
                self.play(game, seat, action)
            if game.unsaved is None:  # played and saved
                if retry > SAVE_RETRY_FIRST:
                    self._log(f"{game.game_id}: saved again; {session.seats[seat].name} moved")
                return
            # Not saved, so not played: the move waits, and the table with it, until the
            # disk takes it again. Nobody else can move meanwhile (it is this bot's turn).
            game.bot_task = asyncio.current_task()
            if retry == SAVE_RETRY_FIRST:
                self._log(f"{game.game_id}: {session.seats[seat].name} cannot move: the "
                          f"host cannot save ({game.unsaved}); trying again until it can")
            await asyncio.sleep(retry)
            retry = min(2 * retry, SAVE_RETRY_MAX)
        game.bot_task = None

    # ---- connections -------------------------------------------------------------------

    async def _handle(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            uid, user = peer_identity(writer.get_extra_info("socket"))
        except OSError:  # gone before we asked who it was
            writer.transport.abort()
            return
        conn = Connection(writer=writer, uid=uid, user=user, log=self._log)
        if user in self.door_names():
            conn.send(Refused(reason=f"{user} is the name of an SSH player of this host as "
                                     "well as a login here: neither may play the other's "
                                     "seats, so the host's owner must rename one",
                              fatal=True))
            writer.close()
            return
        await self._serve(conn, reader, writer)

    async def handed(self, sock: socket.socket, user: str) -> None:
        """Serve a connection the host made itself for ``user`` (the SSH door hands the
        other end to that player's session): who it is was settled by the door."""
        reader, writer = await asyncio.open_connection(sock=sock, limit=MAX_REQUEST)
        await self._serve(Connection(writer=writer, uid=-1, user=user, log=self._log),
                          reader, writer)

    async def _serve(self, conn: Connection, reader: asyncio.StreamReader,
                     writer: asyncio.StreamWriter) -> None:
        full = self._full(conn)
        if full is not None:  # refused at once: its descriptor is given back now
            conn.send(Refused(reason=full, fatal=True))
            writer.close()
            return
        user = conn.user
        self.connections[user] = self.connections.get(user, 0) + 1
        try:
            if await self._greet_in_time(conn, reader):
                while True:
                    try:
                        line = await reader.readline()
                    except (ValueError, asyncio.LimitOverrunError):
                        conn.send(Refused(reason=f"a request longer than {MAX_REQUEST} bytes",
                                          fatal=True))
                        break
                    if not line:
                        break
                    self._dispatch(conn, line)
                    await writer.drain()
        except (ConnectionError, OSError):
            pass
        except asyncio.CancelledError:  # the host stops: end quietly, no traceback each
            pass
        finally:
            self.connections[user] -= 1
            if not self.connections[user]:
                del self.connections[user]
            self._leave(conn)
            writer.close()

    def _full(self, conn: Connection) -> str | None:
        """Why the host takes no more connections, from this login or at all (None: it
        takes this one). One login may never have more than half of the budget."""
        budget = connection_budget()
        mine = self.connections.get(conn.user, 0)
        most = max(1, min(self.max_connections, budget // 2))
        if mine >= most:
            return (f"{conn.user} has {mine} connections to this host already, the most "
                    "one login may have: close some (another tui-games join) and try again")
        if sum(self.connections.values()) >= budget:
            return "the host is full (too many connections): try again later"
        return None

    async def _greet_in_time(self, conn: Connection, reader: asyncio.StreamReader) -> bool:
        """The hello, within ``hello_timeout``: an idle connection gives its place back."""
        try:
            return await asyncio.wait_for(self._greet(conn, reader), self.hello_timeout)
        except TimeoutError:
            conn.send(Refused(reason=f"no hello within {self.hello_timeout:g} s",
                              request="hello", fatal=True))
            return False

    async def _greet(self, conn: Connection, reader: asyncio.StreamReader) -> bool:
        while True:
            try:
                line = await reader.readline()
            except (ValueError, asyncio.LimitOverrunError):
                conn.send(Refused(reason=f"a hello longer than {MAX_REQUEST} bytes",
                                  request="hello", fatal=True))
                return False
            if not line:
                return False  # a probe (available()): nothing to say
            try:
                raw = decode(line, Any)  # type: ignore[arg-type]
            except BadMessage as exc:
                conn.send(Refused(reason=f"a hello that is not JSON ({exc}): say hello",
                                  request="hello"))
                continue  # like any bad input: refused, the connection kept
            version = hello_version(line) if isinstance(raw, dict) else None
            if version != PROTOCOL_VERSION:
                conn.send(Refused(reason=version_refusal(version), request="hello",
                                  fatal=True))
                return False
            try:
                hello = decode(line, client_decoder)
            except BadMessage as exc:
                conn.send(Refused(reason=f"a bad hello ({exc})", request="hello"))
                continue
            if not isinstance(hello, Hello):
                conn.send(Refused(reason="say hello first", fatal=True))
                return False
            break
        if hello.user is not None and hello.user != conn.user:
            conn.send(Refused(reason=f"you are {conn.user} on this host, not {hello.user}: "
                                     "the host knows you by your login, not by what your "
                                     "client says", request="hello", fatal=True))
            return False
        conn.send(Welcome(version=PROTOCOL_VERSION, user=conn.user, host_user=self.host_user,
                          app_version=__version__))
        return True

    def _dispatch(self, conn: Connection, line: bytes) -> None:
        try:
            message = decode(line, client_decoder)
        except BadMessage as exc:
            conn.send(Refused(reason=f"not a request of protocol {PROTOCOL_VERSION} ({exc})"))
            return
        if isinstance(message, MyStats):
            conn.send(StatsLines(lines=self.stats_of(conn.user)))
        elif isinstance(message, ListGames):
            rows = sorted(self.games.values(), key=lambda g: g.created, reverse=True)
            conn.send(GameList(games=[g.row() for g in rows]))
        elif isinstance(message, CreateGame):
            made = self.create(conn.user, message)
            conn.send(Created(game_id=made.game_id) if isinstance(made, HostedGame)
                      else Refused(reason=made, request="create"))
        elif isinstance(message, Join):
            refusal = self._join(conn, message)
            if refusal is not None:
                conn.send(Refused(reason=refusal, request="join"))
        elif isinstance(message, Act):
            refusal = self._act(conn, message)
            if refusal is not None:
                conn.send(Refused(reason=refusal, request="act"))
        elif isinstance(message, Hinted):
            refusal = self._hinted(conn, message)
            if refusal is not None:
                conn.send(Refused(reason=refusal, request="hinted"))
        elif isinstance(message, Leave):
            self._leave(conn)
        else:
            conn.send(Refused(reason="already said hello", request="hello"))

    def _join(self, conn: Connection, message: Join) -> str | None:
        game = self.games.get(message.game_id)
        if game is None:
            return f"no game {message.game_id!r} on this host"
        seats = game.session.seats
        seat: int | None = None
        if not message.spectate:
            mine = [i for i, s in enumerate(seats) if s.is_human and s.name == conn.user]
            if message.seat is not None:
                if not 0 <= message.seat < len(seats):
                    return f"this game has no {seat_ref(message.seat)}"
                if message.seat not in mine:
                    owner = seats[message.seat]
                    whose = (f"a bot's ({owner.bot})" if owner.bot is not None
                             else f"{owner.name}'s")
                    return (f"{seat_ref(message.seat)} is {whose}, and you are {conn.user} "
                            "(the host knows you by your login): join your own seat or "
                            "watch")
                seat = message.seat
            elif not mine:
                return f"you ({conn.user}) have no seat at this game: watch it instead"
            else:
                taken = {c.seat for c in game.conns}
                seat = next((i for i in mine if i not in taken), mine[0])
        self._leave(conn)
        conn.game, conn.seat = game, seat
        game.conns.add(conn)
        conn.send(Joined(game_id=game.game_id, game=game.info.id, seat=seat,
                         seats=list(seats), options=dict(game.session.options)))
        game.broadcast()  # the newcomer's view, and everyone's "who is here"
        return None

    def _act(self, conn: Connection, message: Act) -> str | None:
        game = conn.game
        if game is None:
            return "join a game first"
        if conn.seat is None:
            return "Spectators watch: they cannot play."
        session = game.session
        if message.seen is not None and message.seen != len(session.actions):
            game.broadcast()
            return "The game moved on meanwhile: look at the table again."
        try:
            action = decode(message.action, session.rules.action_type)
        except BadMessage as exc:
            return f"not an action of {game.info.title} ({exc})"
        return self.play(game, conn.seat, action)

    def _hinted(self, conn: Connection, message: Hinted) -> str | None:
        """Count a hint for the connection's seat, once per position of its own decision.

        A hint that raced a move is not counted and not refused: the client asked in good
        faith. The count is saved at once, or with the next move if the disk is full.
        """
        game = conn.game
        if game is None or conn.seat is None:
            return "only a seated player's hints are counted"
        session, seat = game.session, conn.seat
        if message.seen != len(session.actions) or session.to_move != seat \
                or (seat, message.seen) in game.hinted:
            return None
        game.hinted.add((seat, message.seen))
        session.count_hint(seat)
        try:
            self.store.autosave(session)
        except SaveError as exc:
            self._log(f"{game.game_id}: a hint count waits for the next save ({exc.cause})")
        return None

    def _leave(self, conn: Connection) -> None:
        game, conn.game, conn.seat = conn.game, None, None
        if game is not None and conn in game.conns:
            game.conns.discard(conn)
            game.broadcast()

    # ---- the socket --------------------------------------------------------------------

    def prepare_socket(self) -> None:
        path = self.socket_path
        folder = path.parent
        try:
            folder.mkdir(mode=0o755, parents=True)
            folder.chmod(0o755)  # reachable by the players whatever the umask
        except FileExistsError:
            pass  # made before (by us, or by someone else: see unsafe_folder)
        except OSError as exc:
            raise SystemExit(f"tui-games host: cannot make the socket's folder {folder} "
                             f"({exc.strerror or exc}); choose another with --socket PATH") \
                from None
        unsafe = unsafe_folder(folder)
        if unsafe is not None:
            raise SystemExit(f"tui-games host: will not listen in {folder}: {unsafe}; remove "
                             "it (or ask its owner to), or choose another with --socket PATH")
        if path.is_socket() or path.exists():
            probe = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                probe.settimeout(0.5)
                probe.connect(str(path))
            except OSError:
                if not stat.S_ISSOCK(path.lstat().st_mode):
                    raise SystemExit(f"tui-games host: {path} exists and is not a socket") from None
                path.unlink()  # left by a host that was killed
            else:
                raise SystemExit(f"tui-games host: a host already answers on {path}")
            finally:
                probe.close()

    async def serve(self, ready: Callable[[], None] | None = None) -> None:
        """Listen until cancelled (SIGINT/SIGTERM end it cleanly)."""
        self.prepare_socket()
        old = os.umask(0o117)  # the socket is never wider than 0660, not even for a moment
        try:
            self._server = await asyncio.start_unix_server(
                self._handle, path=str(self.socket_path), limit=MAX_REQUEST,
                backlog=ACCEPT_BACKLOG)
        finally:
            os.umask(old)
        os.chmod(self.socket_path, 0o660)
        if self.group is not None:
            os.chown(self.socket_path, -1, grp.getgrnam(self.group).gr_gid)
        for game in self.games.values():
            self._schedule_bot(game)
        group = self.group or grp.getgrgid(os.getgid()).gr_name
        self._log(f"listening on {self.socket_path} (mode 0660, group {group}); "
                  f"{len(self.games)} games in {self.store.folder}")
        self._log(f"players join with: ssh -t {socket.gethostname()} tui-games join"
                  + ("" if self.socket_path == DEFAULT_SOCKET
                     else f" --socket {self.socket_path}"))
        if ready is not None:
            ready()
        try:
            await self._server.serve_forever()
        finally:
            self.close()

    def close(self) -> None:
        """Stop listening, remove the socket, release the games' locks."""
        if self._server is not None:
            self._server.close()
            self._server = None
            with contextlib.suppress(OSError):
                self.socket_path.unlink()
        if self.lock is not None:
            self.lock.release()
            self.lock = None
        self.bot_pool.close()


def run_host(folder: Path, socket_path: Path, *, bot_delay: float = 0.5,
             group: str | None = None, hello_timeout: float = HELLO_TIMEOUT,
             max_connections: int = MAX_CONNECTIONS_PER_USER,
             max_games: int = MAX_GAMES_PER_USER, door: DoorSettings | None = None) -> int:
    """The ``tui-games host`` command: load the games, serve until a signal (and the SSH
    door beside the socket, with ``door``)."""
    if group is not None:
        try:
            grp.getgrnam(group)
        except KeyError:
            print(f"tui-games host: no group {group!r} on this machine", file=sys.stderr)
            return 2
    host = Host(folder, socket_path, bot_delay=bot_delay, group=group,
                hello_timeout=hello_timeout, max_connections=max_connections,
                max_games=max_games)
    try:
        host.prepare_socket()  # a second host on this socket is told so before the games
        host.load_games()
    except SystemExit as exc:
        print(exc, file=sys.stderr)
        return 1

    async def main() -> None:
        task = asyncio.current_task()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, task.cancel if task is not None else None)
        front = None
        if door is not None:
            from tui_games.online.ssh import Door

            front = Door(host, folder, door, host._log)
            try:
                await front.start()
            except OSError as exc:
                raise SystemExit(f"tui-games host: cannot open the SSH door on port "
                                 f"{door.port} ({exc.strerror or exc})") from None
        try:
            with contextlib.suppress(asyncio.CancelledError):
                await host.serve()
        finally:
            if front is not None:
                front.close()

    try:
        asyncio.run(main())
    except SystemExit as exc:
        print(exc, file=sys.stderr)
        return 1
    return 0
