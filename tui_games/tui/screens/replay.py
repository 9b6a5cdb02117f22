"""The replay viewer: a game's own table, read-only, stepped through action by action.

``replay_class(cls)`` puts ``ReplayView`` in front of a game's screen class (as the
online table does), so every game is replayed by its own table and no game needs code
of its own here. The positions come from a ``Timeline``: the game replayed once from its
seed, with a copy of the state every few actions, so a step is a short replay.

Who sees what: the table shows one seat's observation, or a spectator's (public) view.
A seat other than the viewer's own is shown only when nothing can be learnt from it
that its player would not have been shown: in a record of a hot-seat game each human
seat is behind a hand-off cover, as at the table; bot seats and every other hand open
only once the viewer asks to reveal all, and only for a finished game.

The look backs of the tables (r from a summary, t from the game over) open this same
viewer at their moment (``GameScreen.review``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from textual.binding import Binding
from textual.screen import Screen

from tui_games.engine.codec import clone
from tui_games.engine.core import GameState, public_view, round_of
from tui_games.engine.grammar import speak_to
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Session, turn_at
from tui_games.engine.viewpoints import REVEAL_AFTER, SPECTATOR_NAME
from tui_games.games import GameInfo, load
from tui_games.tui.screens.game import GameScreen
from tui_games.tui.screens.handoff import HandoffScreen
from tui_games.tui.screens.review import END_REVIEW
from tui_games.tui.screens.too_small import TOO_SMALL_CLASS
from tui_games.tui.widgets.log import GameLog

EVERY = 32  # a copy of the state every EVERY actions: a step replays at most that many
REPLAY_KEYS = frozenset({"step", "jump", "turn", "round", "viewpoint", "reveal"})
REPLAY_OWN = REPLAY_KEYS | {"end_review"}  # the keys the footer lists first
# Each pair of keys is one footer entry ("←→ Step"): with the table's own keys beside
# them, ten entries in words would not fit 80 columns.
STEP, TURN, ROUND = Binding.Group("Step"), Binding.Group("Turn"), Binding.Group("Round")
NOBODY = -1  # the log's reader for a spectator: no seat's "you", no seat's private lines
S = TypeVar("S", bound=Screen[Any])


class Timeline:
    """Every position of one game: after 0, 1, ... n of its actions."""

    def __init__(self, session: Session) -> None:
        rules = session.rules
        self.session = session
        self.actions = list(session.actions)
        state = rules.setup(len(session.seats), session.seed, session.options)
        self.turns: list[int] = [state.turn]
        self.rounds: list[object] = [round_of(state)]
        self._copies: dict[int, GameState] = {0: clone(state)}
        for number, action in enumerate(self.actions, start=1):
            rules.apply(state, action)
            self.turns.append(state.turn)
            self.rounds.append(round_of(state))
            if number % EVERY == 0:
                self._copies[number] = clone(state)
        self.over = rules.outcome(state) is not None
        self.has_rounds = any(r is not None for r in self.rounds)

    @property
    def end(self) -> int:
        """The number of actions: the last position."""
        return len(self.actions)

    def state_at(self, at: int) -> GameState:
        """The true state after the first ``at`` actions (a fresh object)."""
        at = max(0, min(at, self.end))
        base = at - at % EVERY
        state = clone(self._copies[base])
        for action in self.actions[base:at]:
            self.session.rules.apply(state, action)
        return state

    def session_at(self, at: int) -> Session:
        """The game as it was after ``at`` actions (nothing of it can be undone)."""
        full = self.session
        return Session(full.rules, full.seats, full.seed, full.options, self.actions[:at],
                       undoable=[False] * at, state=self.state_at(at),
                       ui_prefs=full.ui_prefs)

    def next_start(self, at: int, step: int, marks: list[object]) -> int:
        """The position where the next (``step`` 1) or this/previous (-1) turn or round
        begins: where ``marks`` (turn or round numbers) change."""
        starts = [i for i in range(len(marks)) if i == 0 or marks[i] != marks[i - 1]]
        if step > 0:
            return next((s for s in starts if s > at), self.end)
        return next((s for s in reversed(starts) if s < at), 0)


class ReplayView(GameScreen):
    """The mixin put in front of a game's screen class (see ``replay_class``)."""

    IS_LOOK_BACK = True
    BINDINGS = [
        Binding("left", "step(-1)", "Step", key_display="←→", priority=True, group=STEP),
        Binding("right", "step(1)", "Step", key_display="→", priority=True, group=STEP),
        Binding("left_square_bracket", "turn(-1)", "Turn", key_display="[]",
                priority=True, group=TURN),
        Binding("right_square_bracket", "turn(1)", "Turn", key_display="]",
                priority=True, group=TURN),
        Binding("left_curly_bracket", "round(-1)", "Round", key_display="{}",
                priority=True, group=ROUND),
        Binding("right_curly_bracket", "round(1)", "Round", key_display="}",
                priority=True, group=ROUND),
        # in the Step entry, as the log's Home/End are in "PgUp/Dn Log" (and named on the
        # status line): ten entries in words would not fit 80 columns
        Binding("home", "jump(0)", "Start", priority=True, group=STEP),
        Binding("end", "jump(-1)", "End", priority=True, group=STEP),
        Binding("v", "viewpoint", "View as", priority=True),
        Binding("a", "reveal", "Reveal all", priority=True),
        END_REVIEW,
    ]

    def __init__(self, timeline: Timeline, at: int, info: GameInfo, store: SaveStore,
                 title: str, seat: int | None, own: list[int] | None = None) -> None:
        """``seat`` is whose view opens (None: a spectator's); ``own`` the seats the
        viewer may switch to without revealing (their own seats)."""
        self.timeline = timeline
        self.at = max(0, min(at, timeline.end))
        self.seat = seat
        self.own = sorted(set(own or ([] if seat is None else [seat])))
        self.revealed = False
        super().__init__(timeline.session_at(self.at), info, store, bot_delay=0,
                         review=title, viewer=seat if seat is not None else 0)

    # ---- who sees what -------------------------------------------------------------------

    @property
    def viewer(self) -> int:
        """The chosen seat; a spectator sits in the place of a seat not to move."""
        if self.seat is not None:
            return self.seat
        mover = self.rules.to_move(self.session.state)
        return next((i for i in range(len(self.session.seats)) if i != mover), 0)

    def is_you(self, seat: int) -> bool:
        """A spectator is nobody's "you"."""
        return self.seat is not None and seat == self.seat

    def speak(self, text: str) -> str:
        """Rules texts as the chosen seat reads them; a spectator is nobody's "you"."""
        return speak_to(text, self.seat_names, self.seat)

    def view(self) -> GameState:
        """The chosen seat's observation, or the public view."""
        if self.seat is None:
            return self.remember("public", lambda: public_view(self.rules,
                                                               self.session.state))
        return super().view()

    def viewpoints(self) -> list[int | None]:
        """The views "v" cycles through: a spectator's, the viewer's own seats, and
        once revealed every seat."""
        seats = range(len(self.session.seats)) if self.revealed else self.own
        return [None, *seats]

    def who(self) -> str:
        """Whose view the table shows, for the status line."""
        return SPECTATOR_NAME if self.seat is None else self.seat_name(self.seat)

    # ---- the status line -----------------------------------------------------------------

    def refresh_view(self) -> None:
        """The game's own table and log at this step; the status line says where we are."""
        super().refresh_view()
        if self.seat is None:  # the log as nobody's "you", with no seat's private lines
            self.query_one("#log", GameLog).show(self.view().log, NOBODY, self.seat_names,
                                                 nobodys_you=True)
        self.show_status(self.replay_status())

    def replay_status(self, lead: str = "") -> str:
        """"Looking back at ...: step 12/80, turn 4, as Ada. ..." after ``lead`` (what
        the last key did)."""
        line = self.timeline
        return (f"{lead}Looking back at {self.review_title}: step {self.at}/{line.end}, "
                f"turn {self.turn_number()}, as {self.who()}. Home/End: the first "
                "or last step.")

    def turn_number(self) -> int:
        """The turn in play at this step; at the end of a finished game, the turn its final
        move was made in: the count the table's header showed for that move (and History's,
        where that move closed its turn). A game that ends by closing a turn has already
        counted it; one won in the middle of a turn has not."""
        line = self.timeline
        return turn_at(line.turns, self.at, line.over)

    # ---- keys ----------------------------------------------------------------------------

    @property
    def active_bindings(self) -> dict[str, Any]:
        """The replay's keys first, then the table's that still do what they say: a table
        key that shares its action with a key the replay took (the hand's "←→ Move",
        still on h and l) would tell a player that ← moves the cursor, when it steps."""
        active = super().active_bindings
        if not active:
            return active
        taken = {key for key, found in active.items() if found.node is self
                 and found.binding.action.split("(")[0] in REPLAY_OWN}
        order = {binding.action: at for at, binding in enumerate(ReplayView.BINDINGS)
                 if isinstance(binding, Binding)}
        first = sorted(((key, found) for key, found in active.items() if key in taken),
                       key=lambda item: order.get(item[1].binding.action, len(order)))
        rest = {key: found for key, found in active.items() if key not in taken
                and not self._shadowed(type(found.node), found.binding, taken)}
        return {**dict(first), **rest}

    @staticmethod
    def _shadowed(node: type[Any], shown: Binding, keys: set[str]) -> bool:
        """Whether ``node``'s class gives one of ``keys`` to an action of the same name
        as ``shown``'s: the cursor of a hand or a board (its ← and → step the replay, so
        its "Move" or "Diagonals" would not move it as the footer said)."""
        name = shown.action.split("(")[0]
        for cls in node.__mro__:
            for binding in getattr(cls, "BINDINGS", ()):
                if (isinstance(binding, Binding) and binding.action.split("(")[0] == name
                        and keys & {key.strip() for key in binding.key.split(",")}):
                    return True
        return False

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The replay's own keys work whatever the game's table binds; the rounds keys
        only in a game that counts rounds, reveal only until it is done."""
        if action not in REPLAY_KEYS:
            return super().check_action(action, parameters)
        if not self.ready or self.closed or self.has_class(TOO_SMALL_CLASS):
            return False  # as on any table: nothing acts on a table that is not shown
        if action == "round":
            return self.timeline.has_rounds
        if action == "reveal":  # offered only where it can work: a finished game
            return self.timeline.over and not self.revealed
        return True

    def go_to(self, at: int) -> None:
        """Show the position after ``at`` actions."""
        at = max(0, min(at, self.timeline.end))
        if at == self.at:
            edge = "the start" if at == 0 else "the end"
            self.show_status(self.replay_status(f"Already at {edge}. "))
            return
        self.at = at
        self.session = self.timeline.session_at(at)
        self.refresh_view()

    def action_step(self, step: int) -> None:
        """One action forward or back."""
        self.go_to(self.at + step)

    def action_jump(self, where: int) -> None:
        """To the start (0) or the end (-1)."""
        self.go_to(self.timeline.end if where < 0 else where)

    def action_turn(self, step: int) -> None:
        """To where the next turn begins, or back to where this (or the last) one began."""
        self.go_to(self.timeline.next_start(self.at, step, list(self.timeline.turns)))

    def action_round(self, step: int) -> None:
        """As ``turn``, by rounds."""
        self.go_to(self.timeline.next_start(self.at, step, self.timeline.rounds))

    def action_viewpoint(self) -> None:
        """Show the table as the next seat (or a spectator) saw it. Another person's
        seat in a hot-seat game is covered first, as at the table."""
        choices = self.viewpoints()
        index = choices.index(self.seat) if self.seat in choices else 0
        seat = choices[(index + 1) % len(choices)]
        if len(choices) == 1:
            self.show_status(self.replay_status("Reveal all (a) to see a hand. "),
                             error=True)
            return
        covered = (seat is not None and not self.revealed and len(self.own) > 1
                   and seat != self.seat)
        if covered:
            assert seat is not None
            self.app.push_screen(HandoffScreen(self.session.seats[seat].name),
                                 lambda go_on: self.show_seat(seat) if go_on else None)
        else:
            self.show_seat(seat)

    def show_seat(self, seat: int | None) -> None:
        """Switch the table to ``seat``'s view (None: a spectator's)."""
        self.seat = seat
        self.seats.forget()  # a spectator sits in a seat's place: start afresh
        self.refresh_view()

    def action_reveal(self) -> None:
        """Let every seat's view be chosen: only for a game that is over."""
        if not self.timeline.over:
            self.show_status(self.replay_status(f"{REVEAL_AFTER} "),
                             error=True)
            return
        self.revealed = True
        self.refresh_bindings()
        self.show_status(self.replay_status("Revealed: v shows each hand. "))


_REPLAYS: dict[type[Any], type[Any]] = {}


def replay_class(cls: type[GameScreen]) -> type[ReplayView]:
    """``Replay<Screen>``: the game's screen class with ReplayView in front (made once)."""
    while issubclass(cls, ReplayView):  # a look back asked from a look back
        cls = next(base for base in cls.__mro__[1:] if issubclass(base, GameScreen)
                   and not issubclass(base, ReplayView))
    made = _REPLAYS.get(cls)
    if made is None:
        made = type(cls.__name__, (ReplayView, cls), {"__module__": cls.__module__})
        _REPLAYS[cls] = made
    return made


def game_screen_class(info: GameInfo) -> type[GameScreen]:
    """The game's screen class named by the registry."""
    cls = load(info.screen)
    if not (isinstance(cls, type) and issubclass(cls, GameScreen)):
        raise TypeError(f"{info.screen} is not a GameScreen")
    return cls


def first_view(session: Session) -> tuple[int | None, list[int]]:
    """Whose view a saved game opens on, and the seats open without revealing: the one
    human's seat against bots; a spectator's in hot-seat (each human seat behind a
    cover) and when bots played alone."""
    humans = [i for i, seat in enumerate(session.seats) if seat.is_human]
    if len(humans) == 1:
        return humans[0], humans
    return None, humans


def open_replay(screen: Screen[Any], session: Session, info: GameInfo, store: SaveStore,
                *, at: int | None = None, title: str = "this game",
                seat: int | str | None = "first",
                then: Callable[[], None] | None = None,
                cls: type[GameScreen] | None = None) -> ReplayView:
    """Push the replay viewer of ``session`` at position ``at`` (default: the start).
    ``seat`` "first" lets ``first_view`` choose; ``then`` runs when it is left; ``cls``
    is the table's class (default: the registry's)."""
    if seat == "first":
        seat, own = first_view(session)
    else:
        assert seat is None or isinstance(seat, int)
        own = [] if seat is None else [seat]
    made = replay_class(cls or game_screen_class(info))
    view = made(Timeline(session), 0 if at is None else at, info, store, title, seat, own)
    screen.app.push_screen(view, lambda _: then() if then is not None else None)
    return view
