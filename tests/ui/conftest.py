"""Shared fixtures of the UI tests: a save folder per test, app factories, and a tiny
game ("Pulsar Pick") whose screen exercises the GameScreen base without depending on
any real game's table."""

from __future__ import annotations

import contextlib
import dataclasses
import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import msgspec
import pytest
from textual.app import ComposeResult
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Static
from textual.worker import WorkerCancelled, WorkerFailed

from tui_games.engine.bots.base import RandomBot
from tui_games.engine.core import (
    Action,
    Event,
    GameState,
    IllegalAction,
    Options,
    OptionSpec,
    Outcome,
)
from tui_games.engine.rng import Rng
from tui_games.engine.saves import SaveStore
from tui_games.engine.session import Seat, Session
from tui_games.games import GameInfo, all_games
from tui_games.tui.app import GamesApp
from tui_games.tui.screens.game import GameScreen

HIDDEN = -1
SIZE = (80, 24)


# ---- Pulsar Pick: draw (reveals), mark (undoable), end the turn ------------------------

class PulsarState(GameState, kw_only=True):
    """Each seat draws hidden cards and makes public marks; most points wins."""

    deck: list[int] = msgspec.field(default_factory=list)
    hands: list[list[int]] = msgspec.field(default_factory=list)
    marks: list[int] = msgspec.field(default_factory=list)
    current: int = 0
    drawn: bool = False
    marked: int = 0
    turns: int = 4
    over: bool = False


class PulsarDraw(Action, frozen=True, tag="pulsar-draw"):
    """Draw the top card (hidden from the others)."""


class PulsarMark(Action, frozen=True, tag="pulsar-mark"):
    """Make a public mark worth one point (two per turn)."""


class PulsarEnd(Action, frozen=True, tag="pulsar-end"):
    """End the turn."""


PulsarAction = PulsarDraw | PulsarMark | PulsarEnd


class PulsarRules:
    """The Rules protocol for Pulsar Pick."""

    id: ClassVar[str] = "pulsar"
    title: ClassVar[str] = "Pulsar Pick"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    state_type: ClassVar[type] = PulsarState
    action_type: ClassVar[Any] = PulsarAction
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("length", "Length", (("short", "Short"), ("long", "Long")), "short"),
    )

    def setup(self, players: int, seed: int, options: Options) -> PulsarState:
        rng = Rng.seeded(seed)
        deck = list(range(1, 21))
        rng.shuffle(deck)
        turns = players * (2 if options.get("length", "short") == "short" else 4)
        return PulsarState(players=players, rng=rng, deck=deck,
                           hands=[[] for _ in range(players)], marks=[0] * players,
                           turns=turns)

    def to_move(self, s: PulsarState) -> int | None:
        return None if s.over else s.current

    def legal_actions(self, s: PulsarState) -> list[Action]:
        if s.over:
            return []
        actions: list[Action] = [PulsarEnd()]
        if not s.drawn:
            actions.append(PulsarDraw())
        if s.marked < 2:
            actions.append(PulsarMark())
        return actions

    def apply(self, s: PulsarState, a: Action) -> None:
        me = s.current
        if s.over:
            raise IllegalAction("The game is over.")
        if isinstance(a, PulsarDraw):
            if s.drawn:
                raise IllegalAction("You already drew a card this turn.")
            card = s.deck.pop()
            s.hands[me].append(card)
            s.drawn = True
            s.log.append(Event(f"seat {me} drew {card}", (me,), f"seat {me} drew a card"))
        elif isinstance(a, PulsarMark):
            if s.marked >= 2:
                raise IllegalAction("Only two marks per turn.")
            s.marks[me] += 1
            s.marked += 1
            s.log.append(Event(f"seat {me} made a mark"))
        elif isinstance(a, PulsarEnd):
            s.turn += 1
            s.current = (me + 1) % s.players
            s.drawn, s.marked = False, 0
            s.over = s.turn >= s.turns
            s.log.append(Event(f"seat {me} ended the turn"))
        else:
            raise IllegalAction("Not a Pulsar Pick move.")

    def observe(self, s: PulsarState, player: int) -> PulsarState:
        return msgspec.structs.replace(
            s, rng=Rng(), deck=[HIDDEN] * len(s.deck),
            hands=[list(h) if i == player else [HIDDEN] * len(h)
                   for i, h in enumerate(s.hands)],
            marks=list(s.marks),
            log=[Event(e.for_viewer(player)) for e in s.log if e.for_viewer(player)])

    def determinize(self, view: PulsarState, player: int,
                    rng: random.Random) -> PulsarState:
        seen = {c for c in view.hands[player]}
        unseen = [c for c in range(1, 21) if c not in seen]
        rng.shuffle(unseen)
        full = msgspec.structs.replace(view, rng=Rng.seeded(rng.getrandbits(64)))
        full.hands = [list(h) if i == player else [unseen.pop() for _ in h]
                      for i, h in enumerate(view.hands)]
        full.deck = [unseen.pop() for _ in view.deck]
        return full

    def outcome(self, s: PulsarState) -> Outcome | None:
        if not s.over:
            return None
        cards = [sum(h) for h in s.hands]
        scores = [c + m for c, m in zip(cards, s.marks, strict=True)]
        breakdown = [[("Cards", c), ("Marks", m)] for c, m in zip(cards, s.marks, strict=True)]
        return Outcome.from_scores(scores, "Every turn has been played.", breakdown)

    def describe(self, s: PulsarState, a: Action) -> str:
        if isinstance(a, PulsarDraw):
            return "draw a card"
        if isinstance(a, PulsarMark):
            return "make a mark"
        return "end the turn"

    def reveals(self, s: PulsarState, a: Action) -> bool:
        return isinstance(a, PulsarDraw)


class PulsarScreen(GameScreen):
    """A minimal table: one line of text; d draws, m marks, e ends the turn."""

    BINDINGS: ClassVar[list[Binding]] = [
        Binding("d", "act('draw')", "Draw"),
        Binding("m", "act('mark')", "Mark"),
        Binding("e", "act('end')", "End turn"),
    ]

    def compose_table(self) -> ComposeResult:
        yield Static(id="table", markup=False)  # seat names are the players' own text

    def refresh_table(self, view: GameState) -> None:
        assert isinstance(view, PulsarState)
        hands = " | ".join(f"{self.session.seats[i].name}: {h}"
                           for i, h in enumerate(view.hands))
        self.query_one("#table", Static).update(f"viewer {self.viewer}; {hands}; "
                                                f"marks {view.marks}")

    def status_text(self, view: GameState) -> str:
        assert isinstance(view, PulsarState)
        return f"{self.session.seats[view.current].name}: d draw, m mark, e end turn"

    def action_act(self, what: str) -> None:
        self.play({"draw": PulsarDraw(), "mark": PulsarMark(), "end": PulsarEnd()}[what])


PULSAR = GameInfo(rules=PulsarRules(), screen=f"{__name__}:PulsarScreen",
                  bots={"easy": RandomBot, "normal": RandomBot}, blurb="a test game")

MENU_TITLES = ("Quasar Run", "Comet Tails", "Dark Matter", "Red Giant", "Ion Drift",
               "Solar Wind", "Event Horizon", "Star Nursery", "Moon Shot", "Kuiper Belt")


def menu_registry(count: int, wrapping: int = 0) -> dict[str, GameInfo]:
    """A fixed registry of ``count`` (at most ten) made-up games for the menu's tests and
    snapshots, so the menu's look stays put when a real game is added. Every third blurb,
    or the first ``wrapping`` ones, are long enough to wrap onto a second line at 80x24."""
    games: dict[str, GameInfo] = {}
    for number, title in enumerate(MENU_TITLES[:count], start=1):
        rules = type(f"Menu{number}Rules", (PulsarRules,),
                     {"id": f"menu_game_{number}", "title": title})()
        blurb = (f"1-{number % 5 + 2} players - a made-up game for the menu's tests"
                 + (", its blurb long enough to wrap onto a second line."
                    if number % 3 == 0 or number <= wrapping else "."))
        games[rules.id] = dataclasses.replace(PULSAR, rules=rules, blurb=blurb)
    return games


# ---- fixtures ------------------------------------------------------------------------

@pytest.fixture
def store(tmp_path: Path) -> SaveStore:
    """An empty save folder of the real games."""
    folder = tmp_path / "saves"
    folder.mkdir()
    return SaveStore(folder)


@pytest.fixture
def pulsar_games(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, GameInfo]]:
    """The registry with Pulsar Pick added (after the real games)."""
    games = {**all_games(), PULSAR.id: PULSAR}
    monkeypatch.setattr("tui_games.tui.app.get_game", lambda game_id: games[game_id])
    yield games


@pytest.fixture
def pulsar_store(tmp_path: Path, pulsar_games: dict[str, GameInfo]) -> SaveStore:
    """A save folder that also knows Pulsar Pick."""
    folder = tmp_path / "pulsar-saves"
    folder.mkdir()
    return SaveStore(folder, games=pulsar_games)


def pulsar_session(seats: list[Seat], seed: int = 7, length: str = "short") -> Session:
    """A new Pulsar Pick game."""
    return Session.new(PULSAR.rules, seats, seed, {"length": length})


async def settle(app: GamesApp, pilot: Pilot[None], rounds: int = 1) -> None:
    """Let bot workers finish and their moves be played (``rounds`` times)."""
    for _ in range(rounds):
        for worker in list(app.workers):
            with contextlib.suppress(WorkerCancelled, WorkerFailed):
                await worker.wait()
        await pilot.pause()


async def leave_table(pilot: Pilot[None], *before: str) -> None:
    """Press ``before``, then Esc twice: at a table's top level the first Esc only shows
    the leave notice ("Esc again to leave"), the second goes back to the menu."""
    await pilot.press(*before, "escape", "escape")


@pytest.fixture
def make_app() -> Callable[..., GamesApp]:
    """Build a GamesApp with bots that do not linger."""
    def make(store: SaveStore, session: Session | None = None) -> GamesApp:
        return GamesApp(store, session=session, bot_delay=0)
    return make


@pytest.fixture(autouse=True)
def no_online_host(tmp_path_factory: pytest.TempPathFactory,
                   monkeypatch: pytest.MonkeyPatch) -> None:
    """The menu offers "Online" only while a host answers: none in UI tests, so a host
    running on this machine never changes what they see."""
    monkeypatch.setenv("TUI_GAMES_SOCKET", str(tmp_path_factory.mktemp("no-host") / "none.sock"))
