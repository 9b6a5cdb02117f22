"""Pulsar Pick, a test game: each seat draws hidden cards and makes public marks.

Its rules exercise the GameScreen base without depending on any real game's table: a
draw reveals a hidden card (no undo past it), a mark is public and undoable, the turn
ends on a key. Its screen is reference_screen.py, the place to start for a new table.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import msgspec

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

HIDDEN = -1


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
