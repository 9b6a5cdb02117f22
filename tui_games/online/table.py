"""The online table: each game's own screen, playing through the host.

``online_table(cls)`` makes ``Online<Screen>`` at run time: the game's screen class with
``OnlineTable`` in front of it. The game's screen draws the table exactly as at home;
the mixin changes where the state comes from and where actions go. It holds only the
observation the host sent for this seat (never the true state, never the seed), sends
each chosen action to the host instead of applying it, never runs a bot (the host plays
them), never covers the table with a hand-off, says whom the table waits for, and rings
the terminal bell when it becomes this player's turn. A worker thread reads the host
and posts each message back to the screen.
"""

from __future__ import annotations

import contextlib
import importlib
from collections.abc import Callable
from typing import Any

import msgspec
from textual import on, work
from textual.message import Message
from textual.worker import get_current_worker

from tui_games.engine.core import Action, GameState, Outcome
from tui_games.engine.grammar import speak_to
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Session
from tui_games.games import GameInfo
from tui_games.online.client import Connection, HostError
from tui_games.online.protocol import HostMessage, Joined, Refused, View
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.game_over import GameOverChoice


class OnlineTable(GameScreen):
    """The mixin put in front of a game's screen class (see ``online_table``)."""

    KEEPS_RECORDS = False  # the host keeps the records of its games, per login
    LEAVE_NOTICE = "Esc again to go back to the lobby; the game waits for you."

    class FromHost(Message):
        """A message read from the host by the worker thread."""

        def __init__(self, message: HostMessage) -> None:
            super().__init__()
            self.message = message

    class HostLost(Message):
        """The connection ended; ``reason`` says how."""

        def __init__(self, reason: str) -> None:
            super().__init__()
            self.reason = reason

    def __init__(self, conn: Connection, joined: Joined, first: View, info: GameInfo,
                 store: SaveStore) -> None:
        """``first`` is the view the host sent on joining: the table opens on it."""
        self.conn = conn
        self.online_seat = joined.seat
        self.game_id = joined.game_id
        self._online_present = first.present
        self._online_watch = 0  # a spectator's place at the table (see viewer)
        self._online_outcome: Outcome | None = first.outcome
        self._online_sent_at: int | None = None  # actions seen when our last action went out
        self._online_my_turn = first.to_move is not None and first.to_move == joined.seat
        count = first.actions
        session = Session(info.rules, joined.seats, 0, joined.options,
                          actions=[_Unseen()] * count, undoable=[False] * count,
                          state=_decode(info, first))
        super().__init__(session, info, store, bot_delay=0, viewer=0)
        self.bots.runner.bots.clear()  # the host plays the bots

    # ---- who sees what -------------------------------------------------------------------

    @property
    def viewer(self) -> int:
        """This client's seat. A spectator sits in the place of a seat that is not to
        move (its private area shows hidden, and no seat's decision looks like theirs)."""
        if self.online_seat is not None:
            return self.online_seat
        mover = self.session.to_move
        if mover == self._online_watch:
            self._online_watch = (mover + 1) % len(self.session.seats)
        return self._online_watch

    def is_you(self, seat: int) -> bool:
        """A spectator is nobody's "you", whichever seat's place it watches from."""
        return self.online_seat is not None and seat == self.online_seat

    def speak(self, text: str) -> str:
        """Rules texts as this player reads them; a spectator is nobody's "you"."""
        return speak_to(text, self.seat_names, self.online_seat)

    def view(self) -> GameState:
        """The host's observation as it came: it is already all this seat may see."""
        return self.session.state

    @property
    def is_over(self) -> bool:
        """Over when the host says so."""
        return self._online_outcome is not None

    def waiting_text(self, mover: int) -> str:
        """Whom the table waits for, and whether they are here."""
        name = self.seat_name(mover)
        if self.session.seats[mover].bot is not None:
            return f"{name} is thinking..."
        if not self._online_present[mover]:
            return f"Waiting for {name} (not connected: the game waits for them)."
        return f"Waiting for {name}."

    def refresh_view(self) -> None:
        """The game's own refresh; when it is another seat's decision, say whom we wait for."""
        super().refresh_view()
        mover = self.session.to_move
        if mover is not None and mover != self.online_seat and not self.reviewing:
            self.show_status(self.waiting_text(mover))

    # ---- playing: through the host --------------------------------------------------------

    def _apply(self, action: Action) -> bool:
        """Send the action; the host's next view shows it played (or a refusal, why not)."""
        if self.online_seat is None:
            self.show_status("You are watching: spectators cannot play.", error=True)
            return False
        mover = self.session.to_move
        if mover is not None and mover != self.online_seat:
            self.show_status(self.waiting_text(mover), error=True)
            return False
        seen = len(self.session.actions)
        if self._online_sent_at == seen:
            self.show_status("Wait: your last move is on its way to the host.", error=True)
            return False
        try:
            self.conn.act(action, seen=seen)
        except HostError as exc:
            self.show_status(str(exc), error=True)
            return False
        self._online_sent_at = seen
        return True

    def count_hint(self, seat: int) -> None:
        """The host keeps the count, so the record and History on the host have it."""
        super().count_hint(seat)
        # a gone connection is said on the table when the reader sees it
        with contextlib.suppress(HostError):
            self.conn.hinted(len(self.session.actions))

    def _advance(self) -> None:
        """After a view: the table, and the end if the host says it is over. No bots and no
        hand-off: every other seat is someone else's terminal."""
        self.refresh_view()
        if self._online_outcome is not None and not self.reviewing:
            self._game_over(self._online_outcome)

    def _hand_off(self, seat: int) -> None:
        self._advance()

    def _start_bot(self, seat: int) -> None:
        """Never: the host plays the bots."""

    # ---- the host's messages --------------------------------------------------------------

    def on_mount(self) -> None:
        """Open the table, then listen to the host."""
        super().on_mount()
        self._online_listen()

    @work(thread=True, exclusive=True, group="host")
    def _online_listen(self) -> None:
        worker = get_current_worker()
        while not worker.is_cancelled:
            try:
                message = self.conn.recv()
            except HostError as exc:
                if not worker.is_cancelled:
                    self.post_message(self.HostLost(str(exc)))
                return
            self.post_message(self.FromHost(message))

    @on(FromHost)
    def _online_from_host(self, event: FromHost) -> None:
        event.stop()
        message = event.message
        if isinstance(message, Refused):
            self._online_sent_at = None
            self.show_status(message.reason, error=True)
        elif isinstance(message, View) and message.game_id == self.game_id:
            self._online_show(message)

    def _online_show(self, view: View) -> None:
        session = self.session
        session.state = _decode(self.info, view)
        count = view.actions
        session.actions = [_Unseen()] * count
        session.undoable = [False] * count
        self._online_present = view.present
        self._online_outcome = view.outcome
        self._online_sent_at = None
        if hasattr(self, "_before"):
            # Nebular Colors sums a hand's end up from the state before the last action
            # and that action; a client has neither, so its summary goes without the
            # final table (the game's screen allows for that).
            self._before = None
        my_turn = view.to_move is not None and view.to_move == self.online_seat
        if my_turn and not self._online_my_turn:
            self.app.bell()  # someone else's turn ended: this player is wanted
        self._online_my_turn = my_turn
        self._advance()

    @on(HostLost)
    def _online_host_lost(self, event: HostLost) -> None:
        event.stop()
        self.notify(f"Lost the host: {event.reason}. Join again from the lobby to go on.",
                    title="Disconnected", severity="error", markup=False, timeout=8)
        self.show_status(f"Disconnected: {event.reason}. Esc for the lobby.", error=True)

    # ---- what works differently online -----------------------------------------------------

    def autosave(self) -> None:
        """The host saves every move; this client writes nothing."""
        return None

    def save_on_exit(self) -> bool:
        """Nothing to save here: the host has every move."""
        return True

    def action_save(self) -> None:
        """Online games are saved by the host."""
        self.show_status("The host saves this game after every move; it is in the host's "
                         "list whenever you join again.")

    def action_undo(self) -> None:
        """No undo online: the other players have seen the move."""
        self.show_status("No undo in an online game: the other players have seen it.",
                         error=True)

    def review(self, actions_upto: int, title: str,
               then: Callable[[], None] | None = None) -> None:
        """Looking back needs the whole game, which only the host has."""
        self.notify("Looking back at earlier tables is not available in online games.",
                    markup=False)
        if then is not None:
            then()

    def leave_table(self) -> None:
        """Leave the table for the lobby; the game waits for this player's return."""
        self._online_close()
        self.dismiss(None)

    def _online_close(self) -> None:
        self.workers.cancel_group(self, "host")
        self.conn.close()

    def on_unmount(self) -> None:
        """However the table closes, the connection goes with it."""
        self._online_close()
        super().on_unmount()

    def game_over_answers(self) -> tuple[tuple[GameOverChoice, str], ...]:
        """A host's games are set up in the lobby: no New game or Rematch here, which
        only led back to it."""
        return (("menu", "Back to the lobby (m)"), ("review", "Table (t)"))

    def result_viewer(self) -> int | None:
        """An online table is one player's screen: the result says "You win!" to them."""
        return self.viewer

    def _after_game_over(self, choice: GameOverChoice | None) -> None:
        if choice == "review":  # the table behind the result is the final table
            self.show_status("The final table: Esc goes back to the lobby.")
            return
        self.leave_table()


class _Unseen:
    """An action this seat did not see: the table only counts them."""

    __slots__ = ()


def _decode(info: GameInfo, view: View) -> GameState:
    return msgspec.json.decode(view.state, type=info.rules.state_type)


_CLASSES: dict[type[GameScreen], type[OnlineTable]] = {}


def online_table(info: GameInfo) -> type[OnlineTable]:
    """``Online<Screen>``: the game's own screen class with OnlineTable in front."""
    module_name, _, class_name = info.screen.partition(":")
    cls = getattr(importlib.import_module(module_name), class_name)
    made = _CLASSES.get(cls)
    if made is None:
        made = type(f"Online{cls.__name__}", (OnlineTable, cls), {})
        _CLASSES[cls] = made
    return made


def open_table(conn: Connection, joined: Joined, first: View, info: GameInfo,
               store: SaveStore) -> Any:
    """The online table of ``joined``'s game, ready to push."""
    return online_table(info)(conn, joined, first, info, store)
