"""The keys `tui-games bench` presses on this game's screen (its GameInfo.bench_keys)."""

from __future__ import annotations

from typing import Any

from tui_games.engine.session import Session
from tui_games.tools.keyscript import KeyScript, Planned


class Keys(KeyScript):
    """Pick a pile and back (t, esc), select and unselect a card (space twice), take the
    left pile and undo it (1, ctrl+z), draw (d), discard onto a pile (1 or 2)."""

    def plan(self, screen: Any) -> list[Planned]:
        """Keys for the phase the human is in."""
        from tui_games.games.nebular_colors.state import Discard, Take

        session = screen.session
        legal = session.rules.legal_actions(session.state)
        phase = session.state.phase
        if phase == "choose":
            steps: list[Planned] = []
            takes = [a for a in legal if isinstance(a, Take)]
            if len(takes) > 1:
                steps += [("t: choose a pile", "t", phase),
                          ("esc: back from the piles", "escape", phase)]
            elif takes:  # t takes the only pile that can be taken
                steps += [("t: take the pile", "t", phase),
                          ("ctrl+z: undo the take", "ctrl+z", "take_set")]
            steps += [("space: select a card", "space", phase),
                      ("space: unselect it", "space", phase)]
            if Take(pile=0) in legal:
                steps += [("1: take the left pile", "1", phase),
                          ("ctrl+z: undo the take", "ctrl+z", "take_set")]
            return [*steps, ("d: draw", "d", phase)]
        if phase == "discard":
            piles = sorted({a.pile for a in legal if isinstance(a, Discard)})
            pile = piles[0] if piles else 0
            return [(f"{pile + 1}: discard", str(pile + 1), phase)]
        if phase == "stop_or_nova":
            return [("S: stop", "S", phase)]
        if phase == "take_set" and session.can_undo():
            return [("ctrl+z: undo the take", "ctrl+z", phase)]
        return [("e: end turn (ends the turn)", "e", phase),
                ("e: end turn (confirm)", "e", phase)]

    def wanted(self, session: Session) -> bool:
        """A turn where the left pile can be taken (so 1 and t have work to do)."""
        from tui_games.games.nebular_colors.state import Take

        state = session.state
        return (state.phase == "choose"
                and Take(pile=0) in session.rules.legal_actions(state))


