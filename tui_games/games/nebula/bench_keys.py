"""The keys `tui-games bench` presses on this game's screen (its GameInfo.bench_keys)."""

from __future__ import annotations

from typing import Any

from tui_games.engine.session import Session
from tui_games.tools.keyscript import KeyScript, Planned


class Keys(KeyScript):
    """Collect: Chaos and back (c, esc), another marker and back (↓ ↑), a Time step, taken
    back once a turn (→ ←), the rest of the steps (→) and take (Enter); then keep,
    advance or place (space, Enter) and finish (f). The cursor keys (→ ←) are measured
    first, positioning stars (``wanted``), where they move over the Galaxy: after the
    script's keys the game is collecting, where → is a Time step (a phase key here)."""

    CURSOR_FIRST = True

    def __init__(self) -> None:
        super().__init__()
        self._backed: set[int] = set()  # the turns whose first step was taken back

    def plan(self, screen: Any) -> list[Planned]:
        """Keys for the phase the human is in."""
        from tui_games.games.nebula.state import (
            PositionBlackStar,
            PositionStar,
            StepTime,
            TakeStars,
            TurnToChaos,
        )

        session = screen.session
        state = session.state
        phase = state.phase
        legal = session.rules.legal_actions(state)
        if phase in ("collect", "time"):
            steps: list[Planned] = []
            if phase == "collect" and any(isinstance(a, TurnToChaos) for a in legal):
                steps += [("c: turn to Chaos (choose)", "c", phase),
                          ("esc: back from Chaos", "escape", phase)]
            if phase == "collect":
                steps += [("down: next marker", "down", phase),
                          ("up: marker back", "up", phase)]
            if TakeStars() in legal:
                return [*steps, ("enter: take the stars", "enter", phase)]
            if StepTime(screen.clusters.selected, 1) not in legal:
                return [*steps, ("down: next marker", "down", phase)]
            steps.append(("right: a Time step", "right", phase))
            if session.turn not in self._backed:
                self._backed.add(session.turn)
                steps.append(("left: take the step back", "left", "time"))
            return steps
        if phase == "place":
            if not any(isinstance(a, (PositionStar, PositionBlackStar)) for a in legal):
                return [("f: finish (ends the turn)", "f", phase)]
            return [("space: next star", "space", phase), ("enter: place a star", "enter", phase)]
        names = {"chaos": "keep a star", "value": "advance a value", "personal": "keep one"}
        return [(f"enter: {names.get(phase, phase)}", "enter", phase)]

    def wanted(self, session: Session) -> bool:
        """Positioning stars: the cursor key moves over the Galaxy, as players use it."""
        return session.state.phase == "place"


