"""Comet Catch: a tiny card game that exercises every part of the Rules protocol.

It lets the engine tests (session, saves, conformance) run without depending on a real
game: hidden hands, a shuffled deck (draws reveal), turns of several decisions, options,
and an end. Each turn: draw at most once, play at most two cards face up, end the turn.
The game ends after ``turns`` turns or when a turn would start with an empty deck;
the highest total of played cards wins.
"""

from __future__ import annotations

import random
from typing import ClassVar

import msgspec

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
from tui_games.games import GameInfo

HIDDEN = -1


class CometState(GameState, kw_only=True):
    """Hands are hidden from the other seats; the deck from everyone."""

    deck: list[int] = msgspec.field(default_factory=list)
    hands: list[list[int]] = msgspec.field(default_factory=list)
    played: list[list[int]] = msgspec.field(default_factory=list)
    current: int = 0
    drawn: bool = False
    plays: int = 0
    turns: int = 8
    over: bool = False


class DrawComet(Action, frozen=True, tag="draw"):
    """Draw the top card of the deck."""


class PlayComet(Action, frozen=True, tag="play"):
    """Play a card from hand face up."""

    card: int


class EndComet(Action, frozen=True, tag="end"):
    """End the turn."""


CometAction = DrawComet | PlayComet | EndComet


class CometRules:
    """The Rules protocol for Comet Catch."""

    id: ClassVar[str] = "comet"
    title: ClassVar[str] = "Comet Catch"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    state_type: ClassVar[type] = CometState
    action_type: ClassVar[object] = CometAction
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("length", "Length", (("short", "Short"), ("long", "Long")), "short"),
    )

    def setup(self, players: int, seed: int, options: Options) -> CometState:
        rng = Rng.seeded(seed)
        deck = list(range(1, 19))
        rng.shuffle(deck)
        hands = [[deck.pop() for _ in range(3)] for _ in range(players)]
        turns = 8 if options.get("length", "short") == "short" else 14
        return CometState(players=players, rng=rng, deck=deck, hands=hands,
                          played=[[] for _ in range(players)], turns=turns)

    def to_move(self, s: CometState) -> int | None:
        return None if s.over else s.current

    def legal_actions(self, s: CometState) -> list[Action]:
        if s.over:
            return []
        actions: list[Action] = []
        if not s.drawn and s.deck:
            actions.append(DrawComet())
        if s.plays < 2:
            actions += [PlayComet(card) for card in sorted(s.hands[s.current])]
        actions.append(EndComet())
        return actions

    def apply(self, s: CometState, a: Action) -> None:
        if a not in self.legal_actions(s):
            raise IllegalAction(f"{self.describe(s, a)} is not possible now")
        me = s.current
        if isinstance(a, DrawComet):
            card = s.deck.pop()
            s.hands[me].append(card)
            s.drawn = True
            s.log.append(Event(f"seat {me} drew {card}", (me,), f"seat {me} drew a card"))
        elif isinstance(a, PlayComet):
            s.hands[me].remove(a.card)
            s.played[me].append(a.card)
            s.plays += 1
            s.log.append(Event(f"seat {me} played {a.card}"))
        else:
            s.turn += 1
            s.current = (me + 1) % s.players
            s.drawn, s.plays = False, 0
            s.over = s.turn >= s.turns or not s.deck

    def observe(self, s: CometState, player: int) -> CometState:
        view = msgspec.structs.replace(
            s, rng=Rng(),
            deck=[HIDDEN] * len(s.deck),
            hands=[list(h) if i == player else [HIDDEN] * len(h) for i, h in enumerate(s.hands)],
            played=[list(p) for p in s.played],
            log=list(s.log))
        return view

    def determinize(self, view: CometState, player: int, rng: random.Random) -> CometState:
        seen = set(view.hands[player]) | {c for pile in view.played for c in pile}
        unseen = [c for c in range(1, 19) if c not in seen]
        rng.shuffle(unseen)
        full = msgspec.structs.replace(view, rng=Rng.seeded(rng.getrandbits(64)))
        full.hands = [list(h) if i == player else [unseen.pop() for _ in h]
                      for i, h in enumerate(view.hands)]
        full.deck = [unseen.pop() for _ in view.deck]
        full.played = [list(p) for p in view.played]
        full.log = list(view.log)
        return full

    def outcome(self, s: CometState) -> Outcome | None:
        if not s.over:
            return None
        return Outcome.from_scores([sum(p) for p in s.played], "the comets are gone")

    def describe(self, s: CometState, a: Action) -> str:
        if isinstance(a, DrawComet):
            return "draw a card"
        if isinstance(a, PlayComet):
            return f"play {a.card}"
        return "end the turn"

    def reveals(self, s: CometState, a: Action) -> bool:
        return isinstance(a, DrawComet)


COMET = GameInfo(rules=CometRules(), screen="tests:none", bots={"easy": RandomBot})
GAMES = {"comet": COMET}
