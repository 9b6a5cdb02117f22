"""The client's screens: the lobby of a host and its new-game dialog; ``run_join``.

The lobby lists the host's games (refreshed every two seconds), joins one as a player
or a spectator, and creates one with seats bound to login names or bots. Every exchange
with the host runs in a worker thread and comes back as a message; the table itself is
each game's own screen made online (``table.online_table``).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.message import Message
from textual.screen import ModalScreen, Screen
from textual.widgets import Button, Footer, Input, OptionList, Select, Static
from textual.widgets.option_list import Option

from tui_games.engine.saves import SaveError, SaveStore, resolve_save_dir
from tui_games.engine.session import Seat, Session
from tui_games.engine.stats import StatLine
from tui_games.games import all_games, get_game
from tui_games.online import socket_path
from tui_games.online.client import Connection, Door, HandedDoor, HostError
from tui_games.online.protocol import (
    Created,
    CreateGame,
    GameList,
    GameRow,
    Join,
    Joined,
    ListGames,
    MyStats,
    StatsLines,
    View,
)
from tui_games.online.table import open_table
from tui_games.online.turns import new_turns, row_text, turn_notice, turn_order
from tui_games.tui.screens.dismiss_once import DismissOnce
from tui_games.tui.screens.fields import ChoiceList
from tui_games.tui.widgets.status import StatusLine

REFRESH_SECONDS = 2.0


def my_table(rows: list[GameRow], user: str) -> int | None:
    """The row of the unfinished game ``user`` has a seat at (the one waiting for them
    first), or None. A player whose terminal dropped comes back to the lobby: issue 18
    asked that their table be one key away, so the lobby starts on it."""
    mine = [
        i
        for i, row in enumerate(rows)
        if not row.over and any(seat.bot is None and seat.name == user for seat in row.seats)
    ]
    waiting = [
        i
        for i in mine
        if rows[i].to_move is not None and rows[i].seats[rows[i].to_move].name == user
    ]
    return (waiting or mine or [None])[0]


def parse_seats(text: str, bots: list[str]) -> list[Seat]:
    """ "ada, bob, normal" -> Ada's seat, Bob's seat and a normal bot (bot levels by name)."""
    seats: list[Seat] = []
    for part in (p.strip() for p in text.split(",")):
        if not part:
            continue
        seats.append(Seat("", part) if part in bots else Seat(part))
    return seats


class NewOnlineGameScreen(DismissOnce, ModalScreen[CreateGame | None]):
    """Choose a game, then its seats (login names of the host, or bot levels), then
    Create. Enter never creates from an earlier field: issue 18 made a stray game with
    the default game that way, Enter in the seats (where the focus started)."""

    BINDINGS = [
        Binding("escape", "cancel", "Cancel"),
    ]

    def __init__(self, user: str) -> None:
        super().__init__()
        self.user = user

    def compose(self) -> ComposeResult:
        games = all_games()
        with Vertical(classes="dialog online-new"):
            yield Static("New online game", classes="dialog-title")
            yield Select(
                [(info.title, gid) for gid, info in games.items()],
                value=next(iter(games)),
                allow_blank=False,
                id="online-game",
            )
            yield Static(
                "Seats, in order: player names (logins, SSH players) or bot levels",
                id="online-seats-label",
            )
            yield Input(f"{self.user}, normal", id="online-seats")
            yield Vertical(id="online-options")
            yield StatusLine(self._hint(next(iter(games))), id="online-new-status")
            with Horizontal(id="online-new-buttons"):
                yield Button("Create", id="online-create", variant="primary", compact=True)
                yield Button("Cancel", id="online-cancel", compact=True)
        yield Footer()

    async def on_mount(self) -> None:
        """Start on the game: it decides how many seats, which bots and which options."""
        if not self.query("#online-game"):
            return  # closed before it was built
        self.query_one("#online-game", Select).focus()
        await self._show_options(str(self.query_one("#online-game", Select).value))

    async def _show_options(self, game_id: str) -> None:
        """One drop-down per option of the game, on its default (the host checks them)."""
        box = self.query_one("#online-options", Vertical)
        await box.remove_children()
        await box.mount_all(
            Horizontal(
                Static(spec.label, classes="online-option-label"),
                Select(
                    [(label, value) for value, label in spec.choices],
                    value=spec.default,
                    allow_blank=False,
                    id=f"online-opt-{spec.key}",
                ),
                classes="online-option",
            )
            for spec in get_game(game_id).rules.option_specs
        )

    def chosen_options(self) -> dict[str, str]:
        """The options as set in the dialog, by key."""
        game_id = str(self.query_one("#online-game", Select).value)
        return {
            spec.key: str(self.query_one(f"#online-opt-{spec.key}", Select).value)
            for spec in get_game(game_id).rules.option_specs
            if self.query(f"#online-opt-{spec.key}")
        }

    def _hint(self, game_id: str) -> str:
        info = get_game(game_id)
        low, high = info.rules.min_players, info.rules.max_players
        players = f"{low}" if low == high else f"{low}-{high}"
        return (
            f"{info.title}: {players} seats. Bots: {', '.join(info.bots)}. Tab moves "
            "on; Create makes the game, esc cancels."
        )

    @on(Select.Changed, "#online-game")
    async def _game_changed(self, event: Select.Changed) -> None:
        self.query_one("#online-new-status", StatusLine).update(self._hint(str(event.value)))
        await self._show_options(str(event.value))

    @on(Input.Submitted, "#online-seats")
    def _submitted(self, event: Input.Submitted) -> None:
        """Enter in the seats moves on to Create: confirming is a key of its own."""
        event.stop()
        self.query_one("#online-create", Button).focus()

    @on(Button.Pressed, "#online-create")
    def _create_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_create()

    @on(Button.Pressed, "#online-cancel")
    def _cancel_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.action_cancel()

    def action_create(self) -> None:
        """Check the seats, then hand the request to the lobby (the host checks again)."""
        game_id = str(self.query_one("#online-game", Select).value)
        info = get_game(game_id)
        seats = parse_seats(self.query_one("#online-seats", Input).value, list(info.bots))
        if len(seats) not in info.players:
            low, high = info.rules.min_players, info.rules.max_players
            self.query_one("#online-new-status", StatusLine).update(
                f"{info.title} needs {low}-{high} seats; you named {len(seats)}.", error=True
            )
            return
        self.dismiss(CreateGame(game=game_id, seats=seats, options=self.chosen_options()))

    def action_cancel(self) -> None:
        """Back to the lobby without a game."""
        self.dismiss(None)


def my_line(lines: list[StatLine], *, shell: bool = True) -> str:
    """The player's own line in the lobby: their finished games on this host in sum, and
    the command that lists every figure when the player has a shell on the host (an SSH
    door's player has none, so is not sent to a command they cannot run)."""
    games = sum(line.games for line in lines)
    if not games:
        return (
            "Your finished games here: none yet"
            f"{' (tui-games stats --host lists them)' if shell else ''}."
        )
    wins = sum(line.wins for line in lines)
    best = max(line.best_streak for line in lines)
    return (
        f"Your finished games here: {games}, {wins} won ({100 * wins / games:.0f}%), "
        f"best streak {best}.{' Every figure: tui-games stats --host.' if shell else ''}"
    )


class LobbyScreen(Screen[None]):
    """The host's games: join (as a player, or watch), create, refresh."""

    BINDINGS = [
        Binding("enter", "join", "Join", priority=True),
        Binding("w", "watch", "Watch"),
        Binding("n", "new", "New game"),
        Binding("r", "refresh", "Refresh"),
        Binding("escape", "back", "Back"),
    ]

    class Listed(Message):
        """The host's games (or why they could not be listed)."""

        def __init__(
            self,
            games: list[GameRow] | None,
            user: str,
            problem: str = "",
            mine: list[StatLine] | None = None,
        ) -> None:
            super().__init__()
            self.games = games
            self.user = user
            self.problem = problem
            self.mine = mine  # the player's own figures (None: the host did not say)

    class Seated(Message):
        """Joined a game: open its table."""

        def __init__(self, conn: Connection, joined: Joined, first: View) -> None:
            super().__init__()
            self.conn = conn
            self.joined = joined
            self.first = first

    class Failed(Message):
        """A join or create the host refused, and why."""

        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    def __init__(self, path: Door = None) -> None:
        super().__init__()
        self.path: HandedDoor | Path = path if isinstance(path, HandedDoor) else socket_path(path)
        self.user = ""
        self._rows: list[GameRow] = []
        self._offered = False  # the first list offers the player's own table (my_table)
        self._back_id: str | None = None  # that table's game, while it is highlighted
        self._turns: set[str] | None = None  # games waiting for us (None: not listed yet)
        self._notice: tuple[str, str] | None = None  # (game, words) of a turn that came
        # What the lobby shows now: a list every 2 s that says the same is not drawn again
        # (a redraw in the middle of a key's frame was the slowest of the light keys).
        self._shown: list[tuple[str, str]] = []  # (game id, its line)
        self._mine = ""
        self._said: tuple[str, bool] | None = None

    def compose(self) -> ComposeResult:
        with Vertical(id="lobby-column"):
            yield Static(f"Online games at {self.path}", id="lobby-title")
            yield Static("", id="lobby-mine", markup=False)
            yield ChoiceList(id="lobby-games")
            yield StatusLine("Asking the host...", id="lobby-status")
        yield Footer()

    def on_mount(self) -> None:
        """List the games now and every few seconds."""
        self.query_one("#lobby-games", OptionList).focus()
        self.action_refresh()
        self.set_interval(REFRESH_SECONDS, self.action_refresh)

    def on_screen_resume(self) -> None:
        """Back from a table: the list has moved on."""
        self.action_refresh()

    def status(self, text: str, *, error: bool = False) -> None:
        """The line under the list."""
        if (text, error) != self._said:
            self._said = (text, error)
            self.query_one("#lobby-status", StatusLine).update(text, error=error)

    # ---- talking to the host (worker threads) ---------------------------------------------

    def action_refresh(self) -> None:
        """Ask the host for its games (also from under a table: a turn that comes at
        another game is told)."""
        self._list()

    @work(thread=True, exclusive=True, group="lobby")
    def _list(self) -> None:
        try:
            with Connection(self.path) as conn:
                games = conn.request(ListGames(), GameList).games
                try:
                    mine: list[StatLine] | None = conn.request(MyStats(), StatsLines).lines
                except HostError:  # a host from before the figures: the games still list
                    mine = None
        except (HostError, TimeoutError) as exc:
            self.post_message(self.Listed(None, "", str(exc) or "the host did not answer"))
            return
        self.post_message(self.Listed(games, conn.user, mine=mine))

    @work(thread=True, exclusive=True, group="join")
    def _join(self, join: Join | None, create: CreateGame | None = None) -> None:
        conn: Connection | None = None
        try:
            conn = Connection(self.path)
            if create is not None:
                game_id = conn.request(create, Created).game_id
                join = Join(game_id=game_id)
            assert join is not None
            joined = conn.request(join, Joined)
            first = conn.request_view()
        except (HostError, TimeoutError) as exc:
            if conn is not None:
                conn.close()
            self.post_message(self.Failed(str(exc) or "the host did not answer"))
            return
        self.post_message(self.Seated(conn, joined, first))

    # ---- what comes back ---------------------------------------------------------------

    @on(Listed)
    def _listed(self, event: Listed) -> None:
        event.stop()
        if event.games is None:
            self.status(f"Cannot list the games: {event.problem}", error=True)
            return
        self.user = event.user
        games = turn_order(event.games, self.user)
        self._ring(games)
        if not self.is_current:
            return
        if event.mine is not None:
            mine = my_line(event.mine, shell=not isinstance(self.path, HandedDoor))
            if mine != self._mine:
                self._mine = mine
                self.query_one("#lobby-mine", Static).update(mine)
        menu = self.query_one("#lobby-games", OptionList)
        keep = menu.highlighted
        ids = [row.id for row in games]
        if ids != [row.id for row in self._rows]:
            keep = 0 if ids else None
        if not self._offered:
            self._offered = True
            back = my_table(games, self.user)
            if back is not None:
                keep, self._back_id = back, games[back].id
        self._rows = games
        now = time.time()
        shown = [(row.id, row_text(row, self.user, now)) for row in self._rows]
        if shown != self._shown:
            self._shown = shown
            menu.clear_options()
            menu.add_options([Option(text, id=game_id) for game_id, text in shown])
            if keep is not None and self._rows:
                menu.highlighted = min(keep, len(self._rows) - 1)
        count = len(self._rows)
        highlighted = menu.highlighted
        back = (self._rows[highlighted] if highlighted is not None and self._rows
                and self._rows[highlighted].id == self._back_id else None)
        waiting = self._turns or set()
        if (self._notice is not None and self._notice[0] in waiting
                and (back is None or self._notice[0] != back.id)):
            self.status(self._notice[1])  # kept until that turn is played
            return
        if back is not None:
            # A turn that comes at the table offered is said in the offer: the notice in
            # its place would drop the one key that takes the player there.
            turn = " (your turn)" if back.id in waiting else ""
            self.status(
                f"You are {self.user}. Enter takes you back to your seat at "
                f"{back.title}{turn}; w watches, n starts a new game."
            )
            return
        self.status(
            f"You are {self.user}. {count} game{'s' * (count != 1)} on this host: "
            "Enter joins, w watches, n starts a new one."
            if count
            else f"You are {self.user}. No games yet: n starts one."
        )

    def _ring(self, games: list[GameRow]) -> None:
        """The bell and a notice for each turn that came to us since the last list,
        unless we sit at that very table (it shows the turn itself)."""
        first = self._turns is None
        self._turns, came = new_turns(self._turns or set(), games, self.user)
        if first:
            return  # the turns that waited already are first in the list
        here = getattr(self.app.screen, "game_id", None)
        for row in came:
            if row.id == here:
                continue
            notice = turn_notice(row, self.user)
            self._notice = (row.id, notice)
            self.app.bell()
            self.app.notify(notice, markup=False)

    @on(Seated)
    def _seated(self, event: Seated) -> None:
        event.stop()
        info = get_game(event.joined.game)
        store = getattr(self.app, "store", None)
        if not isinstance(store, SaveStore):
            store = SaveStore(Path(tempfile.gettempdir()))
        self.app.push_screen(open_table(event.conn, event.joined, event.first, info, store))

    @on(Failed)
    def _failed(self, event: Failed) -> None:
        event.stop()
        self.status(event.reason, error=True)

    # ---- keys ------------------------------------------------------------------------------

    def _chosen(self) -> GameRow | None:
        index = self.query_one("#lobby-games", OptionList).highlighted
        if index is None or not 0 <= index < len(self._rows):
            self.status("No game chosen: n starts one.", error=True)
            return None
        return self._rows[index]

    @on(OptionList.OptionSelected, "#lobby-games")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        event.stop()
        self.action_join()

    def action_join(self) -> None:
        """Sit at the chosen game: your seat if you have one there, else watch."""
        row = self._chosen()
        if row is None:
            return
        mine = any(seat.bot is None and seat.name == self.user for seat in row.seats)
        self.status(f"Joining {row.title}...")
        self._join(Join(game_id=row.id, spectate=not mine))

    def action_watch(self) -> None:
        """Watch the chosen game: what every seat may see, nothing more."""
        row = self._chosen()
        if row is not None:
            self.status(f"Watching {row.title}...")
            self._join(Join(game_id=row.id, spectate=True))

    def action_new(self) -> None:
        """Set up a new game with seats bound to logins or bots, then sit at it."""

        def made(request: CreateGame | None) -> None:
            if request is not None:
                self.status("Creating the game...")
                self._join(None, request)

        self.app.push_screen(NewOnlineGameScreen(self.user or "you"), made)

    def action_back(self) -> None:
        """Back to the menu (quit when the lobby is all there is)."""
        if len(self.app.screen_stack) > 1:
            self.dismiss(None)
        else:
            self.app.exit()


class DoorStore(SaveStore):
    """The save folder of an SSH door's player, who is not this machine's user: nothing
    is written anywhere but in it. The one way out a store has, "save elsewhere" (when
    the folder cannot be written), takes only a path in the folder itself."""

    def save_to(self, session: Session, target: Path | str) -> Path:
        try:
            path = Path(target).expanduser()
            folder = path if path.is_dir() else path.parent
            inside = folder.resolve() == self.folder.resolve()
        except (OSError, ValueError, RuntimeError):
            inside = False
        if not inside:
            raise SaveError(
                target,
                "cannot save there: this host keeps your games only in your own folder",
                "outside your own folder",
            )
        return super().save_to(session, target)


def join_app(path: Door = None) -> Any:
    """The app of ``tui-games join``, opening on the host's lobby. A session of the SSH
    door (a handed door) writes nowhere but its player's own save folder (DoorStore)."""
    from tui_games.tui.app import GamesApp

    kind = DoorStore if isinstance(path, HandedDoor) else SaveStore
    try:
        store = kind(resolve_save_dir())
    except SaveError:  # the lobby never writes; a table needs a store to exist
        store = kind(Path(tempfile.gettempdir()))

    class JoinApp(GamesApp):
        """GamesApp with the lobby at the bottom of the screen stack."""

        def get_default_screen(self) -> Any:
            return LobbyScreen(path)

    return JoinApp(store)


def run_join(path: Door = None) -> int:
    """The ``tui-games join`` command: the app, opening on the host's lobby."""
    join_app(path).run()
    return 0
