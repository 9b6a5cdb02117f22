"""The Nebular Colors screen: its keys, on the table drawn by table.py.

The screen never decides what is legal: every key looks for the matching action in
GameScreen's ``legal()`` and, when there is none, lets ``why_not`` say why (the
``IllegalAction`` reason of trying it on a copy of the view, or that no meld is
possible). Which keys do what now is worked out without Textual in key_plan.py, and what
they answer in words in texts.py. The footer is asked to rebuild only when the set of
keys on offer changes.
"""

from __future__ import annotations

from typing import Any, Literal

from textual import events, on
from textual.binding import Binding

from tui_games.engine.core import Action, GameState
from tui_games.games.nebular_colors import key_plan, texts
from tui_games.games.nebular_colors.pile import SplayedPile
from tui_games.games.nebular_colors.rules import meld_problem
from tui_games.games.nebular_colors.state import (
    Discard,
    Draw,
    EndTurn,
    Meld,
    NCState,
    Nova,
    Stop,
    Take,
)
from tui_games.games.nebular_colors.summary import HandSummary
from tui_games.games.nebular_colors.table import NebularColorsTable
from tui_games.tui.screens.card_table import card_bindings

__all__ = ["HandSummary", "NebularColorsScreen"]  # the dialog between hands, as before


class NebularColorsScreen(NebularColorsTable, inherit_bindings=False):
    """Nebular Colors against a bot or hot-seat: keys d, t, 1/2, space, m, e, S, N."""

    OVER_TEXT = "The match is over."

    BINDINGS = card_bindings(
        Binding("d", "draw", "Draw"),
        Binding("t", "take", "Take"),
        Binding("1", "pile(0)", "Left"),
        Binding("2", "pile(1)", "Right"),
        Binding("enter", "confirm", "Discard"),
        Binding("m", "meld", "Meld"),
        Binding("e", "end_turn", "End turn"),
        Binding("S,shift+s", "stop", "Stop"),
        Binding("N,shift+n", "nova", "Nova"),
    )
    HAND_ACTIONS = (Meld, Discard)  # a hinted meld is selected, a discard has the cursor

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._picking: Literal["take", "discard"] | None = None
        self._end_warned = False
        self._keys_for: tuple[object, ...] = ()

    def _refresh_keys(self) -> None:
        """Ask the footer to re-check its keys only when the keys on offer can have changed
        (the phase, whose turn, choosing a pile, whether a meld is possible)."""
        mine = self.mine()
        state = (self.session.state.phase if mine else "", mine, self._picking,
                 self._can_meld, self._can_take)
        if state != self._keys_for:
            self._keys_for = state
            self.refresh_bindings()

    # ---- what to do now ----------------------------------------------------------------

    def status_text(self, view: GameState) -> str:
        """Whose turn it is and which keys do what right now."""
        assert isinstance(view, NCState)
        return texts.status_text(self.rules, view, self.viewer, self.names)

    def why_not(self, action: Action) -> str:
        """The base's reason, and one of this game's own: no meld is possible."""
        if isinstance(action, Meld) and self.mine() and self.session.state.phase == "meld" \
                and not self._can_meld:
            return texts.NO_MELD
        return super().why_not(action)

    def play(self, action: Action) -> bool:
        """A move played ends choosing a pile and the warning before ending a turn."""
        if self._picking is not None:
            self._stop_picking()
        self._end_warned = False
        return super().play(action)

    # ---- keys --------------------------------------------------------------------------

    def check_table_action(self, action: str,
                           parameters: tuple[object, ...]) -> bool | None:
        """Show a game key in the footer only in the phase where it does something."""
        if action not in key_plan.SHOWN_IN:
            return True
        return key_plan.key_shown(
            action, self.session.state.phase, mine=self.mine(),
            picking=self._picking is not None, can_meld=self._can_meld, can_take=self._can_take)

    def on_key(self, event: events.Key) -> None:
        """A game key pressed out of its phase (so not bound now) still gets an answer.

        Keys reach ``on_key`` before any binding runs, hence the check of the bindings.
        """
        action = key_plan.PHASE_KEYS.get(event.key)
        if action is None or event.key in self.active_bindings:
            return  # a binding takes it: ours in its phase, or a focused widget's (enter)
        event.stop()
        if action == "pile" and self.session.state.phase == "choose" and self.mine():
            self.action_pile(int(event.key) - 1)  # 1/2 take a pile at once (not in the footer)
            return
        if action == "take" and self.session.state.phase == "choose" and self.mine():
            self.action_take()  # says why neither pile can be taken
            return
        self.show_status(self.why_not(key_plan.PROBES[action]), error=True)

    def action_draw(self) -> None:
        """Draw 2 cards (or the last one)."""
        self.attempt(Draw())

    def action_take(self) -> None:
        """Take a pile: the only one that can be taken at once, else ask which (←→, 1/2)."""
        takes = key_plan.take_piles(self.legal())
        if not takes:
            self.show_status(texts.cannot_take([self.why_not(Take(pile=i)) for i in (0, 1)]),
                             error=True)
        elif len(takes) == 1:
            self.attempt(Take(pile=takes[0]))
        else:
            self._pick("take", takes)

    def action_pile(self, index: int) -> None:
        """The left (1) or right (2) pile: take it, or discard the card under the cursor."""
        if self.session.state.phase == "discard":
            card = self.hand.cursor_key
            if card is None:
                return
            self.attempt(Discard(card=card, pile=index))
        else:
            self.attempt(Take(pile=index))

    def action_confirm(self) -> None:
        """Enter: discard the card under the cursor (asking for a pile if both are open)."""
        if self.session.state.phase != "discard":
            return
        card = self.hand.cursor_key
        piles = key_plan.discard_piles(self.legal(), card)
        if card is None or not piles:
            self.show_status(self.why_not(Discard(card=card if card is not None else -1, pile=0)),
                             error=True)
        elif len(piles) == 1:
            self.attempt(Discard(card=card, pile=piles[0]))
        else:
            self._pick("discard", piles)

    def action_meld(self) -> None:
        """Meld the selected cards, if they make one of the legal melds."""
        chosen = set(self.hand.selection)
        if not self._can_meld and self.session.state.phase == "meld":
            self.show_status(self.why_not(Meld(cards=())), error=True)
            return
        if not chosen:
            self.show_status(texts.SELECT_FIRST, error=True)
            return
        meld = key_plan.chosen_meld(self.legal(), chosen)
        if meld is not None:
            self.attempt(meld)
            return
        problem = meld_problem(sorted(chosen))
        if problem:
            self.show_status(texts.not_a_meld(problem), error=True)
        else:
            self.show_status(self.why_not(Meld(cards=tuple(sorted(chosen)))), error=True)

    def action_end_turn(self) -> None:
        """End the turn; with pile cards still unmelded, press e twice (they become penalties)."""
        view = self.view()
        assert isinstance(view, NCState)
        if view.taken and not self._end_warned and EndTurn() in self.legal():
            self._end_warned = True
            self.show_status(texts.penalty_warning(view.taken), error=True)
            return
        self.attempt(EndTurn())

    def action_stop(self) -> None:
        """Stop: end the hand for 1 star fragment."""
        self.attempt(Stop())

    def action_nova(self) -> None:
        """Nova: play on, betting on 10 points before the opponent's 5."""
        self.attempt(Nova())

    # ---- choosing a pile ---------------------------------------------------------------

    def _pick(self, mode: Literal["take", "discard"], piles: list[int]) -> None:
        self._picking = mode
        for i in (0, 1):
            self.pile(i).disabled = i not in piles
        self.pile(piles[0]).focus()
        self._refresh_keys()
        self.show_status(texts.pick_prompt(mode == "take", self.hand.cursor_key))

    def _stop_picking(self) -> None:
        self._picking = None
        for i in (0, 1):
            self.pile(i).disabled = False
        self.hand.focus()
        self._refresh_keys()

    @on(SplayedPile.Chosen)
    def _pile_chosen(self, event: SplayedPile.Chosen) -> None:
        index = 0 if event.pile.id == "nc-pile-0" else 1
        self._stop_picking()
        self.action_pile(index)

    @on(SplayedPile.Cancelled)
    def _pile_cancelled(self, event: SplayedPile.Cancelled) -> None:
        self._stop_picking()
        self.show_status(self.status_text(self.view()))
