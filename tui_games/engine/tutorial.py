"""Guided first games: what a game's tutorial declares, and its replay through the rules.

A tutorial is data in the game's own folder (``games/<id>/tutorial.py``, named by its
GameInfo): a fixed seed, options and seats (the player against easy bots whose moves
follow from the seed), and one ``Step`` per decision of the player. A step says what to do
now and why, which of the legal actions count as doing it, the keys that do it (the Pilot
test presses them), and what the screen marks (a game's ``mark`` puts its cursor there).

``script`` replays a tutorial through the rules with the same bots the table runs (the
same random streams): it is how a test proves that every step can be done on its seed,
and exactly one way, so that the bots' answers, and so the next steps, never change.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from tui_games.engine.bots.base import BotFactory
from tui_games.engine.core import Action, GameState, Options, Rules
from tui_games.engine.session import Seat, Session
from tui_games.engine.text import fit


def bot_rng(seed: int, seat: int) -> random.Random:
    """A bot's own random stream, derived from the game seed (same game, same bot play).
    The table's bot runner uses the same one, so a tutorial's bots move as replayed here."""
    return random.Random(f"tui-games/{seed}/{seat}")


@dataclass(frozen=True)
class Step:
    """One decision of the guided player. ``said`` is what to do and why in the game's
    words, for every front end (the lines front end says it as it is); ``press`` is how
    the screen's keys do it, added after it on the screen only (``text``)."""

    said: str  # what to do now and why, in our own words: no key named
    accepts: Callable[[Action], bool]  # which legal action(s) count as doing it
    keys: tuple[str, ...] = ()  # the keys that do it once ``mark`` has run (Pilot tests)
    mark: Any = None  # what the screen marks: a game's own value, read by its ``mark``
    press: str = ""  # the screen's keys for it, in a sentence ("Enter plays it.")

    @property
    def text(self) -> str:
        """The step as the screen's guide shows it: the words, then the keys."""
        return f"{self.said} {self.press}".strip()


def only(action: Action) -> Callable[[Action], bool]:
    """A step's ``accepts`` for exactly this action."""
    return lambda tried: tried == action


NO_UNDO = "The guided game has no undo: each step builds on the one before."
"""What every front end says to an undo while the guide leads."""


@dataclass(frozen=True)
class Tutorial:
    """A guided first game: one fixed deal, the player in seat 0 against easy bots."""

    seed: int
    steps: tuple[Step, ...]
    bots: tuple[str, ...] = ("easy",)  # the other seats' bot levels, in seat order
    options: Mapping[str, str] = field(default_factory=dict)
    intro: str = ""  # shown with the first step
    farewell: str = ""  # shown once the last step is done: the game goes on unguided
    farewell_keys: str = ""  # the screen's keys for the game on from there (screen only)
    # mark(screen, step.mark): put the screen's cursor or highlight on what the step uses
    # (run by the guide on the game's screen; None: the step's text alone says it).
    mark: Callable[[Any, Any], None] | None = None
    # Action kinds a step explains but the script does not play, being the other choice
    # of a step (Nova beside Stop): class names, each named in a step's text.
    explained: tuple[str, ...] = ()

    @property
    def screen_farewell(self) -> str:
        """The farewell as the screen's guide shows it, with its keys."""
        return f"{self.farewell} {self.farewell_keys}".strip()

    @property
    def players(self) -> int:
        return 1 + len(self.bots)

    @property
    def game_options(self) -> Options:
        return dict(self.options)


class ScriptError(AssertionError):
    """A tutorial does not match its seed: a step has no, or more than one, action."""


def script(tutorial: Tutorial, rules: Rules[Any, Any],
           bots: Mapping[str, BotFactory]) -> tuple[GameState, list[tuple[int, Action]]]:
    """Replay ``tutorial``: the bots' moves and, at each step, the one legal action it
    accepts. Returns the final state and every (step index or -1 for a bot, action)."""
    state = rules.setup(tutorial.players, tutorial.seed, tutorial.game_options)
    players = {seat: bots[level](rules, bot_rng(tutorial.seed, seat))
               for seat, level in enumerate(tutorial.bots, start=1)}
    played: list[tuple[int, Action]] = []
    step = 0
    while step < len(tutorial.steps):
        mover = rules.to_move(state)
        if mover is None:
            raise ScriptError(f"the game ended before step {step + 1}")
        if mover != 0:
            action = players[mover].choose(rules.observe(state, mover), mover)
            played.append((-1, action))
        else:
            wanted = [a for a in rules.legal_actions(rules.observe(state, 0))
                      if tutorial.steps[step].accepts(a)]
            if len(wanted) != 1:
                raise ScriptError(f"step {step + 1} accepts {len(wanted)} legal actions: "
                                  f"{fit(tutorial.steps[step].text, 60)!r}")
            action = wanted[0]
            played.append((step, action))
            step += 1
        rules.apply(state, action)
    return state, played


def guided_session(rules: Rules[Any, Any], tutorial: Tutorial) -> Session:
    """The tutorial's fixed deal: you in seat 0, the easy bots after you."""
    seats = [Seat("You")] + [Seat(f"Bot {i}", level)
                             for i, level in enumerate(tutorial.bots, start=2)]
    return Session.new(rules, seats, tutorial.seed, tutorial.game_options)
