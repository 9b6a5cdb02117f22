"""The reference game screen: the smallest complete table, and the place to start.

A game's screen subclasses GameScreen (tui_games/tui/screens/game.py) and writes only
what is its own; everything else (the status line, the log, saving, undo, bots,
hot-seat hand-offs, hints, the game over) is the base's, held by name in its constructor
(``seats``, ``bots``, ``saves``, ``hints``, ``keys``). This one is Pulsar Pick's
(pulsar.py), used by the UI tests of the base; a card game starts from
tui_games/tui/screens/card_table.py instead.

The three hooks every table implements:

- ``compose_table``: its widgets. Text from outside (a seat's name) is never markup.
- ``refresh_table(view)``: fill them from ``view``, the viewer's observation (never
  the true state: a hidden card is not there to show).
- ``status_text(view)``: whose turn it is and what the keys do now.

A key's action finds its move and hands it to ``play`` (or ``attempt``, which says why
a move the rules refuse is refused). The hooks with defaults, overridden where a game
needs them: ``check_table_action`` (hide a key out of its phase), ``mark_hint`` (show a
hint on the table), ``keep_view`` (what a save keeps of a cursor). A game reads
``viewer``, ``view()``, ``mine()``, ``legal()``, ``remember`` and ``speak``.
"""

from __future__ import annotations

from typing import ClassVar

from pulsar import PulsarDraw, PulsarEnd, PulsarMark, PulsarState
from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from tui_games.engine.core import GameState
from tui_games.tui.screens.game import GameScreen


class PulsarScreen(GameScreen):
    """A minimal table: one line of text; d draws, m marks, e ends the turn."""

    # The game's keys; the base's shared keys (save, undo, rules, Esc, hint) come with
    # GameScreen's own BINDINGS, which Textual merges in.
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
        # play() refuses, with a sentence on the status line, a move that is not the
        # viewer's to make; the rules refuse an illegal one with theirs.
        self.play({"draw": PulsarDraw(), "mark": PulsarMark(), "end": PulsarEnd()}[what])
